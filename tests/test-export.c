/* test-export.c: the run report against its schema, HAR 1.2, the Markdown cost table, budgets,
 * and `runtime-console compare`. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/chart/rc-chart-model.h"
#include "core/measurement/rc-measurement.h"
#include "core/export/rc-export-har.h"
#include "core/export/rc-export-markdown.h"
#include "core/export/rc-export-text.h"
#include "core/measurement/rc-budget.h"
#include "core/measurement/rc-compare.h"
#include "rc-json-schema.h"
#include "rc-test-har.h"
#include "rc-test-records.h"

static RcMeasurement *
demo_measurement (void)
{
  RcMeasurement *m = rc_measurement_new ("demo");
  const double cold[] = { 0, 300, 100 };
  const double warm[] = { 20, 0, 10 };

  g_free (m->created);
  m->created = g_strdup ("2026-11-29T09:45:00Z");
  for (guint i = 0; i < G_N_ELEMENTS (cold); i++)
    rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_COLD, i + 1, cold[i]));
  for (guint i = 0; i < G_N_ELEMENTS (warm); i++)
    rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_WARM, i + 1, warm[i]));
  rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_CHANGED_WHEEL, 1, 0));
  return m;
}

static JsonNode *
load_schema (void)
{
  g_autofree char *path =
      g_build_filename (RC_SOURCE_DIR, "data", "schema", "run-report-v2.schema.json", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static JsonNode *
parse (const char *text)
{
  g_autoptr (GError) error = NULL;
  JsonNode *node = json_from_string (text, &error);

  g_assert_no_error (error);
  return node;
}

static void
assert_valid (JsonNode *schema, JsonNode *report)
{
  g_autoptr (GPtrArray) problems = rc_json_schema_validate (schema, report);

  for (guint i = 0; i < problems->len; i++)
    g_printerr ("%s\n", (char *) problems->pdata[i]);
  g_assert_cmpuint (problems->len, ==, 0);
}

/* A control-policy boot: the deadline fired in the interpreter step. */
static RcRunRecord *
failed_run (void)
{
  RcRunRecord *run = rc_run_record_new (RC_SCENARIO_COLD, 4);

  run->env.pyodide_version = g_strdup ("0.29.5");
  run->env.policy_name = g_strdup ("control");
  rc_run_record_progress (run, 1, 4, "loading_runtime", NULL, NULL, 9, -1);
  rc_run_record_add_timing (run, RC_TEST_CDN "pyodide.js", "other", "worker", 12, 30, 0, 0, 0);
  rc_run_record_add_violation (run, "script-src", "wasm-eval", "worker", 1500, NULL);
  rc_run_record_failed (run, "timeout", "the Python runtime did not finish starting within 2s",
                        "script-src lacks 'wasm-unsafe-eval': loadPyodide hangs silently", -1);
  run->boot_ms = 2004;
  return run;
}

static void
test_json_schema (void)
{
  g_autoptr (RcMeasurement) m = demo_measurement ();
  g_autoptr (JsonNode) schema = load_schema ();
  g_autofree char *text = NULL;
  g_autoptr (JsonNode) report = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  JsonObject *root;
  JsonObject *step;
  g_autofree char *md = NULL;

  rc_measurement_add_run (m, failed_run ());
  text = rc_measurement_to_json_string (m);
  report = parse (text);
  root = json_node_get_object (report);
  assert_valid (schema, report);
  g_assert_nonnull (strstr (text, "\"end_ms\" : null"));
  g_assert_nonnull (strstr (text, "\"state\" : \"failed\""));
  g_free (md);
  md = rc_measurement_to_markdown (m);
  g_assert_nonnull (strstr (md, "- **did not boot** (cold-4, left out of the figures): timeout: "
                                "the Python runtime did not finish starting within 2s\n"));
  g_assert_null (strstr (md, "Every cache verdict agreed"));
  /* the failed run does not move the cold figures */
  g_assert_nonnull (strstr (md, "| **Boot time** | 3.15 s (3.05 s–3.35 s) |"));
  g_assert_cmpstr (json_object_get_string_member (root, "schema"), ==,
                   "runtime-console/run-report");
  g_assert_cmpint (json_object_get_int_member (root, "version"), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "statistics")), ==,
                    3);
  g_assert_cmpstr (
      json_object_get_string_member (
          json_array_get_object_element (json_object_get_array_member (root, "statistics"), 0),
          "engine"),
      ==, "webkit");

  /* the validator catches what the schema forbids */
  step = json_array_get_object_element (
      json_object_get_array_member (
          json_array_get_object_element (json_object_get_array_member (root, "runs"), 0), "steps"),
      0);
  json_object_remove_member (step, "phase");
  json_object_set_string_member (root, "version", "1");
  json_object_set_string_member (
      json_array_get_object_element (json_object_get_array_member (root, "runs"), 1), "scenario",
      "lukewarm");
  problems = rc_json_schema_validate (schema, report);
  g_assert_cmpuint (problems->len, ==, 3);
  g_assert_cmpstr (problems->pdata[0], ==, "$.version: does not equal the schema's const");
  g_assert_cmpstr (problems->pdata[1], ==, "$.runs[0].steps[0]: missing required member “phase”");
  g_assert_cmpstr (problems->pdata[2], ==, "$.runs[1].scenario: value is not in the enum");
}

