/* rc-measurement.h: the result of `runtime-console measure`: runs, statistics, verdicts,
 * exports and budgets.
 *
 * JSON follows data/schema/run-report-v2.schema.json ({"schema": "runtime-console/run-report",
 * "version": 2, …}); HAR follows HAR 1.2 with custom _run, _step and _verdict fields; Markdown
 * is a dated "What it costs" table ready to paste into a community README.
 */
#pragma once

#include "rc-control.h"
#include "rc-preload-sim.h"
#include "rc-run-analysis.h"
#include "rc-run-record.h"
#include "rc-run-stats.h"
#include "rc-snapshot.h"

G_BEGIN_DECLS

#define RC_RUN_REPORT_SCHEMA "runtime-console/run-report"
/* Version 2: boot_ms runs from the page's navigation start (boot_clock, start_ms, wall_ms).
 * Version 1 reports still read; their boot times are the console's wall clock. */
#define RC_RUN_REPORT_VERSION 2

typedef struct
{
  char *tool_version; /* PACKAGE_VERSION of the tool that measured */
  char *community;    /* community name (also in each run's env) */
  char *created;      /* ISO 8601 UTC */
  GPtrArray *runs;    /* RcRunRecord, in the order they ran */
  /* The control boots (rc-control.h), one per engine that measured, in the order they ran;
   * empty when none ran. */
  GPtrArray *controls;
  /* One of them, borrowed: the first that booted, else the first; NULL when none ran. What
   * a single-engine reader needs, and the report's "control" member (older readers). */
  RcControl *control;
  /* the model's first turn for the preload_on simulation (rc-preload-sim.h), in ms;
   * RC_PRELOAD_SIM_DEFAULT_MODEL_DELAY_MS unless `measure --model-delay` said otherwise */
  double model_delay_ms;
  /* The report version this was read from (1: boot times include browser start); 0 when it
   * was measured by this console. */
  guint read_version;
  /* The experimental snapshot scenario's snapshot (rc-snapshot.h); NULL when not measured. */
  RcSnapshot *snapshot;
} RcMeasurement;

RcMeasurement *rc_measurement_new (const char *community);
void rc_measurement_free (RcMeasurement *self);
/* Takes ownership of @run. */
void rc_measurement_add_run (RcMeasurement *self, RcRunRecord *run);
/* Scenarios present, in first-run order. */
GArray *rc_measurement_scenarios (const RcMeasurement *self);
RcRunStats *rc_measurement_stats (const RcMeasurement *self, RcScenario scenario);
/* Each engine once (rc_run_record_get_engine()), in the order runs booted in them: a new array
 * of strings owned by the runs. */
GPtrArray *rc_measurement_engines (const RcMeasurement *self);
/* A new measurement holding copies of @engine's runs only (its statistics are that engine's). */
RcMeasurement *rc_measurement_copy_engine (const RcMeasurement *self, const char *engine);

/* Takes ownership of @control (NULL: none); it replaces every control. */
void rc_measurement_set_control (RcMeasurement *self, RcControl *control);
/* Takes ownership of @control: another engine's control, beside the others. */
void rc_measurement_add_control (RcMeasurement *self, RcControl *control);
/* FALSE when a control booted: the policy under test was not applied (in its engine). */
gboolean rc_measurement_is_valid (const RcMeasurement *self);
/* NULL when valid; else why not, naming the engines whose control booted when there were
 * several ("the control booted in firefox, so firefox did not apply the policy under test;
 * the controls of webkit and chromium held"). */
char *rc_measurement_describe_invalid (const RcMeasurement *self);

/* The full report: runs, per-run analysis (verdicts, totals, flags), per-scenario stats. */
JsonNode *rc_measurement_to_json (const RcMeasurement *self);
char *rc_measurement_to_json_string (const RcMeasurement *self);
/* Reads a report (the analysis and stats it holds are recomputed, not trusted). */
RcMeasurement *rc_measurement_from_json (JsonNode *node, GError **error);
/* Reports are outside input (saved, shared, edited): at most this large and this deeply
 * nested (a real one nests 6 deep), refused with FILE:LINE:COLUMN otherwise. */
#define RC_MEASUREMENT_MAX_BYTES ((gsize) 64 << 20)
#define RC_MEASUREMENT_MAX_DEPTH 32
RcMeasurement *rc_measurement_load (const char *path, GError **error);
/* The same from memory; @name stands for the file in messages. */
RcMeasurement *rc_measurement_load_data (const char *data, gsize length, const char *name,
                                         GError **error);

/* HAR 1.2: one page per run, one entry per resource verdict. */
JsonNode *rc_measurement_to_har (const RcMeasurement *self);
char *rc_measurement_to_markdown (const RcMeasurement *self);

/* What the figures were measured against, for the exports (rc-export-provenance.c): the
 * distributions the runs used and the control's outcome; an invalid report says so first. */
void rc_measurement_append_provenance_markdown (const RcMeasurement *self, GString *out);
void rc_measurement_append_provenance_text (const RcMeasurement *self, GString *out);

