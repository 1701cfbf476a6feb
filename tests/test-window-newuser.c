/* test-window-newuser.c: what a new user trips on in the window (issue 23): the caret and
 * the view after a jump to a problem, key paths at 800×600, the shipped example under the
 * window's default policy, a first run without a distribution, the prelude compiled in the
 * background, follow-on errors under their cause, and the importtime toggle.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "core/model/rc-community.h"
#include "core/policy/rc-csp.h"
#include "core/base/rc-paths.h"
#include "rc-test-ui.h"
#include "rc-test-window.h"
#include "ui/rc-boot-settings.h"
#include "ui/rc-problem.h"
#include "ui/rc-problems-view.h"

#define ZWSP "\xe2\x80\x8b"

static gpointer
problems_child (RcProblemsView *problems, const char *name)
{
  gpointer found =
      gtk_widget_get_template_child (GTK_WIDGET (problems), RC_TYPE_PROBLEMS_VIEW, name);

  g_assert_nonnull (found);
  return found;
}

/* The index of the first problem at @path, which must exist. */
static guint
problem_at_path (RcProblemsView *problems, const char *path)
{
  GListModel *model = rc_problems_view_get_problems (problems);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (RcProblem) p = g_list_model_get_item (model, i);

      if (g_strcmp0 (rc_problem_get_diagnostic (p)->path, path) == 0)
        return i;
    }
  g_error ("no problem at %s", path);
  return 0;
}

/* A jump to a problem near the start of its line leaves the view at its left edge (the
 * margin and the first column in view), and the position label follows the caret wherever
 * it goes afterwards. */
static void
test_jump_keeps_first_column (void)
{
  g_autofree char *dir = rc_test_copy_tree ("tests/fixtures/ui/broken");
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *wide = g_strnfill (400, 'x');
  g_autofree char *longer = NULL;
  g_autoptr (GError) error = NULL;
  RcWindow *window;
  RcProblemsView *problems;
  GtkTextView *view;
  GtkLabel *position;
  GtkAdjustment *hadj;
  GtkTextBuffer *buffer;
  guint index;
  g_autoptr (RcProblem) problem = NULL;
  const RcDiagnostic *d;
  g_autofree char *want = NULL;
  GtkTextIter at;

  /* a line wider than the view, so the view can scroll sideways at all */
  g_file_get_contents (config, &text, NULL, &error);
  g_assert_no_error (error);
  longer = g_strdup_printf ("%s# %s\n", text, wide);
  g_file_set_contents (config, longer, -1, &error);
  g_assert_no_error (error);
  window = rc_test_open_window_at (dir);
  problems = rc_test_window_child (window, "problems_view");
  view = problems_child (problems, "source_view");
  position = problems_child (problems, "position_label");
  hadj = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view));
  buffer = gtk_text_view_get_buffer (view);
  index = problem_at_path (problems, "runtime.python.colour");
  problem = g_list_model_get_item (rc_problems_view_get_problems (problems), index);
  d = rc_problem_get_diagnostic (problem);
  want = g_strdup_printf ("Line %u, Column %u", d->line, MAX (d->column, 1));
  rc_test_show_page (window, "problems");
  g_assert_cmpuint (d->column, >, 1);
  g_assert_cmpfloat (gtk_adjustment_get_upper (hadj), >, gtk_adjustment_get_page_size (hadj));
  rc_problems_view_select (problems, index);
  rc_test_spin (400);
  g_test_message ("after the jump to %u:%u: h %.1f of %.1f (page %.1f), label '%s'", d->line,
                  d->column, gtk_adjustment_get_value (hadj), gtk_adjustment_get_upper (hadj),
                  gtk_adjustment_get_page_size (hadj), gtk_label_get_label (position));
  g_assert_cmpfloat (gtk_adjustment_get_value (hadj), ==, 0);
  g_assert_cmpstr (gtk_label_get_label (position), ==, want);

  /* the caret moves (a click, a key): the label says where it is now */
  gtk_text_buffer_get_iter_at_line_offset (buffer, &at, 2, 4);
  gtk_text_buffer_place_cursor (buffer, &at);
  g_assert_cmpstr (gtk_label_get_label (position), ==, "Line 3, Column 5");
  gtk_text_buffer_get_start_iter (buffer, &at);
  gtk_text_buffer_place_cursor (buffer, &at);
  g_assert_cmpstr (gtk_label_get_label (position), ==, "Line 1, Column 1");
  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_remove_copy (dir);
}

