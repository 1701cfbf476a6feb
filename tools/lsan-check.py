#!/usr/bin/env python3
"""The sanitizer reports of a run, read after it: what fails it and what is a known leak.

tools/sanitize.sh --engines runs its tests with LeakSanitizer writing to files
(log_path) instead of failing each process at exit, because two third-party leaks there
cannot be suppressed by name: their stacks stop at the library's first frame (Debian builds
GLib and Mesa without frame pointers, and the slow unwinder deadlocks in JavaScriptCore's
threads), and a suppression that names g_malloc would hide every leak of ours too. Each is
named in tests/lsan.supp on a line

    #known: BYTES OBJECTS FRAME [FRAME ...]   (why, in the comment above it)

and is accepted only when a report's leak has exactly that size, that object count and that
whole stack (frame names, top first; ? for a frame of an unknown module). Anything else, a
leak of ours, an AddressSanitizer error, a UBSan report, is printed whole and fails.

    tools/lsan-check.py SUPPRESSIONS LOG_DIR
    tools/lsan-check.py --self-test

Exit status: 0 no report but known leaks, 1 a report that fails, 2 could not run.
"""
import os
import re
import sys
import tempfile

LEAK = re.compile(r'^(Direct|Indirect) leak of (\d+) byte\(s\) in (\d+) object\(s\) allocated from:$')
FRAME = re.compile(r'^\s+#\d+ 0x[0-9a-f]+ (?:in (\S+)|\s*\((.*)\))')
ERROR = re.compile(r'ERROR: AddressSanitizer|runtime error:|ERROR: UndefinedBehaviorSanitizer')
# what a report of leaks alone is made of; any other line (LeakSanitizer's own fatal error, a
# tracer that crashed) means the check did not run to its end
PLAIN = re.compile(r'^(=+|==\d+==ERROR: LeakSanitizer: detected memory leaks|'
                   r'SUMMARY: AddressSanitizer: \d+ byte\(s\) leaked in \d+ allocation\(s\)\.)?$')


def read_known(path):
    known = []
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            if not line.startswith('#known:'):
                continue
            words = line[len('#known:'):].split()
            if len(words) < 3 or not words[0].isdigit() or not words[1].isdigit():
                raise ValueError('%s:%d: #known: needs BYTES OBJECTS FRAME...' % (path, number))
            known.append((int(words[0]), int(words[1]), tuple(words[2:])))
    return known


def frame_name(line):
    m = FRAME.match(line)
    if m is None:
        return None
    if m.group(1) is not None:
        return m.group(1)
    where = m.group(2)
    return '?' if where.startswith('<unknown module>') else os.path.basename(where.split('+')[0])


