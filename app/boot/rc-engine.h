/* rc-engine.h: boots a community's runtime for real, in a browser (WebKitGTK's view in this
 * process by default, or headless Chromium or Firefox: rc-browser.h), under a chosen CSP.
 *
 * The engine serves its host page (data/js, from GResources) and a boot plan through the
 * origin emulation (RcServer), loads the page in its browser, whose network goes through the
 * server's loopback proxy, and follows the worker's messages (runtime-worker.md
 * §2) into an RcRunRecord. A deadline that expires, the worker failing or the web process
 * dying end the boot FAILED with a kind, a message and (for the deadline) a diagnosis.
 *
 * One boot at a time per engine. Needs a display (run under `xvfb-run -a` without one).
 */
#pragma once

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

#include "core/record/rc-boot-progress.h"
#include "core/record/rc-engine-info.h"
#include "core/model/rc-community.h"
#include "core/record/rc-run-record.h"
#include "boot/rc-boot-types.h"
#include "core/measurement/rc-snapshot.h"
#include "serve/rc-server.h"

G_BEGIN_DECLS

#define RC_ENGINE_DEFAULT_DEADLINE_SECONDS 120.0

#define RC_TYPE_ENGINE (rc_engine_get_type ())
G_DECLARE_FINAL_TYPE (RcEngine, rc_engine, RC, ENGINE, GObject)

/* The engine configures @server for @community (page files, CSP, community routes) and
 * starts it when it is not running. Properties:
 *   "csp" (string, NULL = no policy), "csp-name" (string: preset name, "custom" or "none"),
 *   "deployment" (uint, RcDeployment), "deadline-seconds" (double, default 120),
 *   "worker-kind" (uint, RcWorkerKind), "state" (uint, RcEngineState, read-only).
 * Signals:
 *   "progress" (const RcBootProgress *progress): each progress message and the ready
 *     message, read once and range-checked (a message that is not is the engine's failure);
 *   "violation" (const char *directive, const char *blocked_uri, const char *source):
 *     a securitypolicyviolation in the page or the worker;
 *   "state-changed" (guint state). */
RcEngine *rc_engine_new (RcCommunity *community, RcServer *server);

RcCommunity *rc_engine_get_community (RcEngine *self);
RcServer *rc_engine_get_server (RcEngine *self);

/* @name: preset name for the record ("nemarlike", "custom", …); @policy NULL = none. */
void rc_engine_set_csp (RcEngine *self, const char *name, const char *policy);
const char *rc_engine_get_csp (RcEngine *self);
const char *rc_engine_get_csp_name (RcEngine *self);
void rc_engine_set_deployment (RcEngine *self, RcDeployment deployment);
RcDeployment rc_engine_get_deployment (RcEngine *self);
void rc_engine_set_deadline_seconds (RcEngine *self, double seconds);
double rc_engine_get_deadline_seconds (RcEngine *self);
/* Python's -X importtime in the built-in worker (default off: it costs a little time), so the
 * record has the slowest imports and python-init split at Python's first import. */
void rc_engine_set_importtime (RcEngine *self, gboolean enabled);
/* The experimental snapshot scenario (rc-snapshot.h): serves @snapshot from the emulated CDN
 * and boots runs of the snapshot scenarios from it (built-in worker only); NULL stops. */
void rc_engine_set_snapshot (RcEngine *self, const RcSnapshot *snapshot);
gboolean rc_engine_get_importtime (RcEngine *self);
void rc_engine_set_worker_kind (RcEngine *self, RcWorkerKind kind);
/* Boots Pyodide @version instead of the one config.yaml pins (a rehearsed upgrade; the
 * community must have been loaded against that version's distribution); NULL: the pinned. */
void rc_engine_set_pyodide_version (RcEngine *self, const char *version);
const char *rc_engine_get_pyodide_version (RcEngine *self);
/* Points the server's CDN at what the next boot serves (the community's distribution, the
 * candidate's version) before any boot: the snapshot is made from it. */
void rc_engine_point_cdn (RcEngine *self);
RcWorkerKind rc_engine_get_worker_kind (RcEngine *self);
RcEngineState rc_engine_get_state (RcEngine *self);

