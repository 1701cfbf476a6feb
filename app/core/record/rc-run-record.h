/* rc-run-record.h: everything recorded about one boot, as plain data.
 *
 * The boot engine fills a record while it boots (steps, sub-phases, Resource Timing entries,
 * violations, outcome); the serving layer's request log supplies RcRequestRecords; analysis,
 * statistics and exports (rc-run-analysis.h, rc-run-stats.h, rc-measurement.h) only read it.
 * A record serialises to and from JSON (the "runs[]" items of data/schema/run-report-v2).
 *
 * Clocks: step, sub-phase, Resource Timing and violation times are worker-side (or page-side)
 * performance.now() milliseconds; proxy requests carry g_get_monotonic_time() µs. The record
 * keeps an estimate of the monotonic time of the worker's time origin so both can be put on
 * one axis (rc_run_record_note_clock()).
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "core/record/rc-importtime.h"
#include "core/record/rc-request-record.h"

G_BEGIN_DECLS

typedef enum
{
  RC_SCENARIO_COLD,
  RC_SCENARIO_WARM,
  RC_SCENARIO_WARM_RESTART,
  RC_SCENARIO_CHANGED_WHEEL,
  /* Experimental: the interpreter booted from a memory snapshot (rc-snapshot.h), cold and warm
   * like the plain scenarios; "snapshot" in a scenario list means both. */
  RC_SCENARIO_SNAPSHOT,
  RC_SCENARIO_SNAPSHOT_WARM,
} RcScenario;

#define RC_SCENARIO_LAST RC_SCENARIO_SNAPSHOT_WARM

const char *rc_scenario_to_string (RcScenario scenario); /* "cold", "warm-restart", … */
gboolean rc_scenario_from_string (const char *text, RcScenario *out);
gboolean rc_scenario_is_warm (RcScenario scenario); /* every scenario but cold and snapshot */
gboolean rc_scenario_is_snapshot (RcScenario scenario);
/* "cold,warm" → GArray of RcScenario in the given order, duplicates dropped; an unknown name is
 * an RC_RECORD_ERROR_INVALID error naming it and the valid ones. */
GArray *rc_scenarios_parse (const char *list, GError **error);

typedef struct
{
  char *webkit_version; /* "2.50.6"; NULL when another engine booted */
  char *jsc_version;    /* JavaScriptCore, "2.50.6"; NULL when another engine booted */
  /* The engine's tuning the console's environment passed on, "JSC_useOMGJIT=0" (JavaScriptCore
   * reads JSC_* variables in the web process): NULL when none was set, as in a reader's
   * browser. Figures booted with options are not a reader's. */
  char *engine_options;
  /* The engine that booted, "webkit", "chromium" or "firefox", and its exact version
   * ("156.0.7531.2"); NULL in reports written before other engines (read them as WebKit). */
  char *engine;
  char *engine_version;
  char *pyodide_version; /* "0.29.5": the Pyodide that booted */
  /* The version config.yaml pins when another one booted (--pyodide, a rehearsed upgrade),
   * else NULL; worker_type: "classic" or "module" (Pyodide 314 and later); NULL in reports
   * written before they were recorded. */
  char *pyodide_pinned;
  char *worker_type;
  char *worker_kind;      /* "builtin" | "osa" */
  char *community;        /* community name */
  char *config_sha256;    /* of config.yaml */
  char *policy_name;      /* preset name, "custom" or "none" */
  char *policy_sha256;    /* rc_csp_policy_sha256(), NULL without a policy */
  char *throttle_profile; /* "none", "3g", … */
  /* Where the throttle charged its round trips: "link" (per request, and TCP and TLS on a
   * new connection) or "devtools" (per request); NULL in reports written before it. */
  char *throttle_model;
  char *deployment;  /* deployment name, or NULL */
  char *page_origin; /* "https://nemar.org" */
  /* The Pyodide distribution the CDN served: its folder, or "live" for the real CDN;
   * distribution_lock_sha256 is that folder's pyodide-lock.json (NULL when live). */
  char *distribution;
  char *distribution_lock_sha256;
  /* runtime.python.limits.memory_mb the community booted with (its default when unset);
   * 0 when the record does not say (reports written before it was recorded). */
  gint64 memory_mb;
  guint machine_cores;
  guint64 machine_memory_bytes;
  char *date; /* ISO 8601 UTC, "2026-11-29T09:30:00Z" */
} RcRunEnvironment;

