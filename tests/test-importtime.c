/* test-importtime.c: Python's -X importtime output (captured from the real Pyodide 0.29.5:
 * tests/fixtures/importtime/), the interpreter step split from a worker's ready message, the
 * record's JSON round trip with and without it, and the Markdown side by side. */
#include "config.h"

#include <string.h>

#include "core/chart/rc-chart-timeline.h"
#include "core/export/rc-export-interpreter.h"
#include "core/record/rc-importtime.h"
#include "core/measurement/rc-measurement.h"
#include "core/record/rc-worker-message.h"
#include "core/export/rc-export-markdown.h"

static char *
fixture (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "importtime",
                                                 "pyodide-0.29.5-node20.txt", NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static const RcImportTime *
find (const GPtrArray *imports, const char *module)
{
  for (guint i = 0; i < imports->len; i++)
    if (g_str_equal (((RcImportTime *) imports->pdata[i])->module, module))
      return imports->pdata[i];
  return NULL;
}

static void
test_parse_real_output (void)
{
  g_autofree char *text = fixture ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) imports = rc_importtime_parse (text, &error);
  g_autoptr (GPtrArray) slowest = NULL;
  const RcImportTime *t;
  gint64 total;

  g_assert_no_error (error);
  /* 184 lines: the header and 183 imports */
  g_assert_cmpuint (imports->len, ==, 183);
  t = imports->pdata[0];
  g_assert_cmpstr (t->module, ==, "_io");
  g_assert_cmpint (t->self_us, ==, 1370);
  g_assert_cmpint (t->cumulative_us, ==, 1370);
  g_assert_cmpuint (t->depth, ==, 1);
  t = find (imports, "_pyodide_core");
  g_assert_nonnull (t);
  g_assert_cmpuint (t->depth, ==, 0);
  g_assert_cmpint (t->self_us, ==, 120621);
  g_assert_cmpint (t->cumulative_us, ==, 11019187);
  g_assert_cmpuint (find (imports, "ast")->depth, ==, 3);
  g_assert_cmpuint (find (imports, "_frozen_importlib_external")->depth, ==, 0);

  slowest = rc_importtime_slowest (imports, 10);
  g_assert_cmpuint (slowest->len, ==, 10);
  g_assert_cmpstr (((RcImportTime *) slowest->pdata[0])->module, ==, "_pyodide_core");
  g_assert_cmpstr (((RcImportTime *) slowest->pdata[1])->module, ==, "_pyodide");
  for (guint i = 1; i < slowest->len; i++)
    g_assert_cmpint (((RcImportTime *) slowest->pdata[i - 1])->cumulative_us, >=,
                     ((RcImportTime *) slowest->pdata[i])->cumulative_us);
  /* the top level holds everything once: more than its slowest, less than all summed */
  total = rc_importtime_total_us (imports);
  g_assert_cmpint (total, >, 11019187);
  g_assert_cmpint (total, <, 11019187 * 2);
}

static void
test_bad_lines (void)
{
  static const char *const bad[] = {
    "importtime:      1 |      1 | x",
    "import time:    abc |      1 | x",
    "import time:      5 |      1 | x", /* cumulative below self */
    "import time:      1 |      1 |",
    "import time:      1 |      1 |  x", /* odd indentation */
    "import time:      1 |      1 | two words",
    "import time:     -1 |      1 | x",
  };

  g_assert_true (
      rc_importtime_is_header ("import time: self [us] | cumulative | imported package"));
  g_assert_null (
      rc_importtime_parse_line ("import time: self [us] | cumulative | imported package", NULL));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_null (rc_importtime_parse_line (bad[i], &error));
      g_assert_error (error, RC_IMPORTTIME_ERROR, RC_IMPORTTIME_ERROR_INVALID);
    }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) none =
        rc_importtime_parse ("import time:      1 |      1 | a\nimport time: nonsense\n", &error);

    g_assert_null (none);
    g_assert_error (error, RC_IMPORTTIME_ERROR, RC_IMPORTTIME_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "line 2"));
  }
}

/* A ready message's rc as the built-in worker sends it: the interpreter downloads, the two
 * WebAssembly calls Pyodide makes (the pre-compiled sentinel, then the interpreter), and the
 * fixture's lines from @first_ms on, @step_ms apart. */
