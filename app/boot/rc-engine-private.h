/* rc-engine-private.h: RcEngine's instance struct, shared by rc-engine.c (lifecycle) and the
 * ten rc-engine-*.c files that are its parts (messages, execute, health, record, …). */
#pragma once

#include "boot/rc-browser.h"
#include "boot/rc-engine.h"
#include "core/record/rc-boot-clock.h"

G_BEGIN_DECLS

enum
{
  RC_ENGINE_SIGNAL_PROGRESS,
  RC_ENGINE_SIGNAL_VIOLATION,
  RC_ENGINE_SIGNAL_STATE_CHANGED,
  RC_ENGINE_N_SIGNALS
};

extern guint rc_engine_signals[RC_ENGINE_N_SIGNALS];

struct _RcEngine
{
  GObject parent_instance;

  RcCommunity *community;
  RcServer *server;
  char *csp;
  char *csp_name;
  RcDeployment deployment;
  double deadline_seconds;
  gboolean importtime;  /* -X importtime in the built-in worker (rc-engine-pyinit.c) */
  RcSnapshot *snapshot; /* the snapshot scenario's, or NULL (rc-engine-snapshot.c) */
  RcWorkerKind worker_kind;
  char *pyodide_version; /* a candidate to boot instead of the pinned one; NULL: pinned */
  RcEngineState state;

  RcEngineKind kind;
  RcBrowser *browser; /* where the page runs (rc-browsers.h chooses it); never NULL */
  char *engine_version;

  GtkWidget *container; /* holds the browser's widget, if it has one */
  GPid web_pid;
  gulong request_handler;

  /* the boot in progress, or the last one */
  GTask *boot_task;
  RcRunRecord *record;
  JsonObject *plan;
  GPtrArray *expected_urls;
  guint deadline_id;
  GCancellable *boot_cancellable;
  gulong cancel_handler;
  gint64 boot_start_us;
  RcBootClock clock;     /* navigation start → ready on the page's clock (rc-boot-clock.h) */
  double page_message_t; /* the page's stamp of the message being handled; -1 none */
  double runtime_loaded_ms;
  RcBootMode boot_mode;
  gboolean run_given; /* the boot's run was given (rc_engine_boot_run_async()) */
  RcScenario run_scenario;
  guint run_index;
  char *run_id; /* NULL: "<scenario>-<index>" */
  char *run_note;
  char *plan_note;
  guint attempt;           /* 1, or 2 when the engine failed the first (rc-engine-health.c) */
  char *retry_note;        /* why attempt 2 runs, for its record */
  char *interpreter_fault; /* what the worker said when attempt 1's interpreter failed */
  gboolean retry_pending;  /* attempt 1 ended, attempt 2 not started: ignore attempt 1 */
  gboolean page_reported;  /* the host page posted a message in this attempt */
  guint health_id;         /* polls rc_browser_check_failed() while booting */
  guint refused_id;        /* grace for the worker after the server refused a request */
  guint wasm_refused_id;   /* grace for the policy's violation events after a refused compile */
  char *wasm_refusal;      /* the refused compile's outcome message, or NULL */
  double wasm_refused_t;   /* when the worker saw it refused (worker clock, ms) */
  JsonArray *failed_loads; /* the worker's rc.failed_loads of its error message, or NULL */
  guint run_counts[RC_BOOT_MODE_WARM_RESTART + 1];

  /* one page per run (rc-engine-once.c) */
  gint64 attempt_since_us; /* requests that started before are not this attempt's */
  guint host_loads, workers_started;
  gint64 first_host_load_us, first_worker_us;
  gboolean once_failed; /* this attempt failed for a repeat already */
  guint once_idle_id;   /* the proxy saw a repeat: the verdict, after the page's messages */

  /* prelude compile oracle: sources to compile instead of booting, and what came back */
  JsonArray *compile_sources;
  JsonArray *compile_results;

  /* wheel file name → the name boot plans use instead (rc-engine-rename.c), or NULL */
  GHashTable *wheel_renames;

  /* import_before_seal the boot plans send instead of the community's (rc-engine-seal-list.c,
   * the seal probe's candidates), or NULL */
  GStrv import_before_seal;

  /* executions: call_id → GTask */
  GHashTable *executes;
  guint next_call;
};

void rc_engine_set_state (RcEngine *self, RcEngineState state);
/* rc-engine-browser.c: @browser (taken) runs the pages from now on, its widget in the
 * container; the one before ends. */
void rc_engine_use_browser (RcEngine *self, RcEngineKind kind, RcBrowser *browser);
void rc_engine_drop_browser (RcEngine *self);
/* A new record for a boot in @mode, with the environment and the expected resources. */
void rc_engine_start_record (RcEngine *self, RcBootMode mode, const char *plan_note);
/* Ends the boot in progress: READY when the record says so, FAILED otherwise. */
void rc_engine_finish_boot (RcEngine *self);
/* The deadline diagnosis (policy analysis, violations, requests) for the boot so far. */
char *rc_engine_diagnose (RcEngine *self);
/* Fails the boot in progress with @kind and @message (no diagnosis). */
void rc_engine_fail_boot (RcEngine *self, const char *kind, const char *message);
/* Completes the execution @call_id with @result (the worker's result message). */
void rc_engine_complete_execute (RcEngine *self, const char *call_id, JsonObject *result);
/* Terminates the worker in the page (the page itself stays). */
void rc_engine_stop_worker (RcEngine *self);

/* Oracle mode (rc-prelude-oracle.c): the next boots only load the interpreter and compile
 * @items ([{key, source}]); the results are [{key, ok, type, message, msg, lineno, offset}]. */
