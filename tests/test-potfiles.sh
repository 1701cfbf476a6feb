#!/bin/sh
# Fails when a file under app/ or ui/ with translatable strings is missing from po/POTFILES.in,
# or when POTFILES.in names a file that does not exist (as Epiphany's check-potfiles does).
set -eu
cd "$1"
status=0
found=$(grep -rlE '(^|[^A-Za-z0-9_])(N?C?_|ngettext|g_dngettext) ?\(|translatable="yes"' app ui --include='*.c' --include='*.ui' | sort)
for f in $found; do
  if ! grep -qxF "$f" po/POTFILES.in; then
    echo "po/POTFILES.in is missing $f" >&2
    status=1
  fi
done
for f in $(grep -v '^#' po/POTFILES.in | grep -v '^$'); do
  if [ ! -f "$f" ]; then
    echo "po/POTFILES.in names $f, which does not exist" >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "POTFILES.in lists all $(echo "$found" | wc -w) files with translatable strings"
exit $status