static JsonObject *
ready_rc (double first_ms, double step_ms)
{
  g_autofree char *text = fixture ();
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;
  double t = first_ms;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "resources");
  json_builder_begin_array (b);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, "https://cdn.example/pyodide/v0.29.5/full/pyodide.asm.wasm");
  json_builder_set_member_name (b, "startTime");
  json_builder_add_double_value (b, 300);
  json_builder_set_member_name (b, "responseEnd");
  json_builder_add_double_value (b, 900);
  json_builder_end_object (b);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "hooks");
  json_builder_begin_array (b);
  /* finished first: Pyodide's sentinel, a Module already compiled */
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, "wasm-compile");
  json_builder_set_member_name (b, "via");
  json_builder_add_string_value (b, "instantiate");
  json_builder_set_member_name (b, "start");
  json_builder_add_double_value (b, 800);
  json_builder_set_member_name (b, "end");
  json_builder_add_double_value (b, 800.1);
  json_builder_set_member_name (b, "module");
  json_builder_add_boolean_value (b, TRUE);
  json_builder_end_object (b);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, "wasm-compile");
  json_builder_set_member_name (b, "via");
  json_builder_add_string_value (b, "instantiateStreaming");
  json_builder_set_member_name (b, "start");
  json_builder_add_double_value (b, 800.1);
  json_builder_set_member_name (b, "end");
  json_builder_add_double_value (b, 1200);
  json_builder_set_member_name (b, "url");
  json_builder_add_string_value (b, "https://cdn.example/pyodide/v0.29.5/full/pyodide.asm.wasm");
  json_builder_end_object (b);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "importtime");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "lines");
  json_builder_begin_array (b);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '\0')
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "t");
      json_builder_add_double_value (b, t);
      json_builder_set_member_name (b, "text");
      json_builder_add_string_value (b, lines[i]);
      json_builder_end_object (b);
      t += step_ms;
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  return json_object_ref (json_node_get_object (root));
}

/* Booted in @engine, Python's first import at @first_ms, then a line every 5 ms (all 184 of
 * them within the interpreter step, which ends at 4000 ms). */
static RcRunRecord *
booted_record (RcScenario scenario, const char *engine, double first_ms)
{
  RcRunRecord *record = rc_run_record_new (scenario, 1);
  g_autoptr (JsonObject) rc = ready_rc (first_ms, 5);
  g_autoptr (GError) error = NULL;

  g_free (record->env.engine);
  record->env.engine = g_strdup (engine);
  rc_run_record_progress (record, 1, 2, "loading_runtime", NULL, NULL, 10, -1);
  rc_run_record_progress (record, 1, 2, "runtime_loaded", NULL, NULL, 4000, -1);
  rc_run_record_progress (record, 2, 2, "prelude", NULL, NULL, 4000, -1);
  g_assert_true (rc_worker_message_record_resources (record, rc, 4000, &error));
  g_assert_no_error (error);
  rc_run_record_ready (record, "0.29.5", 4100, -1);
  return record;
}

static double
duration (const RcRunRecord *record, const char *name)
{
  const RcSubPhase *p = rc_run_record_find_sub_phase (record, name);

  g_assert_nonnull (p);
  return p->end_ms - p->start_ms;
}

static void
test_split_from_message (void)
{
  g_autoptr (RcRunRecord) record = booted_record (RC_SCENARIO_COLD, "chromium", 1500);
  const RcInterpreterFacts *f = &record->interpreter;
  const RcSubPhase *startup, *imports, *init;
  guint compiles = 0;

  /* the sentinel is not the interpreter's compile */
  for (guint i = 0; i < record->sub_phases->len; i++)
    compiles += g_str_equal (((RcSubPhase *) record->sub_phases->pdata[i])->name, "wasm-compile");
  g_assert_cmpuint (compiles, ==, 1);
  g_assert_cmpfloat (duration (record, "wasm-compile"), ==, 1200 - 800.1);
  /* python-init from the compile's end to runtime_loaded, split at the header's clock */
  init = rc_run_record_find_sub_phase (record, "python-init");
  startup = rc_run_record_find_sub_phase (record, "python-startup");
  imports = rc_run_record_find_sub_phase (record, "python-imports");
  g_assert_nonnull (startup);
  g_assert_nonnull (imports);
  g_assert_cmpfloat (init->start_ms, ==, 1200);
  g_assert_cmpfloat (startup->start_ms, ==, init->start_ms);
  g_assert_cmpfloat (startup->end_ms, ==, 1500);
  g_assert_cmpfloat (imports->start_ms, ==, startup->end_ms);
  g_assert_cmpfloat (imports->end_ms, ==, init->end_ms);
  g_assert_true (f->importtime);
  g_assert_cmpfloat (f->first_import_ms, ==, 1500);
  g_assert_cmpuint (f->import_count, ==, 183);
  g_assert_cmpuint (f->slowest->len, ==, RC_SLOWEST_IMPORTS);
  g_assert_cmpstr (((RcImportTime *) f->slowest->pdata[0])->module, ==, "_pyodide_core");
  g_assert_cmpfloat (((RcImportTime *) f->slowest->pdata[0])->t_ms, >, 1500);
  /* the streaming compile began before the download ended: a note says so */
  {
    gboolean noted = FALSE;

    for (guint i = 0; i < record->notes->len; i++)
      noted |= strstr (record->notes->pdata[i], "compiles while it streams") != NULL;
    g_assert_true (noted);
  }
}

