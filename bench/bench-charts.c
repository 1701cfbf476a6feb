/* bench-charts.c: the timeline of a report with 200 runs (100 cold, 100 warm, synthetic):
 * the layout (median runs, analysis, rows and marks: once per report change), the snapshot
 * (all layers into render nodes: once per frame), their sum against a 16 ms frame, and the
 * time to write the SVG. Also the runs and heap charts, which draw every one of the 200 runs.
 * Medians of many repetitions; prints ratios to the target, asserts nothing. */
#include "core/chart/rc-charts.h"
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "rc-test-records.h"
#include "ui/rc-chart-export.h"
#include "ui/rc-chart-paint.h"

#define REPEAT 31

static int
compare (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values)
{
  qsort (values, REPEAT, sizeof (double), compare);
  return values[REPEAT / 2];
}

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

static void
bench_kind (const RcMeasurement *report, RcChartKind kind, PangoContext *pango,
            const RcChartPalette *palette, const char *svg_path)
{
  double layout[REPEAT], snapshot[REPEAT], raster[REPEAT], svg[REPEAT];
  int width = RC_CHART_DEFAULT_WIDTH, height = 0;
  guint marks = 0;

  for (guint i = 0; i < REPEAT; i++)
    {
      gint64 t = g_get_monotonic_time ();
      g_autoptr (RcChartModel) model = rc_chart_model_build (kind, report, NULL, -1);
      GskRenderNode *node;
      cairo_surface_t *surface;
      cairo_t *cr;
      g_autoptr (GBytes) bytes = NULL;
      g_autoptr (GError) error = NULL;

      layout[i] = ms_since (t);
      height = (int) rc_chart_natural_height (model, width);
      marks = model->marks->len;
      t = g_get_monotonic_time ();
      node = rc_chart_render (model, palette, pango, width, height, NULL, NULL);
      snapshot[i] = ms_since (t);
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cr = cairo_create (surface);
      t = g_get_monotonic_time ();
      gsk_render_node_draw (node, cr);
      raster[i] = ms_since (t);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      gsk_render_node_unref (node);
      t = g_get_monotonic_time ();
      if (!rc_chart_write_file (model, palette, pango, width, height, svg_path, &error))
        g_error ("%s", error->message);
      svg[i] = ms_since (t);
    }
  double l = median (layout), s = median (snapshot);

  printf ("%-9s %4u marks  layout %6.2f ms  snapshot %5.2f ms  frame (layout+snapshot) %6.2f ms "
          "= %.2f × 16 ms  [cairo raster %6.2f ms]  SVG write %6.2f ms\n",
          rc_chart_kind_to_string (kind), marks, l, s, l + s, (l + s) / 16.0, median (raster),
          median (svg));
}

int
main (void)
{
  g_autoptr (RcMeasurement) report = rc_measurement_new ("demo");
  g_autofree char *dir = g_dir_make_tmp ("bench-charts-XXXXXX", NULL);
  g_autofree char *svg = g_build_filename (dir, "chart.svg", NULL);
  PangoContext *pango = rc_chart_file_pango_context ();
  RcChartPalette palette;

  for (guint i = 0; i < 100; i++)
    rc_measurement_add_run (report, rc_test_demo_run (RC_SCENARIO_COLD, i + 1, (i * 37) % 300));
  for (guint i = 0; i < 100; i++)
    rc_measurement_add_run (report, rc_test_demo_run (RC_SCENARIO_WARM, i + 1, (i * 53) % 200));
  rc_chart_palette_init_default (&palette, FALSE);
  printf ("200 runs (100 cold, 100 warm), %d px wide, median of %d; target: a frame < 16 ms\n",
          RC_CHART_DEFAULT_WIDTH, REPEAT);
  bench_kind (report, RC_CHART_TIMELINE, pango, &palette, svg);
  bench_kind (report, RC_CHART_RUNS, pango, &palette, svg);
  bench_kind (report, RC_CHART_HEAP, pango, &palette, svg);
  bench_kind (report, RC_CHART_BYTES, pango, &palette, svg);
  g_unlink (svg);
  g_rmdir (dir);
  g_object_unref (pango);
  return 0;
}
