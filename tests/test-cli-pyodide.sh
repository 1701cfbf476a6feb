#!/bin/sh
# Rehearsing a Pyodide upgrade (issue 20 §3): --pyodide VERSION boots a candidate from the user
# cache, in a module worker; a missing candidate, a bad version and an overlay wheel built for
# another ABI stop before any boot; a measurement under 0.29.5 and one under 314.0.8 compare
# side by side, with the warning that the versions differ. Two real boots of the demo in
# WebKit (cold, no control) and the candidate's memory snapshot (made and booted cold and
# warm). Needs tools/setup.sh --pyodide 314.0.8 (the README's command).
# Usage: test-cli-pyodide.sh RUNTIME_CONSOLE SOURCE_DIR
set -u
rc="$1"
src="$2"
candidate=314.0.8
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset OSA_DEPLOYMENT ROOT_PATH
failures=0
n=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
fail () { n=$((n + 1)); failures=$((failures + 1)); echo "not ok $n - $1"; }
check () { if eval "$2"; then ok "$1"; else fail "$1"; fi; }

cache="${XDG_CACHE_HOME:-$HOME/.cache}/runtime-console"
if [ ! -f "$cache/pyodide-$candidate/pyodide-lock.json" ]; then
  echo "Bail out! no Pyodide $candidate at $cache/pyodide-$candidate: run tools/setup.sh --pyodide $candidate"
  exit 1
fi

"$rc" boot "$src/data/examples/demo" --pyodide 314 >"$tmp/out" 2>"$tmp/err"; status=$?
check "a version that is not x.y.z exits 2" "[ $status -eq 2 ] && grep -q '314.0.8' '$tmp/err'"
"$rc" boot "$src/data/examples/demo" --pyodide 9.9.9 >"$tmp/out" 2>"$tmp/err"; status=$?
check "a version not fetched exits 2" "[ $status -eq 2 ]"
check "naming the folder and the setup command" \
  "grep -q 'pyodide-9.9.9' '$tmp/err' && grep -q 'tools/setup.sh --pyodide 9.9.9' '$tmp/err'"

# The demo with a second overlay entry whose wheel was built for 0.29's ABI.
cp -r "$src/data/examples/demo" "$tmp/demo"
wheel=fastmath-1.0-cp313-cp313-pyodide_2025_0_wasm32.whl
printf 'hashed, not a zip' >"$tmp/demo/runtime/wheels/$wheel"
python3 - "$tmp/demo" "$wheel" <<'PY'
import hashlib, json, sys
d, wheel = sys.argv[1], sys.argv[2]
path = d + "/runtime/demo-pyodide-lock.json"
lock = json.load(open(path))
lock["packages"]["fastmath"] = {
    "name": "fastmath", "version": "1.0", "file_name": wheel, "package_type": "package",
    "install_dir": "site", "imports": ["fastmath"], "depends": [],
    "sha256": hashlib.sha256(open(d + "/runtime/wheels/" + wheel, "rb").read()).hexdigest()}
json.dump(lock, open(path, "w"), indent=2)
PY
"$rc" boot "$tmp/demo" --pyodide $candidate >"$tmp/out" 2>"$tmp/err"; status=$?
check "an overlay wheel for another ABI exits 2 under the candidate" "[ $status -eq 2 ]"
check "before any boot" "! grep -q 'Booting' '$tmp/out'"
check "naming both platform tags, the file and the entry" \
  "grep -q 'pyodide_2025_0_wasm32' '$tmp/err' && grep -q 'pyemscripten_2026_0_wasm32' '$tmp/err' && grep -q 'demo-pyodide-lock.json:[0-9]*:[0-9]*: error: packages.fastmath.file_name' '$tmp/err'"
"$rc" validate "$tmp/demo" --distribution "$cache/pyodide-$candidate" >"$tmp/out" 2>&1
check "validate against the candidate says it too" \
  "grep -q 'fastmath-1.0-cp313-cp313-pyodide_2025_0_wasm32.whl is built for platform pyodide_2025_0_wasm32.*pyemscripten_2026_0_wasm32' '$tmp/out'"

measure () {
  "$rc" measure "$src/data/examples/demo" --scenario cold --no-control --no-history "$@" \
    >"$tmp/measure.out" 2>"$tmp/measure.err"
}
measure --json "$tmp/a.json"; status=$?
check "a measurement under the pinned 0.29.5" "[ $status -eq 0 ]" || cat "$tmp/measure.err"
measure --pyodide $candidate --json "$tmp/b.json"; status=$?
check "a measurement under the candidate $candidate" "[ $status -eq 0 ]"
[ $status -eq 0 ] || sed 's/^/# /' "$tmp/measure.err"
python3 - "$tmp/a.json" "$tmp/b.json" >"$tmp/env" 2>&1 <<'PY'
import json, sys
for f in sys.argv[1:]:
    r = json.load(open(f))
    run = r["runs"][0]
    e = run["environment"]
    urls = [q["url"] for q in run["requests"]]
    names = {u.rsplit("/", 1)[1] for u in urls if "/pyodide/v" in u}
    print(e["pyodide_version"], e.get("pyodide_pinned"), e.get("worker_type"),
          run["outcome"]["state"], run["outcome"].get("version"),
          ",".join(sorted(n for n in names if n.startswith("pyodide."))))
PY
check "the pinned run: 0.29.5 in a classic worker, from pyodide.js" \
  "grep -qx '0.29.5 None classic ready 0.29.5 pyodide.asm.js,pyodide.asm.wasm,pyodide.js' '$tmp/env'"
check "the candidate: 314.0.8, pinned 0.29.5, in a module worker, from pyodide.mjs" \
  "grep -qx '314.0.8 0.29.5 module ready 314.0.8 pyodide.asm.mjs,pyodide.asm.wasm,pyodide.mjs' '$tmp/env'"
[ $failures -eq 0 ] || sed 's/^/# /' "$tmp/env"
# The memory snapshot of the candidate: made from its distribution and served under its
# CDN path (it was made from 0.29.5's and fetched from v0.29.5/, which fetch_allow blocks).
measure --pyodide $candidate --scenario snapshot --json "$tmp/s.json"; status=$?
check "a snapshot measurement under the candidate" "[ $status -eq 0 ]"
[ $status -eq 0 ] || sed 's/^/# /' "$tmp/measure.err"
python3 - "$tmp/s.json" >"$tmp/snap" 2>&1 <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s = r["snapshot"]
print(s["pyodide_version"], s["refused"], "/pyodide/v314.0.8/full/rc-snapshot-" in s["url"],
      " ".join(run["outcome"]["state"] for run in r["runs"]))
PY
check "the snapshot is the candidate's, and its boots get ready" \
  "grep -qx '314.0.8 None True ready ready' '$tmp/snap'"
[ $failures -eq 0 ] || sed 's/^/# /' "$tmp/snap"
"$rc" compare "$tmp/a.json" "$tmp/b.json" >"$tmp/cmp" 2>&1; status=$?
check "compare puts them side by side" "[ $status -eq 0 ] && grep -q 'boot' '$tmp/cmp'"
check "and warns that the Pyodide versions differ" \
  "grep -q 'WARNING.*Pyodide version differs (0.29.5 vs 314.0.8)' '$tmp/cmp'"
[ $failures -eq 0 ] || sed 's/^/# /' "$tmp/cmp"

echo "1..$n"
[ $failures -eq 0 ]
