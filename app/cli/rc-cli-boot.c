/* rc-cli-boot.c: `runtime-console boot DIR`: one real boot, headless, step by step. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <unistd.h>
#include <string.h>

#include "boot/rc-engine.h"
#include "core/base/rc-format.h"
#include "core/record/rc-boot-progress.h"
#include "core/record/rc-run-connections.h"
#include "core/policy/rc-csp-presets.h"
#include "core/policy/rc-csp.h"
#include "core/export/rc-export-interpreter.h"
#include "core/measurement/rc-measurement.h"
#include "core/analysis/rc-run-analysis.h"
#include "core/export/rc-export-connections.h"
#include "core/plan/rc-boot-plan.h"
#include "rc-cli-boot-options.h"
#include "rc-cli-common.h"
#include "rc-cli-signals.h"
#include "rc-cli.h"

typedef struct
{
  GMainLoop *loop;
  RcEngine *engine;
  GCancellable *cancellable; /* cancelled by Ctrl-C or SIGTERM (rc-cli-signals.c) */
  char *execute;
  char *record_file;
  int status;
  double loading_started; /* page time (ms) step 1 began, -1 if unknown */
  int label_width;        /* of the last "[n/m]", so the ready line lines up under it */
  gboolean record_failed; /* --record could not be written: exit 2 whatever the boot did */
} BootRun;

/* One aligned line: LABEL PHASE WHAT, then the page time and the heap when known. */
static void
print_row (int label_width, const char *label, const char *phase, const char *what, double t,
           double heap)
{
  g_autoptr (GString) line = g_string_new (NULL);

  g_string_printf (line, "  %-*s %-16s %-24s", label_width, label, phase, what);
  if (t >= 0)
    g_string_append_printf (line, " %8.2f s", t / 1000);
  if (heap > 0)
    g_string_append_printf (line, _ ("  heap %.1f MB"), heap / 1e6);
  g_strchomp (line->str);
  puts (line->str);
}

static void
print_progress (RcEngine *engine, const RcBootProgress *progress, BootRun *run)
{
  if (progress->phase == RC_BOOT_PHASE_READY)
    {
      g_autofree char *what =
          g_strdup_printf ("Pyodide %s", progress->version != NULL ? progress->version : "?");

      print_row (run->label_width, "", _ ("ready"), what, progress->t_ms, (double) progress->heap);
    }
  else
    {
      const char *subject = rc_boot_progress_subject (progress);
      const char *what = subject != NULL ? subject : "";
      g_autofree char *label = g_strdup_printf ("[%u/%u]", progress->step, progress->steps);
      g_autofree char *done = NULL;

      run->label_width = strlen (label);
      if (progress->phase == RC_BOOT_PHASE_LOADING_RUNTIME)
        run->loading_started = progress->t_ms;
      /* runtime_loaded is step 1 finishing, not a step of its own (runtime-worker.md). */
      if (progress->phase == RC_BOOT_PHASE_RUNTIME_LOADED)
        what = done = progress->t_ms >= 0 && run->loading_started >= 0 ? g_strdup_printf (
                          _ ("done in %.2f s"), (progress->t_ms - run->loading_started) / 1000)
                                                                       : g_strdup (_ ("done"));
      print_row (run->label_width, label, rc_boot_progress_step_phase (progress), what,
                 progress->t_ms, (double) progress->heap);
    }
  fflush (stdout);
}

static void
print_violation (RcEngine *engine, const char *directive, const char *blocked, const char *source,
                 BootRun *run)
{
  printf (_ ("  violation in the %s: %s refused %s\n"), source, directive, blocked);
  fflush (stdout);
}

static void
on_executed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  BootRun *run = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) reply = rc_engine_execute_finish (RC_ENGINE (source), result, &error);
  const char *status;

  if (reply == NULL)
    {
      fprintf (stderr, _ ("execute: %s\n"), error->message);
      run->status = RC_EXIT_FAILED;
      g_main_loop_quit (run->loop);
      return;
    }
  status = json_object_get_string_member_with_default (reply, "status", "?");
  printf ("%s %s (%" G_GINT64_FORMAT " ms)\n", _ ("status:"), status,
          json_object_get_int_member_with_default (reply, "elapsed_ms", 0));
  printf ("%s\n%s", _ ("stdout:"),
          json_object_get_string_member_with_default (reply, "stdout", ""));
  printf ("%s\n%s\n", _ ("stderr:"),
          json_object_get_string_member_with_default (reply, "stderr", ""));
  if (*json_object_get_string_member_with_default (reply, "summary", "") != '\0')
    printf ("%s\n%s\n", _ ("summary:"), json_object_get_string_member (reply, "summary"));
  run->status = g_str_equal (status, "ok") ? RC_EXIT_OK : RC_EXIT_FAILED;
  g_main_loop_quit (run->loop);
}