static void
test_lines_after_the_step (void)
{
  g_autoptr (RcRunRecord) record = rc_run_record_new (RC_SCENARIO_COLD, 1);
  g_autoptr (JsonObject) rc = ready_rc (3000, 10); /* 184 lines: 3000 … 4830 ms */
  g_autoptr (GError) error = NULL;

  g_assert_true (rc_worker_message_record_resources (record, rc, 4000, &error));
  /* the header at 3000 and lines up to 4000 ms: 100 imports of the interpreter step */
  g_assert_cmpuint (record->interpreter.import_count, ==, 100);
}

static void
test_first_import_outside (void)
{
  g_autoptr (RcRunRecord) record = rc_run_record_new (RC_SCENARIO_COLD, 1);
  g_autoptr (JsonObject) rc = ready_rc (1000, 1); /* before the compile ended (1200) */
  g_autoptr (GError) error = NULL;
  gboolean noted = FALSE;

  g_assert_true (rc_worker_message_record_resources (record, rc, 4000, &error));
  g_assert_null (rc_run_record_find_sub_phase (record, "python-startup"));
  for (guint i = 0; i < record->notes->len; i++)
    noted |= strstr (record->notes->pdata[i], "python-init is not split") != NULL;
  g_assert_true (noted);
}

static void
test_json_round_trip (void)
{
  g_autoptr (RcRunRecord) record = booted_record (RC_SCENARIO_WARM, "chromium", 1500);
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (RcRunRecord) back = NULL;
  g_autoptr (GError) error = NULL;

  rc_run_record_set_wasm_cache (record, "hit", "chromium trace event v8.wasm.moduleCacheHit");
  node = rc_run_record_to_json (record);
  back = rc_run_record_from_json (node, "run", &error);
  g_assert_no_error (error);
  g_assert_true (back->interpreter.importtime);
  g_assert_cmpfloat (back->interpreter.first_import_ms, ==, 1500);
  g_assert_cmpint (back->interpreter.imports_us, ==, record->interpreter.imports_us);
  g_assert_cmpuint (back->interpreter.import_count, ==, 183);
  g_assert_cmpuint (back->interpreter.slowest->len, ==, RC_SLOWEST_IMPORTS);
  for (guint i = 0; i < RC_SLOWEST_IMPORTS; i++)
    {
      const RcImportTime *a = record->interpreter.slowest->pdata[i];
      const RcImportTime *b = back->interpreter.slowest->pdata[i];

      g_assert_cmpstr (a->module, ==, b->module);
      g_assert_cmpint (a->self_us, ==, b->self_us);
      g_assert_cmpint (a->cumulative_us, ==, b->cumulative_us);
      g_assert_cmpuint (a->depth, ==, b->depth);
      g_assert_cmpfloat (a->t_ms, ==, b->t_ms);
    }
  g_assert_cmpstr (back->interpreter.wasm_cache, ==, "hit");
  g_assert_cmpstr (back->interpreter.wasm_cache_source, ==,
                   "chromium trace event v8.wasm.moduleCacheHit");
}

/* A record written before: no "interpreter" member; it loads as "nothing known". */
static void
test_older_record (void)
{
  g_autoptr (RcRunRecord) plain = rc_run_record_new (RC_SCENARIO_COLD, 1);
  g_autoptr (JsonNode) node = rc_run_record_to_json (plain);
  g_autoptr (RcRunRecord) back = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_false (json_object_has_member (json_node_get_object (node), "interpreter"));
  back = rc_run_record_from_json (node, "run", &error);
  g_assert_no_error (error);
  g_assert_false (back->interpreter.importtime);
  g_assert_cmpfloat (back->interpreter.first_import_ms, ==, -1);
  g_assert_cmpint (back->interpreter.imports_us, ==, -1);
  g_assert_cmpuint (back->interpreter.slowest->len, ==, 0);
  g_assert_null (back->interpreter.wasm_cache);

  /* and a bad one names its path */
  json_object_set_string_member (json_node_get_object (node), "interpreter", "yes");
  g_clear_pointer (&back, rc_run_record_free);
  back = rc_run_record_from_json (node, "runs[0]", &error);
  g_assert_null (back);
  g_assert_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "runs[0].interpreter"));
}

