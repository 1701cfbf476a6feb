/* test-charts.c: the charts' numbers (app/core/rc-chart-*.c): scales, ticks, units, bar
 * layout, step alignment, failed runs, one step, 200 runs, empty states. No display. */
#include "config.h"

#include <math.h>

#include "core/chart/rc-chart-bytes.h"
#include "core/chart/rc-chart-series.h"
#include "core/chart/rc-chart-timeline.h"
#include "core/chart/rc-charts.h"
#include "rc-test-records.h"

static RcMeasurement *
demo_report (guint cold, guint warm, gboolean changed_wheel)
{
  RcMeasurement *m = rc_measurement_new ("demo");

  for (guint i = 0; i < cold; i++)
    rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_COLD, i + 1, (i * 37) % 200));
  for (guint i = 0; i < warm; i++)
    rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_WARM, i + 1, (i * 53) % 150));
  if (changed_wheel)
    rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_CHANGED_WHEEL, 1, 10));
  return m;
}

static int
find_row (const RcChartModel *model, const char *label)
{
  for (guint i = 0; i < model->rows->len; i++)
    if (g_str_equal (((RcChartRow *) model->rows->pdata[i])->label, label))
      return (int) i;
  return -1;
}

static guint
marks_in_row (const RcChartModel *model, guint row, RcChartMarkShape shape, int role)
{
  guint n = 0;

  for (guint i = 0; i < model->marks->len; i++)
    {
      const RcChartMark *m = &g_array_index (model->marks, RcChartMark, i);

      n += m->row == row && m->shape == shape && (role < 0 || (int) m->role == role);
    }
  return n;
}

static const RcChartMark *
first_mark (const RcChartModel *model, guint row, RcChartMarkShape shape, int role)
{
  for (guint i = 0; i < model->marks->len; i++)
    {
      const RcChartMark *m = &g_array_index (model->marks, RcChartMark, i);

      if (m->row == row && m->shape == shape && (role < 0 || (int) m->role == role))
        return m;
    }
  return NULL;
}

static void
test_nice_step (void)
{
  g_assert_cmpfloat (rc_chart_nice_step (4300, 10), ==, 500);
  g_assert_cmpfloat (rc_chart_nice_step (1000, 5), ==, 200);
  g_assert_cmpfloat (rc_chart_nice_step (7, 8), ==, 1);
  g_assert_cmpfloat_with_epsilon (rc_chart_nice_step (0.3, 5), 0.1, 1e-12);
  g_assert_cmpfloat (rc_chart_nice_step (12.3e6, 6), ==, 5e6);
  g_assert_cmpfloat (rc_chart_nice_step (0, 5), ==, 1);
  g_assert_cmpfloat (rc_chart_nice_step (NAN, 5), ==, 1);
}

static void
test_scale (void)
{
  RcChartScale s;

  rc_chart_scale_init (&s, 0, 2450, 8, RC_CHART_UNIT_MS);
  g_assert_cmpfloat (s.min, ==, 0);
  g_assert_cmpfloat (s.tick, ==, 500);
  g_assert_cmpfloat (s.max, ==, 2500);
  g_assert_cmpuint (rc_chart_scale_n_ticks (&s), ==, 6);
  g_assert_cmpfloat (rc_chart_scale_fraction (&s, 1250), ==, 0.5);
  g_assert_cmpfloat (rc_chart_scale_tick (&s, 5), ==, 2500);

  /* Requests of the host page start before the worker: the axis goes below zero. */
  rc_chart_scale_init (&s, -140, 2450, 8, RC_CHART_UNIT_MS);
  g_assert_cmpfloat (s.min, ==, -500);
  g_assert_cmpfloat (s.max, ==, 2500);
  g_assert_cmpfloat (rc_chart_scale_fraction (&s, 0), ==, 500.0 / 3000);

  /* Never a 0–0 axis: nothing known, NAN, or lo > hi give 0..10 ms. */
  rc_chart_scale_init (&s, 0, 0, 8, RC_CHART_UNIT_MS);
  g_assert_cmpfloat (s.min, ==, 0);
  g_assert_cmpfloat (s.max, ==, 10);
  rc_chart_scale_init (&s, NAN, NAN, 8, RC_CHART_UNIT_MS);
  g_assert_cmpfloat (s.max, >, s.min);
  rc_chart_scale_init (&s, 50, 10, 8, RC_CHART_UNIT_MS);
  g_assert_cmpfloat (s.max, >, s.min);
  g_assert_true (isfinite (rc_chart_scale_fraction (&s, 5)));

  rc_chart_scale_init (&s, 0, 12286633, 6, RC_CHART_UNIT_BYTES);
  g_assert_cmpfloat (s.tick, ==, 5e6);
  g_assert_cmpfloat (s.max, ==, 15e6);
  rc_chart_scale_init (&s, 0, 0, 6, RC_CHART_UNIT_BYTES);
  g_assert_cmpfloat (s.max, ==, 1000);
}

