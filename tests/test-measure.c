/* test-measure.c: `runtime-console measure` on the demo community, for real.
 *
 * One invocation (cold, warm, changed-wheel, twice, then the control boot; real WebKitGTK and
 * Pyodide; needs a display, run under xvfb-run) produces the JSON, HAR and Markdown every test
 * below reads; budgets are checked against that saved report, so only the first test boots.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <sys/wait.h>

#include "boot/rc-measure-runner.h"
#include "core/base/rc-diagnostic.h"
#include "core/measurement/rc-measurement.h"
#include "rc-json-schema.h"
#include "rc-test-har.h"

typedef struct
{
  gboolean done;
  int status;
  char *out;
  char *err;
  char *dir;
  char *json_path;
  char *har_path;
  char *markdown_path;
  RcMeasurement *measurement;
} Shared;

static Shared shared;

static int
run_cli (const char *const *args, char **out, char **err)
{
  const char *binary = g_getenv ("RC_CONSOLE_BINARY");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_assert_nonnull (binary);
  g_ptr_array_add (argv, (char *) binary);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, err == NULL ? G_SPAWN_STDERR_TO_DEV_NULL : 0,
                NULL, NULL, out, err, &status, &error);
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* The one real measurement, made by the first test that needs it. */
static const Shared *
measured (void)
{
  g_autofree char *demo = NULL;
  g_autoptr (GError) error = NULL;

  if (shared.done)
    return &shared;
  shared.done = TRUE;
  demo = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  shared.dir = g_dir_make_tmp ("rc-measure-XXXXXX", &error);
  g_assert_no_error (error);
  shared.json_path = g_build_filename (shared.dir, "report.json", NULL);
  shared.har_path = g_build_filename (shared.dir, "report.har", NULL);
  shared.markdown_path = g_build_filename (shared.dir, "report.md", NULL);
  shared.status =
      run_cli ((const char *[]){ "measure", demo, "--scenario", "cold,warm,changed-wheel", "--runs",
                                 "2", "--deployment", "production", "--deadline", "120", "--json",
                                 shared.json_path, "--har", shared.har_path, "--markdown",
                                 shared.markdown_path, NULL },
               &shared.out, &shared.err);
  if (g_getenv ("RC_TEST_PRINT") != NULL)
    g_printerr ("%s\n%s\n", shared.out, shared.err);
  shared.measurement = rc_measurement_load (shared.json_path, &error);
  g_assert_no_error (error);
  return &shared;
}

static const RcRunRecord *
find_run (const char *run_id)
{
  const RcMeasurement *m = measured ()->measurement;

  for (guint i = 0; i < m->runs->len; i++)
    {
      const RcRunRecord *run = g_ptr_array_index (m->runs, i);

      if (g_str_equal (run->run_id, run_id))
        {
          g_assert_cmpint (run->outcome.state, ==, RC_OUTCOME_READY);
          return run;
        }
    }
  g_error ("no run %s in the report", run_id);
}

static const char *
overlay_wheel (const RcRunRecord *run)
{
  for (guint i = 0; i < run->expected->len; i++)
    {
      const RcExpectedResource *e = g_ptr_array_index (run->expected, i);

      if (e->overlay)
        return e->file_name;
    }
  g_error ("%s expects no overlay wheel", run->run_id);
}

static void
test_wheel_name (void)
{
  g_autofree char *a = rc_measure_wheel_new_name ("demo_helpers-0.1.1-py3-none-any.whl", 1);
  g_autofree char *b = rc_measure_wheel_new_name ("x-1.0-7-py3-none-any.whl", 2);

  g_assert_cmpstr (a, ==, "demo_helpers-0.1.1-1-py3-none-any.whl");
  g_assert_cmpstr (b, ==, "x-1.0-2-py3-none-any.whl");
}

