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
#include "rc-test-window.h"
#include "ui/rc-boot-settings.h"
#include "ui/rc-probe-dialog.h"
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
test_fix_unknown_key (void)
{
  g_autofree char *root = rc_test_make_tmp ("rc-window-fix-");
  g_autofree char *dir = g_build_filename (root, "broken", NULL);
  g_autofree char *original = NULL, *fixed = NULL, *undone = NULL, *saved = NULL;
  RcWindow *window;
  RcProblemsView *problems;
  GtkWidget *button;

  rc_test_copy_fixture ("ui/broken/config.yaml", root, "broken/config.yaml");
  original = disk_text (root);
  window = rc_test_open_window_at (dir);
  problems = rc_test_window_child (window, "problems_view");
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
  rc_test_wait_community (window, 60);
  g_assert_cmpuint (g_list_model_get_n_items (rc_problems_view_get_problems (problems)), ==, 2);
  rc_test_assert_owned_str (disk_text (root), original);

  /* one undo returns the buffer, and the problem comes back */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo-fix", NULL);
  undone = buffer_text (problems);
  g_assert_cmpstr (undone, ==, original);
  rc_test_wait_community (window, 60);
  g_assert_cmpuint (g_list_model_get_n_items (rc_problems_view_get_problems (problems)), ==, 3);

  /* fixed again, and saved only when asked */
  g_signal_emit_by_name (fix_button (problems, "runtime.python.colour"), "clicked");
  rc_test_wait_community (window, 60);
  rc_test_assert_owned_str (disk_text (root), original);
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
  g_autofree char *before = NULL, *after = NULL, *edited = NULL;
  RcWindow *window;
  RcProblemsView *problems;
  const RcSealReport *report;
  RcProbeDialog *dialog;
  gboolean finished = FALSE;
  RcTestFrameRate frames;
  double fps;

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *fixture = g_build_filename ("seal-probe", files[i], NULL);
      g_autofree char *target = g_build_filename ("seal-probe", files[i], NULL);

      rc_test_copy_fixture (fixture, root, target);
    }
  g_assert_true (g_file_get_contents (config, &before, NULL, NULL));
  window = rc_test_open_window_at (dir);
  problems = rc_test_window_child (window, "problems_view");
  g_assert_true (rc_community_is_valid (rc_window_get_community (window)));

  g_action_group_activate_action (G_ACTION_GROUP (window), "probe", NULL);
  dialog = find_probe_dialog ();
  g_assert_nonnull (dialog);
  g_signal_connect_swapped (dialog, "finished", G_CALLBACK (rc_test_set_true), &finished);
  /* it draws when it has news, not every frame: the boots it times get the CPU */
  rc_test_frame_rate_start (&frames, GTK_WIDGET (dialog));
  g_assert_true (rc_test_wait_for (&finished, 400));
  fps = rc_test_frame_rate_end (&frames);
  g_test_message ("the probe dialog drew %.2f frames a second while it booted", fps);
  g_assert_cmpfloat (fps, <, 5.0);
  report = rc_probe_dialog_get_report (dialog);
  g_assert_nonnull (report);
  g_assert_true (rc_seal_report_ok (report));
  g_assert_cmpuint (g_strv_length (report->recommended), ==, 2);

  rc_probe_dialog_apply (dialog);
  rc_test_wait_community (window, 60);
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

/* The policy editor's quick fixes (the policy is not in the folder) */

static const RcCspFinding *
finding (RcBootPane *pane, const char *requirement)
{
  GPtrArray *findings = rc_boot_pane_get_findings (pane);

  for (guint i = 0; findings != NULL && i < findings->len; i++)
    if (g_str_equal (((RcCspFinding *) findings->pdata[i])->requirement, requirement))
      return findings->pdata[i];
  return NULL;
}

/* The Fix button in the sidebar's findings list whose fix mentions @what, or NULL. */
static GtkWidget *
find_fix_button (GtkWidget *widget, const char *what)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child)
          && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), "boot.fix-policy")
                 == 0
          && strstr (gtk_widget_get_tooltip_text (child), what) != NULL)
        return child;
      if ((found = find_fix_button (child, what)) != NULL)
        return found;
    }
  return NULL;
}

static char *
policy_text (GtkTextBuffer *buffer)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* Every toast since the last look, one a line. */
static void
toast_cb (RcBootPane *pane, const char *text, char **out)
{
  char *all = g_strconcat (*out != NULL ? *out : "", text, "\n", NULL);

  g_free (*out);
  *out = all;
}

/* The control preset lacks 'wasm-unsafe-eval': its row has a Fix button, and a boot it refuses
 * shows the sidebar and names the fix; clicking it edits the policy text as one undoable step
 * and the analysis follows at once; undo returns the text and the refusal. A policy over 64 KiB is refused with the reason, and Boot Cold says so instead
 * of booting. */
