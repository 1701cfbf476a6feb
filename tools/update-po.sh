#!/bin/sh
# Regenerates po/runtime-console.pot from po/POTFILES.in and merges it into every po/*.po.
# Then translate what `msgfmt --check --statistics po/LANG.po` reports as untranslated/fuzzy.
set -eu
cd "$(dirname "$0")/.."
[ -f _build/build.ninja ] || meson setup _build
meson compile -C _build runtime-console-pot
for lang in $(grep -v '^#' po/LINGUAS); do
  msgmerge --quiet --update --backup=none --no-fuzzy-matching "po/$lang.po" po/runtime-console.pot
  printf '%s: ' "$lang"
  LC_ALL=C msgfmt --check --statistics -o /dev/null "po/$lang.po"
done
echo "Untranslated or fuzzy entries: msgattrib --untranslated --only-fuzzy / msgattrib --untranslated po/LANG.po"
