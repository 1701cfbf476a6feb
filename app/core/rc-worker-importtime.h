/* rc-worker-importtime.h: the interpreter step split further, from a ready message.
 *
 * The built-in worker sends rc.importtime = {lines: [{t, text}], dropped} when the boot plan
 * asked for Python's -X importtime: each stderr line of it with the worker clock it arrived
 * at. The header line arrives as Python's first import starts (importlib's own bootstrap runs
 * just before it, so it is within a few ms of Python's first bytecode); every other line as
 * an import ends.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "rc-run-record.h"

G_BEGIN_DECLS

/* rc.importtime into @record->interpreter (the interpreter step's imports: those whose line
 * came by @runtime_loaded_ms; the later top-level ones into its after), and python-init split at Python's first import into
 * "python-startup" (the runtime before Python) and "python-imports" (from the first import to
 * runtime_loaded). No rc.importtime: nothing. A line that is not importtime output is a note,
 * not a failed boot; a bad clock is an error naming it. */
gboolean rc_worker_message_record_importtime (RcRunRecord *record, JsonObject *rc,
                                              double runtime_loaded_ms, GError **error);
/* A note when wasm-compile began before pyodide.asm.wasm finished downloading (the engine
 * compiles while it streams, so the figure includes download time). */
void rc_worker_message_note_streaming (RcRunRecord *record);

G_END_DECLS
