/* test-chart-engines.c: charts of a report with several engines (issue 13): a column per engine
 * in the bytes and runs charts (a row per engine under every group or step, labelled with it),
 * a lane per engine in the timeline, labelled in the legend; one engine charts as before; the
 * figures right of the plot get the width they need. No display. */
#include "config.h"

#include <string.h>

#include "core/chart/rc-chart-bytes.h"
#include "core/chart/rc-chart-engines.h"
#include "core/chart/rc-chart-series.h"
#include "core/chart/rc-chart-timeline.h"
#include "core/chart/rc-charts.h"
#include "rc-test-records.h"

static const char *const short_labels[] = { "WebKitGTK 2.50", "Chromium 156", "Firefox 153" };

static guint
marks_in_row (const RcChartModel *model, guint row, RcChartMarkShape shape)
{
  guint n = 0;

  for (guint i = 0; i < model->marks->len; i++)
    {
      const RcChartMark *m = &g_array_index (model->marks, RcChartMark, i);

      n += m->row == row && m->shape == shape;
    }
  return n;
}

/* Every tooltip of @row's marks of @shape names @text. */
static void
assert_row_tooltips (const RcChartModel *model, guint row, RcChartMarkShape shape, const char *text)
{
  for (guint i = 0; i < model->marks->len; i++)
    {
      const RcChartMark *m = &g_array_index (model->marks, RcChartMark, i);

      if (m->row == row && m->shape == shape)
        {
          g_assert_nonnull (m->tooltip);
          if (strstr (m->tooltip, text) == NULL)
            g_error ("row %u: tooltip “%s” does not name %s", row, m->tooltip, text);
        }
    }
}

static RcChartRow *
row_at (const RcChartModel *model, guint i)
{
  return g_ptr_array_index (model->rows, i);
}

static void
test_engines_grouping (void)
{
  g_autoptr (RcMeasurement) m = rc_test_three_engines (1000);
  g_autoptr (GPtrArray) engines = rc_chart_engines (m);
  static const char *const labels[] = { "WebKitGTK 2.50.6", "Chromium 156.0.8078.114",
                                        "Firefox 153.8.0esr" };

  g_assert_cmpuint (engines->len, ==, 3);
  for (guint e = 0; e < 3; e++)
    {
      const RcChartEngine *engine = engines->pdata[e];

      g_assert_cmpstr (engine->label, ==, labels[e]);
      g_assert_cmpstr (engine->short_label, ==, short_labels[e]);
      /* its own cold and warm run, in the report's scenario order */
      g_assert_cmpuint (engine->medians->len, ==, 2);
      for (guint i = 0; i < 2; i++)
        {
          const RcRunRecord *run = m->runs->pdata[g_array_index (engine->medians, int, i)];

          g_assert_cmpstr (rc_chart_run_engine (run), ==, engine->engine);
          g_assert_cmpint (run->scenario, ==, i == 0 ? RC_SCENARIO_COLD : RC_SCENARIO_WARM);
          g_assert_cmpint (g_array_index (engine->scenarios, RcScenario, i), ==, run->scenario);
        }
    }
  g_assert_cmpuint (rc_chart_engines_max_scenarios (engines), ==, 2);

  /* A record that names no engine is WebKit's (reports before engines were recorded). */
  {
    g_autoptr (RcMeasurement) old = rc_measurement_new ("demo");
    g_autoptr (GPtrArray) one = NULL;
    RcRunRecord *named = rc_test_demo_run (RC_SCENARIO_WARM, 1, 0);

    named->env.engine = g_strdup ("webkit");
    rc_measurement_add_run (old, rc_test_demo_run (RC_SCENARIO_COLD, 1, 0));
    rc_measurement_add_run (old, named);
    one = rc_chart_engines (old);
    g_assert_cmpuint (one->len, ==, 1);
    g_assert_cmpstr (((RcChartEngine *) one->pdata[0])->label, ==, "WebKitGTK 2.50.6");
  }
}

/* The bytes chart: under every group three rows, one per engine, in boot order, each with its
 * engine's cold and warm bars. */