static void
test_json_round_trip (void)
{
  g_autoptr (RcMeasurement) m = demo_measurement ();
  g_autofree char *text = rc_measurement_to_json_string (m);
  g_autoptr (JsonNode) node = parse (text);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) back = rc_measurement_from_json (node, &error);
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  again = rc_measurement_to_json_string (back);
  g_assert_cmpstr (text, ==, again);
  g_assert_cmpuint (back->runs->len, ==, 7);
}

/* environment.memory_mb survives a round trip, and a report written before it existed (no
 * member) loads with it unknown. */
static void
test_json_memory_mb (void)
{
  g_autoptr (RcMeasurement) m = demo_measurement ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) back = NULL, old = NULL;
  g_autoptr (JsonNode) node = NULL;
  JsonArray *runs;

  for (guint i = 0; i < m->runs->len; i++)
    ((RcRunRecord *) m->runs->pdata[i])->env.memory_mb = 2048;
  node = rc_measurement_to_json (m);
  runs = json_object_get_array_member (json_node_get_object (node), "runs");
  g_assert_cmpint (
      json_object_get_int_member (
          json_object_get_object_member (json_array_get_object_element (runs, 0), "environment"),
          "memory_mb"),
      ==, 2048);
  back = rc_measurement_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_cmpint (((RcRunRecord *) back->runs->pdata[0])->env.memory_mb, ==, 2048);
  g_assert_cmpint (rc_chart_memory_limit_bytes (back), ==, (gint64) 2048 * 1024 * 1024);
  for (guint i = 0; i < json_array_get_length (runs); i++)
    json_object_remove_member (
        json_object_get_object_member (json_array_get_object_element (runs, i), "environment"),
        "memory_mb");
  old = rc_measurement_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_cmpint (((RcRunRecord *) old->runs->pdata[0])->env.memory_mb, ==, 0);
  g_assert_cmpint (rc_chart_memory_limit_bytes (old), ==, -1);
}

static void
expect_load_error (const char *content, int code, const char *fragment)
{
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) m = NULL;
  int fd = g_file_open_tmp ("rc-report-XXXXXX.json", &path, NULL);

  g_assert_cmpint (fd, >=, 0);
  close (fd);
  g_assert_true (g_file_set_contents (path, content, -1, NULL));
  m = rc_measurement_load (path, &error);
  g_assert_null (m);
  g_assert_error (error, RC_RECORD_ERROR, code);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, fragment));
  g_unlink (path);
}

static void
test_load_errors (void)
{
  g_autoptr (GError) error = NULL;

  expect_load_error ("{\"schema\": \"something-else\", \"version\": 1}", RC_RECORD_ERROR_VERSION,
                     "not a runtime-console run report");
  expect_load_error ("{\"schema\": \"runtime-console/run-report\", \"version\": 3, \"runs\": []}",
                     RC_RECORD_ERROR_VERSION, "versions 1 to 2");
  expect_load_error ("{\"schema\": \"runtime-console/run-report\", \"version\": 1, \"runs\": "
                     "[{\"scenario\": \"cold\"}]}",
                     RC_RECORD_ERROR_INVALID, "runs[0].index: missing");
  expect_load_error ("{\"schema\": ", RC_RECORD_ERROR_INVALID, ":");
  g_assert_null (rc_measurement_load ("/nonexistent/report.json", &error));
  g_assert_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID);
}

static JsonObject *
har_content (JsonObject *entry)
{
  return json_object_get_object_member (json_object_get_object_member (entry, "response"),
                                        "content");
}

static const char *
har_header (JsonObject *entry, const char *name)
{
  JsonArray *headers =
      json_object_get_array_member (json_object_get_object_member (entry, "response"), "headers");

  for (guint i = 0; i < json_array_get_length (headers); i++)
    {
      JsonObject *h = json_array_get_object_element (headers, i);

      if (g_ascii_strcasecmp (json_object_get_string_member (h, "name"), name) == 0)
        return json_object_get_string_member (h, "value");
    }
  return NULL;
}