/* The preload_on simulation over this report's median cold and warm boots
 * (rc-export-preload.c); "preload_on" in the JSON report, a table in text and Markdown. */
void rc_measurement_preload_sim (const RcMeasurement *self, RcPreloadSim *out);
JsonNode *rc_measurement_preload_to_json (const RcMeasurement *self);
void rc_measurement_append_preload_text (const RcMeasurement *self, GString *out);
/* Connections per run and origin (rc-export-connections.c). */
void rc_measurement_append_connections_text (const RcMeasurement *self, GString *out);
void rc_measurement_append_connections_markdown (const RcMeasurement *self, GString *out);
void rc_measurement_append_preload_markdown (const RcMeasurement *self, GString *out);

/* All flags of all runs (RcDiagnostic, path = run id). */
GPtrArray *rc_measurement_flags (const RcMeasurement *self);

typedef enum
{
  RC_EXPORT_JSON,
  RC_EXPORT_HAR,
  RC_EXPORT_MARKDOWN,
} RcExportFormat;

/* Writes the report in @format to @path ("-" is stdout), atomically for files. */
gboolean rc_measurement_write (const RcMeasurement *self, RcExportFormat format, const char *path,
                               GError **error);
/* Plain text for a terminal: per scenario the run count, median boot time (min–max), bytes,
 * heap and verdict counts, then every error or warning flag. `measure` prints it on stdout. */
char *rc_measurement_format_summary (const RcMeasurement *self);

/* Budgets: "boot_ms=9000", "cold_bytes=40MB", "heap_mb=200". Units: B, KB, MB (10^3, 10^6
 * bytes, as the seed document's figures are), ms, s. Keys:
 *  boot_ms     median cold boot time (all runs when there is no cold run)
 *  warm_ms     median warm boot time
 *  cold_bytes  median bytes over the network (wire bytes, still encoded) of a cold run
 *  warm_bytes  the same for a warm run
 *  cold_decoded_bytes, warm_decoded_bytes  the same once decoded (not measured when a run's
 *              decoded size is unknown, e.g. in a report written before they existed)
 *  heap_mb     median heap after boot (MB = 10^6 bytes)
 *  rss_mb      median web process RSS after boot */
typedef struct
{
  char *key;
  double limit; /* in the key's base unit: ms, bytes or MB */
  char *text;   /* as given */
} RcBudget;

#define RC_BUDGET_ERROR (rc_budget_error_quark ())
GQuark rc_budget_error_quark (void);

RcBudget *rc_budget_parse (const char *text, GError **error);
void rc_budget_free (RcBudget *self);
/* Parses every "--budget" value; each may hold several budgets separated by spaces or commas
 * ("boot_ms=9000 cold_bytes=40MB"). Returns a GPtrArray of RcBudget, or NULL and the first
 * error. */
GPtrArray *rc_budgets_parse (const char *const *texts, GError **error);

typedef struct
{
  char *key;
  double figure;
  double limit;
  gboolean measured; /* FALSE when no run gave the figure: counts as exceeded */
  char *message;     /* "boot_ms: 9812 ms exceeds the budget of 9000 ms" */
} RcBudgetResult;

void rc_budget_result_free (RcBudgetResult *self);
/* One result per exceeded (or unmeasurable) budget; empty when all are met. */
GPtrArray *rc_measurement_check_budgets (const RcMeasurement *self, GPtrArray *budgets);
/* The figure a budget key measures, or FALSE when the report cannot give it. */
gboolean rc_measurement_figure (const RcMeasurement *self, const char *key, double *out);

/* Step-aligned comparison of two reports (by step key, never by time). */
typedef struct
{
  char *key;
  gboolean in_a, in_b;
  RcStat a, b;       /* duration_ms */
  double delta_ms;   /* b.median - a.median */
  gboolean in_noise; /* both have several runs and the bands overlap */
} RcCompareRow;

typedef struct
{
  GPtrArray *warnings; /* char *: config/Pyodide/engine differ */
  GPtrArray *rows;     /* RcCompareRow, order of A then B-only steps */
  RcStat boot_a, boot_b;
  RcStat bytes_a, bytes_b;
  RcStat heap_a, heap_b;
  RcScenario scenario;
} RcComparison;

/* Compares @scenario's runs (cold if present in both, else the first common scenario when
 * @scenario is -1). */
RcComparison *rc_measurement_compare (const RcMeasurement *a, const RcMeasurement *b, int scenario);
void rc_comparison_free (RcComparison *self);
char *rc_comparison_format (const RcComparison *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcMeasurement, rc_measurement_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcBudget, rc_budget_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcComparison, rc_comparison_free)

/* A byte figure as the reports write it: wire bytes, then the decoded size when it differs,
 * "5.5 MB (12.5 MB once decoded)"; @decoded -1 (unknown) adds "(decoded size unknown)". */
char *rc_format_wire_bytes (gint64 wire, gint64 decoded);

G_END_DECLS
