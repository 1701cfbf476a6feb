/* test-window-unsaved.c: each folder's config.yaml is its own (issue 23), headless under
 * Xvfb: a quick fix not saved marks the title, Ctrl+Z undoes it after its toast is gone, and
 * opening another folder asks Save / Discard / Cancel first; after Discard the editor, Validate
 * Again, a change on disk, the Boot page and Save all work on the new folder only, and the
 * first folder's file is never written. The question is saved as a screenshot.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "rc-test-files.h"
#include "rc-test-ui.h"
#include "rc-test-window.h"
#include "ui/rc-problem.h"
#include "ui/rc-problems-view.h"
#include "ui/rc-window.h"

static char *
buffer_text (RcProblemsView *problems)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (rc_problems_view_get_buffer (problems));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
}

static char *
config_path (const char *dir)
{
  return g_build_filename (dir, "config.yaml", NULL);
}

static char *
disk_text (const char *dir)
{
  g_autofree char *path = config_path (dir);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
write_text (const char *dir, const char *text)
{
  g_autofree char *path = config_path (dir);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* A copy of the demo (named demo, as its id says) with @from replaced by @to on disk. */
static char *
demo_copy (const char *from, const char *to)
{
  char *dir = rc_test_copy_tree ("data/examples/demo");
  g_autofree char *text = disk_text (dir);
  g_autoptr (GString) edited = g_string_new (text);

  if (from != NULL)
    g_assert_cmpuint (g_string_replace (edited, from, to, 1), ==, 1);
  write_text (dir, edited->str);
  return dir;
}

/* Applies the fix of the problem at @path. */
static void
apply_fix (RcWindow *window, const char *path)
{
  RcProblemsView *problems = rc_test_window_child (window, "problems_view");
  GListModel *model = rc_problems_view_get_problems (problems);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (RcProblem) problem = g_list_model_get_item (model, i);
      const RcDiagnostic *d = rc_problem_get_diagnostic (problem);

      if (g_strcmp0 (d->path, path) == 0 && d->fix != NULL)
        {
          g_assert_true (rc_problems_view_apply_fix (problems, d));
          rc_test_wait_community (window, 60);
          return;
        }
    }
  g_error ("no fix for %s", path);
}

static AdwMessageDialog *
find_question (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* owned by GTK */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

static GtkWidget *
find_button (GtkWidget *widget, const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child)
          && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), label) == 0)
        return child;
      if ((found = find_button (child, label)) != NULL)
        return found;
    }
  return NULL;
}

/* Clicks the question's button for @response, as the user does. */
static void
answer (AdwMessageDialog *question, const char *response)
{
  GtkWidget *button = find_button (GTK_WIDGET (question),
                                   adw_message_dialog_get_response_label (question, response));

  g_assert_nonnull (button);
  /* no spinning here: the load it may start is for the caller to wait for */
  g_signal_emit_by_name (button, "clicked");
  g_assert_null (find_question ());
}

static const char *
title_of (RcWindow *window)
{
  AdwViewSwitcherTitle *title = rc_test_window_child (window, "switcher_title");

  g_assert_cmpstr (adw_view_switcher_title_get_title (title), ==,
                   gtk_window_get_title (GTK_WINDOW (window)));
  return adw_view_switcher_title_get_title (title);
}

static const char *
file_label_of (RcProblemsView *problems)
{
  return gtk_label_get_label (GTK_LABEL (
      gtk_widget_get_template_child (GTK_WIDGET (problems), RC_TYPE_PROBLEMS_VIEW, "file_label")));
}

static const char *
community_dir (RcWindow *window)
{
  return rc_community_get_dir (rc_window_get_community (window));
}

static void
open_folder (RcWindow *window, const char *dir)
{
  g_autoptr (GFile) folder = g_file_new_for_path (dir);

  /* no spinning: a question is shown at once, a load is for the caller to wait for */
  rc_window_open_folder (window, folder);
}

static gboolean
save_enabled (RcWindow *window)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), "save-config");
}

/* The first folder gets a quick fix, not saved: the title and file name say so, Ctrl+Z (the
 * window's undo-fix) undoes it as one step after its toast is gone, and the fix again. */
