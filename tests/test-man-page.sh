#!/bin/sh
# Renders runtime-console(1) as a reader's terminal shows it (man -l, 80 columns, groff's
# warnings on) and fails on anything man or groff writes to stderr, or when a section of the
# manual is missing from the page. Usage: test-man-page.sh PAGE.1
set -eu
page=$1
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
status=0
MANWIDTH=80 MANPAGER=cat PAGER=cat man --warnings -E UTF-8 -l "$page" >"$out" 2>"$err" || status=$?
if [ -s "$err" ] || [ $status -ne 0 ]; then
  echo "man -l $page (exit $status) printed:" >&2
  cat "$err" >&2
  exit 1
fi
missing=0
for section in NAME SYNOPSIS 'EXIT STATUS' ENVIRONMENT 'SEE ALSO' VALIDATE 'SERVE:' BOOT \
  MEASURE 'PROBE:' COMPARE CHART HISTORY 'BUNDLE:' 'THE CONSOLE WINDOW' 'MEASUREMENT REPORTS' \
  'LIMITS ON OUTSIDE INPUT'; do
  if ! grep -q "^$section" "$out"; then
    echo "the man page has no section $section" >&2
    missing=1
  fi
done
[ $missing -eq 0 ] && echo "runtime-console(1): $(wc -l <"$out") lines at 80 columns, no warnings"
exit $missing
