/* rc-chart-timeline.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "core/base/rc-format.h"
#include "core/chart/rc-chart-engines.h"
#include "core/chart/rc-chart-timeline.h"

typedef struct
{
  const RcRunRecord *run;
  const RcRunAnalysis *analysis; /* the report's */
  RcChartRole role;
  double end_ms;
  guint slot, n_slots;
  const RcChartEngine *engine; /* the lane's engine when the report has several, else NULL */
} Series;

/* Two runs (cold above warm), or one lane per engine (at most four: the series roles). */
#define MAX_LANES 4

typedef struct
{
  RcChartModel *model;
  Series series[MAX_LANES];
  guint n;
  RcChartScale scale;
} Timeline;

double
rc_chart_run_end_ms (const RcRunRecord *run)
{
  double end = 0;

  if (run->ready_ms >= 0)
    return run->ready_ms;
  for (guint i = 0; i < run->steps->len; i++)
    {
      const RcRunStep *step = g_ptr_array_index (run->steps, i);

      end = MAX (end, MAX (step->start_ms, step->end_ms));
    }
  for (guint i = 0; i < run->sub_phases->len; i++)
    end = MAX (end, ((RcSubPhase *) g_ptr_array_index (run->sub_phases, i))->end_ms);
  for (guint i = 0; i < run->timings->len; i++)
    end = MAX (end, ((RcResourceTiming *) g_ptr_array_index (run->timings, i))->response_end);
  return end;
}

static double
frac (Timeline *t, double ms)
{
  return rc_chart_scale_fraction (&t->scale, ms);
}

static void
extend (double *lo, double *hi, double a, double b)
{
  if (isfinite (a))
    *lo = MIN (*lo, a), *hi = MAX (*hi, a);
  if (isfinite (b) && b >= 0)
    *hi = MAX (*hi, b);
}

static void
compute_scale (Timeline *t)
{
  double lo = 0, hi = 0;

  for (guint s = 0; s < t->n; s++)
    {
      const Series *series = &t->series[s];

      for (guint i = 0; i < series->run->steps->len; i++)
        {
          const RcRunStep *step = g_ptr_array_index (series->run->steps, i);

          extend (&lo, &hi, step->start_ms, step->end_ms);
        }
      for (guint i = 0; i < series->analysis->resources->len; i++)
        {
          const RcResourceVerdict *v = g_ptr_array_index (series->analysis->resources, i);

          extend (&lo, &hi, v->start_ms, v->end_ms);
        }
      extend (&lo, &hi, series->end_ms, series->end_ms);
    }
  rc_chart_scale_init (&t->scale, lo, hi, 8, RC_CHART_UNIT_MS);
  if (t->n == 1 && t->series[0].run->worker_start_ms >= 0)
    {
      /* the boot time is the page's (navigation start to ready): say how far it is ahead */
      g_autofree char *ahead = g_strdup_printf ("%.0f ms", t->series[0].run->worker_start_ms);
      /* TRANSLATORS: %s is "250 ms": the page's navigation started that long before the worker */
      g_autofree char *title =
          g_strdup_printf (_ ("Time since the worker started (the page's navigation began %s "
                              "earlier)"),
                           ahead);

      rc_chart_axis_set_scale (&t->model->x, &t->scale, title);
    }
  else
    rc_chart_axis_set_scale (&t->model->x, &t->scale, _ ("Time since the worker started"));
}

static const RcRunStep *
find_step (const RcRunRecord *run, const char *key)
{
  for (guint i = 0; i < run->steps->len; i++)
    {
      const RcRunStep *step = g_ptr_array_index (run->steps, i);
      g_autofree char *k = rc_run_step_key (step);

      if (g_str_equal (k, key))
        return step;
    }
  return NULL;
}

static const RcByteTotal *
step_total (const RcRunAnalysis *analysis, guint step)
{
  for (guint i = 0; i < analysis->step_totals->len; i++)
    {
      const RcByteTotal *total = g_ptr_array_index (analysis->step_totals, i);

      if (total->step == step)
        return total;
    }
  return NULL;
}