static void
test_modified_mark_and_undo (void)
{
  g_autofree char *a = demo_copy ("pyodide_version: \"0.29.5\"", "pyodide_version: 0.29");
  g_autofree char *original = disk_text (a);
  g_autofree char *fixed = NULL, *undone = NULL, *shot = NULL;
  g_auto (GStrv) undo_actions = NULL;
  RcWindow *window = rc_test_open_window_at (a);
  RcProblemsView *problems = rc_test_window_child (window, "problems_view");
  GtkTextBuffer *buffer;

  g_assert_cmpstr (title_of (window), ==, "Demo");
  g_assert_cmpstr (file_label_of (problems), ==, "config.yaml");
  g_assert_false (save_enabled (window));

  apply_fix (window, "runtime.python.pyodide_version");
  fixed = buffer_text (problems);
  g_assert_cmpstr (fixed, !=, original);
  g_assert_cmpstr (title_of (window), ==, "• Demo");
  g_assert_cmpstr (file_label_of (problems), ==, "• config.yaml");
  g_assert_true (save_enabled (window));
  g_assert_true (rc_problems_view_get_modified (problems));
  rc_test_assert_owned_str (disk_text (a), original);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "unsaved-title-mark");

  /* Ctrl+Z is the window's undo-fix, and the fix one step of the buffer's undo history */
  undo_actions =
      gtk_application_get_actions_for_accel (GTK_APPLICATION (rc_test_app), "<Control>z");
  g_assert_true (g_strv_contains ((const char *const *) undo_actions, "win.undo-fix"));
  buffer = GTK_TEXT_BUFFER (rc_problems_view_get_buffer (problems));
  g_assert_true (gtk_text_buffer_get_can_undo (buffer));
  /* long after the toast with its Undo button is gone (AdwToast's default is 5 s) */
  rc_test_spin (6000);
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo-fix", NULL);
  undone = buffer_text (problems);
  g_assert_cmpstr (undone, ==, original);
  g_assert_false (gtk_text_buffer_get_can_undo (buffer));
  rc_test_wait_community (window, 60);
  g_assert_cmpstr (title_of (window), ==, "Demo");
  g_assert_cmpstr (file_label_of (problems), ==, "config.yaml");
  g_assert_false (save_enabled (window));
  g_assert_false (rc_problems_view_get_modified (problems));
  rc_test_assert_owned_str (disk_text (a), original);

  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_spin (100);
  rc_test_remove_copy (a);
}

/* Issue 23's steps: a fixed copy with a misspelled preload, then the untouched demo opened. */
static void
test_switch_folder (void)
{
  g_autofree char *a = demo_copy ("pyodide_version: \"0.29.5\"", "pyodide_version: 0.29");
  g_autofree char *b = demo_copy (NULL, NULL);
  g_autofree char *a_original = NULL, *b_original = disk_text (b);
  g_autofree char *shot = NULL, *b_changed = NULL;
  RcWindow *window;
  RcProblemsView *problems;
  RcBootPane *pane;
  AdwMessageDialog *question;

  {
    g_autofree char *text = disk_text (a);
    g_autoptr (GString) edited = g_string_new (text);

    g_string_replace (edited, "preload: [demo-helpers]", "preload: [demo-helperz]", 1);
    write_text (a, edited->str);
    a_original = g_strdup (edited->str);
  }
  window = rc_test_open_window_at (a);
  problems = rc_test_window_child (window, "problems_view");
  pane = rc_test_window_child (window, "boot_pane");
  apply_fix (window, "runtime.python.pyodide_version");
  g_assert_true (rc_problems_view_get_modified (problems));
  rc_test_assert_owned_has (buffer_text (problems), "demo-helperz", TRUE);

  /* Ctrl+O on the untouched demo: asked first; Cancel keeps everything as it was */
  open_folder (window, b);
  question = find_question ();
  g_assert_nonnull (question);
  g_assert_cmpstr (adw_message_dialog_get_heading (question), ==, "Save Changes?");
  g_assert_true (adw_message_dialog_has_response (question, "save"));
  g_assert_true (adw_message_dialog_has_response (question, "discard"));
  g_assert_true (adw_message_dialog_has_response (question, "cancel"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (question), a));
  rc_test_spin (300);
  shot = rc_test_save_screenshot (GTK_WIDGET (question), "unsaved-question");
  answer (question, "cancel");
  g_assert_cmpstr (community_dir (window), ==, a);
  g_assert_true (rc_problems_view_get_modified (problems));
  g_assert_cmpstr (title_of (window), ==, "• Demo");

  /* again, and Discard: the new folder's own text everywhere */
  open_folder (window, b);
  question = find_question ();
  g_assert_nonnull (question);
  answer (question, "discard");
  rc_test_wait_community (window, 60);
  g_assert_cmpstr (community_dir (window), ==, b);
  rc_test_assert_owned_str (buffer_text (problems), b_original);
  rc_test_assert_owned_has (buffer_text (problems), "demo-helperz", FALSE);
  g_assert_false (rc_problems_view_get_modified (problems));
  g_assert_false (
      gtk_text_buffer_get_can_undo (GTK_TEXT_BUFFER (rc_problems_view_get_buffer (problems))));
  g_assert_cmpstr (title_of (window), ==, "Demo");
  g_assert_cmpstr (rc_community_get_config_text (rc_window_get_community (window)), ==, b_original);
  /* the Boot page boots this folder's text */
  g_assert_true (rc_boot_pane_get_community (pane) == rc_window_get_community (window));
  g_assert_cmpstr (rc_community_get_dir (rc_boot_pane_get_community (pane)), ==, b);
  g_assert_cmpstr (rc_community_get_config_text (rc_boot_pane_get_community (pane)), ==,
                   b_original);
  rc_test_assert_owned_str (disk_text (a), a_original);

  /* Validate Again (Ctrl+R) validates the new folder's file */
  g_action_group_activate_action (G_ACTION_GROUP (window), "revalidate", NULL);
  rc_test_wait_community (window, 60);
  rc_test_assert_owned_str (buffer_text (problems), b_original);
  g_assert_true (rc_community_is_valid (rc_window_get_community (window)));

  /* an edit on disk of the new folder's file appears */
  b_changed = g_strconcat (b_original, "# edited on disk\n", NULL);
  write_text (b, b_changed);
  rc_test_wait_community (window, 60);
  rc_test_assert_owned_str (buffer_text (problems), b_changed);
  g_assert_cmpstr (rc_community_get_config_text (rc_boot_pane_get_community (pane)), ==, b_changed);

  /* Ctrl+S has nothing to write, and writes into neither folder */
  g_action_group_activate_action (G_ACTION_GROUP (window), "save-config", NULL);
  rc_test_assert_owned_str (disk_text (a), a_original);
  rc_test_assert_owned_str (disk_text (b), b_changed);

  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_spin (100);
  rc_test_remove_copy (a);
  rc_test_remove_copy (b);
}

