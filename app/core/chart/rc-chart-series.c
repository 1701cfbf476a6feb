/* rc-chart-series.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "core/chart/rc-chart-engines.h"
#include "core/chart/rc-chart-series.h"

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
quantile (const double *sorted, guint n, double q)
{
  double pos = q * (n - 1);
  guint i = (guint) floor (pos);

  if (i + 1 >= n)
    return sorted[n - 1];
  return sorted[i] + (pos - i) * (sorted[i + 1] - sorted[i]);
}

void
rc_chart_fences (const double *values, guint n, double *low, double *high)
{
  g_autofree double *sorted = NULL;
  double q1, q3;

  *low = -INFINITY;
  *high = INFINITY;
  if (n < 4)
    return;
  sorted = g_memdup2 (values, n * sizeof (double));
  qsort (sorted, n, sizeof (double), compare_doubles);
  q1 = quantile (sorted, n, 0.25);
  q3 = quantile (sorted, n, 0.75);
  *low = q1 - 1.5 * (q3 - q1);
  *high = q3 + 1.5 * (q3 - q1);
}

/* Step keys of all runs, first-seen order. */
static gboolean
is_median_run (const RcMeasurement *report, GArray *medians, guint r)
{
  /* the timeline shows a scenario whose runs all failed by its first: not a median */
  if (((RcRunRecord *) report->runs->pdata[r])->outcome.state != RC_OUTCOME_READY)
    return FALSE;
  for (guint i = 0; i < medians->len; i++)
    if (g_array_index (medians, int, i) == (int) r)
      return TRUE;
  return FALSE;
}

/* Heap. */

static gint64
max_heap (const RcMeasurement *report, gint64 *max_rss)
{
  gint64 max = -1;

  *max_rss = -1;
  for (guint r = 0; r < report->runs->len; r++)
    {
      const RcRunRecord *run = report->runs->pdata[r];

      for (guint i = 0; i < run->steps->len; i++)
        max = MAX (max, ((RcRunStep *) run->steps->pdata[i])->heap_bytes);
      *max_rss = MAX (*max_rss, run->web_process_rss_bytes);
    }
  return max;
}

static void
add_reference (RcChartModel *model, gint64 bytes, const char *what, const char *size_text)
{
  RcChartReference *ref = g_new0 (RcChartReference, 1);
  g_autofree char *size = size_text != NULL ? g_strdup (size_text)
                                            : rc_chart_format (RC_CHART_UNIT_BYTES, (double) bytes);

  ref->y = rc_chart_scale_fraction (&model->y.scale, (double) bytes);
  ref->off_scale = ref->y > 1;
  /* TRANSLATORS: a heap chart reference line: what it is and its size, "memory_mb 1.54 GB" */
  ref->label = ref->off_scale ? g_strdup_printf (_ ("%s %s ↑ (off scale)"), what, size)
                              : g_strdup_printf (_ ("%s %s"), what, size);
  g_ptr_array_add (model->references, ref);
}

static void
heap_axes (RcChartModel *model, GPtrArray *keys, gint64 max, gint64 max_rss, gint64 limit)
{
  RcChartScale y, y2;
  double top = (double) max;

  /* A limit joins the scale when it would not squash the lines to the bottom quarter. */
  if (limit > 0 && limit <= 4 * max)
    top = MAX (top, (double) limit);
  if (RC_WASM32_HEAP_CEILING <= 4 * max)
    top = MAX (top, (double) RC_WASM32_HEAP_CEILING);
  rc_chart_scale_init (&y, 0, top, 6, RC_CHART_UNIT_BYTES);
  rc_chart_axis_set_scale (&model->y, &y, _ ("WebAssembly heap"));
  if (max_rss > 0)
    {
      rc_chart_scale_init (&y2, 0, (double) max_rss, 6, RC_CHART_UNIT_BYTES);
      rc_chart_axis_set_scale (&model->y2, &y2, _ ("Web process RSS"));
    }
  model->x.title = g_strdup (_ ("Boot step"));
  for (guint i = 0; i < keys->len; i++)
    {
      double f = (i + 0.5) / (keys->len + (max_rss > 0 ? 1 : 0));

      g_ptr_array_add (model->x.tick_labels, g_strdup (keys->pdata[i]));
      g_array_append_val (model->x.tick_fracs, f);
    }
  if (max_rss > 0)
    {
      double f = (keys->len + 0.5) / (keys->len + 1);

      g_ptr_array_add (model->x.tick_labels, g_strdup (_ ("RSS after boot")));
      g_array_append_val (model->x.tick_fracs, f);
    }
  if (limit > 0)
    add_reference (model, limit, _ ("memory_mb limit"), NULL);
  add_reference (model, RC_WASM32_HEAP_CEILING, _ ("wasm32 ceiling"), "2 GiB");
}