static void
test_markdown_side_by_side (void)
{
  g_autoptr (RcMeasurement) m = rc_measurement_new ("demo");
  g_autofree char *md = NULL;
  RcRunRecord *chromium = booted_record (RC_SCENARIO_COLD, "chromium", 1500);
  RcRunRecord *firefox = booted_record (RC_SCENARIO_COLD, "firefox", 2500);

  rc_run_record_set_wasm_cache (chromium, "stored", "chromium trace event v8.wasm.cachedModule");
  rc_run_record_set_wasm_cache (firefox, "not-reported", "firefox: no event");
  rc_measurement_add_run (m, chromium);
  rc_measurement_add_run (m, firefox);
  md = rc_measurement_to_markdown (m);
  g_test_message ("%s", md);
  g_assert_nonnull (strstr (md, "### Why the interpreter step costs what it does"));
  g_assert_nonnull (strstr (md, "| Interpreter | chromium cold | firefox cold |"));
  /* first import after step 1 began (10 ms): 1490 and 2490 ms */
  g_assert_nonnull (strstr (md, "| Python's first import, after step 1 began | 1.49 s | 2.49 s |"));
  g_assert_nonnull (
      strstr (md, "| Compiled wasm reused (wasm code cache) | stored | not-reported |"));
  g_assert_nonnull (strstr (md, "- chromium trace event v8.wasm.cachedModule"));
  g_assert_nonnull (strstr (md, "| `_pyodide_core` | 11.02 s | 11.02 s |"));
  /* the sub-phase table has the split, per engine */
  g_assert_nonnull (strstr (md, "| `python-startup` | 300 ms | 1.30 s |"));
}

static void
test_text (void)
{
  g_autoptr (RcRunRecord) record = booted_record (RC_SCENARIO_COLD, "chromium", 1500);
  g_autofree char *text = NULL;

  rc_run_record_set_wasm_cache (record, "compiled", "chromium trace event v8.wasm.compiledModule");
  text = rc_run_record_interpreter_text (record, "");
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "interpreter: wasm-compile 400 ms, python-init 2.80 s "
                                  "(python-startup 300 ms + python-imports 2.50 s)\n"));
  g_assert_nonnull (strstr (text, "183 imports took"));
  g_assert_nonnull (strstr (text, "slowest: _pyodide_core 11.02 s, _pyodide 7.29 s"));
  g_assert_nonnull (strstr (text, "wasm code cache: compiled (chromium trace event"));
}

static int
row_of (const RcChartModel *model, const char *label, guint indent)
{
  for (guint i = 0; i < model->rows->len; i++)
    {
      const RcChartRow *row = model->rows->pdata[i];

      if (g_str_equal (row->label, label))
        {
          g_assert_cmpuint (row->indent, ==, indent);
          return (int) i;
        }
    }
  g_error ("the timeline has no row %s", label);
  return -1;
}

/* Under the interpreter step: python-init, its two parts under it, the slowest imports under
 * them as bars that end at their line's clock. */
static void
test_timeline (void)
{
  g_autoptr (RcMeasurement) m = rc_measurement_new ("demo");
  g_autoptr (RcChartModel) model = NULL;
  int init, startup, imports, core;
  guint bars = 0;

  rc_measurement_add_run (m, booted_record (RC_SCENARIO_COLD, "webkit", 1500));
  rc_measurement_add_run (m, booted_record (RC_SCENARIO_WARM, "webkit", 1400));
  model = rc_chart_timeline_build (m, -1, -1);
  init = row_of (model, "python-init", 1);
  startup = row_of (model, "python-startup", 2);
  imports = row_of (model, "python-imports", 2);
  core = row_of (model, "import _pyodide_core", 3);
  g_assert_cmpint (init, <, startup);
  g_assert_cmpint (startup, <, imports);
  g_assert_cmpint (imports, <, core);
  g_assert_cmpint (row_of (model, "prelude", 0), >, core);
  for (guint i = 0; i < model->marks->len; i++)
    {
      const RcChartMark *mark = &g_array_index (model->marks, RcChartMark, i);

      if ((int) mark->row != core)
        continue;
      g_assert_cmpfloat (mark->x1, >, mark->x0);
      g_assert_nonnull (strstr (mark->tooltip, "import _pyodide_core (-X importtime)"));
      bars++;
    }
  g_assert_cmpuint (bars, ==, 2); /* cold and warm */
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/importtime/parse-real-output", test_parse_real_output);
  g_test_add_func ("/importtime/bad-lines", test_bad_lines);
  g_test_add_func ("/importtime/split-from-message", test_split_from_message);
  g_test_add_func ("/importtime/lines-after-the-step", test_lines_after_the_step);
  g_test_add_func ("/importtime/first-import-outside", test_first_import_outside);
  g_test_add_func ("/importtime/json-round-trip", test_json_round_trip);
  g_test_add_func ("/importtime/older-record", test_older_record);
  g_test_add_func ("/importtime/markdown-side-by-side", test_markdown_side_by_side);
  g_test_add_func ("/importtime/text", test_text);
  g_test_add_func ("/importtime/timeline", test_timeline);
  return g_test_run ();
}
