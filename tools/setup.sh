#!/bin/sh
# Set up a Debian 12 machine for Runtime Console: install the Debian packages that are
# missing (as root, or through sudo) and fetch the pyodide npm package at exactly 0.29.5
# into a cache outside the source tree. Safe to run again; does nothing that is done.
set -eu

PYODIDE_VERSION=0.29.5
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
dist="${RC_PYODIDE_DIR:-$cache/pyodide-$PYODIDE_VERSION}"
if [ ! -f "$dist/pyodide-lock.json" ] || [ ! -f "$dist/pyodide.asm.wasm" ]; then
  echo "setup: fetching pyodide@$PYODIDE_VERSION from the npm registry into $dist"
  mkdir -p "$cache"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "pyodide@$PYODIDE_VERSION" >/dev/null)
  mkdir -p "$dist"
  tar -xzf "$tmp/pyodide-$PYODIDE_VERSION.tgz" -C "$dist" --strip-components=1
  rm -rf "$tmp"
fi
version=$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$dist/package.json" | head -n 1)
if [ "$version" != "$PYODIDE_VERSION" ]; then
  echo "setup: $dist holds pyodide $version, not $PYODIDE_VERSION" >&2
  exit 1
fi
echo "setup: Pyodide $PYODIDE_VERSION distribution at $dist"
