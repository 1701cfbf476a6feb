#!/bin/sh
# Every long option a command's --help lists is in that command's page of the manual
# (docs/COMMAND.md), so the manual and the man page built from it cannot fall behind the code,
# and every command has its page. Usage: test-manual-options.sh RUNTIME_CONSOLE SOURCE_DIR
set -eu
bin=$1
docs=$2/docs
status=0
count=0
for command in validate serve boot measure probe advise compare chart history bundle; do
  page="$docs/$command.md"
  if [ ! -f "$page" ]; then
    echo "docs/$command.md is missing: every command has a page" >&2
    status=1
    continue
  fi
  options=$("$bin" "$command" --help | sed -n '/^Application Options:/,/^$/p' \
    | grep -o -- '^ *\(-[a-zA-Z], \)\{0,1\}--[a-z][a-z0-9-]*' | grep -o -- '--[a-z][a-z0-9-]*')
  if [ -z "$options" ]; then
    echo "runtime-console $command --help lists no options" >&2
    status=1
  fi
  for option in $options; do
    count=$((count + 1))
    if ! grep -q -- "$option\([^a-z0-9-]\|$\)" "$page"; then
      echo "runtime-console $command $option is not in docs/$command.md" >&2
      status=1
    fi
  done
done
[ $status -eq 0 ] && echo "docs/ names all $count options of the nine commands"
exit $status
