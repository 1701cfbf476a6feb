#!/bin/sh
# The project built with AddressSanitizer (LeakSanitizer included) and UBSan, and the suites
# that need no WebKit run in it: core, serve and data. Any sanitizer report fails: ASan and
# UBSan abort (halt_on_error), LeakSanitizer makes the process exit non-zero. Third-party
# leaks are suppressed by name in tests/lsan.supp, each with why.
#
#   tools/sanitize.sh [BUILD]            BUILD defaults to _build-sanitize; CI (.ci/run)
#                                        uses _build/sanitize
#   tools/sanitize.sh --engines [BUILD]  the engines instead: the boot, engines and
#                                        boot-faults tests and the ui suite (WebKit in this
#                                        process, Chromium and Firefox driven from it), under
#                                        xvfb-run when no display is set. About 20 minutes
#                                        here; CI runs it after the other.
#
# The browsers' own processes (WebKit's web and network processes, Chromium, Firefox) are not
# instrumented; everything of the console's in this process is.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
engines=
if [ "${1:-}" = --engines ]; then
  engines=1
  shift
fi
build=${1:-$src/_build-sanitize}
if [ ! -f "$build/build.ninja" ]; then
  # b_lundef=false: the sanitizer runtime provides symbols the libraries reference.
  meson setup "$build" "$src" -Db_sanitize=address,undefined -Db_lundef=false \
    -Dbuildtype=debug >/dev/null
fi
# Only what these suites run and what their tests depend on (the runtime-console binary their
# cli tests run, which links the window and WebKit and then runs only as far as the command
# line goes; the compiled settings schema the window reads).
pick='
import json, os, sys
build = os.path.realpath(sys.argv[1])
tests = json.load(open(os.path.join(build, "meson-info", "intro-tests.json")))
files = {t["id"]: t["filename"]
         for t in json.load(open(os.path.join(build, "meson-info", "intro-targets.json")))}
known = {line.rsplit(":", 1)[0] for line in sys.stdin.read().splitlines()}
engines = sys.argv[2] == "1"
out = {"app/runtime-console"}
for t in tests:
    suites = {s.split(":")[-1] for s in t["suite"]}
    if (engines and (t["name"] in {"boot", "engines", "boot-faults"} or "ui" in suites)) or \
       (not engines and suites & {"core", "serve", "data"}):
        deps = [f for d in t.get("depends", []) for f in files.get(d, [])]
        for arg in t["cmd"] + deps:
            # relative arguments are relative to the build folder, where meson runs tests
            path = os.path.realpath(os.path.join(build, arg))
            if path.startswith(build + os.sep):
                out.add(os.path.relpath(path, build))
print(" ".join(sorted(out & known)))
'
# Regenerate first when a meson.build changed, so the test list read below is current.
ninja -C "$build" build.ninja >/dev/null
targets=$(ninja -C "$build" -t targets all | python3 -c "$pick" "$build" "${engines:-0}")
# shellcheck disable=SC2086
ninja -C "$build" $targets >/dev/null
# intercept_tls_get_addr=0: GCC 12's sanitizer runtime (LLVM's before 17) takes a dynamic TLS
# block that happens to start 16 bytes into a page for a glibc-2.19 one (its libasan has the
# "glibc >=2.19 suspected" path) and reads the two words before it as a range to scan;
# LeakSanitizer's tracer then dies at exit ("Tracer caught signal 11"), at random, as it did
# once here at the window test's end. glibc 2.25 and later (Debian 12 has 2.36) allocate those
# blocks with malloc, so LeakSanitizer still scans them as heap. LLVM fixed the check in April
# 2023 ("Fix tls_get_addr handling for glibc >=2.25"). See docs/development.md.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:halt_on_error=1:print_summary=1:intercept_tls_get_addr=0"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:print_summary=1"
export LSAN_OPTIONS="suppressions=$src/tests/lsan.supp:print_suppressions=0"
# The CDN's encoded copies (brotli of the 8.6 MB wasm takes seconds) are the main build's
# when this tree is inside it (_build/sanitize): its serve tests made them already, and the
# slower sanitized tests otherwise start with a cold cache that delays their first requests.
if [ -d "$build/../encoded-cache" ] && [ ! -e "$build/encoded-cache" ]; then
  ln -s ../encoded-cache "$build/encoded-cache"
fi
# ASan makes the tests 2-4 times slower than their timeouts allow for.
if [ -n "$engines" ]; then
  run=
  if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    run="xvfb-run -a"
  fi
  # by name: a name and --suite together would select the tests in both
  ui=$(meson test -C "$build" --no-rebuild --list --suite ui 2>/dev/null | sed 's#.* / ##')
  # Two third-party leaks here cannot be suppressed by name (tests/lsan.supp says which and
  # why): LeakSanitizer writes its reports to files instead of failing each process, and
  # tools/lsan-check.py judges them after the run. Any other leak, or any ASan or UBSan report,
  # fails it.
  # Absolute: meson runs each test in the build folder, so a relative log_path would put the
  # reports where lsan-check.py does not look, and it would find none.
  logs=$(cd "$build" && pwd)/lsan-engines
  rm -rf "$logs"
  mkdir -p "$logs"
  export LSAN_OPTIONS="$LSAN_OPTIONS:exitcode=0:log_path=$logs/report"
  status=0
  # shellcheck disable=SC2086
  $run meson test -C "$build" --no-rebuild --print-errorlogs --timeout-multiplier 4 \
    boot engines boot-faults $ui || status=$?
  # Every window test's process reports GLib's first quark array (a #known: leak), so no report
  # at all means they were written elsewhere and the check below would judge nothing.
  if [ -z "$(ls -A "$logs")" ]; then
    echo "sanitize: no LeakSanitizer report in $logs, where the window tests always write one" >&2
    status=1
  fi
  python3 "$src/tools/lsan-check.py" "$src/tests/lsan.supp" "$logs" || status=1
  exit $status
fi
exec meson test -C "$build" --no-rebuild --print-errorlogs --timeout-multiplier 4 \
  --suite core --suite serve --suite data
