/* rc-cli-probe.c: `runtime-console probe DIR`: which preloaded modules fail to import under
 * the seal, and the smallest import_before_seal list that fixes them (boot/rc-seal-probe.h).
 *
 * Exit status: 0 when every module imports (with the configured list or the recommendation),
 * 1 when something still fails, 2 when it could not run. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "boot/rc-seal-probe.h"
#include "rc-cli-common.h"
#include "rc-cli.h"

typedef struct
{
  GMainLoop *loop;
  RcSealReport *report;
  GError *error;
} ProbeRun;

static void
on_message (RcSealProbe *probe, const char *line, gpointer data)
{
  fprintf (stderr, "  %s\n", line);
}

static void
on_probed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ProbeRun *run = user_data;

  run->report = rc_seal_probe_run_finish (RC_SEAL_PROBE (source), result, &run->error);
  g_main_loop_quit (run->loop);
}

static RcSealReport *
probe (RcCommunity *community, RcDeployment d, const char *name, const char *policy,
       RcWorkerKind kind, double deadline, gboolean live, char **data, GStrv modules,
       gboolean private_modules, GError **error)
{
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (RcEngine) engine = NULL;
  g_autoptr (RcSealProbe) probe = NULL;
  ProbeRun run = { 0 };
  GtkWidget *window;

  rc_cli_apply_network (server, live, data);
  engine = rc_engine_new (community, server);
  rc_engine_set_csp (engine, name, policy);
  rc_engine_set_deployment (engine, d);
  rc_engine_set_deadline_seconds (engine, deadline);
  rc_engine_set_worker_kind (engine, kind);
  probe = rc_seal_probe_new (engine);
  rc_seal_probe_set_packages (probe, (const char *const *) modules);
  rc_seal_probe_set_private (probe, private_modules);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), rc_engine_get_view (engine));
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (probe, "message", G_CALLBACK (on_message), NULL);
  run.loop = g_main_loop_new (NULL, FALSE);
  rc_seal_probe_run_async (probe, NULL, on_probed, &run);
  g_main_loop_run (run.loop);
  g_main_loop_unref (run.loop);
  rc_engine_stop (engine);
  gtk_window_destroy (GTK_WINDOW (window));
  rc_server_stop (server);
  if (run.error != NULL)
    g_propagate_error (error, run.error);
  return run.report;
}

int
rc_cli_probe (int argc, char **argv)
{
  g_autofree char *csp = NULL, *csp_text = NULL, *worker = NULL, *deployment = NULL;
  g_autofree char *distribution = NULL, *name = NULL, *policy = NULL;
  g_auto (GStrv) rest = NULL, data = NULL, modules = NULL;
  gboolean live = FALSE, json = FALSE, private_modules = FALSE;
  double deadline = RC_ENGINE_DEFAULT_DEADLINE_SECONDS;
  GOptionEntry entries[] = {
    { "module", 'm', 0, G_OPTION_ARG_STRING_ARRAY, &modules,
      N_ ("Walk this top-level package (repeatable; default: every preload)"), "PKG" },
    { "private", 0, 0, G_OPTION_ARG_NONE, &private_modules,
      N_ ("Also import private modules (names starting with _)"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("Print the report as JSON on stdout"), NULL },
    { "csp", 0, 0, G_OPTION_ARG_STRING, &csp, N_ ("Policy preset (default: none)"), "PRESET" },
    { "csp-text", 0, 0, G_OPTION_ARG_STRING, &csp_text, N_ ("Policy text"), "POLICY" },
    { "worker", 0, 0, G_OPTION_ARG_STRING, &worker, N_ ("builtin (default) or osa"), "KIND" },
    { "deadline", 0, 0, G_OPTION_ARG_DOUBLE, &deadline, N_ ("Boot deadline (default 120)"),
      "SECONDS" },
    { "deployment", 0, 0, G_OPTION_ARG_STRING, &deployment,
      N_ ("production or develop (default: from the environment, as OSA)"), "D" },
    { "distribution", 0, 0, G_OPTION_ARG_FILENAME, &distribution,
      N_ ("Serve this Pyodide 0.29.5 release folder (with its wheels) as the CDN (default: the "
          "npm distribution tools/setup.sh fetched)"),
      "DIR" },
    { "live", 0, 0, G_OPTION_ARG_NONE, &live,
      N_ ("Reach the real CDN and data hosts (for a machine that is online)"), NULL },
    { "data", 0, 0, G_OPTION_ARG_STRING_ARRAY, &data,
      N_ ("Serve a local folder at a data origin (repeatable)"), "URL=DIR" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "DIR" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = rc_cli_context_new (
      "probe", NULL,
      _ ("Imports every public module of the preloaded packages under the seal and "
         "recommends the smallest import_before_seal list that makes them all import."));
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community = NULL;
  g_autoptr (RcSealReport) report = NULL;
  RcDeployment d = RC_DEPLOYMENT_PRODUCTION;
  RcWorkerKind kind = RC_WORKER_KIND_BUILTIN;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (
      context, _ ("Boots the community cold, then once more per candidate list (at most 4 "
                  "re-boots); the folder is never written. Needs a display (it starts Xvfb "
                  "itself without one). Exits 0 when every module imports, 1 when something "
                  "still fails, 2 when it could not run."));
  if (!g_option_context_parse (context, &argc, &argv, &error) || !rc_cli_one_folder (rest, &error))
    return rc_cli_cannot_run ("probe", error);
  if (worker != NULL && !rc_worker_kind_from_string (worker, &kind))
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--worker must be builtin or osa, not “%s”"), worker);
      return rc_cli_cannot_run ("probe", error);
    }
  if (deadline <= 0)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--deadline must be above 0"));
      return rc_cli_cannot_run ("probe", error);
    }
  if (!rc_cli_pick_deployment (deployment, &d, &error)
      || !rc_cli_pick_csp (csp, csp_text, &policy, &name, &error)
      || !rc_cli_check_network (distribution, live, data, &error)
      || (community = rc_community_load (rest[0], distribution, d, &error)) == NULL)
    return rc_cli_cannot_run ("probe", error);
  if (!rc_cli_init_display ())
    return RC_EXIT_CANNOT_RUN;
  report = probe (community, d, name, policy, kind, deadline, live, data, modules, private_modules,
                  &error);
  if (report == NULL)
    return rc_cli_cannot_run ("probe", error);
  if (json)
    {
      g_autoptr (JsonNode) node = rc_seal_report_to_json (report);

      rc_cli_print_json (node, TRUE);
    }
  else
    {
      g_autofree char *text = rc_seal_report_format (report);

      fputs (text, stdout);
    }
  return rc_seal_report_ok (report) ? RC_EXIT_OK : RC_EXIT_FAILED;
}
