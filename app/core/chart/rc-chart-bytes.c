/* rc-chart-bytes.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "core/base/rc-format.h"
#include "core/chart/rc-chart-bytes.h"
#include "core/chart/rc-chart-engines.h"
#include "core/measurement/rc-compare.h"

/* A zero-byte bar (a cache hit) still shows as a short stub of its verdict's colour. */
#define STUB_FRACTION 0.012

RcVerdict
rc_chart_group_verdict (const RcRunAnalysis *analysis, const char *group)
{
  static const RcVerdict order[] = { RC_VERDICT_FAILED, RC_VERDICT_DISAGREE, RC_VERDICT_NETWORK,
                                     RC_VERDICT_REVALIDATED };
  gboolean seen[RC_VERDICT_DISAGREE + 1] = { FALSE };

  for (guint i = 0; i < analysis->resources->len; i++)
    {
      const RcResourceVerdict *v = g_ptr_array_index (analysis->resources, i);

      if (g_strcmp0 (v->group, group) == 0)
        seen[v->verdict] = TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (seen[order[i]])
      return order[i];
  return RC_VERDICT_CACHE;
}

typedef struct
{
  const RcRunRecord *run;
  const RcRunAnalysis *analysis; /* the report's */
} Series;

static GPtrArray *
group_keys (Series *series, guint n)
{
  GPtrArray *keys = g_ptr_array_new ();

  for (guint s = 0; s < n; s++)
    for (guint i = 0; i < series[s].analysis->group_totals->len; i++)
      {
        const RcByteTotal *t = g_ptr_array_index (series[s].analysis->group_totals, i);

        if (t->requests > 0 && !g_ptr_array_find_with_equal_func (keys, t->key, g_str_equal, NULL))
          g_ptr_array_add (keys, t->key);
      }
  return keys;
}

static void
add_bar (RcChartModel *model, guint row, guint slot, guint n, const Series *s, const char *group,
         guint64 bytes, gint64 decoded, guint requests, guint network, RcVerdict verdict)
{
  double y0, y1, x1 = rc_chart_scale_fraction (&model->x.scale, (double) bytes);
  g_autofree char *size = rc_format_wire_bytes ((gint64) bytes, decoded);
  g_autofree char *wire = rc_chart_format (RC_CHART_UNIT_BYTES, (double) bytes);
  RcChartMark *mark;

  rc_chart_slot (slot, n, &y0, &y1);
  if (decoded > 0 && (guint64) decoded != bytes)
    rc_chart_model_add_mark (model, RC_CHART_MARK_OUTLINE, RC_CHART_ROLE_NEUTRAL, row, 0,
                             rc_chart_scale_fraction (&model->x.scale, (double) decoded), y0, y1);
  mark = rc_chart_model_add_mark (model, RC_CHART_MARK_BAR, RC_CHART_ROLE_FOR_VERDICT (verdict),
                                  row, 0, MAX (x1, STUB_FRACTION), y0, y1);
  /* TRANSLATORS: a bytes bar's label: verdict and wire bytes, "network 5.10 MB" */
  mark->label = g_strdup_printf (_ ("%s %s"), rc_chart_verdict_label (verdict), wire);
  /* TRANSLATORS: tooltip of a bytes bar: run, group, verdict, requests, network, bytes */
  mark->tooltip =
      g_strdup_printf (_ ("%s · %s\n%s · %u requests, %u to the network\n%s"), s->run->run_id,
                       group, rc_chart_verdict_label (verdict), requests, network, size);
}

static void
bytes_axis (RcChartModel *model, Series *series, guint n)
{
  double max = 0;
  RcChartScale x;

  for (guint s = 0; s < n; s++)
    {
      max = MAX (max, (double) series[s].analysis->total_bytes);
      max = MAX (max, (double) series[s].analysis->total_decoded_bytes);
    }
  rc_chart_scale_init (&x, 0, max, 6, RC_CHART_UNIT_BYTES);
  rc_chart_axis_set_scale (&model->x, &x, _ ("Bytes on the wire (outline: once decoded)"));
}

/* The bar of @series in @row's slot @slot for @key's group (NULL: the total), and its figure
 * appended to @value. */
static void
bytes_cell (RcChartModel *model, guint row, guint slot, guint n, const Series *series,
            const char *key, GString *value)
{
  const RcRunAnalysis *a = series->analysis;
  gboolean total = key == NULL;
  const RcByteTotal *t = total ? NULL : rc_run_analysis_group (a, key);
  guint64 bytes = total ? a->total_bytes : (t != NULL ? t->bytes : 0);
  g_autofree char *size = rc_chart_format (RC_CHART_UNIT_BYTES, (double) bytes);

  if (value->len > 0)
    g_string_append (value, " · ");
  if (!total && t == NULL)
    {
      g_string_append (value, "–");
      return;
    }
  g_string_append (value, size);
  if (total)
    add_bar (model, row, slot, n, series, _ ("total"), bytes, a->total_decoded_bytes,
             a->resources->len, a->counts[RC_VERDICT_NETWORK],
             a->counts[RC_VERDICT_NETWORK] > 0 ? RC_VERDICT_NETWORK : RC_VERDICT_CACHE);
  else
    add_bar (model, row, slot, n, series, key, bytes, t->decoded_bytes, t->requests, t->network,
             rc_chart_group_verdict (a, key));
}

static void
bytes_rows (RcChartModel *model, Series *series, guint n)
{
  g_autoptr (GPtrArray) keys = group_keys (series, n);

  for (guint k = 0; k <= keys->len; k++)
    {
      gboolean total = k == keys->len;
      guint row = rc_chart_model_add_row (model, total ? _ ("total until ready") : keys->pdata[k],
                                          0, total, NULL);
      g_autoptr (GString) value = g_string_new (NULL);

      for (guint s = 0; s < n; s++)
        bytes_cell (model, row, s, n, &series[s], total ? NULL : keys->pdata[k], value);
      rc_chart_model_set_row_value (model, row, value->str);
    }
}

/* Several engines: under every group a row per engine, labelled with it, whose bars are that
 * engine's median runs (cold above warm), so the engines sit side by side. @series holds each
 * engine's runs in turn, @slots their slot in the engine's row. */
static void
bytes_engine_rows (RcChartModel *model, Series *series, guint n, GPtrArray *engines,
                   const guint *slots)
{
  g_autoptr (GPtrArray) keys = group_keys (series, n);
  guint n_slots = rc_chart_engines_max_scenarios (engines);

  for (guint k = 0; k <= keys->len; k++)
    {
      gboolean total = k == keys->len;

      rc_chart_model_add_row (model, total ? _ ("total until ready") : keys->pdata[k], 0, total,
                              NULL);
      for (guint e = 0; e < engines->len; e++)
        {
          const RcChartEngine *engine = engines->pdata[e];
          guint row = rc_chart_model_add_row (model, engine->short_label, 1, total, NULL);
          g_autoptr (GString) value = g_string_new (NULL);

          for (guint s = 0; s < n; s++)
            if (rc_chart_engines_find (engines, series[s].run) == engine)
              bytes_cell (model, row, slots[s], n_slots, &series[s], total ? NULL : keys->pdata[k],
                          value);
          rc_chart_model_set_row_value (model, row, value->str);
        }
    }
}

static void
bytes_summary (RcChartModel *model, Series *series, guint n)
{
  g_autoptr (GString) order = g_string_new (NULL);

  for (guint s = 0; s < n; s++)
    g_string_append_printf (order, "%s%s", s > 0 ? ", " : "", series[s].run->run_id);
  /* TRANSLATORS: the first summary line of the bytes chart: the runs in bar order */
  g_ptr_array_add (model->summary, g_strdup_printf (_ ("Bars top to bottom: %s"), order->str));
  for (guint s = 0; s < n; s++)
    {
      const guint *c = series[s].analysis->counts;

      /* TRANSLATORS: requests by verdict of one run: run, then the five counts */
      g_ptr_array_add (model->summary,
                       g_strdup_printf (_ ("%s: %u network · %u cache · %u revalidated · %u failed "
                                           "· %u disagree"),
                                        series[s].run->run_id, c[RC_VERDICT_NETWORK],
                                        c[RC_VERDICT_CACHE], c[RC_VERDICT_REVALIDATED],
                                        c[RC_VERDICT_FAILED], c[RC_VERDICT_DISAGREE]));
    }
}

static void
bytes_legend (RcChartModel *model)
{
  for (RcVerdict v = RC_VERDICT_NETWORK; v <= RC_VERDICT_DISAGREE; v++)
    rc_chart_model_add_legend (model, RC_CHART_ROLE_FOR_VERDICT (v), RC_CHART_MARK_BAR,
                               rc_chart_verdict_label (v));
  rc_chart_model_add_legend (model, RC_CHART_ROLE_NEUTRAL, RC_CHART_MARK_OUTLINE,
                             _ ("decoded size"));
}

static RcChartModel *
bytes_build_engines (RcChartModel *model, const RcMeasurement *report, GPtrArray *engines)
{
  g_autoptr (GArray) series = g_array_new (FALSE, TRUE, sizeof (Series));
  g_autoptr (GArray) slots = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GString) order = g_string_new (NULL);
  g_autoptr (GString) bars = g_string_new (NULL);
  const RcChartEngine *first = engines->pdata[0];
  Series *all;

  for (guint e = 0; e < engines->len; e++)
    {
      const RcChartEngine *engine = engines->pdata[e];

      for (guint m = 0; m < engine->medians->len; m++)
        {
          int index = g_array_index (engine->medians, int, m);
          Series s = { report->runs->pdata[index], rc_measurement_get_analysis (report, index) };

          g_array_append_val (series, s);
          g_array_append_val (slots, m);
        }
    }
  all = (Series *) series->data;
  model->row_natural = rc_chart_slot_row_height (rc_chart_engines_max_scenarios (engines));
  bytes_axis (model, all, series->len);
  bytes_engine_rows (model, all, series->len, engines, (guint *) slots->data);
  bytes_summary (model, all, series->len);
  for (guint e = 0; e < engines->len; e++)
    g_string_append_printf (order, "%s%s", e > 0 ? ", " : "",
                            ((RcChartEngine *) engines->pdata[e])->short_label);
  for (guint i = 0; i < first->scenarios->len; i++)
    g_string_append_printf (
        bars, "%s%s", i > 0 ? ", " : "",
        rc_scenario_to_string (g_array_index (first->scenarios, RcScenario, i)));
  /* The first line says the rows' order, not the runs': one row per engine. */
  g_free (model->summary->pdata[0]);
  /* TRANSLATORS: the bytes chart's first summary line with several engines: the engines in
   * row order, then the bars of each row, "cold, warm" */
  model->summary->pdata[0] = g_strdup_printf (
      _ ("A row per engine under every group: %s; bars top to bottom: %s"), order->str, bars->str);
  bytes_legend (model);
  model->description = g_strdup_printf (
      _ ("Wire bytes per resource group of %u runs in %u engines, coloured by cache verdict."),
      series->len, engines->len);
  return model;
}