static void
test_bytes_three_engines (void)
{
  g_autoptr (RcMeasurement) m = rc_test_three_engines (1000);
  g_autoptr (RcChartModel) model = rc_chart_bytes_build (m);
  guint groups = 0, engine_rows = 0;

  g_assert_null (model->empty_text);
  for (guint r = 0; r < model->rows->len; r++)
    {
      if (row_at (model, r)->indent != 0)
        continue;
      groups++;
      /* a group row has no bars of its own: its engines' rows below have them */
      g_assert_cmpuint (marks_in_row (model, r, RC_CHART_MARK_BAR), ==, 0);
      g_assert_cmpuint (r + 3, <, model->rows->len + 1);
      for (guint e = 0; e < 3; e++)
        {
          const RcChartRow *row = row_at (model, r + 1 + e);
          static const char *const ids[] = { "webkit/", "chromium/", "firefox/" };

          g_assert_cmpuint (row->indent, ==, 1);
          g_assert_cmpstr (row->label, ==, short_labels[e]);
          /* host.js is revalidated warm, so every group has a warm bar too (the interpreter's
           * is a stub: from the cache) */
          g_assert_cmpuint (marks_in_row (model, r + 1 + e, RC_CHART_MARK_BAR), ==, 2);
          assert_row_tooltips (model, r + 1 + e, RC_CHART_MARK_BAR, ids[e]);
          engine_rows++;
        }
    }
  g_assert_cmpuint (groups, >=, 3); /* interpreter, the wheel, the host page, the total */
  g_assert_cmpuint (engine_rows, ==, 3 * groups);
  g_assert_cmpuint (model->rows->len, ==, 4 * groups);
  /* the total comes last, its engine rows emphasised like it */
  g_assert_true (row_at (model, model->rows->len - 4)->emphasis);
  g_assert_true (row_at (model, model->rows->len - 1)->emphasis);
  /* the first summary line says which engine each row is, then each run's verdicts */
  g_assert_nonnull (strstr (model->summary->pdata[0], "WebKitGTK 2.50, Chromium 156, Firefox 153"));
  g_assert_nonnull (strstr (model->summary->pdata[0], "cold, warm"));
  g_assert_cmpuint (model->summary->len, ==, 1 + 6);
  g_assert_true (g_str_has_prefix (model->summary->pdata[3], "chromium/cold-1: "));
}

static int
find_row_after (const RcChartModel *model, const char *label, guint indent, guint from)
{
  for (guint i = from; i < model->rows->len; i++)
    if (g_str_equal (row_at (model, i)->label, label) && row_at (model, i)->indent == indent)
      return (int) i;
  return -1;
}

/* The runs chart: under every step a row per engine, with that engine's runs only. */
static void
test_runs_three_engines (void)
{
  g_autoptr (RcMeasurement) m = rc_test_three_engines (1000);
  g_autoptr (RcChartModel) model = rc_chart_runs_build (m);
  int step = find_row_after (model, "loading_runtime", 0, 0);
  double end[3];

  g_assert_cmpint (step, >=, 0);
  g_assert_cmpuint (marks_in_row (model, step, RC_CHART_MARK_WHISKER), ==, 0);
  for (guint e = 0; e < 3; e++)
    {
      guint row = step + 1 + e;

      g_assert_cmpstr (row_at (model, row)->label, ==, short_labels[e]);
      g_assert_cmpstr (row_at (model, row)->step_key, ==, "loading_runtime");
      /* one cold and one warm run: a whisker each, and the engine in the tooltip */
      g_assert_cmpuint (marks_in_row (model, row, RC_CHART_MARK_WHISKER), ==, 2);
      g_assert_cmpuint (marks_in_row (model, row, RC_CHART_MARK_DOT), ==, 2);
      assert_row_tooltips (model, row, RC_CHART_MARK_WHISKER, short_labels[e]);
      /* each run is the median of its engine */
      for (guint i = 0; i < model->marks->len; i++)
        {
          const RcChartMark *mark = &g_array_index (model->marks, RcChartMark, i);

          if (mark->row == row && mark->shape == RC_CHART_MARK_DOT)
            g_assert_true (mark->highlight);
          if (mark->row == row && mark->shape == RC_CHART_MARK_WHISKER)
            end[e] = mark->x1;
        }
    }
  /* the engines' own figures: a second apart */
  g_assert_cmpfloat (end[0], <, end[1]);
  g_assert_cmpfloat (end[1], <, end[2]);
  /* the whole boot first, then every step: each with three engine rows */
  g_assert_true (row_at (model, 0)->emphasis);
  g_assert_cmpuint (model->rows->len % 4, ==, 0);
}

