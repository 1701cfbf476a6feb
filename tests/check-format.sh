#!/bin/sh
# Fails when any C source under app/, tests/ or bench/ differs from .clang-format's output.
set -eu
cd "$1"
files=$(find app tests bench -name '*.[ch]' -not -path '*/fixtures/*' | sort)
clang-format --dry-run --Werror $files
echo "clang-format: $(echo "$files" | wc -l) files clean"
