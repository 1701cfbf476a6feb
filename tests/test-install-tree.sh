#!/bin/sh
# An installed tree has the manual where GNOME keeps it: `meson install --destdir` into a
# temporary folder, then the man page renders with `man -l` (80 columns, no warning), the
# Mallard help is in share/help/C/runtime-console/ and valid, and the Markdown manual with the
# page Help falls back to is in share/doc/runtime-console/ (the two places app/ui/rc-help.c
# looks; tests/test-help.c checks its choice between them).
# Usage: test-install-tree.sh MESON BUILD_DIR PREFIX DATADIR MANDIR
set -eu
meson=$1
build=$2
prefix=$3
datadir=$4
mandir=$5
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
"$meson" install -C "$build" --no-rebuild --quiet --destdir "$dest" >/dev/null
share="$dest$prefix/$datadir"
status=0
for f in "$dest$prefix/$mandir/man1/runtime-console.1" \
  "$share/help/C/runtime-console/index.page" "$share/help/C/runtime-console/legal.xml" \
  "$share/doc/runtime-console/window.md" "$share/doc/runtime-console/index.md" \
  "$share/doc/runtime-console/screenshots/problems.png" "$dest$prefix/bin/runtime-console"; do
  if [ ! -f "$f" ]; then
    echo "not installed: ${f#"$dest"}" >&2
    status=1
  fi
done
[ $status -eq 0 ] || exit 1
pages=$(ls "$share/help/C/runtime-console" | grep -c '\.page$')
yelp-check validate "$share/help/C/runtime-console"
err=$(mktemp)
MANWIDTH=80 MANPAGER=cat PAGER=cat man --warnings -E UTF-8 -l "$dest$prefix/$mandir/man1/runtime-console.1" \
  2>"$err" | grep -q '^SYNOPSIS' || status=1
if [ -s "$err" ] || [ $status -ne 0 ]; then
  echo "man -l on the installed page:" >&2
  cat "$err" >&2
  rm -f "$err"
  exit 1
fi
rm -f "$err"
echo "installed: runtime-console(1), $pages help pages in share/help/C/runtime-console, $(ls "$share/doc/runtime-console" | grep -c '\.md$') manual pages in share/doc/runtime-console"
