#!/usr/bin/env python3
"""Rewrites the #include lines of the given files to app/core's folders (issue 22).

    tools/fix-core-includes.py FILE...        rewrite in place, print what changed
    tools/fix-core-includes.py --check FILE...  only print; exit 1 when something would change

Reads tools/core-moves.txt ("old-path new-path", paths from the repository root). An include
"core/rc-x.h" (or "boot/rc-x.h" for a file that moved out of boot) becomes the file's new path
below app/; a bare "rc-x.h" is resolved against the including file's old folder, so a file added
to the flat app/core on another branch gets the same rewrite as the files that moved here. A new
file itself is placed by hand (git mv into its folder, then a line in app/core/<folder>/meson.build).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = re.compile(r'^(\s*#\s*include\s+")([^"]+)(".*)$')


def load_moves():
    moves = {}
    with open(os.path.join(ROOT, 'tools', 'core-moves.txt'), encoding='utf-8') as fp:
        for number, line in enumerate(fp, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            parts = line.split()
            if len(parts) != 2:
                sys.exit(f'tools/core-moves.txt:{number}: expected "old-path new-path", got {line!r}')
            moves[parts[0]] = parts[1]
    return moves


def below_app(path):
    return path[len('app/'):] if path.startswith('app/') else path


def rewrite(path, moves, new_to_old):
    rel = os.path.relpath(os.path.abspath(path), ROOT)
    old_dir = os.path.dirname(new_to_old.get(rel, rel))
    changes = []
    out = []
    with open(path, encoding='utf-8') as fp:
        lines = fp.readlines()
    for number, line in enumerate(lines, 1):
        m = INCLUDE.match(line)
        if m:
            name = m.group(2)
            candidates = ['app/' + name]
            if '/' not in name:
                candidates.insert(0, os.path.join(old_dir, name))
            for old in candidates:
                if old in moves:
                    new = below_app(moves[old])
                    if new != name:
                        line = f'{m.group(1)}{new}{m.group(3)}\n'
                        changes.append(f'{rel}:{number}: "{name}" -> "{new}"')
                    break
        out.append(line)
    return out, changes


def main(argv):
    check = '--check' in argv
    paths = [a for a in argv if a != '--check']
    if not paths:
        sys.exit(__doc__)
    moves = load_moves()
    new_to_old = {new: old for old, new in moves.items()}
    changed = False
    for path in paths:
        out, changes = rewrite(path, moves, new_to_old)
        for c in changes:
            print(c)
        if changes:
            changed = True
            if not check:
                with open(path, 'w', encoding='utf-8') as fp:
                    fp.writelines(out)
    return 1 if check and changed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
