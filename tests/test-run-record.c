/* test-run-record.c: step accounting, JSON round trip, cache verdicts and statistics. */
#include "config.h"

#include <string.h>

#include "core/base/rc-format.h"
#include "core/record/rc-boot-clock.h"
#include "core/base/rc-diagnostic.h"
#include "core/analysis/rc-run-analysis.h"
#include "core/measurement/rc-measurement.h"
#include "core/analysis/rc-run-stats.h"
#include "core/export/rc-export-text.h"
#include "rc-test-records.h"

/* wire bytes (brotli but for the zip); decoded: the npm files' sizes */
#define INTERPRETER_BYTES   RC_TEST_INTERPRETER_WIRE
#define INTERPRETER_DECODED (18597 + 122027 + 1074322 + 8647684 + 2424003)

static void
test_steps (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  const RcRunStep *s1 = run->steps->pdata[0];
  const RcRunStep *s4 = run->steps->pdata[3];
  g_autofree char *k2 = rc_run_step_key (run->steps->pdata[1]);
  g_autofree char *k3 = rc_run_step_key (run->steps->pdata[2]);
  g_autofree char *k1 = rc_run_step_key (s1);

  /* runtime_loaded finishes step 1 without starting a step */
  g_assert_cmpuint (run->steps->len, ==, 4);
  g_assert_cmpstr (k1, ==, "loading_runtime");
  g_assert_cmpstr (k2, ==, "loading_package demo-helpers");
  g_assert_cmpstr (k3, ==, "importing demo_helpers");
  g_assert_cmpfloat (s1->start_ms, ==, 10);
  g_assert_cmpfloat (s1->end_ms, ==, 2300);
  g_assert_cmpfloat (rc_run_step_duration (s1), ==, 2290);
  g_assert_cmpint (s1->heap_bytes, ==, 19922944);
  g_assert_cmpint (s1->heap_growth, ==, 19922944);
  g_assert_cmpint (s4->heap_bytes, ==, 20971520);
  g_assert_cmpint (s4->heap_growth, ==, 20971520 - 20709376);
  g_assert_cmpfloat (s4->end_ms, ==, 2450);
  g_assert_cmpint (rc_run_record_final_heap (run), ==, 20971520);
  g_assert_cmpint (run->outcome.state, ==, RC_OUTCOME_READY);
  g_assert_cmpuint (rc_run_record_step_at (run, -5), ==, 0);
  g_assert_cmpuint (rc_run_record_step_at (run, 2305), ==, 2);
  g_assert_cmpuint (rc_run_record_step_at (run, 99999), ==, 4);
  /* the clock estimate keeps the earliest origin */
  g_assert_cmpint (run->worker_time_origin_us, ==, G_GINT64_CONSTANT (5000000000));
  rc_run_record_note_clock (run, G_GINT64_CONSTANT (5000000000) + 2000 * 1000 - 50, 2000);
  g_assert_cmpint (run->worker_time_origin_us, ==, G_GINT64_CONSTANT (5000000000) - 50);
}

static void
test_scenarios (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) list = rc_scenarios_parse ("warm, cold,warm,changed-wheel", &error);
  g_autoptr (GArray) bad = NULL;
  RcRunEnvironment env = { 0 };

  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  g_assert_cmpint (g_array_index (list, RcScenario, 0), ==, RC_SCENARIO_WARM);
  g_assert_cmpint (g_array_index (list, RcScenario, 2), ==, RC_SCENARIO_CHANGED_WHEEL);
  bad = rc_scenarios_parse ("cold,tepid", &error);
  g_assert_null (bad);
  g_assert_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“tepid”"));
  g_clear_error (&error);
  g_assert_null (rc_scenarios_parse (" , ", &error));
  g_assert_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID);
  g_assert_true (rc_scenario_is_warm (RC_SCENARIO_WARM_RESTART));
  g_assert_false (rc_scenario_is_warm (RC_SCENARIO_COLD));

  rc_run_environment_fill_machine (&env);
  g_assert_cmpuint (env.machine_cores, ==, g_get_num_processors ());
  g_assert_cmpuint (env.machine_memory_bytes, >, 0);
  g_assert_true (
      g_regex_match_simple ("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$", env.date, 0, 0));
  rc_run_environment_clear (&env);
}

static void
test_failed_closes_step (void)
{
  g_autoptr (RcRunRecord) run = rc_run_record_new (RC_SCENARIO_COLD, 2);

  g_assert_cmpstr (run->run_id, ==, "cold-2");
  rc_run_record_progress (run, 1, 2, "loading_runtime", NULL, NULL, 5, -1);
  rc_run_record_failed (run, "timeout", "the Python runtime did not finish starting within 2s",
                        "script-src lacks 'wasm-unsafe-eval'", 2005);
  g_assert_cmpfloat (((RcRunStep *) run->steps->pdata[0])->end_ms, ==, 2005);
  g_assert_cmpint (((RcRunStep *) run->steps->pdata[0])->heap_bytes, ==, -1);
  g_assert_cmpint (run->outcome.state, ==, RC_OUTCOME_FAILED);
  g_assert_cmpint (rc_run_record_final_heap (run), ==, -1);
}

static char *
to_text (JsonNode *node)
{
  g_autoptr (JsonGenerator) gen = json_generator_new ();

  json_generator_set_root (gen, node);
  return json_generator_to_data (gen, NULL);
}

