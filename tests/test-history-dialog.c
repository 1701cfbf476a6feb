/* test-history-dialog.c: the window's Measurement History (win.history): the entries of the
 * open community's history, newest first, with the planted regression marked. */
#include "config.h"

#include "core/measurement/rc-history.h"
#include "core/chart/rc-reader-waits.h"
#include "rc-test-files.h"
#include "rc-test-records.h"
#include "rc-test-ui.h"
#include "rc-test-window.h"
#include "ui/rc-history-dialog.h"

static void
record (const char *dir, const char *created, double slowdown_ms)
{
  g_autoptr (GError) error = NULL;
  RcMeasurement *report = rc_measurement_new ("demo");
  g_autofree char *path = NULL;

  for (guint i = 1; i <= 2; i++)
    rc_measurement_add_run (report, rc_test_demo_run (RC_SCENARIO_COLD, i, slowdown_ms + 10.0 * i));
  g_free (report->created);
  report->created = g_strdup (created);
  path = rc_history_record (dir, report, &error);
  g_assert_no_error (error);
  rc_measurement_free (report);
}

static RcHistoryDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* not ours */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (RC_IS_HISTORY_DIALOG (w))
        return RC_HISTORY_DIALOG (w);
    }
  return NULL;
}

static void
test_history_from_the_menu (void)
{
  g_autofree char *root = rc_test_make_tmp ("rc-history-ui");
  g_autofree char *demo =
      g_build_filename (g_getenv ("RC_SOURCE_DIR"), "data", "examples", "demo", NULL);
  RcWindow *window;
  RcHistoryDialog *dialog;
  g_autofree char *shot = NULL;

  g_setenv ("RC_HISTORY_DIR", root, TRUE);
  record (demo, "2026-11-29T09:00:00Z", 0);
  record (demo, "2026-11-29T10:00:00Z", 40);
  record (demo, "2026-11-29T11:00:00Z", 4000);
  window = rc_test_open_window_at (demo);
  g_assert_null (find_dialog ());
  g_action_group_activate_action (G_ACTION_GROUP (window), "history", NULL);
  rc_test_spin (300);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  g_assert_cmpuint (rc_history_dialog_get_n_entries (dialog), ==, 3);
  g_assert_cmpuint (rc_history_dialog_get_n_regressions (dialog), ==, 1);
  shot = rc_test_save_screenshot (GTK_WIDGET (dialog), "history-dialog");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_remove_tree (root);
}

static void
test_history_empty (void)
{
  g_autofree char *root = rc_test_make_tmp ("rc-history-ui");
  RcHistoryDialog *dialog;

  g_setenv ("RC_HISTORY_DIR", root, TRUE);
  dialog = rc_history_dialog_new (NULL, root);
  gtk_window_present (GTK_WINDOW (dialog));
  rc_test_spin (100);
  g_assert_cmpuint (rc_history_dialog_get_n_entries (dialog), ==, 0);
  gtk_window_destroy (GTK_WINDOW (dialog));
  rc_test_remove_tree (root);
}

/* The files under @dir with their sizes and times, sorted: what the community folder holds. */
static char *
list_tree (const char *dir)
{
  const char *argv[] = { "sh", "-c", "cd \"$1\" && find . -printf '%p %s %T@\\n' | sort",
                         "sh", dir,  NULL };
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  int status = -1;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, NULL, &status,
                &error);
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  return out;
}

/* Cold + Warm in the window is kept in the history, as `measure` keeps its own (a single Boot
 * Cold is a try and is not); the History dialog lists it, and the community folder is not
 * written. */
static void
test_window_measurement_kept (void)
{
  g_autofree char *root = rc_test_make_tmp ("rc-history-window");
  g_autofree char *dir = rc_test_copy_tree ("data/examples/demo");
  g_autofree char *before = list_tree (dir), *after = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) cold = NULL, warm = NULL;
  const RcHistoryEntry *entry;
  const RcChartModel *timeline;
  g_autofree char *shot = NULL;
  RcHistoryDialog *dialog;
  RcChartsView *charts;
  RcWindow *window;
  RcBootPane *pane;

  g_setenv ("RC_HISTORY_DIR", root, TRUE);
  window = rc_test_open_window_at (dir);
  pane = rc_test_window_child (window, "boot_pane");
  cold = rc_test_boot_and_wait (window, "boot.cold", 300);
  g_assert_cmpint (cold->outcome.state, ==, RC_OUTCOME_READY);
  entries = rc_history_list (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 0);
  g_clear_pointer (&entries, g_ptr_array_unref);

  warm = rc_test_boot_and_wait (window, "boot.cold-warm", 300);
  g_assert_cmpint (warm->outcome.state, ==, RC_OUTCOME_READY);
  entries = rc_history_list (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 1);
  entry = g_ptr_array_index (entries, 0);
  /* the entry is the page's report: its cold and warm runs, keyed like measure's */
  g_assert_cmpuint (entry->report->runs->len, ==, rc_boot_pane_get_report (pane)->runs->len);
  g_assert_cmpstr (((RcRunRecord *) entry->report->runs->pdata[1])->run_id, ==, warm->run_id);
  g_assert_cmpstr (entry->policy, !=, NULL);
  g_assert_true (g_str_has_prefix (entry->path, root));

  /* the timeline's reader-waits lanes follow the window's model delay */
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

  g_action_group_activate_action (G_ACTION_GROUP (window), "history", NULL);
  rc_test_spin (300);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpuint (rc_history_dialog_get_n_entries (dialog), ==, 1);
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_spin (200);
  after = list_tree (dir);
  g_assert_cmpstr (after, ==, before);
  rc_test_remove_tree (root);
  rc_test_remove_copy (dir);
}

int
main (int argc, char **argv)
{
  rc_test_window_init (&argc, &argv);
  g_test_add_func ("/ui/history/from-the-menu", test_history_from_the_menu);
  g_test_add_func ("/ui/history/empty", test_history_empty);
  g_test_add_func ("/ui/history/window-measurement", test_window_measurement_kept);
  return rc_test_window_run ();
}