static void
test_har (void)
{
  g_autoptr (RcMeasurement) m = demo_measurement ();
  g_autoptr (JsonNode) har = rc_measurement_to_har (m);
  g_autofree char *text = json_to_string (har, FALSE);
  g_autoptr (JsonNode) parsed = parse (text);
  JsonObject *log = json_object_get_object_member (json_node_get_object (parsed), "log");
  JsonArray *entries = json_object_get_array_member (log, "entries");
  JsonArray *pages = json_object_get_array_member (log, "pages");
  JsonObject *cold_wasm = rc_test_har_entry (entries, "cold-1", "pyodide.asm.wasm");
  JsonObject *warm_wasm = rc_test_har_entry (entries, "warm-2", "pyodide.asm.wasm");
  JsonObject *wheel = rc_test_har_entry (entries, "cold-1", RC_TEST_WHEEL);

  g_assert_cmpstr (json_object_get_string_member (log, "version"), ==, "1.2");
  g_assert_cmpstr (
      json_object_get_string_member (json_object_get_object_member (log, "creator"), "name"), ==,
      "runtime-console");
  g_assert_cmpuint (json_array_get_length (pages), ==, 7);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (pages, 0), "id"),
                   ==, "cold-1");
  for (guint i = 0; i < json_array_get_length (entries); i++)
    rc_test_assert_har_entry (json_array_get_object_element (entries, i));
  g_assert_cmpstr (json_object_get_string_member (cold_wasm, "_verdict"), ==, "network");
  /* the run's date is its first resource (the page, 139.7 ms before worker time 0) */
  g_assert_cmpstr (json_object_get_string_member (cold_wasm, "startedDateTime"), ==,
                   "2026-11-29T09:30:00.319Z");
  g_assert_cmpstr (json_object_get_string_member (cold_wasm, "_step"), ==, "loading_runtime");
  /* bodySize: wire (brotli); content.size: decoded; compression: the difference */
  g_assert_cmpint (json_object_get_int_member (
                       json_object_get_object_member (cold_wasm, "response"), "bodySize"),
                   ==, 2443367);
  g_assert_cmpint (json_object_get_int_member (har_content (cold_wasm), "size"), ==, 8647684);
  g_assert_cmpint (json_object_get_int_member (har_content (cold_wasm), "compression"), ==,
                   8647684 - 2443367);
  g_assert_cmpstr (har_header (cold_wasm, "Content-Encoding"), ==, "br");
  g_assert_cmpstr (json_object_get_string_member (
                       json_object_get_object_member (cold_wasm, "response"), "statusText"),
                   ==, "OK");
  /* a wheel goes as it is: both sizes equal, no compression */
  g_assert_cmpint (json_object_get_int_member (har_content (wheel), "size"), ==, 2726);
  g_assert_false (json_object_has_member (har_content (wheel), "compression"));
  g_assert_null (har_header (wheel, "Content-Encoding"));
  g_assert_cmpstr (json_object_get_string_member (warm_wasm, "_verdict"), ==, "cache");
  g_assert_cmpstr (json_object_get_string_member (warm_wasm, "_fromCache"), ==, "disk");
  g_assert_cmpint (json_object_get_int_member (
                       json_object_get_object_member (warm_wasm, "response"), "bodySize"),
                   ==, 0);
  /* a cache hit's content is the cached response's: decoded size, status text, headers */
  g_assert_cmpint (json_object_get_int_member (har_content (warm_wasm), "size"), ==, 8647684);
  g_assert_cmpstr (json_object_get_string_member (
                       json_object_get_object_member (warm_wasm, "response"), "statusText"),
                   ==, "OK");
  g_assert_cmpstr (har_header (warm_wasm, "Content-Encoding"), ==, "br");
  g_assert_cmpstr (har_header (warm_wasm, "Content-Type"), ==, "application/wasm");
  g_assert_cmpstr (json_object_get_string_member (wheel, "_step"), ==,
                   "loading_package demo-helpers");
  g_assert_cmpstr (json_object_get_string_member (wheel, "pageref"), ==, "cold-1");
}

static void
test_markdown (void)
{
  g_autoptr (RcMeasurement) m = demo_measurement ();
  g_autofree char *md = rc_measurement_to_markdown (m);

  if (g_getenv ("RC_TEST_PRINT") != NULL)
    g_printerr ("%s", md);

  g_assert_true (g_str_has_prefix (md, "### What it costs\n\nMeasured on 2026-11-29 with "
                                       "runtime-console"));
  g_assert_nonnull (strstr (md, "WebKitGTK 2.50.6 (JavaScriptCore 2.50.6), Pyodide 0.29.5"));
  g_assert_nonnull (strstr (md, "Runs: 3 cold, 3 warm and 1 changed-wheel;"));
  g_assert_nonnull (strstr (md, "| What | cold | warm | changed-wheel |\n|---|---|---|---|\n"));
  g_assert_nonnull (
      strstr (md, "| Interpreter (pyodide.js, lock, wasm, standard library) | 5.1 MB (12.3 MB once "
                  "decoded) | 0 B | 0 B |\n"));
  g_assert_nonnull (strstr (md, "| **Total over the network** | 5.1 MB (12.3 MB once decoded) |"));
  g_assert_nonnull (
      strstr (md, "| Preload demo-helpers with its dependencies | 2.7 kB | 0 B | 2.7 kB |\n"));
  /* changed-wheel fetched the wheel under its new name: the row still finds it */
  g_assert_nonnull (strstr (md, "| Overlay wheel " RC_TEST_WHEEL " | 2.7 kB | 0 B | 2.7 kB |\n"));
  g_assert_nonnull (strstr (md, "| **Boot time** | 3.15 s (3.05 s–3.35 s) | 2.46 s (2.45 s–2.47 s) "
                                "| 2.45 s |\n"));
  g_assert_nonnull (strstr (md, "| WebAssembly heap after boot | 21.0 MB | 21.0 MB | 21.0 MB |"));
  g_assert_nonnull (strstr (md, "| 1. `loading_runtime` | 2.39 s (2.29 s–2.59 s) |"));
  g_assert_nonnull (strstr (md, "Every cache verdict agreed"));
}

static GPtrArray *
budgets (const char *const *texts)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_budget_free);

  for (guint i = 0; texts[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      RcBudget *b = rc_budget_parse (texts[i], &error);

      g_assert_no_error (error);
      g_ptr_array_add (list, b);
    }
  return list;
}