static void
test_json_round_trip (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_WARM, 3, 120);
  g_autoptr (RcRunRecord) back = NULL;
  g_autoptr (RcRunRecord) copy = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (JsonNode) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  rc_run_record_add_violation (run, "worker-src", "blob", "page", 12.5, NULL);
  run->outcome.diagnosis = g_strdup ("none");
  run->web_process_rss_bytes = -1;
  node = rc_run_record_to_json (run);
  back = rc_run_record_from_json (node, "run", &error);
  g_assert_no_error (error);
  again = rc_run_record_to_json (back);
  a = to_text (node);
  b = to_text (again);
  g_assert_cmpstr (a, ==, b);
  g_assert_cmpint (back->scenario, ==, RC_SCENARIO_WARM);
  g_assert_cmpuint (back->timings->len, ==, run->timings->len);
  /* unknown sizes stay unknown, measured zeros stay zero */
  g_assert_nonnull (g_strstr_len (a, -1, "\"transfer_size\":0"));
  g_assert_nonnull (g_strstr_len (a, -1, "\"web_process_rss_bytes\":null"));
  copy = rc_run_record_copy (run);
  g_assert_cmpstr (((RcViolation *) copy->violations->pdata[0])->directive, ==, "worker-src");
}

/* A report written before decoded sizes existed: its requests read back with the decoded size
 * unknown (never 0), and the totals over them are unknown too. */
static void
test_json_without_decoded (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  g_autoptr (JsonNode) node = rc_run_record_to_json (run);
  JsonArray *requests = json_object_get_array_member (json_node_get_object (node), "requests");
  g_autoptr (RcRunRecord) back = NULL;
  g_autoptr (RcRunAnalysis) a = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; i < json_array_get_length (requests); i++)
    {
      JsonObject *r = json_array_get_object_element (requests, i);

      json_object_remove_member (r, "decoded_bytes");
      json_object_remove_member (r, "content_encoding");
    }
  back = rc_run_record_from_json (node, "run", &error);
  g_assert_no_error (error);
  g_assert_cmpint (((RcRequestRecord *) back->requests->pdata[0])->decoded_bytes, ==, -1);
  a = rc_run_analyse (back);
  g_assert_cmpuint (a->total_bytes, ==, INTERPRETER_BYTES + 2726 + 1834 + 7421);
  g_assert_cmpint (a->total_decoded_bytes, ==, -1);
  g_assert_cmpint (rc_run_analysis_group (a, "interpreter")->decoded_bytes, ==, -1);
  text = rc_format_wire_bytes ((gint64) a->total_bytes, a->total_decoded_bytes);
  g_assert_cmpstr (text, ==, "5.1 MB (decoded size unknown)");
  /* and written again, unknown is null */
  g_clear_pointer (&node, json_node_unref);
  node = rc_run_record_to_json (back);
  g_clear_pointer (&text, g_free);
  text = to_text (node);
  g_assert_nonnull (strstr (text, "\"decoded_bytes\":null"));
  g_assert_null (strstr (text, "\"decoded_bytes\":0,"));
}

/* What an engine may hand over incomplete still copies and round-trips. */
static void
test_incomplete_input (void)
{
  g_autoptr (RcRunRecord) run = rc_run_record_new (RC_SCENARIO_WARM_RESTART, 1);
  g_autoptr (RcRequestRecord) request = rc_request_record_new ();
  g_autoptr (RcRunRecord) copy = NULL;

  rc_run_record_progress (run, 1, 1, NULL, NULL, NULL, 3, -1);
  rc_run_record_add_violation (run, NULL, NULL, NULL, -1, NULL);
  rc_run_record_add_sub_phase (run, NULL, NULL, 0, 1);
  rc_run_record_add_timing (run, NULL, NULL, NULL, 0, 0, -1, -1, -1);
  rc_run_record_expect (run, NULL, NULL, FALSE, FALSE, FALSE);
  rc_run_record_add_request (run, request);
  copy = rc_run_record_copy (run);
  g_assert_cmpstr (((RcRunStep *) copy->steps->pdata[0])->phase, ==, "unknown");
  g_assert_cmpuint (copy->requests->len, ==, 1);
  g_assert_null (((RcRequestRecord *) copy->requests->pdata[0])->url);
}

static void
expect_error (const char *json, const char *message)
{
  g_autoptr (JsonNode) node = json_from_string (json, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) run = rc_run_record_from_json (node, "runs[1]", &error);

  g_assert_null (run);
  g_assert_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_json_errors (void)
{
  expect_error ("{\"index\": 1}", "runs[1].scenario: missing");
  expect_error ("{\"scenario\": \"tepid\", \"index\": 1}",
                "runs[1].scenario: “tepid” is not one of cold, warm, warm-restart, changed-wheel");
  expect_error ("{\"scenario\": \"cold\", \"index\": 1, \"run_id\": \"c\", \"environment\": {}, "
                "\"steps\": [{\"step\": 1, \"steps\": 1, \"phase\": 3, \"start_ms\": 0}], "
                "\"outcome\": {\"state\": \"ready\"}}",
                "runs[1].steps[0].phase: expected a string");
  expect_error ("{\"scenario\": \"cold\", \"index\": 1, \"run_id\": \"c\", \"environment\": {}, "
                "\"requests\": {}, \"outcome\": {\"state\": \"ready\"}}",
                "runs[1].requests: expected an array");
}

/* Regression inputs kept with the fuzz corpus (tests/fuzz/corpus/report/). */
static char *
regression_input (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", "report", name, NULL);
}

/* 180 kB nested 90,000 deep: json-glib's recursive parser overflowed the stack on it in
 * compare and measure --check-budgets. The strict reader refuses it at its position. */
static void
test_load_deep_nesting (void)
{
  g_autofree char *path = regression_input ("regression-deep-nesting.json");
  g_autofree char *want = g_strdup_printf ("%s:1:", path);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) m = rc_measurement_load (path, &error);

  g_assert_null (m);
  g_assert_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, want));
  g_assert_nonnull (strstr (error->message, "nested too deeply"));
}

