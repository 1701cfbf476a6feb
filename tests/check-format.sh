#!/bin/sh
# Fails when any C source under app/, tests/ or bench/ differs from .clang-format's output.
# The version is pinned: another clang-format formats the same file differently, and the
# check would then fail (or pass) for the formatter, not the code.
set -eu
cd "$1"
want=14
version=$(clang-format --version 2>/dev/null | sed -n 's/.*clang-format version \([0-9]*\)\..*/\1/p')
if [ "$version" != "$want" ]; then
  echo "clang-format $want is needed (Debian 12's clang-format package, tools/setup.sh installs it); found: $(clang-format --version 2>&1 || echo none)" >&2
  exit 1
fi
files=$(find app tests bench -name '*.[ch]' -not -path '*/fixtures/*' | sort)
clang-format --dry-run --Werror $files
echo "clang-format $version: $(echo "$files" | wc -l) files clean"
