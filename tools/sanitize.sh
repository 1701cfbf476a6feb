#!/bin/sh
# The project built with AddressSanitizer (LeakSanitizer included) and UBSan, and the suites
# that need no WebKit run in it: core, serve and data. Any sanitizer report fails: ASan and
# UBSan abort (halt_on_error), LeakSanitizer makes the process exit non-zero. Third-party
# leaks are suppressed by name in tests/lsan.supp, each with why.
#
#   tools/sanitize.sh [BUILD]     BUILD defaults to _build-sanitize; the sanitize suite's
#                                 test uses _build/sanitize
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$src/_build-sanitize}
if [ ! -f "$build/build.ninja" ]; then
  # b_lundef=false: the sanitizer runtime provides symbols the libraries reference.
  meson setup "$build" "$src" -Db_sanitize=address,undefined -Db_lundef=false \
    -Dbuildtype=debug >/dev/null
fi
# Only what these suites run, and the runtime-console binary their cli tests run (it links
# the window and WebKit, which then run only as far as the command line goes).
pick='
import json, os, sys
build = os.path.realpath(sys.argv[1])
tests = json.load(open(os.path.join(build, "meson-info", "intro-tests.json")))
known = {line.rsplit(":", 1)[0] for line in sys.stdin.read().splitlines()}
out = {"app/runtime-console"}
for t in tests:
    if {s.split(":")[-1] for s in t["suite"]} & {"core", "serve", "data"}:
        for arg in t["cmd"]:
            # relative arguments are relative to the build folder, where meson runs tests
            path = os.path.realpath(os.path.join(build, arg))
            if path.startswith(build + os.sep):
                out.add(os.path.relpath(path, build))
print(" ".join(sorted(out & known)))
'
targets=$(ninja -C "$build" -t targets all | python3 -c "$pick" "$build")
# shellcheck disable=SC2086
ninja -C "$build" $targets >/dev/null
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:halt_on_error=1:print_summary=1"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:print_summary=1"
export LSAN_OPTIONS="suppressions=$src/tests/lsan.supp:print_suppressions=0"
# The CDN's encoded copies (brotli of the 8.6 MB wasm takes seconds) are the main build's
# when this tree is inside it (_build/sanitize): its serve tests made them already, and the
# slower sanitized tests otherwise start with a cold cache that delays their first requests.
if [ -d "$build/../encoded-cache" ] && [ ! -e "$build/encoded-cache" ]; then
  ln -s ../encoded-cache "$build/encoded-cache"
fi
# ASan makes the tests 2-4 times slower than their timeouts allow for.
exec meson test -C "$build" --no-rebuild --print-errorlogs --timeout-multiplier 4 \
  --suite core --suite serve --suite data