/* Fills machine_cores, machine_memory_bytes and date (now) from this machine. */
void rc_run_environment_fill_machine (RcRunEnvironment *env);
void rc_run_environment_clear (RcRunEnvironment *env);
/* "live (the real CDN)", "/path/to/dist (pyodide-lock.json sha256 0123…)" or NULL when the
 * record does not say (reports written before it was recorded). A new string. */
char *rc_run_environment_describe_distribution (const RcRunEnvironment *env);
void rc_run_environment_copy_into (const RcRunEnvironment *src, RcRunEnvironment *dest);

/* One boot step (runtime-worker.md §2.3): step 1 spans loading_runtime..runtime_loaded and
 * ends when step 2 starts (or at ready/error). */
typedef struct
{
  guint step;
  guint steps;
  char *phase;        /* loading_runtime, loading_package, installing, importing, prelude */
  char *package;      /* loading_package / installing, else NULL */
  char *module;       /* importing, else NULL */
  double start_ms;    /* worker performance.now() of the progress message */
  double end_ms;      /* start of the next step, or ready/error; -1 while open */
  gint64 heap_bytes;  /* HEAP8.length after the step; -1 unknown */
  gint64 heap_growth; /* heap_bytes minus the previous known heap; -1 unknown */
} RcRunStep;

/* A sub-phase of the interpreter step: "pyodide.js", "lock", "wasm", "stdlib", "python-init". */
typedef struct
{
  char *name;
  char *source; /* "resource-timing" | "hook" */
  double start_ms;
  double end_ms;
} RcSubPhase;

/* A Resource Timing entry exactly as the engine reported it (WebKitGTK 2.50 reports 0 for
 * sizes): never invented. -1 means the attribute was absent. */
typedef struct
{
  char *name;           /* the URL */
  char *initiator_type; /* "fetch", "script", "other", … or NULL */
  char *context;        /* "worker" | "page" */
  double start_time;
  double response_end;
  gint64 transfer_size;
  gint64 encoded_body_size;
  gint64 decoded_body_size;
} RcResourceTiming;

typedef struct
{
  char *directive; /* effective or violated directive, "worker-src" */
  char *blocked_uri;
  char *source; /* "page" | "worker" */
  double time_ms;
  char *sample; /* optional sample/original policy excerpt, or NULL */
} RcViolation;

/* A resource the plan expects, to judge warm runs and group bytes (matched by file name, the
 * last URL path segment). */
typedef struct
{
  char *file_name;    /* "pyodide.asm.wasm", "zarr-3.4.0-py3-none-any.whl" */
  char *group;        /* "interpreter", "preload:numpy", "overlay:zarr", … */
  gboolean immutable; /* cached for a year: a warm run must not fetch it */
  gboolean overlay;   /* an overlay wheel: a warm run must observe it */
  gboolean fresh;     /* new name in this run (changed-wheel): must go to the network */
} RcExpectedResource;

/* The engine's own view of the connection a response came on, to cross-check the proxy's
 * (Chromium's connectionId and connectionReused; Firefox's connectStart == connectEnd). */
typedef struct
{
  char *url;
  char *connection; /* the engine's id for it, or NULL when it gives none (Firefox) */
  gboolean reused;
} RcEngineConnection;

typedef enum
{
  RC_OUTCOME_UNKNOWN,
  RC_OUTCOME_READY,
  RC_OUTCOME_FAILED,
} RcOutcomeState;

typedef struct
{
  RcOutcomeState state;
  char *version;   /* ready: pyodide.version */
  char *kind;      /* failed: "timeout", "runtime", "prelude", "web-process-terminated", … */
  char *message;   /* failed: the worker's or the engine's message */
  char *diagnosis; /* failed: multi-line diagnosis text, or NULL */
  char *party;     /* failed: whose failure it is: "community", "policy", "engine",
                    * "distribution" (the Pyodide files served), or NULL when unknown */
} RcOutcome;