static void
heap_run (RcChartModel *model, GPtrArray *keys, const RcRunRecord *run, gboolean median,
          RcChartRole role)
{
  RcChartLine *line = g_new0 (RcChartLine, 1);

  line->role = role;
  line->bold = median;
  line->points = g_array_new (FALSE, FALSE, sizeof (RcChartPoint));
  line->tooltip = g_strdup (run->run_id);
  for (guint i = 0; i < run->steps->len; i++)
    {
      const RcRunStep *step = run->steps->pdata[i];
      g_autofree char *key = rc_run_step_key (step);
      g_autofree char *heap = NULL;
      guint k;
      RcChartPoint p;
      RcChartMark *mark;

      if (step->heap_bytes < 0 || !g_ptr_array_find_with_equal_func (keys, key, g_str_equal, &k))
        continue;
      p.x = g_array_index (model->x.tick_fracs, double, k);
      p.y = rc_chart_scale_fraction (&model->y.scale, (double) step->heap_bytes);
      g_array_append_val (line->points, p);
      mark = rc_chart_model_add_mark (model, RC_CHART_MARK_DOT, line->role, 0, p.x, p.x, p.y, p.y);
      mark->highlight = median;
      mark->step_key = g_strdup (key);
      heap = rc_chart_format (RC_CHART_UNIT_BYTES, (double) step->heap_bytes);
      /* TRANSLATORS: tooltip of a heap point: run, step, heap */
      mark->tooltip = g_strdup_printf (_ ("%s · %s\nheap %s"), run->run_id, key, heap);
    }
  g_ptr_array_add (model->lines, line);
}

static void
rss_run (RcChartModel *model, GPtrArray *keys, const RcRunRecord *run, RcChartRole role)
{
  RcChartLine *line = g_new0 (RcChartLine, 1);
  RcChartPoint p = { g_array_index (model->x.tick_fracs, double, model->x.tick_fracs->len - 1),
                     rc_chart_scale_fraction (&model->y2.scale,
                                              (double) run->web_process_rss_bytes) };
  g_autofree char *rss = rc_chart_format (RC_CHART_UNIT_BYTES, (double) run->web_process_rss_bytes);
  RcChartMark *mark;

  line->role = role;
  line->points_only = TRUE;
  line->dashed = TRUE;
  line->points = g_array_new (FALSE, FALSE, sizeof (RcChartPoint));
  g_array_append_val (line->points, p);
  g_ptr_array_add (model->lines, line);
  mark = rc_chart_model_add_mark (model, RC_CHART_MARK_OUTLINE, line->role, 0, p.x, p.x, p.y, p.y);
  /* TRANSLATORS: tooltip of an RSS point: run and the web process's resident size */
  mark->tooltip = g_strdup_printf (_ ("%s · web process RSS after boot %s"), run->run_id, rss);
}

/* Several engines: the lines coloured per engine (its median runs bold), a legend entry each. */
static void
heap_engine_lines (RcChartModel *model, GPtrArray *keys, const RcMeasurement *report,
                   GPtrArray *engines, gboolean rss)
{
  for (guint r = 0; r < report->runs->len; r++)
    {
      const RcRunRecord *run = report->runs->pdata[r];
      guint e;
      RcChartRole role;

      g_ptr_array_find (engines, rc_chart_engines_find (engines, run), &e);
      role = (RcChartRole) (RC_CHART_ROLE_SERIES_0 + MIN (e, 3));
      heap_run (model, keys, run, rc_chart_engines_is_median (engines, r), role);
      if (rss && run->web_process_rss_bytes >= 0)
        rss_run (model, keys, run, role);
    }
  for (guint e = 0; e < engines->len; e++)
    {
      const RcChartEngine *engine = engines->pdata[e];
      /* TRANSLATORS: heap legend, "cold runs (median run bold)" */
      g_autofree char *label =
          g_strdup_printf (_ ("%s runs (median run bold)"), engine->short_label);

      rc_chart_model_add_legend (model, (RcChartRole) (RC_CHART_ROLE_SERIES_0 + MIN (e, 3)),
                                 RC_CHART_MARK_BAR, label);
    }
  if (rss)
    rc_chart_model_add_legend (model, RC_CHART_ROLE_NEUTRAL, RC_CHART_MARK_OUTLINE,
                               _ ("web process RSS after boot (right axis)"));
  model->description =
      g_strdup_printf (_ ("Heap after each of %u steps for %u runs in %u engines."), keys->len,
                       report->runs->len, engines->len);
}