static void
check_format (char *got, const char *want)
{
  g_assert_cmpstr (got, ==, want);
  g_free (got);
}

static void
test_units (void)
{
  RcChartScale s;
  g_autoptr (RcChartModel) model = rc_chart_model_new (RC_CHART_RUNS);

  check_format (rc_chart_format_value (RC_CHART_UNIT_MS, 1500, 2500, 500), "1500 ms");
  check_format (rc_chart_format_value (RC_CHART_UNIT_MS, 1500, 12000, 500), "1.5 s");
  check_format (rc_chart_format_value (RC_CHART_UNIT_MS, 10000, 12000, 2000), "10 s");
  check_format (rc_chart_format_value (RC_CHART_UNIT_BYTES, 5e6, 15e6, 5e6), "5 MB");
  check_format (rc_chart_format_value (RC_CHART_UNIT_BYTES, 2.5e6, 5e6, 5e5), "2.5 MB");
  check_format (rc_chart_format_value (RC_CHART_UNIT_BYTES, 500, 900, 100), "500 B");
  check_format (rc_chart_format_value (RC_CHART_UNIT_BYTES, 1500, 2000, 500), "1.5 kB");
  check_format (rc_chart_format_value (RC_CHART_UNIT_BYTES, 2e9, 2.2e9, 5e8), "2.0 GB");
  check_format (rc_chart_format (RC_CHART_UNIT_MS, 812), "812 ms");
  check_format (rc_chart_format (RC_CHART_UNIT_MS, 2450), "2.45 s");
  check_format (rc_chart_format (RC_CHART_UNIT_MS, NAN), "–");
  check_format (rc_chart_format (RC_CHART_UNIT_BYTES, 5102352), "5.10 MB");
  check_format (rc_chart_format (RC_CHART_UNIT_BYTES, 2726), "2.73 kB");
  check_format (rc_chart_format (RC_CHART_UNIT_BYTES, 0), "0 B");

  /* One unit per axis, chosen from its largest value; the title carries it. */
  rc_chart_scale_init (&s, 0, 12500, 6, RC_CHART_UNIT_MS);
  g_assert_cmpfloat (s.tick, ==, 5000);
  rc_chart_scale_init (&s, 0, 9000, 8, RC_CHART_UNIT_MS);
  g_assert_cmpfloat (s.tick, ==, 2000);
  rc_chart_axis_set_scale (&model->x, &s, "Duration");
  g_assert_cmpstr (model->x.title, ==, "Duration (s)");
  g_assert_cmpuint (model->x.tick_labels->len, ==, 6);
  g_assert_cmpstr (model->x.tick_labels->pdata[0], ==, "0 s");
  g_assert_cmpstr (model->x.tick_labels->pdata[1], ==, "2 s");
  g_assert_cmpstr (model->x.tick_labels->pdata[5], ==, "10 s");
  g_assert_cmpfloat (g_array_index (model->x.tick_fracs, double, 5), ==, 1);
  rc_chart_scale_init (&s, 0, 2200, 8, RC_CHART_UNIT_MS);
  rc_chart_axis_set_scale (&model->x, &s, "Duration");
  g_assert_cmpstr (model->x.title, ==, "Duration (ms)");
  g_assert_cmpstr (model->x.tick_labels->pdata[1], ==, "500 ms");
}

static void
assert_inside (const RcChartRect *r, const RcChartRect *area)
{
  g_assert_cmpfloat (r->x, >=, area->x);
  g_assert_cmpfloat (r->x + r->width, <=, area->x + area->width + 1);
  g_assert_cmpfloat (r->y, >=, area->y);
  g_assert_cmpfloat (r->y + r->height, <=, area->y + area->height);
}