/* Save in the question writes the first folder's file, only it, then opens the other; closing
 * the window with a fix not saved asks too. */
static void
test_save_then_switch_and_close (void)
{
  g_autofree char *a = demo_copy ("pyodide_version: \"0.29.5\"", "pyodide_version: 0.29");
  g_autofree char *b = demo_copy (NULL, NULL);
  g_autofree char *a_original = disk_text (a), *b_original = disk_text (b);
  g_autofree char *fixed = NULL;
  RcWindow *window = rc_test_open_window_at (a);
  RcProblemsView *problems = rc_test_window_child (window, "problems_view");
  AdwMessageDialog *question;
  gboolean destroyed = FALSE;

  apply_fix (window, "runtime.python.pyodide_version");
  fixed = buffer_text (problems);
  open_folder (window, b);
  question = find_question ();
  g_assert_nonnull (question);
  answer (question, "save");
  rc_test_wait_community (window, 60);
  rc_test_assert_owned_str (disk_text (a), fixed);
  rc_test_assert_owned_str (disk_text (b), b_original);
  g_assert_cmpstr (community_dir (window), ==, b);
  rc_test_assert_owned_str (buffer_text (problems), b_original);
  g_assert_cmpstr (fixed, !=, a_original);

  /* back to the first folder, now as saved: nothing asked, since nothing would be lost */
  open_folder (window, a);
  g_assert_null (find_question ());
  rc_test_wait_community (window, 60);
  rc_test_assert_owned_str (buffer_text (problems), fixed);

  /* closing with a change not saved asks; Cancel keeps the window, Discard closes it */
  write_text (a, a_original);
  rc_test_wait_community (window, 60);
  apply_fix (window, "runtime.python.pyodide_version");
  g_signal_connect_swapped (window, "destroy", G_CALLBACK (rc_test_set_true), &destroyed);
  gtk_window_close (GTK_WINDOW (window));
  rc_test_spin (300);
  question = find_question ();
  g_assert_nonnull (question);
  answer (question, "cancel");
  rc_test_spin (300);
  g_assert_false (destroyed);
  gtk_window_close (GTK_WINDOW (window));
  rc_test_spin (300);
  question = find_question ();
  g_assert_nonnull (question);
  answer (question, "discard");
  g_assert_true (rc_test_wait_for (&destroyed, 10));
  rc_test_assert_owned_str (disk_text (a), a_original);
  rc_test_spin (100);
  rc_test_remove_copy (a);
  rc_test_remove_copy (b);
}

int
main (int argc, char **argv)
{
  rc_test_window_init (&argc, &argv);
  g_test_add_func ("/ui/window-unsaved/mark-and-undo", test_modified_mark_and_undo);
  g_test_add_func ("/ui/window-unsaved/switch-folder", test_switch_folder);
  g_test_add_func ("/ui/window-unsaved/save-and-close", test_save_then_switch_and_close);
  return rc_test_window_run ();
}
