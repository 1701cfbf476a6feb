#!/bin/sh
# Set up a Debian 12 machine for Runtime Console: install the Debian packages that are
# missing (as root, or through sudo) and fetch the pyodide npm package at exactly 0.29.5
# into a cache outside the source tree. Safe to run again; does nothing that is done.
# A maintainer rehearsing an upgrade fetches further versions into the same cache, never the
# tree: `tools/setup.sh --pyodide 314.0.8` (repeatable), or RC_EXTRA_PYODIDE="314.0.8 …".
set -eu

PYODIDE_VERSION=0.29.5
extra="${RC_EXTRA_PYODIDE:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    --pyodide) [ $# -ge 2 ] || { echo "setup: --pyodide needs a VERSION" >&2; exit 2; }
               extra="$extra $2"; shift 2 ;;
    --pyodide=*) extra="$extra ${1#--pyodide=}"; shift ;;
    *) echo "setup: unknown option $1 (setup.sh [--pyodide VERSION]…)" >&2; exit 2 ;;
  esac
done
for v in $extra; do
  # an npm version, nothing else: it becomes a folder name
  if ! printf '%s' "$v" | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+([.-][0-9A-Za-z.]+)?$'; then
    echo "setup: --pyodide $v is not a version such as 314.0.8" >&2
    exit 2
  fi
done
PACKAGES="meson ninja-build pkg-config gcc libglib2.0-dev libglib2.0-bin libyaml-dev
libjson-glib-dev libbrotli-dev libsoup-3.0-dev libgnutls28-dev glib-networking libgtk-4-dev libadwaita-1-dev
libgtksourceview-5-dev libwebkitgtk-6.0-dev libarchive-dev xvfb xauth gettext desktop-file-utils appstream
clang-format clang-14 libclang-rt-14-dev llvm-14 curl python3 nodejs npm
chromium firefox-esr libnss3-tools
itstool yelp-tools yelp pandoc man-db"

missing=""
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    # nodejs may come from another repository with npm bundled.
    if [ "$p" = npm ] && command -v npm >/dev/null 2>&1; then continue; fi
    if [ "$p" = nodejs ] && command -v node >/dev/null 2>&1; then continue; fi
    missing="$missing $p"
  fi
done
if [ -n "$missing" ]; then
  echo "setup: installing$missing"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi

cache="${XDG_CACHE_HOME:-$HOME/.cache}/runtime-console"

# fetch VERSION DIR: the npm package pyodide@VERSION unpacked into DIR, checked.
fetch() {
  if [ ! -f "$2/pyodide-lock.json" ] || [ ! -f "$2/pyodide.asm.wasm" ]; then
    echo "setup: fetching pyodide@$1 from the npm registry into $2"
    mkdir -p "$cache"
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "pyodide@$1" >/dev/null)
    mkdir -p "$2"
    tar -xzf "$tmp/pyodide-$1.tgz" -C "$2" --strip-components=1
    rm -rf "$tmp"
  fi
  version=$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$2/package.json" | head -n 1)
  if [ "$version" != "$1" ]; then
    echo "setup: $2 holds pyodide $version, not $1" >&2
    exit 1
  fi
  echo "setup: Pyodide $1 distribution at $2"
}

fetch "$PYODIDE_VERSION" "${RC_PYODIDE_DIR:-$cache/pyodide-$PYODIDE_VERSION}"
for v in $extra; do
  [ "$v" = "$PYODIDE_VERSION" ] || fetch "$v" "$cache/pyodide-$v"
done
