/* rc-cli-advise.c: `runtime-console advise DIR`: the changes that would cut the reader's wait,
 * each proven with boots (boot/rc-advise-runner.h), ranked; --json for CI.
 *
 * Exit status: 0 when it ran (and the budgets, if any, were met), 1 when a budget was
 * exceeded or no baseline boot got ready (the ledger is still printed), 2 when it could not
 * run. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>

#include "boot/rc-advise-runner.h"
#include "core/measurement/rc-measurement.h"
#include "rc-cli-boot-options.h"
#include "rc-cli-common.h"
#include "rc-cli-signals.h"
#include "rc-cli.h"
#include "core/measurement/rc-budget.h"

/* What the command line asks, the same for every engine. */
typedef struct
{
  const RcCliBootOptions *boot;
  const char *throttle, *throttle_model; /* --throttle, --throttle-model: every side's link */
  guint runs;
  double model_delay;    /* seconds; -1 the default */
  gboolean advised;      /* boot the advised result (--budget) */
  const char *candidate; /* --candidate: the version experiment's Pyodide */
} Request;

typedef struct
{
  const Request *req;
  RcEngineKind kind;
  GtkWidget *window;
} Host;

typedef struct
{
  GMainLoop *loop;
  RcAdvice *advice;
  GError *error;
} AdviseRun;

static void
stop_server (gpointer server)
{
  rc_server_stop (server);
  g_object_unref (server);
}

/* Each side boots in its own engine and server, shown in the one window. */
static RcEngine *
new_engine (RcCommunity *community, gpointer data, GError **error)
{
  Host *host = data;
  RcServer *server = rc_cli_boot_options_new_server (host->req->boot);
  g_autoptr (RcEngine) engine = rc_engine_new (community, server);

  g_object_set_data_full (G_OBJECT (engine), "rc-cli-advise-server", server, stop_server);
  if (!rc_cli_apply_throttle (server, host->req->throttle, host->req->throttle_model, error)
      || !rc_cli_boot_options_configure (host->req->boot, engine, host->kind, error))
    return NULL;
  gtk_window_set_child (GTK_WINDOW (host->window), rc_engine_get_view (engine));
  return g_steal_pointer (&engine);
}

static void
on_advised (GObject *source, GAsyncResult *result, gpointer user_data)
{
  AdviseRun *run = user_data;

  run->advice = rc_advise_runner_run_finish (RC_ADVISE_RUNNER (source), result, &run->error);
  g_main_loop_quit (run->loop);
}

/* One report: @dir/@name.json, said on stderr. */
static gboolean
write_report (const RcMeasurement *m, const char *dir, const char *name, GError **error)
{
  /* a change's id is "drop:NAME": no colon in a file name */
  g_autofree char *file = g_strdelimit (g_strdup_printf ("%s.json", name), ":/", '-');
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autofree char *text = rc_measurement_to_json_string (m);

  if (!g_file_set_contents (path, text, -1, error))
    return FALSE;
  fprintf (stderr, _ ("  wrote %s\n"), path);
  return TRUE;
}

/* --reports DIR: every side's boots as a run report `compare` and `chart` read: the
 * baseline, each variant (named by its change's id) and the advised result. */