RcChartModel *
rc_chart_heap_build (const RcMeasurement *report, gint64 memory_limit_bytes)
{
  RcChartModel *model = rc_chart_model_new (RC_CHART_HEAP);
  g_autoptr (GPtrArray) keys = NULL;
  g_autoptr (GArray) medians = NULL;
  g_autoptr (GArray) scenarios = NULL;
  g_autoptr (GPtrArray) engines = NULL;
  gint64 max, max_rss;

  model->xy = TRUE;
  if (report == NULL || report->runs->len == 0)
    {
      model->empty_text = g_strdup (_ ("Boot cold and warm to see the heap after each step."));
      return model;
    }
  max = max_heap (report, &max_rss);
  keys = rc_run_stats_step_keys (report->runs);
  if (max < 0 || keys->len == 0)
    {
      model->empty_text =
          g_strdup (_ ("These runs recorded no heap sizes: boot with the heap probe to see them."));
      return model;
    }
  heap_axes (model, keys, max, max_rss, memory_limit_bytes);
  engines = rc_chart_engines (report);
  if (engines->len > 1)
    {
      heap_engine_lines (model, keys, report, engines, max_rss > 0);
      return model;
    }
  medians = rc_chart_median_runs (report);
  for (guint r = 0; r < report->runs->len; r++)
    {
      const RcRunRecord *run = report->runs->pdata[r];

      heap_run (model, keys, run, is_median_run (report, medians, r),
                rc_chart_role_for_scenario (run->scenario));
    }
  for (guint r = 0; max_rss > 0 && r < report->runs->len; r++)
    if (((RcRunRecord *) report->runs->pdata[r])->web_process_rss_bytes >= 0)
      rss_run (model, keys, report->runs->pdata[r],
               rc_chart_role_for_scenario (((RcRunRecord *) report->runs->pdata[r])->scenario));
  scenarios = rc_measurement_scenarios (report);
  for (guint i = 0; i < scenarios->len; i++)
    {
      RcScenario s = g_array_index (scenarios, RcScenario, i);
      /* TRANSLATORS: heap legend, "cold runs (median run bold)" */
      g_autofree char *label =
          g_strdup_printf (_ ("%s runs (median run bold)"), rc_scenario_to_string (s));

      rc_chart_model_add_legend (model, rc_chart_role_for_scenario (s), RC_CHART_MARK_BAR, label);
    }
  if (max_rss > 0)
    rc_chart_model_add_legend (model, RC_CHART_ROLE_NEUTRAL, RC_CHART_MARK_OUTLINE,
                               _ ("web process RSS after boot (right axis)"));
  model->description = g_strdup_printf (
      _ ("Heap after each of %u steps for %u runs, on a 0 to %s axis."), keys->len,
      report->runs->len,
      (char *) g_ptr_array_index (model->y.tick_labels, model->y.tick_labels->len - 1));
  return model;
}

/* Runs. */

typedef struct
{
  GArray *values; /* double */
  GArray *runs;   /* guint, index into report->runs */
} Sample;

/* Durations of step @key (NULL: the whole boot) in the ready-or-not runs of @scenario (and of
 * @engine, unless NULL). */
static void
collect (const RcMeasurement *report, RcScenario scenario, const char *engine, const char *key,
         Sample *out)
{
  out->values = g_array_new (FALSE, FALSE, sizeof (double));
  out->runs = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint r = 0; r < report->runs->len; r++)
    {
      const RcRunRecord *run = report->runs->pdata[r];

      if (run->scenario != scenario
          || (engine != NULL && !g_str_equal (rc_chart_run_engine (run), engine)))
        continue;
      if (key == NULL)
        {
          g_array_append_val (out->values, run->boot_ms);
          g_array_append_val (out->runs, r);
          continue;
        }
      for (guint i = 0; i < run->steps->len; i++)
        {
          g_autofree char *k = rc_run_step_key (run->steps->pdata[i]);
          double d = rc_run_step_duration (run->steps->pdata[i]);

          if (d >= 0 && g_str_equal (k, key))
            {
              g_array_append_val (out->values, d);
              g_array_append_val (out->runs, r);
              break;
            }
        }
    }
}

static void
sample_clear (Sample *s)
{
  g_array_unref (s->values);
  g_array_unref (s->runs);
}

