/* test-window-boot.c: the window's Boot page booting for real: cold, warm, the control boot,
 * Cold + Warm into a report and its exports, the Python console and the seal audit.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "core/chart/rc-reader-waits.h"
#include "core/measurement/rc-history.h"
#include "core/policy/rc-csp.h"
#include "core/base/rc-paths.h"
#include "core/seal/rc-seal-probes.h"
#include "core/export/rc-export-text.h"
#include "rc-test-files.h"
#include "rc-test-ui.h"
#include "rc-test-window.h"
#include "ui/rc-boot-controls.h"
#include "ui/rc-history-dialog.h"
#include "ui/rc-run-tables.h"
#include "ui/rc-table-item.h"

/* Stop is red only while something runs (issue 23): sets *@wrong when it is sensitive and
 * not red, or red and not sensitive. */
static void
stop_style_cb (GtkWidget *stop, GParamSpec *pspec, gboolean *wrong)
{
  gboolean red = gtk_widget_has_css_class (stop, "destructive-action");

  if (red != gtk_widget_get_sensitive (stop) || red == gtk_widget_has_css_class (stop, "flat"))
    *wrong = TRUE;
}

static GtkWidget *
stop_button (RcBootPane *pane)
{
  GtkWidget *stop = GTK_WIDGET (gtk_widget_get_template_child (
      GTK_WIDGET (rc_test_pane_child (pane, "controls")), RC_TYPE_BOOT_CONTROLS, "stop_button"));

  g_assert_nonnull (stop);
  return stop;
}

static void
assert_stop_idle (RcBootPane *pane)
{
  GtkWidget *stop = stop_button (pane);

  g_assert_false (gtk_widget_get_sensitive (stop));
  g_assert_false (gtk_widget_has_css_class (stop, "destructive-action"));
  g_assert_true (gtk_widget_has_css_class (stop, "flat"));
}

