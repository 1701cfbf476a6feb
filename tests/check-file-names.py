#!/usr/bin/env python3
"""Every rc-*.c/.h/.ui/.js file a comment, a doc or a build file names exists.

Files move (app/core went into folders; the engine's WebKit parts became RcWebKitBrowser) and
a comment that still names the old file sends a reader nowhere. Reads the tree's sources and
docs; prints FILE:LINE: NAME for each name no file in the tree has, and exits 1.

    tests/check-file-names.py SOURCE_ROOT
    tests/check-file-names.py --self-test
"""
import os
import re
import sys

NAME = re.compile(r'\b(rc-[a-z0-9-]+\.(?:c|h|ui|js))\b')
# Built, not in the tree.
GENERATED = {'rc-core-enums.c', 'rc-core-enums.h', 'rc-resources.c', 'rc-resources.h'}
# Made-up names that stand for any file: the docs' "rc-x.h" and the include check's self-test.
EXAMPLES = {'rc-x.h', 'rc-x.c', 'rc-thing.c', 'rc-thing.h', 'rc-thing-private.h',
            'rc-thing-part.c'}
SKIP = {os.path.join('tests', 'check-includes.py')}  # its self-test tree is made up
TOPS = ('app', 'tests', 'bench', 'docs', 'tools', 'data', 'ui', 'help')
SUFFIXES = ('.c', '.h', '.md', '.py', '.sh', '.build', '.js', '.ui', '.page', '.xml', '.in')


def tree_files(root):
    for top in TOPS:
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(d for d in dirs if d not in ('fixtures', 'corpus')
                             and not d.startswith(('.', '_')))
            for f in sorted(files):
                yield os.path.relpath(os.path.join(folder, f), root)


def check(root, files):
    have = {os.path.basename(f) for f in files} | GENERATED | EXAMPLES
    out = []
    for rel in files:
        if rel in SKIP or not rel.endswith(SUFFIXES):
            continue
        try:
            with open(os.path.join(root, rel), encoding='utf-8') as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue
        for m in NAME.finditer(text):
            if m.group(1) not in have:
                line = text.count('\n', 0, m.start()) + 1
                out.append(f'{rel}:{line}: names {m.group(1)}, which is not in the tree '
                           '(the file moved or was renamed: name the one that holds it now)')
    return out


def self_test():
    import tempfile
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, 'app', 'boot'))
        with open(os.path.join(root, 'app', 'boot', 'rc-engine.c'), 'w') as f:
            f.write('/* the view moved to rc-webkit-browser.c; see rc-engine.c */\n')
        problems = check(root, list(tree_files(root)))
        assert problems == ['app/boot/rc-engine.c:1: names rc-webkit-browser.c, which is not in '
                            'the tree (the file moved or was renamed: name the one that holds it '
                            'now)'], problems
    print('check-file-names: self-test passed')


def main():
    if sys.argv[1:] == ['--self-test']:
        self_test()
        return 0
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = sys.argv[1]
    problems = check(root, list(tree_files(root)))
    for p in problems:
        print(p)
    if problems:
        return 1
    print('file names: every rc-* file named in the tree exists')
    return 0


if __name__ == '__main__':
    sys.exit(main())
