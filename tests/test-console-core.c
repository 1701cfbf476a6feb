/* test-console-core.c: the console's non-GTK helpers: community discovery in an OSA
 * checkout, seal-probe verdicts and the step chart's numbers.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "core/record/rc-boot-progress.h"
#include "core/record/rc-worker-message.h"
#include "core/model/rc-checkout.h"
#include "core/seal/rc-seal-probes.h"
#include "core/analysis/rc-step-bars.h"
#include "rc-test-files.h"

static void
write_file (const char *dir, const char *relative, const char *text)
{
  g_autofree char *path = g_build_filename (dir, relative, NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (parent, 0755), ==, 0);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static void
test_checkout_discovery (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("rc-checkout-XXXXXX", &error);
  g_autoptr (GFile) checkout = NULL;
  g_autoptr (GFile) community = NULL;
  g_autoptr (GPtrArray) found = NULL;
  g_autofree char *first = NULL, *second = NULL;

  g_assert_no_error (error);
  write_file (root, "src/assistants/zeta/config.yaml", "id: zeta\n");
  write_file (root, "src/assistants/alpha/config.yaml", "id: alpha\n");
  write_file (root, "src/assistants/_template/config.yaml", "id: t\n");
  write_file (root, "src/assistants/empty/README", "no config\n");
  write_file (root, "src/assistants/stray.yaml", "id: x\n");
  checkout = g_file_new_for_path (root);
  g_assert_cmpint (rc_folder_classify (checkout), ==, RC_FOLDER_CHECKOUT);

  found = rc_checkout_list_communities (checkout, &error);
  g_assert_no_error (error);
  /* Sorted; "_template", the folder without config.yaml and the file are skipped. */
  g_assert_cmpuint (found->len, ==, 2);
  first = g_file_get_basename (g_ptr_array_index (found, 0));
  second = g_file_get_basename (g_ptr_array_index (found, 1));
  g_assert_cmpstr (first, ==, "alpha");
  g_assert_cmpstr (second, ==, "zeta");
  g_assert_cmpint (rc_folder_classify (g_ptr_array_index (found, 0)), ==, RC_FOLDER_COMMUNITY);

  community = g_file_resolve_relative_path (checkout, "src/assistants/empty");
  g_assert_cmpint (rc_folder_classify (community), ==, RC_FOLDER_UNKNOWN);
  g_assert_null (rc_checkout_list_communities (community, &error));
  g_assert_error (error, RC_CHECKOUT_ERROR, RC_CHECKOUT_ERROR_NOT_A_COMMUNITY);
  rc_test_remove_tree (root);
}

static JsonObject *
result (const char *status, const char *out, const char *err)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "status", status);
  json_object_set_string_member (object, "stdout", out);
  json_object_set_string_member (object, "stderr", err);
  return object;
}

