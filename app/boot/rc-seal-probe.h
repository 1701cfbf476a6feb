/* rc-seal-probe.h: the seal probe: boots a community, imports every public module of its
 * preloaded packages once under the seal (data/py/seal-walk.py, run as executed code), and
 * looks for the smallest import_before_seal list that makes them all import, re-booting with
 * each candidate list (rc_engine_set_import_before_seal(), so the folder is never written)
 * until every module imports, nothing more can be added, or four re-boots ran.
 *
 * Every boot is cold, so the first boot and the one with the recommendation cost the same
 * way; the engine's import_before_seal override is cleared at the end.
 */
#pragma once

#include "boot/rc-engine.h"
#include "core/seal/rc-seal-report.h"

G_BEGIN_DECLS

#define RC_SEAL_PROBE_MAX_REBOOTS 4

#define RC_TYPE_SEAL_PROBE (rc_seal_probe_get_type ())
G_DECLARE_FINAL_TYPE (RcSealProbe, rc_seal_probe, RC, SEAL_PROBE, GObject)

/* Signals: "message" (const char *line): what it is doing, for a progress display. */
RcSealProbe *rc_seal_probe_new (RcEngine *engine);
/* The top-level packages to walk; NULL (the default): the import name of every preload. */
void rc_seal_probe_set_packages (RcSealProbe *self, const char *const *packages);
/* Also walk private `_` modules (default FALSE). */
void rc_seal_probe_set_private (RcSealProbe *self, gboolean private_modules);

/* The report comes back also when a boot or the walk failed (its problem says so); a GError
 * only when nothing could be attempted (no runtime, busy engine) or on cancellation. */
void rc_seal_probe_run_async (RcSealProbe *self, GCancellable *cancellable,
                              GAsyncReadyCallback callback, gpointer user_data);
RcSealReport *rc_seal_probe_run_finish (RcSealProbe *self, GAsyncResult *result, GError **error);

G_END_DECLS
