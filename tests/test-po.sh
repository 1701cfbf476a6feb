#!/bin/sh
# Fails when a translation is not complete: untranslated or fuzzy entries, or format errors.
# Usage: test-po.sh SOURCE_ROOT LANG
set -eu
po="$1/po/$2.po"
stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1)
echo "$2: $stats"
case "$stats" in
  *untranslated*|*fuzzy*) echo "$po is not complete" >&2; exit 1 ;;
esac