RcChartModel *
rc_chart_bytes_build (const RcMeasurement *report)
{
  RcChartModel *model = rc_chart_model_new (RC_CHART_BYTES);
  g_autoptr (GArray) medians = rc_chart_median_runs (report);
  g_autoptr (GPtrArray) engines = rc_chart_engines (report);
  Series series[4];
  guint n = MIN (medians->len, G_N_ELEMENTS (series));

  if (n == 0)
    {
      model->empty_text = g_strdup (_ ("Boot cold and warm to see the bytes and cache hits."));
      return model;
    }
  if (engines->len > 1)
    return bytes_build_engines (model, report, engines);
  for (guint s = 0; s < n; s++)
    {
      int index = g_array_index (medians, int, s);

      series[s].run = report->runs->pdata[index];
      series[s].analysis = rc_measurement_get_analysis (report, index);
    }
  model->row_natural = rc_chart_slot_row_height (n);
  bytes_axis (model, series, n);
  bytes_rows (model, series, n);
  bytes_summary (model, series, n);
  bytes_legend (model);
  model->description = g_strdup_printf (
      _ ("Wire bytes per resource group of %u runs, coloured by cache verdict."), n);
  return model;
}

/* Compare. */

static void
compare_slot (RcChartModel *model, guint row, guint slot, const RcStat *stat, const char *who,
              const char *label)
{
  double y0, y1;
  g_autofree char *median = rc_chart_format (RC_CHART_UNIT_MS, stat->median);
  g_autofree char *min = rc_chart_format (RC_CHART_UNIT_MS, stat->min);
  g_autofree char *max = rc_chart_format (RC_CHART_UNIT_MS, stat->max);
  RcChartMark *mark;
  double mid;

  rc_chart_slot (slot, 2, &y0, &y1);
  mid = (y0 + y1) / 2;
  mark = rc_chart_model_add_mark (
      model, RC_CHART_MARK_BAR, slot == 0 ? RC_CHART_ROLE_SERIES_0 : RC_CHART_ROLE_SERIES_1, row, 0,
      rc_chart_scale_fraction (&model->x.scale, stat->median), y0, y1);
  /* TRANSLATORS: tooltip of a compare bar: report, step, median, min, max, runs */
  mark->tooltip = g_strdup_printf (_ ("%s · %s: median %s (min %s, max %s, %u runs)"), who, label,
                                   median, min, max, stat->n);
  mark->step_key = g_strdup (label);
  if (stat->n > 1)
    rc_chart_model_add_mark (model, RC_CHART_MARK_WHISKER, RC_CHART_ROLE_NEUTRAL, row,
                             rc_chart_scale_fraction (&model->x.scale, stat->min),
                             rc_chart_scale_fraction (&model->x.scale, stat->max),
                             mid - (y1 - y0) * 0.2, mid + (y1 - y0) * 0.2);
}

