#!/bin/sh
# The `boot` CLI contract (issue 4): exit 2 when it cannot run, 1 on a failed boot with the
# worker's raw kind, the step lines as they happen, and the run record written with --record.
# The boots here are short: the OSA stand-in bundle (Pyodide, then a failing import), a
# refused worker, a misspelled preload under nemarlike, then a generated full distribution (pure-Python wheels) with --distribution,
# and without it, and a distribution whose interpreter does not start.
# Usage: test-cli-boot.sh RUNTIME_CONSOLE SOURCE_DIR
set -u
rc="$1"
src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset OSA_DEPLOYMENT ROOT_PATH
# A runtime folder and a temporary folder of our own: every command here must leave them empty
# (but dconf's own folder, which belongs to the user's session).
export XDG_RUNTIME_DIR="$tmp/run" TMPDIR="$tmp/tmpdir"
mkdir -p "$TMPDIR"
mkdir -m 0700 "$XDG_RUNTIME_DIR"
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
"$rc" boot "$src/data/examples/demo" --engine safari >"$tmp/out" 2>"$tmp/err"; status=$?
check "a bad --engine exits 2" "[ $status -eq 2 ]"
check "naming the value and the engines, pointing at --help" \
  "grep -q 'safari' '$tmp/err' && grep -q 'chromium' '$tmp/err' && grep -q 'runtime-console boot --help' '$tmp/err'"
"$rc" measure "$src/data/examples/demo" --engine webkit,safari >"$tmp/out" 2>"$tmp/err"; status=$?
check "a bad engine in measure's --engine list exits 2" "[ $status -eq 2 ]"
check "naming it" "grep -q 'unknown engine “safari”' '$tmp/err'"
# boot, measure and probe share one table of boot options (rc-cli-boot-options.c): the same
# help text for each, and the same checks before anything boots.
for cmd in boot measure probe; do
  LC_ALL=C "$rc" $cmd --help | grep -E '^ +--(csp|csp-text|engine|worker|deployment|deadline|distribution|live|data)[= ]' \
    | sed 's/  */ /g' >"$tmp/help-$cmd"
done
check "boot, measure and probe list the same nine boot options with the same help" \
  "[ \$(wc -l <'$tmp/help-boot') -eq 9 ] && cmp -s '$tmp/help-boot' '$tmp/help-measure' && cmp -s '$tmp/help-boot' '$tmp/help-probe'"
"$rc" probe "$src/data/examples/demo" --engine webkit,chromium >"$tmp/out" 2>"$tmp/err"; status=$?
check "probe takes one --engine" "[ $status -eq 2 ] && grep -q 'give one --engine' '$tmp/err' && grep -q 'runtime-console probe --help' '$tmp/err'"
"$rc" probe "$src/data/examples/demo" --deadline 0 >"$tmp/out" 2>"$tmp/err"; status=$?
check "probe checks --deadline as boot does" "[ $status -eq 2 ] && grep -q 'deadline must be a number of seconds above 0' '$tmp/err'"
"$rc" measure "$src/data/examples/demo" --csp strict --csp-text "default-src 'self'" >"$tmp/out" 2>"$tmp/err"; status=$?
check "measure refuses --csp with --csp-text" "[ $status -eq 2 ] && grep -q 'not both' '$tmp/err'"

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

# A misspelled preload under nemarlike, whose only refusal is the demo's fetch_allow data host
# (issue 23): the community's failure, its one cause first, the policy finding said to be none.
cp -r "$src/data/examples/demo" "$tmp/demoz"
sed -i 's/preload: \[demo-helpers\]/preload: [demo-helperz]/' "$tmp/demoz/config.yaml"
"$rc" boot "$tmp/demoz" --csp nemarlike --deadline 120 --record "$tmp/demoz.json" \
  >"$tmp/out" 2>"$tmp/err"; status=$?
check "a misspelled preload fails as the worker's runtime error" \
  "[ $status -eq 1 ] && grep -q '^FAILED (runtime).*package demo-helperz did not load: No known package' '$tmp/out'"
check "whose failure: the community, not the policy" \
  "grep -A1 '^Diagnosis:' '$tmp/out' | grep -q '^Whose failure: the community' && ! grep -q 'Content-Security-Policy, which refuses' '$tmp/out'"
check "the one cause comes first and names the preload key" \
  "grep -A2 '^Diagnosis:' '$tmp/out' | tail -1 | grep -q '^The cause: the preload names demo-helperz.*runtime.python.preload'"
check "the unrelated connect-src finding is said to be no cause" \
  "grep -A1 '^Not the cause of this failure' '$tmp/out' | grep -q 'connect-src does not allow https://data.example.org/'"
