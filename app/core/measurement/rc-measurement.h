/* rc-measurement.h: the result of `runtime-console measure`: runs, statistics, verdicts,
 * validity and its JSON (the exports, budgets and comparison have their own headers).
 *
 * JSON follows data/schema/run-report-v2.schema.json ({"schema": "runtime-console/run-report",
 * "version": 2, …}); HAR follows HAR 1.2 with custom _run, _step and _verdict fields; Markdown
 * is a dated "What it costs" table ready to paste into a community README.
 */
#pragma once

#include "core/measurement/rc-control.h"
#include "core/analysis/rc-preload-sim.h"
#include "core/analysis/rc-run-analysis.h"
#include "core/record/rc-run-record.h"
#include "core/analysis/rc-run-stats.h"
#include "core/measurement/rc-snapshot.h"

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
  /* RcRunRecord, in the order they ran: add with rc_measurement_add_run(); after changing
   * one in place, rc_measurement_forget_analyses() */
  GPtrArray *runs;
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
  /* Private: rc_measurement_get_analysis()'s, one slot per run. */
  GArray *analyses;
} RcMeasurement;

RcMeasurement *rc_measurement_new (const char *community);
void rc_measurement_free (RcMeasurement *self);
/* Takes ownership of @run. */
void rc_measurement_add_run (RcMeasurement *self, RcRunRecord *run);
/* The analysis of run @index (rc_run_analyse()), made on first use and kept while that run
 * is there, so the JSON, the statistics, the exports and the charts of a report share one.
 * @self is const as every reader's is: the kept analyses are not part of the report. */
const RcRunAnalysis *rc_measurement_get_analysis (const RcMeasurement *self, guint index);
/* Drops the kept analyses: after a run was changed in place (its run_id names its flags). */
void rc_measurement_forget_analyses (RcMeasurement *self);
/* Scenarios present, in first-run order. */
GArray *rc_measurement_scenarios (const RcMeasurement *self);
RcRunStats *rc_measurement_stats (const RcMeasurement *self, RcScenario scenario);
/* Each engine once (rc_run_record_get_engine()), in the order runs booted in them: a new array
 * of strings owned by the runs. */
GPtrArray *rc_measurement_engines (const RcMeasurement *self);
/* A new measurement holding copies of @engine's runs only (its statistics are that engine's);
 * it shares @self's analyses of them. */
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

/* The preload_on simulation over this report's median cold and warm boots
 * and its part of the JSON report ("preload_on"); the tables are in rc-export-preload.h. */
void rc_measurement_preload_sim (const RcMeasurement *self, RcPreloadSim *out);
JsonNode *rc_measurement_preload_to_json (const RcMeasurement *self);

/* All flags of all runs (RcDiagnostic, path = run id). */
GPtrArray *rc_measurement_flags (const RcMeasurement *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcMeasurement, rc_measurement_free)

G_END_DECLS
