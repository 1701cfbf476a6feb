/* rc-run-stats.h: statistics over N runs of one scenario.
 *
 * Median of an even count is the mean of the two middle values. The *median run* is picked
 * as WebPageTest does: the run whose total boot time is the median; for even N it is the
 * faster of the two middle runs (the lower median), so it is always a run that happened.
 * Ties go to the earlier run. Only runs that reached ready take part when any did, and a
 * failed run is never the median run: -1 when no run got ready.
 */
#pragma once

#include "core/record/rc-run-record.h"

G_BEGIN_DECLS

typedef struct
{
  guint n;
  double median;
  double min;
  double max;
} RcStat;

/* Fills @out from @n values (copied, sorted internally). n == 0 gives all zeros. */
void rc_stat_compute (RcStat *out, const double *values, guint n);

typedef struct
{
  char *key; /* rc_run_step_key() */
  guint step;
  RcStat duration_ms;
  RcStat heap_bytes;    /* n counts runs with a known heap */
  RcStat bytes;         /* wire bytes attributed to the step */
  RcStat decoded_bytes; /* the same once decoded; n counts runs where it is known */
} RcStepStat;

typedef struct
{
  RcScenario scenario;
  guint runs;          /* runs considered */
  guint failed;        /* runs not ready */
  int median_run;      /* index into the runs array given, -1 when empty */
  RcStat boot_ms;      /* rc-run-record.h: navigation start → ready (boot_clock) */
  RcStat start_ms;     /* browser or web-process start before navigation; n counts runs known */
  guint console_clock; /* runs whose boot_ms is the console's wall clock (boot_clock) */
  RcStat total_bytes;  /* wire bytes until ready */
  RcStat total_decoded_bytes; /* the same once decoded; n counts runs where it is known */
  RcStat heap_bytes;          /* heap after boot */
  RcStat rss_bytes;
  GPtrArray *steps; /* RcStepStat in step order of the first run, keyed by step key */
} RcRunStats;

/* Statistics over the runs of @runs (RcRunRecord) whose scenario is @scenario. */
RcRunStats *rc_run_stats_compute (GPtrArray *runs, RcScenario scenario);
/* The same with the runs' analyses (RcRunAnalysis, rc-run-analysis.h) given, borrowed and
 * parallel to @runs: a caller that keeps them (RcMeasurement) spares their recomputation. A
 * NULL entry, or @analyses NULL, is computed here. */
RcRunStats *rc_run_stats_compute_with (GPtrArray *runs, GPtrArray *analyses, RcScenario scenario);
void rc_run_stats_free (RcRunStats *self);
/* Just the median run of @scenario (an index into @runs, -1 none), without the statistics:
 * the charts pick runs of 200-run reports with it per frame budget. */
int rc_run_stats_median_run (GPtrArray *runs, RcScenario scenario);
/* The step keys (rc_run_step_key()) of @runs (RcRunRecord *) in order of first appearance:
 * a new array of strings. */
GPtrArray *rc_run_stats_step_keys (GPtrArray *runs);
const RcStepStat *rc_run_stats_find_step (const RcRunStats *self, const char *key);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcRunStats, rc_run_stats_free)

G_END_DECLS