static void
test_seal_probe_verdicts (void)
{
  const char *allow[] = { "https://data.example.org/", NULL };
  g_autoptr (GPtrArray) probes = rc_seal_probes_new (allow);
  const RcSealProbe *js = NULL, *egress = NULL, *readable = NULL;
  g_autoptr (JsonObject) denied = NULL, imported = NULL, refused = NULL, answered = NULL;
  g_autoptr (RcSealVerdict) v1 = NULL, v2 = NULL, v3 = NULL, v4 = NULL, v5 = NULL;

  /* Six sealed roots, one egress probe, one readable probe. */
  g_assert_cmpuint (probes->len, ==, 8);
  for (guint i = 0; i < probes->len; i++)
    {
      const RcSealProbe *p = g_ptr_array_index (probes, i);

      if (p->kind == RC_SEAL_PROBE_IMPORT_DENIED && g_str_equal (p->subject, "js"))
        js = p;
      else if (p->kind == RC_SEAL_PROBE_EGRESS_REFUSED)
        egress = p;
      else if (p->kind == RC_SEAL_PROBE_ALLOWED_READABLE)
        readable = p;
    }
  g_assert_nonnull (js);
  g_assert_nonnull (strstr (js->code, "importlib.import_module(\"js\")"));
  g_assert_cmpstr (readable->subject, ==, "https://data.example.org/");

  denied = result ("error", "",
                   "Traceback (most recent call last):\nImportError: 'js' is not available to "
                   "executed code. Read data with osa.fetch_bytes(url)\n  File \"<exec>\", "
                   "line 2\n    importlib.import_module(\"js\")\n");
  v1 = rc_seal_probe_judge (js, denied);
  g_assert_true (v1->passed);
  /* The detail quotes the refusal, not whatever line came last. */
  g_assert_true (g_str_has_prefix (v1->detail, "ImportError: 'js' is not available"));
  imported = result ("ok", "", "");
  v2 = rc_seal_probe_judge (js, imported);
  g_assert_false (v2->passed);

  refused = result ("error", "",
                    "OSError: no response from https://outside-fetch-allow.invalid/probe.txt: … "
                    "Blocked by the runtime egress policy (not_in_fetch_allow)\n");
  v3 = rc_seal_probe_judge (egress, refused);
  g_assert_true (v3->passed);
  answered = result ("ok", "HTTP 502\n", "");
  v4 = rc_seal_probe_judge (egress, answered);
  g_assert_false (v4->passed);
  v5 = rc_seal_probe_judge (readable, answered);
  g_assert_true (v5->passed);
  g_assert_cmpstr (v5->detail, ==, "HTTP 502");

  /* A probe the execution limit or a Stop cut short did not run: not a failure of the seal. */
  {
    g_autoptr (JsonObject) timed_out = result ("timeout", "", "execution limit reached");
    g_autoptr (JsonObject) cancelled = result ("cancelled", "", "");
    g_autoptr (RcSealVerdict) v6 = rc_seal_probe_judge (js, timed_out);
    g_autoptr (RcSealVerdict) v7 = rc_seal_probe_judge (egress, cancelled);

    g_assert_true (v6->not_run);
    g_assert_false (v6->passed);
    g_assert_true (v7->not_run);
    g_assert_false (v1->not_run);
    g_assert_false (v2->not_run);
  }
}

static RcRunRecord *
record_with_steps (RcScenario scenario, const double *ends, guint n)
{
  RcRunRecord *record = rc_run_record_new (scenario, 1);
  const char *packages[] = { NULL, "numpy", "scipy" };
  double start = 0;

  for (guint i = 0; i < n; i++)
    {
      rc_run_record_progress (record, i + 1, n, i == 0 ? "loading_runtime" : "loading_package",
                              packages[i], NULL, start, -1);
      start = ends[i];
    }
  rc_run_record_ready (record, "0.29.5", start, -1);
  return record;
}