static void
test_budgets (void)
{
  g_autoptr (RcMeasurement) m = demo_measurement ();
  g_autoptr (RcMeasurement) cold_only = rc_measurement_new ("demo");
  const char *met_text[] = { "boot_ms=9000",   "cold_bytes=40MB", "heap_mb=200", "warm_ms=2.5s",
                             "warm_bytes=2KB", "rss_mb=300",      NULL };
  const char *over_text[] = { "boot_ms=3s", "cold_bytes=5000KB", "heap_mb=20",
                              "cold_decoded_bytes=12000KB", NULL };
  const char *bad[] = { "boot_ms",    "boot_ms=40MB",          "speed=3",
                        "heap_mb=-1", "cold_bytes=12 parsecs", NULL };
  g_autoptr (GPtrArray) met = budgets (met_text);
  g_autoptr (GPtrArray) over = budgets (over_text);
  g_autoptr (GPtrArray) met_results = rc_measurement_check_budgets (m, met);
  g_autoptr (GPtrArray) over_results = rc_measurement_check_budgets (m, over);
  g_autoptr (GPtrArray) warm_missing = NULL;
  RcBudgetResult *r;

  g_assert_cmpfloat (((RcBudget *) met->pdata[1])->limit, ==, 40e6);
  g_assert_cmpfloat (((RcBudget *) met->pdata[3])->limit, ==, 2500);
  g_assert_cmpuint (met_results->len, ==, 0);
  g_assert_cmpuint (over_results->len, ==, 4);
  r = over_results->pdata[0];
  g_assert_cmpstr (r->message, ==, "boot_ms: 3150 ms exceeds the budget of 3000 ms");
  r = over_results->pdata[1];
  /* cold_bytes checks wire bytes; cold_decoded_bytes the same once decoded */
  g_assert_cmpfloat (r->figure, ==, RC_TEST_INTERPRETER_WIRE + 2726 + 1834 + 7421);
  g_assert_cmpstr (r->message, ==,
                   "cold_bytes: 5114333 bytes over the network exceeds the budget of 5000000 "
                   "bytes");
  r = over_results->pdata[2];
  g_assert_cmpstr (r->message, ==, "heap_mb: 21.0 MB exceeds the budget of 20.0 MB");
  r = over_results->pdata[3];
  g_assert_cmpfloat (r->figure, ==, RC_TEST_INTERPRETER_DECODED + 2726 + 1834 + 7421);
  g_assert_cmpstr (r->message, ==,
                   "cold_decoded_bytes: 12298614 bytes once decoded exceeds the budget of "
                   "12000000 bytes");
  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_null (rc_budget_parse (bad[i], &error));
      g_assert_error (error, RC_BUDGET_ERROR, 0);
      g_assert_nonnull (strstr (error->message, bad[i]));
    }
  /* a warm budget without warm runs cannot pass */
  rc_measurement_add_run (cold_only, rc_test_demo_run (RC_SCENARIO_COLD, 1, 0));
  warm_missing = rc_measurement_check_budgets (cold_only, met);
  g_assert_cmpuint (warm_missing->len, ==, 2);
  g_assert_false (((RcBudgetResult *) warm_missing->pdata[0])->measured);
  g_assert_cmpstr (((RcBudgetResult *) warm_missing->pdata[0])->message, ==,
                   "warm_ms: no run measured it (budget 2500 ms)");
}

static void
test_summary_and_write (void)
{
  g_autoptr (RcMeasurement) m = demo_measurement ();
  g_autofree char *summary = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rc-write-XXXXXX", NULL);
  g_autofree char *har_path = g_build_filename (dir, "report.har", NULL);
  g_autofree char *md_path = g_build_filename (dir, "cost.md", NULL);
  g_autofree char *har_text = NULL;
  g_autofree char *md_text = NULL;
  g_autofree char *md_direct = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) har = NULL;
  g_autoptr (GPtrArray) list = NULL;
  const char *texts[] = { "boot_ms=9000 cold_bytes=40MB", "heap_mb=200,rss_mb=300", NULL };
  const char *bad[] = { "boot_ms=9000 heap_mb=lots", NULL };
  RcRunRecord *broken;

  /* a warm run that fetched the wasm is an error flag in the summary */
  broken = m->runs->pdata[4];
  rc_run_record_add_request (broken, ((RcRunRecord *) m->runs->pdata[0])->requests->pdata[5]);
  summary = rc_measurement_format_summary (m);
  if (g_getenv ("RC_TEST_PRINT") != NULL)
    g_printerr ("%s", summary);
  g_assert_true (g_str_has_prefix (summary, "cold: 3 runs, 0 failed, median run cold-3\n"
                                            "  boot 3.15 s (3.05–3.35) from navigation, browser "
                                            "start 0.40 s apart\n"
                                            "  network 5.1 MB (12.3 MB "
                                            "once decoded), heap after boot 21.0 MB\n"
                                            "  verdicts: network 24 cache 0 revalidated 0 "
                                            "failed 0 disagree 0\n"));
  g_assert_nonnull (strstr (summary, "error: warm-2: pyodide.asm.wasm is immutable but went "
                                     "to the network in a warm run (2443367 bytes) "
                                     "[warm-immutable-network]\n"));

  g_assert_true (rc_measurement_write (m, RC_EXPORT_HAR, har_path, &error));
  g_assert_no_error (error);
  g_assert_true (rc_measurement_write (m, RC_EXPORT_MARKDOWN, md_path, &error));
  g_assert_true (g_file_get_contents (har_path, &har_text, NULL, NULL));
  g_assert_true (g_file_get_contents (md_path, &md_text, NULL, NULL));
  har = parse (har_text);
  g_assert_cmpstr (
      json_object_get_string_member (
          json_object_get_object_member (json_node_get_object (har), "log"), "version"),
      ==, "1.2");
  md_direct = rc_measurement_to_markdown (m);
  g_assert_true (g_str_has_prefix (md_text, md_direct));
  g_assert_nonnull (strstr (md_text, "warm-immutable-network"));
  g_assert_false (rc_measurement_write (m, RC_EXPORT_JSON, "/nonexistent/dir/r.json", &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);

  list = rc_budgets_parse (texts, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 4);
  g_assert_cmpstr (((RcBudget *) list->pdata[3])->key, ==, "rss_mb");
  g_assert_null (rc_budgets_parse (bad, &error));
  g_assert_error (error, RC_BUDGET_ERROR, 0);
  g_assert_nonnull (strstr (error->message, "heap_mb=lots"));
  g_unlink (har_path);
  g_unlink (md_path);
  g_rmdir (dir);
}

