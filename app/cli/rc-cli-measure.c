/* rc-cli-measure.c: `runtime-console measure DIR`: cold and warm boots, verdicts, exports.
 *
 * Progress (which run, which step) goes to stderr; the summary to stdout, the exports to
 * their files. Exit 0 when every run reached ready, no run was flagged as an error and every
 * budget was met; 1 otherwise; 2 when it could not run. With --check-budgets FILE the
 * budgets are checked against a saved report instead, without booting.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "boot/rc-measure-runner.h"
#include "core/record/rc-boot-progress.h"
#include "core/policy/rc-csp-presets.h"
#include "core/base/rc-diagnostic.h"
#include "core/export/rc-export-interpreter.h"
#include "core/measurement/rc-history.h"
#include "core/export/rc-export-text.h"
#include "core/measurement/rc-budget.h"
#include "boot/rc-snapshot-maker.h"
#include "rc-cli-boot-options.h"
#include "rc-cli-chart.h"
#include "rc-cli-common.h"
#include "rc-cli-signals.h"
#include "rc-cli.h"

typedef struct
{
  char *scenarios;
  int runs;
  RcCliBootOptions boot; /* --csp, --engine, --deadline, the network… (rc-cli-boot-options.h) */
  char *throttle;
  char *throttle_model;
  double model_delay; /* seconds, -1: the report's own (8.1 s unless it says otherwise) */
  char *json;
  char *har;
  char *markdown;
  char *check_budgets;
  gboolean no_control;
  gboolean no_history;
  gboolean importtime;
  GStrv budgets;
  GStrv rest;
  GStrv chart_specs;
  char *chart_size;
  GArray *kinds;     /* RcEngineKind: boot.engine_kinds (borrowed) */
  GPtrArray *charts; /* RcCliChart, checked before anything boots */
  int chart_width, chart_height;
} Options;

