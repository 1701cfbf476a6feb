/* fuzz-report.c: a saved run report as compare, chart and measure --check-budgets read it:
 * the strict reader, the records, their analysis, statistics and every export. */
#include "config.h"

#include "core/measurement/rc-measurement.h"
#include "core/analysis/rc-run-analysis.h"
#include "core/analysis/rc-run-stats.h"
#include "core/export/rc-export-har.h"
#include "core/export/rc-export-markdown.h"
#include "core/measurement/rc-budget.h"
#include "core/measurement/rc-compare.h"
#include "fuzz-common.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  rc_fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) m =
      rc_measurement_load_data ((const char *) data, size, "fuzz.json", &error);
  g_autoptr (GArray) scenarios = NULL;
  g_autofree char *json = NULL, *markdown = NULL;
  g_autoptr (JsonNode) har = NULL;
  g_autoptr (GPtrArray) flags = NULL;

  if (m == NULL)
    {
      g_assert_nonnull (error);
      return 0;
    }
  scenarios = rc_measurement_scenarios (m);
  for (guint i = 0; i < scenarios->len; i++)
    rc_run_stats_free (rc_measurement_stats (m, g_array_index (scenarios, RcScenario, i)));
  for (guint i = 0; i < m->runs->len; i++)
    rc_run_analysis_free (rc_run_analyse (m->runs->pdata[i]));
  json = rc_measurement_to_json_string (m);
  markdown = rc_measurement_to_markdown (m);
  har = rc_measurement_to_har (m);
  flags = rc_measurement_flags (m);
  /* compare (against itself) and --check-budgets, as the commands run them */
  {
    g_autoptr (RcComparison) comparison = rc_measurement_compare (m, m, -1);
    const char *const texts[] = { "boot_ms=9000 cold_bytes=40MB heap_mb=200 rss_mb=500", NULL };
    g_autoptr (GPtrArray) budgets = rc_budgets_parse (texts, NULL);
    g_autoptr (GPtrArray) results = rc_measurement_check_budgets (m, budgets);
    g_autofree char *text = comparison != NULL ? rc_comparison_format (comparison) : NULL;
  }
  return 0;
}
