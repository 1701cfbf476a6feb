#!/bin/sh
# The `validate` CLI contract (issue 2): exit codes 0/1/2, GCC-style lines each followed by a
# hint line, the --json object, and no writes into the community folder.
# Usage: test-cli-validate.sh RUNTIME_CONSOLE FIXTURES_DIR
set -u
rc="$1"
fixtures="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset OSA_DEPLOYMENT ROOT_PATH OSA_CLIENT_TOOLS_DISABLED
failures=0
n=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
fail () { n=$((n + 1)); failures=$((failures + 1)); echo "not ok $n - $1"; }
check () { if eval "$2"; then ok "$1"; else fail "$1"; fi; }

dist="${RC_PYODIDE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/runtime-console/pyodide-0.29.5}"
if [ ! -f "$dist/pyodide-lock.json" ]; then
  echo "Bail out! no Pyodide distribution at $dist (run tools/setup.sh)"
  exit 1
fi

# Exit 0: valid.
"$rc" validate "$fixtures/all-defaults" >"$tmp/out" 2>"$tmp/err"; status=$?
check "valid community exits 0" "[ $status -eq 0 ]"
check "summary says valid" "grep -q '^$fixtures/all-defaults: valid (0 errors' '$tmp/out'"

# A repeated key: OSA's PyYAML keeps the last value, so a warning, and OSA's verdict (valid).
"$rc" validate "$fixtures/duplicate-key" >"$tmp/out" 2>"$tmp/err"; status=$?
check "a duplicate key is valid as in OSA (exit 0)" "[ $status -eq 0 ]"
check "the duplicate key is a warning with its position and key path" \
  "grep -qF \"config.yaml:9:5: warning: runtime.python.preload_on: duplicate key 'preload_on' (first at line 8, column 5)\" '$tmp/out'"
check "its hint says OSA keeps the last" "grep -qxF '  hint: Remove one; OSA keeps the last.' '$tmp/out'"
check "the summary counts it as a warning" "grep -q 'valid (0 errors, 1 warning' '$tmp/out'"
"$rc" validate --json "$fixtures/duplicate-key" >"$tmp/json"; status=$?
check "--json: valid, one warning at 9:5" "[ $status -eq 0 ] && python3 - '$tmp/json' <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d['valid'] is True, d
dup = [x for x in d['diagnostics'] if x['rule'] == 'yaml-duplicate-key']
assert len(dup) == 1 and dup[0]['severity'] == 'warning', dup
assert (dup[0]['line'], dup[0]['column'], dup[0]['path']) == (9, 5, 'runtime.python.preload_on')
PY"

# An OSA checkout: two notebook communities adding one key with different wheels.
python3 - "$tmp/checkout" <<'PY'
import hashlib, json, os, sys
root = sys.argv[1]
os.makedirs(os.path.join(root, "frontend"))
for cid, body in (("alpha", b"alpha's build"), ("beta", b"beta's build")):
    d = os.path.join(root, "src", "assistants", cid)
    os.makedirs(os.path.join(d, "runtime", "wheels"))
    os.makedirs(os.path.join(d, "notebook"))
    wheel = "shared_pkg-0.1.0-py3-none-any.whl"
    open(os.path.join(d, "runtime", "wheels", wheel), "wb").write(body)
    lock = {"packages": {"shared-pkg": {"name": "shared-pkg", "version": "0.1.0", "file_name": wheel,
            "package_type": "package", "install_dir": "site", "sha256": hashlib.sha256(body).hexdigest(),
            "imports": ["shared_pkg"], "depends": []}}}
    json.dump(lock, open(os.path.join(d, "runtime", "x-pyodide-lock.json"), "w"))
    json.dump({"nbformat": 4, "cells": [{"cell_type": "code", "source": "d = '{{dataset_id}}'"}]},
              open(os.path.join(d, "notebook", "starter.ipynb"), "w"))
    open(os.path.join(d, "config.yaml"), "w").write(f"""id: {cid}
name: N
description: D
runtime:
  python:
    pyodide_version: "0.29.5"
    lockfile: runtime/x-pyodide-lock.json
notebook:
  starter: notebook/starter.ipynb
  dataset_pattern: "^ds[0-9]{{6}}$"
  zarr_base: {{production: "https://zarr.example.org"}}
  dataset_page_base: {{production: "https://example.org"}}
""")
PY
"$rc" validate "$tmp/checkout/src/assistants/alpha" >"$tmp/out" 2>"$tmp/err"; status=$?
check "a site-lock mismatch in an OSA checkout is an error (exit 1)" "[ $status -eq 1 ]"
check "it names both overlays, in OSA's words" \
  "grep -qF \"runtime/x-pyodide-lock.json:1:29: error: packages.shared-pkg: beta and alpha both add 'shared-pkg' with different entries; a package two communities share must be byte-identical across both (\" '$tmp/out' && grep -q 'assistants/beta/runtime/x-pyodide-lock.json, .*assistants/alpha/runtime/x-pyodide-lock.json)' '$tmp/out'"
cp "$tmp/checkout/src/assistants/alpha/runtime/wheels/shared_pkg-0.1.0-py3-none-any.whl" "$tmp/checkout/src/assistants/beta/runtime/wheels/"
cp "$tmp/checkout/src/assistants/alpha/runtime/x-pyodide-lock.json" "$tmp/checkout/src/assistants/beta/runtime/"
"$rc" validate "$tmp/checkout/src/assistants/beta" >"$tmp/out" 2>"$tmp/err"; status=$?
check "byte-identical entries merge (exit 0)" "[ $status -eq 0 ] && ! grep -q site-lock '$tmp/out'"