/* "bytes": 1e300 was cast to gint64 (undefined behaviour, UBSan's report); now refused
 * with the file, the line and column of the value and its path. */
static void
test_load_huge_number (void)
{
  g_autofree char *path = regression_input ("regression-huge-number.json");
  g_autofree char *want = g_strdup_printf ("%s:110:21: runs[0].requests[0].bytes: 1e+300 is out "
                                           "of range",
                                           path);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) m = rc_measurement_load (path, &error);

  g_assert_null (m);
  g_assert_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, want));
}

/* The edges of the conversion: 2^63 is out, the largest double below it and -2^63 are in. */
static void
test_load_number_edges (void)
{
  static const struct
  {
    const char *number;
    gboolean ok;
  } cases[] = { { "9223372036854775808.0", FALSE },
                { "9223372036854774784.0", TRUE },
                { "-9223372036854775808.0", TRUE },
                { "-1e19", FALSE },
                { "12.9", TRUE } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf (
          "{\"schema\": \"runtime-console/run-report\", \"version\": 1, \"runs\": "
          "[{\"scenario\": \"cold\", \"index\": 1, \"run_id\": \"c\", \"environment\": {}, "
          "\"web_process_rss_bytes\": %s, \"outcome\": {\"state\": \"ready\"}}]}",
          cases[i].number);
      g_autoptr (GError) error = NULL;
      g_autoptr (RcMeasurement) m =
          rc_measurement_load_data (text, strlen (text), "edge.json", &error);

      if (cases[i].ok)
        g_assert_no_error (error);
      else
        g_assert_true (error != NULL && g_str_has_prefix (error->message, "edge.json:1:")
                       && strstr (error->message, "web_process_rss_bytes: ") != NULL);
      g_assert_true ((m != NULL) == cases[i].ok);
    }
}

static gboolean
has_flag (RcRunAnalysis *a, const char *rule)
{
  return rc_diagnostics_find_rule (a->flags, rule) != NULL;
}

static void
test_cold_verdicts (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  g_autoptr (RcRunAnalysis) a = rc_run_analyse (run);
  const char *files[] = { "pyodide.js",       "pyodide-lock.json", "pyodide.asm.js",
                          "pyodide.asm.wasm", "python_stdlib.zip", RC_TEST_WHEEL };
  const RcByteTotal *interp = rc_run_analysis_group (a, "interpreter");
  const RcByteTotal *wheel = rc_run_analysis_group (a, "overlay:demo-helpers");
  const RcByteTotal *page = a->step_totals->pdata[0];
  const RcResourceVerdict *w = rc_run_analysis_find (a, RC_TEST_WHEEL);

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      const RcResourceVerdict *r = rc_run_analysis_find (a, files[i]);

      g_assert_nonnull (r);
      g_assert_cmpint (r->verdict, ==, RC_VERDICT_NETWORK);
      g_assert_cmpuint (r->bytes, >, 0);
      g_assert_cmpint (r->request_index, >=, 0);
      g_assert_cmpint (r->timing_index, >=, 0);
    }
  g_assert_cmpuint (interp->bytes, ==, INTERPRETER_BYTES);
  g_assert_cmpint (interp->decoded_bytes, ==, INTERPRETER_DECODED);
  g_assert_cmpint (INTERPRETER_DECODED, ==, RC_TEST_INTERPRETER_DECODED);
  g_assert_cmpuint (rc_run_analysis_find (a, "pyodide.asm.wasm")->bytes, ==, 2443367);
  g_assert_cmpint (rc_run_analysis_find (a, "pyodide.asm.wasm")->decoded_bytes, ==, 8647684);
  g_assert_cmpuint (interp->requests, ==, 5);
  /* pyodide.js starts at 14 ms, python_stdlib.zip ends at 980 ms */
  g_assert_cmpfloat (interp->download_ms, ==, 980 - 14);
  g_assert_cmpfloat (wheel->download_ms, ==, 9);
  g_assert_cmpuint (wheel->bytes, ==, 2726);
  /* the wheel is nested in the step it was fetched during */
  g_assert_cmpuint (w->step, ==, 2);
  g_assert_cmpstr (w->step_key, ==, "loading_package demo-helpers");
  g_assert_cmpstr (page->key, ==, "page");
  g_assert_cmpuint (page->bytes, ==, 1834 + 7421);
  g_assert_cmpuint (page->requests, ==, 2);
  g_assert_cmpuint (((RcByteTotal *) a->step_totals->pdata[1])->bytes, ==, INTERPRETER_BYTES);
  g_assert_cmpuint (((RcByteTotal *) a->step_totals->pdata[2])->bytes, ==, 2726);
  g_assert_cmpuint (a->step_totals->len, ==, 5);
  g_assert_cmpuint (a->total_bytes, ==, INTERPRETER_BYTES + 2726 + 1834 + 7421);
  g_assert_cmpint (a->total_decoded_bytes, ==, INTERPRETER_DECODED + 2726 + 1834 + 7421);
  g_assert_cmpuint (a->counts[RC_VERDICT_NETWORK], ==, 8);
  g_assert_cmpuint (a->flags->len, ==, 0);
}