static double
max_duration (const RcMeasurement *report, GPtrArray *keys)
{
  double max = 0;

  for (guint r = 0; r < report->runs->len; r++)
    {
      const RcRunRecord *run = report->runs->pdata[r];

      max = MAX (max, run->boot_ms);
      for (guint i = 0; i < run->steps->len; i++)
        max = MAX (max, rc_run_step_duration (run->steps->pdata[i]));
    }
  (void) keys;
  return max;
}

static void
add_dots (RcChartModel *model, const RcMeasurement *report, GArray *medians, const Sample *s,
          guint row, const char *label, double y0, double y1, RcChartRole role)
{
  double low, high;

  rc_chart_fences ((double *) s->values->data, s->values->len, &low, &high);
  for (guint i = 0; i < s->values->len; i++)
    {
      double v = g_array_index (s->values, double, i);
      guint r = g_array_index (s->runs, guint, i);
      gboolean outlier = v < low || v > high;
      gboolean median = is_median_run (report, medians, r);
      g_autofree char *text = rc_chart_format (RC_CHART_UNIT_MS, v);
      double f = rc_chart_scale_fraction (&model->x.scale, v);
      RcChartMark *mark = rc_chart_model_add_mark (
          model, RC_CHART_MARK_DOT,
          outlier ? RC_CHART_ROLE_FAILURE : (median ? role : RC_CHART_ROLE_NEUTRAL), row, f, f, y0,
          y1);

      mark->highlight = median;
      mark->step_key = g_strdup (label);
      /* TRANSLATORS: tooltip of one run's dot: run, step, duration, and a remark */
      mark->tooltip = g_strdup_printf (
          _ ("%s · %s: %s%s"), ((RcRunRecord *) report->runs->pdata[r])->run_id, label, text,
          outlier ? _ (" (outlier)") : (median ? _ (" (median run)") : ""));
    }
}

/* The runs of @scenario in @engine (NULL: every engine) in @row's slot @slot. */
static void
add_spread (RcChartModel *model, const RcMeasurement *report, GArray *medians, guint row,
            const char *key, const char *label, RcScenario scenario, const RcChartEngine *engine,
            guint slot, guint n_slots, GString *value)
{
  Sample s;
  RcStat stat;
  double y0, y1, mid;
  RcChartRole role = rc_chart_role_for_scenario (scenario);
  RcChartMark *mark;
  g_autofree char *median = NULL, *min = NULL, *max = NULL;
  /* TRANSLATORS: whose runs a whisker's tooltip is about: engine and scenario, "Chromium 156
   * cold" */
  g_autofree char *who = engine != NULL ? g_strdup_printf (_ ("%s %s"), engine->short_label,
                                                           rc_scenario_to_string (scenario))
                                        : g_strdup (rc_scenario_to_string (scenario));

  collect (report, scenario, engine != NULL ? engine->engine : NULL, key, &s);
  if (value->len > 0)
    g_string_append (value, " · ");
  if (s.values->len == 0)
    {
      g_string_append (value, "–");
      sample_clear (&s);
      return;
    }
  rc_stat_compute (&stat, (double *) s.values->data, s.values->len);
  rc_chart_slot (slot, n_slots, &y0, &y1);
  mid = (y0 + y1) / 2;
  median = rc_chart_format (RC_CHART_UNIT_MS, stat.median);
  min = rc_chart_format (RC_CHART_UNIT_MS, stat.min);
  max = rc_chart_format (RC_CHART_UNIT_MS, stat.max);
  mark = rc_chart_model_add_mark (model, RC_CHART_MARK_WHISKER, role, row,
                                  rc_chart_scale_fraction (&model->x.scale, stat.min),
                                  rc_chart_scale_fraction (&model->x.scale, stat.max),
                                  mid - (y1 - y0) * 0.3, mid + (y1 - y0) * 0.3);
  /* TRANSLATORS: tooltip of a min–max whisker: scenario, step, median, min, max, run count */
  mark->tooltip = g_strdup_printf (_ ("%s · %s: median %s, min %s, max %s over %u runs"), who,
                                   label, median, min, max, stat.n);
  mark->step_key = g_strdup (label);
  rc_chart_model_add_mark (model, RC_CHART_MARK_TICK, role, row,
                           rc_chart_scale_fraction (&model->x.scale, stat.median),
                           rc_chart_scale_fraction (&model->x.scale, stat.median), y0, y1);
  add_dots (model, report, medians, &s, row, label, y0, y1, role);
  g_string_append (value, median);
  sample_clear (&s);
}