static void
test_bad_arguments (void)
{
  g_autofree char *demo = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  g_autofree char *err1 = NULL, *err2 = NULL, *err3 = NULL, *err4 = NULL, *err5 = NULL;

  g_assert_cmpint (run_cli ((const char *[]){ "measure", NULL }, NULL, &err1), ==, 2);
  g_assert_nonnull (strstr (err1, "community folder"));
  g_assert_cmpint (
      run_cli ((const char *[]){ "measure", demo, "--scenario", "cold,tepid", NULL }, NULL, &err2),
      ==, 2);
  g_assert_nonnull (strstr (err2, "tepid"));
  g_assert_cmpint (
      run_cli ((const char *[]){ "measure", demo, "--budget", "boot_ms=fast", NULL }, NULL, &err3),
      ==, 2);
  /* Bad values and unknown presets are option errors: they point at --help. */
  g_assert_cmpint (
      run_cli ((const char *[]){ "measure", demo, "--worker", "wasm", NULL }, NULL, &err4), ==, 2);
  g_assert_nonnull (strstr (err4, "“wasm”"));
  g_assert_nonnull (strstr (err4, "runtime-console measure --help"));
  g_assert_cmpint (
      run_cli ((const char *[]){ "measure", demo, "--csp", "nosuch", NULL }, NULL, &err5), ==, 2);
  g_assert_nonnull (strstr (err5, "nemarlike"));
  g_assert_nonnull (strstr (err5, "runtime-console measure --help"));
}

static void
test_exit_and_progress (void)
{
  const Shared *s = measured ();

  g_assert_cmpint (s->status, ==, 0);
  g_assert_nonnull (strstr (s->err, "[1/7] cold-1: booting"));
  g_assert_nonnull (strstr (s->err, "[3/7] changed-wheel-1: booting"));
  g_assert_nonnull (strstr (s->err, "[6/7] changed-wheel-2: booting"));
  g_assert_nonnull (strstr (s->err, "[7/7] control-1: booting"));
  g_assert_nonnull (strstr (s->err, "warm-1 [2/4] loading_package demo-helpers"));
  /* runtime_loaded is printed as step 1 finishing, not as a step of its own */
  g_assert_nonnull (strstr (s->err, "cold-1 [1/4] loading_runtime done in "));
  g_assert_null (strstr (s->err, "runtime_loaded"));
  g_assert_true (g_str_has_prefix (s->out, "cold: 2 runs, 0 failed"));
  g_assert_nonnull (strstr (s->out, "\nchanged-wheel: 2 runs, 0 failed"));
  g_assert_cmpuint (s->measurement->runs->len, ==, 6);
  /* measured as a reader's WebKit runs: no JSC_* tuning (tests/meson.build keeps this test's
   * environment untuned), and nothing on stderr says otherwise */
  g_assert_null (strstr (s->err, "engine options"));
  for (guint i = 0; i < s->measurement->runs->len; i++)
    g_assert_null (((RcRunRecord *) s->measurement->runs->pdata[i])->env.engine_options);
}

/* Every resource of a cold run, and every expected one, went over the wire with bytes. */
static void
test_cold (void)
{
  const RcRunRecord *run = find_run ("cold-1");
  g_autoptr (RcRunAnalysis) a = rc_run_analyse (run);

  g_assert_cmpuint (a->resources->len, >=, run->expected->len);
  for (guint i = 0; i < a->resources->len; i++)
    {
      const RcResourceVerdict *v = g_ptr_array_index (a->resources, i);

      g_assert_cmpstr (rc_verdict_to_string (v->verdict), ==, "network");
      g_assert_cmpuint (v->bytes, >, 0);
    }
  for (guint i = 0; i < run->expected->len; i++)
    {
      const RcExpectedResource *e = g_ptr_array_index (run->expected, i);

      g_assert_nonnull (rc_run_analysis_find (a, e->file_name));
    }
  g_assert_cmpuint (a->flags->len, ==, 0);
}

