#!/usr/bin/env python3
"""The include direction of the tree (issue 22; docs/architecture.md draws it).

    tests/check-includes.py SOURCE_ROOT    check app/, tests/ and bench/; exit 1 on a breach
    tests/check-includes.py --self-test     check that a bad tree is refused, with the messages

Rules, read from the #include "…" lines only:
  1. layers: core <- serve <- boot <- ui <- cli (main.c above all); a layer never includes a
     higher one;
  2. inside core, a folder includes only itself and the folders CORE_DEPENDS lets it use (and what
     those use in turn);
  3. no circle between files of one folder (file = a .c and its .h), unless the files are one
     class split over its -private.h (rc-community-*.c behind rc-community-private.h);
  4. an include names an existing file by its folder ("core/record/rc-run-record.h"): a flat
     "core/rc-x.h" or a bare "rc-x.h" of another folder is stale.
"""
import os
import re
import sys
import tempfile

LAYERS = ['core', 'serve', 'boot', 'ui', 'cli']
# Each core folder and the folders it includes directly (app/core/*/meson.build says the same).
CORE_DEPENDS = {
    'base': [],
    'config': ['base'],
    'model': ['base', 'config'],
    'policy': ['base'],
    'record': ['base'],
    'analysis': ['record', 'policy'],
    'measurement': ['analysis', 'policy', 'record'],
    'chart': ['measurement'],
    'export': ['chart', 'model'],
    'seal': ['config'],
    'plan': ['model', 'record', 'analysis', 'policy'],
    'advice': ['measurement', 'model'],
}
# Circles known and left for later, each with its reason: a circle is accepted only while its
# files stay within one entry, and an entry that no longer matches is reported (remove it).
KNOWN_CIRCLES = {
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCE = re.compile(r'\.(c|h)$')


def closure(deps):
    out = {}
    for name in deps:
        seen, todo = set(), list(deps[name])
        while todo:
            d = todo.pop()
            if d not in seen:
                seen.add(d)
                todo.extend(deps.get(d, []))
        out[name] = seen | {name}
    return out


def sources(root):
    for top in ('app', 'tests', 'bench'):
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(d for d in dirs if d != 'fixtures' and not d.startswith('.'))
            for f in sorted(files):
                if SOURCE.search(f):
                    yield os.path.relpath(os.path.join(folder, f), root)


def place(rel):
    """(layer, core folder) of a path below app/, or (None, None) outside app/."""
    parts = rel.split('/')
    if parts[0] != 'app':
        return None, None
    if len(parts) == 2:
        return 'main', None
    layer = parts[1]
    folder = parts[2] if layer == 'core' and len(parts) > 3 else None
    return layer, folder


def unit(rel):
    return re.sub(r'\.(c|h)$', '', rel)


def resolve(root, rel, name, basenames):
    """The included file's path from the root, None for a generated or system header, or an
    error string for a stale include."""
    here = os.path.dirname(rel)
    if '/' in name:
        path = os.path.normpath(os.path.join('app', name))
        if os.path.exists(os.path.join(root, path)):
            return path
        same = os.path.normpath(os.path.join(here, name))
        if os.path.exists(os.path.join(root, same)):
            return same
        if name.split('/')[0] in LAYERS:
            return f'no such file app/{name}' + hint(name, basenames)
        return None
    same = os.path.join(here, name)
    if os.path.exists(os.path.join(root, same)):
        return same
    if rel.startswith('app/') and name in basenames:
        return f'"{name}" is not in {here}/' + hint(name, basenames)
    return None


def hint(name, basenames):
    where = basenames.get(os.path.basename(name))
    return f'; it is {where[len("app/"):]!r} now' if where else ''


def check(root, known=None):
    allowed = closure(CORE_DEPENDS)
    files = list(sources(root))
    basenames = {}
    for f in files:
        if f.startswith('app/'):
            basenames.setdefault(os.path.basename(f), f)
    problems = []
    edges = {}  # unit -> {unit: (file, line, name)}, same folder only
    private_of = {}  # unit -> class prefix when it includes its class's -private.h
    for rel in files:
        layer, folder = place(rel)
        with open(os.path.join(root, rel), encoding='utf-8', errors='replace') as fp:
            lines = fp.readlines()
        for number, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            name = m.group(1)
            target = resolve(root, rel, name, basenames)
            where = f'{rel}:{number}: includes "{name}"'
            if target is None:
                continue
            if not target.startswith(('app/', 'tests/', 'bench/')):
                problems.append(f'{where}: {target} (rule 4: name the file by its folder)')
                continue
            tlayer, tfolder = place(target)
            if layer in LAYERS and tlayer in LAYERS and LAYERS.index(tlayer) > LAYERS.index(layer):
                problems.append(f'{where}: app/{layer} is below app/{tlayer} '
                                f'(rule 1: {" <- ".join(LAYERS)})')
                continue
            if layer == 'core' and tlayer == 'core' and folder and tfolder:
                if folder not in allowed:
                    problems.append(f'{where}: core/{folder} is no known folder (rule 2: add it to '
                                    'CORE_DEPENDS in tests/check-includes.py and to docs/architecture.md)')
                elif tfolder not in allowed[folder]:
                    uses = ', '.join(sorted(allowed[folder] - {folder})) or 'no other folder'
                    problems.append(f'{where}: core/{folder} may use {uses}, not core/{tfolder} '
                                    '(rule 2: a lower folder never includes a higher one)')
            if target.endswith('-private.h') and os.path.dirname(target) == os.path.dirname(rel):
                prefix = os.path.basename(target)[: -len('private.h')]
                if os.path.basename(rel).startswith(prefix):
                    private_of[unit(rel)] = prefix
            if os.path.dirname(target) == os.path.dirname(rel) and unit(target) != unit(rel):
                edges.setdefault(unit(rel), {}).setdefault(unit(target), (rel, number, name))
    problems.extend(circles(edges, private_of, known))
    return problems


def circles(edges, private_of, known=None):
    """Rule 3: every strongly connected set of two or more units, reported by one cycle."""
    def group(u):
        # a class split over -private.h counts as one unit: its parts may include each other
        prefix = private_of.get(u)
        if prefix is None and (u + '-').rsplit('/', 1)[-1] in private_of.values():
            prefix = (u + '-').rsplit('/', 1)[-1]
        return os.path.join(os.path.dirname(u), prefix + '*') if prefix else u

    graph = {}
    for a, targets in edges.items():
        for b, at in targets.items():
            ga, gb = group(a), group(b)
            if ga != gb and not b.endswith('-private'):
                graph.setdefault(ga, {}).setdefault(gb, at)
    index, low, stack, on, sccs = {}, {}, [], set(), []

    def strong(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                sccs.append(sorted(scc))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            strong(v)
    known = KNOWN_CIRCLES if known is None else known
    used = set()
    out = []
    for scc in sccs:
        members = set(scc)
        folder = os.path.dirname(scc[0])
        names = {os.path.basename(u) for u in scc}
        if folder in known and names <= set(known[folder][0]):
            used.add(folder)
            continue
        steps = []
        for a in scc:
            for b, (rel, number, name) in sorted(graph.get(a, {}).items()):
                if b in members:
                    steps.append(f'{rel}:{number} includes "{name}"')
        names = ', '.join(os.path.basename(u) for u in scc)
        out.append(f'{os.path.dirname(scc[0])}: circle between {names} (rule 3: one direction '
                   'inside a folder; move what both need below them, or a dispatcher above): '
                   + '; '.join(steps))
    for folder in sorted(set(known) - used):
        if any(os.path.dirname(u) == folder for u in edges):
            out.append(f'{folder}: KNOWN_CIRCLES lists a circle that is gone '
                       '(remove its entry from tests/check-includes.py)')
    return out


SELF_TEST_TREE = {
    'app/core/base/rc-low.h': '#include "core/chart/rc-high.h"\n',
    'app/core/base/rc-low.c': '#include "core/base/rc-low.h"\n',
    'app/core/chart/rc-high.h': '#include "core/base/rc-low.h"\n',
    'app/core/chart/rc-ping.c': '#include "core/chart/rc-ping.h"\n#include "core/chart/rc-pong.h"\n',
    'app/core/chart/rc-ping.h': '',
    'app/core/chart/rc-pong.c': '#include "core/chart/rc-pong.h"\n#include "core/chart/rc-ping.h"\n',
    'app/core/chart/rc-pong.h': '',
    'app/core/model/rc-thing.c': '#include "core/model/rc-thing-private.h"\n',
    'app/core/model/rc-thing-part.c': '#include "core/model/rc-thing-private.h"\n',
    'app/core/model/rc-thing-private.h': '#include "core/model/rc-thing.h"\n',
    'app/core/model/rc-thing.h': '',
    'app/core/model/rc-stale.c': '#include "core/rc-thing.h"\n#include "rc-high.h"\n',
    'app/serve/rc-server.c': '#include "ui/rc-window.h"\n#include "config.h"\n',
    'app/ui/rc-window.h': '#include "core/plan/rc-boot-plan.h"\n',
    'app/core/plan/rc-boot-plan.h': '#include "core/measurement/rc-measurement.h"\n',
    'app/core/measurement/rc-measurement.h': '',
}
SELF_TEST_EXPECT = [
    'app/core/base/rc-low.h:1: includes "core/chart/rc-high.h": core/base may use no other folder, not core/chart',
    'circle between rc-ping, rc-pong',
    'app/core/model/rc-stale.c:1: includes "core/rc-thing.h": no such file app/core/rc-thing.h; it is \'core/model/rc-thing.h\' now',
    'app/core/model/rc-stale.c:2: includes "rc-high.h": "rc-high.h" is not in app/core/model/',
    'app/serve/rc-server.c:1: includes "ui/rc-window.h": app/serve is below app/ui',
    'app/core/plan/rc-boot-plan.h:1: includes "core/measurement/rc-measurement.h": core/plan may use',
    'app/core/model: KNOWN_CIRCLES lists a circle that is gone',
]
SELF_TEST_COUNT = 7  # and nothing about rc-thing's parts, config.h or the ui's include of plan


def self_test():
    with tempfile.TemporaryDirectory() as root:
        for path, text in SELF_TEST_TREE.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), 'w', encoding='utf-8') as fp:
                fp.write(text)
        problems = check(root, known={'app/core/model': (['rc-gone'], 'self-test')})
    failed = False
    for want in SELF_TEST_EXPECT:
        if not any(want in p for p in problems):
            print(f'self-test: not reported: {want}')
            failed = True
    if len(problems) != SELF_TEST_COUNT:
        print(f'self-test: {len(problems)} reports, expected {SELF_TEST_COUNT}:')
        failed = True
    for p in problems:
        print(f'  {p}')
    print('self-test: ' + ('FAILED' if failed else 'the bad tree is refused as expected'))
    return 1 if failed else 0


def main(argv):
    if argv == ['--self-test']:
        return self_test()
    if len(argv) != 1:
        sys.exit(__doc__)
    problems = check(argv[0])
    for p in problems:
        print(p)
    print(f'{len(problems)} include problem(s)' if problems else
          'includes: one direction (layers, core folders, no circle inside a folder)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
