/* test-community.c: the community model around the rules: lock checks, /config payload,
 * accessors, deployment resolution, fixture folders and what cannot run. */
#include "config.h"

#include "core/model/rc-lock-overlay.h"
#include "validator-fixture.h"

/* §3.8: the root must be in the lock entry's imports; preload names must resolve. */
static void
test_lock_checks (void)
{
  g_autofree char *dir = NULL;
  g_autoptr (RcCommunity) c = NULL;

  if (!have_distribution ())
    return;
  dir = make_community ("demo", BASE "    lockfile: runtime/demo-pyodide-lock.json\n"
                                     "    preload: [numpy, demo-helpers, nmupy]\n"
                                     "    import_before_seal: [demo_helpers]\n");
  add_overlay (dir, "demo-helpers", "helpers", "\"numpy\"");
  c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
  expect (c, "preload-unresolved", "runtime.python.preload[2]", 8, 36, "'nmupy'");
  g_assert_nonnull (strstr (
      expect (c, "preload-unresolved", "runtime.python.preload[2]", 8, 36, NULL)->hint, "'numpy'"));
  expect (c, "import-before-seal-not-in-imports", "runtime.python.import_before_seal[0]", 9, 26,
          "the lock entry of 'demo-helpers' does not list 'demo_helpers' in its imports");
  g_assert_nonnull (rc_community_get_overlay (c));
  g_assert_true (rc_lock_overlay_is_verified (rc_community_get_overlay (c)));
}

/* What the console's overview reads: positions, hashes, origins. */
static void
test_accessors (void)
{
  g_autoptr (RcCommunity) c = NULL;
  g_auto (GStrv) origins = NULL;
  g_autofree char *sha = NULL;
  guint line = 0, column = 0;

  if (!have_distribution ())
    return;
  c = load (BASE "    preload: [numpy]\ncors_origins: ['https://a.org', ' ', 'https://a.org', "
                 "'https://*.b.dev:8443']\n");
  expect_valid (c);
  origins = rc_community_get_cors_origins (c);
  g_assert_cmpuint (g_strv_length (origins), ==, 2);
  g_assert_cmpstr (origins[1], ==, "https://*.b.dev:8443");
  g_assert_true (rc_community_lookup_position (c, "runtime.python.preload[0]", &line, &column));
  g_assert_cmpuint (line, ==, 7);
  g_assert_cmpuint (column, ==, 15);
  g_assert_false (rc_community_lookup_position (c, "runtime.python.preload[1]", NULL, NULL));
  sha = rc_community_get_config_sha256 (c);
  g_assert_cmpuint (strlen (sha), ==, 64);
  g_assert_cmpstr (rc_community_get_id (c), ==, "demo");
  g_assert_cmpstr (rc_community_get_name (c), ==, "Demo");
  g_assert_true (g_str_has_prefix (rc_community_get_config_text (c), "id: demo\n"));
  g_assert_cmpuint (rc_community_get_closure (c)->len, ==, 1);
  g_assert_false (rc_community_has_client_tools (c));
}

/* The kill switch empties what /config sends (spec §2). */
static void
test_kill_switch (void)
{
  g_autoptr (RcCommunity) c = NULL;
  g_autoptr (JsonNode) on = NULL, off = NULL;

  if (!have_distribution ())
    return;
  c = load (BASE TOOLS);
  off = rc_community_build_config_payload (c, RC_DEPLOYMENT_PRODUCTION);
  g_assert_false (json_object_get_null_member (json_node_get_object (off), "runtime"));
  g_setenv ("OSA_CLIENT_TOOLS_DISABLED", " Yes ", TRUE);
  on = rc_community_build_config_payload (c, RC_DEPLOYMENT_PRODUCTION);
  g_unsetenv ("OSA_CLIENT_TOOLS_DISABLED");
  g_assert_true (json_object_get_null_member (json_node_get_object (on), "runtime"));
  g_assert_cmpuint (json_array_get_length (
                        json_object_get_array_member (json_node_get_object (on), "client_tools")),
                    ==, 0);
}