# Exit 1: GCC-style lines with hints.
cp -r "$fixtures/invalid-mix" "$tmp/invalid-mix"
find "$tmp/invalid-mix" -exec touch -d '2001-01-01' {} +
before=$(find "$tmp/invalid-mix" -printf '%p %s %T@\n' | sort)
"$rc" validate "$tmp/invalid-mix" >"$tmp/out" 2>"$tmp/err"; status=$?
check "invalid community exits 1" "[ $status -eq 1 ]"
check "duplicate import line" "grep -qxF \"config.yaml:15:46: error: runtime.python.import_before_seal[2]: import_before_seal names 'scipy.stats' twice\" '$tmp/out'"
check "limits line" "grep -qxF 'config.yaml:17:15: error: runtime.python.limits.images: Input should be less than or equal to 3' '$tmp/out'"
check "every problem line is followed by a hint line" \
  "awk '/^config.yaml:[0-9]+:[0-9]+: (error|warning|note): / { getline h; if (h !~ /^  hint: ./) bad = 1 } END { exit bad }' '$tmp/out'"
check "summary counts the errors" "grep -q 'invalid (2 errors' '$tmp/out'"
after=$(find "$tmp/invalid-mix" -printf '%p %s %T@\n' | sort)
check "nothing written into the folder" "[ \"\$before\" = \"\$after\" ]"

# --json
"$rc" validate --json --deployment develop "$tmp/invalid-mix" >"$tmp/json"; status=$?
check "--json exits 1 too" "[ $status -eq 1 ]"
check "--json shape" "python3 - '$tmp/json' <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert set(d) == {'community', 'valid', 'deployment', 'diagnostics', 'closure'}, d.keys()
assert d['valid'] is False and d['deployment'] == 'develop'
keys = {'severity', 'path', 'file', 'line', 'column', 'message', 'hint', 'rule'}
assert all(set(x) - {'fix'} == keys for x in d['diagnostics'])
dup = [x for x in d['diagnostics'] if x['rule'] == 'import-before-seal-duplicate'][0]
assert (dup['file'], dup['line'], dup['column']) == ('config.yaml', 15, 46), dup
assert dup['path'] == 'runtime.python.import_before_seal[2]'
# the quick fix removes the repeated entry: a byte range and an empty replacement
text = open(sys.argv[1].rsplit('/', 1)[0] + '/invalid-mix/config.yaml', 'rb').read()
fix = dup['fix']
assert fix['replacement'] == '' and b'scipy.stats' in text[fix['start']:fix['end']], fix
assert [c['key'] for c in d['closure']][:2] == ['numpy', 'scipy'], d['closure']
PY"

# Exit 2: could not run.
"$rc" validate "$tmp/nowhere" >/dev/null 2>"$tmp/err"; status=$?
check "missing folder exits 2" "[ $status -eq 2 ] && grep -q 'nowhere' '$tmp/err'"
mkdir "$tmp/empty"
"$rc" validate "$tmp/empty" >/dev/null 2>&1; status=$?
check "no config.yaml exits 2" "[ $status -eq 2 ]"
mkdir "$tmp/fifo" && mkfifo "$tmp/fifo/config.yaml"
timeout 10 "$rc" validate "$tmp/fifo" >/dev/null 2>&1; status=$?
check "a FIFO config.yaml is refused, not read (exit 2, no hang)" "[ $status -eq 2 ]"
"$rc" validate --distribution "$tmp/nodist" "$fixtures/all-defaults" >/dev/null 2>&1; status=$?
check "unreadable distribution exits 2" "[ $status -eq 2 ]"
"$rc" validate --deployment staging "$fixtures/all-defaults" >/dev/null 2>&1; status=$?
check "bad --deployment exits 2" "[ $status -eq 2 ]"
OSA_DEPLOYMENT=staging "$rc" validate "$fixtures/all-defaults" >/dev/null 2>"$tmp/err"; status=$?
check "OSA_DEPLOYMENT=staging exits 2 with OSA's text" \
  "[ $status -eq 2 ] && grep -qF \"OSA_DEPLOYMENT='staging'; must be one of ('production', 'develop')\" '$tmp/err'"
ROOT_PATH=/osa-dev/ "$rc" validate "$fixtures/all-defaults" >"$tmp/out" 2>&1
check "ROOT_PATH=/osa-dev picks develop" "grep -q 'develop deployment' '$tmp/out'"
"$rc" validate >/dev/null 2>&1; status=$?
check "no folder argument exits 2" "[ $status -eq 2 ]"
"$rc" validate --help >"$tmp/out" 2>&1; status=$?
check "--help exits 0 and names the options" "[ $status -eq 0 ] && grep -q -- '--deployment' '$tmp/out'"

check "--help names the whole command" "grep -q '^  runtime-console validate \\[OPTION' '$tmp/out'"
"$rc" validate --bogus "$fixtures/all-defaults" >/dev/null 2>"$tmp/err"; status=$?
check "an unknown option exits 2 and points to --help" \
  "[ $status -eq 2 ] && grep -qF 'Run “runtime-console validate --help”' '$tmp/err'"
"$rc" --help >"$tmp/out" 2>&1; status=$?
check "runtime-console --help lists the commands" \
  "[ $status -eq 0 ] && grep -q '^  validate ' '$tmp/out' && grep -q '^  serve ' '$tmp/out' && grep -q '^  compare ' '$tmp/out'"

echo "1..$n"
[ $failures -eq 0 ]