/* Several engines: under every step a row per engine, labelled with it, with that engine's runs
 * of each scenario (slots as with one engine), so the engines sit side by side. The median
 * runs are each engine's own. */
static void
runs_engine_rows (RcChartModel *model, const RcMeasurement *report, GPtrArray *keys,
                  GArray *scenarios, GPtrArray *engines)
{
  g_autoptr (GArray) medians = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint e = 0; e < engines->len; e++)
    {
      const RcChartEngine *engine = engines->pdata[e];

      g_array_append_vals (medians, engine->medians->data, engine->medians->len);
    }
  for (guint k = 0; k <= keys->len; k++)
    {
      const char *key = k == 0 ? NULL : keys->pdata[k - 1];
      const char *label = key != NULL ? key : _ ("whole boot");

      rc_chart_model_add_row (model, label, 0, key == NULL, key);
      for (guint e = 0; e < engines->len; e++)
        {
          const RcChartEngine *engine = engines->pdata[e];
          guint row = rc_chart_model_add_row (model, engine->short_label, 1, FALSE, key);
          g_autoptr (GString) value = g_string_new (NULL);

          for (guint i = 0; i < scenarios->len; i++)
            add_spread (model, report, medians, row, key, label,
                        g_array_index (scenarios, RcScenario, i), engine, i, scenarios->len, value);
          rc_chart_model_set_row_value (model, row, value->str);
        }
    }
}

RcChartModel *
rc_chart_runs_build (const RcMeasurement *report)
{
  RcChartModel *model = rc_chart_model_new (RC_CHART_RUNS);
  g_autoptr (GPtrArray) keys = NULL;
  g_autoptr (GArray) medians = NULL;
  g_autoptr (GArray) scenarios = NULL;
  g_autoptr (GPtrArray) engines = NULL;
  RcChartScale x;

  if (report == NULL || report->runs->len == 0)
    {
      model->empty_text =
          g_strdup (_ ("Measure several runs to see each step's median, spread and outliers."));
      return model;
    }
  keys = rc_run_stats_step_keys (report->runs);
  medians = rc_chart_median_runs (report);
  scenarios = rc_measurement_scenarios (report);
  engines = rc_chart_engines (report);
  model->row_natural = rc_chart_slot_row_height (scenarios->len);
  rc_chart_scale_init (&x, 0, max_duration (report, keys), 8, RC_CHART_UNIT_MS);
  rc_chart_axis_set_scale (&model->x, &x, _ ("Duration"));
  if (engines->len > 1)
    runs_engine_rows (model, report, keys, scenarios, engines);
  for (guint k = 0; engines->len <= 1 && k <= keys->len; k++)
    {
      const char *key = k == 0 ? NULL : keys->pdata[k - 1];
      const char *label = key != NULL ? key : _ ("whole boot");
      guint row = rc_chart_model_add_row (model, label, 0, key == NULL, key);
      g_autoptr (GString) value = g_string_new (NULL);

      for (guint i = 0; i < scenarios->len; i++)
        add_spread (model, report, medians, row, key, label,
                    g_array_index (scenarios, RcScenario, i), NULL, i, scenarios->len, value);
      rc_chart_model_set_row_value (model, row, value->str);
    }
  for (guint i = 0; i < scenarios->len; i++)
    {
      RcScenario s = g_array_index (scenarios, RcScenario, i);
      guint n = 0;
      g_autofree char *label = NULL;

      for (guint r = 0; r < report->runs->len; r++)
        n += ((RcRunRecord *) report->runs->pdata[r])->scenario == s;
      /* TRANSLATORS: runs legend: scenario, run count, "cold: 5 runs, min–max and median" */
      label = g_strdup_printf (
          ngettext ("%s: %u run, min–max and median", "%s: %u runs, min–max and median", n),
          rc_scenario_to_string (s), n);

      rc_chart_model_add_legend (model, rc_chart_role_for_scenario (s), RC_CHART_MARK_WHISKER,
                                 label);
    }
  rc_chart_model_add_legend (model, RC_CHART_ROLE_NEUTRAL, RC_CHART_MARK_DOT, _ ("one run"));
  rc_chart_model_add_legend (model, RC_CHART_ROLE_SERIES_0, RC_CHART_MARK_DOT,
                             _ ("median run (large)"));
  rc_chart_model_add_legend (model, RC_CHART_ROLE_FAILURE, RC_CHART_MARK_DOT, _ ("outlier"));
  model->description = g_strdup_printf (
      _ ("Step times of %u runs: per step the median, the min–max range and every run."),
      report->runs->len);
  return model;
}
