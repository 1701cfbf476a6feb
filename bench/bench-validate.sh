#!/bin/sh
# bench-validate.sh RUNTIME_CONSOLE BENCH_CONFIG [DISTRIBUTION]: issue 2's timing targets.
#
#  1. `runtime-console validate` on a community with ~40 MB of wheels, against `sha256sum`
#     over the same wheels: ratio of the medians, target <= 1.2 (reading and hashing the
#     wheels is the work; everything else must be small beside it).
#  2. Validating a generated 500-line config with no wheels: target <= 5 ms, measured in
#     process by BENCH_CONFIG (bench-config.c, the same rc_community_load() validate calls).
#     A `validate` process also pays for dynamically linking GTK and WebKitGTK before
#     main(); its time is printed too, with `runtime-console --version` (the same binary
#     doing nothing) beside it.
#
# Medians of RUNS runs (default 9) after a warm-up run, with hyperfine when it is installed.
# Nothing is written outside a temporary folder (and the parsed-lock cache, which the
# warm-up fills, in the user's cache folder).
set -eu

rc=${1:?usage: bench-validate.sh RUNTIME_CONSOLE BENCH_CONFIG [DISTRIBUTION]}
bench_config=${2:?usage: bench-validate.sh RUNTIME_CONSOLE BENCH_CONFIG [DISTRIBUTION]}
dist=${3:-${RC_PYODIDE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/runtime-console/pyodide-0.29.5}}
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

# paired_ms NAME_A NAME_B -- CMD_A... -- CMD_B...: alternates the two commands RUNS times
# (after one warm-up each), so a load change on this shared machine hits both alike, and
# prints "median_a median_b median_of_ratios" in milliseconds.
paired_ms () {
  a=$1 b=$2
  shift 3
  cmd_a=""
  while [ "$1" != "--" ]; do cmd_a="$cmd_a \"$1\""; shift; done
  shift
  cmd_b=""
  for arg in "$@"; do cmd_b="$cmd_b \"$arg\""; done
  eval "$cmd_a" >/dev/null 2>&1 || true
  eval "$cmd_b" >/dev/null 2>&1 || true
  : >"$tmp/pairs"
  i=0
  while [ "$i" -lt "$runs" ]; do
    t0=$(date +%s%N)
    eval "$cmd_a" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    eval "$cmd_b" >/dev/null 2>&1 || true
    t2=$(date +%s%N)
    echo "$(((t1 - t0) / 1000)) $(((t2 - t1) / 1000))" >>"$tmp/pairs"
    i=$((i + 1))
  done
  python3 -c 'import statistics as s, sys
p = [tuple(map(int, l.split())) for l in open(sys.argv[1])]
print("%.3f %.3f %.4f" % (s.median(a for a, _ in p) / 1000, s.median(b for _, b in p) / 1000,
                          s.median(a / b for a, b in p)))' "$tmp/pairs"
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

set -- $(paired_ms validate sha256sum -- "$rc" validate "$wheels" --distribution "$dist" -- \
  sha256sum "$wheels"/runtime/wheels/*.whl)
t_validate=$1 t_sha=$2 ratio=$3
t_config=$(median_ms validate-config "$rc" validate "$config" --distribution "$dist")
t_start=$(median_ms startup "$rc" --version)
t_inproc=$("$bench_config" "$config" "$dist")

python3 - "$bytes" "$t_validate" "$t_sha" "$t_config" "$t_start" "$t_inproc" "$ratio" "$runs" <<'PY'
import sys
size, validate, sha, config, start, inproc, ratio = (float(x) for x in sys.argv[1:8])
runs = sys.argv[8]
print(f"validate, {size / 1e6:.1f} MB of wheels: {validate:.1f} ms; sha256sum: {sha:.1f} ms "
      f"(medians of {runs} alternating runs)")
print(f"ratio validate/sha256sum (median of the per-pair ratios): {ratio:.2f} (target <= 1.2) "
      f"{'OK' if ratio <= 1.2 else 'OVER TARGET'}")
print(f"500-line config, no wheels, validated in process: {inproc:.2f} ms (median of 101; "
      f"target <= 5 ms) {'OK' if inproc <= 5.0 else 'OVER TARGET'}")
print(f"  as a process: validate {config:.1f} ms, the same binary's --version {start:.1f} ms "
      f"(dynamic linking of GTK and WebKitGTK)")
PY