/* Nothing immutable over the wire, the interpreter from the cache, the two sources agree. */
static void
test_warm (void)
{
  const RcRunRecord *run = find_run ("warm-1");
  g_autoptr (RcRunAnalysis) a = rc_run_analyse (run);
  const RcResourceVerdict *wasm = rc_run_analysis_find (a, "pyodide.asm.wasm");
  const RcResourceVerdict *wheel = rc_run_analysis_find (a, overlay_wheel (run));

  for (guint i = 0; i < run->expected->len; i++)
    {
      const RcExpectedResource *e = g_ptr_array_index (run->expected, i);
      const RcResourceVerdict *v = rc_run_analysis_find (a, e->file_name);

      g_assert_true (e->immutable);
      for (guint j = 0; j < run->requests->len; j++)
        {
          const RcRequestRecord *r = g_ptr_array_index (run->requests, j);
          g_autofree char *name = r->url != NULL ? rc_url_file_name (r->url) : NULL;

          if (g_strcmp0 (name, e->file_name) == 0)
            g_assert_cmpuint (r->bytes, ==, 0);
        }
      if (v != NULL)
        g_assert_cmpuint (v->bytes, ==, 0);
    }
  /* the checks above must have had something to hold for */
  g_assert_nonnull (wasm);
  g_assert_cmpstr (rc_verdict_to_string (wasm->verdict), ==, "cache");
  g_assert_nonnull (wheel);
  g_assert_cmpstr (rc_verdict_to_string (wheel->verdict), ==, "cache");
  g_assert_cmpuint (a->counts[RC_VERDICT_DISAGREE], ==, 0);
  g_assert_cmpuint (rc_diagnostics_count (a->flags, RC_SEVERITY_ERROR), ==, 0);
}

/* Besides the host page, only the renamed wheel went to the network; the old name was never
 * asked for. */
static void
test_changed_wheel (void)
{
  const RcRunRecord *cold = find_run ("cold-1");
  const RcRunRecord *run = find_run ("changed-wheel-1");
  g_autoptr (RcRunAnalysis) a = rc_run_analyse (run);
  g_autofree char *renamed = rc_measure_wheel_new_name (overlay_wheel (cold), 1);
  guint fetched = 0;

  g_assert_cmpstr (overlay_wheel (run), ==, renamed);
  for (guint i = 0; i < a->resources->len; i++)
    {
      const RcResourceVerdict *v = g_ptr_array_index (a->resources, i);

      g_assert_cmpstr (v->file_name, !=, overlay_wheel (cold));
      if (g_str_equal (v->group, "page") || v->verdict != RC_VERDICT_NETWORK)
        continue;
      g_assert_cmpstr (v->file_name, ==, renamed);
      g_assert_cmpuint (v->bytes, >, 0);
      fetched++;
    }
  g_assert_cmpuint (fetched, ==, 1);
  for (guint i = 0; i < run->requests->len; i++)
    {
      const RcRequestRecord *r = g_ptr_array_index (run->requests, i);

      g_assert_cmpstr (r->run_id, ==, "changed-wheel-1");
      g_assert_true (r->url == NULL || strstr (r->url, overlay_wheel (cold)) == NULL);
    }
  g_assert_cmpuint (rc_diagnostics_count (a->flags, RC_SEVERITY_ERROR), ==, 0);
}

/* Each repetition boots the community as configured: the rebuilt wheel of changed-wheel-1
 * does not leak into cold-2 and warm-2, and changed-wheel-2 gets its own build tag. */
static void
test_changed_wheel_repetitions (void)
{
  const RcRunRecord *cold1 = find_run ("cold-1");
  const char *configured = overlay_wheel (cold1);
  g_autofree char *first = rc_measure_wheel_new_name (configured, 1);
  g_autofree char *second = rc_measure_wheel_new_name (configured, 2);
  const char *const later[] = { "cold-2", "warm-2" };
  guint asked = 0;

  for (guint k = 0; k < G_N_ELEMENTS (later); k++)
    {
      const RcRunRecord *run = find_run (later[k]);
      g_autoptr (RcRunAnalysis) a = rc_run_analyse (run);

      g_assert_cmpstr (overlay_wheel (run), ==, configured);
      for (guint i = 0; i < run->requests->len; i++)
        {
          const RcRequestRecord *r = g_ptr_array_index (run->requests, i);

          g_assert_true (r->url == NULL || strstr (r->url, first) == NULL);
          asked += r->url != NULL && strstr (r->url, configured) != NULL;
        }
      g_assert_cmpuint (rc_diagnostics_count (a->flags, RC_SEVERITY_ERROR), ==, 0);
    }
  /* cold-2 is a fresh session: it asked for the configured name */
  g_assert_cmpuint (asked, >=, 1);
  g_assert_cmpstr (overlay_wheel (find_run ("changed-wheel-2")), ==, second);
  for (guint i = 0; i < find_run ("changed-wheel-2")->requests->len; i++)
    g_assert_null (strstr (
        ((RcRequestRecord *) g_ptr_array_index (find_run ("changed-wheel-2")->requests, i))->url,
        first));
}

