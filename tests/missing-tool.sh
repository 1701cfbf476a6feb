#!/bin/sh
# Stands in for a test whose tool was not found when the build was configured: it fails and
# says what to install, so a missing tool is a red test, never a test that silently vanished.
# Usage: missing-tool.sh TOOL DEBIAN_PACKAGE
echo "$1 was not found when the build was configured: install it (apt-get install $2, or run tools/setup.sh) and reconfigure (meson setup --reconfigure _build)" >&2
exit 1
