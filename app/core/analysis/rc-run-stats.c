/* rc-run-stats.c: median/min/max per step and the WebPageTest-style median run. */
#include "config.h"

#include <stdlib.h>

#include "core/analysis/rc-run-analysis.h"
#include "core/analysis/rc-run-stats.h"

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

void
rc_stat_compute (RcStat *out, const double *values, guint n)
{
  g_autofree double *sorted = NULL;

  out->n = n;
  out->median = out->min = out->max = 0;
  if (n == 0)
    return;
  sorted = g_memdup2 (values, n * sizeof (double));
  qsort (sorted, n, sizeof (double), compare_double);
  out->min = sorted[0];
  out->max = sorted[n - 1];
  /* even n: the mean of the two middle values */
  out->median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
}

static void
step_stat_free (RcStepStat *s)
{
  g_free (s->key);
  g_free (s);
}

void
rc_run_stats_free (RcRunStats *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->steps);
  g_free (self);
}

const RcStepStat *
rc_run_stats_find_step (const RcRunStats *self, const char *key)
{
  for (guint i = 0; i < self->steps->len; i++)
    if (g_str_equal (((RcStepStat *) self->steps->pdata[i])->key, key))
      return self->steps->pdata[i];
  return NULL;
}

static const RcRunStep *
step_by_key (const RcRunRecord *run, const char *key)
{
  for (guint i = 0; i < run->steps->len; i++)
    {
      const RcRunStep *s = run->steps->pdata[i];
      g_autofree char *k = rc_run_step_key (s);

      if (g_str_equal (k, key))
        return s;
    }
  return NULL;
}

static const RcByteTotal *
step_total (const RcRunAnalysis *analysis, const char *key)
{
  for (guint i = 0; i < analysis->step_totals->len; i++)
    {
      const RcByteTotal *t = analysis->step_totals->pdata[i];

      if (g_str_equal (t->key, key))
        return t;
    }
  return NULL;
}

GPtrArray *
rc_run_stats_step_keys (GPtrArray *runs)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);

  for (guint r = 0; r < runs->len; r++)
    {
      const RcRunRecord *run = runs->pdata[r];

      for (guint i = 0; i < run->steps->len; i++)
        {
          char *key = rc_run_step_key (run->steps->pdata[i]);

          if (g_ptr_array_find_with_equal_func (keys, key, g_str_equal, NULL))
            g_free (key);
          else
            g_ptr_array_add (keys, key);
        }
    }
  return keys;
}

static RcStepStat *
step_stat (GPtrArray *runs, GPtrArray *analyses, const char *key)
{
  RcStepStat *stat = g_new0 (RcStepStat, 1);
  g_autofree double *durations = g_new0 (double, runs->len);
  g_autofree double *heaps = g_new0 (double, runs->len);
  g_autofree double *bytes = g_new0 (double, runs->len);
  g_autofree double *decoded = g_new0 (double, runs->len);
  guint nd = 0, nh = 0, nb = 0, ndec = 0;

  stat->key = g_strdup (key);
  for (guint r = 0; r < runs->len; r++)
    {
      const RcRunStep *s = step_by_key (runs->pdata[r], key);
      const RcByteTotal *t;

      if (s == NULL)
        continue;
      stat->step = s->step;
      if (rc_run_step_duration (s) >= 0)
        durations[nd++] = rc_run_step_duration (s);
      if (s->heap_bytes >= 0)
        heaps[nh++] = (double) s->heap_bytes;
      t = step_total (analyses->pdata[r], key);
      bytes[nb++] = t != NULL ? (double) t->bytes : 0;
      if (t == NULL || t->decoded_bytes >= 0)
        decoded[ndec++] = t != NULL ? (double) t->decoded_bytes : 0;
    }
  rc_stat_compute (&stat->duration_ms, durations, nd);
  rc_stat_compute (&stat->heap_bytes, heaps, nh);
  rc_stat_compute (&stat->bytes, bytes, nb);
  rc_stat_compute (&stat->decoded_bytes, decoded, ndec);
  return stat;
}

static GPtrArray *
select_runs (GPtrArray *runs, RcScenario scenario, guint *failed, GArray *positions)
{
  GPtrArray *chosen = g_ptr_array_new ();
  gboolean any_ready = FALSE;

  *failed = 0;
  for (guint i = 0; i < runs->len; i++)
    {
      const RcRunRecord *run = runs->pdata[i];

      if (run->scenario != scenario)
        continue;
      if (run->outcome.state == RC_OUTCOME_READY)
        any_ready = TRUE;
      else
        (*failed)++;
    }
  for (guint i = 0; i < runs->len; i++)
    {
      RcRunRecord *run = runs->pdata[i];

      if (run->scenario != scenario || (any_ready && run->outcome.state != RC_OUTCOME_READY))
        continue;
      g_ptr_array_add (chosen, run);
      g_array_append_val (positions, i);
    }
  return chosen;
}

