/* test-control.c: the control boot's derivation (policy minus its WebAssembly grant, the
 * deadline rule) and its place in the report (JSON, Markdown, text, validity). */
#include "config.h"

#include <string.h>

#include "core/measurement/rc-control.h"
#include "core/policy/rc-csp-presets.h"
#include "core/measurement/rc-measurement.h"
#include "core/export/rc-export-markdown.h"
#include "core/export/rc-export-text.h"
#include "core/measurement/rc-compare.h"

static char *
without_wasm (const char *text)
{
  g_autoptr (RcCspPolicy) policy = rc_csp_policy_parse (text);

  return rc_csp_policy_without_wasm (policy);
}

static void
test_policy (void)
{
  g_autoptr (RcCspPreset) nemarlike = rc_csp_presets_lookup ("nemarlike", NULL);
  g_autofree char *a = without_wasm (nemarlike->policy);
  g_autofree char *b = without_wasm ("default-src 'self' 'wasm-unsafe-eval' blob:");
  g_autofree char *c = without_wasm ("script-src 'wasm-unsafe-eval'; default-src 'self' "
                                     "'wasm-unsafe-eval'");
  g_autofree char *d = without_wasm ("script-src 'self' 'unsafe-eval' https://wasm-unsafe-eval.io "
                                     "'WASM-Unsafe-Eval', script-src 'wasm-unsafe-eval' 'self'");
  g_autofree char *e = without_wasm ("img-src 'self'");
  g_autoptr (RcCspPolicy) parsed = rc_csp_policy_parse (a);
  const char *refused = NULL;

  /* only script-src changes; every other directive is as written, in order */
  g_assert_cmpstr (a, ==,
                   "script-src 'self' https://cdn.jsdelivr.net; connect-src 'self' "
                   "https://*.nemar.org https://cdn.jsdelivr.net https://widget.osc.earth "
                   "https://develop-widget.osc.earth; default-src 'self'; worker-src 'self' blob:; "
                   "child-src 'self' blob:; img-src 'self' data: blob:; style-src 'self' "
                   "'unsafe-inline'; form-action 'self'");
  g_assert_false (rc_csp_policy_allows_wasm (parsed, &refused));
  g_assert_cmpstr (refused, ==, "script-src");
  /* without script-src, default-src governs WebAssembly */
  g_assert_cmpstr (b, ==, "default-src 'self' blob:");
  /* with script-src, default-src does not govern it and is left alone; an emptied
   * directive is 'none', not an empty (allow-nothing-but-ambiguous) list */
  g_assert_cmpstr (c, ==, "script-src 'none'; default-src 'self' 'wasm-unsafe-eval'");
  /* a host named like the keyword stays; keywords match case-insensitively; each policy of
   * a list is changed; 'unsafe-eval' goes too, since it lets WebAssembly compile as well */
  g_assert_cmpstr (d, ==, "script-src 'self' https://wasm-unsafe-eval.io, script-src 'self'");
  g_assert_cmpstr (e, ==, "img-src 'self'");
  g_assert_null (rc_csp_policy_without_wasm (NULL));
}

static void
test_derive (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCspPreset) loose = rc_csp_presets_lookup ("loose", NULL);
  g_autoptr (RcCspPreset) preset = rc_csp_presets_lookup ("control", NULL);
  g_autoptr (RcControl) none = rc_control_derive ("none", NULL, &error);
  g_autoptr (RcControl) derived = NULL;
  g_autoptr (RcCspPolicy) parsed = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (none->policy_name, ==, "control");
  g_assert_cmpstr (none->policy, ==, preset->policy);
  g_assert_null (none->derived_from);
  derived = rc_control_derive ("loose", loose->policy, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (derived->derived_from, ==, "loose");
  g_assert_cmpstr (derived->policy_name, ==, "loose minus 'wasm-unsafe-eval'");
  parsed = rc_csp_policy_parse (derived->policy);
  g_assert_false (rc_csp_policy_allows_wasm (parsed, NULL));
  g_assert_nonnull (strstr (derived->policy, "connect-src 'self' https://cdn.jsdelivr.net"));
}

static RcRunRecord *
run_with_loading (RcScenario scenario, guint index, double loading_ms, gboolean ready)
{
  RcRunRecord *run = rc_run_record_new (scenario, index);

  rc_run_record_progress (run, 1, 2, "loading_runtime", NULL, NULL, 0, -1);
  rc_run_record_progress (run, 2, 2, "prelude", NULL, NULL, loading_ms, -1);
  if (ready)
    rc_run_record_ready (run, "0.29.5", loading_ms + 10, -1);
  else
    rc_run_record_failed (run, "timeout", "late", NULL, -1);
  return run;
}

