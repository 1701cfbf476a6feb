/* rc-prelude-oracle.h: compile a community's preludes with the Pyodide interpreter itself.
 *
 * OSA compiles every deployment's prelude when the config loads, with
 * compile(src, "<prelude>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT) on the server's
 * CPython (community-config.md §3.5). The oracle runs exactly that call inside a real boot of
 * the community's Pyodide (no policy, no preload, no seal) and turns each SyntaxError into a
 * diagnostic at its line and column in config.yaml. It needs a display, like every boot;
 * app/core stays free of WebKit, and the validate CLI calls this for --compile-prelude.
 */
#pragma once

#include "core/model/rc-community.h"
#include "core/base/rc-diagnostic.h"

G_BEGIN_DECLS

/* One source to compile: the deployment key ("production", "develop") or NULL for a plain
 * prelude shared by both. */
typedef struct
{
  char *deployment;
  char *source;
  char *path; /* config.yaml key path of the value, e.g. "runtime.python.prelude.develop" */
} RcPreludeSource;

/* The preludes of @community as written (a plain string once, a map once per deployment),
 * a GPtrArray of RcPreludeSource that frees its elements. Empty without preludes. */
GPtrArray *rc_prelude_oracle_sources (RcCommunity *community);

/* The config.yaml position of @line/@offset (1-based, as SyntaxError reports them) of the
 * prelude written at @path. FALSE when the value's position is unknown. */
gboolean rc_prelude_oracle_position (RcCommunity *community, const char *path, guint line,
                                     guint offset, guint *out_line, guint *out_column);

/* Boots, compiles every prelude and returns new diagnostics (RcDiagnostic, rule
 * "prelude-compile"; empty when all compile). NULL + error when the interpreter could not be
 * booted. */
void rc_prelude_oracle_check_async (RcCommunity *community, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data);
GPtrArray *rc_prelude_oracle_check_finish (GAsyncResult *result, GError **error);
/* The same, running its own main loop until done (for the CLI; needs gtk_init first).
 * Cancelling @cancellable (may be NULL) stops the boot: NULL + G_IO_ERROR_CANCELLED. */
GPtrArray *rc_prelude_oracle_check (RcCommunity *community, double deadline_seconds,
                                    GCancellable *cancellable, GError **error);

G_END_DECLS