static void
test_warm_verdicts (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_WARM, 1, 0);
  g_autoptr (RcRunAnalysis) a = rc_run_analyse (run);
  const RcResourceVerdict *host = rc_run_analysis_find (a, "host.js");

  for (guint i = 0; i < run->expected->len; i++)
    {
      const RcExpectedResource *e = run->expected->pdata[i];
      const RcResourceVerdict *r = rc_run_analysis_find (a, e->file_name);

      g_assert_nonnull (r);
      g_assert_cmpint (r->verdict, ==, RC_VERDICT_CACHE);
      g_assert_cmpuint (r->bytes, ==, 0);
      g_assert_cmpint (r->request_index, ==, -1);
    }
  g_assert_cmpint (host->verdict, ==, RC_VERDICT_REVALIDATED);
  g_assert_cmpuint (host->step, ==, 0);
  g_assert_cmpuint (a->total_bytes, ==, 1834);
  g_assert_cmpfloat (rc_run_analysis_group (a, "interpreter")->download_ms, ==, 0);
  g_assert_cmpuint (a->counts[RC_VERDICT_DISAGREE], ==, 0);
  g_assert_cmpuint (rc_diagnostics_count (a->flags, RC_SEVERITY_ERROR), ==, 0);
}

static void
test_warm_flags (void)
{
  g_autoptr (RcRunRecord) unobserved = rc_test_demo_run (RC_SCENARIO_WARM, 1, 0);
  g_autoptr (RcRunRecord) fetched = rc_test_demo_run (RC_SCENARIO_WARM_RESTART, 1, 0);
  g_autoptr (RcRunRecord) none_expected = rc_test_demo_run (RC_SCENARIO_WARM, 2, 0);
  g_autoptr (RcRunAnalysis) a = NULL;
  g_autoptr (RcRunAnalysis) b = NULL;
  g_autoptr (RcRunAnalysis) c = NULL;
  g_autoptr (RcRequestRecord) wasm = rc_request_record_new ();
  const RcDiagnostic *d;

  /* the wheel's Resource Timing entry is gone: nothing observed, which must fail */
  for (guint i = 0; i < unobserved->timings->len; i++)
    if (g_str_has_suffix (((RcResourceTiming *) unobserved->timings->pdata[i])->name,
                          RC_TEST_WHEEL))
      g_ptr_array_remove_index (unobserved->timings, i--);
  a = rc_run_analyse (unobserved);
  d = rc_diagnostics_find_rule (a->flags, "warm-overlay-unobserved");
  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, RC_SEVERITY_ERROR);
  g_assert_cmpstr (d->message, ==, "the 1 expected overlay wheel was not observed in this run");
  g_assert_cmpstr (d->path, ==, "warm-1");

  wasm->method = g_strdup ("GET");
  wasm->url = g_strdup (RC_TEST_CDN "pyodide.asm.wasm");
  wasm->status = 200;
  wasm->bytes = 8647684;
  wasm->start_us = G_GINT64_CONSTANT (5000000000) + 180300;
  rc_run_record_add_request (fetched, wasm);
  b = rc_run_analyse (fetched);
  d = rc_diagnostics_find_rule (b->flags, "warm-immutable-network");
  g_assert_nonnull (d);
  g_assert_nonnull (g_strstr_len (d->message, -1, "pyodide.asm.wasm is immutable"));
  g_assert_false (has_flag (b, "warm-overlay-unobserved"));

  g_ptr_array_set_size (none_expected->expected, 0);
  c = rc_run_analyse (none_expected);
  d = rc_diagnostics_find_rule (c->flags, "no-overlay-expected");
  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, RC_SEVERITY_NOTE);
}

/* A warm OSA run: pyodide.asm.js came from the memory cache, which Resource Timing leaves out.
 * Unobserved, it is flagged (never silently dropped); reported by the probe's importScripts
 * wrapper (script-observed, no sizes), it is a cache hit. */
static void
test_unobserved_and_wrapper_seen (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_WARM, 1, 0);
  g_autoptr (RcRunAnalysis) a = NULL;
  g_autoptr (RcRunAnalysis) b = NULL;
  const RcResourceVerdict *r;
  const RcDiagnostic *d;
  double start = -1;

  for (guint i = 0; i < run->timings->len; i++)
    if (g_str_has_suffix (((RcResourceTiming *) run->timings->pdata[i])->name, "/pyodide.asm.js"))
      {
        start = ((RcResourceTiming *) run->timings->pdata[i])->start_time;
        g_ptr_array_remove_index (run->timings, i--);
      }
  g_assert_cmpfloat (start, >=, 0);
  a = rc_run_analyse (run);
  g_assert_null (rc_run_analysis_find (a, "pyodide.asm.js"));
  d = rc_diagnostics_find_rule (a->flags, "expected-unobserved");
  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, RC_SEVERITY_WARNING);
  g_assert_cmpstr (d->message, ==,
                   "pyodide.asm.js was expected, but neither the proxy's request log nor the "
                   "worker (Resource Timing or its load wrappers) saw it");

  rc_run_record_add_timing (run, RC_TEST_CDN "pyodide.asm.js", "script-observed", "worker", start,
                            start + 40, -1, -1, -1);
  b = rc_run_analyse (run);
  r = rc_run_analysis_find (b, "pyodide.asm.js");
  g_assert_nonnull (r);
  g_assert_cmpint (r->verdict, ==, RC_VERDICT_CACHE);
  g_assert_cmpstr (r->group, ==, "interpreter");
  g_assert_false (has_flag (b, "expected-unobserved"));

  /* A failed boot loads only part of what is expected: nothing to flag. */
  g_ptr_array_remove_index (run->timings, run->timings->len - 1);
  run->outcome.state = RC_OUTCOME_FAILED;
  g_clear_pointer (&a, rc_run_analysis_free);
  a = rc_run_analyse (run);
  g_assert_false (has_flag (a, "expected-unobserved"));
}