static void
test_deadline (void)
{
  g_autoptr (GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_run_record_free);
  g_autofree char *rule = NULL;
  g_autofree char *floor_rule = NULL;
  g_autofree char *warm_rule = NULL;

  g_assert_cmpfloat (rc_control_deadline_ms (runs, &floor_rule), ==, RC_CONTROL_MIN_DEADLINE_MS);
  g_assert_nonnull (strstr (floor_rule, "no run measured"));
  /* warm runs only: their median, since there is no cold one */
  g_ptr_array_add (runs, run_with_loading (RC_SCENARIO_WARM, 1, 9000, TRUE));
  g_assert_cmpfloat (rc_control_deadline_ms (runs, &warm_rule), ==, 18000);
  g_assert_nonnull (strstr (warm_rule, "of 1 ready runs"));
  /* cold runs win over warm; the median of 6, 8 and 30 s is 8 s → 16 s; a failed run and
   * its (long) step do not count */
  g_ptr_array_add (runs, run_with_loading (RC_SCENARIO_COLD, 1, 6000, TRUE));
  g_ptr_array_add (runs, run_with_loading (RC_SCENARIO_COLD, 2, 30000, TRUE));
  g_ptr_array_add (runs, run_with_loading (RC_SCENARIO_COLD, 3, 8000, TRUE));
  g_ptr_array_add (runs, run_with_loading (RC_SCENARIO_COLD, 4, 90000, FALSE));
  g_assert_cmpfloat (rc_control_deadline_ms (runs, &rule), ==, 16000);
  g_assert_nonnull (strstr (rule, "(8.00 s) of 3 cold runs"));
  /* never below the floor */
  g_ptr_array_set_size (runs, 0);
  g_ptr_array_add (runs, run_with_loading (RC_SCENARIO_COLD, 1, 1200, TRUE));
  g_assert_cmpfloat (rc_control_deadline_ms (runs, NULL), ==, RC_CONTROL_MIN_DEADLINE_MS);
}

static RcMeasurement *
measurement_with_control (gboolean control_boots)
{
  RcMeasurement *m = rc_measurement_new ("demo");
  RcControl *control = rc_control_derive ("none", NULL, NULL);
  RcRunRecord *run = run_with_loading (RC_SCENARIO_COLD, 1, 6000, TRUE);

  run->env.distribution = g_strdup ("/tmp/full-dist");
  run->env.distribution_lock_sha256 =
      g_strdup ("48b9825e0a3c2a7725ddba9259d7510a4d1071c92fe83fbcd1eff7596b5067ab");
  rc_measurement_add_run (m, run);
  rc_control_set_deadline (control, m->runs);
  control->run = run_with_loading (RC_SCENARIO_COLD, 1, 5000, control_boots);
  g_free (control->run->run_id);
  control->run->run_id = g_strdup ("control-1");
  rc_measurement_set_control (m, control);
  return m;
}

static void
test_report (void)
{
  g_autoptr (RcMeasurement) held = measurement_with_control (FALSE);
  g_autoptr (RcMeasurement) broken = measurement_with_control (TRUE);
  g_autoptr (JsonNode) json = rc_measurement_to_json (broken);
  g_autoptr (RcMeasurement) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *md_held = rc_measurement_to_markdown (held);
  g_autofree char *md_broken = rc_measurement_to_markdown (broken);
  g_autofree char *text_held = rc_measurement_format_summary (held);
  g_autofree char *text_broken = rc_measurement_format_summary (broken);
  JsonObject *root = json_node_get_object (json);
  JsonObject *control = json_object_get_object_member (root, "control");

  g_assert_true (rc_measurement_is_valid (held));
  g_assert_false (rc_measurement_is_valid (broken));
  g_assert_false (json_object_get_boolean_member (root, "valid"));
  g_assert_true (json_object_get_boolean_member (control, "booted"));
  g_assert_cmpstr (json_object_get_string_member (control, "policy_name"), ==, "control");
  g_assert_cmpfloat (json_object_get_double_member (control, "deadline_ms"), ==, 12000);
  g_assert_cmpstr (
      json_object_get_string_member (json_object_get_object_member (control, "run"), "run_id"), ==,
      "control-1");
  back = rc_measurement_from_json (json, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back->control);
  g_assert_false (rc_measurement_is_valid (back));
  g_assert_cmpfloat (back->control->deadline_ms, ==, 12000);
  g_assert_cmpstr (((RcRunRecord *) back->runs->pdata[0])->env.distribution_lock_sha256, ==,
                   "48b9825e0a3c2a7725ddba9259d7510a4d1071c92fe83fbcd1eff7596b5067ab");

  g_assert_nonnull (strstr (md_broken, "**This report is invalid.**"));
  g_assert_null (strstr (md_held, "invalid"));
  g_assert_nonnull (strstr (md_held, "the control page did not boot (timeout"));
  g_assert_nonnull (strstr (md_held,
                            "Pyodide distribution: /tmp/full-dist (pyodide-lock.json sha256 "
                            "48b9825e0a3c…)"));
  g_assert_nonnull (strstr (text_broken, "this report is INVALID"));
  g_assert_nonnull (strstr (text_held, "control: did not boot (timeout"));
  g_assert_nonnull (strstr (text_held, "distribution: /tmp/full-dist"));
}

