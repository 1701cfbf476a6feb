/* test-window-engines.c: the Boot page's Engine choice (issue 13). Chromium picked in the
 * sidebar's Engine row boots the demo headless (Cold + Warm with the control boot, then the
 * Python console), the Host Page area saying so; an engine that is not installed is shown as
 * such with how to install it, and nothing boots in its place; a report of three engines gets
 * a row or lane per engine in the charts, whose figures fit at the default 1280 px window.
 * Screenshots go to _build/tests/screenshots/engine-*.png. Under xvfb-run.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "core/chart/rc-chart-engines.h"
#include "core/export/rc-export-text.h"
#include "rc-test-files.h"
#include "rc-test-records.h"
#include "rc-test-ui.h"
#include "rc-test-window.h"
#include "ui/rc-boot-settings.h"
#include "ui/rc-chart-paint.h"

static AdwComboRow *
engine_row (RcBootPane *pane)
{
  GtkWidget *settings = rc_test_pane_child (pane, "boot_settings");
  gpointer row = gtk_widget_get_template_child (settings, RC_TYPE_BOOT_SETTINGS, "engine_row");

  g_assert_nonnull (row);
  return ADW_COMBO_ROW (row);
}

static char *
row_item (AdwComboRow *row, guint i)
{
  return g_strdup (gtk_string_list_get_string (GTK_STRING_LIST (adw_combo_row_get_model (row)), i));
}

/* Waits until the row's item @i reads @text (the engines are probed in a thread). */
static void
wait_item (AdwComboRow *row, guint i, const char *text)
{
  for (guint n = 0; n < 300; n++)
    {
      g_autofree char *item = row_item (row, i);

      if (g_str_equal (item, text))
        return;
      rc_test_spin (50);
    }
  {
    g_autofree char *item = row_item (row, i);

    g_error ("the Engine row's item %u is “%s”, not “%s”", i, item, text);
  }
}

static char *
action_state (RcBootPane *pane)
{
  g_autoptr (GVariant) state =
      g_action_group_get_action_state (rc_boot_pane_get_actions (pane), "engine");

  g_assert_nonnull (state);
  return g_variant_dup_string (state, NULL);
}

static void assert_figures_fit (RcChart *chart, const char *what);

static void
require_chromium (void)
{
  g_autofree char *path = g_find_program_in_path ("chromium");

  if (path == NULL)
    g_error ("Chromium is not installed (no “chromium” in PATH): run tools/setup.sh, which "
             "installs it");
}

/* Chromium picked in the Engine row: Cold + Warm with the control boot, all headless in it, the
 * Host Page area saying so, then the console in the same runtime. */