/* The control ran by itself, under OSA's control preset (no policy was chosen), with the
 * deadline the rule gives for these runs, and it did not boot: the report is valid. */
static void
test_control (void)
{
  const Shared *s = measured ();
  const RcControl *control = s->measurement->control;
  g_autofree char *rule = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (control);
  g_assert_cmpstr (control->policy_name, ==, "control");
  g_assert_null (control->derived_from);
  g_assert_cmpfloat (control->deadline_ms, >=, RC_CONTROL_MIN_DEADLINE_MS);
  g_assert_cmpfloat (control->deadline_ms, ==,
                     rc_control_deadline_ms (s->measurement->runs, &rule));
  g_assert_cmpstr (control->deadline_rule, ==, rule);
  g_assert_nonnull (control->run);
  g_assert_cmpstr (control->run->run_id, ==, "control-1");
  g_assert_cmpint (control->run->outcome.state, ==, RC_OUTCOME_FAILED);
  g_assert_cmpstr (control->run->env.policy_name, ==, "control");
  /* it went as far as the interpreter: the page and the worker were not what stopped it */
  g_assert_cmpuint (control->run->requests->len, >, 0);
  g_assert_true (rc_measurement_is_valid (s->measurement));
  g_assert_nonnull (strstr (s->err, "control: did not boot"));
  g_assert_nonnull (strstr (s->out, "control: did not boot"));
  g_file_get_contents (s->markdown_path, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "Control: under the policy “control”"));
  g_assert_null (strstr (text, "invalid"));
  /* the runs' own figures are not the control's */
  for (guint i = 0; i < s->measurement->runs->len; i++)
    g_assert_cmpstr (((RcRunRecord *) s->measurement->runs->pdata[i])->env.policy_name, ==, "none");
}

/* Bad --distribution/--live are option errors (nothing boots); --no-control boots no control
 * and the report says null (on the OSA stand-in, whose boot is short). */
static void
test_control_options (void)
{
  g_autofree char *demo = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  g_autofree char *standin = g_build_filename (RC_SOURCE_DIR, "tests", "fixtures", "osa-checkout",
                                               "src", "assistants", "standin", NULL);
  g_autofree char *json = g_build_filename (measured ()->dir, "no-control.json", NULL);
  g_autofree char *err1 = NULL, *err2 = NULL, *err3 = NULL, *out3 = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *root;

  g_assert_cmpint (
      run_cli ((const char *[]){ "measure", demo, "--distribution", "/no/such/dist", NULL }, NULL,
               &err1),
      ==, 2);
  g_assert_nonnull (strstr (err1, "/no/such/dist"));
  g_assert_nonnull (strstr (err1, "runtime-console measure --help"));
  g_assert_cmpint (
      run_cli ((const char *[]){ "measure", demo, "--live", "--distribution", RC_SOURCE_DIR, NULL },
               NULL, &err2),
      ==, 2);
  g_assert_nonnull (strstr (err2, "--live"));

  run_cli ((const char *[]){ "measure", standin, "--worker", "osa", "--scenario", "cold",
                             "--deadline", "60", "--no-control", "--json", json, NULL },
           &out3, &err3);
  g_assert_null (strstr (err3, "control-1"));
  json_parser_load_from_file (parser, json, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_has_member (root, "control"));
  g_assert_true (json_object_get_null_member (root, "control"));
  g_assert_true (json_object_get_boolean_member (root, "valid"));
}

static void
test_schema (void)
{
  g_autofree char *schema_path =
      g_build_filename (RC_SOURCE_DIR, "data", "schema", "run-report-v2.schema.json", NULL);
  g_autoptr (JsonParser) schema = json_parser_new ();
  g_autoptr (JsonParser) report = json_parser_new ();
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;

  json_parser_load_from_file (schema, schema_path, &error);
  g_assert_no_error (error);
  json_parser_load_from_file (report, measured ()->json_path, &error);
  g_assert_no_error (error);
  problems = rc_json_schema_validate (json_parser_get_root (schema), json_parser_get_root (report));
  for (guint i = 0; i < problems->len; i++)
    g_printerr ("%s\n", (char *) problems->pdata[i]);
  g_assert_cmpuint (problems->len, ==, 0);
}

