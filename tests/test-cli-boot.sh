#!/bin/sh
# The `boot` CLI contract (issue 4): exit 2 when it cannot run, 1 on a failed boot with the
# worker's raw kind, the step lines as they happen, and the run record written with --record.
# The boots here are short: the OSA stand-in bundle (Pyodide, then a failing import) and a
# refused worker.
# Usage: test-cli-boot.sh RUNTIME_CONSOLE SOURCE_DIR
set -u
rc="$1"
src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset OSA_DEPLOYMENT ROOT_PATH
failures=0
n=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
fail () { n=$((n + 1)); failures=$((failures + 1)); echo "not ok $n - $1"; }
check () { if eval "$2"; then ok "$1"; else fail "$1"; fi; }

"$rc" boot "$tmp/missing" >"$tmp/out" 2>"$tmp/err"; status=$?
check "a missing folder exits 2" "[ $status -eq 2 ]"
check "and says so" "grep -q 'missing' '$tmp/err'"
"$rc" boot "$src/data/examples/demo" --csp nosuch >"$tmp/out" 2>"$tmp/err"; status=$?
check "an unknown preset exits 2" "[ $status -eq 2 ]"
check "naming the presets" "grep -q 'nemarlike' '$tmp/err'"
check "and pointing at --help" "grep -q 'runtime-console boot --help' '$tmp/err'"
"$rc" boot "$src/data/examples/demo" --worker wasm >"$tmp/out" 2>"$tmp/err"; status=$?
check "a bad --worker exits 2" "[ $status -eq 2 ]"
check "naming the value and pointing at --help" \
  "grep -q 'wasm' '$tmp/err' && grep -q 'runtime-console boot --help' '$tmp/err'"
"$rc" boot "$src/data/examples/demo" --deployment staging >"$tmp/out" 2>"$tmp/err"; status=$?
check "a bad --deployment exits 2" "[ $status -eq 2 ]"
check "naming the value and pointing at --help" \
  "grep -q 'staging' '$tmp/err' && grep -q 'runtime-console boot --help' '$tmp/err'"
"$rc" boot "$src/data/examples/demo" --worker osa >"$tmp/out" 2>"$tmp/err"; status=$?
check "the OSA worker outside an OSA checkout exits 2" "[ $status -eq 2 ]"
check "and says why" "grep -q 'osa-runtime.bundle.js' '$tmp/err'"

standin="$src/tests/fixtures/osa-checkout/src/assistants/standin"
"$rc" boot "$standin" --worker osa --csp nemarlike --deadline 90 --record "$tmp/record.json" \
  >"$tmp/out" 2>"$tmp/err"; status=$?
check "a failed boot exits 1" "[ $status -eq 1 ]"
check "each step is printed" "grep -q '\[2/2\] importing *standin' '$tmp/out'"
check "the raw worker kind is the outcome" "grep -q '^FAILED (import_before_seal)' '$tmp/out'"
check "the run record is written" "grep -q '\"worker_kind\" *: *\"osa\"' '$tmp/record.json'"

cp -r "$src/data/examples/demo" "$tmp/demo"
"$rc" boot "$tmp/demo" --csp-text "script-src 'self' 'wasm-unsafe-eval'; default-src 'self'" \
  --deadline 30 >"$tmp/out" 2>"$tmp/err"; status=$?
check "a worker the policy refuses exits 1" "[ $status -eq 1 ]"
check "the violation is printed" "grep -q 'violation in the page: worker-src refused blob' '$tmp/out'"
check "with a diagnosis" "grep -q '^Diagnosis:' '$tmp/out'"

echo "1..$n"
[ $failures -eq 0 ]