static void
test_window_engine_chromium (void)
{
  RcWindow *window;
  RcBootPane *pane;
  AdwComboRow *row;
  GtkStack *page_stack;
  GtkExpander *expander;
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (RcRunRecord) last = NULL;
  g_autofree char *state = NULL, *shot = NULL;
  const RcMeasurement *report;
  RcPythonConsole *console;
  gboolean done = FALSE;

  require_chromium ();
  window = rc_test_open_window ("data/examples/demo");
  pane = rc_test_window_child (window, "boot_pane");
  row = engine_row (pane);
  page_stack = rc_test_pane_child (pane, "page_stack");
  expander = rc_test_pane_child (pane, "page_expander");
  g_assert_true (rc_boot_pane_select_preset (pane, "nemarlike"));
  rc_test_show_page (window, "boot");
  /* WebKit by default, in the view; every engine listed, installed ones as such. */
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (page_stack), ==, "view");
  wait_item (row, 0, "WebKit");
  wait_item (row, 1, "Chromium");

  adw_combo_row_set_selected (row, 1);
  rc_test_spin (200);
  /* The choice is the setting, and the stateful boot.engine action shows it. */
  g_assert_cmpint (g_settings_get_enum (settings, "engine"), ==, RC_ENGINE_KIND_CHROMIUM);
  state = action_state (pane);
  g_assert_cmpstr (state, ==, "chromium");
  g_assert_cmpint (rc_engine_get_engine_kind (rc_boot_pane_get_engine (pane)), ==,
                   RC_ENGINE_KIND_CHROMIUM);
  g_test_message ("engine row: %s", adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
  g_assert_true (
      g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Chromium 1"));
  /* Where the WebKit view was: what runs instead, also on the collapsed expander. */
  g_assert_cmpstr (gtk_stack_get_visible_child_name (page_stack), ==, "headless");
  {
    AdwStatusPage *headless = rc_test_pane_child (pane, "headless_page");
    const char *title = adw_status_page_get_title (headless);

    g_test_message ("host page: %s", title);
    g_assert_true (g_str_has_prefix (title, "Chromium 1"));
    g_assert_true (g_str_has_suffix (title, " runs headless"));
    g_assert_nonnull (strstr (gtk_expander_get_label (expander), "Chromium"));
  }
  g_assert_false (g_action_group_get_action_enabled (rc_boot_pane_get_actions (pane), "inspector"));
  gtk_expander_set_expanded (expander, TRUE);
  rc_test_spin (300);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "engine-chromium-chosen");

  /* Cold + Warm with the control boot: every boot in Chromium. */
  g_settings_set_boolean (settings, "control-boot", TRUE);
  last = rc_test_boot_and_wait (window, "boot.cold-warm", 400);
  g_settings_reset (settings, "control-boot");
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "engine-chromium-booted");
  report = rc_boot_pane_get_report (pane);
  g_assert_cmpuint (report->runs->len, ==, 2);
  for (guint i = 0; i < report->runs->len; i++)
    {
      const RcRunRecord *run = g_ptr_array_index (report->runs, i);

      g_test_message ("%s: %s in %s %s", run->run_id,
                      run->outcome.message != NULL ? run->outcome.message : "ready",
                      run->env.engine, run->env.engine_version);
      g_assert_cmpint (run->outcome.state, ==, RC_OUTCOME_READY);
      g_assert_cmpstr (run->env.engine, ==, "chromium");
      g_assert_true (g_str_has_prefix (run->env.engine_version, "1"));
    }
  g_assert_cmpuint (g_list_model_get_n_items (rc_boot_pane_get_steps (pane)), >, 0);
  /* With the step table of two runs under it, the timeline still fits the page at 1280 px. */
  rc_test_set_results_page (pane, "steps");
  rc_charts_view_show (rc_test_find_charts (pane), RC_CHART_TIMELINE);
  rc_test_spin (300);
  assert_figures_fit (rc_charts_view_get_chart (rc_test_find_charts (pane), RC_CHART_TIMELINE),
                      "after Chromium's boots");
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "engine-chromium-steps");
  /* The control boot is Chromium's too, and it must not boot. */
  g_assert_nonnull (report->control);
  g_assert_nonnull (report->control->run);
  g_assert_cmpstr (report->control->run->env.engine, ==, "chromium");
  g_assert_false (rc_control_booted (report->control));
  /* Chromium's warm boot took the interpreter from its cache. */
  g_assert_true (rc_boot_pane_select_run (pane, "warm-1"));
  g_assert_true (rc_test_any_cell_is (rc_boot_pane_get_requests (pane), 1, "cache"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (page_stack), ==, "headless");

  /* The console runs in the runtime Chromium booted. */
  console = rc_test_find_console (pane);
  g_signal_connect (console, "finished", G_CALLBACK (rc_test_set_done_cb), &done);
  rc_python_console_run (console, "print(6 * 7)\n");
  g_assert_true (rc_test_wait_for (&done, 60));
  g_assert_cmpstr (rc_python_console_get_status (console), ==, "ok");
  rc_test_set_results_page (pane, "python");
  rc_test_spin (300);
  g_clear_pointer (&shot, g_free);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "engine-chromium-python");

  /* Back to WebKit through the action: the row follows, the view is back. */
  g_action_group_change_action_state (rc_boot_pane_get_actions (pane), "engine",
                                      g_variant_new_string ("webkit"));
  rc_test_spin (200);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);
  g_assert_cmpint (rc_engine_get_engine_kind (rc_boot_pane_get_engine (pane)), ==,
                   RC_ENGINE_KIND_WEBKIT);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (page_stack), ==, "view");
  g_assert_cmpstr (gtk_expander_get_label (expander), ==, "Host Page");
  g_assert_true (g_action_group_get_action_enabled (rc_boot_pane_get_actions (pane), "inspector"));
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "engine");
}

