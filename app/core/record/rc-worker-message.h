/* rc-worker-message.h: the messages the host page relays from the worker (runtime-worker.md
 * §2), read into a run record.
 *
 * The engine (app/boot/rc-engine-messages.c) receives each message as text from WebKit and
 * keeps the boot's state; everything that turns the text into numbers and record entries
 * is here, without WebKit, so it is unit-tested and fuzzed (tests/fuzz/fuzz-worker-message.c).
 * The text comes from a page that runs community code: it is outside input, bounded in size
 * and depth, and every number that becomes an integer or a time is range-checked.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <json-glib/json-glib.h>

#include "core/record/rc-boot-progress.h"
#include "core/record/rc-run-record.h"

G_BEGIN_DECLS

/* Results carry up to 3 PNG images as base64: far below 64 MiB. Real messages nest 5 deep. */
#define RC_WORKER_MESSAGE_MAX_BYTES ((gsize) 64 << 20)
#define RC_WORKER_MESSAGE_MAX_DEPTH 32
/* A page clock reading beyond ±10^12 ms (31 years) is no reading. */
#define RC_WORKER_MESSAGE_MAX_MS 1e12

#define RC_WORKER_MESSAGE_ERROR (rc_worker_message_error_quark ())
GQuark rc_worker_message_error_quark (void);

typedef enum
{
  RC_WORKER_MESSAGE_ERROR_INVALID, /* not a JSON object, too large or deep, a bad number */
} RcWorkerMessageError;

/* One page message ({"kind": …, "data": {…}}): NULL with an error naming the position. */
JsonObject *rc_worker_message_parse (const char *text, gsize length, GError **error);

/* Members of any type-checked kind; NULL or @fallback when absent or of another type. */
const char *rc_worker_message_string (JsonObject *object, const char *name);
JsonObject *rc_worker_message_object (JsonObject *object, const char *name);
double rc_worker_message_double (JsonObject *object, const char *name, double fallback);

/* The message's page clock (rc.t, -1 when absent) and heap (rc.heap, -1 when absent). */
gboolean rc_worker_message_stamp (JsonObject *data, double *t_ms, gint64 *heap, GError **error);
/* A progress or ready message, read once: its stamp (rc.t, rc.heap, rc.probe), step and
 * steps range-checked. NULL without an error for any other message; NULL with one naming
 * the member for a number out of range. */
RcBootProgress *rc_worker_message_read_progress (JsonObject *data, GError **error);
/* A progress message into @record (its step, steps, phase, package, module). */
void rc_worker_message_record_progress (RcRunRecord *record, const RcBootProgress *progress);
/* A host page's failure before a worker ran ({"kind": "host_error", stage, url, status,
 * message}), as the record's outcome says it: the text with the stage and the URL, and in
 * @kind "worker_error" for a worker that could not be constructed (most often the policy's
 * worker-src), else "page" (the page's own files and scripts). */
char *rc_worker_message_host_error (JsonObject *message, const char **kind);
/* A ready message's rc.resources (Resource Timing) and rc.hooks (the worker's own timings)
 * into @record, and python-init up to @runtime_loaded_ms. */
gboolean rc_worker_message_record_resources (RcRunRecord *record, JsonObject *rc,
                                             double runtime_loaded_ms, GError **error);

/* the interpreter step split further, from a ready message.
 *
 * The built-in worker sends rc.importtime = {lines: [{t, text}], dropped} when the boot plan
 * asked for Python's -X importtime: each stderr line of it with the worker clock it arrived
 * at. The header line arrives as Python's first import starts (importlib's own bootstrap runs
 * just before it, so it is within a few ms of Python's first bytecode); every other line as
 * an import ends.
 */
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