static gboolean
write_record (const RcRunRecord *record, const char *path, GError **error)
{
  g_autoptr (JsonNode) node = rc_run_record_to_json (record);
  g_autoptr (JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, node);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_file (generator, path, error);
}

/* Wire bytes (as the CDN sends them, encoded) with the decoded size, as the reports write. */
/* The console's own start-up, never inside the boot time (rc-boot-clock.h). */
static void
print_start (const RcRunRecord *record)
{
  if (g_strcmp0 (record->boot_clock, "navigation") != 0)
    printf (_ ("(timed on the console's clock: the page never said its own)\n"));
  else if (record->start_ms >= 0)
    /* TRANSLATORS: the browser (or WebKit's web process) started before the page's navigation */
    printf (_ ("browser start before navigation: %.2f s (not in the boot time)\n"),
            record->start_ms / 1000);
}

static void
print_network (const RcRunRecord *record)
{
  g_autoptr (RcRunAnalysis) a = rc_run_analyse (record);
  g_autofree char *bytes = rc_format_wire_bytes ((gint64) a->total_bytes, a->total_decoded_bytes);
  g_autofree char *connections = rc_run_connections_describe (record);

  if (record->outcome.state == RC_OUTCOME_READY)
    /* TRANSLATORS: "network: 5.1 MB (12.3 MB once decoded) until ready, 8 requests" */
    printf (ngettext ("network: %s until ready, %u request\n",
                      "network: %s until ready, %u requests\n", record->requests->len),
            bytes, record->requests->len);
  else
    /* TRANSLATORS: "network: 5.1 MB (12.3 MB once decoded) until it failed, 8 requests" */
    printf (ngettext ("network: %s until it failed, %u request\n",
                      "network: %s until it failed, %u requests\n", record->requests->len),
            bytes, record->requests->len);
  if (connections != NULL)
    printf (_ ("connections: %s\n"), connections);
}

static void
on_booted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  BootRun *run = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) record = rc_engine_boot_finish (RC_ENGINE (source), result, &error);
  g_autofree char *retried = NULL;

  if (record == NULL)
    {
      /* an interrupted boot already said so in one line */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        fprintf (stderr, "runtime-console boot: %s\n", error->message);
      run->status = RC_EXIT_CANNOT_RUN;
      g_main_loop_quit (run->loop);
      return;
    }
  if (run->record_file != NULL && !write_record (record, run->record_file, &error))
    {
      /* Checked before booting, so only a folder that went away gets here: still an error. */
      fprintf (stderr, "runtime-console boot: %s\n", error->message);
      run->record_failed = TRUE;
    }
  retried = rc_run_record_dup_retry_reason (record);
  if (retried != NULL)
    /* TRANSLATORS: the boot was run a second time because the engine itself failed the first;
     * %s is why, "attempt 1 failed in the engine after 2.2 s (…); it was retried once" */
    printf (_ ("(retried: %s)\n"), retried);
  if (record->outcome.state == RC_OUTCOME_READY)
    {
      g_autofree char *interpreter = rc_run_record_interpreter_text (record, "");

      /* TRANSLATORS: "READY: Pyodide 0.29.5, 2.24 s from navigation (web process RSS …)" */
      printf (_ ("READY: Pyodide %s, %.2f s from navigation (web process RSS %.1f MB)\n"),
              record->outcome.version, record->boot_ms / 1000, record->web_process_rss_bytes / 1e6);
      print_start (record);
      print_network (record);
      fputs (interpreter, stdout);
      run->status = RC_EXIT_OK;
      if (run->execute != NULL)
        {
          rc_engine_execute_async (run->engine, run->execute, run->cancellable, on_executed, run);
          return;
        }
    }
  else
    {
      printf (_ ("FAILED (%s) after %.2f s from navigation: %s\n"), record->outcome.kind,
              record->boot_ms / 1000, record->outcome.message);
      print_start (record);
      print_network (record);
      if (record->outcome.diagnosis != NULL)
        printf ("%s\n%s\n", _ ("Diagnosis:"), record->outcome.diagnosis);
      run->status = RC_EXIT_FAILED;
    }
  g_main_loop_quit (run->loop);
}

/* Checked before booting, so a bad value never costs a boot nor falls back to a default. */
static gboolean
check_record (const char *record_file, GError **error)
{
  g_autofree char *parent = NULL;

  if (record_file == NULL)
    return TRUE;
  parent = g_path_get_dirname (record_file);
  if (!g_file_test (parent, G_FILE_TEST_IS_DIR) || g_access (parent, W_OK) != 0
      || g_file_test (record_file, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--record “%s”: cannot write there (%s is not a writable folder, or the "
                      "name is a folder)"),
                   record_file, parent);
      return FALSE;
    }
  return TRUE;
}