/* WebPageTest's median run; for even n the faster of the two middle runs; ties: earlier run. */
static int
median_run (GPtrArray *runs, GArray *positions)
{
  g_autofree guint *order = g_new (guint, runs->len);

  /* A failed run is never the median (a doubled boot, issue 19, is one): when none got ready,
   * there is none. */
  if (runs->len == 0 || ((RcRunRecord *) runs->pdata[0])->outcome.state != RC_OUTCOME_READY)
    return -1;
  for (guint i = 0; i < runs->len; i++)
    order[i] = i;
  /* insertion sort by boot time keeps equal times in run order */
  for (guint i = 1; i < runs->len; i++)
    for (guint j = i; j > 0
                      && ((RcRunRecord *) runs->pdata[order[j - 1]])->boot_ms
                             > ((RcRunRecord *) runs->pdata[order[j]])->boot_ms;
         j--)
      {
        guint tmp = order[j];

        order[j] = order[j - 1];
        order[j - 1] = tmp;
      }
  return (int) g_array_index (positions, guint, order[(runs->len - 1) / 2]);
}

int
rc_run_stats_median_run (GPtrArray *all_runs, RcScenario scenario)
{
  g_autoptr (GArray) positions = g_array_new (FALSE, FALSE, sizeof (guint));
  guint failed;
  g_autoptr (GPtrArray) runs = select_runs (all_runs, scenario, &failed, positions);

  return median_run (runs, positions);
}

RcRunStats *
rc_run_stats_compute (GPtrArray *runs, RcScenario scenario)
{
  return rc_run_stats_compute_with (runs, NULL, scenario);
}

RcRunStats *
rc_run_stats_compute_with (GPtrArray *all_runs, GPtrArray *all_analyses, RcScenario scenario)
{
  RcRunStats *self = g_new0 (RcRunStats, 1);
  g_autoptr (GArray) positions = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GPtrArray) runs = select_runs (all_runs, scenario, &self->failed, positions);
  /* borrowed, parallel to @runs; those not given are computed into @owned */
  g_autoptr (GPtrArray) analyses = g_ptr_array_new ();
  g_autoptr (GPtrArray) owned =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_run_analysis_free);
  g_autoptr (GPtrArray) keys = rc_run_stats_step_keys (runs);
  g_autofree double *boot = g_new0 (double, runs->len + 1);
  g_autofree double *start = g_new0 (double, runs->len + 1);
  g_autofree double *bytes = g_new0 (double, runs->len + 1);
  g_autofree double *decoded = g_new0 (double, runs->len + 1);
  g_autofree double *heap = g_new0 (double, runs->len + 1);
  g_autofree double *rss = g_new0 (double, runs->len + 1);
  guint nboot = 0, nstart = 0, nheap = 0, nrss = 0, ndecoded = 0;

  self->scenario = scenario;
  self->runs = runs->len;
  self->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) step_stat_free);
  for (guint i = 0; i < runs->len; i++)
    {
      const RcRunRecord *run = runs->pdata[i];
      const RcRunAnalysis *analysis =
          all_analyses != NULL ? all_analyses->pdata[g_array_index (positions, guint, i)] : NULL;

      if (analysis == NULL)
        {
          RcRunAnalysis *computed = rc_run_analyse (run);

          g_ptr_array_add (owned, computed);
          analysis = computed;
        }
      g_ptr_array_add (analyses, (gpointer) analysis);
      if (run->boot_ms >= 0)
        boot[nboot++] = run->boot_ms;
      if (run->start_ms >= 0)
        start[nstart++] = run->start_ms;
      if (g_strcmp0 (run->boot_clock, "navigation") != 0)
        self->console_clock++;
      bytes[i] = (double) analysis->total_bytes;
      if (analysis->total_decoded_bytes >= 0)
        decoded[ndecoded++] = (double) analysis->total_decoded_bytes;
      if (rc_run_record_final_heap (run) >= 0)
        heap[nheap++] = (double) rc_run_record_final_heap (run);
      if (run->web_process_rss_bytes >= 0)
        rss[nrss++] = (double) run->web_process_rss_bytes;
    }
  rc_stat_compute (&self->boot_ms, boot, nboot);
  rc_stat_compute (&self->start_ms, start, nstart);
  rc_stat_compute (&self->total_bytes, bytes, runs->len);
  rc_stat_compute (&self->total_decoded_bytes, decoded, ndecoded);
  rc_stat_compute (&self->heap_bytes, heap, nheap);
  rc_stat_compute (&self->rss_bytes, rss, nrss);
  self->median_run = median_run (runs, positions);
  for (guint k = 0; k < keys->len; k++)
    g_ptr_array_add (self->steps, step_stat (runs, analyses, keys->pdata[k]));
  return self;
}