static void
options_clear (Options *o)
{
  g_free (o->scenarios);
  rc_cli_boot_options_clear (&o->boot);
  g_free (o->throttle);
  g_free (o->throttle_model);
  g_free (o->json);
  g_free (o->har);
  g_free (o->markdown);
  g_free (o->check_budgets);
  g_strfreev (o->budgets);
  g_strfreev (o->rest);
  g_strfreev (o->chart_specs);
  g_free (o->chart_size);
  g_clear_pointer (&o->charts, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

typedef struct
{
  GMainLoop *loop;
  RcMeasurement *measurement;
  GError *error;
  char *run_id;
  double loading_started; /* page time (ms) step 1 of this run began, -1 if unknown */
  GCancellable *cancellable;
} MeasureRun;

static gboolean
parse_options (int argc, char **argv, Options *o, GError **error)
{
  const GOptionEntry entries[] = {
    { "scenario", 's', 0, G_OPTION_ARG_STRING, &o->scenarios,
      N_ ("Comma-separated scenarios: cold, warm, warm-restart, changed-wheel, snapshot "
          "(experimental: from a memory snapshot, cold and warm) (default: cold,warm)"),
      N_ ("LIST") },
    { "runs", 'n', 0, G_OPTION_ARG_INT, &o->runs,
      N_ ("Repeat the scenarios N times (default 1); each cold run has a fresh session"),
      N_ ("N") },
    { "throttle", 0, 0, G_OPTION_ARG_STRING, &o->throttle,
      N_ ("Shape the link: none, cable, fast-4g, fast-3g or slow-3g"), N_ ("PROFILE") },
    { "throttle-model", 0, 0, G_OPTION_ARG_STRING, &o->throttle_model,
      N_ ("Charge the profile's round trip as a link does (link: per request, and TCP and TLS "
          "on a new connection; the default) or as Chrome DevTools does (devtools: per "
          "request)"),
      N_ ("MODEL") },
    { "model-delay", 0, 0, G_OPTION_ARG_DOUBLE, &o->model_delay,
      N_ ("The model's first turn for the preload_on simulation (default 8.1, OSA's figure)"),
      N_ ("SECONDS") },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &o->json,
      N_ ("Write the run report (data/schema/run-report-v2.schema.json); - is stdout"),
      N_ ("FILE") },
    { "har", 0, 0, G_OPTION_ARG_FILENAME, &o->har, N_ ("Write every request as HAR 1.2"),
      N_ ("FILE") },
    { "markdown", 0, 0, G_OPTION_ARG_FILENAME, &o->markdown,
      N_ ("Write a dated cost table for a README"), N_ ("FILE") },
    { "budget", 'b', 0, G_OPTION_ARG_STRING_ARRAY, &o->budgets,
      N_ ("Exit 1 when a figure exceeds it: boot_ms, warm_ms, cold_bytes, warm_bytes (bytes over "
          "the network), cold_decoded_bytes, warm_decoded_bytes, heap_mb, rss_mb (repeatable)"),
      N_ ("KEY=VALUE") },
    { "no-control", 0, 0, G_OPTION_ARG_NONE, &o->no_control,
      N_ ("Do not boot the control (the policy without 'wasm-unsafe-eval', which must fail)"),
      NULL },
    { "importtime", 0, 0, G_OPTION_ARG_NONE, &o->importtime,
      N_ ("Run Python with -X importtime: its first import and slowest imports (slows imports "
          "a little)"),
      NULL },
    { "no-history", 0, 0, G_OPTION_ARG_NONE, &o->no_history,
      N_ ("Do not keep this measurement in the community's history (runtime-console history)"),
      NULL },
    { "check-budgets", 0, 0, G_OPTION_ARG_FILENAME, &o->check_budgets,
      N_ ("Check the budgets against a saved report instead of measuring"), N_ ("REPORT.json") },
    { "chart", 'c', 0, G_OPTION_ARG_FILENAME_ARRAY, &o->chart_specs, rc_cli_chart_help (),
      N_ ("FILE") },
    { "chart-size", 0, 0, G_OPTION_ARG_STRING, &o->chart_size, rc_cli_chart_size_help (),
      N_ ("WxH") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o->rest, NULL, N_ ("DIR") },
    { NULL },
  };
  g_autoptr (GOptionContext) context =
      rc_cli_context_new ("measure", NULL, _ ("Measures cold and warm boots of a community."));

  o->runs = 1;
  o->model_delay = -1;
  rc_cli_boot_options_init (&o->boot);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  rc_cli_boot_options_add (&o->boot, context);
  g_option_context_set_description (
      context, _ ("--engine may be repeated or a list (webkit,chromium): one report with each. "
                  "Needs a display: without DISPLAY it starts Xvfb itself. Exits 0 when every "
                  "run was ready,\nunflagged and within budget, 1 otherwise, 2 when it could "
                  "not run."));
  if (!g_option_context_parse (context, &argc, &argv, error)
      || (o->charts = rc_cli_charts_parse (o->chart_specs, o->chart_size, &o->chart_width,
                                           &o->chart_height, error))
             == NULL)
    return FALSE;
  if (o->check_budgets == NULL && (o->rest == NULL || g_strv_length (o->rest) != 1))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("give exactly one community folder (or --check-budgets REPORT.json)"));
      return FALSE;
    }
  if (o->model_delay < 0 && o->model_delay != -1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--model-delay must be 0 or more seconds"));
      return FALSE;
    }
  if (o->runs < 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--runs must be at least 1"));
      return FALSE;
    }
  if (!rc_cli_boot_options_check (&o->boot, TRUE, error))
    return FALSE;
  o->kinds = o->boot.engine_kinds;
  return TRUE;
}