static gboolean
overlap (const RcStat *a, const RcStat *b)
{
  return a->n > 1 && b->n > 1 && a->min <= b->max && b->min <= a->max;
}

static char *
difference (const RcStat *a, const RcStat *b, gboolean in_a, gboolean in_b, gboolean noise)
{
  g_autofree char *delta = NULL;

  if (!in_a)
    return g_strdup (_ ("only in B"));
  if (!in_b)
    return g_strdup (_ ("only in A"));
  delta = rc_chart_format (RC_CHART_UNIT_MS, fabs (b->median - a->median));
  /* TRANSLATORS: a compare row's difference: sign, amount and "≈ within noise" */
  return g_strdup_printf (noise ? _ ("%s%s ≈ within noise") : _ ("%s%s"),
                          b->median >= a->median ? "+" : "−", delta);
}

static void
compare_row (RcChartModel *model, const char *label, gboolean emphasis, const RcStat *a,
             const RcStat *b, gboolean in_a, gboolean in_b, gboolean noise, const char *la,
             const char *lb)
{
  guint row = rc_chart_model_add_row (model, label, 0, emphasis, emphasis ? NULL : label);
  g_autofree char *value = difference (a, b, in_a, in_b, noise);

  if (in_a)
    compare_slot (model, row, 0, a, la, label);
  if (in_b)
    compare_slot (model, row, 1, b, lb, label);
  rc_chart_model_set_row_value (model, row, value);
}