static char *
step_tooltip (const Series *series, const RcRunStep *step, const char *key, double end)
{
  const RcByteTotal *total = step_total (series->analysis, step->step);
  g_autofree char *start = rc_chart_format (RC_CHART_UNIT_MS, step->start_ms);
  g_autofree char *duration = rc_chart_format (RC_CHART_UNIT_MS, end - step->start_ms);
  g_autofree char *bytes = total != NULL
                               ? rc_format_wire_bytes ((gint64) total->bytes, total->decoded_bytes)
                               : g_strdup ("–");
  g_autofree char *heap = step->heap_bytes >= 0
                              ? rc_chart_format (RC_CHART_UNIT_BYTES, (double) step->heap_bytes)
                              : g_strdup (_ ("unknown"));

  /* TRANSLATORS: a timeline bar's tooltip: run, step, start, duration, bytes, heap */
  return g_strdup_printf (_ ("%s · step %u/%u %s\nstarts at %s, takes %s\n%s · heap %s"),
                          series->run->run_id, step->step, step->steps, key, start, duration, bytes,
                          heap);
}

static void
add_failure (Timeline *t, const Series *series, guint row)
{
  const RcOutcome *o = &series->run->outcome;
  g_autofree char *at = rc_chart_format (RC_CHART_UNIT_MS, series->end_ms);
  double y0, y1;
  RcChartMark *mark;

  rc_chart_slot (series->slot, series->n_slots, &y0, &y1);
  mark = rc_chart_model_add_mark (t->model, RC_CHART_MARK_FAILURE, RC_CHART_ROLE_FAILURE, row,
                                  frac (t, series->end_ms), frac (t, series->end_ms), y0, y1);
  /* TRANSLATORS: tooltip of the mark where a run failed: run, kind, time, message */
  mark->tooltip = g_strdup_printf (_ ("%s failed (%s) at %s\n%s"), series->run->run_id,
                                   o->kind != NULL ? o->kind : _ ("unknown"), at,
                                   o->message != NULL ? o->message : "");
}

static void
add_step_row (Timeline *t, const char *key, guint *failure_row)
{
  guint row = rc_chart_model_add_row (t->model, key, 0, FALSE, key);
  g_autoptr (GString) value = g_string_new (NULL);

  for (guint s = 0; s < t->n; s++)
    {
      const Series *series = &t->series[s];
      const RcRunStep *step = find_step (series->run, key);
      double end, y0, y1;
      RcChartMark *mark;

      if (value->len > 0)
        g_string_append (value, " · ");
      if (step == NULL)
        {
          g_string_append (value, "–");
          continue;
        }
      /* An open step of a failed run ends where the run ended. */
      end = step->end_ms >= 0 ? step->end_ms : series->end_ms;
      rc_chart_slot (series->slot, series->n_slots, &y0, &y1);
      mark = rc_chart_model_add_mark (t->model, RC_CHART_MARK_BAR, series->role, row,
                                      frac (t, step->start_ms), frac (t, MAX (end, step->start_ms)),
                                      y0, y1);
      mark->tooltip = step_tooltip (series, step, key, end);
      mark->step_key = g_strdup (key);
      {
        g_autofree char *d = rc_chart_format (RC_CHART_UNIT_MS, end - step->start_ms);

        g_string_append (value, d);
      }
      failure_row[s] = row;
    }
  rc_chart_model_set_row_value (t->model, row, value->str);
}

/* python-init's two parts sit under it; the slowest imports under python-imports. */
static guint
sub_phase_indent (const char *name)
{
  return g_str_equal (name, "python-startup") || g_str_equal (name, "python-imports") ? 2 : 1;
}