static void
test_window_boot_cold_ready (void)
{
  RcWindow *window = rc_test_open_window ("data/examples/demo");
  RcBootPane *pane = rc_test_window_child (window, "boot_pane");
  g_autoptr (RcRunRecord) record = NULL;
  RcPythonConsole *console;
  GPtrArray *verdicts;
  gboolean done = FALSE;
  gboolean audited = FALSE;
  gboolean revalidated = FALSE;
  g_autoptr (RcRunRecord) warm = NULL;
  RcChartsView *charts;
  const RcChartModel *timeline;
  gulong id;
  g_autofree char *shot = NULL;
  gboolean stop_wrong = FALSE, stop_toggled = FALSE;

  g_assert_true (rc_boot_pane_select_preset (pane, "nemarlike"));
  rc_test_show_page (window, "boot");
  assert_stop_idle (pane);
  g_signal_connect (stop_button (pane), "notify::sensitive", G_CALLBACK (stop_style_cb),
                    &stop_wrong);
  g_signal_connect_swapped (stop_button (pane), "notify::sensitive", G_CALLBACK (rc_test_set_true),
                            &stop_toggled);
  record = rc_test_boot_and_wait (window, "boot.cold", 150);
  g_test_message ("outcome: %s", record->outcome.message);
  /* red while the boot ran, flat before and after */
  g_signal_handlers_disconnect_by_data (stop_button (pane), &stop_wrong);
  g_signal_handlers_disconnect_by_data (stop_button (pane), &stop_toggled);
  g_assert_true (stop_toggled);
  g_assert_false (stop_wrong);
  assert_stop_idle (pane);
  /* The screenshot comes first so a failing boot leaves one to look at. */
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "boot-cold");
  g_clear_pointer (&shot, g_free);
  g_assert_cmpint (record->outcome.state, ==, RC_OUTCOME_READY);
  /* The step table filled: one row per boot step the worker announced. */
  g_assert_cmpuint (record->steps->len, >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (rc_boot_pane_get_steps (pane)), ==,
                    record->steps->len);

  /* The Python console runs code in the sealed runtime. */
  console = rc_test_find_console (pane);
  g_signal_connect (console, "finished", G_CALLBACK (rc_test_set_done_cb), &done);
  rc_python_console_run (console, "print(6 * 7)\n");
  g_assert_true (rc_test_wait_for (&done, 60));
  g_assert_cmpstr (rc_python_console_get_status (console), ==, "ok");
  rc_test_set_results_page (pane, "python");
  rc_test_spin (300);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "boot-python");
  g_clear_pointer (&shot, g_free);

  /* The seal audit: every sealed import is denied with its reason and egress outside
   * fetch_allow is refused. nemarlike's connect-src does not list the demo's data host, so
   * the fetch_allow probe fails, from the policy analysis. */
  g_signal_connect_swapped (pane, "audit-finished", G_CALLBACK (rc_test_set_true), &audited);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "boot.seal-audit", NULL));
  g_assert_true (rc_test_wait_for (&audited, 180));
  verdicts = rc_boot_pane_get_audit_verdicts (pane);
  g_assert_nonnull (verdicts);
  g_assert_cmpuint (verdicts->len, ==, 8);
  for (guint i = 0; i < verdicts->len; i++)
    {
      const RcSealVerdict *v = g_ptr_array_index (verdicts, i);

      g_test_message ("probe %u: %s: %s", i, v->passed ? "pass" : "fail", v->detail);
      g_assert_true (v->passed == (i < 7));
    }
  rc_test_spin (300);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "seal-audit");

  /* A warm boot in the same session: the step chart puts it under the cold one. */
  warm = rc_test_boot_and_wait (window, "boot.warm", 150);
  g_assert_cmpint (warm->scenario, ==, RC_SCENARIO_WARM);
  g_assert_cmpint (warm->outcome.state, ==, RC_OUTCOME_READY);
  charts = rc_test_find_charts (pane);
  timeline = rc_chart_get_model (rc_charts_view_get_chart (charts, RC_CHART_TIMELINE));
  g_assert_null (timeline->empty_text);
  /* One bar per step for each run: cold in the cold colour, warm in the warm one. */
  g_assert_cmpuint (
      rc_chart_model_count_marks (timeline, RC_CHART_MARK_BAR, RC_CHART_ROLE_SERIES_0), >=,
      record->steps->len);
  g_assert_cmpuint (
      rc_chart_model_count_marks (timeline, RC_CHART_MARK_BAR, RC_CHART_ROLE_SERIES_1), >=,
      warm->steps->len);
  rc_test_set_results_page (pane, "steps");
  rc_test_spin (300);
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "boot-cold-warm");
  /* Every chart of the cold and warm boots, as the window draws it. */
  for (RcChartKind k = 0; k < RC_CHART_N_KINDS; k++)
    {
      g_autofree char *name = g_strdup_printf ("window-chart-%s", rc_chart_kind_to_string (k));
      g_autofree char *chart_shot = NULL;

      rc_charts_view_show (charts, k);
      rc_test_spin (200);
      chart_shot =
          rc_test_save_screenshot (GTK_WIDGET (rc_charts_view_get_chart (charts, k)), name);
      g_assert_nonnull (chart_shot);
    }

  /* Validating again (as after a save) keeps the booted runtime the console is working in. */
  id = g_signal_connect_swapped (window, "notify::community", G_CALLBACK (rc_test_set_true),
                                 &revalidated);
  g_action_group_activate_action (G_ACTION_GROUP (window), "revalidate", NULL);
  g_assert_true (rc_test_wait_for (&revalidated, 60));
  g_signal_handler_disconnect (window, id);
  g_assert_cmpint (rc_engine_get_state (rc_boot_pane_get_engine (pane)), ==, RC_ENGINE_STATE_READY);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A Pyodide release folder at another path: the bundled distribution's files, hard-linked
 * where the file system allows it (the server serves no symbolic links), else copied. */