/* Why the interpreter step costs what it does, beyond its sub-phases. */
#define RC_SLOWEST_IMPORTS 10
typedef struct
{
  gboolean importtime;    /* Python ran with -X importtime (opt-in: --importtime) */
  double first_import_ms; /* worker clock of Python's first import (importtime's header); -1 */
  gint64 imports_us;      /* the interpreter step's top-level imports, cumulative µs; -1 */
  guint import_count;     /* imports in the interpreter step */
  GPtrArray *slowest;     /* RcImportTime: the interpreter step's slowest, slowest first */
  /* RcImportTime: the top-level imports after the interpreter step (import_before_seal and
   * the prelude), in the order they ended: what the preload ledger charges a package. */
  GPtrArray *after;
  /* Whether the engine reused compiled WebAssembly, as a fact with its source, never guessed:
   * "hit", "stored", "compiled", "invalid" (the engine's own event) or "not-reported" (the
   * engine has no way to tell); NULL when not known (reports written before it). */
  char *wasm_cache;
  char *wasm_cache_source; /* "chromium trace event v8.wasm.moduleCacheHit", … */
} RcInterpreterFacts;

typedef struct
{
  char *run_id; /* "cold-1", unique in a measurement */
  RcScenario scenario;
  guint index; /* 1-based repetition within the scenario */
  RcRunEnvironment env;

  /* The reader's figure: the page's navigation start (its time origin) → ready or failure,
   * on the page's own clock, as a reader whose browser is already running pays it. */
  double boot_ms;
  /* What boot_ms was measured on: "navigation" (the page's clock, above) or "console" (the
   * console's wall clock from its load call, browser start included: a page that never told
   * its clock, or a version 1 report); NULL when not said (read as "console"). */
  char *boot_clock;
  /* The console's load call → the page's time origin: starting the browser or web process,
   * opening the tab, the navigation's set-up. Never inside boot_ms; -1 unknown. */
  double start_ms;
  double wall_ms;               /* console's wall clock: load call → ready/failed; -1 unknown */
  double worker_start_ms;       /* page clock when the worker's clock began; -1 unknown */
  double ready_ms;              /* worker clock at ready/error; -1 unknown */
  gint64 worker_time_origin_us; /* monotonic µs at worker performance.now() == 0; 0 unknown */
  gint64 page_time_origin_us;   /* same for the page; 0 unknown */
  gint64 web_process_rss_bytes; /* after boot; -1 unknown */
  guint attempts;               /* boots this run took: 1, or 2 when the engine failed once */

  GPtrArray *steps;      /* RcRunStep */
  GPtrArray *sub_phases; /* RcSubPhase */
  GPtrArray *requests;   /* RcRequestRecord from the proxy */
  GPtrArray *timings;    /* RcResourceTiming */
  GPtrArray *violations; /* RcViolation */
  GPtrArray *expected;   /* RcExpectedResource */
  GPtrArray *notes;      /* char *, e.g. "worker source instrumented for heap measurement" */
  GPtrArray *engine_connections; /* RcEngineConnection, when the engine says */
  RcOutcome outcome;
  RcInterpreterFacts interpreter;
} RcRunRecord;

#define RC_TYPE_RUN_RECORD (rc_run_record_get_type ())
GType rc_run_record_get_type (void) G_GNUC_CONST;

RcRunRecord *rc_run_record_new (RcScenario scenario, guint index); /* run_id "<scenario>-<index>" */
RcRunRecord *rc_run_record_copy (const RcRunRecord *self);
void rc_run_record_free (RcRunRecord *self);

/* Feeds one worker progress message. A message for the step already open (runtime_loaded)
 * only records the heap; a new step closes the open one at @t_ms with @heap_bytes (the heap
 * after it, -1 unknown). */
RcRunStep *rc_run_record_progress (RcRunRecord *self, guint step, guint steps, const char *phase,
                                   const char *package, const char *module, double t_ms,
                                   gint64 heap_bytes);
