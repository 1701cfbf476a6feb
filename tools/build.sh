#!/bin/sh
# Configure (once) and build into _build.
set -eu
cd "$(dirname "$0")/.."
if [ ! -f _build/build.ninja ]; then
  meson setup _build
fi
meson compile -C _build
