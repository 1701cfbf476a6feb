/* rc-cli-signals.h: Ctrl-C and SIGTERM for every command that boots (boot, measure,
 * validate --compile-prelude).
 *
 * The default action of both signals kills the process at once: atexit() never runs, so the
 * Xvfb the CLI started (rc-cli-display.c) survives as an orphan and the per-run folder
 * (rc_paths_runtime_dir()) stays in the user's cache. Watched instead, the first signal
 * prints one line and cancels the command's cancellable (the boot stops, the engine gives its
 * session back); the command then returns rc_cli_signals_exit_status() from main, and exit()
 * does the rest. A second signal exits at once, still through exit().
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* From now until rc_cli_signals_unwatch(), SIGINT and SIGTERM cancel @cancellable (which
 * may be NULL until rc_cli_signals_set_cancellable()) instead of killing the process.
 * @command names the command in the message ("boot"). */
void rc_cli_signals_watch (const char *command);
/* What the next signal cancels; a signal that came before cancels it at once. */
void rc_cli_signals_set_cancellable (GCancellable *cancellable);
void rc_cli_signals_unwatch (void);

/* The signal that came (SIGINT or SIGTERM), or 0. */
int rc_cli_signals_caught (void);
/* 128 + the signal (130 for SIGINT, 143 for SIGTERM), the shell's convention; 0 if none. */
int rc_cli_signals_exit_status (void);

G_END_DECLS
