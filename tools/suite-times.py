#!/usr/bin/env python3
"""Where a test run's time went, from meson's log of it.

    tools/suite-times.py [LOG]      LOG: a meson testlog.json (default _build/meson-logs/testlog.json)
    tools/suite-times.py --self-test

Prints the run's wall time (first start to last end), the time of each suite (a test in
two suites, boot+cli, is counted under its first), and the slowest tests with when each
started, so a run's per-suite figures can go into a note as they are. Tests that ran at
the same time overlap: the suites' times add up to more than the wall time when they did.
"""
import json
import sys


def load(lines):
    tests = []
    for line in lines:
        line = line.strip()
        if not line:
            continue
        t = json.loads(line)
        project_suite, _, name = t["name"].partition(" / ")
        suite = project_suite.split(":", 1)[-1].split("+")[0]
        tests.append({"name": name, "suite": suite, "start": t["starttime"],
                      "duration": t["duration"], "result": t["result"]})
    return tests


def report(tests, top=15):
    if not tests:
        return ["no tests in the log"]
    first = min(t["start"] for t in tests)
    wall = max(t["start"] + t["duration"] for t in tests) - first
    suites = {}
    for t in tests:
        suites[t["suite"]] = suites.get(t["suite"], 0.0) + t["duration"]
    failed = [t["name"] for t in tests if t["result"] not in ("OK", "EXPECTEDFAIL")]
    out = [f"wall {wall:.0f} s ({wall / 60:.1f} min), {len(tests)} tests"
           + (f", not OK: {', '.join(failed)}" if failed else ", all OK")]
    out.append("suites (s, summed over their tests):")
    for suite, seconds in sorted(suites.items(), key=lambda kv: -kv[1]):
        out.append(f"  {suite:10} {seconds:7.1f}")
    out.append(f"slowest {min(top, len(tests))} tests (s; started at s):")
    for t in sorted(tests, key=lambda t: -t["duration"])[:top]:
        out.append(f"  {t['duration']:7.1f}  {t['name']:28} at {t['start'] - first:6.0f}")
    return out


def self_test():
    log = [
        json.dumps({"name": "rc:core / a", "starttime": 100.0, "duration": 2.0, "result": "OK"}),
        json.dumps({"name": "rc:boot+cli / b", "starttime": 101.0, "duration": 10.0,
                    "result": "OK"}),
        "",
        json.dumps({"name": "rc:boot / c", "starttime": 111.0, "duration": 4.5, "result": "FAIL"}),
    ]
    lines = report(load(log), top=2)
    want = [
        "wall 16 s (0.3 min), 3 tests, not OK: c",
        "suites (s, summed over their tests):",
        "  boot          14.5",
        "  core           2.0",
        "slowest 2 tests (s; started at s):",
        "     10.0  b                            at      1",
        "      4.5  c                            at     11",
    ]
    if lines != want:
        print("\n".join(["got:"] + lines + ["want:"] + want))
        return 1
    print("suite-times self-test: ok")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) > 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    path = argv[1] if len(argv) == 2 else "_build/meson-logs/testlog.json"
    try:
        with open(path, encoding="utf-8") as f:
            tests = load(f)
    except (OSError, ValueError, KeyError) as e:
        print(f"suite-times: {path}: {e}", file=sys.stderr)
        return 2
    print("\n".join(report(tests)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
