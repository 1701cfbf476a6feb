/* test-measurement.c: the run analyses a report keeps (rc_measurement_get_analysis()). */
#include "config.h"

#include "core/base/rc-diagnostic.h"
#include "core/measurement/rc-measurement.h"
#include "rc-test-records.h"

static RcMeasurement *
demo_report (void)
{
  RcMeasurement *m = rc_measurement_new ("demo");

  for (guint i = 0; i < 3; i++)
    {
      rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_COLD, i + 1, i * 40.0));
      rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_WARM, i + 1, i * 30.0));
    }
  return m;
}

/* The kept analysis is the one rc_run_analyse() makes, made once. */
static void
assert_same_analysis (const RcRunAnalysis *kept, const RcRunRecord *run)
{
  g_autoptr (RcRunAnalysis) fresh = rc_run_analyse (run);

  g_assert_cmpuint (kept->total_bytes, ==, fresh->total_bytes);
  g_assert_cmpint (kept->total_decoded_bytes, ==, fresh->total_decoded_bytes);
  g_assert_cmpuint (kept->resources->len, ==, fresh->resources->len);
  g_assert_cmpuint (kept->flags->len, ==, fresh->flags->len);
  for (guint v = 0; v <= RC_VERDICT_DISAGREE; v++)
    g_assert_cmpuint (kept->counts[v], ==, fresh->counts[v]);
  for (guint i = 0; i < kept->flags->len; i++)
    g_assert_cmpstr (((RcDiagnostic *) kept->flags->pdata[i])->path, ==,
                     ((RcDiagnostic *) fresh->flags->pdata[i])->path);
}

static void
test_kept (void)
{
  g_autoptr (RcMeasurement) m = demo_report ();
  const RcRunAnalysis *first = rc_measurement_get_analysis (m, 0);
  g_autofree char *json = NULL;

  g_assert_nonnull (first);
  assert_same_analysis (first, m->runs->pdata[0]);
  g_assert_true (rc_measurement_get_analysis (m, 0) == first);
  /* readers of the whole report use the same ones */
  json = rc_measurement_to_json_string (m);
  g_assert_true (rc_measurement_get_analysis (m, 0) == first);
  for (guint i = 0; i < m->runs->len; i++)
    assert_same_analysis (rc_measurement_get_analysis (m, i), m->runs->pdata[i]);
}

static void
test_runs_change (void)
{
  g_autoptr (RcMeasurement) m = demo_report ();
  const RcRunAnalysis *second = rc_measurement_get_analysis (m, 1);
  RcRunRecord *taken;
  RcRunRecord *added = rc_test_demo_run (RC_SCENARIO_COLD, 9, 500);

  /* a run added leaves the others' analyses */
  rc_measurement_add_run (m, added);
  g_assert_true (rc_measurement_get_analysis (m, 1) == second);
  assert_same_analysis (rc_measurement_get_analysis (m, m->runs->len - 1), added);
  /* runs taken out directly, as merging does: each slot follows its run */
  taken = g_ptr_array_steal_index (m->runs, 0);
  for (guint i = 0; i < m->runs->len; i++)
    assert_same_analysis (rc_measurement_get_analysis (m, i), m->runs->pdata[i]);
  rc_run_record_free (taken);
  g_ptr_array_set_size (m->runs, 2);
  rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_WARM, 7, 0));
  for (guint i = 0; i < m->runs->len; i++)
    assert_same_analysis (rc_measurement_get_analysis (m, i), m->runs->pdata[i]);
}

/* A run changed in place (renamed, as `measure --engine a,b` does) is analysed again once the
 * report is told: its flags name it. */
static void
test_forget (void)
{
  g_autoptr (RcMeasurement) m = rc_measurement_new ("demo");
  RcRunRecord *run = rc_test_demo_run (RC_SCENARIO_WARM, 1, 0);
  const RcRunAnalysis *a;

  /* a cold run served from the cache: flagged cold-cache-hit */
  run->scenario = RC_SCENARIO_COLD;
  rc_measurement_add_run (m, run);
  a = rc_measurement_get_analysis (m, 0);
  g_assert_cmpuint (a->flags->len, >, 0);
  g_assert_cmpstr (((RcDiagnostic *) a->flags->pdata[0])->path, ==, run->run_id);
  g_free (run->run_id);
  run->run_id = g_strdup ("webkit/warm-1");
  rc_measurement_forget_analyses (m);
  a = rc_measurement_get_analysis (m, 0);
  g_assert_cmpstr (((RcDiagnostic *) a->flags->pdata[0])->path, ==, "webkit/warm-1");
}

/* An engine's copy shares the analyses, which outlive the report they were made for. */
static void
test_copy_shares (void)
{
  RcMeasurement *m = rc_test_three_engines (100);
  g_autoptr (RcMeasurement) chromium = rc_measurement_copy_engine (m, "chromium");
  const RcRunAnalysis *a;
  guint first = 0;

  while (!g_str_equal (rc_run_record_get_engine (m->runs->pdata[first]), "chromium"))
    first++;
  g_assert_cmpuint (chromium->runs->len, >, 0);
  a = rc_measurement_get_analysis (chromium, 0);
  g_assert_true (a == rc_measurement_get_analysis (m, first));
  rc_measurement_free (m);
  g_assert_true (rc_measurement_get_analysis (chromium, 0) == a);
  assert_same_analysis (a, chromium->runs->pdata[0]);
}

/* The statistics from the kept analyses are those computed afresh. */
static void
test_stats (void)
{
  g_autoptr (RcMeasurement) m = demo_report ();

  for (RcScenario s = RC_SCENARIO_COLD; s <= RC_SCENARIO_WARM; s++)
    {
      g_autoptr (RcRunStats) kept = rc_measurement_stats (m, s);
      g_autoptr (RcRunStats) fresh = rc_run_stats_compute (m->runs, s);

      g_assert_cmpuint (kept->runs, ==, fresh->runs);
      g_assert_cmpint (kept->median_run, ==, fresh->median_run);
      g_assert_cmpfloat (kept->total_bytes.median, ==, fresh->total_bytes.median);
      g_assert_cmpfloat (kept->total_decoded_bytes.max, ==, fresh->total_decoded_bytes.max);
      g_assert_cmpuint (kept->steps->len, ==, fresh->steps->len);
      for (guint i = 0; i < kept->steps->len; i++)
        g_assert_cmpfloat (((RcStepStat *) kept->steps->pdata[i])->bytes.median, ==,
                           ((RcStepStat *) fresh->steps->pdata[i])->bytes.median);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/measurement/analysis/kept", test_kept);
  g_test_add_func ("/measurement/analysis/runs-change", test_runs_change);
  g_test_add_func ("/measurement/analysis/forget", test_forget);
  g_test_add_func ("/measurement/analysis/copy-shares", test_copy_shares);
  g_test_add_func ("/measurement/analysis/stats", test_stats);
  return g_test_run ();
}
