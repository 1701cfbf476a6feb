/* test-window.c: the console window on real communities, under Xvfb.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "core/rc-csp.h"
#include "core/rc-diagnostic.h"
#include "core/rc-paths.h"
#include "core/rc-seal-probes.h"
#include "rc-test-files.h"
#include "rc-test-ui.h"
#include "ui/rc-application.h"
#include "ui/rc-boot-pane.h"
#include "ui/rc-overview-page.h"
#include "ui/rc-problem.h"
#include "ui/rc-problems-view.h"
#include "ui/rc-python-console.h"
#include "ui/rc-run-tables.h"
#include "ui/rc-charts-view.h"
#include "ui/rc-table-item.h"
#include "ui/rc-window.h"

static RcApplication *app;

static void
set_true (gboolean *flag)
{
  *flag = TRUE;
}

static gpointer
child (RcWindow *window, const char *name)
{
  return gtk_widget_get_template_child (GTK_WIDGET (window), RC_TYPE_WINDOW, name);
}

static RcWindow *
open_window_at (const char *path)
{
  g_autoptr (GFile) folder = g_file_new_for_path (path);
  RcWindow *window = rc_window_new (app);
  gboolean loaded = FALSE;
  gulong id;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 820);
  gtk_window_present (GTK_WINDOW (window));
  id = g_signal_connect_swapped (window, "notify::community", G_CALLBACK (set_true), &loaded);
  rc_window_open_folder (window, folder);
  g_assert_true (rc_test_wait_for (&loaded, 60));
  g_signal_handler_disconnect (window, id);
  g_assert_nonnull (rc_window_get_community (window));
  /* Let the window lay out and draw before anyone looks at it. */
  rc_test_spin (300);
  return window;
}

static RcWindow *
open_window (const char *relative)
{
  g_autofree char *path = g_build_filename (g_getenv ("RC_SOURCE_DIR"), relative, NULL);

  return open_window_at (path);
}

static void
show_page (RcWindow *window, const char *name)
{
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string (name));
  rc_test_spin (300);
}

static void
test_window_demo_has_no_problems (void)
{
  RcWindow *window = open_window ("data/examples/demo");
  RcProblemsView *problems = child (window, "problems_view");
  RcOverviewPage *overview = child (window, "overview_page");
  GListModel *closure = rc_overview_page_get_closure (overview);
  g_autofree char *shot = NULL;

  /* No errors and no warnings; notes (checks this build cannot run) are allowed. */
  for (guint i = 0; i < g_list_model_get_n_items (rc_problems_view_get_problems (problems)); i++)
    {
      g_autoptr (RcProblem) p = g_list_model_get_item (rc_problems_view_get_problems (problems), i);
      g_autofree char *text = rc_diagnostic_format (rc_problem_get_diagnostic (p));

      g_test_message ("%s", text);
      g_assert_cmpint (rc_problem_get_diagnostic (p)->severity, ==, RC_SEVERITY_NOTE);
    }
  g_assert_true (rc_community_is_valid (rc_window_get_community (window)));
  g_assert_cmpstr (rc_problems_view_get_shown_file (problems), ==, "config.yaml");
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "demo-problems");
  g_clear_pointer (&shot, g_free);

  /* The overview lists the preload closure: the demo's one overlay wheel. */
  g_assert_cmpuint (g_list_model_get_n_items (closure), ==, 1);
  show_page (window, "overview");
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "demo-overview");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_broken_problems_at_lines (void)
{
  /* Each expected problem: the key path it names and the config.yaml line it points at. */
  static const struct
  {
    const char *path;
    guint line;
  } expected[] = {
    { "runtime.python.preload_on", 15 },
    { "runtime.python.colour", 17 },
    { "runtime.python.limits.exec_seconds", 19 },
  };
  RcWindow *window = open_window ("tests/fixtures/ui/broken");
  RcProblemsView *problems = child (window, "problems_view");
  GListModel *model = rc_problems_view_get_problems (problems);
  GtkSourceBuffer *buffer = rc_problems_view_get_buffer (problems);
  GtkTextIter cursor;
  g_autofree char *shot = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (RcProblem) p = g_list_model_get_item (model, i);
      g_autofree char *text = rc_diagnostic_format (rc_problem_get_diagnostic (p));

      g_test_message ("problem: %s", text);
    }
  for (guint e = 0; e < G_N_ELEMENTS (expected); e++)
    {
      gboolean found = FALSE;
      g_autoptr (GSList) marks = NULL;

      for (guint i = 0; i < g_list_model_get_n_items (model) && !found; i++)
        {
          g_autoptr (RcProblem) p = g_list_model_get_item (model, i);
          const RcDiagnostic *d = rc_problem_get_diagnostic (p);

          found = g_strcmp0 (d->path, expected[e].path) == 0 && d->line == expected[e].line
                  && d->severity == RC_SEVERITY_ERROR;
        }
      g_assert_true (found);
      /* The source view carries an error mark on that line (0-based in GtkTextBuffer). */
      marks =
          gtk_source_buffer_get_source_marks_at_line (buffer, (int) expected[e].line - 1, "error");
      g_assert_nonnull (marks);
    }

  /* Selecting a problem puts the cursor on its line and column. */
  rc_problems_view_select (problems, 0);
  rc_test_spin (200);
  {
    g_autoptr (RcProblem) first = g_list_model_get_item (model, 0);
    const RcDiagnostic *d = rc_problem_get_diagnostic (first);

    gtk_text_buffer_get_iter_at_mark (GTK_TEXT_BUFFER (buffer), &cursor,
                                      gtk_text_buffer_get_insert (GTK_TEXT_BUFFER (buffer)));
    g_assert_cmpint (gtk_text_iter_get_line (&cursor) + 1, ==, (int) d->line);
    g_assert_cmpint (gtk_text_iter_get_line_offset (&cursor) + 1, ==, (int) MAX (d->column, 1));
  }
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "broken-problems");
  gtk_window_destroy (GTK_WINDOW (window));
}

