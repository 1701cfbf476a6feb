#!/bin/sh
# `runtime-console history` (issue 14): entries kept in RC_HISTORY_DIR (never in the community
# folder), listed oldest first with a planted regression marked (exit 1), history:DIR@N in
# compare, and bundle taking the latest entry without --report.
# Usage: test-cli-history.sh RUNTIME_CONSOLE SOURCE_DIR
set -u
rc="$1"
src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export RC_HISTORY_DIR="$tmp/history"
failures=0
n=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
fail () { n=$((n + 1)); failures=$((failures + 1)); echo "not ok $n - $1"; }
check () { if eval "$2"; then ok "$1"; else fail "$1"; fi; }

cp -r "$src/data/examples/demo" "$tmp/demo"
before=$(find "$tmp/demo" -printf '%p %s %T@\n' | sort)
a="$src/tests/fixtures/charts/demo-report.json"
# The same report a day later with the interpreter step 3 s slower in every run.
python3 - "$a" "$tmp/slow.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["created"] = "2026-12-01T09:30:00Z"
for run in d["runs"]:
    run["boot_ms"] += 3000
    for step in run["steps"]:
        if step["phase"] == "loading_runtime":
            step["end_ms"] += 3000
        elif step["start_ms"] is not None:
            step["start_ms"] += 3000
            step["end_ms"] += 3000
json.dump(d, open(sys.argv[2], "w"))
PY
python3 - "$a" "$tmp/b.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["created"] = "2026-11-30T09:30:00Z"
json.dump(d, open(sys.argv[2], "w"))
PY

"$rc" history "$tmp/demo" >"$tmp/out" 2>"$tmp/err"; status=$?
check "an empty history lists nothing (exit 0)" "[ $status -eq 0 ] && grep -q '0 measurements' '$tmp/out'"
"$rc" bundle "$tmp/demo" -o "$tmp/none.zip" >"$tmp/out" 2>"$tmp/err"; status=$?
check "bundle without --report and no history exits 2" "[ $status -eq 2 ] && grep -q 'run measure first' '$tmp/err'"

# Added newest first: listed by when they were measured.
"$rc" history "$tmp/demo" --add "$tmp/slow.json" --add "$a" --add "$tmp/b.json" >"$tmp/out" 2>"$tmp/err"; status=$?
check "a planted regression in the latest entry exits 1" "[ $status -eq 1 ]"
check "three entries in RC_HISTORY_DIR" "grep -q '3 measurements in $RC_HISTORY_DIR/demo-' '$tmp/out'"
check "oldest first" "grep -n '^  #' '$tmp/out' | sed -n 1p | grep -q '#1   2026-11-29T09:30:00Z'"
check "the third is 2026-12-01 and marked" "grep '^  #3 ' '$tmp/out' | grep -q '2026-12-01T09:30:00Z.*cold .* s (3 runs).*  \\*\$'"
check "the regression names the step, median and band" \
  "grep -qE '^      REGRESSION cold loading_runtime: median [0-9.]+ s, outside the band [0-9.]+–[0-9.]+ s \\(2 earlier entries' '$tmp/out'"
check "the key line names its parts" "grep -q '^  key [0-9a-f]\\{12\\}: config.yaml 4f0c2b1a9e8d, Pyodide 0.29.5, WebKitGTK 2.50.6, policy nemarlike' '$tmp/out'"
check "entries 1 and 2 are not marked" "! grep -qE '^  #[12] .*\\*\$' '$tmp/out'"
"$rc" history --json "$tmp/demo" >"$tmp/json" 2>/dev/null
check "--json: entries and marks" "python3 - '$tmp/json' <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
e = d['entries']
assert [x['number'] for x in e] == [1, 2, 3], e
assert e[0]['marks'] == [] and e[1]['marks'] == []
m = [x for x in e[2]['marks'] if x['step'] == 'loading_runtime' and x['scenario'] == 'cold']
assert len(m) == 1 and m[0]['slower'] and m[0]['median_ms'] > m[0]['band_max_ms'], e[2]['marks']
assert e[2]['boot_ms']['cold'] > e[0]['boot_ms']['cold'] + 2900
PY"
after=$(find "$tmp/demo" -printf '%p %s %T@\n' | sort)
check "nothing written into the community folder" "[ \"\$before\" = \"\$after\" ]"

"$rc" compare "history:$tmp/demo@1" "history:$tmp/demo@-1" >"$tmp/out" 2>"$tmp/err"; status=$?
check "compare takes history:DIR@N" "[ $status -eq 0 ] && grep -q '^A: $RC_HISTORY_DIR/demo-.*/20261129T093000Z-' '$tmp/out' && grep -q '^B: .*/20261201T093000Z-' '$tmp/out'"
"$rc" compare "history:$tmp/demo@9" "$a" >"$tmp/out" 2>"$tmp/err"; status=$?
check "a missing entry exits 2 naming the count" "[ $status -eq 2 ] && grep -q 'it has 3' '$tmp/err'"
"$rc" bundle "$tmp/demo" -o "$tmp/latest.zip" >"$tmp/out" 2>"$tmp/err"; status=$?
check "bundle without --report takes the latest entry" "[ $status -eq 0 ] && grep -q 'report $RC_HISTORY_DIR/demo-.*/20261201T093000Z-' '$tmp/out'"

echo "1..$n"
[ $failures -eq 0 ]