/* §5: an overlay that does not verify fails closed (§7 50). */
static void
test_fails_closed (void)
{
  g_autofree char *dir = NULL;
  g_autoptr (RcCommunity) c = NULL;
  g_autoptr (JsonNode) payload = NULL;
  JsonObject *o;

  if (!have_distribution ())
    return;
  dir = make_community ("demo", BASE "    lockfile: runtime/demo-pyodide-lock.json\n"
                                     "    preload: [demo-helpers]\n" TOOLS);
  add_overlay (dir, "demo-helpers", "demo_helpers", "");
  rc_test_write_file (dir, "runtime/wheels/demo_helpers-0.1.0-py3-none-any.whl", "changed", -1);
  c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
  g_assert_false (rc_community_is_valid (c));
  g_assert_false (rc_lock_overlay_is_verified (rc_community_get_overlay (c)));
  payload = rc_community_build_config_payload (c, RC_DEPLOYMENT_PRODUCTION);
  o = json_node_get_object (payload);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "client_tools")), ==,
                    0);
  g_assert_true (json_object_get_null_member (o, "runtime"));
  g_assert_true (json_object_get_null_member (o, "runtime_lock"));
}

/* Checked against another Pyodide's lock: said, as a warning. */
static void
test_other_distribution (void)
{
  g_autofree char *dir = make_community ("demo", BASE "    preload: [numpy, scipy]\n");
  g_autofree char *dist = g_build_filename (dir, "..", "dist", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) c = NULL;
  const RcDiagnostic *d;

  rc_test_write_file (
      dist, "pyodide-lock.json",
      "{\"info\": {\"version\": \"0.28.3\", \"python\": \"3.12.1\"}, \"packages\": "
      "{\"numpy\": {\"name\": \"numpy\", \"version\": \"2.0\", \"file_name\": "
      "\"numpy-2.0-cp312-cp312-pyodide_2024_0_wasm32.whl\", \"imports\": [\"numpy\"], "
      "\"depends\": []}}}",
      -1);
  c = rc_community_load (dir, dist, RC_DEPLOYMENT_PRODUCTION, &error);
  g_assert_no_error (error);
  d = rc_diagnostics_find_rule (rc_community_get_diagnostics (c), "distribution-version");
  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, RC_SEVERITY_WARNING);
  g_assert_nonnull (strstr (d->message, "Pyodide 0.28.3, not 0.29.5"));
  expect (c, "preload-unresolved", "runtime.python.preload[1]", 7, 22, "Pyodide 0.28.3's lock");
}

/* §6.2: the demo shape passes, and /config resolves per deployment. */
static void
test_demo_shape (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "validator", "demo-shape",
                                                 "config.yaml", NULL);
  g_autofree char *yaml = NULL;
  g_autofree char *dir = NULL;
  g_autoptr (RcCommunity) c = NULL;
  g_autoptr (JsonNode) prod = NULL, dev = NULL;
  JsonObject *py;

  if (!have_distribution ())
    return;
  g_assert_true (g_file_get_contents (path, &yaml, NULL, NULL));
  dir = make_community ("demo", yaml);
  add_overlay (dir, "demo-helpers", "demo_helpers", "\"numpy\"");
  c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
  expect_valid (c);
  g_assert_cmpuint (rc_diagnostics_count (rc_community_get_diagnostics (c), RC_SEVERITY_WARNING),
                    ==, 0);
  g_assert_cmpuint (rc_community_get_closure (c)->len, ==, 2);
  prod = rc_community_build_config_payload (c, RC_DEPLOYMENT_PRODUCTION);
  dev = rc_community_build_config_payload (c, RC_DEPLOYMENT_DEVELOP);
  py = json_object_get_object_member (
      json_object_get_object_member (json_node_get_object (prod), "runtime"), "python");
  g_assert_cmpstr (
      json_array_get_string_element (json_object_get_array_member (py, "fetch_allow"), 0), ==,
      "https://data.example.org/");
  g_assert_true (g_str_has_suffix (json_object_get_string_member (py, "prelude"),
                                   "base_url=\"https://data.example.org/\")\n"));
  g_assert_cmpint (
      json_object_get_int_member (json_object_get_object_member (py, "limits"), "exec_seconds"), ==,
      60);
  g_assert_cmpuint (json_object_get_size (py), ==, 10);
  py = json_object_get_object_member (
      json_object_get_object_member (json_node_get_object (dev), "runtime"), "python");
  g_assert_cmpstr (
      json_array_get_string_element (json_object_get_array_member (py, "fetch_allow"), 0), ==,
      "https://data-staging.example.org/");
  g_assert_nonnull (json_object_get_member (json_node_get_object (prod), "runtime_lock"));
  g_assert_false (json_object_get_null_member (json_node_get_object (prod), "runtime_lock"));
}