int
rc_cli_boot (int argc, char **argv)
{
  g_auto (RcCliBootOptions) o = { 0 };
  g_autofree char *execute = NULL, *record_file = NULL, *dist_label = NULL;
  g_auto (GStrv) rest = NULL;
  gboolean importtime = FALSE;
  GOptionEntry entries[] = {
    { "execute", 0, 0, G_OPTION_ARG_STRING, &execute, N_ ("Run CODE once booted"), N_ ("CODE") },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record_file,
      N_ ("Write the run record (JSON) to FILE"), N_ ("FILE") },
    { "importtime", 0, 0, G_OPTION_ARG_NONE, &importtime,
      N_ ("Run Python with -X importtime: its first import and slowest imports (slows imports "
          "a little)"),
      NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "DIR" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = rc_cli_context_new (
      "boot", NULL, _ ("Boots a community's runtime once, headless, and prints each step."));
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community = NULL;
  g_autoptr (RcServer) server = NULL;
  g_autoptr (RcEngine) engine = NULL;
  RcEngineKind engine_kind;
  BootRun run = { .loading_started = -1, .label_width = 5 };
  GtkWidget *window;

  rc_cli_boot_options_init (&o);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  rc_cli_boot_options_add (&o, context);
  g_option_context_set_description (
      context, _ ("Needs a display: without DISPLAY it starts Xvfb itself; or run it under "
                  "“xvfb-run -a”. Exits 0 when the runtime is ready (and CODE, if given, ran "
                  "with status ok), 1 when it failed, 2 when it could not run."));
  if (!g_option_context_parse (context, &argc, &argv, &error) || !rc_cli_one_folder (rest, &error)
      || !rc_cli_boot_options_check (&o, FALSE, &error) || !check_record (record_file, &error)
      || (community = rc_cli_boot_options_load (&o, rest[0], &error)) == NULL)
    return rc_cli_cannot_run ("boot", error);
  engine_kind = g_array_index (o.engine_kinds, RcEngineKind, 0);
  /* From here on a signal must not kill the process: exit() stops Xvfb and removes the
   * per-run folder. */
  rc_cli_signals_watch ("boot");
  if (!rc_cli_init_display ())
    return RC_EXIT_CANNOT_RUN;

  server = rc_cli_boot_options_new_server (&o);
  engine = rc_engine_new (community, server);
  rc_engine_set_importtime (engine, importtime);
  if (!rc_cli_boot_options_configure (&o, engine, engine_kind, &error))
    return rc_cli_cannot_run ("boot", error);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), rc_engine_get_view (engine));
  gtk_window_present (GTK_WINDOW (window));

  dist_label = rc_cli_describe_distribution (community, o.live);
  printf (_ ("Booting %s in %s %s (%s worker, policy %s, deployment %s, deadline %.0f s)\n"),
          rest[0], rc_engine_kind_to_string (engine_kind), rc_engine_get_engine_version (engine),
          rc_worker_kind_to_string (o.worker_kind), o.policy_name,
          rc_deployment_to_string (o.deployment_kind), o.deadline);
  printf (_ ("  distribution %s\n"), dist_label);
  rc_cli_print_engine_options (stdout, engine_kind);
  /* TRANSLATORS: "  candidate Pyodide 314.0.8, in a module worker" */
  if (o.pyodide != NULL && rc_boot_plan_version_is_module (o.pyodide))
    printf (_ ("  candidate Pyodide %s, in a module worker\n"), o.pyodide);
  else if (o.pyodide != NULL)
    printf (_ ("  candidate Pyodide %s\n"), o.pyodide);
  fflush (stdout);
  run.loop = g_main_loop_new (NULL, FALSE);
  run.engine = engine;
  run.execute = execute;
  run.record_file = record_file;
  run.cancellable = g_cancellable_new ();
  rc_cli_signals_set_cancellable (run.cancellable);
  g_signal_connect (engine, "progress", G_CALLBACK (print_progress), &run);
  g_signal_connect (engine, "violation", G_CALLBACK (print_violation), &run);
  rc_engine_boot_async (engine, RC_BOOT_MODE_COLD, run.cancellable, on_booted, &run);
  g_main_loop_run (run.loop);
  g_main_loop_unref (run.loop);
  g_signal_handlers_disconnect_by_data (engine, &run);
  rc_engine_stop (engine);
  gtk_window_destroy (GTK_WINDOW (window));
  rc_server_stop (server);
  rc_cli_signals_set_cancellable (NULL);
  g_object_unref (run.cancellable);
  if (rc_cli_signals_caught ())
    return rc_cli_signals_exit_status ();
  return run.record_failed ? RC_EXIT_CANNOT_RUN : run.status;
}