static char *
copy_fixture (const char *relative)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *src =
      g_build_filename (g_getenv ("RC_SOURCE_DIR"), relative, "config.yaml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *root = g_dir_make_tmp ("rc-window-XXXXXX", &error);
  g_autofree char *name = g_path_get_basename (relative);
  /* The folder keeps its name: a name that differs from `id` is a warning of its own. */
  char *dir = g_build_filename (root, name, NULL);
  g_autofree char *dest = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  dest = g_build_filename (dir, "config.yaml", NULL);
  g_file_get_contents (src, &text, NULL, &error);
  g_assert_no_error (error);
  g_file_set_contents (dest, text, -1, &error);
  g_assert_no_error (error);
  return dir;
}

static char *copy_tree (const char *relative);

/* The first toast widget the window's overlay shows, or NULL. */
static GtkWidget *
find_toast (GtkWidget *widget)
{
  if (g_str_equal (gtk_widget_get_css_name (widget), "toast"))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_toast (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A problem far down a long file: the jump puts its line in the upper part of the source
 * view, in view and clear of the toast at the bottom of the window. */
static void
test_window_problem_jump_clear_of_toast (void)
{
  g_autofree char *dir = copy_tree ("tests/fixtures/ui/broken");
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GString) longer = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *shot = NULL;
  RcWindow *window;
  RcProblemsView *problems;
  GtkTextView *view;
  GtkTextBuffer *buffer;
  GtkWidget *toast;
  GtkTextIter cursor;
  GdkRectangle visible, line;
  graphene_rect_t toast_bounds;
  graphene_point_t top, in_window;
  int wx, wy;

  g_file_get_contents (config, &text, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 300; i++)
    g_string_append_printf (longer, "# padding line %u\n", i + 1);
  g_string_append (longer, text);
  g_file_set_contents (config, longer->str, -1, &error);
  g_assert_no_error (error);
  window = open_window_at (dir);
  problems = child (window, "problems_view");
  view = GTK_TEXT_VIEW (
      gtk_widget_get_template_child (GTK_WIDGET (problems), RC_TYPE_PROBLEMS_VIEW, "source_view"));
  buffer = gtk_text_view_get_buffer (view);
  show_page (window, "problems");
  rc_window_add_toast (window, "A toast at the bottom of the window");
  rc_problems_view_select (problems, 0);
  /* The scroll is animated and layout is idle work: on a loaded machine it can take well over
   * a fixed half second, so wait (bounded) until the view has come to rest on the line. */
  for (guint waited = 0; waited < 15000; waited += 100)
    {
      rc_test_spin (100);
      gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
      gtk_text_view_get_visible_rect (view, &visible);
      gtk_text_view_get_iter_location (view, &cursor, &line);
      if (waited >= 400 && line.y >= visible.y
          && line.y + line.height <= visible.y + visible.height)
        break;
    }
  rc_test_spin (200);
  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  g_assert_cmpint (gtk_text_iter_get_line (&cursor), >=, 300);
  gtk_text_view_get_visible_rect (view, &visible);
  gtk_text_view_get_iter_location (view, &cursor, &line);
  g_test_message ("line at y %d, visible %d..%d", line.y, visible.y, visible.y + visible.height);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "problem-jump-toast");
  /* In view, in the upper part of the view (not at its bottom edge). */
  g_assert_cmpint (line.y, >=, visible.y);
  g_assert_cmpint (line.y + line.height, <=, visible.y + visible.height);
  g_assert_cmpfloat ((double) (line.y - visible.y) / visible.height, <, 0.45);
  /* Clear of the toast. */
  toast = find_toast (GTK_WIDGET (window));
  g_assert_nonnull (toast);
  g_assert_true (gtk_widget_compute_bounds (toast, GTK_WIDGET (window), &toast_bounds));
  gtk_text_view_buffer_to_window_coords (view, GTK_TEXT_WINDOW_WIDGET, line.x, line.y + line.height,
                                         &wx, &wy);
  top = GRAPHENE_POINT_INIT (wx, wy);
  g_assert_true (
      gtk_widget_compute_point (GTK_WIDGET (view), GTK_WIDGET (window), &top, &in_window));
  g_test_message ("line bottom at window y %.0f, toast from %.0f", in_window.y,
                  toast_bounds.origin.y);
  g_assert_cmpfloat (in_window.y, <, toast_bounds.origin.y);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_revalidates_on_change (void)
{
  g_autofree char *dir = copy_fixture ("tests/fixtures/ui/broken");
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);
  g_autoptr (GFile) folder = g_file_new_for_path (dir);
  g_autofree char *text = NULL;
  g_autofree char *fixed = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RcProblem) before = NULL;
  g_autoptr (RcProblem) after = NULL;
  RcWindow *window = rc_window_new (app);
  RcProblemsView *problems = child (window, "problems_view");
  gboolean loaded = FALSE;
  gulong id;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 820);
  gtk_window_present (GTK_WINDOW (window));
  id = g_signal_connect_swapped (window, "notify::community", G_CALLBACK (set_true), &loaded);
  rc_window_open_folder (window, folder);
  g_assert_true (rc_test_wait_for (&loaded, 60));
  g_assert_cmpuint (g_list_model_get_n_items (rc_problems_view_get_problems (problems)), ==, 3);
  /* Select the second problem (colour, line 17), then fix the first one in an "editor". */
  rc_problems_view_select (problems, 1);
  before = rc_problems_view_dup_selected (problems);
  g_assert_nonnull (before);
  g_assert_cmpstr (rc_problem_get_diagnostic (before)->path, ==, "runtime.python.colour");

  g_file_get_contents (config, &text, NULL, &error);
  g_assert_no_error (error);
  {
    g_auto (GStrv) parts = g_strsplit (text, "preload_on: sometimes", 2);

    g_assert_cmpuint (g_strv_length (parts), ==, 2);
    fixed = g_strjoinv ("preload_on: first_message", parts);
  }
  loaded = FALSE;
  g_file_set_contents (config, fixed, -1, &error);
  g_assert_no_error (error);
  /* The watch debounces, then revalidates: well within a second on an idle machine. */
  g_assert_true (rc_test_wait_for (&loaded, 10));
  g_signal_handler_disconnect (window, id);
  g_assert_cmpuint (g_list_model_get_n_items (rc_problems_view_get_problems (problems)), ==, 2);
  after = rc_problems_view_dup_selected (problems);
  g_assert_nonnull (after);
  g_assert_true (rc_problem_equal (before, after));
  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (config);
  g_rmdir (dir);
  {
    g_autofree char *root = g_path_get_dirname (dir);

    g_rmdir (root);
  }
}