/* The timeline: one lane per engine, its cold run, labelled with the engine in the legend. */
static void
test_timeline_three_engines (void)
{
  g_autoptr (RcMeasurement) m = rc_test_three_engines (1000);
  g_autoptr (RcChartModel) model = rc_chart_timeline_build (m, -1, -1);
  static const char *const legend[] = { "WebKitGTK 2.50.6: webkit/cold-1",
                                        "Chromium 156.0.8078.114: chromium/cold-1",
                                        "Firefox 153.8.0esr: firefox/cold-1" };
  int row = -1;
  double y1_before = 0;

  for (guint i = 0; i < model->rows->len && row < 0; i++)
    if (g_str_equal (row_at (model, i)->label, "loading_runtime"))
      row = (int) i;
  g_assert_cmpint (row, >=, 0);
  for (guint e = 0; e < 3; e++)
    {
      const RcChartLegendItem *item = g_ptr_array_index (model->legend, e);

      g_assert_cmpstr (item->label, ==, legend[e]);
      g_assert_cmpint (item->role, ==, RC_CHART_ROLE_SERIES_0 + e);
    }
  /* three lanes in the step's row, top to bottom in legend order, one bar each */
  g_assert_cmpuint (marks_in_row (model, row, RC_CHART_MARK_BAR), ==, 3);
  for (guint e = 0; e < 3; e++)
    for (guint i = 0; i < model->marks->len; i++)
      {
        const RcChartMark *mark = &g_array_index (model->marks, RcChartMark, i);

        if (mark->row != (guint) row || mark->role != RC_CHART_ROLE_SERIES_0 + e)
          continue;
        g_assert_cmpfloat (mark->y0, >=, y1_before);
        y1_before = mark->y1;
        g_assert_nonnull (strstr (mark->tooltip, legend[e] + strcspn (legend[e], ":") + 2));
      }
  /* cold runs only: no warm lane */
  g_assert_cmpuint (rc_chart_model_count_marks (model, RC_CHART_MARK_BAR, RC_CHART_ROLE_SERIES_3),
                    ==, 0);
  g_assert_cmpuint (model->summary->len, ==, 1);
  g_assert_nonnull (strstr (model->summary->pdata[0], "WebKitGTK 2.50, Chromium 156, Firefox 153"));
  /* rows tall enough that each lane is a few pixels */
  g_assert_cmpfloat (model->row_natural, >=, 30);
  /* the row's figure is each engine's duration */
  {
    g_auto (GStrv) figures = g_strsplit (row_at (model, row)->value, " · ", -1);

    g_assert_cmpuint (g_strv_length (figures), ==, 3);
  }
}

/* The heap: a colour per engine, its runs' lines in it, one legend entry per engine. */
static void
test_heap_three_engines (void)
{
  g_autoptr (RcMeasurement) m = rc_test_three_engines (1000);
  g_autoptr (RcChartModel) model = NULL;
  guint lines[3] = { 0 }, bold[3] = { 0 };

  /* a second cold run of Chromium, slower: not its median */
  rc_measurement_add_run (
      m, rc_test_engine_run ("chromium", "156.0.8078.114", RC_SCENARIO_COLD, 2, 1500));
  rc_measurement_add_run (
      m, rc_test_engine_run ("chromium", "156.0.8078.114", RC_SCENARIO_COLD, 3, 900));
  model = rc_chart_heap_build (m, -1);
  g_assert_null (model->empty_text);
  for (guint e = 0; e < 3; e++)
    {
      const RcChartLegendItem *item = g_ptr_array_index (model->legend, e);
      g_autofree char *label = g_strdup_printf ("%s runs (median run bold)", short_labels[e]);

      g_assert_cmpstr (item->label, ==, label);
      g_assert_cmpint (item->role, ==, RC_CHART_ROLE_SERIES_0 + e);
    }
  for (guint i = 0; i < model->lines->len; i++)
    {
      const RcChartLine *line = g_ptr_array_index (model->lines, i);

      if (line->points_only)
        continue;
      g_assert_cmpint (line->role, <=, RC_CHART_ROLE_SERIES_2);
      lines[line->role - RC_CHART_ROLE_SERIES_0]++;
      bold[line->role - RC_CHART_ROLE_SERIES_0] += line->bold;
    }
  g_assert_cmpuint (lines[0], ==, 2);
  g_assert_cmpuint (lines[1], ==, 4);
  g_assert_cmpuint (lines[2], ==, 2);
  /* each engine's median cold and warm run, Chromium's two other cold runs not */
  g_assert_cmpuint (bold[0], ==, 2);
  g_assert_cmpuint (bold[1], ==, 2);
  g_assert_cmpuint (bold[2], ==, 2);
}

