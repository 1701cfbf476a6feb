/* bench-charts.c: the timeline of a report with 200 runs (100 cold, 100 warm, synthetic):
#include "core/chart/rc-charts.h"
 * the layout (median runs, analysis, rows and marks: once per report change), the snapshot
#include "core/chart/rc-charts.h"
 * (all layers into render nodes: once per frame), their sum against a 16 ms frame, and the
#include "core/chart/rc-charts.h"
 * time to write the SVG. Also the runs and heap charts, which draw every one of the 200 runs.
#include "core/chart/rc-charts.h"
 * Medians of many repetitions; prints ratios to the target, asserts nothing. */
#include "core/chart/rc-charts.h"
#include "config.h"
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
#include <glib/gstdio.h>
#include "core/chart/rc-charts.h"
#include <stdio.h>
#include "core/chart/rc-charts.h"
#include <stdlib.h>
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
#include "rc-test-records.h"
#include "core/chart/rc-charts.h"
#include "ui/rc-chart-export.h"
#include "core/chart/rc-charts.h"
#include "ui/rc-chart-paint.h"
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
#define REPEAT 31
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static int
#include "core/chart/rc-charts.h"
compare (const void *a, const void *b)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  double x = *(const double *) a, y = *(const double *) b;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  return (x > y) - (x < y);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static double
#include "core/chart/rc-charts.h"
median (double *values)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  qsort (values, REPEAT, sizeof (double), compare);
#include "core/chart/rc-charts.h"
  return values[REPEAT / 2];
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static double
#include "core/chart/rc-charts.h"
ms_since (gint64 start)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  return (g_get_monotonic_time () - start) / 1000.0;
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
bench_kind (const RcMeasurement *report, RcChartKind kind, PangoContext *pango,
#include "core/chart/rc-charts.h"
            const RcChartPalette *palette, const char *svg_path)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  double layout[REPEAT], snapshot[REPEAT], raster[REPEAT], svg[REPEAT];
#include "core/chart/rc-charts.h"
  int width = RC_CHART_DEFAULT_WIDTH, height = 0;
#include "core/chart/rc-charts.h"
  guint marks = 0;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  for (guint i = 0; i < REPEAT; i++)
#include "core/chart/rc-charts.h"
    {
#include "core/chart/rc-charts.h"
      gint64 t = g_get_monotonic_time ();
#include "core/chart/rc-charts.h"
      g_autoptr (RcChartModel) model = rc_chart_model_build (kind, report, NULL, -1);
#include "core/chart/rc-charts.h"
      GskRenderNode *node;
#include "core/chart/rc-charts.h"
      cairo_surface_t *surface;
#include "core/chart/rc-charts.h"
      cairo_t *cr;
#include "core/chart/rc-charts.h"
      g_autoptr (GBytes) bytes = NULL;
#include "core/chart/rc-charts.h"
      g_autoptr (GError) error = NULL;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
      layout[i] = ms_since (t);
#include "core/chart/rc-charts.h"
      height = (int) rc_chart_natural_height (model, width);
#include "core/chart/rc-charts.h"
      marks = model->marks->len;
#include "core/chart/rc-charts.h"
      t = g_get_monotonic_time ();
#include "core/chart/rc-charts.h"
      node = rc_chart_render (model, palette, pango, width, height, NULL, NULL);
#include "core/chart/rc-charts.h"
      snapshot[i] = ms_since (t);
#include "core/chart/rc-charts.h"
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
#include "core/chart/rc-charts.h"
      cr = cairo_create (surface);
#include "core/chart/rc-charts.h"
      t = g_get_monotonic_time ();
#include "core/chart/rc-charts.h"
      gsk_render_node_draw (node, cr);
#include "core/chart/rc-charts.h"
      raster[i] = ms_since (t);
#include "core/chart/rc-charts.h"
      cairo_destroy (cr);
#include "core/chart/rc-charts.h"
      cairo_surface_destroy (surface);
#include "core/chart/rc-charts.h"
      gsk_render_node_unref (node);
#include "core/chart/rc-charts.h"
      t = g_get_monotonic_time ();
#include "core/chart/rc-charts.h"
      if (!rc_chart_write_file (model, palette, pango, width, height, svg_path, &error))
#include "core/chart/rc-charts.h"
        g_error ("%s", error->message);
#include "core/chart/rc-charts.h"
      svg[i] = ms_since (t);
#include "core/chart/rc-charts.h"
    }
#include "core/chart/rc-charts.h"
  double l = median (layout), s = median (snapshot);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  printf ("%-9s %4u marks  layout %6.2f ms  snapshot %5.2f ms  frame (layout+snapshot) %6.2f ms "
#include "core/chart/rc-charts.h"
          "= %.2f × 16 ms  [cairo raster %6.2f ms]  SVG write %6.2f ms\n",
#include "core/chart/rc-charts.h"
          rc_chart_kind_to_string (kind), marks, l, s, l + s, (l + s) / 16.0, median (raster),
#include "core/chart/rc-charts.h"
          median (svg));
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
int
#include "core/chart/rc-charts.h"
main (void)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  g_autoptr (RcMeasurement) report = rc_measurement_new ("demo");
#include "core/chart/rc-charts.h"
  g_autofree char *dir = g_dir_make_tmp ("bench-charts-XXXXXX", NULL);
#include "core/chart/rc-charts.h"
  g_autofree char *svg = g_build_filename (dir, "chart.svg", NULL);
#include "core/chart/rc-charts.h"
  PangoContext *pango = rc_chart_file_pango_context ();
#include "core/chart/rc-charts.h"
  RcChartPalette palette;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  for (guint i = 0; i < 100; i++)
#include "core/chart/rc-charts.h"
    rc_measurement_add_run (report, rc_test_demo_run (RC_SCENARIO_COLD, i + 1, (i * 37) % 300));
#include "core/chart/rc-charts.h"
  for (guint i = 0; i < 100; i++)
#include "core/chart/rc-charts.h"
    rc_measurement_add_run (report, rc_test_demo_run (RC_SCENARIO_WARM, i + 1, (i * 53) % 200));
#include "core/chart/rc-charts.h"
  rc_chart_palette_init_default (&palette, FALSE);
#include "core/chart/rc-charts.h"
  printf ("200 runs (100 cold, 100 warm), %d px wide, median of %d; target: a frame < 16 ms\n",
#include "core/chart/rc-charts.h"
          RC_CHART_DEFAULT_WIDTH, REPEAT);
#include "core/chart/rc-charts.h"
  bench_kind (report, RC_CHART_TIMELINE, pango, &palette, svg);
#include "core/chart/rc-charts.h"
  bench_kind (report, RC_CHART_RUNS, pango, &palette, svg);
#include "core/chart/rc-charts.h"
  bench_kind (report, RC_CHART_HEAP, pango, &palette, svg);
#include "core/chart/rc-charts.h"
  bench_kind (report, RC_CHART_BYTES, pango, &palette, svg);
#include "core/chart/rc-charts.h"
  g_unlink (svg);
#include "core/chart/rc-charts.h"
  g_rmdir (dir);
#include "core/chart/rc-charts.h"
  g_object_unref (pango);
#include "core/chart/rc-charts.h"
  return 0;
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"