static void
test_window_checkout_lists_communities (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("rc-checkout-XXXXXX", &error);
  g_autofree char *demo = g_build_filename (root, "src", "assistants", "demo", NULL);
  g_autofree char *config = g_build_filename (demo, "config.yaml", NULL);
  g_autoptr (GFile) checkout = NULL;
  g_autofree char *shot = NULL;
  RcWindow *window;
  GtkStack *stack;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (demo, 0755), ==, 0);
  g_file_set_contents (config, "id: demo\n", -1, &error);
  g_assert_no_error (error);
  checkout = g_file_new_for_path (root);
  window = rc_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  gtk_window_present (GTK_WINDOW (window));
  rc_window_open_folder (window, checkout);
  stack = child (window, "main_stack");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "picker");
  g_assert_null (rc_window_get_community (window));
  rc_test_spin (300);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "checkout-picker");
  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (config);
  g_rmdir (demo);
}

static void
test_window_overlay_problem_opens_json (void)
{
  RcWindow *window = open_window ("tests/fixtures/ui/bad-overlay");
  RcProblemsView *problems = child (window, "problems_view");
  GListModel *model = rc_problems_view_get_problems (problems);
  GtkSourceBuffer *buffer = rc_problems_view_get_buffer (problems);
  GtkSourceLanguage *language;
  g_autoptr (GSList) marks = NULL;
  GtkTextIter cursor;
  g_autofree char *shot = NULL;
  guint index = G_MAXUINT;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (RcProblem) p = g_list_model_get_item (model, i);

      if (g_strcmp0 (rc_problem_get_diagnostic (p)->path, "packages.demo-helpers.colour") == 0)
        index = i;
    }
  g_assert_cmpuint (index, !=, G_MAXUINT);
  rc_problems_view_select (problems, index);
  rc_test_spin (200);
  /* The source view switched to the overlay, highlighted as JSON, marked and at the key. */
  g_assert_cmpstr (rc_problems_view_get_shown_file (problems), ==,
                   "runtime/bad-overlay-pyodide-lock.json");
  language = gtk_source_buffer_get_language (buffer);
  g_assert_nonnull (language);
  g_assert_cmpstr (gtk_source_language_get_id (language), ==, "json");
  marks = gtk_source_buffer_get_source_marks_at_line (buffer, 11, "error");
  g_assert_nonnull (marks);
  gtk_text_buffer_get_iter_at_mark (GTK_TEXT_BUFFER (buffer), &cursor,
                                    gtk_text_buffer_get_insert (GTK_TEXT_BUFFER (buffer)));
  g_assert_cmpint (gtk_text_iter_get_line (&cursor), ==, 11);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "overlay-problem");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_drop_opens_folder (void)
{
  g_autofree char *path =
      g_build_filename (g_getenv ("RC_SOURCE_DIR"), "data", "examples", "demo", NULL);
  g_autoptr (GListModel) controllers = NULL;
  g_autoptr (GSList) files = NULL;
  g_auto (GValue) value = G_VALUE_INIT;
  GtkDropTarget *target = NULL;
  RcWindow *window = rc_window_new (app);
  gboolean loaded = FALSE, accepted = FALSE;

  gtk_window_present (GTK_WINDOW (window));
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);
  /* What a file manager's drop delivers: a GdkFileList. */
  files = g_slist_prepend (NULL, g_file_new_for_path (path));
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_slist_free_full (g_steal_pointer (&files), g_object_unref);
  g_signal_connect_swapped (window, "notify::community", G_CALLBACK (set_true), &loaded);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_assert_true (accepted);
  g_assert_true (rc_test_wait_for (&loaded, 60));
  g_assert_cmpstr (rc_community_get_id (rc_window_get_community (window)), ==, "demo");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_shortcuts_and_accels (void)
{
  RcWindow *window = rc_window_new (app);
  GtkShortcutsWindow *overlay;
  g_auto (GStrv) boot = NULL;
  g_auto (GStrv) open = NULL;
  g_autofree char *shot = NULL;
  GLogLevelFlags fatal;
  GtkWidget *about = NULL;
  g_autoptr (GList) toplevels = NULL;

  gtk_window_present (GTK_WINDOW (window));
  /* help-overlay.ui is found under the application's resource base path. */
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  boot = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "boot.cold");
  open = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.open");
  g_assert_cmpstr (boot[0], ==, "<Control>b");
  g_assert_cmpstr (open[0], ==, "<Control>o");
  gtk_window_set_default_size (GTK_WINDOW (overlay), 1100, 720);
  /* GTK 4.8's GtkShortcutsWindow measures one of its own labels at -3 px and warns; that is
   * GTK's layout, not this window's: only criticals stay fatal while it is shown. */
  fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_action_group_activate_action (G_ACTION_GROUP (app), "shortcuts", NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  rc_test_spin (300);
  shot = rc_test_save_screenshot (GTK_WIDGET (overlay), "shortcuts");
  gtk_window_destroy (GTK_WINDOW (overlay));
  g_log_set_always_fatal (fatal);

  /* The about window names the app, its version and the engine it embeds. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  rc_test_spin (300);
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_ABOUT_WINDOW (l->data))
      about = l->data;
  g_assert_nonnull (about);
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (about, "about");
  gtk_window_destroy (GTK_WINDOW (about));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Activates boot.@action as the window's menu does and waits for the plan to end; returns a
 * copy of the report's last run. */
static RcRunRecord *
boot_and_wait (RcWindow *window, const char *action, double seconds)
{
  RcBootPane *pane = child (window, "boot_pane");
  GActionGroup *actions = rc_boot_pane_get_actions (pane);
  const RcMeasurement *report;
  gboolean finished = FALSE;
  gulong id = g_signal_connect_swapped (pane, "plan-finished", G_CALLBACK (set_true), &finished);

  g_assert_true (g_action_group_get_action_enabled (actions, strchr (action, '.') + 1));
  /* Through the window, as its menu and shortcuts reach the page's group. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  g_assert_true (rc_test_wait_for (&finished, seconds));
  g_signal_handler_disconnect (pane, id);
  report = rc_boot_pane_get_report (pane);
  g_assert_nonnull (report);
  g_assert_cmpuint (report->runs->len, >, 0);
  rc_test_spin (300);
  return rc_run_record_copy (g_ptr_array_index (report->runs, report->runs->len - 1));
}

static void
console_finished_cb (RcPythonConsole *console, JsonObject *result, gboolean *done)
{
  *done = TRUE;
}

static void
test_window_boot_cold_ready (void)
{
  RcWindow *window = open_window ("data/examples/demo");
  RcBootPane *pane = child (window, "boot_pane");
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

  g_assert_true (rc_boot_pane_select_preset (pane, "nemarlike"));
  show_page (window, "boot");
  record = boot_and_wait (window, "boot.cold", 150);
  g_test_message ("outcome: %s", record->outcome.message);
  /* The screenshot comes first so a failing boot leaves one to look at. */
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "boot-cold");
  g_clear_pointer (&shot, g_free);
  g_assert_cmpint (record->outcome.state, ==, RC_OUTCOME_READY);
  /* The step table filled: one row per boot step the worker announced. */
  g_assert_cmpuint (record->steps->len, >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (rc_boot_pane_get_steps (pane)), ==,
                    record->steps->len);

  /* The Python console runs code in the sealed runtime. */
  console = RC_PYTHON_CONSOLE (
      gtk_widget_get_template_child (GTK_WIDGET (pane), RC_TYPE_BOOT_PANE, "python_console"));
  g_signal_connect (console, "finished", G_CALLBACK (console_finished_cb), &done);
  rc_python_console_run (console, "print(6 * 7)\n");
  g_assert_true (rc_test_wait_for (&done, 60));
  g_assert_cmpstr (rc_python_console_get_status (console), ==, "ok");
  gtk_stack_set_visible_child_name (GTK_STACK (gtk_widget_get_template_child (
                                        GTK_WIDGET (pane), RC_TYPE_BOOT_PANE, "results_stack")),
                                    "python");
  rc_test_spin (300);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "boot-python");
  g_clear_pointer (&shot, g_free);

  /* The seal audit: every sealed import is denied with its reason and egress outside
   * fetch_allow is refused. nemarlike's connect-src does not list the demo's data host, so
   * the fetch_allow probe fails, from the policy analysis. */
  g_signal_connect_swapped (pane, "audit-finished", G_CALLBACK (set_true), &audited);
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
  warm = boot_and_wait (window, "boot.warm", 150);
  g_assert_cmpint (warm->scenario, ==, RC_SCENARIO_WARM);
  g_assert_cmpint (warm->outcome.state, ==, RC_OUTCOME_READY);
  charts = RC_CHARTS_VIEW (
      gtk_widget_get_template_child (GTK_WIDGET (pane), RC_TYPE_BOOT_PANE, "charts"));
  timeline = rc_chart_get_model (rc_charts_view_get_chart (charts, RC_CHART_TIMELINE));
  g_assert_null (timeline->empty_text);
  /* One bar per step for each run: cold in the cold colour, warm in the warm one. */
  g_assert_cmpuint (
      rc_chart_model_count_marks (timeline, RC_CHART_MARK_BAR, RC_CHART_ROLE_SERIES_0), >=,
      record->steps->len);
  g_assert_cmpuint (
      rc_chart_model_count_marks (timeline, RC_CHART_MARK_BAR, RC_CHART_ROLE_SERIES_1), >=,
      warm->steps->len);
  gtk_stack_set_visible_child_name (GTK_STACK (gtk_widget_get_template_child (
                                        GTK_WIDGET (pane), RC_TYPE_BOOT_PANE, "results_stack")),
                                    "steps");
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
  id = g_signal_connect_swapped (window, "notify::community", G_CALLBACK (set_true), &revalidated);
  g_action_group_activate_action (G_ACTION_GROUP (window), "revalidate", NULL);
  g_assert_true (rc_test_wait_for (&revalidated, 60));
  g_signal_handler_disconnect (window, id);
  g_assert_cmpint (rc_engine_get_state (rc_boot_pane_get_engine (pane)), ==, RC_ENGINE_STATE_READY);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void wait_community (RcWindow *window, double seconds);

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
  RcWindow *window = open_window ("data/examples/demo");
  RcBootPane *pane = child (window, "boot_pane");
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
  /* control hangs in loadPyodide until the deadline: keep it short. */
  g_settings_set_uint (settings, "deadline", 20);
  show_page (window, "boot");
  /* Live network, as `boot --live`: said in the status before any boot (checked without one:
   * this machine may be offline). */
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (window), "boot.set-distribution", "s", "live"));
  wait_community (window, 60);
  g_assert_nonnull (strstr (rc_boot_pane_get_distribution_text (pane), "Live network"));
  /* A Pyodide release folder, as `boot --distribution DIR`: the community is loaded against
   * its lock, the server serves it and the record says so. */
  dist = make_distribution_copy ();
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (window), "boot.set-distribution", "s", dist));
  wait_community (window, 60);
  g_assert_cmpstr (rc_community_get_distribution_dir (rc_window_get_community (window)), ==, dist);
  g_assert_nonnull (strstr (rc_boot_pane_get_distribution_text (pane), dist));
  record = boot_and_wait (window, "boot.cold", 90);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "boot-control");
  g_assert_cmpstr (record->env.distribution, ==, dist);
  /* Served from there: the boot got as far as the control policy lets it, past the lock. */
  g_assert_cmpstr (record->outcome.kind, !=, "lock");
  g_assert_nonnull (record->env.distribution_lock_sha256);
  g_assert_nonnull (strstr (rc_boot_pane_get_distribution_text (pane), dist));
  g_assert_cmpint (record->outcome.state, ==, RC_OUTCOME_FAILED);
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

