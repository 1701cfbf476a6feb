/* test-window-fix.c: a quick fix applied in the window, headless under Xvfb: the problem
 * row's button edits config.yaml in the buffer as one user action, the window validates the
 * edited text at once, undo returns the buffer, and only Save writes the file.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "rc-test-files.h"
#include "rc-test-ui.h"
#include "ui/rc-application.h"
#include "ui/rc-probe-dialog.h"
#include "ui/rc-problem.h"
#include "ui/rc-problems-view.h"
#include "ui/rc-window.h"

static RcApplication *app;

static void
set_true (gboolean *flag)
{
  *flag = TRUE;
}

static char *
buffer_text (RcProblemsView *problems)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (rc_problems_view_get_buffer (problems));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
}

static char *
disk_text (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "broken", "config.yaml", NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* The fix button of the visible problem whose path is @path. */
static GtkWidget *
fix_button (RcProblemsView *problems, const char *path)
{
  GtkListBox *list = GTK_LIST_BOX (gtk_widget_get_template_child (
      GTK_WIDGET (problems), RC_TYPE_PROBLEMS_VIEW, "problems_list"));

  for (int i = 0;; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, i);
      RcProblem *problem;
      GtkWidget *box;

      if (row == NULL)
        return NULL;
      /* the row's box: the icon, then the text column whose last child is the button */
      box = gtk_widget_get_last_child (gtk_list_box_row_get_child (row));
      problem = g_object_get_data (G_OBJECT (gtk_widget_get_last_child (box)), "problem");
      if (problem != NULL && g_str_equal (rc_problem_get_diagnostic (problem)->path, path))
        return gtk_widget_get_last_child (box);
    }
}

static void
wait_validated (RcWindow *window)
{
  gboolean loaded = FALSE;
  gulong id =
      g_signal_connect_swapped (window, "notify::community", G_CALLBACK (set_true), &loaded);

  g_assert_true (rc_test_wait_for (&loaded, 60));
  g_signal_handler_disconnect (window, id);
  rc_test_spin (100);
}

static void
test_fix_unknown_key (void)
{
  g_autofree char *root = rc_test_make_tmp ("rc-window-fix-");
  g_autofree char *dir = g_build_filename (root, "broken", NULL);
  g_autoptr (GFile) folder = g_file_new_for_path (dir);
  g_autofree char *original = NULL, *fixed = NULL, *undone = NULL, *saved = NULL;
  RcWindow *window = rc_window_new (app);
  RcProblemsView *problems = RC_PROBLEMS_VIEW (
      gtk_widget_get_template_child (GTK_WIDGET (window), RC_TYPE_WINDOW, "problems_view"));
  GtkWidget *button;

  rc_test_copy_fixture ("ui/broken/config.yaml", root, "broken/config.yaml");
  original = disk_text (root);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 820);
  gtk_window_present (GTK_WINDOW (window));
  rc_window_open_folder (window, folder);
  wait_validated (window);
  g_assert_cmpuint (g_list_model_get_n_items (rc_problems_view_get_problems (problems)), ==, 3);
  /* the unknown key has a fix; the bad limit (no obvious edit) has none */
  g_assert_null (fix_button (problems, "runtime.python.limits.exec_seconds"));
  button = fix_button (problems, "runtime.python.colour");
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "Remove the key “colour”");

  g_signal_emit_by_name (button, "clicked");
  fixed = buffer_text (problems);
  g_assert_null (strstr (fixed, "colour"));
  g_assert_nonnull (strstr (fixed, "fetch_allow: [https://data.example.org/]\n    limits:"));
  /* validated at once, from the buffer: one problem fewer, the file untouched */
  wait_validated (window);
  g_assert_cmpuint (g_list_model_get_n_items (rc_problems_view_get_problems (problems)), ==, 2);
  g_assert_cmpstr (disk_text (root), ==, original);

  /* one undo returns the buffer, and the problem comes back */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo-fix", NULL);
  undone = buffer_text (problems);
  g_assert_cmpstr (undone, ==, original);
  wait_validated (window);
  g_assert_cmpuint (g_list_model_get_n_items (rc_problems_view_get_problems (problems)), ==, 3);

  /* fixed again, and saved only when asked */
  g_signal_emit_by_name (fix_button (problems, "runtime.python.colour"), "clicked");
  wait_validated (window);
  g_assert_cmpstr (disk_text (root), ==, original);
  g_action_group_activate_action (G_ACTION_GROUP (window), "save-config", NULL);
  saved = disk_text (root);
  g_assert_cmpstr (saved, ==, fixed);
  g_assert_null (rc_problems_view_dup_edited_text (problems));
  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_spin (100);
  rc_test_remove_tree (root);
}

static RcProbeDialog *
find_probe_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* owned by GTK */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (RC_IS_PROBE_DIALOG (w))
        return RC_PROBE_DIALOG (w);
    }
  return NULL;
}

/* Seal Probe… from the window on tests/fixtures/seal-probe (two cold boots), then its
 * recommendation written into config.yaml as a fix: validated at once, not saved. */
static void
test_probe_writes_import_before_seal (void)
{
  static const char *const files[] = { "config.yaml", "runtime/seal-probe-pyodide-lock.json",
                                       "runtime/wheels/seal_fixture-0.1.0-py3-none-any.whl" };
  g_autofree char *root = rc_test_make_tmp ("rc-window-probe-");
  g_autofree char *dir = g_build_filename (root, "seal-probe", NULL);
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);
  g_autoptr (GFile) folder = g_file_new_for_path (dir);
  g_autofree char *before = NULL, *after = NULL, *edited = NULL;
  RcWindow *window = rc_window_new (app);
  RcProblemsView *problems = RC_PROBLEMS_VIEW (
      gtk_widget_get_template_child (GTK_WIDGET (window), RC_TYPE_WINDOW, "problems_view"));
  const RcSealReport *report;
  RcProbeDialog *dialog;
  gboolean finished = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *fixture = g_build_filename ("seal-probe", files[i], NULL);
      g_autofree char *target = g_build_filename ("seal-probe", files[i], NULL);

      rc_test_copy_fixture (fixture, root, target);
    }
  g_assert_true (g_file_get_contents (config, &before, NULL, NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 820);
  gtk_window_present (GTK_WINDOW (window));
  rc_window_open_folder (window, folder);
  wait_validated (window);
  g_assert_true (rc_community_is_valid (rc_window_get_community (window)));

  g_action_group_activate_action (G_ACTION_GROUP (window), "probe", NULL);
  dialog = find_probe_dialog ();
  g_assert_nonnull (dialog);
  g_signal_connect_swapped (dialog, "finished", G_CALLBACK (set_true), &finished);
  g_assert_true (rc_test_wait_for (&finished, 400));
  report = rc_probe_dialog_get_report (dialog);
  g_assert_nonnull (report);
  g_assert_true (rc_seal_report_ok (report));
  g_assert_cmpuint (g_strv_length (report->recommended), ==, 2);

  rc_probe_dialog_apply (dialog);
  wait_validated (window);
  edited = buffer_text (problems);
  g_assert_nonnull (
      strstr (edited, "    import_before_seal: [seal_fixture.ffi, seal_fixture.native.loader]\n"
                      "    pyodide_version: \"0.29.5\"\n"));
  g_assert_true (rc_community_is_valid (rc_window_get_community (window)));
  g_assert_true (g_file_get_contents (config, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_spin (200);
  rc_test_remove_tree (root);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  app = rc_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_test_add_func ("/ui/window-fix/unknown-key", test_fix_unknown_key);
  g_test_add_func ("/ui/window-fix/probe", test_probe_writes_import_before_seal);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