static void
test_har (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *log;
  JsonArray *entries;
  gboolean seen[3] = { FALSE };

  json_parser_load_from_file (parser, measured ()->har_path, &error);
  g_assert_no_error (error);
  rc_test_assert_har_log (json_parser_get_root (parser));
  log = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "log");
  entries = json_object_get_array_member (log, "entries");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (log, "pages")), ==, 6);
  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      const char *run =
          json_object_get_string_member (json_array_get_object_element (entries, i), "_run");

      seen[0] |= g_str_equal (run, "cold-1");
      seen[1] |= g_str_equal (run, "warm-1");
      seen[2] |= g_str_equal (run, "changed-wheel-1");
    }
  g_assert_true (seen[0] && seen[1] && seen[2]);
}

static void
test_markdown (void)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (measured ()->markdown_path, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "| "));
  g_assert_nonnull (strstr (text, "0.29.5"));
}

/* Against the saved report: no second boot. */
static void
test_budgets (void)
{
  const char *report = measured ()->json_path;
  g_autofree char *out1 = NULL, *out2 = NULL;

  g_assert_cmpint (run_cli ((const char *[]){ "measure", "--check-budgets", report, "--budget",
                                              "boot_ms=1", "--budget", "heap_mb=100000", NULL },
                            &out1, NULL),
                   ==, 1);
  g_assert_nonnull (strstr (out1, "BUDGET EXCEEDED boot_ms:"));
  g_assert_nonnull (strstr (out1, "budget met      heap_mb"));
  g_assert_cmpint (run_cli ((const char *[]){ "measure", "--check-budgets", report, "--budget",
                                              "boot_ms=100000000 cold_bytes=100000MB", NULL },
                            &out2, NULL),
                   ==, 0);
  g_assert_null (strstr (out2, "EXCEEDED"));
  g_assert_nonnull (strstr (out2, "budget met      cold_bytes"));
}

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) d = dir != NULL ? g_dir_open (dir, 0, NULL) : NULL;
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
  if (dir != NULL)
    g_rmdir (dir);
}

/* measure keeps the report in the community's history (RC_HISTORY_DIR in the tests). */
static void
test_kept_in_history (void)
{
  const Shared *s = measured ();
  const char *root = g_getenv ("RC_HISTORY_DIR");
  const char *line = strstr (s->err, "history: ");
  g_autofree char *path = NULL;
  g_autoptr (RcMeasurement) kept = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (root);
  g_assert_nonnull (line);
  path = g_strndup (line + strlen ("history: "), strcspn (line + strlen ("history: "), "\n"));
  g_assert_true (g_str_has_prefix (path, root));
  kept = rc_measurement_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kept->runs->len, ==, s->measurement->runs->len);
  g_assert_cmpstr (kept->created, ==, s->measurement->created);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/measure/wheel-name", test_wheel_name);
  g_test_add_func ("/measure/bad-arguments", test_bad_arguments);
  g_test_add_func ("/measure/exit-and-progress", test_exit_and_progress);
  g_test_add_func ("/measure/cold", test_cold);
  g_test_add_func ("/measure/kept-in-history", test_kept_in_history);
  g_test_add_func ("/measure/warm", test_warm);
  g_test_add_func ("/measure/changed-wheel", test_changed_wheel);
  g_test_add_func ("/measure/changed-wheel-repetitions", test_changed_wheel_repetitions);
  g_test_add_func ("/measure/control", test_control);
  g_test_add_func ("/measure/control-options", test_control_options);
  g_test_add_func ("/measure/schema", test_schema);
  g_test_add_func ("/measure/har", test_har);
  g_test_add_func ("/measure/markdown", test_markdown);
  g_test_add_func ("/measure/budgets", test_budgets);
  status = g_test_run ();
  if (g_getenv ("RC_TEST_KEEP") == NULL)
    remove_dir (shared.dir);
  g_clear_pointer (&shared.measurement, rc_measurement_free);
  g_free (shared.out);
  g_free (shared.err);
  g_free (shared.dir);
  g_free (shared.json_path);
  g_free (shared.har_path);
  g_free (shared.markdown_path);
  return status;
}