/* Prints every budget, met or not; returns how many were exceeded. */
static guint
report_budgets (const RcMeasurement *measurement, GPtrArray *budgets)
{
  g_autoptr (GPtrArray) exceeded = rc_measurement_check_budgets (measurement, budgets);

  for (guint i = 0; i < budgets->len; i++)
    {
      const RcBudget *budget = g_ptr_array_index (budgets, i);
      const RcBudgetResult *failed = NULL;
      double figure;

      for (guint j = 0; j < exceeded->len && failed == NULL; j++)
        if (g_str_equal (((RcBudgetResult *) g_ptr_array_index (exceeded, j))->key, budget->key))
          failed = g_ptr_array_index (exceeded, j);
      if (failed != NULL)
        printf (_ ("BUDGET EXCEEDED %s\n"), failed->message);
      else if (rc_measurement_figure (measurement, budget->key, &figure))
        printf (_ ("budget met      %s = %.0f (budget %s)\n"), budget->key, figure, budget->text);
    }
  return exceeded->len;
}

static gboolean
any_run_failed (const RcMeasurement *measurement)
{
  g_autoptr (GPtrArray) flags = rc_measurement_flags (measurement);

  for (guint i = 0; i < measurement->runs->len; i++)
    if (((RcRunRecord *) g_ptr_array_index (measurement->runs, i))->outcome.state
        != RC_OUTCOME_READY)
      return TRUE;
  return rc_diagnostics_count (flags, RC_SEVERITY_ERROR) > 0;
}

static gboolean
write_exports (const RcMeasurement *measurement, const Options *o, GError **error)
{
  if (o->json != NULL && !rc_measurement_write (measurement, RC_EXPORT_JSON, o->json, error))
    return FALSE;
  if (o->har != NULL && !rc_measurement_write (measurement, RC_EXPORT_HAR, o->har, error))
    return FALSE;
  if (o->markdown != NULL
      && !rc_measurement_write (measurement, RC_EXPORT_MARKDOWN, o->markdown, error))
    return FALSE;
  return TRUE;
}

/* A history that cannot be written costs the measurement nothing: a warning, not a failure. */
static void
keep_in_history (const RcMeasurement *measurement, const char *dir)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = rc_history_record (dir, measurement, &error);

  if (path != NULL)
    /* TRANSLATORS: on stderr after a measurement; %s is the history entry's file */
    fprintf (stderr, _ ("history: %s\n"), path);
  else
    fprintf (stderr, _ ("runtime-console measure: warning: not kept in the history: %s\n"),
             error->message);
}

/* Summary on stdout unless an export already goes there; budgets; the exit status. */
static int
conclude (const RcMeasurement *measurement, const Options *o, GPtrArray *budgets)
{
  g_autoptr (GError) error = NULL;
  gboolean stdout_taken = g_strcmp0 (o->json, "-") == 0 || g_strcmp0 (o->har, "-") == 0
                          || g_strcmp0 (o->markdown, "-") == 0;
  guint exceeded;

  if (!write_exports (measurement, o, &error)
      || !rc_cli_charts_write (o->charts, measurement, NULL, NULL, NULL, o->chart_width,
                               o->chart_height, &error))
    {
      fprintf (stderr, "runtime-console measure: %s\n", error->message);
      return RC_EXIT_CANNOT_RUN;
    }
  if (!stdout_taken)
    {
      g_autofree char *summary = rc_measurement_format_summary (measurement);

      fputs (summary, stdout);
    }
  exceeded = report_budgets (measurement, budgets);
  fflush (stdout);
  if (!rc_measurement_is_valid (measurement))
    {
      g_autofree char *why = rc_measurement_describe_invalid (measurement);

      /* TRANSLATORS: %s says which control booted (rc-control-engines.c) */
      fprintf (stderr, _ ("runtime-console measure: the report is invalid: %s\n"), why);
      return RC_EXIT_FAILED;
    }
  return exceeded > 0 || any_run_failed (measurement) ? RC_EXIT_FAILED : RC_EXIT_OK;
}

/* ---- progress ---------------------------------------------------------------------------- */

