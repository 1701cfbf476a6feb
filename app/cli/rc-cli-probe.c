/* rc-cli-probe.c: `runtime-console probe DIR`: which preloaded modules fail to import under
 * the seal, and the smallest import_before_seal list that fixes them (boot/rc-seal-probe.h).
 *
 * Exit status: 0 when every module imports (with the configured list or the recommendation),
 * 1 when something still fails, 2 when it could not run. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "boot/rc-seal-probe.h"
#include "rc-cli-boot-options.h"
#include "rc-cli-common.h"
#include "rc-cli.h"

typedef struct
{
  GMainLoop *loop;
  RcSealReport *report;
  GError *error;
} ProbeRun;

static void
on_probed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ProbeRun *run = user_data;

  run->report = rc_seal_probe_run_finish (RC_SEAL_PROBE (source), result, &run->error);
  g_main_loop_quit (run->loop);
}

static RcSealReport *
probe (RcCommunity *community, const RcCliBootOptions *o, GStrv modules, gboolean private_modules,
       GError **error)
{
  g_autoptr (RcServer) server = rc_cli_boot_options_new_server (o);
  g_autoptr (RcEngine) engine = NULL;
  g_autoptr (RcSealProbe) probe = NULL;
  ProbeRun run = { 0 };
  GtkWidget *window;

  engine = rc_engine_new (community, server);
  if (!rc_cli_boot_options_configure (o, engine, g_array_index (o->engine_kinds, RcEngineKind, 0),
                                      error))
    return NULL;
  probe = rc_seal_probe_new (engine);
  rc_seal_probe_set_packages (probe, (const char *const *) modules);
  rc_seal_probe_set_private (probe, private_modules);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), rc_engine_get_view (engine));
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (probe, "message", G_CALLBACK (rc_cli_on_message), NULL);
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
  g_auto (RcCliBootOptions) o = { 0 };
  g_auto (GStrv) rest = NULL, modules = NULL;
  gboolean json = FALSE, private_modules = FALSE;
  GOptionEntry entries[] = {
    { "module", 'm', 0, G_OPTION_ARG_STRING_ARRAY, &modules,
      N_ ("Walk this top-level package (repeatable; default: every preload)"), N_ ("PKG") },
    { "private", 0, 0, G_OPTION_ARG_NONE, &private_modules,
      N_ ("Also import private modules (names starting with _)"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_ ("Print the report as JSON on stdout"), NULL },
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

  rc_cli_boot_options_init (&o);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  rc_cli_boot_options_add (&o, context);
  g_option_context_set_description (
      context, _ ("Boots the community cold, then once more per candidate list (at most 4 "
                  "re-boots); the folder is never written. Needs a display (it starts Xvfb "
                  "itself without one). Exits 0 when every module imports, 1 when something "
                  "still fails, 2 when it could not run."));
  if (!g_option_context_parse (context, &argc, &argv, &error) || !rc_cli_one_folder (rest, &error)
      || !rc_cli_boot_options_check (&o, FALSE, &error)
      || (community = rc_cli_boot_options_load (&o, rest[0], &error)) == NULL)
    return rc_cli_cannot_run ("probe", error);
  if (!rc_cli_init_display ())
    return RC_EXIT_CANNOT_RUN;
  report = probe (community, &o, modules, private_modules, &error);
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