static void
add_sub_phase_rows (Timeline *t, const char *key)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  for (guint s = 0; s < t->n; s++)
    for (guint i = 0; i < t->series[s].run->sub_phases->len; i++)
      {
        const RcSubPhase *p = g_ptr_array_index (t->series[s].run->sub_phases, i);

        if (!g_ptr_array_find_with_equal_func (names, p->name, g_str_equal, NULL))
          g_ptr_array_add (names, p->name);
      }
  for (guint n = 0; n < names->len; n++)
    {
      guint row = rc_chart_model_add_row (t->model, names->pdata[n],
                                          sub_phase_indent (names->pdata[n]), FALSE, key);
      g_autoptr (GString) value = g_string_new (NULL);

      for (guint s = 0; s < t->n; s++)
        for (guint i = 0; i < t->series[s].run->sub_phases->len; i++)
          {
            const RcSubPhase *p = g_ptr_array_index (t->series[s].run->sub_phases, i);
            g_autofree char *start = rc_chart_format (RC_CHART_UNIT_MS, p->start_ms);
            g_autofree char *duration = rc_chart_format (RC_CHART_UNIT_MS, p->end_ms - p->start_ms);
            double y0, y1;
            RcChartMark *mark;

            if (!g_str_equal (p->name, names->pdata[n]))
              continue;
            rc_chart_slot (t->series[s].slot, t->series[s].n_slots, &y0, &y1);
            mark = rc_chart_model_add_mark (t->model, RC_CHART_MARK_BAR, t->series[s].role, row,
                                            frac (t, p->start_ms), frac (t, p->end_ms),
                                            y0 + (y1 - y0) * 0.2, y1 - (y1 - y0) * 0.2);
            /* TRANSLATORS: tooltip of a sub-phase bar: run, name, source, start, duration */
            mark->tooltip =
                g_strdup_printf (_ ("%s · sub-phase %s (%s)\nstarts at %s, takes %s"),
                                 t->series[s].run->run_id, p->name, p->source, start, duration);
            mark->step_key = g_strdup (key);
            g_string_append_printf (value, "%s%s", value->len > 0 ? " · " : "", duration);
          }
      rc_chart_model_set_row_value (t->model, row, value->str);
    }
}

#define TIMELINE_IMPORTS 5

/* The slowest imports of either run (-X importtime), each once, the first run's order first. */
static GPtrArray *
slow_import_names (Timeline *t)
{
  GPtrArray *names = g_ptr_array_new ();

  for (guint s = 0; s < t->n; s++)
    {
      const GPtrArray *slowest = t->series[s].run->interpreter.slowest;

      for (guint i = 0; i < slowest->len && names->len < TIMELINE_IMPORTS; i++)
        {
          const RcImportTime *it = slowest->pdata[i];

          if (it->t_ms >= 0
              && !g_ptr_array_find_with_equal_func (names, it->module, g_str_equal, NULL))
            g_ptr_array_add (names, it->module);
        }
    }
  return names;
}

static const RcImportTime *
find_import (const RcRunRecord *run, const char *module)
{
  for (guint i = 0; i < run->interpreter.slowest->len; i++)
    {
      const RcImportTime *it = run->interpreter.slowest->pdata[i];

      if (g_str_equal (it->module, module) && it->t_ms >= 0)
        return it;
    }
  return NULL;
}

/* Under python-imports: a bar per slow import, ending at its line's clock and as long as its
 * cumulative time (with the imports it caused). */
