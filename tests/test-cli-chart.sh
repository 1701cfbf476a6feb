#!/bin/sh
# `runtime-console chart REPORT.json --chart …` and the --chart options of compare and measure:
# files written in the format their extension names, the kind from the stem or KIND=FILE, bad
# kinds, extensions and sizes are option errors (exit 2 with the --help pointer). No display:
# DISPLAY and WAYLAND_DISPLAY are unset, so a chart that needed one would fail here.
# Usage: test-cli-chart.sh RUNTIME_CONSOLE FIXTURES_DIR
set -u
rc="$1"
fixtures="$2"
report="$fixtures/demo-report.json"
other="$fixtures/demo-report-b.json"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset DISPLAY WAYLAND_DISPLAY
failures=0
n=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
fail () { n=$((n + 1)); failures=$((failures + 1)); echo "not ok $n - $1"; }
check () { if eval "$2"; then ok "$1"; else fail "$1"; fi; }
png_size () { python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(24); print('%dx%d' % struct.unpack('>II', d[16:24]) if d[:8]==b'\x89PNG\r\n\x1a\n' else 'not-png')" "$1"; }

"$rc" chart "$report" --chart "$tmp/timeline.svg" --chart "$tmp/heap.png" >"$tmp/out" 2>"$tmp/err"; status=$?
check "chart exits 0" "[ $status -eq 0 ]"
check "timeline.svg is an SVG with the timeline's labels as text" \
  "grep -q '<svg' '$tmp/timeline.svg' && grep -q '>Boot timeline</text>' '$tmp/timeline.svg' && grep -q '>loading_runtime</text>' '$tmp/timeline.svg'"
check "heap.png is a 960-wide PNG" "png_size '$tmp/heap.png' | grep -q '^960x'"
check "each file is named on stderr" "grep -q 'timeline.svg' '$tmp/err' && grep -q 'heap.png' '$tmp/err'"

# The timeline carries the reader-waits lanes under preload_on, with the recommendation; the
# model delay is the report's unless --model-delay says otherwise.
check "the timeline has the reader-waits lanes and the recommendation" \
  "grep -q 'What a reader waits' '$tmp/timeline.svg' && grep -q '>first_message</text>' '$tmp/timeline.svg' && grep -q 'preload_on: first_message' '$tmp/timeline.svg' && grep -q 'first turn 8.1 s' '$tmp/timeline.svg'"
"$rc" chart "$report" --model-delay 1.5 --chart "$tmp/delay-timeline.svg" 2>"$tmp/err"; status=$?
check "--model-delay 1.5 redraws the lanes with it" \
  "[ $status -eq 0 ] && grep -q 'first turn 1.5 s' '$tmp/delay-timeline.svg' && ! grep -q 'first turn 8.1 s' '$tmp/delay-timeline.svg'"
"$rc" chart "$report" --model-delay -3 --chart "$tmp/neg-timeline.svg" 2>"$tmp/err"; status=$?
check "a negative --model-delay exits 2" "[ $status -eq 2 ] && [ ! -e '$tmp/neg-timeline.svg' ] && grep -q 'model-delay' '$tmp/err'"

"$rc" chart "$report" --chart "bytes=$tmp/cost.png" --chart "$tmp/demo-runs.svg" --chart-size 800x500 2>"$tmp/err"; status=$?
check "KIND=FILE and a kind inside the stem" "[ $status -eq 0 ] && [ -s '$tmp/demo-runs.svg' ] && grep -q '>Step times over all runs</text>' '$tmp/demo-runs.svg'"
check "--chart-size sets the size" "[ \"\$(png_size '$tmp/cost.png')\" = 800x500 ]"

"$rc" chart "$report" --chart "$tmp/pie.svg" >"$tmp/out" 2>"$tmp/err"; status=$?
check "a stem naming no chart exits 2" "[ $status -eq 2 ] && [ ! -e '$tmp/pie.svg' ]"
check "the error names the kinds and points to --help" \
  "grep -q 'timeline, heap, bytes, runs, compare' '$tmp/err' && grep -q 'chart --help' '$tmp/err'"
"$rc" chart "$report" --chart "pie=$tmp/x.svg" 2>"$tmp/err"; status=$?
check "an unknown KIND exits 2" "[ $status -eq 2 ] && grep -q 'unknown chart' '$tmp/err'"
"$rc" chart "$report" --chart "$tmp/timeline.pdf" 2>"$tmp/err"; status=$?
check "a bad extension exits 2" "[ $status -eq 2 ] && grep -q '.svg or .png' '$tmp/err'"
"$rc" chart "$report" --chart "$tmp/timeline.png" --chart-size 10x10 2>"$tmp/err"; status=$?
check "a bad --chart-size exits 2" "[ $status -eq 2 ] && grep -q 'chart-size' '$tmp/err'"
"$rc" chart "$report" --chart "$tmp/compare.svg" 2>"$tmp/err"; status=$?
check "compare without --compare exits 2" "[ $status -eq 2 ] && grep -q -- '--compare' '$tmp/err'"
"$rc" chart "$tmp/missing.json" --chart "$tmp/timeline.png" 2>"$tmp/err"; status=$?
check "a missing report exits 2 naming it" "[ $status -eq 2 ] && grep -q 'missing.json' '$tmp/err'"

"$rc" chart "$report" --compare "$other" --chart "$tmp/compare.svg" 2>"$tmp/err"; status=$?
check "chart --compare draws both reports" "[ $status -eq 0 ] && grep -q 'demo-report-b.json' '$tmp/compare.svg'"
"$rc" compare "$report" "$other" --chart "$tmp/cmp-compare.svg" >"$tmp/out" 2>"$tmp/err"; status=$?
check "compare --chart compare.svg" "[ $status -eq 0 ] && grep -q '>Environments differ' '$tmp/cmp-compare.svg' && grep -q 'B − A' '$tmp/out'"
"$rc" compare "$report" "$other" --chart "donut=$tmp/donut.svg" 2>"$tmp/err"; status=$?
check "compare with a bad chart exits 2" "[ $status -eq 2 ] && grep -q 'compare --help' '$tmp/err'"
# issue 23: with two reports the comparison is the chart that makes sense
"$rc" compare "$report" "$other" --chart "$tmp/diff.png" >"$tmp/out" 2>"$tmp/err"; status=$?
check "compare --chart diff.png draws the comparison" \
  "[ $status -eq 0 ] && [ -s '$tmp/diff.png' ] && [ \"\$(png_size '$tmp/diff.png')\" != not-png ] && grep -q 'diff.png' '$tmp/err'"
"$rc" compare "$report" "$other" --chart "$tmp/diff.svg" --chart "$tmp/heap.svg" >"$tmp/out" 2>"$tmp/err"; status=$?
check "compare: a kind in the name still wins" \
  "[ $status -eq 0 ] && grep -q '>Environments differ' '$tmp/diff.svg' && ! grep -q '>Environments differ' '$tmp/heap.svg'"
"$rc" chart "$report" --compare "$other" --chart "$tmp/chart-diff.svg" 2>"$tmp/err"; status=$?
check "chart --compare B: a file name without a kind is the comparison" \
  "[ $status -eq 0 ] && grep -q 'demo-report-b.json' '$tmp/chart-diff.svg'"
"$rc" measure --check-budgets "$report" --chart "$tmp/m-bytes.svg" >"$tmp/out" 2>"$tmp/err"; status=$?
check "measure --chart draws the measured (here: saved) report" "[ -s '$tmp/m-bytes.svg' ] && grep -q '>Bytes and cache hits</text>' '$tmp/m-bytes.svg'"
"$rc" measure /nonexistent --chart "$tmp/x.gif" 2>"$tmp/err"; status=$?
check "measure checks --chart before booting" "[ $status -eq 2 ] && grep -q '.svg or .png' '$tmp/err' && grep -q 'measure --help' '$tmp/err'"

# A report measured in three engines (measure --engine webkit,chromium,firefox on the demo): a
# labelled lane per engine in the timeline, a labelled row per engine in bytes and runs.
engines="$fixtures/three-engines-report.json"
"$rc" chart "$engines" --chart "$tmp/e-timeline.svg" --chart "$tmp/e-bytes.svg" --chart "$tmp/e-runs.svg" 2>"$tmp/err"; status=$?
check "a three-engine report charts" "[ $status -eq 0 ]"
check "the timeline names a lane per engine, with its version and run" \
  "grep -q '>WebKitGTK 2[.0-9]*: webkit/cold-1</text>' '$tmp/e-timeline.svg' && grep -q '>Chromium 1[.0-9]*: chromium/cold-1</text>' '$tmp/e-timeline.svg' && grep -q '>Firefox 1[.0-9a-z]*: firefox/cold-1</text>' '$tmp/e-timeline.svg'"
for kind in bytes runs; do
  for label in 'WebKitGTK 2\.[0-9]*' 'Chromium 1[0-9]*' 'Firefox 1[0-9]*'; do
    rows=$(grep -o ">$label</text>" "$tmp/e-$kind.svg" | wc -l)
    check "$kind: a row per group or step for $label ($rows)" "[ $rows -ge 3 ]"
  done
done

echo "1..$n"
[ $failures -eq 0 ]
