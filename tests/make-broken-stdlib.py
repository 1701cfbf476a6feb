#!/usr/bin/env python3
"""Write a Pyodide python_stdlib.zip without tokenize.py, for the interpreter-fault tests.

  make-broken-stdlib.py GOOD_ZIP DEST_ZIP

Pyodide's own bootstrap (_pyodide._base imports tokenize) then fails inside the interpreter
while every file is served whole: what the engine's rare faults look like to the console
(app/boot/rc-engine-fault.c).
"""
import sys
import zipfile


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with zipfile.ZipFile(argv[1]) as good, \
            zipfile.ZipFile(argv[2], 'w', zipfile.ZIP_DEFLATED) as broken:
        for info in good.infolist():
            if info.filename != 'tokenize.py':
                broken.writestr(info, good.read(info))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