static void
on_boot_started (RcMeasureRunner *runner, const char *run_id, guint number, guint total,
                 MeasureRun *run)
{
  g_free (run->run_id);
  run->run_id = g_strdup (run_id);
  run->loading_started = -1;
  fprintf (stderr, _ ("[%u/%u] %s: booting\n"), number, total, run_id);
}

static void
on_progress (RcEngine *engine, const RcBootProgress *progress, MeasureRun *run)
{
  g_autofree char *done = NULL;
  const char *what;

  if (progress->phase == RC_BOOT_PHASE_READY)
    return;
  what = rc_boot_progress_subject (progress);
  if (progress->phase == RC_BOOT_PHASE_LOADING_RUNTIME)
    run->loading_started = progress->t_ms;
  /* runtime_loaded is step 1 finishing, not a step of its own: say so, as `boot` does. */
  if (progress->phase == RC_BOOT_PHASE_RUNTIME_LOADED)
    what = done =
        progress->t_ms >= 0 && run->loading_started >= 0
            ? g_strdup_printf (_ ("done in %.2f s"), (progress->t_ms - run->loading_started) / 1000)
            : g_strdup (_ ("done"));
  fprintf (stderr, "  %s [%u/%u] %s%s%s\n", run->run_id, progress->step, progress->steps,
           rc_boot_progress_step_phase (progress), what != NULL ? " " : "",
           what != NULL ? what : "");
}

static void
on_run_finished (RcMeasureRunner *runner, RcRunRecord *record, MeasureRun *run)
{
  g_autofree char *retried = rc_run_record_dup_retry_reason (record);

  if (record->outcome.state == RC_OUTCOME_READY)
    {
      g_autofree char *interpreter = rc_run_record_interpreter_text (record, "    ");

      if (record->start_ms >= 0)
        /* TRANSLATORS: "cold-1: ready in 2.24 s from navigation (browser start 3.01 s)" */
        fprintf (stderr, _ ("  %s: ready in %.2f s from navigation (browser start %.2f s)\n"),
                 record->run_id, record->boot_ms / 1000, record->start_ms / 1000);
      else
        fprintf (stderr, _ ("  %s: ready in %.2f s\n"), record->run_id, record->boot_ms / 1000);
      fputs (interpreter, stderr);
    }
  else
    fprintf (stderr, _ ("  %s: FAILED (%s): %s\n"), record->run_id, record->outcome.kind,
             record->outcome.message);
  /* its figures are attempt 2's; the first attempt's failure is the record's note */
  if (retried != NULL)
    fprintf (stderr, _ ("    retried: %s\n"), retried);
}

static void
on_control_finished (RcMeasureRunner *runner, RcControl *control, MeasureRun *run)
{
  const RcRunRecord *record = control->run;

  if (record->outcome.state == RC_OUTCOME_READY)
    fprintf (stderr, _ ("  control: BOOTED in %.2f s under %s: the report is invalid\n"),
             record->boot_ms / 1000, control->policy_name);
  else
    fprintf (stderr, _ ("  control: did not boot (%s after %.2f s), as it must\n"),
             record->outcome.kind, record->boot_ms / 1000);
}

static void
on_measured (GObject *source, GAsyncResult *result, gpointer user_data)
{
  MeasureRun *run = user_data;

  run->measurement = rc_measure_runner_run_finish (RC_MEASURE_RUNNER (source), result, &run->error);
  g_main_loop_quit (run->loop);
}

/* ---- setup ------------------------------------------------------------------------------- */

static gboolean
configure_engine (RcEngine *engine, RcServer *server, const Options *o, RcDeployment deployment,
                  GError **error)
{
  if (!rc_cli_apply_throttle (server, o->throttle, o->throttle_model, error))
    return FALSE;
  /* the engine kind is set by measure_engine() */
  rc_engine_set_csp (engine, o->boot.policy_name, o->boot.policy);
  rc_engine_set_deployment (engine, deployment);
  rc_engine_set_deadline_seconds (engine, o->boot.deadline);
  rc_engine_set_worker_kind (engine, o->boot.worker_kind);
  rc_engine_set_pyodide_version (engine, o->boot.pyodide);
  rc_engine_set_importtime (engine, o->importtime);
  return TRUE;
}

