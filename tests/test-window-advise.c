/* test-window-advise.c: Advice… from the window, for real, on the ledger community the wheel
 * builder writes here (one cold boot a side in WebKit, set in the dialog; `advise --runs 2` is
 * test-cli-advise's): the ranked changes, a screenshot,
 * Apply as one undoable quick fix that validates at once and is not saved. Under xvfb-run.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include "rc-test-files.h"
#include "rc-test-ui.h"
#include "rc-test-window.h"
#include "ui/rc-advice-dialog.h"
#include "ui/rc-elapsed-clock.h"
#include "ui/rc-problems-view.h"

static char *
buffer_text (RcProblemsView *problems)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (rc_problems_view_get_buffer (problems));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
}

static char *
build_ledger (const char *root)
{
  g_autofree char *script =
      g_build_filename (g_getenv ("RC_SOURCE_DIR"), "tools", "build-demo-wheels.py", NULL);
  g_autofree char *python = g_find_program_in_path ("python3");
  g_autofree char *out = NULL, *err = NULL;
  char *dir = g_build_filename (root, "ledger", NULL);
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_assert_nonnull (python); /* a missing tool is a red test */
  g_spawn_sync (NULL, (char *[]){ python, script, "--ledger", dir, NULL }, NULL, 0, NULL, NULL,
                &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("build-demo-wheels.py --ledger failed: %s", err);
  return dir;
}

/* tools/setup.sh --pyodide 314.0.8 fetched it (CI's README command does) */
#define CANDIDATE "314.0.8"

static int
index_of (const RcAdvice *advice, const char *id)
{
  for (guint i = 0; i < advice->changes->len; i++)
    if (g_str_equal (((RcAdviceChange *) advice->changes->pdata[i])->id, id))
      return (int) i;
  return -1;
}

