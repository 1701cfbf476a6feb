/* test-snapshot-report.c: the experimental snapshot scenario in the report: its scenarios,
 * the "snapshot" member against the schema, the savings per engine, text and Markdown, a
 * snapshot boot's failure as the engine's named result, and bad report input. */
#include "config.h"

#include <string.h>

#include "core/analysis/rc-boot-blame.h"
#include "core/export/rc-export-markdown.h"
#include "core/export/rc-export-text.h"
#include "core/measurement/rc-measurement.h"
#include "rc-json-schema.h"
#include "rc-test-records.h"

static RcSnapshot *
demo_snapshot (void)
{
  RcSnapshot *s = rc_snapshot_new ();

  s->name = g_strdup ("rc-snapshot-0123456789ab.bin");
  s->url = g_strconcat (RC_TEST_CDN, s->name, NULL);
  s->size_bytes = 20971664;
  s->sha256 = g_strdup ("0123456789abcdef");
  s->make_ms = 12700;
  s->snapshot_ms = 90;
  s->made_with = g_strdup ("node v20.20.2 (Pyodide 0.29.5)");
  s->pyodide_version = g_strdup ("0.29.5");
  return s;
}

/* WebKit: three plain cold runs and three from the snapshot, about a third as long; Chromium:
 * one plain cold run and a snapshot run the engine refused. */
static RcMeasurement *
demo_measurement (void)
{
  RcMeasurement *m = rc_measurement_new ("demo");
  const double snapshot_ms[] = { 1200, 1000, 1100 };
  RcRunRecord *refused;

  for (guint i = 0; i < 3; i++)
    {
      RcRunRecord *run = rc_test_demo_run (RC_SCENARIO_SNAPSHOT, i + 1, 0);

      run->boot_ms = snapshot_ms[i];
      rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_COLD, i + 1, i * 100));
      rc_measurement_add_run (m, run);
    }
  rc_measurement_add_run (m,
                          rc_test_engine_run ("chromium", "156.0.7531.2", RC_SCENARIO_COLD, 1, 0));
  refused = rc_test_engine_run ("chromium", "156.0.7531.2", RC_SCENARIO_SNAPSHOT, 1, 0);
  rc_run_record_failed (refused, "snapshot",
                        "loading_runtime: loadPyodide failed booting from the memory snapshot: "
                        "RangeError: WebAssembly.Memory(): could not allocate memory",
                        NULL, -1);
  rc_measurement_add_run (m, refused);
  m->snapshot = demo_snapshot ();
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

static void
test_scenarios (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) list = rc_scenarios_parse ("cold,snapshot", &error);
  RcScenario parsed;

  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  g_assert_cmpint (g_array_index (list, RcScenario, 1), ==, RC_SCENARIO_SNAPSHOT);
  g_assert_cmpint (g_array_index (list, RcScenario, 2), ==, RC_SCENARIO_SNAPSHOT_WARM);
  g_assert_false (rc_scenario_is_warm (RC_SCENARIO_SNAPSHOT));
  g_assert_true (rc_scenario_is_warm (RC_SCENARIO_SNAPSHOT_WARM));
  g_assert_true (rc_scenario_is_snapshot (RC_SCENARIO_SNAPSHOT_WARM));
  g_assert_false (rc_scenario_is_snapshot (RC_SCENARIO_WARM));
  g_assert_true (rc_scenario_from_string ("snapshot-warm", &parsed));
  g_assert_cmpint (parsed, ==, RC_SCENARIO_SNAPSHOT_WARM);
}

static JsonObject *
stats_of (JsonObject *root, const char *engine, const char *scenario)
{
  JsonArray *stats = json_object_get_array_member (root, "statistics");

  for (guint i = 0; i < json_array_get_length (stats); i++)
    {
      JsonObject *s = json_array_get_object_element (stats, i);

      if (g_str_equal (json_object_get_string_member (s, "engine"), engine)
          && g_str_equal (json_object_get_string_member (s, "scenario"), scenario))
        return s;
    }
  g_assert_not_reached ();
}

static double
median_boot (JsonObject *stats)
{
  return json_object_get_double_member (json_object_get_object_member (stats, "boot_ms"), "median");
}