static RcMeasurement *
measure_engine (const Options *o, GArray *scenarios, RcEngineKind kind, const RcSnapshot *snapshot,
                GError **error)
{
  g_autoptr (RcCommunity) community = NULL;
  g_autoptr (RcServer) server = NULL;
  g_autoptr (RcEngine) engine = NULL;
  g_autoptr (RcMeasureRunner) runner = NULL;
  MeasureRun run = { .loading_started = -1 };
  RcDeployment deployment;
  GtkWidget *window;

  deployment = o->boot.deployment_kind;
  if ((community = rc_cli_boot_options_load (&o->boot, o->rest[0], error)) == NULL)
    return NULL;
  server = rc_cli_boot_options_new_server (&o->boot);
  engine = rc_engine_new (community, server);
  if (!configure_engine (engine, server, o, deployment, error)
      || !rc_engine_set_engine_kind (engine, kind, error))
    return NULL;
  if (o->kinds->len > 1)
    fprintf (stderr, _ ("Engine %s %s\n"), rc_engine_kind_to_string (kind),
             rc_engine_get_engine_version (engine));
  rc_cli_print_engine_options (stderr, kind);
  runner = rc_measure_runner_new (engine);
  rc_measure_runner_set_runs (runner, o->runs);
  rc_measure_runner_set_scenarios (runner, scenarios);
  rc_measure_runner_set_control (runner, !o->no_control);
  if (snapshot != NULL)
    rc_measure_runner_set_snapshot (runner, snapshot);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), rc_engine_get_view (engine));
  gtk_window_present (GTK_WINDOW (window));
  run.loop = g_main_loop_new (NULL, FALSE);
  g_signal_connect (runner, "boot-started", G_CALLBACK (on_boot_started), &run);
  g_signal_connect (runner, "run-finished", G_CALLBACK (on_run_finished), &run);
  g_signal_connect (runner, "control-finished", G_CALLBACK (on_control_finished), &run);
  g_signal_connect (engine, "progress", G_CALLBACK (on_progress), &run);
  /* Ctrl-C or SIGTERM stop the boot cleanly (rc-cli-signals.c). */
  run.cancellable = g_cancellable_new ();
  rc_cli_signals_set_cancellable (run.cancellable);
  rc_measure_runner_run_async (runner, run.cancellable, on_measured, &run);
  g_main_loop_run (run.loop);
  rc_cli_signals_set_cancellable (NULL);
  g_main_loop_unref (run.loop);
  g_object_unref (run.cancellable);
  g_signal_handlers_disconnect_by_data (engine, &run);
  rc_engine_stop (engine);
  gtk_window_destroy (GTK_WINDOW (window));
  rc_server_stop (server);
  g_free (run.run_id);
  if (run.error != NULL)
    g_propagate_error (error, run.error);
  return run.measurement;
}

/* With several engines the run ids say which ("chromium/cold-1"). */
static void
label_runs (RcMeasurement *one, RcEngineKind kind)
{
  for (guint j = 0; j < one->runs->len; j++)
    {
      RcRunRecord *record = one->runs->pdata[j];
      char *id = g_strdup_printf ("%s/%s", rc_engine_kind_to_string (kind), record->run_id);

      g_free (record->run_id);
      record->run_id = id;
    }
  rc_measurement_forget_analyses (one);
}

/* Moves @one's runs and its control (each engine's own: it must fail there too) into
 * @merged, then frees @one. */
static void
merge_engine (RcMeasurement *merged, RcMeasurement *one)
{
  while (one->runs->len > 0)
    rc_measurement_add_run (merged, g_ptr_array_steal_index (one->runs, 0));
  while (one->controls->len > 0)
    rc_measurement_add_control (merged, g_ptr_array_steal_index (one->controls, 0));
  one->control = NULL;
  rc_measurement_free (one);
}

