#!/bin/sh
# Ctrl-C and SIGTERM during a boot (issue 12): every command that boots stops the boot, stops
# the Xvfb it started, removes its per-run folder from the user's cache and exits 130 / 143
# with one line. Without DISPLAY the console starts its own Xvfb, as on a headless machine.
# A console killed with SIGKILL (nothing can run) takes its Xvfb and web processes with it,
# and the next console removes the folder it left. Nothing is left in the temporary folder,
# the runtime folder (but dconf's own) or, of its Xvfb, in /tmp.
# Usage: test-cli-signals.sh RUNTIME_CONSOLE SOURCE_DIR
set -u
rc="$1"
src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset OSA_DEPLOYMENT ROOT_PATH DISPLAY WAYLAND_DISPLAY
# The distribution stays where setup put it; the cache, the runtime folder (the per-run
# folders, WebKit's sandbox notes) and the temporary folder are our own, where only we look.
export RC_PYODIDE_DIR="${RC_PYODIDE_DIR:-$HOME/.cache/runtime-console/pyodide-0.29.5}"
export XDG_CACHE_HOME="$tmp/cache" XDG_RUNTIME_DIR="$tmp/run" TMPDIR="$tmp/tmpdir"
mkdir -p "$XDG_CACHE_HOME" "$TMPDIR"
mkdir -m 0700 "$XDG_RUNTIME_DIR"
demo="$src/data/examples/demo"
failures=0
n=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
fail () { n=$((n + 1)); failures=$((failures + 1)); echo "not ok $n - $1"; }
check () { if eval "$2"; then ok "$1"; else fail "$1"; fi; }

alive () { [ -e "/proc/$1" ] && ! grep -q '^[0-9]* ([^)]*) Z' "/proc/$1/stat" 2>/dev/null; }

# until SECONDS COMMAND: runs COMMAND every 0.2 s until it succeeds (0) or time is up (1).
until_true () {
  limit=$(( $1 * 5 )); shift
  i=0
  while [ $i -lt $limit ]; do
    if eval "$*"; then return 0; fi
    sleep 0.2
    i=$((i + 1))
  done
  return 1
}

children () { pgrep -P "$1" -d ' ' "$2" 2>/dev/null; }
# The WebKit processes under PID (the web process runs inside bubblewrap, two levels down).
webkit_processes () {
  ps -eo pid=,ppid=,comm= | awk -v root="$1" '
    { parent[$1] = $2; name[$1] = $3 }
    END {
      for (p in parent) {
        if (name[p] !~ /^(WebKit|bwrap)/) continue
        for (q = parent[p]; q > 1 && q != root; q = parent[q]) {}
        if (q == root) printf "%s ", p
      }
    }'
}
leftover_folders () { ls "$XDG_RUNTIME_DIR" | grep '^runtime-console-' ; }
# What else is in the runtime folder: dconf's database folder belongs to the user's session.
leftover_runtime () { ls -A "$XDG_RUNTIME_DIR" | grep -v -e '^runtime-console-' -e '^dconf$' ; }
# The socket in /tmp/.X11-unix that Xvfb PID listens on (-displayfd takes no lock file): its
# socket inodes, looked up in /proc/net/unix.
xvfb_files () {
  for inode in $(ls -l "/proc/$1/fd" 2>/dev/null | sed -n 's/.*socket:\[\([0-9]*\)\].*/\1/p'); do
    awk -v inode="$inode" '$7 == inode && $8 ~ /^\/tmp\/\.X11-unix\/X/ { print $8 }' /proc/net/unix
  done | sort -u
}
none_exist () { for f in "$@"; do [ ! -e "$f" ] || return 1; done; return 0; }

# interrupt NAME SIGNAL TARGET READY_PATTERN COMMAND…: starts the console in a session of
# its own (as a shell starts a job), waits until a web process of its runs and READY_PATTERN
# (if not empty) is in its output (at most 180 s), sends SIGNAL to TARGET ("pid", or "group" as Ctrl-C does)
# and waits (at most 120 s) for it to exit. Sets status, xvfb and web.
interrupt () {
  name="$1" sig="$2" target="$3" pattern="$4"; shift 4
  setsid "$rc" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" &
  pid=$!
  xvfb="" web="" status=""
  booting="webkit_processes $pid | grep -q '[0-9]'"
  [ -n "$pattern" ] && booting="$booting && grep -q '$pattern' '$tmp/$name.out' '$tmp/$name.err'"
  if until_true 180 "$booting"; then
    ok "$name: booting (Xvfb and a web process started)"
  else
    fail "$name: booting (Xvfb and a web process started)"
    cat "$tmp/$name.err" >&2
  fi
  xvfb=$(children $pid Xvfb)
  web=$(webkit_processes $pid)
  xfiles=""
  [ -n "$xvfb" ] && xfiles=$(xvfb_files $xvfb)
  if [ "$target" = group ]; then kill -s "$sig" -- "-$pid"; else kill -s "$sig" "$pid"; fi
  if ! until_true 120 "! alive $pid"; then
    echo "# $name: still running 120 s after SIG$sig, killed" >&2
    kill -s KILL "$pid"
  fi
  wait "$pid"; status=$?
}