/* Without the browsers in PATH: listed as not installed, the choice says how to install it, the
 * status too, and no boot starts (none in WebKit instead). */
static void
test_window_engine_missing (void)
{
  g_autofree char *path = g_strdup (g_getenv ("PATH"));
  g_autofree char *empty = g_dir_make_tmp ("rc-test-path-XXXXXX", NULL);
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  GActionGroup *actions;
  RcWindow *window;
  RcBootPane *pane;
  AdwComboRow *row;
  g_autofree char *status = NULL, *shot = NULL;
  const char *subtitle;

  /* Before the window: the engines are probed when its sidebar is made. */
  g_setenv ("PATH", empty, TRUE);
  window = rc_test_open_window ("data/examples/demo");
  pane = rc_test_window_child (window, "boot_pane");
  actions = rc_boot_pane_get_actions (pane);
  row = engine_row (pane);
  rc_test_show_page (window, "boot");
  wait_item (row, 1, "Chromium (missing)");
  wait_item (row, 2, "Firefox (missing)");
  g_assert_true (g_action_group_get_action_enabled (actions, "cold"));

  g_action_group_change_action_state (actions, "engine", g_variant_new_string ("chromium"));
  rc_test_spin (200);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 1);
  subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
  g_test_message ("engine row: %s", subtitle);
  g_assert_nonnull (strstr (subtitle, "apt-get install chromium"));
  g_assert_nonnull (strstr (subtitle, "tools/setup.sh"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "error"));
  status = rc_boot_pane_dup_outcome_text (pane);
  g_test_message ("status: %s", status);
  g_assert_nonnull (strstr (status, "tools/setup.sh"));
  /* Nothing boots rather than WebKit in Chromium's place. */
  g_assert_false (g_action_group_get_action_enabled (actions, "cold"));
  g_assert_false (g_action_group_get_action_enabled (actions, "cold-warm"));
  g_assert_false (g_action_group_get_action_enabled (actions, "runs"));
  rc_test_spin (200);
  shot = rc_test_save_screenshot (GTK_WIDGET (window), "engine-missing");

  /* Firefox likewise names its packages. */
  g_action_group_change_action_state (actions, "engine", g_variant_new_string ("firefox"));
  rc_test_spin (200);
  g_assert_nonnull (
      strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "apt-get install firefox-esr"));
  g_assert_false (g_action_group_get_action_enabled (actions, "cold"));

  /* WebKit again: ready to boot. */
  g_action_group_change_action_state (actions, "engine", g_variant_new_string ("webkit"));
  rc_test_spin (200);
  g_assert_true (g_action_group_get_action_enabled (actions, "cold"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (row), "error"));
  g_clear_pointer (&status, g_free);
  status = rc_boot_pane_dup_outcome_text (pane);
  g_assert_nonnull (strstr (status, "Ready to boot"));
  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_spin (100);
  g_setenv ("PATH", path, TRUE);
  g_rmdir (empty);
  g_settings_reset (settings, "engine");
}

/* Every row's figure fits its column, and the column is inside what the page shows. */
static void
assert_figures_fit (RcChart *chart, const char *what)
{
  const RcChartModel *model = rc_chart_get_model (chart);
  PangoContext *pango = gtk_widget_get_pango_context (GTK_WIDGET (chart));
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (chart), GTK_TYPE_SCROLLED_WINDOW);
  RcChartGeometry g;
  graphene_rect_t bounds;

  rc_chart_geometry_compute_measured (model, gtk_widget_get_width (GTK_WIDGET (chart)),
                                      gtk_widget_get_height (GTK_WIDGET (chart)),
                                      rc_chart_legend_text_width, pango, &g);
  g_test_message ("%s: chart %.0f px wide, figures column %.0f px", what, g.width, g.values.width);
  for (guint r = 0; r < model->rows->len; r++)
    {
      const RcChartRow *row = g_ptr_array_index (model->rows, r);

      if (row->value != NULL && rc_chart_legend_text_width (row->value, pango) > g.values.width)
        g_error ("%s: row %s's figure “%s” is wider than its column (%.0f px)", what, row->label,
                 row->value, g.values.width);
    }
  /* The chart's right edge is inside the scrolled page, not beyond its right border. */
  g_assert_nonnull (scroller);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (chart), scroller, &bounds));
  g_test_message ("%s: chart ends at %.0f px of a %d px page", what,
                  bounds.origin.x + bounds.size.width, gtk_widget_get_width (scroller));
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (scroller));
}

