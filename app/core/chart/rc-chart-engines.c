/* rc-chart-engines.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <string.h>

#include "core/chart/rc-chart-engines.h"
#include "core/analysis/rc-run-stats.h"
#include "core/record/rc-engine-info.h"

const char *
rc_chart_run_engine (const RcRunRecord *run)
{
  return rc_engine_id_or_default (run->env.engine);
}

const char *
rc_chart_engine_name (const char *engine)
{
  return engine != NULL ? rc_engine_display_name (engine) : NULL;
}

static void
engine_free (gpointer data)
{
  RcChartEngine *e = data;

  g_free (e->label);
  g_free (e->short_label);
  g_array_unref (e->medians);
  g_array_unref (e->scenarios);
  g_free (e);
}

/* WebKit records before engines were recorded have only webkit_version. */
static const char *
run_version (const RcRunRecord *run)
{
  if (run->env.engine_version != NULL)
    return run->env.engine_version;
  if (rc_engine_id_is_webkit (rc_chart_run_engine (run)))
    return run->env.webkit_version;
  return NULL;
}

static void
set_labels (RcChartEngine *e, const RcRunRecord *first)
{
  const char *name = rc_chart_engine_name (e->engine);
  const char *version = run_version (first);
  const RcEngineInfo *info = rc_engine_info_lookup (e->engine);
  const char *dot = version != NULL ? strchr (version, '.') : NULL;
  gsize len = version == NULL ? 0
              : dot != NULL && info != NULL && info->minor_is_release
                  ? (gsize) (dot - version) + 1 + strcspn (dot + 1, ".")
                  : strcspn (version, ".");
  g_autofree char *major = version != NULL ? g_strndup (version, len) : NULL;

  e->label = version != NULL ? g_strdup_printf ("%s %s", name, version) : g_strdup (name);
  e->short_label = major != NULL ? g_strdup_printf ("%s %s", name, major) : g_strdup (name);
}

/* The median run of each scenario among the runs of @e's engine, as rc_chart_median_runs()
 * picks them for a whole report: a scenario whose runs all failed gives its first run. */
static void
pick_medians (RcChartEngine *e, const RcMeasurement *report, GArray *scenarios)
{
  g_autoptr (GPtrArray) runs = g_ptr_array_new ();
  g_autoptr (GArray) index = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint r = 0; r < report->runs->len; r++)
    if (g_str_equal (rc_chart_run_engine (report->runs->pdata[r]), e->engine))
      {
        g_ptr_array_add (runs, report->runs->pdata[r]);
        g_array_append_val (index, r);
      }
  for (guint i = 0; i < scenarios->len; i++)
    {
      RcScenario scenario = g_array_index (scenarios, RcScenario, i);
      int m = rc_run_stats_median_run (runs, scenario);

      for (guint r = 0; m < 0 && r < runs->len; r++)
        if (((RcRunRecord *) runs->pdata[r])->scenario == scenario)
          m = (int) r;
      if (m < 0)
        continue;
      g_array_append_val (e->scenarios, scenario);
      g_array_append_val (e->medians, g_array_index (index, guint, m));
    }
}

GPtrArray *
rc_chart_engines (const RcMeasurement *report)
{
  GPtrArray *engines = g_ptr_array_new_with_free_func (engine_free);
  g_autoptr (GArray) scenarios = NULL;

  if (report == NULL || report->runs->len == 0)
    return engines;
  scenarios = rc_measurement_scenarios (report);
  for (guint r = 0; r < report->runs->len; r++)
    {
      const RcRunRecord *run = report->runs->pdata[r];
      RcChartEngine *e;

      if (rc_chart_engines_find (engines, run) != NULL)
        continue;
      e = g_new0 (RcChartEngine, 1);
      e->engine = rc_chart_run_engine (run);
      e->medians = g_array_new (FALSE, FALSE, sizeof (int));
      e->scenarios = g_array_new (FALSE, FALSE, sizeof (RcScenario));
      set_labels (e, run);
      pick_medians (e, report, scenarios);
      g_ptr_array_add (engines, e);
    }
  return engines;
}

const RcChartEngine *
rc_chart_engines_find (GPtrArray *engines, const RcRunRecord *run)
{
  const char *engine = rc_chart_run_engine (run);

  for (guint i = 0; i < engines->len; i++)
    if (g_str_equal (((RcChartEngine *) engines->pdata[i])->engine, engine))
      return engines->pdata[i];
  return NULL;
}

guint
rc_chart_engines_max_scenarios (GPtrArray *engines)
{
  guint n = 0;

  for (guint i = 0; i < engines->len; i++)
    n = MAX (n, ((RcChartEngine *) engines->pdata[i])->medians->len);
  return n;
}

gboolean
rc_chart_engines_is_median (GPtrArray *engines, guint run)
{
  for (guint i = 0; i < engines->len; i++)
    {
      const RcChartEngine *e = engines->pdata[i];

      for (guint m = 0; m < e->medians->len; m++)
        if (g_array_index (e->medians, int, m) == (int) run)
          return TRUE;
    }
  return FALSE;
}