static void
add_import_rows (Timeline *t, const char *key)
{
  g_autoptr (GPtrArray) names = slow_import_names (t);

  for (guint n = 0; n < names->len; n++)
    {
      g_autofree char *label = g_strdup_printf ("import %s", (char *) names->pdata[n]);
      guint row = rc_chart_model_add_row (t->model, label, 3, FALSE, key);
      g_autoptr (GString) value = g_string_new (NULL);

      for (guint s = 0; s < t->n; s++)
        {
          const RcImportTime *it = find_import (t->series[s].run, names->pdata[n]);
          double start, y0, y1;
          RcChartMark *mark;
          g_autofree char *took = NULL, *own = NULL;

          if (it == NULL)
            continue;
          start = it->t_ms - it->cumulative_us / 1000.0;
          took = rc_chart_format (RC_CHART_UNIT_MS, it->cumulative_us / 1000.0);
          own = rc_chart_format (RC_CHART_UNIT_MS, it->self_us / 1000.0);
          rc_chart_slot (t->series[s].slot, t->series[s].n_slots, &y0, &y1);
          mark = rc_chart_model_add_mark (t->model, RC_CHART_MARK_BAR, t->series[s].role, row,
                                          frac (t, start), frac (t, it->t_ms), y0 + (y1 - y0) * 0.3,
                                          y1 - (y1 - y0) * 0.3);
          /* TRANSLATORS: tooltip of an import bar: run, module, duration, its own part */
          mark->tooltip = g_strdup_printf (_ ("%s · import %s (-X importtime)\ntakes %s, %s of "
                                              "it its own"),
                                           t->series[s].run->run_id, it->module, took, own);
          mark->step_key = g_strdup (key);
          g_string_append_printf (value, "%s%s", value->len > 0 ? " · " : "", took);
        }
      rc_chart_model_set_row_value (t->model, row, value->str);
    }
}

static char *
request_tooltip (const Series *series, const RcResourceVerdict *v)
{
  g_autofree char *start = rc_chart_format (RC_CHART_UNIT_MS, v->start_ms);
  g_autofree char *duration =
      rc_chart_format (RC_CHART_UNIT_MS, isfinite (v->end_ms) ? v->end_ms - v->start_ms : NAN);
  g_autofree char *bytes = rc_format_wire_bytes ((gint64) v->bytes, v->decoded_bytes);

  /* TRANSLATORS: tooltip of a request bar: run, file, verdict, start, duration, bytes, why */
  return g_strdup_printf (_ ("%s · %s\n%s: starts at %s, takes %s\n%s\n%s"), series->run->run_id,
                          v->file_name, rc_chart_verdict_label (v->verdict), start, duration, bytes,
                          v->reason != NULL ? v->reason : "");
}

static void
add_request_rows (Timeline *t, const char *key)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  for (guint s = 0; s < t->n; s++)
    for (guint i = 0; i < t->series[s].analysis->resources->len; i++)
      {
        const RcResourceVerdict *v = g_ptr_array_index (t->series[s].analysis->resources, i);

        if (g_strcmp0 (v->step_key, key) == 0
            && !g_ptr_array_find_with_equal_func (names, v->file_name, g_str_equal, NULL))
          g_ptr_array_add (names, v->file_name);
      }
  for (guint n = 0; n < names->len; n++)
    {
      /* The page itself is "/": its file name is empty. */
      guint row = rc_chart_model_add_row (
          t->model, *(char *) names->pdata[n] != '\0' ? names->pdata[n] : "/", 1, FALSE, key);
      g_autoptr (GString) value = g_string_new (NULL);

      for (guint s = 0; s < t->n; s++)
        for (guint i = 0; i < t->series[s].analysis->resources->len; i++)
          {
            const RcResourceVerdict *v = g_ptr_array_index (t->series[s].analysis->resources, i);
            double y0, y1, end;
            RcChartMark *mark;

            if (g_strcmp0 (v->step_key, key) != 0 || !g_str_equal (v->file_name, names->pdata[n]))
              continue;
            if (value->len > 0)
              g_string_append (value, " · ");
            g_string_append (value, rc_chart_verdict_label (v->verdict));
            if (!isfinite (v->start_ms))
              continue;
            end = isfinite (v->end_ms) ? v->end_ms : v->start_ms;
            rc_chart_slot (t->series[s].slot, t->series[s].n_slots, &y0, &y1);
            mark = rc_chart_model_add_mark (t->model, RC_CHART_MARK_BAR,
                                            RC_CHART_ROLE_FOR_VERDICT (v->verdict), row,
                                            frac (t, v->start_ms), frac (t, end), y0, y1);
            mark->tooltip = request_tooltip (&t->series[s], v);
            mark->step_key = g_strdup (key);
            break;
          }
      rc_chart_model_set_row_value (t->model, row, value->str);
    }
}