static void
show_report (RcWindow *window, RcBootPane *pane, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_true (rc_boot_pane_open_report (pane, file, &error));
  g_assert_no_error (error);
  rc_test_show_page (window, "boot");
  rc_test_set_results_page (pane, "steps");
  rc_test_spin (300);
}

/* A report of three engines in the window's charts: a labelled row or lane per engine. The
 * timeline's figures fit at 1280 px, for it and for a report of one engine. */
static void
test_window_engine_charts (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("rc-engines-XXXXXX", &error);
  g_autofree char *path = g_build_filename (tmp, "three-engines.json", NULL);
  g_autofree char *one =
      g_build_filename (g_getenv ("RC_SOURCE_DIR"), "tests/fixtures/charts/demo-report.json", NULL);
  g_autoptr (RcMeasurement) three = rc_test_three_engines (1000);
  RcWindow *window = rc_test_open_window ("data/examples/demo");
  RcBootPane *pane = rc_test_window_child (window, "boot_pane");
  RcChartsView *charts = rc_test_find_charts (pane);
  static const char *const engines[] = { "WebKitGTK 2.50", "Chromium 156", "Firefox 153" };

  g_assert_no_error (error);
  g_assert_true (rc_measurement_write (three, RC_EXPORT_JSON, path, &error));
  g_assert_no_error (error);

  show_report (window, pane, one);
  rc_charts_view_show (charts, RC_CHART_TIMELINE);
  rc_test_spin (200);
  g_free (rc_test_save_screenshot (GTK_WIDGET (window), "engine-one-timeline-1280"));
  assert_figures_fit (rc_charts_view_get_chart (charts, RC_CHART_TIMELINE), "one engine");

  show_report (window, pane, path);
  for (RcChartKind k = RC_CHART_TIMELINE; k <= RC_CHART_RUNS; k++)
    {
      RcChart *chart = rc_charts_view_get_chart (charts, k);
      const RcChartModel *model = rc_chart_get_model (chart);
      g_autofree char *name = g_strdup_printf ("engine-three-%s", rc_chart_kind_to_string (k));
      guint labelled = 0;

      if (k == RC_CHART_HEAP)
        continue;
      rc_charts_view_show (charts, k);
      rc_test_spin (200);
      g_free (rc_test_save_screenshot (GTK_WIDGET (chart), name));
      g_assert_null (model->empty_text);
      for (guint e = 0; e < G_N_ELEMENTS (engines); e++)
        {
          gboolean found = FALSE;

          /* bytes and runs: a row per engine; the timeline: a lane per engine in its legend */
          for (guint r = 0; r < model->rows->len; r++)
            found |= g_str_equal (((RcChartRow *) model->rows->pdata[r])->label, engines[e]);
          for (guint i = 0; k == RC_CHART_TIMELINE && i < model->legend->len; i++)
            found |= g_str_has_prefix (((RcChartLegendItem *) model->legend->pdata[i])->label,
                                       engines[e]);
          labelled += found;
        }
      g_assert_cmpuint (labelled, ==, 3);
      if (k == RC_CHART_TIMELINE)
        assert_figures_fit (chart, "three engines");
    }
  g_free (rc_test_save_screenshot (GTK_WIDGET (window), "engine-three-window"));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (tmp);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  rc_test_app = rc_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (rc_test_app), NULL, &error));
  g_assert_no_error (error);
  g_test_add_func ("/ui/window/engine-missing", test_window_engine_missing);
  g_test_add_func ("/ui/window/engine-charts", test_window_engine_charts);
  g_test_add_func ("/ui/window/engine-chromium", test_window_engine_chromium);
  status = g_test_run ();
  g_clear_object (&rc_test_app);
  return status;
}
