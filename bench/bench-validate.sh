#!/bin/sh
# bench-validate.sh RUNTIME_CONSOLE [DISTRIBUTION]: issue 2's two timing targets.
#
#  1. `runtime-console validate` on a community with ~40 MB of wheels, against `sha256sum`
#     over the same wheels: ratio of the medians, target <= 1.2 (reading and hashing the
#     wheels is the work; everything else must be small beside it).
#  2. `validate` on a generated 500-line config with no wheels: target <= 5 ms. A process
#     of this binary pays its dynamic linking (GTK, WebKitGTK) before main(), so the
#     time is also shown net of `runtime-console --version`, the same binary doing nothing.
#
# Medians of RUNS runs (default 9) after a warm-up run, with hyperfine when it is installed.
# Nothing is written outside a temporary folder (and the parsed-lock cache, which the
# warm-up fills, in the user's cache folder).
set -eu

rc=${1:?usage: bench-validate.sh RUNTIME_CONSOLE [DISTRIBUTION]}
dist=${2:-${RC_PYODIDE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/runtime-console/pyodide-0.29.5}}
runs=${RUNS:-9}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

python3 "$here/make-bench-communities.py" "$tmp"

# median_ms NAME CMD...: prints the median wall time of CMD in milliseconds.
median_ms () {
  name=$1
  shift
  if command -v hyperfine >/dev/null 2>&1; then
    hyperfine -N --warmup 1 --runs "$runs" --export-json "$tmp/$name.json" "$*" >/dev/null 2>&1
    python3 -c 'import json,sys; print("%.3f" % (json.load(open(sys.argv[1]))["results"][0]["median"] * 1000))' "$tmp/$name.json"
    return
  fi
  "$@" >/dev/null 2>&1 || true
  i=0
  : >"$tmp/$name.times"
  while [ "$i" -lt "$runs" ]; do
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    echo $(((end - start) / 1000)) >>"$tmp/$name.times"
    i=$((i + 1))
  done
  sort -n "$tmp/$name.times" | awk '{ t[NR] = $1 } END { printf "%.3f\n", t[int((NR + 1) / 2)] / 1000 }'
}

check_valid () {
  if ! "$rc" validate "$1" --distribution "$dist" >"$tmp/out.txt" 2>&1; then
    echo "bench: $1 does not validate clean, so its timing would mean nothing:" >&2
    cat "$tmp/out.txt" >&2
    exit 1
  fi
}

wheels="$tmp/wheels"
config="$tmp/config"
check_valid "$wheels"
check_valid "$config"

bytes=$(cat "$wheels"/runtime/wheels/*.whl | wc -c)
cat "$wheels"/runtime/wheels/*.whl >/dev/null # both sides read from the page cache

t_validate=$(median_ms validate-wheels "$rc" validate "$wheels" --distribution "$dist")
t_sha=$(median_ms sha256sum sha256sum "$wheels"/runtime/wheels/*.whl)
t_config=$(median_ms validate-config "$rc" validate "$config" --distribution "$dist")
t_start=$(median_ms startup "$rc" --version)

python3 - "$bytes" "$t_validate" "$t_sha" "$t_config" "$t_start" "$runs" <<'PY'
import sys
size, validate, sha, config, start = (float(x) for x in sys.argv[1:6])
runs = sys.argv[6]
ratio = validate / sha
net = max(config - start, 0.0)
print(f"validate, {size / 1e6:.1f} MB of wheels: {validate:.1f} ms; sha256sum: {sha:.1f} ms "
      f"(medians of {runs})")
print(f"ratio validate/sha256sum: {ratio:.2f} (target <= 1.2) "
      f"{'OK' if ratio <= 1.2 else 'OVER TARGET'}")
print(f"validate, 500-line config, no wheels: {config:.2f} ms; the same binary's --version: "
      f"{start:.2f} ms")
print(f"500-line config net of process start: {net:.2f} ms (target <= 5 ms) "
      f"{'OK' if net <= 5.0 else 'OVER TARGET'}")
PY