/* The row's path label (named "path") in the problems list for @path. */
static GtkLabel *
find_path_label (GtkWidget *widget, const char *path)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_widget_get_name (widget), "path") == 0
      && g_strcmp0 (gtk_widget_get_tooltip_text (widget), path) == 0)
    return GTK_LABEL (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found = find_path_label (c, path);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* At 800×600 a key path breaks between its keys: each line of the label starts at the
 * path's start or right after a dot's zero-width space, never inside a key. */
static void
test_small_paths_break_at_dots (void)
{
  RcWindow *window = rc_test_open_window ("tests/fixtures/ui/broken");
  RcProblemsView *problems = rc_test_window_child (window, "problems_view");
  const char *path = "runtime.python.limits.exec_seconds";
  GtkLabel *label;
  const char *text;
  PangoLayout *layout;
  g_autofree char *shot = NULL;
  g_autoptr (GString) plain = g_string_new (NULL);

  rc_test_resize_window (window, 800, 600);
  rc_test_show_page (window, "problems");
  label = find_path_label (GTK_WIDGET (problems), path);
  g_assert_nonnull (label);
  text = gtk_label_get_label (label);
  g_assert_cmpstr (text, ==, "runtime." ZWSP "python." ZWSP "limits." ZWSP "exec_seconds");
  g_assert_true (gtk_label_get_wrap (label));
  g_assert_cmpint (gtk_label_get_wrap_mode (label), ==, PANGO_WRAP_WORD_CHAR);
  /* what it shows, without the spaces, is the path as typed (also its tooltip) */
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_utf8_get_char (p) != 0x200b)
      g_string_append_unichar (plain, g_utf8_get_char (p));
  g_assert_cmpstr (plain->str, ==, path);
  layout = gtk_label_get_layout (label);
  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
    {
      PangoLayoutLine *line = l->data;
      int start = pango_layout_line_get_start_index (line);

      g_test_message ("line at %d: %.*s", start, pango_layout_line_get_length (line), text + start);
      g_assert_true (start == 0 || (start >= 3 && memcmp (text + start - 3, ZWSP, 3) == 0));
    }
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "small-problems");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 800);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The shipped example under the window's default policy ("community", derived from it):
 * nothing refused, its own fetch_allow URL included. */
static void
test_demo_clean_under_default_policy (void)
{
  RcWindow *window = rc_test_open_window ("data/examples/demo");
  RcBootPane *pane = rc_test_window_child (window, "boot_pane");
  RcBootSettings *settings = rc_test_pane_child (pane, "boot_settings");
  g_autofree char *policy = rc_boot_settings_dup_policy (settings);
  GPtrArray *findings = rc_boot_pane_get_findings (pane);
  g_autofree char *shot = NULL;

  g_test_message ("default policy: %s", policy);
  g_assert_cmpstr (rc_boot_settings_get_policy_name (settings, policy), ==, "community");
  g_assert_nonnull (policy);
  g_assert_nonnull (strstr (policy, "https://data.example.org"));
  g_assert_nonnull (strstr (policy, "'wasm-unsafe-eval'"));
  g_assert_nonnull (findings);
  for (guint i = 0; i < findings->len; i++)
    {
      const RcCspFinding *f = g_ptr_array_index (findings, i);

      g_test_message ("%s %s: %s", f->granted ? "granted" : "REFUSED", f->requirement, f->message);
    }
  g_assert_cmpuint (rc_csp_findings_count_refused (findings), ==, 0);
  g_assert_true (rc_csp_findings_find (findings, "connect-fetch-allow", NULL)->granted);
  rc_test_show_page (window, "boot");
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "demo-community-policy");
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
window_child_widget (RcWindow *window, const char *name)
{
  GtkWidget *found = rc_test_window_child (window, name);

  g_assert_nonnull (found);
  return found;
}