static char *
make_distribution_copy (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *source = rc_paths_default_distribution ();
  char *dir = g_dir_make_tmp ("rc-dist-XXXXXX", &error);
  g_autoptr (GDir) listing = NULL;
  const char *name;

  g_assert_no_error (error);
  listing = g_dir_open (source, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *from = g_build_filename (source, name, NULL);
      g_autofree char *to = g_build_filename (dir, name, NULL);

      if (link (from, to) != 0)
        {
          g_autoptr (GFile) src = g_file_new_for_path (from);
          g_autoptr (GFile) dest = g_file_new_for_path (to);

          g_file_copy (src, dest, G_FILE_COPY_NONE, NULL, NULL, NULL, &error);
          g_assert_no_error (error);
        }
    }
  return dir;
}

static void
test_window_boot_control_fails (void)
{
  RcWindow *window = rc_test_open_window ("data/examples/demo");
  RcBootPane *pane = rc_test_window_child (window, "boot_pane");
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (RcRunRecord) record = NULL;
  g_autofree char *outcome = NULL;
  g_autofree char *shot = NULL;
  g_autofree char *dist = NULL;

  g_assert_true (rc_boot_pane_select_preset (pane, "control"));
  /* The static analysis already says why: no wasm grant. */
  g_assert_nonnull (rc_boot_pane_get_findings (pane));
  g_assert_nonnull (rc_csp_findings_find (rc_boot_pane_get_findings (pane), "wasm", NULL));
  g_assert_false (rc_csp_findings_find (rc_boot_pane_get_findings (pane), "wasm", NULL)->granted);
  /* Pyodide hangs in loadPyodide under control; the refused compile ends the boot (kind
   * wasm-refused) long before the deadline, which stays short all the same. */
  g_settings_set_uint (settings, "deadline", 20);
  rc_test_show_page (window, "boot");
  /* Live network, as `boot --live`: said in the status before any boot (checked without one:
   * this machine may be offline). */
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (window), "boot.set-distribution", "s", "live"));
  rc_test_wait_community (window, 60);
  g_assert_nonnull (strstr (rc_boot_pane_get_distribution_text (pane), "Live network"));
  /* A Pyodide release folder, as `boot --distribution DIR`: the community is loaded against
   * its lock, the server serves it and the record says so. */
  dist = make_distribution_copy ();
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (window), "boot.set-distribution", "s", dist));
  rc_test_wait_community (window, 60);
  g_assert_cmpstr (rc_community_get_distribution_dir (rc_window_get_community (window)), ==, dist);
  g_assert_nonnull (strstr (rc_boot_pane_get_distribution_text (pane), dist));
  record = rc_test_boot_and_wait (window, "boot.cold", 90);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "boot-control");
  g_assert_cmpstr (record->env.distribution, ==, dist);
  /* Served from there: the boot got as far as the control policy lets it, past the lock. */
  g_assert_cmpstr (record->outcome.kind, !=, "lock");
  g_assert_nonnull (record->env.distribution_lock_sha256);
  g_assert_nonnull (strstr (rc_boot_pane_get_distribution_text (pane), dist));
  g_assert_cmpint (record->outcome.state, ==, RC_OUTCOME_FAILED);
  g_assert_cmpstr (record->outcome.kind, ==, "wasm-refused");
  g_assert_nonnull (record->outcome.diagnosis);
  outcome = rc_boot_pane_dup_outcome_text (pane);
  g_test_message ("outcome shown: %s", outcome);
  g_assert_nonnull (strstr (outcome, record->outcome.diagnosis));
  gtk_window_destroy (GTK_WINDOW (window));
  /* The settings outlive the window: leave the defaults for the next test. */
  g_settings_reset (settings, "deadline");
  g_settings_reset (settings, "csp-preset");
  g_settings_reset (settings, "distribution");
  rc_test_remove_tree (dist);
}

/* Once the broken stdlib went out whole, the good one takes its place: only attempt 1 fails. */
static void
restore_stdlib (RcServer *server, const RcRequestRecord *request, const char *dist)
{
  rc_test_restore_stdlib (dist, request->url, request->status);
}

/* A run the engine retried (Pyodide's interpreter failed inside itself on attempt 1: here a
 * stdlib without tokenize.py, served once) is ready, and says under its status that it
 * booted twice and why. */