/* B is slower, has another configuration, and A lacks the import step. */
static void
compare_pair (RcMeasurement **a, RcMeasurement **b)
{
  const double sa[] = { 0, 300, 100 };
  const double sb[] = { 200, 400, 250 };

  *a = rc_measurement_new ("demo");
  *b = rc_measurement_new ("demo");
  for (guint i = 0; i < 3; i++)
    {
      RcRunRecord *ra = rc_test_demo_run (RC_SCENARIO_COLD, i + 1, sa[i]);
      RcRunRecord *rb = rc_test_demo_run (RC_SCENARIO_COLD, i + 1, sb[i]);

      g_ptr_array_remove_index (ra->steps, 2);
      g_free (rb->env.config_sha256);
      rb->env.config_sha256 =
          g_strdup ("0000000000000000000000000000000000000000000000000000000000000000");
      rc_measurement_add_run (*a, ra);
      rc_measurement_add_run (*b, rb);
    }
}

static void
test_compare (void)
{
  g_autoptr (RcMeasurement) a = NULL;
  g_autoptr (RcMeasurement) b = NULL;
  g_autoptr (RcComparison) c = NULL;
  g_autofree char *text = NULL;
  const RcCompareRow *row;

  compare_pair (&a, &b);
  c = rc_measurement_compare (a, b, -1);
  g_assert_cmpint (c->scenario, ==, RC_SCENARIO_COLD);
  g_assert_cmpuint (c->warnings->len, ==, 1);
  g_assert_true (g_str_has_prefix (c->warnings->pdata[0], "config sha256 differs"));
  g_assert_cmpuint (c->rows->len, ==, 4);
  row = c->rows->pdata[0];
  g_assert_cmpstr (row->key, ==, "loading_runtime");
  g_assert_cmpfloat (row->delta_ms, ==, 150);
  g_assert_true (row->in_noise);
  /* B's extra step sits where B has it, and prelude still aligns with prelude */
  row = c->rows->pdata[2];
  g_assert_cmpstr (row->key, ==, "importing demo_helpers");
  g_assert_false (row->in_a);
  g_assert_true (row->in_b);
  row = c->rows->pdata[3];
  g_assert_cmpstr (row->key, ==, "prelude");
  g_assert_true (row->in_a && row->in_b);
  g_assert_cmpfloat (row->delta_ms, ==, 0);
  text = rc_comparison_format (c);
  g_assert_true (g_str_has_prefix (text, "WARNING: config sha256 differs"));
  g_assert_nonnull (strstr (text, "only in B"));
  g_assert_nonnull (strstr (text, "(within noise)"));
}

/* Every condition that changes the figures is named: policy, throttle, worker, deployment,
 * distribution (and its lock), not only the config and the engine. */
static void
test_compare_conditions (void)
{
  g_autoptr (RcMeasurement) a = rc_measurement_new ("demo");
  g_autoptr (RcMeasurement) b = rc_measurement_new ("demo");
  g_autoptr (RcComparison) c = NULL;
  g_autoptr (GString) all = g_string_new (NULL);
  static const char *const expected[] = { "policy differs", "throttle differs", "worker differs",
                                          "deployment differs", "distribution differs" };
  RcRunRecord *ra = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  RcRunRecord *rb = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);

  ra->env.distribution = g_strdup ("/dist/npm");
  ra->env.distribution_lock_sha256 = g_strdup ("aa");
  rb->env.distribution = g_strdup ("live");
  g_free (rb->env.policy_sha256);
  rb->env.policy_sha256 = g_strdup ("ff");
  g_free (rb->env.throttle_profile);
  rb->env.throttle_profile = g_strdup ("slow-3g");
  g_free (rb->env.worker_kind);
  rb->env.worker_kind = g_strdup ("osa");
  g_free (rb->env.deployment);
  rb->env.deployment = g_strdup ("develop");
  rc_measurement_add_run (a, ra);
  rc_measurement_add_run (b, rb);
  c = rc_measurement_compare (a, b, -1);
  for (guint i = 0; i < c->warnings->len; i++)
    g_string_append_printf (all, "%s\n", (char *) c->warnings->pdata[i]);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (strstr (all->str, expected[i]) == NULL)
      g_error ("no “%s” warning in:\n%s", expected[i], all->str);
  g_assert_null (strstr (all->str, "config sha256"));
  g_assert_cmpuint (c->warnings->len, ==, G_N_ELEMENTS (expected));

  /* the same folder with another lock is a warning of its own */
  g_free (rb->env.distribution);
  rb->env.distribution = g_strdup ("/dist/npm");
  rb->env.distribution_lock_sha256 = g_strdup ("bb");
  g_clear_pointer (&c, rc_comparison_free);
  c = rc_measurement_compare (a, b, -1);
  g_string_truncate (all, 0);
  for (guint i = 0; i < c->warnings->len; i++)
    g_string_append_printf (all, "%s\n", (char *) c->warnings->pdata[i]);
  g_assert_nonnull (strstr (all->str, "distribution lock sha256 differs (aa vs bb)"));
}