def leaks(text):
    """(bytes, objects, frames, block text) for each leak of a report."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = LEAK.match(lines[i])
        if m is None:
            i += 1
            continue
        block = [lines[i]]
        frames = []
        i += 1
        while i < len(lines) and lines[i].strip():
            block.append(lines[i])
            name = frame_name(lines[i])
            if name is not None:
                frames.append(name)
            i += 1
        yield int(m.group(2)), int(m.group(3)), tuple(frames), '\n'.join(block)


def report_only_leaks(text):
    """Every line is a leak block's or the report's frame: nothing else happened."""
    in_block = False
    for line in text.splitlines():
        if LEAK.match(line):
            in_block = True
        elif not line.strip():
            in_block = False
        elif not in_block and not PLAIN.match(line):
            return False
    return True


def check(known, texts):
    """(accepted count, failures): failures are (file, text) to print."""
    accepted = 0
    failures = []
    for name, text in texts:
        if ERROR.search(text) or not report_only_leaks(text):
            failures.append((name, text))
            continue
        for size, objects, frames, block in leaks(text):
            if (size, objects, frames) in known:
                accepted += 1
            else:
                failures.append((name, block))
    return accepted, failures


def self_test():
    quark = ('Direct leak of 16384 byte(s) in 1 object(s) allocated from:\n'
             '    #0 0x7f4d476b89cf in __interceptor_malloc ../src/asan_malloc_linux.cpp:69\n'
             '    #1 0x7f4d47dbb658 in g_malloc (/lib/x86_64-linux-gnu/libglib-2.0.so.0+0x5a658)\n')
    mesa = ('Direct leak of 128 byte(s) in 1 object(s) allocated from:\n'
            '    #0 0x7f4d476b78d5 in __interceptor_realloc ../src/asan_malloc_linux.cpp:85\n'
            '    #1 0x7f4d324bfed5  (<unknown module>)\n')
    ours = ('Direct leak of 16384 byte(s) in 1 object(s) allocated from:\n'
            '    #0 0x7f4d476b89cf in __interceptor_malloc ../src/asan_malloc_linux.cpp:69\n'
            '    #1 0x7f4d47dbb658 in g_malloc (/lib/x86_64-linux-gnu/libglib-2.0.so.0+0x5a658)\n'
            '    #2 0x55d0c1a2b3c4 in step_row ../app/ui/rc-run-tables.c:95\n')
    asan = '==1==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010\n'
    framed = ('\n=================================================================\n'
              '==17130==ERROR: LeakSanitizer: detected memory leaks\n\n' + quark + '\n'
              'SUMMARY: AddressSanitizer: 16384 byte(s) leaked in 1 allocation(s).\n')
    tracer = ('Tracer caught signal 11: addr=0x8580 pc=0x7fcf132e80f0 sp=0x7fceec3fbd10\n'
              '==26703==LeakSanitizer has encountered a fatal error.\n')
    with tempfile.TemporaryDirectory() as tmp:
        supp = os.path.join(tmp, 'lsan.supp')
        with open(supp, 'w') as f:
            f.write('# why\n#known: 16384 1 __interceptor_malloc g_malloc\n'
                    '#known: 128 1 __interceptor_realloc ?\nleak:libfontconfig.so\n')
        known = read_known(supp)
    cases = [
        ('the two known leaks pass', [('a', quark + '\n' + mesa)], 2, 0),
        ('a longer stack through our code fails', [('a', ours)], 0, 1),
        ('another size fails', [('a', quark.replace('16384', '16385'))], 0, 1),
        ('two objects fail', [('a', quark.replace('in 1 object', 'in 2 object'))], 0, 1),
        ('an AddressSanitizer error fails', [('a', asan + quark)], 0, 1),
        ('each file on its own', [('a', quark), ('b', ours), ('c', mesa)], 2, 1),
        ('a whole report of known leaks passes', [('a', framed)], 1, 0),
        ('LeakSanitizer failing on its own fails', [('a', tracer)], 0, 1),
    ]
    failed = 0
    for what, texts, want_accepted, want_failures in cases:
        accepted, failures = check(known, texts)
        ok = accepted == want_accepted and len(failures) == want_failures
        failed += not ok
        print('%s - %s' % ('ok' if ok else 'not ok', what))
    try:
        with tempfile.NamedTemporaryFile('w', suffix='.supp', delete=False) as f:
            f.write('#known: 16384 g_malloc\n')
        read_known(f.name)
        print('not ok - a malformed #known: line is refused')
        failed += 1
    except ValueError as e:
        print('ok - a malformed #known: line is refused (%s)' % e)
    finally:
        os.unlink(f.name)
    return 1 if failed else 0


def main(argv):
    if argv[1:] == ['--self-test']:
        return self_test()
    if len(argv) != 3:
        print('usage: tools/lsan-check.py SUPPRESSIONS LOG_DIR | --self-test', file=sys.stderr)
        return 2
    try:
        known = read_known(argv[1])
        names = sorted(os.listdir(argv[2]))  # a missing folder is a mistake, not a pass
        texts = []
        for name in names:
            with open(os.path.join(argv[2], name), encoding='utf-8', errors='replace') as f:
                texts.append((name, f.read()))
    except (OSError, ValueError) as e:
        print('lsan-check: %s' % e, file=sys.stderr)
        return 2
    accepted, failures = check(known, texts)
    for name, text in failures:
        print('%s:\n%s\n' % (os.path.join(argv[2], name), text))
    print('lsan-check: %d report file(s), %d known third-party leak(s) accepted, %d failing'
          % (len(texts), accepted, len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