static char *
copy_tree (const char *relative)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *src = g_build_filename (g_getenv ("RC_SOURCE_DIR"), relative, NULL);
  g_autofree char *root = g_dir_make_tmp ("rc-window-XXXXXX", &error);
  g_autofree char *name = g_path_get_basename (relative);
  char *dir = g_build_filename (root, name, NULL);
  const char *argv[] = { "cp", "-r", src, dir, NULL };
  int status = -1;

  g_assert_no_error (error);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status,
                &error);
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  return dir;
}

static void
wait_community (RcWindow *window, double seconds)
{
  gboolean loaded = FALSE;
  gulong id =
      g_signal_connect_swapped (window, "notify::community", G_CALLBACK (set_true), &loaded);

  g_assert_true (rc_test_wait_for (&loaded, seconds));
  g_signal_handler_disconnect (window, id);
  rc_test_spin (200);
}

/* A config.yaml that does not parse, then the fix: the Boot page says what is true each time. */
static void
test_window_status_after_parse_fix (void)
{
  g_autofree char *dir = copy_tree ("data/examples/demo");
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);
  g_autoptr (GFile) folder = g_file_new_for_path (dir);
  g_autofree char *good = NULL, *status = NULL, *shot = NULL;
  g_autoptr (GError) error = NULL;
  RcWindow *window = rc_window_new (app);
  RcBootPane *pane = child (window, "boot_pane");
  GActionGroup *actions = rc_boot_pane_get_actions (pane);

  g_file_get_contents (config, &good, NULL, &error);
  g_assert_no_error (error);
  g_file_set_contents (config, "id: demo\nruntime: [python, {\n", -1, &error);
  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 820);
  gtk_window_present (GTK_WINDOW (window));
  rc_window_open_folder (window, folder);
  wait_community (window, 60);
  show_page (window, "boot");
  status = rc_boot_pane_dup_outcome_text (pane);
  g_test_message ("status with a parse error: %s", status);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "status-parse-error");
  g_assert_null (strstr (status, "Ready to boot"));
  g_assert_nonnull (strstr (status, "Problems page"));
  g_assert_false (g_action_group_get_action_enabled (actions, "cold"));

  g_file_set_contents (config, good, -1, &error);
  g_assert_no_error (error);
  wait_community (window, 30);
  g_clear_pointer (&status, g_free);
  status = rc_boot_pane_dup_outcome_text (pane);
  g_test_message ("status after the fix: %s", status);
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "status-fixed");
  g_assert_nonnull (strstr (status, "Ready to boot"));
  g_assert_true (g_action_group_get_action_enabled (actions, "cold"));
  gtk_window_destroy (GTK_WINDOW (window));
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