/* A rehearsed upgrade (--pyodide): the versions differ, and so do the workers' types; the
 * pinned version recorded in B is no warning of its own. */
static void
test_compare_pyodide (void)
{
  g_autoptr (RcMeasurement) a = rc_measurement_new ("demo");
  g_autoptr (RcMeasurement) b = rc_measurement_new ("demo");
  g_autoptr (RcComparison) c = NULL;
  g_autoptr (GString) all = g_string_new (NULL);
  RcRunRecord *ra = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  RcRunRecord *rb = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);

  g_free (ra->env.pyodide_version);
  ra->env.pyodide_version = g_strdup ("0.29.5");
  ra->env.worker_type = g_strdup ("classic");
  g_free (rb->env.pyodide_version);
  rb->env.pyodide_version = g_strdup ("314.0.8");
  rb->env.pyodide_pinned = g_strdup ("0.29.5");
  rb->env.worker_type = g_strdup ("module");
  rc_measurement_add_run (a, ra);
  rc_measurement_add_run (b, rb);
  c = rc_measurement_compare (a, b, -1);
  for (guint i = 0; i < c->warnings->len; i++)
    g_string_append_printf (all, "%s\n", (char *) c->warnings->pdata[i]);
  g_assert_nonnull (strstr (all->str, "Pyodide version differs (0.29.5 vs 314.0.8): the runs "
                                      "booted different interpreters"));
  g_assert_nonnull (strstr (all->str, "worker type differs (classic vs module)"));
  g_assert_cmpuint (c->warnings->len, ==, 2);
}

/* A WebKit tuned from the environment (JSC_useOMGJIT=0, as the console's own tests run it):
 * the record keeps the options through JSON, the Markdown says a reader's browser does not
 * set them, and a comparison with an untuned run warns. */
static void
test_engine_options (void)
{
  g_autoptr (RcMeasurement) m = demo_measurement ();
  g_autoptr (RcMeasurement) plain = demo_measurement ();
  g_autoptr (RcMeasurement) back = NULL;
  g_autoptr (RcComparison) c = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *md = NULL, *plain_md = rc_measurement_to_markdown (plain);
  gboolean warned = FALSE;

  for (guint i = 0; i < m->runs->len; i++)
    ((RcRunRecord *) m->runs->pdata[i])->env.engine_options = g_strdup ("JSC_useOMGJIT=0");
  node = rc_measurement_to_json (m);
  back = rc_measurement_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (((RcRunRecord *) back->runs->pdata[0])->env.engine_options, ==,
                   "JSC_useOMGJIT=0");
  md = rc_measurement_to_markdown (back);
  g_assert_nonnull (strstr (md, "WebKitGTK 2.50.6 (JavaScriptCore 2.50.6) with JSC_useOMGJIT=0, "
                                "which a reader's browser does not set, Pyodide 0.29.5"));
  g_assert_null (strstr (plain_md, "JSC_"));
  c = rc_measurement_compare (plain, back, -1);
  for (guint i = 0; i < c->warnings->len; i++)
    warned |= g_str_equal (c->warnings->pdata[i],
                           "engine options differs (none vs JSC_useOMGJIT=0): the engines were "
                           "tuned differently");
  g_assert_true (warned);
  g_clear_pointer (&c, rc_comparison_free);
  c = rc_measurement_compare (plain, plain, -1);
  for (guint i = 0; i < c->warnings->len; i++)
    g_assert_null (strstr (c->warnings->pdata[i], "engine options"));
}

/* --scenario warm when only B ran warm: a warning says so, and the totals are B's alone. */
static void
test_compare_missing_scenario (void)
{
  g_autoptr (RcMeasurement) a = NULL;
  g_autoptr (RcMeasurement) b = NULL;
  g_autoptr (RcComparison) c = NULL;
  g_autofree char *text = NULL;

  compare_pair (&a, &b);
  rc_measurement_add_run (b, rc_test_demo_run (RC_SCENARIO_WARM, 1, 0));
  c = rc_measurement_compare (a, b, RC_SCENARIO_WARM);
  g_assert_cmpuint (c->warnings->len, ==, 2);
  g_assert_cmpstr (c->warnings->pdata[1], ==, "A has no warm runs");
  g_assert_cmpint (c->boot_a.n, ==, 0);
  g_assert_cmpint (c->boot_b.n, ==, 1);
  text = rc_comparison_format (c);
  g_assert_nonnull (strstr (text, "WARNING: A has no warm runs\n"));
  g_assert_null (strstr (text, "only in A"));
  g_assert_true (
      g_regex_match_simple ("^boot \\(ms\\) +— +[0-9]+ +only in B$", text, G_REGEX_MULTILINE, 0));
}