static void
test_step_bars (void)
{
  const double cold_ends[] = { 1200, 1900, 4300 };
  const double warm_ends[] = { 300, 450 };
  g_autoptr (RcRunRecord) cold = record_with_steps (RC_SCENARIO_COLD, cold_ends, 3);
  g_autoptr (RcRunRecord) warm = record_with_steps (RC_SCENARIO_WARM, warm_ends, 2);
  g_autoptr (RcStepBars) bars = rc_step_bars_compute (cold, warm);
  const RcStepBar *scipy;

  g_assert_cmpfloat (rc_step_bars_nice_tick (4300), ==, 500);
  g_assert_cmpfloat (rc_step_bars_nice_tick (1), ==, 0.1);
  g_assert_cmpfloat (rc_step_bars_nice_tick (95), ==, 10);
  g_assert_cmpuint (bars->bars->len, ==, 3);
  /* Steps are aligned by key; the warm run has no scipy step. */
  scipy = &g_array_index (bars->bars, RcStepBar, 2);
  g_assert_cmpstr (scipy->key, ==, "loading_package scipy");
  g_assert_cmpfloat (scipy->a_ms, ==, 2400);
  g_assert_cmpfloat (scipy->b_ms, ==, -1);
  g_assert_cmpfloat (bars->axis_max_ms, ==, 2500);
  g_assert_cmpfloat_with_epsilon (scipy->a_frac, 2400.0 / 2500.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (g_array_index (bars->bars, RcStepBar, 0).b_frac, 300.0 / 2500.0,
                                  1e-9);
}

static JsonObject *
parse_object (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static void
test_boot_progress (void)
{
  g_autoptr (JsonObject) loaded =
      parse_object ("{\"type\":\"progress\",\"phase\":\"runtime_loaded\",\"step\":1,\"steps\":4,"
                    "\"rc\":{\"t\":812.5,\"heap\":21000000}}");
  g_autoptr (JsonObject) package =
      parse_object ("{\"type\":\"progress\",\"phase\":\"loading_package\",\"step\":2,\"steps\":4,"
                    "\"package\":\"demo-helpers\"}");
  g_autoptr (JsonObject) ready = parse_object ("{\"type\":\"ready\",\"version\":\"0.29.5\"}");
  g_autoptr (JsonObject) odd = parse_object ("{\"type\":\"progress\",\"phase\":\"warming\"}");
  g_autoptr (JsonObject) result = parse_object ("{\"type\":\"result\",\"status\":\"ok\"}");
  g_autoptr (RcBootProgress) p1 = rc_worker_message_read_progress (loaded, NULL);
  g_autoptr (RcBootProgress) p2 = rc_worker_message_read_progress (package, NULL);
  g_autoptr (RcBootProgress) p3 = rc_worker_message_read_progress (ready, NULL);
  g_autoptr (RcBootProgress) p4 = rc_worker_message_read_progress (odd, NULL);
  g_autoptr (RcBootProgress) copy = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GEnumClass) phases = g_type_class_ref (RC_TYPE_BOOT_PHASE);

  /* runtime_loaded is step 1 finishing: shown under loading_runtime. */
  g_assert_cmpint (p1->phase, ==, RC_BOOT_PHASE_RUNTIME_LOADED);
  g_assert_cmpstr (rc_boot_progress_step_phase (p1), ==, "loading_runtime");
  g_assert_cmpuint (p1->step, ==, 1);
  g_assert_cmpuint (p1->steps, ==, 4);
  g_assert_cmpfloat (p1->t_ms, ==, 812.5);
  g_assert_cmpint (p1->heap, ==, 21000000);
  g_assert_null (rc_boot_progress_subject (p1));
  g_assert_cmpint (p2->phase, ==, RC_BOOT_PHASE_LOADING_PACKAGE);
  g_assert_cmpstr (rc_boot_progress_subject (p2), ==, "demo-helpers");
  g_assert_cmpstr (rc_boot_progress_step_phase (p2), ==, "loading_package");
  g_assert_cmpfloat (p2->t_ms, ==, -1);
  g_assert_cmpint (p3->phase, ==, RC_BOOT_PHASE_READY);
  g_assert_cmpstr (p3->version, ==, "0.29.5");
  /* A phase this build does not know keeps its name. */
  g_assert_cmpint (p4->phase, ==, RC_BOOT_PHASE_OTHER);
  g_assert_cmpstr (rc_boot_progress_step_phase (p4), ==, "warming");
  g_assert_null (rc_worker_message_read_progress (result, &error));
  g_assert_no_error (error);
  /* A boxed copy is deep: the engine's signal can hand it to anyone who keeps it. */
  copy = g_boxed_copy (RC_TYPE_BOOT_PROGRESS, p2);
  g_assert_true (copy->package != p2->package);
  g_assert_cmpstr (copy->package, ==, "demo-helpers");
  g_assert_cmpuint (copy->step, ==, 2);
  /* The phase has a GType (glib-mkenums), so it can be a property. */
  g_assert_cmpstr (g_enum_get_value (phases, RC_BOOT_PHASE_RUNTIME_LOADED)->value_nick, ==,
                   "runtime-loaded");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/console/checkout/discovery", test_checkout_discovery);
  g_test_add_func ("/console/boot-progress/parse", test_boot_progress);
  g_test_add_func ("/console/seal-probes/verdicts", test_seal_probe_verdicts);
  g_test_add_func ("/console/step-bars/align-and-scale", test_step_bars);
  return g_test_run ();
}