static void
test_advice (void)
{
  g_autofree char *root = rc_test_make_tmp ("rc-window-advise");
  g_autofree char *dir = build_ledger (root);
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);
  g_autofree char *before = NULL, *after = NULL, *edited = NULL, *undone = NULL;
  g_autofree char *shot = NULL;
  RcWindow *window;
  RcProblemsView *problems;
  RcAdviceDialog *dialog;
  const RcAdvice *advice;
  gboolean finished = FALSE;
  int archive;
  RcTestFrameRate frames;
  double fps;
  RcElapsedClock *clock;

  g_assert_true (g_file_get_contents (config, &before, NULL, NULL));
  window = rc_test_open_window_at (dir);
  problems = rc_test_window_child (window, "problems_view");
  g_action_group_activate_action (G_ACTION_GROUP (window), "advise", NULL);
  dialog = RC_ADVICE_DIALOG (rc_test_find_toplevel (RC_TYPE_ADVICE_DIALOG));
  g_assert_nonnull (dialog);
  /* it asks first: the reader's link (the Boot page's, none here) and an upgrade to rehearse,
   * the one tools/setup.sh --pyodide fetched offered */
  {
    GObject *stack =
        gtk_widget_get_template_child (GTK_WIDGET (dialog), RC_TYPE_ADVICE_DIALOG, "stack");
    GObject *link =
        gtk_widget_get_template_child (GTK_WIDGET (dialog), RC_TYPE_ADVICE_DIALOG, "link_row");
    GObject *upgrade =
        gtk_widget_get_template_child (GTK_WIDGET (dialog), RC_TYPE_ADVICE_DIALOG, "candidate_row");
    GObject *runs =
        gtk_widget_get_template_child (GTK_WIDGET (dialog), RC_TYPE_ADVICE_DIALOG, "runs_spin");
    g_autofree char *setup_shot = NULL;

    g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "setup");
    g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (link)), ==, RC_THROTTLE_NONE);
    g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (upgrade)));
    rc_advice_dialog_set_candidate (dialog, CANDIDATE);
    /* the window's default is two boots a side; the count the user sets is what is booted */
    g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (runs)), ==, 2);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (runs), 1);
    g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (upgrade)), >, 0);
    rc_test_spin (300);
    setup_shot = rc_test_save_screenshot (GTK_WIDGET (dialog), "window-advice-setup");
    g_assert_nonnull (setup_shot);
    g_assert_null (rc_advice_dialog_get_advice (dialog));
    rc_advice_dialog_start (dialog);
    g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "run");
  }
  /* While boots are timed the dialog draws only when it has news (a line, the clock's
   * second): a spinner drew every frame, and under software GL that took 40 % of the two
   * cores from the boots being timed. */
  clock = RC_ELAPSED_CLOCK (
      gtk_widget_get_template_child (GTK_WIDGET (dialog), RC_TYPE_ADVICE_DIALOG, "clock"));
  g_assert_true (rc_elapsed_clock_get_running (clock));
  rc_test_frame_rate_start (&frames, GTK_WIDGET (dialog));
  g_signal_connect_swapped (dialog, "finished", G_CALLBACK (rc_test_set_true), &finished);
  g_assert_true (rc_test_wait_for (&finished, 850));
  fps = rc_test_frame_rate_end (&frames);
  g_test_message ("the dialog drew %.2f frames a second while it booted (clock %s)", fps,
                  rc_elapsed_clock_get_text (clock));
  g_assert_cmpfloat (fps, <, 5.0);
  g_assert_false (rc_elapsed_clock_get_running (clock));
  g_assert_cmpstr (rc_elapsed_clock_get_text (clock), !=, "0:00");
  advice = rc_advice_dialog_get_advice (dialog);
  g_assert_nonnull (advice);
  {
    g_autofree char *text = rc_advice_format (advice);

    /* what the dialog's log shows, for a failure's reader */
    g_test_message ("%s", text);
  }
  g_assert_cmpint (index_of (advice, "drop:ledger-core"), ==, -1);
  g_assert_cmpint (index_of (advice, "drop:ledger-seal"), >=, 0);
  g_assert_cmpint (index_of (advice, "preload-on"), >=, 0);
  archive = index_of (advice, "drop:ledger-archive");
  g_assert_cmpint (archive, >=, 0);
  g_assert_cmpfloat (((RcAdviceChange *) advice->changes->pdata[archive])->bytes_saving, >, 20e6);
  /* the snapshot is shown, with no edit to apply */
  g_assert_cmpint (index_of (advice, "snapshot"), >=, 0);
  /* the rehearsed upgrade, booted, with no edit to apply */
  {
    int upgrade = index_of (advice, "pyodide:" CANDIDATE);
    const RcAdviceChange *c;

    g_assert_cmpint (upgrade, >=, 0);
    c = advice->changes->pdata[upgrade];
    g_assert_cmpstr (c->pyodide, ==, CANDIDATE);
    /* the variant's boot failing says why, in the test's log */
    g_assert_cmpstr (c->failure, ==, NULL);
    g_assert_cmpuint (c->variant_boot.n, ==, 1);
    g_assert_cmpuint (c->fixes->len, ==, 0);
  }
  g_assert_nonnull (advice->control);
  {
    GObject *label =
        gtk_widget_get_template_child (GTK_WIDGET (dialog), RC_TYPE_ADVICE_DIALOG, "control");

    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)),
                              "The control, a copy of the folder with nothing changed"));
    /* one boot a side: a figure, not a band whose ends are equal */
    g_assert_nonnull (
        strstr (gtk_label_get_label (GTK_LABEL (label)), "(one boot a side: no band)"));
  }
  rc_test_spin (300);
  shot = rc_test_save_screenshot (GTK_WIDGET (dialog), "window-advice");
  g_assert_nonnull (shot);

  /* Apply: both edits of a change (here one) as one quick fix, validated, not saved */
  rc_advice_dialog_apply (dialog, (guint) index_of (advice, "drop:ledger-seal"));
  rc_test_wait_community (window, 60);
  edited = buffer_text (problems);
  g_assert_nonnull (strstr (edited, "    preload: [ledger-archive, ledger-core]\n"));
  g_assert_nonnull (strstr (edited, "    import_before_seal: []\n"));
  g_assert_true (rc_community_is_valid (rc_window_get_community (window)));
  g_assert_true (g_file_get_contents (config, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  /* one undo step takes the whole change back */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo-fix", NULL);
  rc_test_wait_community (window, 60);
  undone = buffer_text (problems);
  g_assert_cmpstr (undone, ==, before);
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_spin (200);
  rc_test_remove_tree (root);
}

int
main (int argc, char **argv)
{
  rc_test_window_init (&argc, &argv);
  g_test_add_func ("/window/advice", test_advice);
  return rc_test_window_run ();
}