static void
test_window_boot_retried (void)
{
  RcWindow *window = rc_test_open_window ("data/examples/demo");
  RcBootPane *pane = rc_test_window_child (window, "boot_pane");
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (RcRunRecord) record = NULL;
  g_autofree char *dist = make_distribution_copy ();
  g_autofree char *outcome = NULL;
  g_autofree char *shot = NULL;
  gulong id;
  RcServer *server;

  rc_test_break_stdlib (dist);
  rc_test_show_page (window, "boot");
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (window), "boot.set-distribution", "s", dist));
  rc_test_wait_community (window, 60);
  server = rc_engine_get_server (rc_boot_pane_get_engine (pane));
  id = g_signal_connect (server, "request-finished", G_CALLBACK (restore_stdlib), dist);
  record = rc_test_boot_and_wait (window, "boot.cold", 90);
  g_signal_handler_disconnect (server, id);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "boot-retried");
  if (record->outcome.state != RC_OUTCOME_READY)
    g_error ("attempt 2 with the good stdlib failed (%s): %s", record->outcome.kind,
             record->outcome.message);
  g_assert_cmpuint (record->attempts, ==, 2);
  outcome = rc_boot_pane_dup_outcome_text (pane);
  g_test_message ("outcome shown: %s", outcome);
  g_assert_nonnull (strstr (outcome, "cold-1 ready: Pyodide 0.29.5 in"));
  g_assert_nonnull (strstr (outcome, "Booted twice: attempt 1 failed in the engine after"));
  g_assert_nonnull (strstr (outcome, "Pyodide's interpreter failed inside itself"));
  g_assert_nonnull (strstr (outcome, "The figures are the second attempt's."));
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "distribution");
  rc_test_remove_tree (dist);
}

/* The same keys at every level (values differ between two measurements). */
static void
assert_same_shape (JsonNode *a, JsonNode *b, const char *where)
{
  g_assert_cmpint (json_node_get_node_type (a), ==, json_node_get_node_type (b));
  if (JSON_NODE_HOLDS_OBJECT (a))
    {
      JsonObject *oa = json_node_get_object (a), *ob = json_node_get_object (b);
      g_autoptr (GList) keys = json_object_get_members (oa);

      for (GList *l = keys; l != NULL; l = l->next)
        {
          g_autofree char *path = g_strdup_printf ("%s.%s", where, (char *) l->data);
          JsonNode *va = json_object_get_member (oa, l->data);
          JsonNode *vb = json_object_get_member (ob, l->data);

          if (vb == NULL)
            g_error ("%s is in the window's report, not in measure's", path);
          /* A value can be null in one run and known in the other (a size, say). */
          if (!JSON_NODE_HOLDS_NULL (va) && !JSON_NODE_HOLDS_NULL (vb))
            assert_same_shape (va, vb, path);
        }
      g_assert_cmpuint (json_object_get_size (oa), ==, json_object_get_size (ob));
    }
  else if (JSON_NODE_HOLDS_ARRAY (a))
    {
      JsonArray *aa = json_node_get_array (a), *ab = json_node_get_array (b);

      if (json_array_get_length (aa) > 0 && json_array_get_length (ab) > 0)
        assert_same_shape (json_array_get_element (aa, 0), json_array_get_element (ab, 0), where);
    }
}

static JsonNode *
load_json (const char *path)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static void
assert_runs (JsonNode *report, const char *const *ids)
{
  JsonArray *runs = json_object_get_array_member (json_node_get_object (report), "runs");

  g_assert_cmpuint (json_array_get_length (runs), ==, g_strv_length ((char **) ids));
  for (guint i = 0; ids[i] != NULL; i++)
    g_assert_cmpstr (
        json_object_get_string_member (json_array_get_object_element (runs, i), "run_id"), ==,
        ids[i]);
}