/* A first run without tools/setup.sh (the default distribution an empty folder): the folder
 * is still checked as far as it can be (the broken fixture's config.yaml errors are there),
 * a bar says what is missing in words with the command and a folder to choose, nothing
 * offers a boot, and choosing a distribution validates again against it. */
static void
test_first_run_without_distribution (void)
{
  g_autofree char *real = rc_paths_default_distribution ();
  g_autoptr (GError) error = NULL;
  g_autofree char *empty = g_dir_make_tmp ("rc-no-pyodide-XXXXXX", &error);
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  RcWindow *window;
  RcProblemsView *problems;
  GListModel *model;
  RcBootPane *pane;
  GtkRevealer *bar;
  const char *description;
  gboolean noted = FALSE;
  guint errors = 0;
  g_autofree char *shot = NULL;

  g_assert_no_error (error);
  g_settings_set_string (settings, "distribution", "");
  g_setenv ("RC_PYODIDE_DIR", empty, TRUE);
  window = rc_test_open_window ("tests/fixtures/ui/broken");
  problems = rc_test_window_child (window, "problems_view");
  model = rc_problems_view_get_problems (problems);
  pane = rc_test_window_child (window, "boot_pane");
  bar = GTK_REVEALER (window_child_widget (window, "setup_revealer"));
  g_assert_true (gtk_revealer_get_reveal_child (bar));
  description = gtk_label_get_label (GTK_LABEL (window_child_widget (window, "setup_description")));
  g_test_message ("%s", description);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (window_child_widget (window, "setup_title"))),
                   ==, "Pyodide Is Not Set Up");
  g_assert_nonnull (strstr (description, "has no pyodide-lock.json"));
  g_assert_null (strstr (description, "--distribution"));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (window_child_widget (window, "setup_command"))),
                   ==, "tools/setup.sh");
  g_assert_true (
      g_action_group_get_action_enabled (G_ACTION_GROUP (window), "choose-distribution"));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (RcProblem) p = g_list_model_get_item (model, i);
      const RcDiagnostic *d = rc_problem_get_diagnostic (p);

      noted |= g_strcmp0 (d->rule, "distribution-missing") == 0;
      errors += d->severity == RC_SEVERITY_ERROR;
    }
  g_assert_true (noted);
  /* config.yaml's rules ran: the fixture's three errors */
  g_assert_cmpuint (errors, >=, 3);
  g_assert_false (g_action_group_get_action_enabled (rc_boot_pane_get_actions (pane), "cold"));
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "first-run-no-pyodide");

  /* the way out: a distribution folder (what the chooser's Select sets) */
  g_settings_set_string (settings, "distribution", real);
  rc_test_wait_community (window, 60);
  g_assert_false (gtk_revealer_get_reveal_child (bar));
  g_assert_nonnull (rc_community_get_dist_lock (rc_window_get_community (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unsetenv ("RC_PYODIDE_DIR");
  g_settings_set_string (settings, "distribution", "");
  g_rmdir (empty);
}

/* The first problem with @rule, or NULL. */
static RcProblem *
find_rule (RcProblemsView *problems, const char *rule)
{
  GListModel *model = rc_problems_view_get_problems (problems);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      RcProblem *p = g_list_model_get_item (model, i);

      if (g_strcmp0 (rc_problem_get_diagnostic (p)->rule, rule) == 0)
        return p;
      g_object_unref (p);
    }
  return NULL;
}

/* Spins until a problem with @rule is shown (@present) or none is; at most @seconds. */
static gboolean
wait_rule (RcProblemsView *problems, const char *rule, gboolean present, guint seconds)
{
  for (guint waited = 0; waited < seconds * 1000; waited += 100)
    {
      g_autoptr (RcProblem) p = find_rule (problems, rule);

      if ((p != NULL) == present)
        return TRUE;
      rc_test_spin (100);
    }
  return FALSE;
}

/* The prelude is compiled in the background with the real Pyodide once the folder loads: a
 * syntax error shows at its line in config.yaml, with no "not compiled" note; fixing it on
 * disk compiles it again and the error goes. */
static void
test_prelude_compiled_in_background (void)
{
  g_autofree char *dir = rc_test_copy_tree ("data/examples/demo");
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);
  g_autofree char *good = NULL;
  g_autoptr (GString) bad = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RcProblem) problem = NULL;
  g_autofree char *shot = NULL;
  RcWindow *window;
  RcProblemsView *problems;
  const RcDiagnostic *d;

  g_file_get_contents (config, &good, NULL, &error);
  g_assert_no_error (error);
  bad = g_string_new (good);
  /* line 38 of the demo: the production prelude's "import osa" */
  g_assert_cmpint (
      g_string_replace (bad,
                        "        import osa\n\n        demo_helpers.configure(fetch=osa.fetch, "
                        "base_url=\"https://data.example.org/\")",
                        "        import osa(\n\n        demo_helpers.configure(fetch=osa.fetch, "
                        "base_url=\"https://data.example.org/\")",
                        1),
      ==, 1);
  g_file_set_contents (config, bad->str, -1, &error);
  g_assert_no_error (error);
  window = rc_test_open_window_at (dir);
  problems = rc_test_window_child (window, "problems_view");
  g_assert_true (wait_rule (problems, "prelude-compile", TRUE, 120));
  problem = find_rule (problems, "prelude-compile");
  d = rc_problem_get_diagnostic (problem);
  g_test_message ("%s:%u:%u %s: %s", d->file, d->line, d->column, d->path, d->message);
  g_assert_cmpint (d->severity, ==, RC_SEVERITY_ERROR);
  g_assert_cmpuint (d->line, >=, 38);
  g_assert_cmpuint (d->line, <=, 40);
  g_assert_cmpstr (d->path, ==, "runtime.python.prelude.production");
  /* compiled: the note that it was not is gone, for both deployments */
  g_assert_true (wait_rule (problems, "prelude-not-compiled", FALSE, 1));
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "prelude-syntax-error");

  /* fixed on disk: validated again, compiled again, clean */
  g_file_set_contents (config, good, -1, &error);
  g_assert_no_error (error);
  rc_test_wait_community (window, 30);
  /* until it is compiled, the note says it was not (and the old error is not shown) */
  g_assert_true (wait_rule (problems, "prelude-not-compiled", FALSE, 120));
  g_assert_true (wait_rule (problems, "prelude-compile", FALSE, 1));
  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_remove_copy (dir);
}

static GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_named (c, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A misspelled preload: the import_before_seal error it causes is listed right under it,
 * indented, saying it follows from it. */
static void
test_follow_on_under_root (void)
{
  g_autofree char *dir = rc_test_copy_tree ("data/examples/demo");
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GString) typo = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *shot = NULL;
  RcWindow *window;
  RcProblemsView *problems;
  GListModel *model;
  GtkListBox *list;
  GtkWidget *caption;
  int root = -1;

  g_file_get_contents (config, &text, NULL, &error);
  g_assert_no_error (error);
  typo = g_string_new (text);
  g_assert_cmpint (g_string_replace (typo, "preload: [demo-helpers]", "preload: [demo-helperz]", 1),
                   ==, 1);
  g_file_set_contents (config, typo->str, -1, &error);
  g_assert_no_error (error);
  window = rc_test_open_window_at (dir);
  problems = rc_test_window_child (window, "problems_view");
  model = rc_problems_view_get_problems (problems);
  list = problems_child (problems, "problems_list");
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (RcProblem) p = g_list_model_get_item (model, i);
      const RcDiagnostic *d = rc_problem_get_diagnostic (p);

      g_test_message ("%u: %s %s%s%s", i, d->rule, d->path, d->caused_by ? " after " : "",
                      d->caused_by ? d->caused_by : "");
      if (g_strcmp0 (d->rule, "preload-unresolved") == 0)
        root = (int) i;
    }
  g_assert_cmpint (root, >=, 0);
  {
    g_autoptr (RcProblem) next = g_list_model_get_item (model, (guint) root + 1);
    const RcDiagnostic *d = rc_problem_get_diagnostic (next);

    g_assert_cmpstr (d->rule, ==, "import-before-seal-not-preloaded");
    g_assert_cmpstr (d->caused_by, ==, "runtime.python.preload[0]");
  }
  /* all severities shown: the list's rows are the model's */
  caption = find_named (GTK_WIDGET (gtk_list_box_get_row_at_index (list, root + 1)), "caused-by");
  g_assert_nonnull (caption);
  g_assert_nonnull (
      strstr (gtk_label_get_label (GTK_LABEL (caption)), "runtime.python.preload[0]"));
  g_assert_null (find_named (GTK_WIDGET (gtk_list_box_get_row_at_index (list, root)), "caused-by"));
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "follow-on-under-root");
  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_remove_copy (dir);
}

