/* test-history-dialog.c: the window's Measurement History (win.history): the entries of the
 * open community's history, newest first, with the planted regression marked. */
#include "config.h"

#include "core/measurement/rc-history.h"
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
  g_assert_null (rc_test_find_toplevel (RC_TYPE_HISTORY_DIALOG));
  g_action_group_activate_action (G_ACTION_GROUP (window), "history", NULL);
  rc_test_spin (300);
  dialog = RC_HISTORY_DIALOG (rc_test_find_toplevel (RC_TYPE_HISTORY_DIALOG));
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

int
main (int argc, char **argv)
{
  rc_test_window_init (&argc, &argv);
  g_test_add_func ("/ui/history/from-the-menu", test_history_from_the_menu);
  g_test_add_func ("/ui/history/empty", test_history_empty);
  return rc_test_window_run ();
}
