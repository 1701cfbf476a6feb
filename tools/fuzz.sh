#!/bin/sh
# Build the libFuzzer targets (clang-14, ASan + UBSan, in their own build folder) and run them.
#
#   tools/fuzz.sh TARGET [SECONDS]     fuzz one target (or `all`) for SECONDS each (default 60)
#   tools/fuzz.sh --smoke [SECONDS]    every target in SECONDS of wall time in all (default 60),
#                                      one lane per core (at most 2), as CI does
#   tools/fuzz.sh --list               the targets
#
# The committed corpus (tests/fuzz/corpus/TARGET, regression inputs included) is run first
# and is only read; what the fuzzer finds goes to a scratch folder. A crash, leak, timeout or
# sanitizer report fails with the input printed (base64) and the command that reproduces it,
# and the input is kept under BUILD/artifacts. BUILD is $RC_FUZZ_BUILD, else _build-fuzz.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=${RC_FUZZ_BUILD:-$src/_build-fuzz}
targets="config lock-overlay csp report worker-message serve-path"
seed=""
lanes=1

usage () {
  sed -n 4,7p "$0" | sed 's/^# *//' >&2
  exit 2
}

[ $# -ge 1 ] || usage
case "$1" in
  --list) echo "$targets" | tr ' ' '\n'; exit 0 ;;
  # A fixed seed: the smoke explores the same inputs in the same order on every run (only
  # how far it gets depends on the machine), so CI does not fail at random on an old bug.
  # Each libFuzzer process uses one core: the smoke runs a lane of targets per core (two at
  # most, as many as CI's machine has), each target for its share of the lanes' time.
  --smoke) total=${2:-60}; run=$targets; seed=-seed=1
    lanes=$(nproc 2>/dev/null || echo 1); [ "$lanes" -le 2 ] || lanes=2
    n=$(echo "$targets" | wc -w); seconds=$((total * lanes / n)); [ "$seconds" -ge 1 ] || seconds=1 ;;
  all) run=$targets; seconds=${2:-60} ;;
  *) echo " $targets " | grep -q " $1 " || { echo "fuzz: no target '$1' (tools/fuzz.sh --list)" >&2; exit 2; }
     run=$1; seconds=${2:-60} ;;
esac

cc=$(command -v clang-14 || command -v clang || true)
if [ -z "$cc" ] || [ ! -e "$("$cc" -print-file-name=libclang_rt.fuzzer-x86_64.a)" ]; then
  echo "fuzz: clang with libFuzzer is needed: apt-get install clang-14 libclang-rt-14-dev llvm-14 (tools/setup.sh installs them)" >&2
  exit 1
fi
if [ ! -f "$build/build.ninja" ]; then
  # b_lundef=false: ASan's runtime provides symbols the libraries reference.
  CC=$cc meson setup "$build" "$src" -Dfuzzing=true -Db_sanitize=address,undefined \
    -Db_lundef=false -Dbuildtype=debugoptimized -Dc_args=-fno-sanitize-recover=undefined >/dev/null
fi
names=""
for t in $run; do names="$names tests/fuzz/fuzz-$t"; done
# shellcheck disable=SC2086
meson compile -C "$build" $names >/dev/null

symbolizer=$(command -v llvm-symbolizer-14 || command -v llvm-symbolizer || true)
# intercept_tls_get_addr=0: clang-14's runtime has the dynamic-TLS misreading that crashes
# LeakSanitizer's tracer at exit now and then (tools/sanitize.sh says more)
export ASAN_OPTIONS="intercept_tls_get_addr=0:detect_leaks=1:abort_on_error=1:symbolize=1${symbolizer:+:external_symbolizer_path=$symbolizer}"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$src/tests/lsan.supp:print_suppressions=0"
export RC_DIST_LOCK_CACHE=0
mkdir -p "$build/artifacts"
# One target: its log is printed whole once it ends (lanes would interleave lines); 0 or 1.
fuzz_one () {
  t=$1
  work=$(mktemp -d "${TMPDIR:-/tmp}/rc-fuzz-$t-XXXXXX")
  dict=""
  [ -f "$src/tests/fuzz/$t.dict" ] && dict="-dict=$src/tests/fuzz/$t.dict"
  result=0
  {
    echo "fuzz: $t for ${seconds}s"
    # shellcheck disable=SC2086
    if ! "$build/tests/fuzz/fuzz-$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$work/" -print_final_stats=1 $seed $dict "$work" "$src/tests/fuzz/corpus/$t" \
        >"$work/log" 2>&1; then
      result=1
      tail -n 60 "$work/log"
      for f in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* "$work"/slow-unit-*; do
        [ -f "$f" ] || continue
        cp "$f" "$build/artifacts/$t-$(basename "$f")"
        echo "fuzz: $t failed on $build/artifacts/$t-$(basename "$f") ($(wc -c <"$f") bytes); base64:"
        base64 "$f" | head -c 16384; echo
        echo "fuzz: reproduce with: $build/tests/fuzz/fuzz-$t $build/artifacts/$t-$(basename "$f")"
      done
    else
      grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$work/log" | tr '\n' ' '
      echo
    fi
  } >"$work.out"
  cat "$work.out"
  rm -rf "$work" "$work.out"
  return $result
}

# Lane k of $lanes fuzzes targets k, k+lanes, ...; a lane's status is in its own file.
status=0
lane=0
lanes_dir=$(mktemp -d "${TMPDIR:-/tmp}/rc-fuzz-lanes-XXXXXX")
while [ "$lane" -lt "$lanes" ]; do
  (
    i=0; rc=0
    for t in $run; do
      if [ $((i % lanes)) -eq "$lane" ]; then fuzz_one "$t" || rc=1; fi
      i=$((i + 1))
    done
    echo "$rc" >"$lanes_dir/$lane"
  ) &
  lane=$((lane + 1))
done
wait
# a lane that ended without saying (killed, or an error under set -e) fails the run too
lane=0
while [ "$lane" -lt "$lanes" ]; do
  if [ "$(cat "$lanes_dir/$lane" 2>/dev/null)" != 0 ]; then
    [ -f "$lanes_dir/$lane" ] || echo "fuzz: lane $lane ended without a status" >&2
    status=1
  fi
  lane=$((lane + 1))
done
rm -rf "$lanes_dir"
exit $status
