#!/bin/sh
# The AppStream metainfo's screenshots are pictures the window tests took and the repository
# holds: every <image> URL names a PNG committed under docs/screenshots/ (by its path on the
# main branch), with the width and height the metainfo gives. Usage: SOURCE_DIR METAINFO.in
set -eu
src=$1
metainfo=$2
prefix='https://raw.githubusercontent.com/OpenScience-Collective/runtime-console/main/'
status=0
images=$(grep -o '<image[^>]*>[^<]*</image>' "$metainfo" || true)
if [ -z "$images" ]; then
  echo "$metainfo has no screenshot images" >&2
  exit 1
fi
echo "$images" | while IFS= read -r image; do
  url=$(echo "$image" | sed 's/.*>\([^<]*\)<.*/\1/')
  width=$(echo "$image" | sed -n 's/.*width="\([0-9]*\)".*/\1/p')
  height=$(echo "$image" | sed -n 's/.*height="\([0-9]*\)".*/\1/p')
  case "$url" in
    "$prefix"docs/screenshots/*.png) ;;
    *) echo "$url: not a PNG under docs/screenshots/ at $prefix" >&2; exit 1 ;;
  esac
  file="$src/${url#"$prefix"}"
  if [ ! -f "$file" ]; then
    echo "$url: $file is not in the source tree" >&2
    exit 1
  fi
  # A PNG's IHDR: 8-byte signature, then length, "IHDR", width and height (big-endian).
  if [ "$(head -c 8 "$file" | od -An -tx1 | tr -d ' \n')" != 89504e470d0a1a0a ]; then
    echo "$file is not a PNG" >&2
    exit 1
  fi
  size=$(od -An -tu1 -j16 -N8 "$file" | awk '{print $1*16777216+$2*65536+$3*256+$4 " " $5*16777216+$6*65536+$7*256+$8}')
  if [ "$size" != "$width $height" ]; then
    echo "$url: the metainfo says ${width}x${height}, the file is $(echo "$size" | tr ' ' x)" >&2
    exit 1
  fi
  echo "ok: $file (${width}x${height})"
done || status=1
exit $status