static int
run_cli (const char *const *args, char **out)
{
  const char *binary = g_getenv ("RC_CONSOLE_BINARY");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, (char *) binary);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, out,
                NULL, &status, &error);
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static void
test_compare_cli (void)
{
  g_autoptr (RcMeasurement) a = NULL;
  g_autoptr (RcMeasurement) b = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rc-compare-XXXXXX", NULL);
  g_autofree char *pa = g_build_filename (dir, "A.json", NULL);
  g_autofree char *pb = g_build_filename (dir, "B.json", NULL);
  g_autofree char *ta = NULL, *tb = NULL, *out = NULL, *out2 = NULL, *out3 = NULL;

  if (g_getenv ("RC_CONSOLE_BINARY") == NULL)
    {
      g_test_fail_printf ("RC_CONSOLE_BINARY is not set (run through meson test)");
      return;
    }
  compare_pair (&a, &b);
  ta = rc_measurement_to_json_string (a);
  tb = rc_measurement_to_json_string (b);
  g_assert_true (g_file_set_contents (pa, ta, -1, NULL));
  g_assert_true (g_file_set_contents (pb, tb, -1, NULL));
  g_assert_cmpint (run_cli ((const char *[]){ "compare", pa, pb, NULL }, &out), ==, 0);
  if (g_getenv ("RC_TEST_PRINT") != NULL)
    g_printerr ("%s", out);
  g_assert_nonnull (strstr (out, "WARNING: config sha256 differs"));
  g_assert_nonnull (strstr (out, "importing demo_helpers"));
  g_assert_cmpint (run_cli ((const char *[]){ "compare", pa, "/nonexistent.json", NULL }, &out2),
                   ==, 2);
  g_assert_cmpint (run_cli ((const char *[]){ "compare", pa, NULL }, &out3), ==, 2);
  g_unlink (pa);
  g_unlink (pb);
  g_rmdir (dir);
}

/* A demo run booted in @engine: WebKit runs keep their WebKitGTK versions. */
static RcRunRecord *
engine_run (const char *engine, const char *version, RcScenario scenario, guint index,
            double slowdown_ms)
{
  RcRunRecord *run = rc_test_demo_run (scenario, index, slowdown_ms);

  run->env.engine = g_strdup (engine);
  run->env.engine_version = g_strdup (version);
  if (g_strcmp0 (engine, "webkit") != 0)
    {
      g_clear_pointer (&run->env.webkit_version, g_free);
      g_clear_pointer (&run->env.jsc_version, g_free);
    }
  return run;
}

static RcMeasurement *
three_engines (void)
{
  static const char *const engines[][2] = { { "webkit", "2.50.6" },
                                            { "chromium", "156.0.8078.114" },
                                            { "firefox", "153.8.0esr" } };
  RcMeasurement *m = rc_measurement_new ("demo");

  for (guint e = 0; e < G_N_ELEMENTS (engines); e++)
    {
      /* a second apart per engine, so each column's boot time is its own */
      rc_measurement_add_run (
          m, engine_run (engines[e][0], engines[e][1], RC_SCENARIO_COLD, 1, 1000.0 * e));
      rc_measurement_add_run (
          m, engine_run (engines[e][0], engines[e][1], RC_SCENARIO_WARM, 1, 1000.0 * e));
    }
  return m;
}