void rc_engine_set_compile_sources (RcEngine *self, JsonArray *items);
JsonArray *rc_engine_get_compile_results (RcEngine *self);

/* rc-engine-missing.c: a required wheel the CDN answered 404 for (the distribution lacks it)
 * fails the boot in progress at once; at the end of a failed boot, names that cause. */
void rc_engine_check_missing_wheel (RcEngine *self, const RcRequestRecord *request);
void rc_engine_explain_missing_wheel (RcEngine *self);

/* The page is gone outside a boot (its process died): a running execution ends, the engine
 * goes idle. */
void rc_engine_page_gone (RcEngine *self, const char *message);

/* rc-engine-health.c: engine failures (a dying network or web process), the party and the
 * diagnosis of every failed boot, one retry after an engine failure, and the fast failure of
 * a boot whose required request the server refused. */
void rc_engine_health_start (RcEngine *self);
void rc_engine_health_stop (RcEngine *self);
/* TRUE when the engine failed under the boot (rc_browser_check_failed(): WebKit's network
 * process died): the boot is then failed as kind "engine" and the caller drops what it was
 * about to record. */
gboolean rc_engine_health_check (RcEngine *self);
void rc_engine_fail_engine (RcEngine *self, const char *what);
/* TRUE when the worker's failed loads include one WebKit failed by itself: no HTTP status,
 * never seen by the proxy, under a policy that refuses nothing this community needs and
 * with no violation. The boot is then failed as kind "engine" (and retried once). */
gboolean rc_engine_failed_internally (RcEngine *self, const char *worker_said);
void rc_engine_note_refused (RcEngine *self, const RcRequestRecord *request);
/* rc-engine-fault.c: TRUE when the worker's failure (@kind, @worker_said) is Pyodide's
 * interpreter failing inside itself before it was up, with nothing else failed or refused
 * (rc_boot_interpreter_fault()). The boot is then failed as kind "engine" on attempt 1 (and
 * retried once), and on attempt 2 as "distribution" when it failed the same way again. */
gboolean rc_engine_interpreter_failed (RcEngine *self, const char *kind, const char *worker_said,
                                       double t_ms);
void rc_engine_note_wasm_failed (RcEngine *self, const char *via, const char *error, double t_ms);
/* Fills the party and the diagnosis of a failed record. */
void rc_engine_conclude_failure (RcEngine *self);
/* TRUE when the failed boot is retried (the task stays open): attempt 1 failed in the
 * engine. rc_engine_start_attempt() runs the next attempt. */
gboolean rc_engine_retry_if_engine (RcEngine *self);
gboolean rc_engine_start_attempt (RcEngine *self, GError **error);
/* What the policy refuses of what the boot needs (rc_boot_count_boot_refusals()). */
guint rc_engine_policy_refusals (RcEngine *self);

/* rc-engine-once.c: one page per run. _start() as the attempt's run id is set; _owns_request()
 * tells the attempt's requests (its run id, started since); a second host page load or worker
 * (_page_message(), TRUE when it failed the boot) or a second fetch of one URL
 * (_check_request(), once the page's messages already here are read; _check(), at the end,
 * TRUE when it failed a ready record or one the engine failed) fails the boot as kind
 * "engine" with what was seen. _stop() drops a verdict not given yet. */
void rc_engine_once_start (RcEngine *self);
void rc_engine_once_stop (RcEngine *self);
gboolean rc_engine_owns_request (RcEngine *self, const RcRequestRecord *request);
gboolean rc_engine_once_page_message (RcEngine *self, const char *kind);
void rc_engine_once_check_request (RcEngine *self, const RcRequestRecord *request);
gboolean rc_engine_once_check (RcEngine *self);

/* Applies rc_engine_rename_wheel()'s renames to a freshly built @plan. */
void rc_engine_apply_wheel_renames (RcEngine *self, JsonObject *plan);
/* rc-engine-seal-list.c: puts the import_before_seal override into @plan's runtime. */
void rc_engine_apply_import_before_seal (RcEngine *self, JsonObject *plan);

/* rc-engine-pyinit.c: puts importtime into @plan when asked for; at the end of a boot that
 * got ready, the engine's compile tiers and its wasm code cache fact into the record. */
void rc_engine_apply_importtime (RcEngine *self, JsonObject *plan);
/* rc-engine-snapshot.c: names the snapshot in a snapshot run's plan, and in its record. */
void rc_engine_apply_snapshot (RcEngine *self, JsonObject *plan, const RcBootRun *run);
void rc_engine_note_snapshot (RcEngine *self);
/* Boots the candidate version (rc_engine_set_pyodide_version ()) instead of the pinned one. */
void rc_engine_apply_pyodide (RcEngine *self, JsonObject *plan);
void rc_engine_note_interpreter (RcEngine *self);
/* The engine's own word on the wasm code cache (Chromium's trace) for the boot in progress,
 * or, @previous, for the boot before it in the same browser (a note: its record is done). */
void rc_engine_note_wasm_cache (RcEngine *self, const char *state, const char *source,
                                gboolean previous);

/* What the host page posted to the "rc" handler (a JSON text), from any engine. */
void rc_engine_handle_page_message (RcEngine *self, const char *text);
/* The engine's own view of a response (Chromium's Network events, Firefox's network.*). */
void rc_engine_note_engine_response (RcEngine *self, const char *url, gboolean from_cache,
                                     gint64 encoded_bytes, guint status);
/* Its view of the connection a response came on (Chromium, Firefox; rc-run-connections.h). */
void rc_engine_note_engine_connection (RcEngine *self, const char *url, const char *connection,
                                       gboolean reused);

G_END_DECLS