/* ready: closes the open step and sets the outcome. */
void rc_run_record_ready (RcRunRecord *self, const char *version, double t_ms, gint64 heap_bytes);
/* failed: closes the open step (if @t_ms >= 0) and sets the outcome. */
void rc_run_record_failed (RcRunRecord *self, const char *kind, const char *message,
                           const char *diagnosis, double t_ms);
/* A message stamped @worker_ms arrived at @host_monotonic_us: keeps the earliest estimate of
 * the worker time origin (messages can only be late). */
void rc_run_record_note_clock (RcRunRecord *self, gint64 host_monotonic_us, double worker_ms);

RcSubPhase *rc_run_record_add_sub_phase (RcRunRecord *self, const char *name, const char *source,
                                         double start_ms, double end_ms);
RcResourceTiming *rc_run_record_add_timing (RcRunRecord *self, const char *name,
                                            const char *initiator_type, const char *context,
                                            double start_time, double response_end,
                                            gint64 transfer_size, gint64 encoded_body_size,
                                            gint64 decoded_body_size);
/* Takes a copy of @request. */
void rc_run_record_add_request (RcRunRecord *self, const RcRequestRecord *request);
RcViolation *rc_run_record_add_violation (RcRunRecord *self, const char *directive,
                                          const char *blocked_uri, const char *source,
                                          double time_ms, const char *sample);
RcExpectedResource *rc_run_record_expect (RcRunRecord *self, const char *file_name,
                                          const char *group, gboolean immutable, gboolean overlay,
                                          gboolean fresh);
void rc_run_record_add_note (RcRunRecord *self, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* A retried boot's record (attempts 2) keeps why in a note that starts so. */
#define RC_RUN_RECORD_RETRY_NOTE "attempt 2 of 2: "
/* That note's first line, after the prefix ("attempt 1 failed in the engine after 2.2 s (…"),
 * and " …" when more lines follow (the record keeps them); NULL when the boot was not retried.
 * A new string. */
char *rc_run_record_dup_retry_reason (const RcRunRecord *self);
RcEngineConnection *rc_run_record_add_engine_connection (RcRunRecord *self, const char *url,
                                                         const char *connection, gboolean reused);
/* Sets the wasm code cache fact (see RcInterpreterFacts). */
void rc_run_record_set_wasm_cache (RcRunRecord *self, const char *state, const char *source);
/* The sub-phase named @name, or NULL. */
const RcSubPhase *rc_run_record_find_sub_phase (const RcRunRecord *self, const char *name);

/* "loading_package numpy", "importing scipy.stats", "loading_runtime": the key steps are
 * aligned by across runs (never by time). */
char *rc_run_step_key (const RcRunStep *step);
double rc_run_step_duration (const RcRunStep *step); /* ms, -1 while open */
/* The step open at worker time @t_ms (0 = before the first step starts); after the last
 * step: the last step. */
guint rc_run_record_step_at (const RcRunRecord *self, double t_ms);
/* Heap after the last step with a known heap, or -1. */
gint64 rc_run_record_final_heap (const RcRunRecord *self);

/* The engine that booted @self: "webkit", "chromium" or "firefox"; reports written before
 * other engines are WebKit's. */
const char *rc_run_record_get_engine (const RcRunRecord *self);

/* Last path segment of a URL, without query or fragment: "pyodide.asm.wasm"; NULL for NULL
 * (a request record of a connection that closed before its request line has no URL). */
char *rc_url_file_name (const char *url);

JsonNode *rc_run_record_to_json (const RcRunRecord *self);
/* Errors name the JSON path ("runs[2].steps[0].phase") of what is missing or mistyped. */
RcRunRecord *rc_run_record_from_json (JsonNode *node, const char *path, GError **error);
JsonNode *rc_request_record_to_json (const RcRequestRecord *request);
RcRequestRecord *rc_request_record_from_json (JsonNode *node, const char *path, GError **error);

#define RC_RECORD_ERROR (rc_record_error_quark ())
GQuark rc_record_error_quark (void);

typedef enum
{
  RC_RECORD_ERROR_INVALID, /* wrong shape or type */
  RC_RECORD_ERROR_VERSION, /* unsupported schema or version */
} RcRecordError;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcRunRecord, rc_run_record_free)

G_END_DECLS