static void
test_url_spelling (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  g_autoptr (RcRunAnalysis) a = NULL;
  RcRequestRecord *wasm = run->requests->pdata[5];
  RcRequestRecord *page = run->requests->pdata[0];

  /* the proxy spells the default port and an upper-case host; the engine does not */
  g_assert_true (g_str_has_suffix (wasm->url, "pyodide.asm.wasm"));
  g_free (wasm->url);
  wasm->url = g_strdup ("https://CDN.jsdelivr.net:443/pyodide/v0.29.5/full/pyodide.asm.wasm");
  g_free (page->url);
  page->url = g_strdup ("https://demo.example.org");
  a = rc_run_analyse (run);
  g_assert_cmpuint (a->resources->len, ==, 8);
  g_assert_cmpint (rc_run_analysis_find (a, "pyodide.asm.wasm")->verdict, ==, RC_VERDICT_NETWORK);
  g_assert_cmpint (rc_run_analysis_find (a, "pyodide.asm.wasm")->timing_index, >=, 0);
  g_assert_cmpuint (a->counts[RC_VERDICT_CACHE], ==, 0);
}

static void
test_changed_wheel (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_CHANGED_WHEEL, 1, 0);
  g_autoptr (RcRunRecord) cached = rc_test_demo_run (RC_SCENARIO_CHANGED_WHEEL, 2, 0);
  g_autoptr (RcRunAnalysis) a = rc_run_analyse (run);
  g_autoptr (RcRunAnalysis) b = NULL;
  guint network = 0;

  for (guint i = 0; i < a->resources->len; i++)
    {
      const RcResourceVerdict *r = a->resources->pdata[i];

      if (r->verdict == RC_VERDICT_NETWORK && r->step > 0)
        {
          network++;
          g_assert_cmpstr (r->file_name, ==, RC_TEST_WHEEL_RENAMED);
        }
    }
  g_assert_cmpuint (network, ==, 1);
  g_assert_cmpuint (rc_diagnostics_count (a->flags, RC_SEVERITY_ERROR), ==, 0);

  g_ptr_array_remove_index (cached->requests, cached->requests->len - 1);
  b = rc_run_analyse (cached);
  g_assert_true (has_flag (b, "changed-wheel-cached"));
}

static void
test_disagree_and_failed (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  g_autoptr (RcRunAnalysis) a = NULL;
  g_autoptr (RcRequestRecord) missing = rc_request_record_new ();
  RcResourceTiming *t;

  /* Chrome-like sizes: a transfer the proxy never saw, and a "cache hit" the proxy served */
  rc_run_record_add_timing (run, "https://data.example.org/eeg.bin", "fetch", "worker", 2420, 2440,
                            4300, 4000, 4000);
  t = run->timings->pdata[1]; /* pyodide.js */
  t->transfer_size = 0;
  t->encoded_body_size = 18597;
  missing->method = g_strdup ("GET");
  missing->url = g_strdup ("https://widget.osc.earth/demo/runtime/missing.whl");
  missing->status = 404;
  missing->start_us = G_GINT64_CONSTANT (5000000000) + 2320000;
  rc_run_record_add_request (run, missing);
  /* a cold run that got something from the cache */
  rc_run_record_add_timing (run, RC_TEST_PAGE "/favicon.png", "img", "worker", 2430, 2431, 0, 0, 0);
  a = rc_run_analyse (run);
  g_assert_cmpint (rc_run_analysis_find (a, "eeg.bin")->verdict, ==, RC_VERDICT_DISAGREE);
  g_assert_cmpint (rc_run_analysis_find (a, "pyodide.js")->verdict, ==, RC_VERDICT_DISAGREE);
  g_assert_cmpint (rc_run_analysis_find (a, "missing.whl")->verdict, ==, RC_VERDICT_FAILED);
  g_assert_cmpuint (rc_run_analysis_find (a, "missing.whl")->step, ==, 2);
  g_assert_cmpint (rc_run_analysis_find (a, "favicon.png")->verdict, ==, RC_VERDICT_CACHE);
  g_assert_cmpuint (a->counts[RC_VERDICT_DISAGREE], ==, 2);
  g_assert_true (has_flag (a, "verdict-disagree"));
  g_assert_true (has_flag (a, "resource-failed"));
  g_assert_true (has_flag (a, "cold-cache-hit"));
  g_assert_cmpuint (rc_run_analysis_group (a, "prelude")->requests, ==, 2);
}