/* WebKit (the default) boots in rc_engine_get_view(); Chromium and Firefox boot in a headless
 * browser of their own (rc-browser.h) behind the same origin emulation, with the same record.
 * Fails when that browser is not installed (RC_ENGINE_ERROR_NO_BROWSER, saying how to install
 * it). Not while a boot runs. */
gboolean rc_engine_set_engine_kind (RcEngine *self, RcEngineKind kind, GError **error);
RcEngineKind rc_engine_get_engine_kind (RcEngine *self);
/* The engine's exact version ("2.50.6" for WebKitGTK, "156.0.7531.2" for Chromium). */
const char *rc_engine_get_engine_version (RcEngine *self);

/* The OSA checkout's frontend/osa-runtime.bundle.js above the community folder, or NULL. */
char *rc_engine_find_osa_bundle (RcCommunity *community);

/* A stable container widget; the WebKitWebView inside it is replaced on cold and
 * warm-restart boots. */
GtkWidget *rc_engine_get_view (RcEngine *self);

/* Configures and starts the server with the host page and a boot plan, as a boot does, without
 * booting: the page at the page origin then boots in whatever browser opens it (serve). Fails
 * like the plan does (a community without runtime.python). */
gboolean rc_engine_serve_page (RcEngine *self, GError **error);

/* Boots once. The record is returned for READY and FAILED boots alike (see its outcome);
 * a GError only when the boot could not be attempted (RC_ENGINE_ERROR_*) or was stopped.
 * The record is the engine's next run of @mode's scenario ("cold-2"). */
void rc_engine_boot_async (RcEngine *self, RcBootMode mode, GCancellable *cancellable,
                           GAsyncReadyCallback callback, gpointer user_data);

/* Which run a boot is, decided by whoever plans the boots (a measurement): the record is
 * created as this run, with this id, and never relabelled. */
typedef struct
{
  RcScenario scenario; /* changed-wheel boots in RC_BOOT_MODE_WARM, with a wheel renamed */
  guint index;         /* 1-based repetition within the scenario */
  const char *run_id;  /* NULL: "<scenario>-<index>" */
  const char *note;    /* added to the record's notes, or NULL */
} RcBootRun;

void rc_engine_boot_run_async (RcEngine *self, RcBootMode mode, const RcBootRun *run,
                               GCancellable *cancellable, GAsyncReadyCallback callback,
                               gpointer user_data);
RcRunRecord *rc_engine_boot_finish (RcEngine *self, GAsyncResult *result, GError **error);
/* The record of the last boot (also while it runs), or NULL. Owned by the engine. */
const RcRunRecord *rc_engine_get_last_record (RcEngine *self);

/* Runs @code in the sealed runtime (state READY). The result is the worker's raw `result`
 * message {call_id, status, stdout, stderr, summary, images, artifacts, elapsed_ms, …}.
 * After limits.exec_seconds the engine answers status "timeout" itself and recycles the
 * worker (state IDLE), as OSA's host does; cancelling @cancellable answers status
 * "cancelled" the same way (a result, not an error). */
void rc_engine_execute_async (RcEngine *self, const char *code, GCancellable *cancellable,
                              GAsyncReadyCallback callback, gpointer user_data);
JsonObject *rc_engine_execute_finish (RcEngine *self, GAsyncResult *result, GError **error);

/* Terminates the worker and fails pending operations with RC_ENGINE_ERROR_STOPPED. */
void rc_engine_stop (RcEngine *self);

/* From the next boot on, the boot plan names @new_file_name for the lock entry whose wheel is
 * @file_name, and the server serves the wheel under it (the changed-wheel scenario; see
 * rc_server_rename_wheel()). Implemented in rc-engine-rename.c. */
void rc_engine_rename_wheel (RcEngine *self, const char *file_name, const char *new_file_name);
/* From the next boot on, the boot plan sends @modules as runtime.python.import_before_seal
 * instead of the community's own (NULL: the community's again). The folder is not touched:
 * the seal probe (rc-seal-probe.h) tries its candidate lists this way. */
void rc_engine_set_import_before_seal (RcEngine *self, const char *const *modules);
const char *const *rc_engine_get_import_before_seal (RcEngine *self);
/* Undoes every rename: the next boot plan and the server use the configured names again. */
void rc_engine_clear_wheel_renames (RcEngine *self);

G_END_DECLS