check "the run record's party is community" \
  "python3 - '$tmp/demoz.json' <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))['outcome']
assert o['kind'] == 'runtime' and o['party'] == 'community', o
assert o['diagnosis'].split('\\n')[1].startswith('The cause: the preload names demo-helperz'), o['diagnosis']
PY"

# Options are checked before booting (issue 9 §6): nothing boots, exit 2, the --help pointer.
"$rc" boot "$src/data/examples/demo" --record /no/such/dir/x.json >"$tmp/out" 2>"$tmp/err"; status=$?
check "--record into a missing folder exits 2 before booting" \
  "[ $status -eq 2 ] && ! grep -q '^Booting' '$tmp/out'"
check "naming the file and pointing at --help" \
  "grep -q '/no/such/dir/x.json' '$tmp/err' && grep -q 'runtime-console boot --help' '$tmp/err'"
"$rc" boot "$src/data/examples/demo" --deadline -5 >"$tmp/out" 2>"$tmp/err"; status=$?
check "--deadline -5 exits 2 instead of booting with the default" \
  "[ $status -eq 2 ] && ! grep -q '^Booting' '$tmp/out' && grep -q 'deadline' '$tmp/err'"
"$rc" boot "$src/data/examples/demo" --distribution "$tmp" --live >"$tmp/out" 2>"$tmp/err"; status=$?
check "--distribution with --live exits 2" \
  "[ $status -eq 2 ] && grep -q 'runtime-console boot --help' '$tmp/err'"
"$rc" boot "$src/data/examples/demo" --distribution "$tmp/nowhere" >"$tmp/out" 2>"$tmp/err"; status=$?
check "a --distribution that is not a folder exits 2" \
  "[ $status -eq 2 ] && grep -q 'nowhere' '$tmp/err'"
"$rc" boot "$src/data/examples/demo" --data "https://data.example.org/" >"$tmp/out" 2>"$tmp/err"; status=$?
check "a --data without =DIR exits 2" "[ $status -eq 2 ] && grep -q 'URL=DIR' '$tmp/err'"

# A full distribution, generated from the npm one (issue 9 §3): numpy's and python-dateutil's
# closure (numpy, python-dateutil, six) as pure-Python wheels with their own sha256.
npm="${RC_PYODIDE_DIR:-$HOME/.cache/runtime-console/pyodide-0.29.5}"
python3 "$src/tests/make-full-distribution.py" "$npm" "$tmp/full" numpy python-dateutil \
  >"$tmp/full.json"; status=$?
check "the full distribution is generated" "[ $status -eq 0 ] && [ -f '$tmp/full/numpy-2.2.5-py3-none-any.whl' ]"
cp -r "$src/data/examples/demo" "$tmp/full-demo"
sed -i 's/preload: \[demo-helpers\]/preload: [demo-helpers, numpy, python-dateutil]/;
        s/import_before_seal: \[demo_helpers\]/import_before_seal: [demo_helpers, numpy, dateutil]/' \
  "$tmp/full-demo/config.yaml"
check "the test community preloads numpy and python-dateutil" \
  "grep -q 'preload: \[demo-helpers, numpy, python-dateutil\]' '$tmp/full-demo/config.yaml'"

"$rc" validate "$tmp/full-demo" --distribution "$tmp/full" --json >"$tmp/validate.json" 2>"$tmp/err"
check "validate knows every closure member's size from the distribution" \
  "python3 - '$tmp/validate.json' '$tmp/full.json' <<'PY'
import json, sys
closure = json.load(open(sys.argv[1]))['closure']
made = json.load(open(sys.argv[2]))['packages']
sizes = {c['key']: c['size'] for c in closure}
assert set(sizes) == {'demo-helpers', 'numpy', 'python-dateutil', 'six'}, sizes
for key, wheel in made.items():
    assert sizes[key] == wheel['size'], (key, sizes[key], wheel)
PY"
"$rc" validate "$tmp/full-demo" >"$tmp/out" 2>"$tmp/err"
check "against the npm distribution the sizes it lacks are unknown, not left out" \
  "grep -q '→ 4 packages, .* + 3 unknown' '$tmp/out'"

"$rc" boot "$tmp/full-demo" --distribution "$tmp/full" --deadline 240 --record "$tmp/full-rec.json" \
  --execute 'import numpy, dateutil, six; print(numpy.RC_GENERATED, dateutil.__version__, six.__version__)' \
  >"$tmp/out" 2>"$tmp/err"; status=$?
check "a community that preloads the full distribution's packages boots with --distribution" \
  "[ $status -eq 0 ] && grep -q '^READY' '$tmp/out'"