/* A control in @engine, booted or not. */
static RcControl *
engine_control (const char *engine, gboolean boots)
{
  RcControl *control =
      rc_control_derive ("nemarlike", "script-src 'self' 'wasm-unsafe-eval'", NULL);

  control->engine = g_strdup (engine);
  control->deadline_ms = 10000;
  control->run = run_with_loading (RC_SCENARIO_COLD, 1, 3000, boots);
  control->run->env.engine = g_strdup (engine);
  return control;
}

/* One control per engine: each in the report, the text and the Markdown; one that booted is
 * its engine's finding; a report of before (a single "control") still loads. */
static void
test_engines (void)
{
  g_autoptr (RcMeasurement) m = rc_measurement_new ("demo");
  g_autoptr (RcMeasurement) back = NULL;
  g_autoptr (RcMeasurement) old = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) json = NULL;
  g_autofree char *text = NULL, *md = NULL, *why = NULL, *why_back = NULL;
  JsonObject *root;
  JsonArray *controls;

  rc_measurement_add_run (m, run_with_loading (RC_SCENARIO_COLD, 1, 6000, TRUE));
  rc_measurement_add_control (m, engine_control ("webkit", FALSE));
  rc_measurement_add_control (m, engine_control ("chromium", FALSE));
  g_assert_true (rc_measurement_is_valid (m));
  g_assert_null (rc_measurement_describe_invalid (m));
  g_assert_cmpstr (rc_control_get_engine (m->control), ==, "webkit");
  rc_measurement_add_control (m, engine_control ("firefox", TRUE));
  g_assert_false (rc_measurement_is_valid (m));
  /* the single control older readers see is the one that booted */
  g_assert_cmpstr (rc_control_get_engine (m->control), ==, "firefox");
  why = rc_measurement_describe_invalid (m);
  g_assert_cmpstr (why, ==,
                   "the control booted in Firefox, so Firefox did not apply the policy under test "
                   "(its figures are invalid); it held in WebKit and Chromium");

  json = rc_measurement_to_json (m);
  root = json_node_get_object (json);
  controls = json_object_get_array_member (root, "controls");
  g_assert_cmpuint (json_array_get_length (controls), ==, 3);
  g_assert_cmpstr (
      json_object_get_string_member (json_array_get_object_element (controls, 1), "engine"), ==,
      "chromium");
  g_assert_cmpstr (
      json_object_get_string_member (json_object_get_object_member (root, "control"), "engine"), ==,
      "firefox");
  g_assert_false (json_object_get_boolean_member (root, "valid"));
  back = rc_measurement_from_json (json, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->controls->len, ==, 3);
  g_assert_cmpstr (rc_control_get_engine (back->controls->pdata[0]), ==, "webkit");
  g_assert_cmpstr (rc_control_get_engine (back->controls->pdata[2]), ==, "firefox");
  why_back = rc_measurement_describe_invalid (back);
  g_assert_cmpstr (why_back, ==, why);
  {
    /* compare says which report is invalid, and why */
    g_autoptr (RcComparison) c = rc_measurement_compare (back, m, -1);
    g_autofree char *expected = g_strdup_printf ("A is invalid: %s", why);
    gboolean found = FALSE;

    for (guint i = 0; i < c->warnings->len; i++)
      found |= g_str_equal (c->warnings->pdata[i], expected);
    g_assert_true (found);
  }

  text = rc_measurement_format_summary (m);
  g_assert_nonnull (strstr (text, "control in WebKit: did not boot (timeout"));
  g_assert_nonnull (strstr (text, "control in Chromium: did not boot (timeout"));
  g_assert_nonnull (strstr (text, "control in Firefox: booted in"));
  g_assert_nonnull (strstr (text, "Firefox did not apply the policy under test; its figures in "
                                  "this report are INVALID"));
  md = rc_measurement_to_markdown (m);
  g_assert_nonnull (strstr (md, "Controls, one per engine"));
  g_assert_nonnull (strstr (md, "- Chromium: the control page did not boot (timeout"));
  g_assert_nonnull (strstr (md, "- Firefox: **the control page booted in"));

  /* a report written before: "control" only, its engine read from its run */
  json_object_remove_member (root, "controls");
  json_object_remove_member (json_object_get_object_member (root, "control"), "engine");
  old = rc_measurement_from_json (json, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (old->controls->len, ==, 1);
  g_assert_cmpstr (rc_control_get_engine (old->control), ==, "firefox");
  g_assert_false (rc_measurement_is_valid (old));
  /* "controls" of the wrong shape is refused, naming it */
  json_object_set_string_member (root, "controls", "all held");
  g_clear_pointer (&old, rc_measurement_free);
  old = rc_measurement_from_json (json, &error);
  g_assert_null (old);
  g_assert_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "controls"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/control/policy", test_policy);
  g_test_add_func ("/control/derive", test_derive);
  g_test_add_func ("/control/deadline", test_deadline);
  g_test_add_func ("/control/report", test_report);
  g_test_add_func ("/control/engines", test_engines);
  return g_test_run ();
}