static void
save_and_check (RcBootPane *pane, const char *tmp, RcExportFormat format, const char *name)
{
  g_autofree char *path = g_build_filename (tmp, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = NULL, *expected = NULL;
  g_autofree char *reference = g_strconcat (path, ".cli", NULL);

  g_assert_true (rc_boot_pane_save_report (pane, format, file, &error));
  g_assert_no_error (error);
  /* What the CLI's writer makes of the same report, byte for byte. */
  g_assert_true (rc_measurement_write (rc_boot_pane_get_report (pane), format, reference, &error));
  g_assert_no_error (error);
  g_file_get_contents (path, &saved, NULL, &error);
  g_assert_no_error (error);
  g_file_get_contents (reference, &expected, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (saved, ==, expected);
  g_assert_cmpuint (strlen (saved), >, 100);
}

/* Cold + Warm through the runner with the control boot, the report, exports, Stop in the
 * console, an audit refused while code runs, then another community: nothing of the first
 * stays. A plan with the control boot leaves the console working in the last run's runtime:
 * the control (which must not boot) has an engine of its own, so neither Boot Warm nor
 * anything else is needed before Run, and a later warm boot is warm from the runs' session.
 * (One plan for all of it: each plan is three boots.) */
/* A window on @dir whose measurements are kept under @history_root. */
static RcWindow *
open_keeping_history (const char *dir, const char *history_root)
{
  g_setenv ("RC_HISTORY_DIR", history_root, TRUE);
  return rc_test_open_window_at (dir);
}

static guint
n_history_entries (const char *dir)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = rc_history_list (dir, &error);

  g_assert_no_error (error);
  return entries->len;
}

/* Cold + Warm in the window is kept in the history as `measure` keeps its own (a boot on its
 * own is a try and is not); the History dialog lists it; the timeline's reader-waits lanes
 * follow the window's model delay; the community folder is not written. */
static void
assert_kept_in_history (RcWindow *window, const char *dir, const char *history_root,
                        const RcRunRecord *last)
{
  RcBootPane *pane = rc_test_window_child (window, "boot_pane");
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *shot = NULL;
  const RcHistoryEntry *entry;
  const RcChartModel *timeline;
  RcHistoryDialog *dialog;
  RcChartsView *charts;

  entries = rc_history_list (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 1);
  entry = g_ptr_array_index (entries, 0);
  /* the entry is the page's report: its cold and warm runs, keyed like measure's */
  g_assert_cmpuint (entry->report->runs->len, ==, rc_boot_pane_get_report (pane)->runs->len);
  g_assert_cmpstr (((RcRunRecord *) entry->report->runs->pdata[1])->run_id, ==, last->run_id);
  g_assert_cmpstr (entry->policy, !=, NULL);
  g_assert_true (g_str_has_prefix (entry->path, history_root));

  charts = rc_test_find_charts (pane);
  rc_test_set_results_page (pane, "steps");
  rc_charts_view_show (charts, RC_CHART_TIMELINE);
  timeline = rc_chart_get_model (rc_charts_view_get_chart (charts, RC_CHART_TIMELINE));
  g_assert_nonnull (timeline->waits);
  g_assert_cmpfloat (timeline->waits->model_delay_ms, ==, RC_PRELOAD_SIM_DEFAULT_MODEL_DELAY_MS);
  rc_charts_view_set_model_delay (charts, 2000);
  timeline = rc_chart_get_model (rc_charts_view_get_chart (charts, RC_CHART_TIMELINE));
  g_assert_cmpfloat (timeline->waits->model_delay_ms, ==, 2000);
  g_assert_cmpfloat (timeline->waits->lanes[RC_PRELOAD_FIRST_RUN].wait_ms[0], ==,
                     2000 + timeline->waits->boot_ms[0]);
  rc_test_spin (300);
  shot = rc_test_save_screenshot (GTK_WIDGET (charts), "window-reader-waits");
  rc_charts_view_set_model_delay (charts, RC_PRELOAD_SIM_DEFAULT_MODEL_DELAY_MS);

  g_action_group_activate_action (G_ACTION_GROUP (window), "history", NULL);
  rc_test_spin (300);
  dialog = RC_HISTORY_DIALOG (rc_test_find_toplevel (RC_TYPE_HISTORY_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_cmpuint (rc_history_dialog_get_n_entries (dialog), ==, 1);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_window_cold_warm_report (void)
{
  static const char *const ids[] = { "cold-1", "warm-1", NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("rc-report-XXXXXX", &error);
  g_autofree char *json_path = g_build_filename (tmp, "window.json", NULL);
  g_autofree char *cli_path = g_build_filename (tmp, "measure.json", NULL);
  /* a copy, to show nothing writes into the community folder; a history of the test's own */
  g_autofree char *history_root = rc_test_make_tmp ("rc-history-window");
  g_autofree char *demo = rc_test_copy_tree ("data/examples/demo");
  g_autofree char *before = rc_test_list_tree (demo), *after = NULL;
  g_autofree char *shot = NULL, *outcome = NULL;
  g_autoptr (JsonNode) ours = NULL, theirs = NULL;
  g_autoptr (RcRunRecord) last = NULL;
  RcWindow *window = open_keeping_history (demo, history_root);
  RcBootPane *pane = rc_test_window_child (window, "boot_pane");
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  RcPythonConsole *console = rc_test_find_console (pane);
  GtkWidget *run_button = GTK_WIDGET (
      gtk_widget_get_template_child (GTK_WIDGET (console), RC_TYPE_PYTHON_CONSOLE, "run_button"));
  GtkStack *results = rc_test_results_stack (pane);
  const RcMeasurement *report;
  gboolean done = FALSE, recycled = FALSE;
  guint kept;
  gint64 stopped_at;
  gulong id;

  g_assert_no_error (error);
  g_assert_true (rc_boot_pane_select_preset (pane, "nemarlike"));
  rc_test_show_page (window, "boot");
  /* With the control boot on, as `measure` runs it: it must time out and say so. */
  g_settings_set_boolean (settings, "control-boot", TRUE);
  g_assert_cmpstr (rc_boot_pane_get_control_text (pane), ==, "");
  /* Three boots (the control's ends at its refused compile, or at its deadline, twice the
   * runs' median, if that ever fails): generous, as the test it took over had it. */
  last = rc_test_boot_and_wait (window, "boot.cold-warm", 600);
  g_settings_reset (settings, "control-boot");
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "cold-warm-steps");
  g_assert_cmpstr (last->run_id, ==, "warm-1");
  g_assert_cmpint (last->outcome.state, ==, RC_OUTCOME_READY);
  /* The runtime warm-1 left is the one the console works in (the control failed on its own
   * engine): Run needs no boot first. */
  g_assert_cmpint (rc_engine_get_state (rc_boot_pane_get_engine (pane)), ==, RC_ENGINE_STATE_READY);
  g_assert_true (gtk_widget_get_sensitive (run_button));
  rc_test_set_results_page (pane, "python");
  rc_test_spin (300);
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "python-after-control");
  g_signal_connect (console, "finished", G_CALLBACK (rc_test_set_done_cb), &done);
  gtk_widget_activate (run_button);
  g_assert_true (rc_test_wait_for (&done, 60));
  g_assert_cmpstr (rc_python_console_get_status (console), ==, "ok");
  done = FALSE;
  rc_test_set_results_page (pane, "steps");
  report = rc_boot_pane_get_report (pane);
  g_assert_cmpuint (report->runs->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const RcRunRecord *run = g_ptr_array_index (report->runs, i);

      g_test_message ("%s: %s", run->run_id,
                      run->outcome.message != NULL ? run->outcome.message : "ready");
      g_assert_cmpstr (run->run_id, ==, ids[i]);
      g_assert_cmpint (run->outcome.state, ==, RC_OUTCOME_READY);
      /* The demo sets no limits: the record has the default memory_mb. */
      g_assert_cmpint (run->env.memory_mb, ==, 1536);
    }
  g_assert_nonnull (report->control);
  g_assert_nonnull (report->control->run);
  g_test_message ("control: %s", rc_boot_pane_get_control_text (pane));
  g_assert_false (rc_control_booted (report->control));
  g_assert_cmpstr (report->control->run->outcome.kind, ==, "wasm-refused");
  assert_kept_in_history (window, demo, history_root, last);
  g_assert_true (g_str_has_prefix (rc_boot_pane_get_control_text (pane),
                                   "Control held: did not boot under nemarlike"));
  g_assert_nonnull (strstr (rc_boot_pane_get_control_text (pane), "within "));
  /* The step table shows both runs side by side: every row has a cold and a warm time. */
  g_assert_cmpuint (g_list_model_get_n_items (rc_boot_pane_get_steps (pane)), >, 0);
  g_assert_false (rc_test_any_cell_is (rc_boot_pane_get_steps (pane), 2, "–"));
  g_assert_false (rc_test_any_cell_is (rc_boot_pane_get_steps (pane), 3, "–"));
  /* A click on a chart mark selects its step in the table (the mark's ::step-activated,
   * forwarded by the charts view). */
  {
    RcChartsView *charts = rc_test_find_charts (pane);
    const RcRunRecord *cold = g_ptr_array_index (report->runs, 0);
    guint last = cold->steps->len - 1;
    g_autofree char *key = rc_run_step_key (g_ptr_array_index (cold->steps, last));
    g_autoptr (RcTableItem) row = NULL;

    g_assert_cmpuint (cold->steps->len, >, 1);
    g_assert_cmpuint (rc_boot_pane_get_selected_step (pane), ==, GTK_INVALID_LIST_POSITION);
    g_signal_emit_by_name (rc_charts_view_get_chart (charts, RC_CHART_TIMELINE), "step-activated",
                           key);
    g_assert_cmpuint (rc_boot_pane_get_selected_step (pane), ==, last);
    row = g_list_model_get_item (rc_boot_pane_get_steps (pane), last);
    g_assert_cmpstr (rc_table_item_get_cell (row, RC_RUN_TABLES_STEP_KEY_CELL), ==, key);
    rc_test_spin (200);
    g_clear_pointer (&shot, g_free);
    shot = rc_test_save_screenshot (GTK_WIDGET (window), "cold-warm-step-selected");
    /* A key no row has clears the selection rather than leaving a stale one. */
    g_assert_false (rc_boot_pane_select_step (pane, "no-such-step"));
    g_assert_cmpuint (rc_boot_pane_get_selected_step (pane), ==, GTK_INVALID_LIST_POSITION);
  }
  /* The warm run's requests: the interpreter came from the cache, and says so. */
  g_assert_true (rc_boot_pane_select_run (pane, "warm-1"));
  g_assert_true (rc_test_any_cell_is (rc_boot_pane_get_requests (pane), 1, "cache"));
  g_assert_true (rc_test_any_cell_is (rc_boot_pane_get_requests (pane), 0, "pyodide.asm.wasm"));
  gtk_stack_set_visible_child_name (results, "requests");
  rc_test_spin (300);
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "cold-warm-requests");
  g_assert_true (rc_boot_pane_select_run (pane, "cold-1"));
  g_assert_true (rc_test_any_cell_is (rc_boot_pane_get_requests (pane), 1, "network"));

  /* Exports: the CLI's writers, byte for byte; JSON in the shape `measure --json` writes. */
  save_and_check (pane, tmp, RC_EXPORT_JSON, "window.json");
  save_and_check (pane, tmp, RC_EXPORT_HAR, "window.har");
  save_and_check (pane, tmp, RC_EXPORT_MARKDOWN, "window.md");
  {
    const char *argv[] = { g_getenv ("RC_BINARY"), "measure", demo,     "--scenario", "cold,warm",
                           "--no-control",         "--json",  cli_path, NULL };
    int status = -1;

    g_assert_nonnull (argv[0]);
    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                  &status, &error);
    g_assert_no_error (error);
    g_test_message ("measure exited %d", status);
  }
  ours = load_json (json_path);
  theirs = load_json (cli_path);
  assert_runs (ours, ids);
  assert_runs (theirs, ids);
  assert_same_shape (ours, theirs, "$");
  assert_same_shape (theirs, ours, "$");
  /* Boot Warm after the plan continues the runs' session (the control booted on an engine
   * of its own): the interpreter comes from its cache. */
  g_clear_pointer (&last, rc_run_record_free);
  kept = n_history_entries (demo); /* the window's, and measure's just now */
  g_assert_cmpuint (kept, ==, 2);
  last = rc_test_boot_and_wait (window, "boot.warm", 150);
  g_assert_cmpint (last->outcome.state, ==, RC_OUTCOME_READY);
  g_assert_cmpstr (last->run_id, ==, "warm-2");
  /* a boot on its own is a try: not kept */
  g_assert_cmpuint (n_history_entries (demo), ==, kept);
  g_assert_true (rc_boot_pane_select_run (pane, "warm-2"));
  g_assert_true (rc_test_any_cell_is (rc_boot_pane_get_requests (pane), 1, "cache"));
  g_assert_true (gtk_widget_get_sensitive (run_button));

  /* A saved report opens again as the same report. */
  {
    g_autoptr (GFile) file = g_file_new_for_path (json_path);

    g_assert_true (rc_boot_pane_open_report (pane, file, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (rc_boot_pane_get_report (pane)->runs->len, ==, 2);
    save_and_check (pane, tmp, RC_EXPORT_JSON, "reopened.json");
  }

  /* A loop that never ends: the audit refuses to start, Stop ends it within 2 s, and the
   * runtime boots warm again so Run works. */
  gtk_stack_set_visible_child_name (results, "python");
  id = g_signal_connect_swapped (pane, "plan-finished", G_CALLBACK (rc_test_set_true), &recycled);
  rc_python_console_run (console, "while True:\n    pass\n");
  rc_test_spin (500);
  g_assert_true (rc_python_console_is_running (console));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "boot.seal-audit", NULL));
  rc_test_spin (200);
  g_assert_null (rc_boot_pane_get_audit_verdicts (pane));
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "python-running");
  stopped_at = g_get_monotonic_time ();
  rc_python_console_stop (console);
  g_assert_true (rc_test_wait_for (&done, 2));
  g_test_message ("stopped after %.0f ms", (g_get_monotonic_time () - stopped_at) / 1000.0);
  g_assert_cmpstr (rc_python_console_get_status (console), ==, "cancelled");
  g_assert_true (rc_test_wait_for (&recycled, 150));
  g_signal_handler_disconnect (pane, id);
  g_assert_cmpint (rc_engine_get_state (rc_boot_pane_get_engine (pane)), ==, RC_ENGINE_STATE_READY);
  done = FALSE;
  rc_python_console_run (console, "print(6 * 7)\n");
  g_assert_true (rc_test_wait_for (&done, 60));
  g_assert_cmpstr (rc_python_console_get_status (console), ==, "ok");
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "python-after-stop");

  /* Another community: nothing of the demo stays on the Boot page. */
  {
    g_autofree char *other =
        g_build_filename (g_getenv ("RC_SOURCE_DIR"), "tests/fixtures/ui/bad-overlay", NULL);
    g_autoptr (GFile) folder = g_file_new_for_path (other);

    rc_window_open_folder (window, folder);
    rc_test_wait_community (window, 60);
  }
  rc_test_show_page (window, "boot");
  g_assert_null (rc_boot_pane_get_report (pane));
  g_assert_cmpuint (g_list_model_get_n_items (rc_boot_pane_get_steps (pane)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (rc_boot_pane_get_requests (pane)), ==, 0);
  g_assert_null (rc_boot_pane_get_audit_verdicts (pane));
  g_assert_null (rc_python_console_get_status (console));
  outcome = rc_boot_pane_dup_outcome_text (pane);
  g_test_message ("status for the other community: %s", outcome);
  g_assert_null (strstr (outcome, "cold-1"));
  g_assert_null (strstr (outcome, "warm-"));
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "other-community");
  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_spin (200);
  after = rc_test_list_tree (demo);
  g_assert_cmpstr (after, ==, before);
  rc_test_remove_tree (tmp); /* the reports it saved */
  rc_test_remove_tree (history_root);
  rc_test_remove_copy (demo);
}

void
rc_test_window_add_boot_tests (void)
{
  g_test_add_func ("/ui/window/boot-cold", test_window_boot_cold_ready);
  g_test_add_func ("/ui/window/boot-control", test_window_boot_control_fails);
  g_test_add_func ("/ui/window/boot-retried", test_window_boot_retried);
  g_test_add_func ("/ui/window/cold-warm-report", test_window_cold_warm_report);
}