/* The engine's own view (Chromium's Network events, Firefox's network.*) cross-checks. */
static void
test_engine_view (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  g_autoptr (RcRunAnalysis) a = NULL;
  RcResourceTiming *js = run->timings->pdata[1]; /* pyodide.js */
  g_autofree char *js_url = g_strdup (js->name);
  const char *wasm_url = NULL;
  const RcResourceVerdict *r;

  for (guint i = 0; i < run->timings->len; i++)
    if (g_str_has_suffix (((RcResourceTiming *) run->timings->pdata[i])->name, "pyodide.asm.wasm"))
      wasm_url = ((RcResourceTiming *) run->timings->pdata[i])->name;
  g_assert_nonnull (wasm_url);
  run->env.engine = g_strdup ("firefox");
  /* Firefox's Resource Timing for a CORS response without Timing-Allow-Origin */
  js->transfer_size = 0;
  js->encoded_body_size = 7119;
  rc_run_record_add_timing (run, js_url, "engine-network", "engine", -1, -1, 7119, 7119, 200);
  /* the engine says cache, the proxy sent it */
  rc_run_record_add_timing (run, wasm_url, "engine-cache", "engine", -1, -1, 0, 0, 200);
  /* the engine says network, no request reached the proxy */
  rc_run_record_add_timing (run, "https://data.example.org/only-engine.bin", "engine-network",
                            "engine", -1, -1, 500, 500, 200);
  rc_run_record_add_timing (run, "https://data.example.org/only-engine.bin", "fetch", "worker",
                            2420, 2440, 0, 0, 0);
  a = rc_run_analyse (run);
  r = rc_run_analysis_find (a, "pyodide.js");
  g_assert_cmpint (r->verdict, ==, RC_VERDICT_NETWORK);
  g_assert_nonnull (strstr (r->reason, "firefox's own events agree"));
  g_assert_nonnull (strstr (r->reason, "Timing-Allow-Origin"));
  r = rc_run_analysis_find (a, "pyodide.asm.wasm");
  g_assert_cmpint (r->verdict, ==, RC_VERDICT_DISAGREE);
  g_assert_nonnull (strstr (r->reason, "firefox's own events report a cache hit"));
  r = rc_run_analysis_find (a, "only-engine.bin");
  g_assert_cmpint (r->verdict, ==, RC_VERDICT_DISAGREE);
  g_assert_nonnull (strstr (r->reason, "report 500 bytes from the network"));
  /* the engine's entries (the three before the last) are no resources of their own */
  for (guint i = 0; i < a->resources->len; i++)
    {
      int index = ((RcResourceVerdict *) a->resources->pdata[i])->timing_index;

      g_assert_true (index < (int) run->timings->len - 4 || index == (int) run->timings->len - 1);
    }
}

static void
test_after_ready (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  g_autoptr (RcRunAnalysis) a = NULL;
  g_autoptr (RcRequestRecord) data = rc_request_record_new ();
  const RcResourceVerdict *r;

  /* osa.fetch_bytes in the booted runtime, 600 ms after ready */
  data->method = g_strdup ("GET");
  data->url = g_strdup ("https://data.example.org/eeg.bin");
  data->status = 200;
  data->bytes = 4000;
  data->start_us = G_GINT64_CONSTANT (5000000000) + 3050000;
  rc_run_record_add_request (run, data);
  a = rc_run_analyse (run);
  r = rc_run_analysis_find (a, "eeg.bin");
  g_assert_cmpstr (r->step_key, ==, RC_STEP_AFTER_READY);
  g_assert_cmpuint (r->step, ==, 5);
  g_assert_cmpuint (a->after_ready_bytes, ==, 4000);
  g_assert_cmpuint (a->total_bytes, ==, INTERPRETER_BYTES + 2726 + 1834 + 7421);
  g_assert_cmpuint (rc_run_analysis_group (a, RC_STEP_AFTER_READY)->bytes, ==, 4000);
}