static gboolean
any_cell_is (GListModel *model, guint column, const char *text)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (RcTableItem) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (rc_table_item_get_cell (item, column), text) == 0)
        return TRUE;
    }
  return FALSE;
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

static void
python_done_cb (RcPythonConsole *console, JsonObject *result, gboolean *done)
{
  *done = TRUE;
}

/* Cold + Warm through the runner, the report, exports, Stop in the console, an audit refused
 * while code runs, then another community: nothing of the first stays. */
static void
test_window_cold_warm_report (void)
{
  static const char *const ids[] = { "cold-1", "warm-1", NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("rc-report-XXXXXX", &error);
  g_autofree char *json_path = g_build_filename (tmp, "window.json", NULL);
  g_autofree char *cli_path = g_build_filename (tmp, "measure.json", NULL);
  g_autofree char *demo = g_build_filename (g_getenv ("RC_SOURCE_DIR"), "data/examples/demo", NULL);
  g_autofree char *shot = NULL, *outcome = NULL;
  g_autoptr (JsonNode) ours = NULL, theirs = NULL;
  g_autoptr (RcRunRecord) last = NULL;
  RcWindow *window = open_window ("data/examples/demo");
  RcBootPane *pane = child (window, "boot_pane");
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  RcPythonConsole *console = RC_PYTHON_CONSOLE (
      gtk_widget_get_template_child (GTK_WIDGET (pane), RC_TYPE_BOOT_PANE, "python_console"));
  GtkStack *results = GTK_STACK (
      gtk_widget_get_template_child (GTK_WIDGET (pane), RC_TYPE_BOOT_PANE, "results_stack"));
  const RcMeasurement *report;
  gboolean done = FALSE, recycled = FALSE;
  gint64 stopped_at;
  gulong id;

  g_assert_no_error (error);
  g_assert_true (rc_boot_pane_select_preset (pane, "nemarlike"));
  show_page (window, "boot");
  /* With the control boot on, as `measure` runs it: it must time out and say so. */
  g_settings_set_boolean (settings, "control-boot", TRUE);
  g_assert_cmpstr (rc_boot_pane_get_control_text (pane), ==, "");
  last = boot_and_wait (window, "boot.cold-warm", 300);
  g_settings_reset (settings, "control-boot");
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "cold-warm-steps");
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
  g_assert_true (g_str_has_prefix (rc_boot_pane_get_control_text (pane),
                                   "Control held: did not boot under nemarlike"));
  g_assert_nonnull (strstr (rc_boot_pane_get_control_text (pane), "within "));
  /* The step table shows both runs side by side: every row has a cold and a warm time. */
  g_assert_cmpuint (g_list_model_get_n_items (rc_boot_pane_get_steps (pane)), >, 0);
  g_assert_false (any_cell_is (rc_boot_pane_get_steps (pane), 2, "–"));
  g_assert_false (any_cell_is (rc_boot_pane_get_steps (pane), 3, "–"));
  /* A click on a chart mark selects its step in the table (the mark's ::step-activated,
   * forwarded by the charts view). */
  {
    RcChartsView *charts = RC_CHARTS_VIEW (
        gtk_widget_get_template_child (GTK_WIDGET (pane), RC_TYPE_BOOT_PANE, "charts"));
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
  g_assert_true (any_cell_is (rc_boot_pane_get_requests (pane), 1, "cache"));
  g_assert_true (any_cell_is (rc_boot_pane_get_requests (pane), 0, "pyodide.asm.wasm"));
  gtk_stack_set_visible_child_name (results, "requests");
  rc_test_spin (300);
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "cold-warm-requests");
  g_assert_true (rc_boot_pane_select_run (pane, "cold-1"));
  g_assert_true (any_cell_is (rc_boot_pane_get_requests (pane), 1, "network"));

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
  /* A saved report opens again as the same report. */
  {
    g_autoptr (GFile) file = g_file_new_for_path (json_path);

    g_assert_true (rc_boot_pane_open_report (pane, file, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (rc_boot_pane_get_report (pane)->runs->len, ==, 2);
    save_and_check (pane, tmp, RC_EXPORT_JSON, "reopened.json");
  }

  /* The control boot was the engine's last: it left no runtime to work in. Boot warm. */
  g_clear_pointer (&last, rc_run_record_free);
  last = boot_and_wait (window, "boot.warm", 150);
  g_assert_cmpint (last->outcome.state, ==, RC_OUTCOME_READY);

  /* A loop that never ends: the audit refuses to start, Stop ends it within 2 s, and the
   * runtime boots warm again so Run works. */
  gtk_stack_set_visible_child_name (results, "python");
  g_signal_connect (console, "finished", G_CALLBACK (python_done_cb), &done);
  id = g_signal_connect_swapped (pane, "plan-finished", G_CALLBACK (set_true), &recycled);
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
    wait_community (window, 60);
  }
  show_page (window, "boot");
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
}

/* Every control within reach at 800×600: the settings fold into a flap. */
static void
test_window_small (void)
{
  static const char *const actions[] = { "cold", "warm", "cold-warm",  "runs",
                                         "stop", "save", "open-report" };
  RcWindow *window = open_window ("data/examples/demo");
  RcBootPane *pane = child (window, "boot_pane");
  AdwFlap *flap =
      ADW_FLAP (gtk_widget_get_template_child (GTK_WIDGET (pane), RC_TYPE_BOOT_PANE, "flap"));
  GtkWidget *toggle = (GtkWidget *) gtk_widget_get_template_child (
      GTK_WIDGET (pane), RC_TYPE_BOOT_PANE, "flap_toggle");
  g_autofree char *shot = NULL;
  int min_w, min_h;

  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL,
                      NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, 800, &min_h, NULL, NULL, NULL);
  g_test_message ("minimum %d × %d", min_w, min_h);
  g_assert_cmpint (min_w, <=, 800);
  g_assert_cmpint (min_h, <=, 600);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  show_page (window, "boot");
  rc_test_spin (500);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 800);
  g_assert_true (adw_flap_get_folded (flap));
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "small-boot");
  /* Each boot button is shown, inside the window, with nothing cut off. */
  for (GtkWidget *w = gtk_widget_get_first_child (gtk_widget_get_parent (toggle)); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    {
      graphene_rect_t bounds;

      g_assert_true (gtk_widget_get_mapped (w));
      g_assert_true (gtk_widget_compute_bounds (w, GTK_WIDGET (window), &bounds));
      g_assert_cmpfloat (bounds.origin.x, >=, 0);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=,
                         gtk_widget_get_width (GTK_WIDGET (window)));
    }
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    g_assert_true (g_action_group_has_action (rc_boot_pane_get_actions (pane), actions[i]));
  /* The settings are one click away, in the flap. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  rc_test_spin (600);
  g_assert_true (adw_flap_get_reveal_flap (flap));
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "small-flap");
  gtk_window_destroy (GTK_WINDOW (window));
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

  g_test_add_func ("/ui/window/demo-no-problems", test_window_demo_has_no_problems);
  g_test_add_func ("/ui/window/broken-problems", test_window_broken_problems_at_lines);
  g_test_add_func ("/ui/window/problem-jump-toast", test_window_problem_jump_clear_of_toast);
  g_test_add_func ("/ui/window/overlay-problem", test_window_overlay_problem_opens_json);
  g_test_add_func ("/ui/window/revalidate-on-change", test_window_revalidates_on_change);
  g_test_add_func ("/ui/window/shortcuts", test_window_shortcuts_and_accels);
  g_test_add_func ("/ui/window/drop", test_window_drop_opens_folder);
  g_test_add_func ("/ui/window/checkout", test_window_checkout_lists_communities);
  g_test_add_func ("/ui/window/boot-cold", test_window_boot_cold_ready);
  g_test_add_func ("/ui/window/boot-control", test_window_boot_control_fails);
  g_test_add_func ("/ui/window/status-after-parse-fix", test_window_status_after_parse_fix);
  g_test_add_func ("/ui/window/cold-warm-report", test_window_cold_warm_report);
  g_test_add_func ("/ui/window/small", test_window_small);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