/* The Boot settings' Import Times switch is the "importtime" setting, and a boot with it on
 * runs Python with -X importtime, as `boot --importtime`. */
static void
test_importtime_toggle (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  RcWindow *window = rc_test_open_window ("data/examples/demo");
  RcBootPane *pane = rc_test_window_child (window, "boot_pane");
  RcBootSettings *boot_settings = rc_test_pane_child (pane, "boot_settings");
  GtkSwitch *toggle = GTK_SWITCH (gtk_widget_get_template_child (
      GTK_WIDGET (boot_settings), RC_TYPE_BOOT_SETTINGS, "importtime_switch"));
  g_autoptr (RcRunRecord) run = NULL;

  g_assert_nonnull (toggle);
  g_assert_false (g_settings_get_boolean (settings, "importtime"));
  g_assert_false (gtk_switch_get_active (toggle));
  g_assert_false (rc_engine_get_importtime (rc_boot_pane_get_engine (pane)));
  gtk_switch_set_active (toggle, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "importtime"));
  g_assert_true (rc_engine_get_importtime (rc_boot_pane_get_engine (pane)));
  run = rc_test_boot_and_wait (window, "boot.cold", 180);
  g_test_message ("outcome %d, importtime %d", run->outcome.state, run->interpreter.importtime);
  g_assert_cmpint (run->outcome.state, ==, RC_OUTCOME_READY);
  g_assert_true (run->interpreter.importtime);
  g_settings_set_boolean (settings, "importtime", FALSE);
  g_assert_false (gtk_switch_get_active (toggle));
  g_assert_false (rc_engine_get_importtime (rc_boot_pane_get_engine (pane)));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  rc_test_window_init (&argc, &argv);
  g_test_add_func ("/ui/newuser/jump-keeps-first-column", test_jump_keeps_first_column);
  g_test_add_func ("/ui/newuser/small-paths-break-at-dots", test_small_paths_break_at_dots);
  g_test_add_func ("/ui/newuser/demo-clean-under-default-policy",
                   test_demo_clean_under_default_policy);
  g_test_add_func ("/ui/newuser/first-run-without-distribution",
                   test_first_run_without_distribution);
  g_test_add_func ("/ui/newuser/prelude-compiled-in-background",
                   test_prelude_compiled_in_background);
  g_test_add_func ("/ui/newuser/follow-on-under-root", test_follow_on_under_root);
  g_test_add_func ("/ui/newuser/importtime-toggle", test_importtime_toggle);
  return rc_test_window_run ();
}