/* A fixture folder with nothing but the required keys and runtime.python's pin. */
static void
test_all_defaults (void)
{
  g_autofree char *dir =
      g_test_build_filename (G_TEST_DIST, "fixtures", "validator", "all-defaults", NULL);
  g_autoptr (RcCommunity) c = NULL;
  g_autoptr (JsonObject) py = NULL;

  if (!have_distribution ())
    return;
  c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
  expect_valid (c);
  g_assert_cmpuint (rc_community_get_diagnostics (c)->len, ==, 0);
  py = rc_community_get_runtime_python (c, RC_DEPLOYMENT_PRODUCTION);
  g_assert_cmpstr (json_object_get_string_member (py, "preload_on"), ==, "first_run");
  g_assert_true (json_object_get_null_member (py, "prelude"));
  g_assert_true (json_object_get_null_member (py, "lockfile"));
  g_assert_true (rc_community_runtime_field_is_default (c, "preload"));
  g_assert_true (rc_community_has_client_tools (c));
}

static void
test_cannot_run (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *empty = NULL;
  RcCommunity *c;

  c = rc_community_load ("/nonexistent/community", NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_assert_null (c);
  g_assert_error (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_NO_FOLDER);
  g_clear_error (&error);
  empty = g_dir_make_tmp ("rc-validator-XXXXXX", NULL);
  fixture_keep (g_strdup (empty));
  c = rc_community_load (empty, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_assert_null (c);
  g_assert_error (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_NO_CONFIG);
  g_clear_error (&error);
  c = rc_community_load (empty, "/nonexistent/dist", RC_DEPLOYMENT_PRODUCTION, &error);
  g_assert_null (c);
  g_assert_nonnull (error);
}

/* §7 28: OSA's current_deployment(). */
static void
test_deployment_environment (void)
{
  static const struct
  {
    const char *osa, *root;
    RcDeployment expected;
  } ok[] = {
    { " Develop ", NULL, RC_DEPLOYMENT_DEVELOP },
    { "production", "/osa-dev", RC_DEPLOYMENT_PRODUCTION },
    { NULL, "/osa-dev/", RC_DEPLOYMENT_DEVELOP },
    { NULL, " /osa-dev ", RC_DEPLOYMENT_DEVELOP },
    { NULL, "/osa-dev2", RC_DEPLOYMENT_PRODUCTION },
    { NULL, "/osa-dev/x", RC_DEPLOYMENT_PRODUCTION },
    { NULL, "", RC_DEPLOYMENT_PRODUCTION },
    { "  ", "/osa", RC_DEPLOYMENT_PRODUCTION },
  };
  g_autoptr (GError) error = NULL;
  RcDeployment d;

  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      if (ok[i].osa)
        g_setenv ("OSA_DEPLOYMENT", ok[i].osa, TRUE);
      else
        g_unsetenv ("OSA_DEPLOYMENT");
      if (ok[i].root)
        g_setenv ("ROOT_PATH", ok[i].root, TRUE);
      else
        g_unsetenv ("ROOT_PATH");
      g_assert_true (rc_deployment_from_environment (&d, &error));
      g_assert_no_error (error);
      g_assert_cmpint (d, ==, ok[i].expected);
    }
  g_setenv ("OSA_DEPLOYMENT", "staging", TRUE);
  g_assert_false (rc_deployment_from_environment (&d, &error));
  g_assert_error (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_DEPLOYMENT);
  g_assert_cmpstr (error->message, ==,
                   "OSA_DEPLOYMENT='staging'; must be one of ('production', 'develop')");
  g_unsetenv ("OSA_DEPLOYMENT");
  g_unsetenv ("ROOT_PATH");
}

/* §7 8–9: runtime without tools; requires_permission's default. */
static void
test_client_tools_valid (void)
{
  g_autoptr (RcCommunity) bare = NULL;
  g_autoptr (RcCommunity) tool = NULL;
  g_autoptr (JsonNode) payload = NULL;
  g_autoptr (JsonArray) tools = NULL;
  JsonObject *o;

  if (!have_distribution ())
    return;
  bare = load (BASE);
  expect_valid (bare);
  payload = rc_community_build_config_payload (bare, RC_DEPLOYMENT_PRODUCTION);
  o = json_node_get_object (payload);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "client_tools")), ==,
                    0);
  g_assert_true (json_object_get_null_member (o, "runtime"));
  g_assert_true (json_object_get_null_member (o, "runtime_lock"));

  tool = load (BASE TOOLS);
  expect_valid (tool);
  tools = rc_community_get_client_tools (tool);
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (tools, 0),
                                                 "requires_permission"));
}