static void
test_stats (void)
{
  g_autoptr (GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_run_record_free);
  g_autoptr (RcRunStats) odd = NULL;
  g_autoptr (RcRunStats) even = NULL;
  g_autoptr (RcRunStats) warm = NULL;
  g_autoptr (RcRunStats) restart = NULL;
  const RcStepStat *s;
  RcRunRecord *failed, *doubled;

  g_ptr_array_add (runs, rc_test_demo_run (RC_SCENARIO_COLD, 1, 0));
  g_ptr_array_add (runs, rc_test_demo_run (RC_SCENARIO_WARM, 1, 0));
  g_ptr_array_add (runs, rc_test_demo_run (RC_SCENARIO_COLD, 2, 300));
  g_ptr_array_add (runs, rc_test_demo_run (RC_SCENARIO_COLD, 3, 100));
  odd = rc_run_stats_compute (runs, RC_SCENARIO_COLD);
  g_assert_cmpuint (odd->runs, ==, 3);
  g_assert_cmpint (odd->median_run, ==, 3); /* cold-3, 100 ms slower than cold-1 */
  g_assert_cmpfloat (odd->boot_ms.median, ==, 3150);
  g_assert_cmpfloat (odd->boot_ms.min, ==, 3050);
  g_assert_cmpfloat (odd->boot_ms.max, ==, 3350);
  s = rc_run_stats_find_step (odd, "loading_runtime");
  g_assert_nonnull (s);
  g_assert_cmpfloat (s->duration_ms.median, ==, 2390);
  g_assert_cmpfloat (s->bytes.median, ==, INTERPRETER_BYTES);
  g_assert_cmpfloat (s->decoded_bytes.median, ==, INTERPRETER_DECODED);
  g_assert_cmpfloat (odd->total_decoded_bytes.median, ==, INTERPRETER_DECODED + 2726 + 1834 + 7421);
  g_assert_cmpuint (odd->steps->len, ==, 4);

  /* even: median of values is the mean of the middle two, the median run the faster one */
  g_ptr_array_add (runs, rc_test_demo_run (RC_SCENARIO_COLD, 4, 200));
  failed = rc_test_demo_run (RC_SCENARIO_COLD, 5, 0);
  rc_run_record_failed (failed, "timeout", "deadline", NULL, -1);
  failed->boot_ms = 1;
  g_ptr_array_add (runs, failed);
  even = rc_run_stats_compute (runs, RC_SCENARIO_COLD);
  g_assert_cmpuint (even->runs, ==, 4);
  g_assert_cmpuint (even->failed, ==, 1);
  g_assert_cmpfloat (even->boot_ms.median, ==, 3200);
  g_assert_cmpint (even->median_run, ==, 3);
  warm = rc_run_stats_compute (runs, RC_SCENARIO_WARM);
  g_assert_cmpint (warm->median_run, ==, 1);
  g_assert_cmpfloat (warm->total_bytes.median, ==, 1834);
  g_assert_cmpfloat (warm->heap_bytes.median, ==, 20971520);

  /* a doubled boot (issue 19) fails as the engine's: never the median run, also when it is the
   * median time among its ready neighbours or the only run of its scenario */
  doubled = rc_test_demo_run (RC_SCENARIO_COLD, 6, 150);
  rc_run_record_failed (doubled, "engine", "one page per run: the host page loaded 2 times", NULL,
                        -1);
  g_ptr_array_add (runs, doubled);
  g_assert_cmpint (rc_run_stats_median_run (runs, RC_SCENARIO_COLD), ==, 3);
  doubled = rc_test_demo_run (RC_SCENARIO_WARM_RESTART, 1, 0);
  rc_run_record_failed (doubled, "engine", "one page per run: the host page loaded 2 times", NULL,
                        -1);
  g_ptr_array_add (runs, doubled);
  restart = rc_run_stats_compute (runs, RC_SCENARIO_WARM_RESTART);
  g_assert_cmpuint (restart->runs, ==, 1);
  g_assert_cmpuint (restart->failed, ==, 1);
  g_assert_cmpint (restart->median_run, ==, -1);
  g_assert_cmpint (rc_run_stats_median_run (runs, RC_SCENARIO_WARM_RESTART), ==, -1);
}

/* The reader's boot: the page's navigation start to ready on the page's clock, from the two
 * performance.timeOrigin values; browser start apart; the console's clock only as a fallback. */
static void
test_boot_clock (void)
{
  const double page_epoch = 1764633600000.25; /* the page's performance.timeOrigin */
  RcBootClock clock;
  g_autoptr (RcRunRecord) r = rc_run_record_new (RC_SCENARIO_COLD, 1);

  rc_boot_clock_start (&clock, 1000000);
  /* host_alive at page time 100 ms arrived at 2.0005 s: the page began at 1.9005 s */
  rc_boot_clock_page_message (&clock, 2000500, 100, page_epoch);
  /* a later message arrived 0.5 ms later than it could have: the earliest estimate stays */
  rc_boot_clock_page_message (&clock, 2201000, 300, -1);
  /* the worker's clock began 250 ms after the page's */
  rc_boot_clock_worker_origin (&clock, page_epoch + 250);
  rc_boot_clock_worker_origin (&clock, page_epoch + 900); /* a second worker is not the boot's */
  /* ready at worker 2000 ms, relayed at page 2253: the origins place it exactly at 2250 */
  rc_boot_clock_end (&clock, 2000, 2253);
  rc_boot_clock_end (&clock, 5000, 5000); /* only the first end counts */
  rc_boot_clock_apply (&clock, 4155000, r);
  g_assert_cmpstr (r->boot_clock, ==, "navigation");
  g_assert_cmpfloat_with_epsilon (r->boot_ms, 2250, 1e-6);
  g_assert_cmpfloat_with_epsilon (r->worker_start_ms, 250, 1e-6);
  g_assert_cmpfloat_with_epsilon (r->start_ms, 900.5, 1e-6);
  g_assert_cmpfloat_with_epsilon (r->wall_ms, 3155, 1e-6);
  g_assert_cmpint (r->page_time_origin_us, ==, 1900500);
  /* the two clocks agree: browser start + boot is the console's wall time, less the relay */
  g_assert_cmpfloat (r->wall_ms - r->start_ms - r->boot_ms, >=, 0);
  g_assert_cmpfloat (r->wall_ms - r->start_ms - r->boot_ms, <, 10);

  /* a worker that did not say its origin (an old worker): the page's relay time */
  rc_boot_clock_start (&clock, 0);
  rc_boot_clock_page_message (&clock, 500000, 20, page_epoch);
  rc_boot_clock_end (&clock, 2000, 2253);
  rc_boot_clock_apply (&clock, 2800000, r);
  g_assert_cmpfloat_with_epsilon (r->boot_ms, 2253, 1e-6);
  g_assert_cmpfloat (r->worker_start_ms, ==, -1);

  /* a deadline the page did not stamp: from the page's start to the console's end */
  rc_boot_clock_start (&clock, 0);
  rc_boot_clock_page_message (&clock, 500000, 20, page_epoch);
  rc_boot_clock_apply (&clock, 10480000, r);
  g_assert_cmpfloat_with_epsilon (r->boot_ms, 10000, 1e-6);
  g_assert_cmpstr (r->boot_clock, ==, "navigation");

  /* a page that never spoke: the console's clock, and said so */
  rc_boot_clock_start (&clock, 0);
  rc_boot_clock_apply (&clock, 3000000, r);
  g_assert_cmpfloat_with_epsilon (r->boot_ms, 3000, 1e-6);
  g_assert_cmpstr (r->boot_clock, ==, "console");
  g_assert_cmpfloat (r->start_ms, ==, -1);

  /* clocks that tell two stories are flagged */
  {
    g_autoptr (RcRunRecord) told = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
    g_autoptr (RcRunAnalysis) fine = rc_run_analyse (told);
    g_autoptr (RcRunAnalysis) off = NULL;
    gboolean flagged = FALSE;

    for (guint i = 0; i < fine->flags->len; i++)
      g_assert_cmpstr (((RcDiagnostic *) fine->flags->pdata[i])->rule, !=, "boot-clocks-disagree");
    told->wall_ms += 600;
    off = rc_run_analyse (told);
    for (guint i = 0; i < off->flags->len; i++)
      flagged |=
          g_str_equal (((RcDiagnostic *) off->flags->pdata[i])->rule, "boot-clocks-disagree");
    g_assert_true (flagged);
  }
}

