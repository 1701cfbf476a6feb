/* rc-paths.h: where the console finds things outside the source tree. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The Pyodide distribution fetched at setup: $RC_PYODIDE_DIR, else
 * $XDG_CACHE_HOME/runtime-console/pyodide-<version>. Never inside the source tree. */
char *rc_paths_default_distribution (void);

/* The npm distribution of Pyodide @version that `tools/setup.sh --pyodide VERSION` fetched:
 * $XDG_CACHE_HOME/runtime-console/pyodide-<version>; the default one for the pinned version
 * (or NULL). Not checked for existence. */
char *rc_paths_distribution_for (const char *version);

/* The Pyodide versions other than the pinned one that `tools/setup.sh --pyodide VERSION`
 * fetched: every pyodide-<version> folder with a pyodide-lock.json under @parent (NULL:
 * $XDG_CACHE_HOME/runtime-console), newest first. An empty vector when there is none. */
GStrv rc_paths_fetched_versions (const char *parent);

/* Where the CDN emulation keeps content-encoded copies of distribution files (named by
 * the file's sha256): $RC_ENCODED_CACHE_DIR, else $XDG_CACHE_HOME/runtime-console/encoded.
 * Never inside the source tree; not created here. */
char *rc_paths_encoded_cache_dir (void);

/* A per-process private directory under $XDG_RUNTIME_DIR (or the tmp dir), mode 0700,
 * for generated certificates and scratch data. Created on first use and removed, with all
 * it holds, when the process exits normally. Its owner holds a lock on owner.lock in it, so
 * the folder of a process that was killed or crashed is removed by the next one that
 * creates its own (rc_paths_sweep_runtime_dirs()). */
const char *rc_paths_runtime_dir (void);

/* Removes every runtime-console-PID-* folder of the user's under @parent whose owner is gone
 * (its lock is free; for a folder without one, no process has that pid), and what its web
 * processes' sandbox left (rc_paths_remove_sandbox_info()). */
void rc_paths_sweep_runtime_dirs (const char *parent);

/* WebKitGTK's sandbox writes $XDG_RUNTIME_DIR/.flatpak/webkit-PID-N/bwrapinfo.json for each web
 * process that process PID starts (for the desktop portal) and never removes it: one folder
 * per boot. Removes @pid's, and .flatpak itself if it is then empty. */
void rc_paths_remove_sandbox_info (gint64 pid);

/* Read-only data shipped with the console (data/ in the source tree or installed). */
char *rc_paths_data_file (const char *relative);

G_END_DECLS