# gone PIDS…: none of them is alive (they may take a moment to notice their parent left).
gone () { for p in "$@"; do until_true 15 "! alive $p" || return 1; done; return 0; }

clean_exit () {
  name="$1" expected="$2" sig="$3"
  check "$name: exits $expected" "[ '$status' -eq $expected ]"
  # One line of the console's own (the web process may still warn about its a11y bus):
  # "runtime-console CMD: interrupted (SIGINT): …", and no other line of ours after it.
  check "$name: says so in one line" \
    "[ \$(grep -c 'interrupted (SIG$sig)' '$tmp/$name.err') -eq 1 ] && grep '^runtime-console' '$tmp/$name.err' | tail -n 1 | grep -q 'interrupted (SIG$sig)'"
  check "$name: its Xvfb is stopped" "[ -n '$xvfb' ] && gone $xvfb"
  check "$name: its Xvfb's socket in /tmp is gone" "[ -n '$xfiles' ] && none_exist $xfiles"
  check "$name: no web or network process left" "gone $web"
  check "$name: no per-run folder left" "[ -z \"\$(leftover_folders)\" ]"
  for f in $(leftover_folders); do echo "# left: $f (console $pid)"; find "$XDG_RUNTIME_DIR/$f" | head -20 | sed 's/^/#   /'; done
  check "$name: nothing else left in the runtime folder (WebKit's sandbox notes)" "[ -z \"\$(leftover_runtime)\" ]"
  find "$XDG_RUNTIME_DIR" -mindepth 1 | grep -v -e '/runtime-console-' -e '/dconf' | head -10 | sed 's/^/#   left: /'
  check "$name: nothing left in the temporary folder" "[ -z \"\$(ls -A '$TMPDIR')\" ]"
  ls -A "$TMPDIR" | head -10 | sed 's/^/#   left in TMPDIR: /'
}

"$rc" boot --help >/dev/null 2>&1 || { echo "Bail out! $rc does not run"; exit 1; }

# Ctrl-C: the whole job gets SIGINT (the console, its web processes; Xvfb has its own group).
interrupt boot-int INT group '\[1/' boot "$demo" --deadline 150
clean_exit boot-int 130 INT
check "boot-int: the boot had started" "grep -q '^Booting' '$tmp/boot-int.out'"

# SIGKILL: nothing of the console runs, but Xvfb and the web processes go with it.
interrupt boot-kill KILL pid '\[1/' boot "$demo" --deadline 150
check "boot-kill: killed" "[ $status -eq 137 ]"
check "boot-kill: its Xvfb went with it" "[ -n '$xvfb' ] && gone $xvfb"
check "boot-kill: its Xvfb's socket in /tmp went with it" "[ -n '$xfiles' ] && none_exist $xfiles"
check "boot-kill: no web or network process left" "gone $web"
check "boot-kill: its folder is left (atexit never ran)" "[ -n \"\$(leftover_folders)\" ]"
check "boot-kill: so are its web processes' sandbox notes" "[ -n \"\$(ls -A '$XDG_RUNTIME_DIR/.flatpak' 2>/dev/null)\" ]"

# SIGTERM to the console alone; it also removes the folder (and the sandbox notes) the killed
# one left.
interrupt boot-term TERM pid '\[1/' boot "$demo" --deadline 150
clean_exit boot-term 143 TERM

# validate --compile-prelude boots Pyodide to compile the demo's preludes.
interrupt validate-term TERM pid '' validate "$demo" --compile-prelude
clean_exit validate-term 143 TERM

interrupt measure-int INT group 'cold-1 \[1/' measure "$demo" --scenario cold --no-control \
  --deadline 150
clean_exit measure-int 130 INT

echo "1..$n"
[ $failures -eq 0 ]