check "the generated packages import under their lock names" \
  "grep -q '^True 2.9.0.post0 1.17.0' '$tmp/out'"
check "the banner names the distribution" "grep -q \"distribution $tmp/full\" '$tmp/out'"
# tests/meson.build runs this test with WebKit's OMG tier off: the banner and the record say so
check "the banner names the engine options the environment set" \
  "[ -z \"\${JSC_useOMGJIT:-}\" ] || grep -q \"^  engine options JSC_useOMGJIT=${JSC_useOMGJIT:-} (from the environment; a reader's browser does not set them\" '$tmp/out'"
check "the run record names the distribution and its lock's sha256" \
  "python3 - '$tmp/full-rec.json' '$tmp/full' <<'PY'
import hashlib, json, os, sys
env = json.load(open(sys.argv[1]))['environment']
lock = open(sys.argv[2] + '/pyodide-lock.json', 'rb').read()
assert env['distribution'] == sys.argv[2], env
jsc = os.environ.get('JSC_useOMGJIT')
assert env.get('engine_options') == (None if jsc is None else 'JSC_useOMGJIT=' + jsc), env
assert env['distribution_lock_sha256'] == hashlib.sha256(lock).hexdigest(), env
PY"

"$rc" boot "$tmp/full-demo" --deadline 240 --record "$tmp/npm-rec.json" >"$tmp/out" 2>"$tmp/err"; status=$?
check "the same community against the npm distribution fails" \
  "[ $status -eq 1 ] && grep -q '^FAILED (distribution)' '$tmp/out'"
check "its diagnosis names the package, the URL and the 404, and the fix" \
  "grep -q 'needs package numpy' '$tmp/out' && grep -q 'full/numpy-2.2.5-cp313-cp313-pyemscripten_2025_0_wasm32.whl' '$tmp/out' && grep -q '404' '$tmp/out' && grep -q -- '--distribution DIR' '$tmp/out' && grep -q -- '--live' '$tmp/out'"
check "it failed on the proxy's 404, long before the deadline" \
  "python3 - '$tmp/npm-rec.json' <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r['outcome']['kind'] == 'distribution', r['outcome']
steps = [s['phase'] for s in r['steps']]
assert 'importing' not in steps, steps
missing = [q for q in r['requests'] if q['status'] == 404 and q['url'].endswith('.whl')]
assert missing and 'package numpy' in missing[0]['note'], missing
# the boot ended on the 404, not at the 240 s deadline
assert r['boot_ms'] < 200000, r['boot_ms']
PY"

# A distribution whose stdlib lacks tokenize.py: Pyodide's bootstrap fails inside the
# interpreter with every file served whole, which is retried once as the engine's, and the
# same failure again is the distribution's; measure says which run was retried, and why.
cp -r "$npm" "$tmp/faulty"
mv "$tmp/faulty/python_stdlib.zip" "$tmp/stdlib-good.zip"
python3 "$src/tests/make-broken-stdlib.py" "$tmp/stdlib-good.zip" "$tmp/faulty/python_stdlib.zip"
"$rc" measure "$src/data/examples/demo" --distribution "$tmp/faulty" -s cold --no-control \
  --no-history --deadline 60 --json "$tmp/faulty.json" >"$tmp/out" 2>"$tmp/err"; status=$?
check "a distribution whose interpreter does not start fails the run, retried once" \
  "[ $status -eq 1 ] && grep -q '^  cold-1: FAILED (distribution): .*the same way on both attempts' '$tmp/err'"
check "measure prints why the run was retried" \
  "grep -q '^    retried: attempt 1 failed in the engine after .*Pyodide.s interpreter failed inside itself' '$tmp/err'"
check "the record keeps both attempts and the party" \
  "python3 - '$tmp/faulty.json' <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))['runs'][0]
assert r['attempts'] == 2, r['attempts']
assert r['outcome']['party'] == 'distribution', r['outcome']
assert \"No module named 'tokenize'\" in r['outcome']['message'], r['outcome']
PY"

check "nothing left in the runtime folder after every command" \
  "[ -z \"\$(ls -A '$XDG_RUNTIME_DIR' | grep -v '^dconf\$')\" ]"
find "$XDG_RUNTIME_DIR" -mindepth 1 | grep -v /dconf | head -10 | sed 's/^/#   left: /'
check "nothing left in the temporary folder after every command" "[ -z \"\$(ls -A '$TMPDIR')\" ]"
ls -A "$TMPDIR" | head -10 | sed 's/^/#   left in TMPDIR: /'

echo "1..$n"
[ $failures -eq 0 ]