static gboolean
has_resources (Timeline *t, const char *key)
{
  for (guint s = 0; s < t->n; s++)
    for (guint i = 0; i < t->series[s].analysis->resources->len; i++)
      if (g_strcmp0 (((RcResourceVerdict *) t->series[s].analysis->resources->pdata[i])->step_key,
                     key)
          == 0)
        return TRUE;
  return FALSE;
}

static GPtrArray *
step_keys (Timeline *t)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);

  for (guint s = 0; s < t->n; s++)
    for (guint i = 0; i < t->series[s].run->steps->len; i++)
      {
        char *key = rc_run_step_key (t->series[s].run->steps->pdata[i]);

        if (g_ptr_array_find_with_equal_func (keys, key, g_str_equal, NULL))
          g_free (key);
        else
          g_ptr_array_add (keys, key);
      }
  return keys;
}

static void
add_rows (Timeline *t)
{
  g_autoptr (GPtrArray) keys = step_keys (t);
  guint failure_row[MAX_LANES] = { 0 };
  guint page_row = 0;

  if (has_resources (t, "page") || keys->len == 0)
    {
      page_row = rc_chart_model_add_row (t->model, _ ("host page"), 0, FALSE, "page");
      for (guint s = 0; s < MAX_LANES; s++)
        failure_row[s] = page_row;
      add_request_rows (t, "page");
    }
  for (guint k = 0; k < keys->len; k++)
    {
      const char *key = keys->pdata[k];

      add_step_row (t, key, failure_row);
      if (g_str_equal (key, "loading_runtime"))
        {
          add_sub_phase_rows (t, key);
          add_import_rows (t, key);
        }
      add_request_rows (t, key);
    }
  if (has_resources (t, RC_STEP_AFTER_READY))
    {
      rc_chart_model_add_row (t->model, _ ("after ready"), 0, FALSE, RC_STEP_AFTER_READY);
      add_request_rows (t, RC_STEP_AFTER_READY);
    }
  for (guint s = 0; s < t->n; s++)
    if (t->series[s].run->outcome.state == RC_OUTCOME_FAILED)
      add_failure (t, &t->series[s], failure_row[s]);
}

/* The legend entry of a lane: its run, and with several engines the engine it booted in. */
static char *
lane_label (const Series *series)
{
  const RcRunRecord *run = series->run;

  if (series->engine != NULL)
    /* TRANSLATORS: legend entry of a timeline lane with several engines: engine with its
     * version, run id, "Chromium 156.0.8078.114: chromium/cold-1" */
    return g_strdup_printf (_ ("%s: %s"), series->engine->label, run->run_id);
  /* TRANSLATORS: legend entry of a timeline run: run id and scenario, "cold-2 (cold)" */
  return g_strdup_printf (_ ("%s (%s)"), run->run_id, rc_scenario_to_string (run->scenario));
}

static void
add_legend (Timeline *t)
{
  gboolean failed = FALSE;

  for (guint s = 0; s < t->n; s++)
    {
      const RcRunRecord *run = t->series[s].run;
      g_autofree char *label = lane_label (&t->series[s]);

      rc_chart_model_add_legend (t->model, t->series[s].role, RC_CHART_MARK_BAR, label);
      failed |= run->outcome.state == RC_OUTCOME_FAILED;
    }
  for (RcVerdict v = RC_VERDICT_NETWORK; v <= RC_VERDICT_DISAGREE; v++)
    rc_chart_model_add_legend (t->model, RC_CHART_ROLE_FOR_VERDICT (v), RC_CHART_MARK_BAR,
                               rc_chart_verdict_label (v));
  if (failed)
    rc_chart_model_add_legend (t->model, RC_CHART_ROLE_FAILURE, RC_CHART_MARK_FAILURE,
                               _ ("run failed here"));
}

static void
pick (const RcMeasurement *report, int *a, int *b)
{
  g_autoptr (GArray) medians = rc_chart_median_runs (report);

  if (*a < 0 && medians->len > 0)
    *a = g_array_index (medians, int, 0);
  if (*b < 0 && medians->len > 1)
    *b = g_array_index (medians, int, 1);
  if (*b == *a)
    *b = -1;
}

