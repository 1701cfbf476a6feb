/* rc-snapshot-maker.h: makes the snapshot scenario's memory snapshot (rc-snapshot.h).
 *
 * Node.js boots Pyodide from @server's distribution folder with the private _makeSnapshot
 * option and writes makeMemorySnapshot()'s bytes into the process's runtime folder (removed
 * at exit): made once per measurement, so its cost is measured each time, and never written
 * into a community folder. The snapshot is plain WebAssembly memory and the same for every
 * engine; each engine then boots from it as a browser would, from the emulated CDN.
 *
 * A snapshot that cannot be made (no node, Pyodide refusing) is no error: the result says
 * why in its `refused`, and the snapshot runs are left out. Only a cancellation fails.
 */
#pragma once

#include <gio/gio.h>

#include "core/measurement/rc-snapshot.h"
#include "serve/rc-server.h"

G_BEGIN_DECLS

void rc_snapshot_make_async (RcServer *server, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data);
RcSnapshot *rc_snapshot_make_finish (GAsyncResult *result, GError **error);

/* The same, waiting in a main loop of its own (the CLI and the tests, before any engine). */
RcSnapshot *rc_snapshot_make_sync (RcServer *server, GCancellable *cancellable, GError **error);

G_END_DECLS