static void
test_policy_fix (void)
{
  RcWindow *window = rc_test_open_window ("data/examples/demo");
  RcBootPane *pane = rc_test_window_child (window, "boot_pane");
  RcBootSettings *settings = rc_test_pane_child (pane, "boot_settings");
  GtkWidget *list = GTK_WIDGET (gtk_widget_get_template_child (
      GTK_WIDGET (settings), RC_TYPE_BOOT_SETTINGS, "findings_list"));
  GtkLabel *analysis = GTK_LABEL (gtk_widget_get_template_child (
      GTK_WIDGET (settings), RC_TYPE_BOOT_SETTINGS, "analysis_label"));
  GtkSourceView *view = GTK_SOURCE_VIEW (
      gtk_widget_get_template_child (GTK_WIDGET (settings), RC_TYPE_BOOT_SETTINGS, "policy_view"));
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  g_autofree char *before = NULL, *fixed = NULL, *undone = NULL, *toast = NULL;
  g_autoptr (GString) huge = g_string_new ("script-src 'self' 'wasm-unsafe-eval'; connect-src");
  g_autoptr (RcRunRecord) failed = NULL;
  g_autoptr (GSettings) prefs = g_settings_new (APP_ID);
  GtkWidget *button;

  /* control hangs in loadPyodide until the deadline (the window's default is 120 s): keep it
   * short, as /ui/window/boot-control does */
  g_settings_set_uint (prefs, "deadline", 20);
  g_assert_true (rc_boot_settings_select_preset (settings, "control"));
  rc_test_spin (300);
  g_assert_nonnull (finding (pane, "wasm"));
  g_assert_false (finding (pane, "wasm")->granted);
  before = policy_text (buffer);
  button = find_fix_button (list, "wasm-unsafe-eval");
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==,
                   "Add 'wasm-unsafe-eval' to script-src");

  /* a boot refused by the policy shows the sidebar and names the fix it offers */
  adw_flap_set_reveal_flap (rc_test_find_flap (pane), FALSE);
  g_signal_connect (pane, "toast", G_CALLBACK (toast_cb), &toast);
  failed = rc_test_boot_and_wait (window, "boot.cold", 300);
  g_assert_cmpint (failed->outcome.state, !=, RC_OUTCOME_READY);
  g_assert_cmpstr (failed->outcome.party, ==, "policy");
  g_assert_true (adw_flap_get_reveal_flap (rc_test_find_flap (pane)));
  g_assert_nonnull (toast);
  g_assert_nonnull (strstr (toast, "Add 'wasm-unsafe-eval' to script-src"));
  g_clear_pointer (&toast, g_free);
  button = find_fix_button (list, "wasm-unsafe-eval");
  g_assert_nonnull (button);

  g_signal_emit_by_name (button, "clicked");
  fixed = policy_text (buffer);
  g_assert_cmpstr (fixed, ==,
                   "script-src 'self' https://cdn.jsdelivr.net 'wasm-unsafe-eval'; "
                   "default-src 'self'; connect-src 'self' https://cdn.jsdelivr.net "
                   "https://zarr.nemar.org https://api.nemar.org; worker-src 'self' blob:; "
                   "child-src 'self' blob:; img-src 'self' data: blob:; style-src 'self' "
                   "'unsafe-inline'; form-action 'self'");
  /* re-analysed at once, without waiting for a typing pause */
  g_assert_true (finding (pane, "wasm")->granted);
  g_assert_null (find_fix_button (list, "wasm-unsafe-eval"));
  g_assert_cmpstr (rc_boot_settings_get_policy_name (settings, fixed), ==, "custom");

  /* one undo step returns the preset's text, and the refusal comes back */
  g_assert_true (gtk_text_buffer_get_can_undo (buffer));
  gtk_text_buffer_undo (buffer);
  undone = policy_text (buffer);
  g_assert_cmpstr (undone, ==, before);
  rc_test_spin (400);
  g_assert_false (finding (pane, "wasm")->granted);
  g_assert_nonnull (find_fix_button (list, "wasm-unsafe-eval"));

  /* over the CLI's 64 KiB: refused with the reason, and nothing boots */
  while (huge->len <= 64 * 1024)
    g_string_append (huge, " https://example.org");
  gtk_text_buffer_set_text (buffer, huge->str, -1);
  rc_test_spin (400);
  g_assert_null (rc_boot_pane_get_findings (pane));
  g_assert_nonnull (strstr (gtk_label_get_label (analysis), "cannot be used"));
  g_assert_nonnull (strstr (gtk_label_get_label (analysis), "65536"));
  g_action_group_activate_action (rc_boot_pane_get_actions (pane), "cold", NULL);
  rc_test_spin (200);
  g_assert_nonnull (toast);
  g_assert_nonnull (strstr (toast, "cannot be used"));
  g_assert_false (g_action_group_get_action_enabled (rc_boot_pane_get_actions (pane), "stop"));
  g_signal_handlers_disconnect_by_func (pane, toast_cb, &toast);
  gtk_window_destroy (GTK_WINDOW (window));
  /* the settings outlive the window: leave the defaults for the next test */
  g_settings_reset (prefs, "deadline");
  rc_test_spin (100);
}

int
main (int argc, char **argv)
{
  rc_test_window_init (&argc, &argv);
  g_test_add_func ("/ui/window-fix/unknown-key", test_fix_unknown_key);
  g_test_add_func ("/ui/window-fix/policy", test_policy_fix);
  g_test_add_func ("/ui/window-fix/probe", test_probe_writes_import_before_seal);
  return rc_test_window_run ();
}