/* Several engines: a lane per engine, each with its median run of the report's first scenario
 * (its cold run when it booted one), coloured and labelled by engine. */
static void
pick_engine_lanes (Timeline *t, const RcMeasurement *report, GPtrArray *engines)
{
  g_autoptr (GString) order = g_string_new (NULL);

  for (guint e = 0; e < engines->len && t->n < MAX_LANES; e++)
    {
      const RcChartEngine *engine = engines->pdata[e];
      Series *s;
      int index;

      if (engine->medians->len == 0)
        continue;
      s = &t->series[t->n];
      index = g_array_index (engine->medians, int, 0);
      s->run = report->runs->pdata[index];
      s->analysis = rc_measurement_get_analysis (report, index);
      s->role = (RcChartRole) (RC_CHART_ROLE_SERIES_0 + t->n);
      s->engine = engine;
      t->n++;
      g_string_append_printf (order, "%s%s", order->len > 0 ? ", " : "", engine->short_label);
    }
  /* Thin lanes are still lanes: rows grow a little so each engine's bar stays visible. */
  t->model->row_natural = MAX (t->model->row_natural, 9.0 * t->n + 4);
  /* TRANSLATORS: the timeline's summary with several engines: the engines in lane order */
  g_ptr_array_add (t->model->summary,
                   g_strdup_printf (_ ("Lanes top to bottom in every row: %s"), order->str));
}

static void
pick_runs (Timeline *t, const RcMeasurement *report, int a, int b)
{
  int picked[2];

  pick (report, &a, &b);
  picked[0] = a, picked[1] = b;
  for (guint i = 0; i < 2; i++)
    if (picked[i] >= 0 && (guint) picked[i] < report->runs->len)
      {
        Series *s = &t->series[t->n++];

        s->run = report->runs->pdata[picked[i]];
        s->analysis = rc_measurement_get_analysis (report, picked[i]);
        s->role = rc_chart_role_for_scenario (s->run->scenario);
        if (t->n == 2 && s->role == t->series[0].role)
          s->role = (RcChartRole) ((s->role + 1) % (RC_CHART_ROLE_SERIES_3 + 1));
      }
}

static char *
describe (const Timeline *t)
{
  g_autoptr (GString) runs = g_string_new (NULL);

  if (t->series[0].engine == NULL)
    return g_strdup_printf (
        _ ("Boot timeline of %s%s%s: %u rows, one bar per step, sub-phase and request."),
        t->series[0].run->run_id, t->n > 1 ? _ (" and ") : "",
        t->n > 1 ? t->series[1].run->run_id : "", t->model->rows->len);
  for (guint s = 0; s < t->n; s++)
    g_string_append_printf (runs, "%s%s", s > 0 ? ", " : "", t->series[s].run->run_id);
  /* TRANSLATORS: accessible description of a timeline with several engines: lanes, run ids,
   * rows */
  return g_strdup_printf (
      _ ("Boot timeline of %u engines side by side (%s): %u rows, one lane per engine."), t->n,
      runs->str, t->model->rows->len);
}

RcChartModel *
rc_chart_timeline_build (const RcMeasurement *report, int a, int b)
{
  Timeline t = { rc_chart_model_new (RC_CHART_TIMELINE) };
  g_autoptr (GPtrArray) engines = NULL;

  if (report == NULL || report->runs->len == 0)
    {
      t.model->empty_text = g_strdup (_ ("Boot cold and warm to see the timeline."));
      return t.model;
    }
  engines = rc_chart_engines (report);
  if (a < 0 && b < 0 && engines->len > 1)
    pick_engine_lanes (&t, report, engines);
  else
    pick_runs (&t, report, a, b);
  for (guint s = 0; s < t.n; s++)
    {
      t.series[s].end_ms = rc_chart_run_end_ms (t.series[s].run);
      t.series[s].slot = s, t.series[s].n_slots = t.n;
    }
  compute_scale (&t);
  add_rows (&t);
  add_legend (&t);
  t.model->description = describe (&t);
  return t.model;
}