static void
test_json (void)
{
  g_autoptr (RcMeasurement) m = demo_measurement ();
  g_autoptr (JsonNode) schema = load_schema ();
  g_autoptr (JsonNode) report = rc_measurement_to_json (m);
  g_autoptr (GPtrArray) problems = rc_json_schema_validate (schema, report);
  JsonObject *root = json_node_get_object (report);
  JsonObject *snapshot = json_object_get_object_member (root, "snapshot");
  JsonArray *savings = json_object_get_array_member (snapshot, "savings");
  JsonObject *webkit = json_array_get_object_element (savings, 0);
  JsonObject *chromium = json_array_get_object_element (savings, 1);
  double plain = median_boot (stats_of (root, "webkit", "cold"));
  double from = median_boot (stats_of (root, "webkit", "snapshot"));

  for (guint i = 0; i < problems->len; i++)
    g_printerr ("%s\n", (char *) problems->pdata[i]);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_true (json_object_get_boolean_member (snapshot, "experimental"));
  g_assert_true (json_object_get_boolean_member (snapshot, "interpreter_only"));
  g_assert_cmpint (json_object_get_int_member (snapshot, "size_bytes"), ==, 20971664);
  g_assert_true (json_object_get_null_member (snapshot, "refused"));
  /* only the runs that came from the snapshot, per engine: none of warm (no snapshot-warm run) */
  g_assert_cmpuint (json_array_get_length (savings), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (webkit, "engine"), ==, "webkit");
  g_assert_cmpstr (json_object_get_string_member (webkit, "plain_scenario"), ==, "cold");
  g_assert_cmpfloat (json_object_get_double_member (webkit, "snapshot_boot_ms"), ==, from);
  g_assert_cmpfloat (json_object_get_double_member (webkit, "plain_boot_ms"), ==, plain);
  g_assert_cmpfloat (from, ==, 1100);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (webkit, "saved_ms"), plain - from,
                                  1e-6);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (webkit, "speedup"), plain / from,
                                  1e-6);
  /* the refused snapshot boot is counted, and no saving is made up for it */
  g_assert_cmpstr (json_object_get_string_member (chromium, "engine"), ==, "chromium");
  g_assert_cmpint (json_object_get_int_member (chromium, "snapshot_failed"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (chromium, "snapshot_runs"), ==, 0);
  g_assert_true (json_object_get_null_member (chromium, "saved_ms"));
}

static void
test_round_trip (void)
{
  g_autoptr (RcMeasurement) m = demo_measurement ();
  g_autofree char *text = rc_measurement_to_json_string (m);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) back =
      rc_measurement_load_data (text, strlen (text), "report.json", &error);
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (back->snapshot);
  g_assert_cmpint (back->snapshot->size_bytes, ==, m->snapshot->size_bytes);
  g_assert_cmpstr (back->snapshot->url, ==, m->snapshot->url);
  g_assert_cmpfloat (back->snapshot->make_ms, ==, m->snapshot->make_ms);
  g_assert_null (back->snapshot->file); /* where it lay is this machine's business */
  again = rc_measurement_to_json_string (back);
  g_assert_cmpstr (again, ==, text);
}

static void
test_text_and_markdown (void)
{
  g_autoptr (RcMeasurement) m = demo_measurement ();
  g_autofree char *summary = rc_measurement_format_summary (m);
  g_autofree char *md = rc_measurement_to_markdown (m);

  g_assert_nonnull (strstr (summary, "Snapshot (experimental): 21.0 MB, made in 12.7 s with node "
                                     "v20.20.2 (Pyodide 0.29.5); it holds the interpreter only"));
  g_assert_nonnull (strstr (summary, "  webkit: snapshot 1.10 s vs cold "));
  g_assert_nonnull (strstr (summary, "median of 3 and 3\n"));
  g_assert_nonnull (strstr (summary, "  chromium: snapshot did not boot (1 failed)"));
  g_assert_nonnull (strstr (md, "### Boot from a memory snapshot (experimental)\n"));
  g_assert_nonnull (strstr (md, "- webkit: snapshot 1.10 s vs cold "));

  /* a snapshot that could not be made says why, and no saving */
  m->snapshot->refused = g_strdup ("the snapshot is made with Node.js, and neither node nor "
                                   "nodejs is on PATH; install nodejs (18 or later)");
  g_free (summary);
  summary = rc_measurement_format_summary (m);
  g_assert_nonnull (strstr (summary, "Snapshot (experimental): not made: the snapshot is made "
                                     "with Node.js"));
}

static void
test_engine_refused (void)
{
  RcParty party = RC_PARTY_UNKNOWN;
  g_autofree char *cause = rc_boot_named_cause (
      "snapshot", "loadPyodide failed booting from the memory snapshot: out of memory", &party);

  g_assert_cmpint (party, ==, RC_PARTY_ENGINE);
  g_assert_nonnull (strstr (cause, "could not boot from the memory snapshot (experimental)"));
}

static void
test_bad_input (void)
{
  g_autoptr (RcMeasurement) m = demo_measurement ();
  g_autoptr (JsonNode) report = rc_measurement_to_json (m);
  JsonObject *snapshot = json_object_get_object_member (json_node_get_object (report), "snapshot");
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) back = NULL;

  json_object_set_string_member (snapshot, "size_bytes", "big");
  text = json_to_string (report, TRUE);
  back = rc_measurement_load_data (text, strlen (text), "report.json", &error);
  g_assert_null (back);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "snapshot.size_bytes: expected a number"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/snapshot-report/scenarios", test_scenarios);
  g_test_add_func ("/snapshot-report/json", test_json);
  g_test_add_func ("/snapshot-report/round-trip", test_round_trip);
  g_test_add_func ("/snapshot-report/text-and-markdown", test_text_and_markdown);
  g_test_add_func ("/snapshot-report/engine-refused", test_engine_refused);
  g_test_add_func ("/snapshot-report/bad-input", test_bad_input);
  return g_test_run ();
}
