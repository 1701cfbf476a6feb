#!/bin/sh
# Runs one meson suite (or one test) N times from one build, stopping at the first failure.
#
#   tools/repeat.sh SUITE|TEST N [BUILD_DIR]      (default BUILD_DIR: _build)
#
# A name that is both (boot: the suite, and the test of that name in it) is the suite;
# test:NAME is the test alone.
#
# Each run's time is printed as it ends, then "N passed, M failed" and the total. A failing
# run's whole log (its meson log, with every test's stdout and stderr) is kept as
# BUILD_DIR/repeat/NAME-RUN.log. The engines' own stderr (WebKit's, Chromium's, Firefox's
# console and DevTools/BiDi traffic) is in it because the runs set RC_BOOT_DEBUG=1; pass
# RC_BOOT_DEBUG= (empty) in the environment to run without it. Runs under xvfb-run -a when no
# display is set, as the README's test command does. Repeats of different names may run side
# by side from one build: each keeps its own meson log (BUILD_DIR/meson-logs/repeat-NAME.*).
# Exit status: 0 when every run passed, 1 at the first failure, 2 when it could not run.
set -eu

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: tools/repeat.sh SUITE|TEST|test:NAME N [BUILD_DIR]" >&2
  exit 2
fi
name=$1
count=$2
build=${3:-_build}
case $count in
  '' | *[!0-9]*) echo "repeat: N must be a whole number, got '$count'" >&2; exit 2 ;;
esac
if [ "$count" -lt 1 ]; then
  echo "repeat: N must be at least 1" >&2
  exit 2
fi
if [ ! -f "$build/build.ninja" ]; then
  echo "repeat: $build is not a meson build folder (run tools/build.sh first)" >&2
  exit 2
fi

# A suite when some test lists it ("project:core+cli / name"), else a test of that name.
list=$(meson test -C "$build" --list 2>/dev/null)
case $name in
  test:*)
    name=${name#test:}
    if ! printf '%s\n' "$list" | grep -Eq " / $name\$"; then
      echo "repeat: $build has no test named '$name' (meson test -C $build --list)" >&2
      exit 2
    fi
    select=$name
    ;;
  *) select= ;;
esac
if [ -n "$select" ]; then
  :
elif printf '%s\n' "$list" | grep -Eq ":([^ /]*\+)?$name(\+[^ /]*)? / "; then
  select="--suite $name"
elif printf '%s\n' "$list" | grep -Eq " / $name\$"; then
  select=$name
else
  echo "repeat: $build has no suite or test named '$name' (meson test -C $build --list)" >&2
  exit 2
fi

meson compile -C "$build" >/dev/null
export RC_BOOT_DEBUG="${RC_BOOT_DEBUG-1}"
run="meson test -C $build --no-rebuild --print-errorlogs --logbase repeat-$name $select"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  run="xvfb-run -a $run"
fi
mkdir -p "$build/repeat"
out="$build/repeat/current-$name.out"

passed=0
failed=0
start_all=$(date +%s)
i=1
while [ "$i" -le "$count" ]; do
  start=$(date +%s)
  if $run >"$out" 2>&1; then
    passed=$((passed + 1))
    echo "run $i/$count: passed in $(($(date +%s) - start)) s"
  else
    failed=$((failed + 1))
    cp "$build/meson-logs/repeat-$name.txt" "$build/repeat/$name-$i.log"
    cat "$out" >>"$build/repeat/$name-$i.log"
    echo "run $i/$count: FAILED in $(($(date +%s) - start)) s; log: $build/repeat/$name-$i.log"
    grep -E '^ *[0-9]+/[0-9]+ .* (FAIL|ERROR|TIMEOUT)' "$out" || true
    break
  fi
  i=$((i + 1))
done
rm -f "$out"
echo "$name: $passed passed, $failed failed, $(($(date +%s) - start_all)) s in all"
[ "$failed" -eq 0 ]