static gboolean
write_reports (RcAdviseRunner *runner, const RcAdvice *advice, const char *dir, GError **error)
{
  RcMeasurement *m;

  if (g_mkdir_with_parents (dir, 0777) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _ ("Could not create the reports folder %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  if ((m = rc_advise_runner_get_baseline (runner)) != NULL
      && !write_report (m, dir, "baseline", error))
    return FALSE;
  for (guint i = 0; i < advice->changes->len; i++)
    {
      const RcAdviceChange *c = advice->changes->pdata[i];
      g_autofree char *name = g_strdup_printf ("variant-%s", c->id);

      if ((m = rc_advise_runner_get_variant (runner, c->id)) != NULL
          && !write_report (m, dir, name, error))
        return FALSE;
    }
  if ((m = rc_advise_runner_get_variant (runner, "control")) != NULL
      && !write_report (m, dir, "variant-control", error))
    return FALSE;
  if ((m = rc_advise_runner_get_advised (runner)) != NULL
      && !write_report (m, dir, "advised", error))
    return FALSE;
  return TRUE;
}

/* One engine's advice; @reports (NULL: none) gets its boots. */
static RcAdvice *
advise (RcCommunity *community, const Request *req, RcEngineKind kind, const char *reports,
        RcMeasurement **checked, GError **error)
{
  Host *host = g_new0 (Host, 1);
  g_autoptr (RcAdviseRunner) runner = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  AdviseRun run = { 0 };
  GtkWidget *window;

  rc_cli_print_engine_options (stderr, kind);
  host->req = req;
  host->kind = kind;
  host->window = window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  runner = rc_advise_runner_new (community, new_engine, host, g_free);
  rc_advise_runner_set_runs (runner, req->runs);
  if (req->model_delay >= 0)
    rc_advise_runner_set_model_delay (runner, req->model_delay * 1000);
  rc_advise_runner_set_advised (runner, req->advised);
  rc_advise_runner_set_candidate (runner, req->candidate);
  g_signal_connect (runner, "message", G_CALLBACK (rc_cli_on_message), NULL);
  run.loop = g_main_loop_new (NULL, FALSE);
  /* Ctrl-C or SIGTERM stop the boots cleanly (rc-cli-signals.c). */
  rc_cli_signals_set_cancellable (cancellable);
  rc_advise_runner_run_async (runner, cancellable, on_advised, &run);
  g_main_loop_run (run.loop);
  rc_cli_signals_set_cancellable (NULL);
  g_main_loop_unref (run.loop);
  if (run.advice != NULL && checked != NULL)
    {
      RcMeasurement *m = rc_advise_runner_get_advised (runner);

      if (m == NULL)
        m = rc_advise_runner_get_baseline (runner);
      /* the measurement outlives the runner: the budgets are checked on it */
      *checked = m != NULL ? rc_measurement_copy_engine (m, run.advice->engine) : NULL;
    }
  if (run.advice != NULL && reports != NULL && run.error == NULL
      && !write_reports (runner, run.advice, reports, &run.error))
    g_clear_pointer (&run.advice, rc_advice_free);
  gtk_window_destroy (GTK_WINDOW (window));
  if (run.error != NULL)
    g_propagate_error (error, run.error);
  return run.advice;
}

/* Prints every budget, met or not, on what was checked; returns how many were exceeded. */
static guint
report_budgets (const RcMeasurement *m, GPtrArray *budgets, gboolean advised, const char *engine,
                FILE *out)
{
  g_autoptr (GPtrArray) exceeded = rc_measurement_check_budgets (m, budgets);

  /* TRANSLATORS: "Budgets in webkit, on the advised result:" */
  fprintf (out,
           advised ? _ ("Budgets in %s, on the advised result:\n")
                   : _ ("Budgets in %s, on the baseline (no advised result was booted):\n"),
           engine);
  for (guint i = 0; i < exceeded->len; i++)
    fprintf (out, _ ("BUDGET EXCEEDED %s\n"),
             ((RcBudgetResult *) g_ptr_array_index (exceeded, i))->message);
  for (guint i = 0; i < budgets->len; i++)
    {
      const RcBudget *budget = g_ptr_array_index (budgets, i);
      gboolean failed = FALSE;
      double figure;

      for (guint j = 0; j < exceeded->len; j++)
        failed |=
            g_str_equal (((RcBudgetResult *) g_ptr_array_index (exceeded, j))->key, budget->key);
      if (!failed && rc_measurement_figure (m, budget->key, &figure))
        fprintf (out, _ ("budget met      %s = %.0f (budget %s)\n"), budget->key, figure,
                 budget->text);
    }
  return exceeded->len;
}

/* One engine: the advice (its JSON object); several: each in turn (a JSON array of them). */
static void
print_advice (GPtrArray *advices, gboolean json)
{
  if (json && advices->len == 1)
    {
      g_autoptr (JsonNode) node = rc_advice_to_json (advices->pdata[0]);

      rc_cli_print_json (node, TRUE);
      return;
    }
  if (json)
    {
      g_autoptr (JsonArray) array = json_array_new ();
      g_autoptr (JsonNode) node = json_node_new (JSON_NODE_ARRAY);

      for (guint i = 0; i < advices->len; i++)
        json_array_add_element (array, rc_advice_to_json (advices->pdata[i]));
      json_node_set_array (node, array);
      rc_cli_print_json (node, TRUE);
      return;
    }
  for (guint i = 0; i < advices->len; i++)
    {
      g_autofree char *text = rc_advice_format (advices->pdata[i]);

      fputs (i > 0 ? "\n" : "", stdout);
      fputs (text, stdout);
    }
}

int
rc_cli_advise (int argc, char **argv)
{
  g_auto (RcCliBootOptions) o = { 0 };
  g_auto (GStrv) rest = NULL, budget_texts = NULL;
  gboolean json = FALSE;
  g_autofree char *reports = NULL;
  g_autofree char *throttle = NULL, *throttle_model = NULL, *candidate = NULL;
  int runs = 3;
  double model_delay = -1;
  GOptionEntry entries[] = {
    { "runs", 'n', 0, G_OPTION_ARG_INT, &runs,
      N_ ("Cold boots of the baseline and of each variant (default 3)"), N_ ("N") },
    { "model-delay", 0, 0, G_OPTION_ARG_DOUBLE, &model_delay,
      N_ ("The model's first turn for the preload_on model, in seconds (default 8.1)"),
      N_ ("SECONDS") },
    { "budget", 'b', 0, G_OPTION_ARG_STRING_ARRAY, &budget_texts,
      N_ ("Check a budget (boot_ms=9000, cold_bytes=40MB, …) on the advised result: every "
          "proven change at once, booted (repeatable)"),
      N_ ("KEY=VALUE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_ ("Print the advice as JSON on stdout (data/schema/advice-v1.schema.json)"), NULL },
    { "throttle", 0, 0, G_OPTION_ARG_STRING, &throttle,
      N_ ("Shape every boot's link as a reader's: none, cable, fast-4g, fast-3g or slow-3g (a "
          "preload's bytes cost what they cost the reader)"),
      N_ ("PROFILE") },
    { "throttle-model", 0, 0, G_OPTION_ARG_STRING, &throttle_model,
      N_ ("Charge the profile's round trip as a link does (link, the default) or as Chrome "
          "DevTools does (devtools)"),
      N_ ("MODEL") },
    { "candidate", 0, 0, G_OPTION_ARG_STRING, &candidate,
      N_ ("Rehearse an upgrade: boot Pyodide VERSION (fetched by “tools/setup.sh --pyodide "
          "VERSION”) as one more variant, proven like the others"),
      N_ ("VERSION") },
    { "reports", 0, 0, G_OPTION_ARG_FILENAME, &reports,
      N_ ("Write the boots of the baseline, of each variant and of the advised result as run "
          "reports into FOLDER (for compare, chart and --har)"),
      N_ ("FOLDER") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "DIR" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = rc_cli_context_new (
      "advise", NULL,
      _ ("Runs the experiments that apply (the preload ledger, the seal probe's fix, the "
         "preload_on choice, the memory snapshot and, with --candidate, a Pyodide upgrade) "
         "and lists the changes ranked by the reader's wait they save, "
         "each proven with boots."));
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community = NULL;
  g_autoptr (GPtrArray) advices = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_advice_free);
  g_autoptr (GPtrArray) budgets = NULL;
  Request req = { &o, NULL, NULL, 3, -1, FALSE, NULL };
  gboolean failed = FALSE;
  guint exceeded = 0;

  rc_cli_boot_options_init (&o);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  rc_cli_boot_options_add (&o, context);
  g_option_context_set_description (
      context, _ ("Boots the community cold --runs times, then each variant as many times from "
                  "a temporary copy of the folder with its edit applied; the folder itself is "
                  "never written. Progress goes to stderr. Needs a display (it starts Xvfb "
                  "itself without one). Exits 0 when it ran and the budgets were met, 1 when "
                  "a budget was exceeded or no baseline boot got ready, 2 when it could not "
                  "run."));
  if (!g_option_context_parse (context, &argc, &argv, &error) || !rc_cli_one_folder (rest, &error)
      || !rc_cli_boot_options_check (&o, TRUE, &error))
    return rc_cli_cannot_run ("advise", error);
  if (runs < 1 || runs > 50 || (model_delay < 0 && model_delay != -1))
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   runs < 1 || runs > 50 ? _ ("--runs must be between 1 and 50")
                                         : _ ("--model-delay must be 0 or more seconds"));
      return rc_cli_cannot_run ("advise", error);
    }
  {
    /* a bad profile is an option error before anything boots */
    g_autoptr (RcServer) check = rc_server_new ();

    if (!rc_cli_apply_throttle (check, throttle, throttle_model, &error))
      return rc_cli_cannot_run ("advise", error);
  }
  if ((candidate != NULL && !rc_cli_find_pyodide ("--candidate", candidate, NULL, &error))
      || (budgets = rc_budgets_parse ((const char *const *) budget_texts, &error)) == NULL
      || (community = rc_cli_boot_options_load (&o, rest[0], &error)) == NULL)
    return rc_cli_cannot_run ("advise", error);
  req.throttle = throttle;
  req.throttle_model = throttle_model;
  req.runs = (guint) runs;
  req.model_delay = model_delay;
  req.advised = budgets->len > 0;
  req.candidate = candidate;
  if (!rc_cli_init_display ())
    return RC_EXIT_CANNOT_RUN;
  for (guint e = 0; e < o.engine_kinds->len; e++)
    {
      RcEngineKind kind = g_array_index (o.engine_kinds, RcEngineKind, e);
      /* several engines: a folder of reports each */
      g_autofree char *dir = reports == NULL ? NULL
                             : o.engine_kinds->len > 1
                                 ? g_build_filename (reports, rc_engine_kind_to_string (kind), NULL)
                                 : g_strdup (reports);
      RcMeasurement *checked = NULL;
      RcAdvice *advice =
          advise (community, &req, kind, dir, budgets->len > 0 ? &checked : NULL, &error);

      if (advice == NULL)
        return rc_cli_cannot_run ("advise", error);
      g_ptr_array_add (advices, advice);
      if (checked != NULL)
        {

          /* with --json stdout is the JSON alone */
          exceeded += report_budgets (checked, budgets, advice->advised_runs != NULL,
                                      advice->engine, json ? stderr : stdout);
          rc_measurement_free (checked);
        }
      failed |= advice->base_boot.n == 0;
    }
  print_advice (advices, json);
  /* nothing booted, nothing proven: the check failed */
  return exceeded > 0 || failed ? RC_EXIT_FAILED : RC_EXIT_OK;
}