/* A version 1 report (a real three-engine measurement) still reads: its boot times are the
 * console's clock, said in the summary, which has a block per engine and scenario. */
static void
test_version_1_report (void)
{
  g_autofree char *path = g_build_filename (RC_SOURCE_DIR, "tests", "fixtures", "charts",
                                            "three-engines-report.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) m = rc_measurement_load (path, &error);
  g_autofree char *summary = NULL;
  g_autoptr (JsonNode) again = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (m->read_version, ==, 1);
  g_assert_cmpstr (((RcRunRecord *) m->runs->pdata[0])->boot_clock, ==, "console");
  summary = rc_measurement_format_summary (m);
  if (g_getenv ("RC_TEST_PRINT") != NULL)
    g_printerr ("%s", summary);
  g_assert_true (g_str_has_prefix (summary, "webkit cold: "));
  g_assert_nonnull (strstr (summary, "\nchromium cold: "));
  g_assert_nonnull (strstr (summary, "\nfirefox warm: "));
  g_assert_null (strstr (summary, "\ncold: "));
  g_assert_nonnull (strstr (summary, "on the console's clock (browser start included)"));
  g_assert_nonnull (strstr (summary, "note: a version 1 report"));
  /* the reader's wait is simulated per browser, as the boots are */
  g_assert_nonnull (strstr (summary, "first message to first result in webkit (model turn"));
  g_assert_nonnull (strstr (summary, "first message to first result in firefox (model turn"));
  /* written again it is version 2, and keeps saying which clock its runs were timed on */
  again = rc_measurement_to_json (m);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (again), "version"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (
                       json_array_get_object_element (
                           json_object_get_array_member (json_node_get_object (again), "runs"), 0),
                       "boot_clock"),
                   ==, "console");
}

/* Why a retried run booted twice: the note's first line without its prefix, only when the
 * record says it took two attempts. */
static void
test_retry_reason (void)
{
  g_autoptr (RcRunRecord) r = rc_run_record_new (RC_SCENARIO_COLD, 1);
  g_autofree char *none = NULL;
  g_autofree char *reason = NULL;

  rc_run_record_add_note (r, "worker source instrumented for heap measurement");
  rc_run_record_add_note (r, RC_RUN_RECORD_RETRY_NOTE
                          "attempt 1 failed in the engine after 2.2 s "
                          "(the worker said: Failed to import _pyodide_core\n Traceback …)");
  r->attempts = 1;
  none = rc_run_record_dup_retry_reason (r);
  g_assert_null (none);
  r->attempts = 2;
  reason = rc_run_record_dup_retry_reason (r);
  g_assert_cmpstr (reason, ==,
                   "attempt 1 failed in the engine after 2.2 s (the worker said: Failed to import "
                   "_pyodide_core …");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/run-record/steps", test_steps);
  g_test_add_func ("/run-record/scenarios", test_scenarios);
  g_test_add_func ("/run-record/failed", test_failed_closes_step);
  g_test_add_func ("/run-record/json-round-trip", test_json_round_trip);
  g_test_add_func ("/run-record/json-errors", test_json_errors);
  g_test_add_func ("/run-record/json-without-decoded", test_json_without_decoded);
  g_test_add_func ("/run-record/incomplete-input", test_incomplete_input);
  g_test_add_func ("/run-record/load-deep-nesting", test_load_deep_nesting);
  g_test_add_func ("/run-record/load-huge-number", test_load_huge_number);
  g_test_add_func ("/run-record/load-number-edges", test_load_number_edges);
  g_test_add_func ("/analysis/cold", test_cold_verdicts);
  g_test_add_func ("/analysis/warm", test_warm_verdicts);
  g_test_add_func ("/analysis/warm-flags", test_warm_flags);
  g_test_add_func ("/analysis/unobserved", test_unobserved_and_wrapper_seen);
  g_test_add_func ("/analysis/url-spelling", test_url_spelling);
  g_test_add_func ("/analysis/changed-wheel", test_changed_wheel);
  g_test_add_func ("/analysis/disagree-failed", test_disagree_and_failed);
  g_test_add_func ("/analysis/after-ready", test_after_ready);
  g_test_add_func ("/analysis/engine-view", test_engine_view);
  g_test_add_func ("/stats", test_stats);
  g_test_add_func ("/run-record/boot-clock", test_boot_clock);
  g_test_add_func ("/run-record/version-1-report", test_version_1_report);
  g_test_add_func ("/run-record/retry-reason", test_retry_reason);
  return g_test_run ();
}