static void
compare_axis (RcChartModel *model, const RcComparison *c)
{
  double max = MAX (c->boot_a.max, c->boot_b.max);
  RcChartScale x;

  for (guint i = 0; i < c->rows->len; i++)
    {
      const RcCompareRow *r = g_ptr_array_index (c->rows, i);

      max = MAX (max, MAX (r->a.max, r->b.max));
    }
  rc_chart_scale_init (&x, 0, max, 8, RC_CHART_UNIT_MS);
  rc_chart_axis_set_scale (&model->x, &x, _ ("Median duration, whiskers from min to max"));
}

RcChartModel *
rc_chart_compare_build_labelled (const RcMeasurement *a, const RcMeasurement *b,
                                 const char *label_a, const char *label_b)
{
  RcChartModel *model = rc_chart_model_new (RC_CHART_COMPARE);
  g_autoptr (RcComparison) c = NULL;
  g_autofree char *la = NULL, *lb = NULL;

  if (a == NULL || b == NULL || a->runs->len == 0 || b->runs->len == 0)
    {
      model->empty_text =
          g_strdup (_ ("Open a second report (Compare with…) to see two reports side by side."));
      return model;
    }
  c = rc_measurement_compare (a, b, -1);
  /* TRANSLATORS: legend of a compared report: "A: before.json (cold)" */
  la = g_strdup_printf (_ ("A: %s (%s)"), label_a != NULL ? label_a : a->community,
                        rc_scenario_to_string (c->scenario));
  lb = g_strdup_printf (_ ("B: %s (%s)"), label_b != NULL ? label_b : b->community,
                        rc_scenario_to_string (c->scenario));
  model->row_natural = rc_chart_slot_row_height (2);
  compare_axis (model, c);
  compare_row (model, _ ("whole boot"), TRUE, &c->boot_a, &c->boot_b, c->boot_a.n > 0,
               c->boot_b.n > 0, overlap (&c->boot_a, &c->boot_b), "A", "B");
  for (guint i = 0; i < c->rows->len; i++)
    {
      const RcCompareRow *r = g_ptr_array_index (c->rows, i);

      compare_row (model, r->key, FALSE, &r->a, &r->b, r->in_a, r->in_b, r->in_noise, "A", "B");
    }
  if (c->warnings->len > 0)
    {
      g_autoptr (GString) what = g_string_new (NULL);

      for (guint i = 0; i < c->warnings->len; i++)
        g_string_append_printf (what, "%s%s", i > 0 ? "; " : "", (char *) c->warnings->pdata[i]);
      /* TRANSLATORS: the compare banner, followed by what differs */
      model->banner = g_strdup_printf (_ ("Environments differ: %s"), what->str);
    }
  rc_chart_model_add_legend (model, RC_CHART_ROLE_SERIES_0, RC_CHART_MARK_BAR, la);
  rc_chart_model_add_legend (model, RC_CHART_ROLE_SERIES_1, RC_CHART_MARK_BAR, lb);
  rc_chart_model_add_legend (model, RC_CHART_ROLE_NEUTRAL, RC_CHART_MARK_WHISKER,
                             _ ("min–max of the runs"));
  model->description =
      g_strdup_printf (_ ("Comparison of %s and %s over %u steps."), la, lb, c->rows->len);
  return model;
}

RcChartModel *
rc_chart_compare_build (const RcMeasurement *a, const RcMeasurement *b)
{
  return rc_chart_compare_build_labelled (a, b, NULL, NULL);
}