/* The boot engine's compile results replace the "not compiled" notes. */
static void
test_prelude_results (void)
{
  g_autoptr (RcCommunity) c = NULL;
  g_autoptr (GPtrArray) results = rc_diagnostics_new ();
  GPtrArray *diags;

  if (!have_distribution ())
    return;
  c = load (BASE "    prelude:\n      production: \"x = 1\"\n      develop: \"if True\"\n");
  diags = rc_community_get_diagnostics (c);
  g_assert_cmpuint (rc_diagnostics_count (diags, RC_SEVERITY_NOTE), ==, 2);
  rc_diagnostics_add (results, RC_SEVERITY_ERROR, "config.yaml", 9, 22,
                      "runtime.python.prelude.develop", "prelude-compile", "Add a colon.",
                      "prelude for develop does not compile: expected ':' (<prelude>, line 1)");
  rc_community_add_prelude_results (c, results);
  g_assert_cmpuint (rc_diagnostics_count (diags, RC_SEVERITY_NOTE), ==, 0);
  g_assert_false (rc_community_is_valid (c));
  expect (c, "prelude-compile", "runtime.python.prelude.develop", 9, 22, "expected ':'");
}

/* A misspelled preload: the import_before_seal error of the package it meant follows from
 * it (caused_by names the preload item), in the validate JSON too; others do not. */
static void
test_follow_on_caused_by (void)
{
  g_autofree char *dir =
      g_build_filename (g_getenv ("RC_SOURCE_DIR"), "data", "examples", "demo", NULL);
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GString) typo = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community = NULL;
  const RcDiagnostic *root, *follow;
  g_autoptr (JsonNode) json = NULL;
  GPtrArray *list;

  g_file_get_contents (config, &text, NULL, &error);
  g_assert_no_error (error);
  typo = g_string_new (text);
  g_assert_cmpint (g_string_replace (typo, "preload: [demo-helpers]", "preload: [demo-helperz]", 1),
                   ==, 1);
  community = rc_community_load_text (dir, NULL, RC_DEPLOYMENT_PRODUCTION, typo->str, -1, &error);
  g_assert_no_error (error);
  list = rc_community_get_diagnostics (community);
  root = rc_diagnostics_find_rule (list, "preload-unresolved");
  follow = rc_diagnostics_find_rule (list, "import-before-seal-not-preloaded");
  g_assert_nonnull (root);
  g_assert_nonnull (follow);
  g_assert_null (root->caused_by);
  g_assert_cmpstr (root->path, ==, "runtime.python.preload[0]");
  g_assert_cmpstr (follow->caused_by, ==, "runtime.python.preload[0]");
  json = rc_diagnostic_to_json (follow);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (json), "caused_by"), ==,
                   "runtime.python.preload[0]");
  for (guint i = 0; i < list->len; i++)
    {
      const RcDiagnostic *d = g_ptr_array_index (list, i);

      if (d != follow)
        g_assert_null (d->caused_by);
    }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  fixture_init ();
  g_test_add_func ("/community/lock-checks", test_lock_checks);
  g_test_add_func ("/community/accessors", test_accessors);
  g_test_add_func ("/community/kill-switch", test_kill_switch);
  g_test_add_func ("/community/fails-closed", test_fails_closed);
  g_test_add_func ("/community/other-distribution", test_other_distribution);
  g_test_add_func ("/community/demo-shape", test_demo_shape);
  g_test_add_func ("/community/all-defaults", test_all_defaults);
  g_test_add_func ("/community/cannot-run", test_cannot_run);
  g_test_add_func ("/community/deployment-environment", test_deployment_environment);
  g_test_add_func ("/community/client-tools-valid", test_client_tools_valid);
  g_test_add_func ("/community/prelude-results", test_prelude_results);
  g_test_add_func ("/community/follow-on-caused-by", test_follow_on_caused_by);
  status = g_test_run ();
  fixture_cleanup ();
  return status;
}