/* One measurement per engine, each with its own server (its own request log), merged into
 * one report that keeps every engine's control. */
static gboolean
wants_snapshot (GArray *scenarios)
{
  for (guint i = 0; i < scenarios->len; i++)
    if (rc_scenario_is_snapshot (g_array_index (scenarios, RcScenario, i)))
      return TRUE;
  return FALSE;
}

/* One snapshot for every engine: it is the same WebAssembly memory for all. */
static RcSnapshot *
make_snapshot (const Options *o, GError **error)
{
  g_autoptr (RcServer) server = rc_cli_boot_options_new_server (&o->boot);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  RcSnapshot *snapshot;

  /* from the distribution the boots serve (a candidate's, with --pyodide) */
  if (o->boot.distribution != NULL)
    rc_server_set_distribution_dir (server, o->boot.distribution);
  rc_server_set_pyodide_version (server, o->boot.pyodide);
  fprintf (stderr, "%s\n", _ ("Making the memory snapshot (experimental)…"));
  rc_cli_signals_set_cancellable (cancellable);
  snapshot = rc_snapshot_make_sync (server, cancellable, error);
  rc_cli_signals_set_cancellable (NULL);
  if (snapshot != NULL && snapshot->refused != NULL)
    fprintf (stderr, _ ("Snapshot not made: %s\n"), snapshot->refused);
  else if (snapshot != NULL)
    fprintf (stderr, _ ("Snapshot made: %.1f MB in %.1f s\n"), snapshot->size_bytes / 1e6,
             snapshot->make_ms / 1000);
  return snapshot;
}

static RcMeasurement *
measure (const Options *o, GArray *scenarios, GError **error)
{
  g_autoptr (RcMeasurement) merged = NULL;
  g_autoptr (RcSnapshot) snapshot = NULL;

  if (wants_snapshot (scenarios) && (snapshot = make_snapshot (o, error)) == NULL)
    return NULL;

  for (guint i = 0; i < o->kinds->len; i++)
    {
      RcEngineKind kind = g_array_index (o->kinds, RcEngineKind, i);
      RcMeasurement *one = measure_engine (o, scenarios, kind, snapshot, error);

      if (one == NULL)
        return NULL;
      if (o->kinds->len > 1)
        label_runs (one, kind);
      if (merged == NULL)
        merged = one;
      else
        merge_engine (merged, one);
    }
  return g_steal_pointer (&merged);
}

int
rc_cli_measure (int argc, char **argv)
{
  g_auto (Options) o = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) scenarios = NULL;
  g_autoptr (GPtrArray) budgets = NULL;
  g_autoptr (RcMeasurement) measurement = NULL;
  const char *const no_budgets[] = { NULL };

  if (!parse_options (argc, argv, &o, &error)
      || (budgets = rc_budgets_parse (
              o.budgets != NULL ? (const char *const *) o.budgets : no_budgets, &error))
             == NULL
      || (scenarios = rc_scenarios_parse (o.scenarios != NULL ? o.scenarios : "cold,warm", &error))
             == NULL)
    return rc_cli_cannot_run ("measure", error);
  if (o.check_budgets != NULL)
    measurement = rc_measurement_load (o.check_budgets, &error);
  else
    {
      /* A signal must not kill a boot: exit() stops Xvfb and removes the per-run folder. */
      rc_cli_signals_watch ("measure");
      if (!rc_cli_init_display ())
        return RC_EXIT_CANNOT_RUN;
      measurement = measure (&o, scenarios, &error);
      if (rc_cli_signals_caught ())
        return rc_cli_signals_exit_status ();
    }
  if (measurement == NULL)
    return rc_cli_cannot_run ("measure", error);
  if (o.model_delay >= 0)
    measurement->model_delay_ms = o.model_delay * 1000;
  if (o.check_budgets == NULL && !o.no_history)
    keep_in_history (measurement, o.rest[0]);
  return conclude (measurement, &o, budgets);
}