/* One engine: the charts as before (no engine rows, two runs in the timeline). */
static void
test_one_engine_unchanged (void)
{
  g_autoptr (RcMeasurement) m = rc_measurement_new ("demo");
  g_autoptr (RcChartModel) bytes = NULL, runs = NULL, timeline = NULL;

  rc_measurement_add_run (m, rc_test_engine_run ("chromium", "156.0", RC_SCENARIO_COLD, 1, 0));
  rc_measurement_add_run (m, rc_test_engine_run ("chromium", "156.0", RC_SCENARIO_WARM, 1, 0));
  bytes = rc_chart_bytes_build (m);
  runs = rc_chart_runs_build (m);
  timeline = rc_chart_timeline_build (m, -1, -1);
  for (guint r = 0; r < bytes->rows->len; r++)
    g_assert_cmpuint (row_at (bytes, r)->indent, ==, 0);
  for (guint r = 0; r < runs->rows->len; r++)
    g_assert_cmpuint (row_at (runs, r)->indent, ==, 0);
  g_assert_cmpstr (((RcChartLegendItem *) timeline->legend->pdata[0])->label, ==,
                   "chromium/cold-1 (cold)");
  g_assert_cmpstr (((RcChartLegendItem *) timeline->legend->pdata[1])->label, ==,
                   "chromium/warm-1 (warm)");
  g_assert_true (g_str_has_prefix (bytes->summary->pdata[0], "Bars top to bottom: "));
  g_assert_cmpuint (timeline->summary->len, ==, 0);
}

/* 8 px a character, a little wider than the charts draw their figures. */
static double
measure_chars (const char *text, gpointer data)
{
  return 8.0 * g_utf8_strlen (text, -1);
}

/* The figures right of the plot fit: the column is as wide as the widest one (the timeline at
 * the width the window gives it at 1280 px clipped "network · net…" before). */
static void
test_values_fit (void)
{
  g_autoptr (RcMeasurement) one = rc_measurement_new ("demo");
  g_autoptr (RcMeasurement) three = rc_test_three_engines (1000);
  RcMeasurement *reports[] = { one, three };

  rc_measurement_add_run (one, rc_test_demo_run (RC_SCENARIO_COLD, 1, 0));
  rc_measurement_add_run (one, rc_test_demo_run (RC_SCENARIO_WARM, 1, 0));
  for (guint i = 0; i < G_N_ELEMENTS (reports); i++)
    for (RcChartKind k = RC_CHART_TIMELINE; k <= RC_CHART_RUNS; k++)
      {
        g_autoptr (RcChartModel) model = rc_chart_model_build (k, reports[i], NULL, -1);
        double widest = 0;
        RcChartGeometry g;

        if (model->xy)
          continue;
        rc_chart_geometry_compute_measured (model, 640, 900, measure_chars, NULL, &g);
        for (guint r = 0; r < model->rows->len; r++)
          if (row_at (model, r)->value != NULL)
            widest = MAX (widest, measure_chars (row_at (model, r)->value, NULL));
        g_test_message ("%s of %s: widest figure %.0f px, column %.0f px, plot %.0f px",
                        rc_chart_kind_to_string (k), i == 0 ? "one engine" : "three", widest,
                        g.values.width, g.plot.width);
        g_assert_cmpfloat (widest, <=, g.values.width);
        /* and the plot keeps most of the width */
        g_assert_cmpfloat (g.plot.width, >=, 0.3 * g.width);
        g_assert_cmpfloat (g.values.x + g.values.width, <=, g.width);
      }
  /* Narrow charts give the figures at most a third and a bit; they are ellipsized then. */
  {
    g_autoptr (RcChartModel) model = rc_chart_timeline_build (three, -1, -1);
    RcChartGeometry g;

    rc_chart_geometry_compute_measured (model, 300, 600, measure_chars, NULL, &g);
    g_assert_cmpfloat (g.values.width, <=, 0.36 * 300);
    g_assert_cmpfloat (g.plot.width, >, 0);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart/engines/grouping", test_engines_grouping);
  g_test_add_func ("/chart/engines/bytes", test_bytes_three_engines);
  g_test_add_func ("/chart/engines/runs", test_runs_three_engines);
  g_test_add_func ("/chart/engines/timeline", test_timeline_three_engines);
  g_test_add_func ("/chart/engines/heap", test_heap_three_engines);
  g_test_add_func ("/chart/engines/one-engine", test_one_engine_unchanged);
  g_test_add_func ("/chart/layout/values-fit", test_values_fit);
  return g_test_run ();
}