static void
test_markdown_engines (void)
{
  g_autoptr (RcMeasurement) m = three_engines ();
  g_autofree char *md = rc_measurement_to_markdown (m);
  g_autofree char *json = rc_measurement_to_json_string (m);
  g_autoptr (JsonNode) schema = load_schema ();
  g_autoptr (JsonNode) report = parse (json);
  g_autoptr (RcMeasurement) back = NULL;
  g_autoptr (GError) error = NULL;
  const char *boot_row;

  if (g_getenv ("RC_TEST_PRINT") != NULL)
    g_printerr ("%s", md);
  g_assert_nonnull (strstr (md, "WebKitGTK 2.50.6 (JavaScriptCore 2.50.6), Chromium "
                                "156.0.8078.114 and Firefox 153.8.0esr, Pyodide 0.29.5"));
  g_assert_nonnull (
      strstr (md, "| What | webkit cold | webkit warm | chromium cold | chromium warm | firefox "
                  "cold | firefox warm |\n|---|---|---|---|---|---|---|\n"));
  g_assert_nonnull (strstr (md, "Runs: 1 webkit cold, 1 webkit warm, 1 chromium cold"));
  /* each engine's column has its own figures: boot times a second apart */
  boot_row = strstr (md, "| **Boot time** |");
  g_assert_nonnull (boot_row);
  g_assert_true (g_str_has_prefix (boot_row, "| **Boot time** | 3.05 s | "));
  g_assert_nonnull (strstr (boot_row, "| 4.05 s |"));
  g_assert_nonnull (strstr (boot_row, "| 5.05 s |"));
  g_assert_nonnull (strstr (md, "| Step | webkit cold |"));
  /* python-init side by side, per engine */
  g_assert_nonnull (strstr (md, "| Sub-phase | webkit cold | webkit warm | chromium cold |"));
  g_assert_nonnull (strstr (md, "| `python-init` | 850 ms | 850 ms | 850 ms | 850 ms | 850 ms | "
                                "850 ms |\n"));
  /* the report with its engines is a valid run report, and reads back */
  assert_valid (schema, report);
  /* statistics per engine and scenario, never a median over three browsers */
  {
    JsonArray *stats = json_object_get_array_member (json_node_get_object (report), "statistics");
    g_autofree char *summary = rc_measurement_format_summary (m);

    g_assert_cmpuint (json_array_get_length (stats), ==, 6);
    g_assert_cmpstr (
        json_object_get_string_member (json_array_get_object_element (stats, 2), "engine"), ==,
        "chromium");
    g_assert_cmpstr (
        json_object_get_string_member (json_array_get_object_element (stats, 2), "median_run"), ==,
        "cold-1");
    g_assert_true (g_str_has_prefix (summary, "webkit cold: 1 run, 0 failed"));
    g_assert_nonnull (strstr (summary, "\nchromium cold: 1 run, 0 failed, median run "
                                       "cold-1\n  boot 4.05 s from navigation"));
    g_assert_nonnull (strstr (summary, "\nfirefox warm: 1 run"));
  }
  back = rc_measurement_from_json (report, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (((RcRunRecord *) back->runs->pdata[2])->env.engine, ==, "chromium");
  g_assert_cmpstr (((RcRunRecord *) back->runs->pdata[2])->env.engine_version, ==,
                   "156.0.8078.114");
  g_assert_null (((RcRunRecord *) back->runs->pdata[2])->env.webkit_version);
}

static void
test_compare_engines (void)
{
  g_autoptr (RcMeasurement) webkit = rc_measurement_new ("demo");
  g_autoptr (RcMeasurement) chromium = rc_measurement_new ("demo");
  g_autoptr (RcMeasurement) mixed = three_engines ();
  g_autoptr (RcComparison) c = NULL;
  g_autoptr (RcComparison) m = NULL;
  gboolean engine_warned = FALSE, mixed_warned = FALSE;

  rc_measurement_add_run (webkit, engine_run ("webkit", "2.50.6", RC_SCENARIO_COLD, 1, 0));
  rc_measurement_add_run (chromium,
                          engine_run ("chromium", "156.0.8078.114", RC_SCENARIO_COLD, 1, 0));
  c = rc_measurement_compare (webkit, chromium, -1);
  for (guint i = 0; i < c->warnings->len; i++)
    engine_warned |=
        g_str_has_prefix (c->warnings->pdata[i], "engine differs (webkit vs chromium)");
  g_assert_true (engine_warned);
  m = rc_measurement_compare (mixed, webkit, -1);
  for (guint i = 0; i < m->warnings->len; i++)
    mixed_warned |= g_str_has_prefix (m->warnings->pdata[i], "A holds runs of webkit and chromium");
  g_assert_true (mixed_warned);
}

/* A version 1 report's boots include browser start: compare says so instead of showing the
 * browser's start-up as a regression or a gain. */
static void
test_compare_clocks (void)
{
  g_autoptr (RcMeasurement) now = rc_measurement_new ("demo");
  g_autoptr (RcMeasurement) old = rc_measurement_new ("demo");
  g_autoptr (RcComparison) c = NULL;
  g_autoptr (RcComparison) same = NULL;
  RcRunRecord *run = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  gboolean warned = FALSE;

  rc_measurement_add_run (now, rc_test_demo_run (RC_SCENARIO_COLD, 1, 0));
  g_free (run->boot_clock);
  run->boot_clock = g_strdup ("console");
  rc_measurement_add_run (old, run);
  c = rc_measurement_compare (old, now, -1);
  for (guint i = 0; i < c->warnings->len; i++)
    warned |= g_str_has_prefix (c->warnings->pdata[i],
                                "A times its boots on the console's clock, browser start included");
  g_assert_true (warned);
  same = rc_measurement_compare (now, now, -1);
  for (guint i = 0; i < same->warnings->len; i++)
    g_assert_null (strstr (same->warnings->pdata[i], "console's clock"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export/json-schema", test_json_schema);
  g_test_add_func ("/export/json-round-trip", test_json_round_trip);
  g_test_add_func ("/export/json-memory-mb", test_json_memory_mb);
  g_test_add_func ("/export/load-errors", test_load_errors);
  g_test_add_func ("/export/har", test_har);
  g_test_add_func ("/export/markdown", test_markdown);
  g_test_add_func ("/export/markdown-engines", test_markdown_engines);
  g_test_add_func ("/compare/engines", test_compare_engines);
  g_test_add_func ("/compare/clocks", test_compare_clocks);
  g_test_add_func ("/export/budgets", test_budgets);
  g_test_add_func ("/export/summary-and-write", test_summary_and_write);
  g_test_add_func ("/compare/rows", test_compare);
  g_test_add_func ("/compare/conditions", test_compare_conditions);
  g_test_add_func ("/compare/missing-scenario", test_compare_missing_scenario);
  g_test_add_func ("/compare/pyodide", test_compare_pyodide);
  g_test_add_func ("/compare/engine-options", test_engine_options);
  g_test_add_func ("/compare/cli", test_compare_cli);
  return g_test_run ();
}