static void
test_timeline_layout (void)
{
  g_autoptr (RcMeasurement) report = demo_report (1, 1, FALSE);
  g_autoptr (RcChartModel) model = rc_chart_timeline_build (report, -1, -1);
  const RcRunRecord *cold = report->runs->pdata[0];
  const RcRunStep *step1 = cold->steps->pdata[0];
  int row = find_row (model, "loading_runtime");
  const RcChartMark *a, *b;
  RcChartGeometry g;
  RcChartRect ra, rb;

  g_assert_null (model->empty_text);
  g_assert_cmpint (row, >, 0); /* the host page row comes first */
  g_assert_cmpint (find_row (model, "host page"), ==, 0);
  /* The interpreter's sub-phases and its five files sit under it. */
  g_assert_cmpint (find_row (model, "wasm"), >, row);
  g_assert_cmpint (find_row (model, "pyodide.asm.wasm"), >, row);
  g_assert_cmpint (find_row (model, "loading_package demo-helpers"), >,
                   find_row (model, "python_stdlib.zip"));
  a = first_mark (model, row, RC_CHART_MARK_BAR, RC_CHART_ROLE_SERIES_0);
  b = first_mark (model, row, RC_CHART_MARK_BAR, RC_CHART_ROLE_SERIES_1);
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  /* Each bar starts at its real start on the shared axis. */
  g_assert_cmpfloat_with_epsilon (a->x0, rc_chart_scale_fraction (&model->x.scale, step1->start_ms),
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (a->x1, rc_chart_scale_fraction (&model->x.scale, step1->end_ms),
                                  1e-9);
  g_assert_cmpfloat (model->x.scale.min, <, 0);
  g_assert_cmpfloat (model->x.scale.max, >=, cold->ready_ms);

  rc_chart_geometry_compute (model, 960, 600, &g);
  ra = rc_chart_geometry_mark_rect (&g, model, a);
  rb = rc_chart_geometry_mark_rect (&g, model, b);
  g_assert_cmpfloat (ra.x, ==, g.plot.x + round (a->x0 * g.plot.width));
  g_assert_cmpfloat (ra.y + ra.height, <=, rb.y); /* cold above warm, no overlap */
  g_assert_cmpfloat (rb.y + rb.height, <=, g.plot.y + (row + 1) * g.row_height);
  g_assert_cmpfloat (g.plot.y + model->rows->len * g.row_height, <=, g.x_axis.y);
  g_assert_cmpint (rc_chart_geometry_hit (&g, model, ra.x + ra.width / 2, ra.y + ra.height / 2), ==,
                   (int) (a - (RcChartMark *) model->marks->data));
  for (guint i = 0; i < model->marks->len; i++)
    {
      RcChartRect r =
          rc_chart_geometry_mark_rect (&g, model, &g_array_index (model->marks, RcChartMark, i));

      g_assert_cmpfloat (r.width, >=, 1); /* a 2 ms cache hit still shows */
      if (g_array_index (model->marks, RcChartMark, i).shape == RC_CHART_MARK_BAR)
        assert_inside (&r, &g.plot);
    }
  /* Requests coloured by verdict: the cold run fetched the wasm, the warm run hit the cache. */
  row = find_row (model, "pyodide.asm.wasm");
  g_assert_cmpuint (marks_in_row (model, row, RC_CHART_MARK_BAR, RC_CHART_ROLE_NETWORK), ==, 1);
  g_assert_cmpuint (marks_in_row (model, row, RC_CHART_MARK_BAR, RC_CHART_ROLE_CACHE), ==, 1);
  g_assert_cmpuint (model->legend->len, ==, 2 + 5);
}

static void
test_align_different_steps (void)
{
  g_autoptr (RcMeasurement) a = demo_report (3, 0, FALSE);
  g_autoptr (RcMeasurement) b = rc_measurement_new ("demo");
  g_autoptr (RcChartModel) compare = NULL;
  g_autoptr (RcChartModel) timeline = NULL;
  int row;

  for (guint i = 0; i < 3; i++)
    {
      RcRunRecord *run = rc_test_demo_run (RC_SCENARIO_COLD, i + 1, 400);

      g_free (run->env.pyodide_version);
      run->env.pyodide_version = g_strdup ("0.28.0");
      rc_run_record_progress (run, 5, 5, "loading_package", "numpy", NULL, run->ready_ms, -1);
      ((RcRunStep *) run->steps->pdata[run->steps->len - 1])->end_ms = run->ready_ms + 300;
      rc_measurement_add_run (b, run);
    }
  compare = rc_chart_compare_build (a, b);
  g_assert_null (compare->empty_text);
  g_assert_nonnull (compare->banner); /* Pyodide differs */
  g_assert_nonnull (strstr (compare->banner, "0.28.0"));
  g_assert_cmpint (find_row (compare, "whole boot"), ==, 0);
  row = find_row (compare, "loading_package numpy");
  g_assert_cmpint (row, ==, (int) compare->rows->len - 1);
  g_assert_cmpuint (marks_in_row (compare, row, RC_CHART_MARK_BAR, RC_CHART_ROLE_SERIES_0), ==, 0);
  g_assert_cmpuint (marks_in_row (compare, row, RC_CHART_MARK_BAR, RC_CHART_ROLE_SERIES_1), ==, 1);
  g_assert_cmpstr (((RcChartRow *) compare->rows->pdata[row])->value, ==, "only in B");
  row = find_row (compare, "loading_runtime");
  g_assert_cmpstr (((RcChartRow *) compare->rows->pdata[row])->value, ==,
                   "+363 ms"); /* medians: 37 ms and 400 ms slower */
  row = find_row (compare, "prelude");
  g_assert_nonnull (strstr (((RcChartRow *) compare->rows->pdata[row])->value, "within noise"));

  /* Two runs with different step sets in one timeline: aligned by key, the extra step once. */
  rc_measurement_add_run (a, rc_run_record_copy (b->runs->pdata[0]));
  timeline = rc_chart_timeline_build (a, 0, 3);
  row = find_row (timeline, "loading_package numpy");
  g_assert_cmpint (row, >, find_row (timeline, "prelude"));
  g_assert_cmpuint (marks_in_row (timeline, row, RC_CHART_MARK_BAR, -1), ==, 1);
  g_assert_cmpuint (marks_in_row (timeline, find_row (timeline, "prelude"), RC_CHART_MARK_BAR, -1),
                    ==, 2);
}

static void
test_failed_run (void)
{
  g_autoptr (RcMeasurement) report = rc_measurement_new ("demo");
  g_autoptr (RcMeasurement) nothing = rc_measurement_new ("demo");
  RcRunRecord *run = rc_run_record_new (RC_SCENARIO_COLD, 1);
  g_autoptr (RcChartModel) model = NULL;
  g_autoptr (RcChartModel) empty_axis = NULL;
  int row;
  const RcChartMark *bar, *cross;

  rc_run_record_progress (run, 1, 3, "loading_runtime", NULL, NULL, 10, -1);
  rc_run_record_progress (run, 2, 3, "loading_package", "numpy", NULL, 1800, 19922944);
  rc_run_record_failed (run, "runtime", "numpy failed to load", NULL, 2300);
  rc_measurement_add_run (report, run);
  model = rc_chart_timeline_build (report, -1, -1);
  row = find_row (model, "loading_package numpy");
  bar = first_mark (model, row, RC_CHART_MARK_BAR, -1);
  cross = first_mark (model, row, RC_CHART_MARK_FAILURE, RC_CHART_ROLE_FAILURE);
  g_assert_nonnull (bar);
  g_assert_nonnull (cross); /* marked where it failed, on the step it failed in */
  g_assert_cmpfloat_with_epsilon (cross->x0, rc_chart_scale_fraction (&model->x.scale, 2300), 1e-9);
  g_assert_cmpfloat_with_epsilon (bar->x1, cross->x0, 1e-9);
  g_assert_cmpfloat (model->x.scale.max, >=, 2300);
  g_assert_nonnull (strstr (cross->tooltip, "numpy failed to load"));

  /* A run that failed before anything happened: a 0–10 ms axis, the failure at 0. */
  run = rc_run_record_new (RC_SCENARIO_COLD, 1);
  rc_run_record_failed (run, "timeout", "no progress", NULL, -1);
  rc_measurement_add_run (nothing, run);
  empty_axis = rc_chart_timeline_build (nothing, -1, -1);
  g_assert_cmpfloat (empty_axis->x.scale.max, >, empty_axis->x.scale.min);
  g_assert_cmpuint (
      rc_chart_model_count_marks (empty_axis, RC_CHART_MARK_FAILURE, RC_CHART_ROLE_FAILURE), ==, 1);
  g_assert_cmpstr (empty_axis->x.tick_labels->pdata[empty_axis->x.tick_labels->len - 1], ==,
                   "10 ms");
}

static void
test_one_step (void)
{
  g_autoptr (RcMeasurement) report = rc_measurement_new ("demo");
  RcRunRecord *run = rc_run_record_new (RC_SCENARIO_COLD, 1);
  g_autoptr (RcChartModel) runs = NULL;
  g_autoptr (RcChartModel) timeline = NULL;
  g_autoptr (RcChartModel) heap = NULL;
  RcChartGeometry g;

  rc_run_record_progress (run, 1, 1, "loading_runtime", NULL, NULL, 0, -1);
  rc_run_record_ready (run, "0.29.5", 1200, 19922944);
  run->boot_ms = 1300;
  rc_measurement_add_run (report, run);
  runs = rc_chart_runs_build (report);
  g_assert_cmpuint (runs->rows->len, ==, 2); /* whole boot + the step */
  g_assert_cmpuint (rc_chart_model_count_marks (runs, RC_CHART_MARK_DOT, RC_CHART_ROLE_SERIES_0),
                    ==, 2);
  timeline = rc_chart_timeline_build (report, -1, -1);
  g_assert_cmpuint (timeline->rows->len, ==, 1); /* no page row without page requests */
  rc_chart_geometry_compute (timeline, 400, 200, &g);
  g_assert_cmpfloat (g.row_height, >=, 1);
  heap = rc_chart_heap_build (report, 1536 * 1000 * 1000);
  g_assert_null (heap->empty_text);
  g_assert_cmpuint (heap->lines->len, ==, 1);
  /* 20 MB of heap next to a 1.5 GB limit: both limits are labelled markers off the scale. */
  g_assert_cmpuint (heap->references->len, ==, 2);
  g_assert_true (((RcChartReference *) heap->references->pdata[0])->off_scale);
}

static void
test_200_runs (void)
{
  g_autoptr (RcMeasurement) report = demo_report (100, 100, FALSE);
  g_autoptr (RcChartModel) runs = NULL;
  g_autoptr (RcChartModel) heap = NULL;
  g_autoptr (RcChartModel) timeline = NULL;
  g_autoptr (RcChartModel) bytes = NULL;
  guint highlighted = 0, outliers = 0;
  int row;

  /* One very slow cold run: an outlier. */
  rc_measurement_add_run (report, rc_test_demo_run (RC_SCENARIO_COLD, 101, 5000));
  runs = rc_chart_runs_build (report);
  g_assert_cmpuint (runs->rows->len, ==, 1 + 4);
  row = find_row (runs, "loading_runtime");
  g_assert_cmpuint (marks_in_row (runs, row, RC_CHART_MARK_DOT, -1), ==, 201);
  g_assert_cmpuint (marks_in_row (runs, row, RC_CHART_MARK_WHISKER, -1), ==, 2);
  g_assert_cmpuint (marks_in_row (runs, row, RC_CHART_MARK_TICK, -1), ==, 2);
  for (guint i = 0; i < runs->marks->len; i++)
    {
      const RcChartMark *m = &g_array_index (runs->marks, RcChartMark, i);

      if (m->row != (guint) row || m->shape != RC_CHART_MARK_DOT)
        continue;
      highlighted += m->highlight;
      outliers += m->role == RC_CHART_ROLE_FAILURE;
    }
  g_assert_cmpuint (highlighted, ==, 2); /* the median run of each scenario */
  g_assert_cmpuint (outliers, >=, 1);
  g_assert_cmpfloat (runs->x.scale.max, >=, 5000);

  heap = rc_chart_heap_build (report, -1);
  g_assert_cmpuint (heap->lines->len, ==, 201 + 201); /* a heap line and an RSS point per run */
  timeline = rc_chart_timeline_build (report, -1, -1);
  g_assert_nonnull (strstr (((RcChartLegendItem *) timeline->legend->pdata[0])->label, "cold"));
  g_assert_nonnull (strstr (((RcChartLegendItem *) timeline->legend->pdata[1])->label, "warm"));
  bytes = rc_chart_bytes_build (report);
  g_assert_cmpuint (bytes->summary->len, ==, 1 + 2);
}

static void
test_fences (void)
{
  const double values[] = { 10, 11, 12, 13, 100 };
  double low, high;

  rc_chart_fences (values, G_N_ELEMENTS (values), &low, &high);
  g_assert_cmpfloat (high, <, 100);
  g_assert_cmpfloat (high, >, 13);
  rc_chart_fences (values, 3, &low, &high);
  g_assert_true (isinf (high) && isinf (low));
}

static void
test_bytes_changed_wheel (void)
{
  g_autoptr (RcMeasurement) report = demo_report (1, 1, TRUE);
  g_autoptr (RcChartModel) model = rc_chart_bytes_build (report);
  int row = find_row (model, "overlay:demo-helpers");
  int interp = find_row (model, "interpreter");
  const RcChartMark *cold;

  g_assert_cmpint (row, >=, 0);
  /* Slots top to bottom: cold, warm, changed-wheel. Only the renamed wheel went back. */
  g_assert_cmpuint (marks_in_row (model, row, RC_CHART_MARK_BAR, RC_CHART_ROLE_NETWORK), ==, 2);
  g_assert_cmpuint (marks_in_row (model, row, RC_CHART_MARK_BAR, RC_CHART_ROLE_CACHE), ==, 1);
  g_assert_cmpuint (marks_in_row (model, interp, RC_CHART_MARK_BAR, RC_CHART_ROLE_CACHE), ==, 2);
  /* The decoded size is marked where it differs from the wire bytes. */
  g_assert_cmpuint (marks_in_row (model, interp, RC_CHART_MARK_OUTLINE, -1), ==, 1);
  cold = first_mark (model, interp, RC_CHART_MARK_BAR, RC_CHART_ROLE_NETWORK);
  g_assert_cmpfloat_with_epsilon (
      cold->x1, rc_chart_scale_fraction (&model->x.scale, RC_TEST_INTERPRETER_WIRE), 1e-9);
  g_assert_cmpint (find_row (model, "total until ready"), ==, (int) model->rows->len - 1);
  g_assert_nonnull (strstr (model->summary->pdata[2], "1 revalidated"));
}

static void
test_empty_states (void)
{
  for (RcChartKind k = 0; k < RC_CHART_N_KINDS; k++)
    {
      g_autoptr (RcChartModel) model = rc_chart_model_build (k, NULL, NULL, -1);
      RcChartGeometry g;
      RcChartKind back;

      g_assert_nonnull (model->empty_text);
      g_assert_cmpuint (model->marks->len, ==, 0);
      g_assert_true (rc_chart_kind_from_string (rc_chart_kind_to_string (k), &back));
      g_assert_cmpint (back, ==, k);
      rc_chart_geometry_compute (model, 960, 600, &g);
    }
  {
    g_autoptr (RcChartModel) timeline = rc_chart_model_build (RC_CHART_TIMELINE, NULL, NULL, -1);

    g_assert_cmpstr (timeline->empty_text, ==, "Boot cold and warm to see the timeline.");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart/scale/nice-step", test_nice_step);
  g_test_add_func ("/chart/scale/init", test_scale);
  g_test_add_func ("/chart/scale/units", test_units);
  g_test_add_func ("/chart/layout/timeline", test_timeline_layout);
  g_test_add_func ("/chart/layout/different-step-sets", test_align_different_steps);
  g_test_add_func ("/chart/layout/failed-run", test_failed_run);
  g_test_add_func ("/chart/layout/one-step", test_one_step);
  g_test_add_func ("/chart/layout/200-runs", test_200_runs);
  g_test_add_func ("/chart/runs/fences", test_fences);
  g_test_add_func ("/chart/bytes/changed-wheel", test_bytes_changed_wheel);
  g_test_add_func ("/chart/empty", test_empty_states);
  return g_test_run ();
}
