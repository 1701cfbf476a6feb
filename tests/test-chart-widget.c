/* test-chart-widget.c: the charts on screen (no boot): the Boot page's charts view fed the
 * runs of the report fixture, every chart drawn by the window's renderer, the role colours
 * (looked up in libadwaita's style) at the centre of the marks the layout placed, light and
 * dark. Screenshots go to _build/tests/screenshots/widget-*.png. Under xvfb-run. */
#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "rc-test-ui.h"
#include "ui/rc-chart-paint.h"
#include "ui/rc-charts-view.h"

static RcMeasurement *
load_fixture (void)
{
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "charts", "demo-report.json", NULL);
  g_autoptr (GError) error = NULL;
  RcMeasurement *m = rc_measurement_load (path, &error);

  g_assert_no_error (error);
  return m;
}

static gboolean
close_to (const guint8 *p, const GdkRGBA *want)
{
  /* gdk_texture_download() gives CAIRO_FORMAT_ARGB32: B G R A on little-endian. */
  return abs (p[2] - (int) round (want->red * 255)) <= 4
         && abs (p[1] - (int) round (want->green * 255)) <= 4
         && abs (p[0] - (int) round (want->blue * 255)) <= 4;
}

static guint
check_screen (RcChart *chart, const char *name)
{
  g_autofree char *path = rc_test_save_screenshot (GTK_WIDGET (chart), name);
  g_autoptr (GdkTexture) texture = gdk_texture_new_from_filename (path, NULL);
  const RcChartModel *model = rc_chart_get_model (chart);
  const RcChartPalette *palette = rc_chart_get_palette (chart);
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guint8 *data = g_malloc (width * height * 4);
  RcChartGeometry g;
  guint checked = 0;

  g_assert_cmpint (width, ==, gtk_widget_get_width (GTK_WIDGET (chart)));
  gdk_texture_download (texture, data, width * 4);
  rc_chart_geometry_compute_measured (model, width, height, rc_chart_legend_text_width,
                                      gtk_widget_get_pango_context (GTK_WIDGET (chart)), &g);
  for (guint i = 0; i < model->marks->len; i++)
    {
      const RcChartMark *mark = &g_array_index (model->marks, RcChartMark, i);
      RcChartRect r = rc_chart_geometry_mark_rect (&g, model, mark);
      int x = (int) floor (r.x + r.width / 2), y = (int) floor (r.y + r.height / 2);
      gboolean covered = FALSE;

      if ((mark->shape != RC_CHART_MARK_BAR && mark->shape != RC_CHART_MARK_DOT) || r.width < 3
          || r.height < 3)
        continue;
      for (guint j = i + 1; j < model->marks->len && !covered; j++)
        {
          RcChartRect o = rc_chart_geometry_mark_rect (
              &g, model, &g_array_index (model->marks, RcChartMark, j));

          covered =
              x >= o.x - 1 && x <= o.x + o.width + 1 && y >= o.y - 1 && y <= o.y + o.height + 1;
        }
      if (covered)
        continue;
      if (!close_to (data + (y * width + x) * 4, &palette->roles[mark->role]))
        g_error ("%s: mark %u at %d,%d is not its role's colour", name, i, x, y);
      checked++;
    }
  return checked;
}

static void
test_charts_view (void)
{
  g_autoptr (RcMeasurement) report = load_fixture ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  RcChartsView *view = RC_CHARTS_VIEW (rc_charts_view_new ());
  AdwStyleManager *style = adw_style_manager_get_default ();

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 900);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (view));
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_present (GTK_WINDOW (window));
  /* Before any run: the empty states say what to do. */
  g_assert_cmpstr (
      rc_chart_get_model (rc_charts_view_get_chart (view, RC_CHART_TIMELINE))->empty_text, ==,
      "Boot cold and warm to see the timeline.");
  rc_test_spin (200);
  g_free (rc_test_save_screenshot (GTK_WIDGET (rc_charts_view_get_chart (view, RC_CHART_TIMELINE)),
                                   "widget-timeline-empty"));
  rc_charts_view_set_runs (view, report->runs);
  for (RcChartKind k = 0; k < RC_CHART_COMPARE; k++)
    {
      g_autofree char *name = g_strdup_printf ("widget-%s", rc_chart_kind_to_string (k));
      RcChart *chart = rc_charts_view_get_chart (view, k);

      rc_charts_view_show (view, k);
      rc_test_spin (300);
      g_assert_null (rc_chart_get_model (chart)->empty_text);
      g_assert_nonnull (rc_chart_get_model (chart)->description);
      g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (chart)));
      g_assert_cmpuint (check_screen (chart, name), >, 3);
    }
  /* Compare shows its empty state until a second report is opened. */
  g_assert_nonnull (
      rc_chart_get_model (rc_charts_view_get_chart (view, RC_CHART_COMPARE))->empty_text);
  rc_charts_view_set_other_report (view, load_fixture (), "again.json");
  rc_charts_view_show (view, RC_CHART_COMPARE);
  rc_test_spin (300);
  g_assert_cmpuint (
      check_screen (rc_charts_view_get_chart (view, RC_CHART_COMPARE), "widget-compare"), >, 3);

  /* Dark: the chart reads the dark style's colours again. */
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  rc_charts_view_show (view, RC_CHART_TIMELINE);
  rc_test_spin (400);
  g_assert_true (rc_chart_get_palette (rc_charts_view_get_chart (view, RC_CHART_TIMELINE))->dark);
  g_assert_cmpuint (
      check_screen (rc_charts_view_get_chart (view, RC_CHART_TIMELINE), "widget-timeline-dark"), >,
      3);
  /* Export what is on show, in the colours it is drawn in (here: dark). */
  {
    g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "screenshots", NULL);
    g_autofree char *svg = g_build_filename (dir, "widget-export-timeline.svg", NULL);
    g_autofree char *png = g_build_filename (dir, "widget-export-timeline.png", NULL);
    g_autofree char *text = NULL;
    g_autoptr (GError) error = NULL;
    g_autoptr (GdkTexture) texture = NULL;
    RcChart *chart = rc_charts_view_get_chart (view, RC_CHART_TIMELINE);

    g_assert_true (rc_chart_save (chart, svg, 0, 0, &error));
    g_assert_no_error (error);
    g_assert_true (rc_chart_save (chart, png, 900, 500, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
    g_assert_nonnull (strstr (text, ">Boot timeline</text>"));
    g_assert_nonnull (strstr (text, "fill:rgb(11.764706%,11.764706%,11.764706%)")); /* #1e1e1e */
    texture = gdk_texture_new_from_filename (png, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 900);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, 500);
    g_assert_false (rc_chart_save (chart, "/nonexistent/dir/x.svg", 0, 0, &error));
    g_assert_nonnull (error);
  }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/chart-widget/charts-view", test_charts_view);
  return g_test_run ();
}
