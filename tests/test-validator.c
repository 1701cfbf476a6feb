/* test-validator.c: every config.yaml case of community-config.md §7, each asserting the rule
 * id, the key path and the line:column; plus configs that must pass.
 *
 * Most cases are a small base config with a few lines added, written into a temporary
 * community folder named after its id (so no folder/id warning); a few real folders live in
 * tests/fixtures/validator/. Needs the Pyodide distribution lock (tools/setup.sh).
 */
#include "config.h"

#include <glib/gstdio.h>

#include "core/rc-community.h"
#include "core/rc-diagnostic.h"
#include "core/rc-lock-overlay.h"
#include "core/rc-paths.h"

/* Lines 1–6; runtime.python members added at 4 spaces start on line 7. */
#define BASE                                                                                       \
  "id: demo\nname: Demo\ndescription: D\nruntime:\n  python:\n    pyodide_version: \"0.29.5\"\n"
#define HEAD "id: demo\nname: Demo\ndescription: D\n"
/* A valid tool list, appended after BASE (lines 7–11). */
#define TOOLS                                                                                      \
  "extensions:\n  client_tools:\n    - name: execute_code\n      runtime: python\n"                \
  "      description: Run code.\n"

static GPtrArray *tmp_dirs;

static gboolean
have_distribution (void)
{
  g_autofree char *dist = rc_paths_default_distribution ();
  g_autofree char *lock = g_build_filename (dist, "pyodide-lock.json", NULL);

  if (g_file_test (lock, G_FILE_TEST_EXISTS))
    return TRUE;
  g_test_skip ("no Pyodide distribution lock (run tools/setup.sh)");
  return FALSE;
}

static void
write_file (const char *dir, const char *name, const char *data, gssize len)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_file_set_contents (path, data, len, &error);
  g_assert_no_error (error);
}

/* A community folder <tmp>/<folder>/ holding config.yaml. */
static char *
make_community (const char *folder, const char *yaml)
{
  g_autoptr (GError) error = NULL;
  char *tmp = g_dir_make_tmp ("rc-validator-XXXXXX", &error);
  char *dir;

  g_assert_no_error (error);
  g_ptr_array_add (tmp_dirs, tmp);
  dir = g_build_filename (tmp, folder, NULL);
  write_file (dir, "config.yaml", yaml, -1);
  return dir;
}

/* A lock overlay at runtime/demo-pyodide-lock.json with one package whose "wheel" is a few
 * bytes (the overlay check hashes bytes; it does not open the zip). */
static void
add_overlay (const char *dir, const char *key, const char *import, const char *depends)
{
  g_autofree char *dist = g_strdelimit (g_strdup (key), "-", '_');
  g_autofree char *file = g_strdup_printf ("%s-0.1.0-py3-none-any.whl", dist);
  g_autofree char *wheel_path = NULL;
  g_autofree char *sha = NULL;
  g_autofree char *json = NULL;
  const char *bytes = "not really a zip, but hashed all the same";

  wheel_path = g_build_filename ("runtime", "wheels", file, NULL);
  write_file (dir, wheel_path, bytes, -1);
  sha = g_compute_checksum_for_string (G_CHECKSUM_SHA256, bytes, -1);
  json = g_strdup_printf ("{\"packages\": {\"%s\": {\"name\": \"%s\", \"version\": \"0.1.0\", "
                          "\"file_name\": \"%s\", \"package_type\": \"package\", "
                          "\"install_dir\": \"site\", \"sha256\": \"%s\", \"imports\": [\"%s\"], "
                          "\"depends\": [%s]}}}\n",
                          key, key, file, sha, import, depends);
  write_file (dir, "runtime/demo-pyodide-lock.json", json, -1);
}

static RcCommunity *
load_dir (const char *dir, RcDeployment d)
{
  g_autoptr (GError) error = NULL;
  RcCommunity *community = rc_community_load (dir, NULL, d, &error);

  g_assert_no_error (error);
  g_assert_nonnull (community);
  return community;
}

static RcCommunity *
load (const char *yaml)
{
  g_autofree char *dir = make_community ("demo", yaml);

  return load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
}

static void
dump (RcCommunity *community)
{
  GPtrArray *diags = rc_community_get_diagnostics (community);

  for (guint i = 0; i < diags->len; i++)
    {
      g_autofree char *line = rc_diagnostic_format (diags->pdata[i]);

      g_printerr ("  %s [%s]\n", line, ((RcDiagnostic *) diags->pdata[i])->rule);
    }
}

/* The diagnostic with this rule and path; checks its position and a message fragment. */
static const RcDiagnostic *
expect (RcCommunity *community, const char *rule, const char *path, guint line, guint column,
        const char *fragment)
{
  GPtrArray *diags = rc_community_get_diagnostics (community);

  for (guint i = 0; i < diags->len; i++)
    {
      const RcDiagnostic *d = diags->pdata[i];

      if (!g_str_equal (d->rule, rule) || !g_str_equal (d->path, path))
        continue;
      if (d->line != line || d->column != column
          || (fragment != NULL && strstr (d->message, fragment) == NULL))
        {
          dump (community);
          g_error ("%s at %s: got %u:%u “%s”, expected %u:%u “%s”", rule, path, d->line, d->column,
                   d->message, line, column, fragment);
        }
      g_assert_nonnull (d->hint);
      g_assert_cmpstr (d->hint, !=, "");
      return d;
    }
  dump (community);
  g_error ("no diagnostic %s at %s", rule, path);
  return NULL;
}

static void
expect_valid (RcCommunity *community)
{
  if (!rc_community_is_valid (community))
    {
      dump (community);
      g_error ("expected a valid community");
    }
}

/* Compact: one community, one expected diagnostic. */
static void
check_one (const char *yaml, const char *rule, const char *path, guint line, guint column,
           const char *fragment)
{
  g_autoptr (RcCommunity) community = load (yaml);

  g_assert_false (rc_community_is_valid (community));
  expect (community, rule, path, line, column, fragment);
}

/* §7 1–4: one tool's own fields. */
static void
test_client_tool_fields (void)
{
  if (!have_distribution ())
    return;
  check_one (BASE "extensions:\n  client_tools:\n    - name: x\n      runtime: javascript\n"
                  "      description: d\n",
             "literal", "extensions.client_tools[0].runtime", 10, 16, "Input should be 'python'");
  check_one (BASE TOOLS "      unexpected: nope\n", "extra-key",
             "extensions.client_tools[0].unexpected", 12, 7, "Extra inputs are not permitted");
  {
    g_autoptr (RcCommunity) c =
        load (BASE "extensions:\n  client_tools:\n    - requires_permission: "
                   "false\n");

    expect (c, "field-required", "extensions.client_tools[0].name", 9, 7, "Field required");
    expect (c, "field-required", "extensions.client_tools[0].runtime", 9, 7, "Field required");
    expect (c, "field-required", "extensions.client_tools[0].description", 9, 7, "Field required");
  }
  check_one (BASE "extensions:\n  client_tools:\n    - name: get_full_output\n      runtime: "
                  "python\n      description: d\n",
             "client-tool-reserved", "extensions.client_tools[0].name", 9, 13,
             "'get_full_output' is reserved: the server binds it itself whenever a python client "
             "tool is bound, so it must not be configured.");
}

/* §7 5–7: the CommunityConfig cross-checks. */
static void
test_client_tools_cross (void)
{
  if (!have_distribution ())
    return;
  check_one (BASE TOOLS "    - name: execute_code\n      runtime: python\n      description: e\n",
             "client-tools-duplicate", "extensions.client_tools[1].name", 12, 13,
             "Duplicate client_tools names: execute_code");
  check_one (HEAD TOOLS, "client-tools-no-runtime", "extensions.client_tools", 6, 5,
             "extensions.client_tools is set but no top-level 'runtime' section is configured. "
             "Add a 'runtime:' section");
  check_one (HEAD "runtime: {}\n" TOOLS, "client-tools-runtime-missing",
             "extensions.client_tools[0].runtime", 8, 16,
             "client_tools entry 'execute_code' declares runtime: python, but runtime.python is "
             "not configured.");
  check_one (HEAD "runtime: {python: null}\n" TOOLS, "client-tools-runtime-missing",
             "extensions.client_tools[0].runtime", 8, 16, "runtime.python is not configured");
  {
    g_autoptr (GString) yaml = g_string_new (BASE "extensions:\n  client_tools:\n");

    for (guint i = 0; i < 8; i++)
      g_string_append_printf (yaml, "    - {name: t%u, runtime: python, description: d}\n", i);
    check_one (yaml->str, "client-tools-too-many", "extensions.client_tools", 9, 5,
               "List should have at most 7 items after validation, not 8");
  }
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

/* §7 10–12, and the pin. */
static void
test_python_fields (void)
{
  if (!have_distribution ())
    return;
  check_one (BASE "    preload_on: on_click\n", "literal", "runtime.python.preload_on", 7, 17,
             "Input should be 'first_run', 'widget_open' or 'first_message'");
  {
    g_autoptr (RcCommunity) c =
        load (HEAD "runtime:\n  extra: 1\n  python:\n    pyodide_version: \"0.29.5\"\n    x: "
                   "1\n    limits:\n      y: 2\n");

    expect (c, "extra-key", "runtime.extra", 5, 3, "Extra inputs are not permitted");
    expect (c, "extra-key", "runtime.python.x", 8, 5, "Extra inputs are not permitted");
    expect (c, "extra-key", "runtime.python.limits.y", 10, 7, "Extra inputs are not permitted");
  }
  check_one (HEAD "runtime:\n  python:\n    preload: []\n", "field-required",
             "runtime.python.pyodide_version", 6, 5, "Field required");
  check_one (HEAD "runtime:\n  python:\n    pyodide_version: 0.29\n", "type-string",
             "runtime.python.pyodide_version", 6, 22, "Input should be a valid string");
  check_one (HEAD "runtime:\n  python:\n    pyodide_version: 2024-01-01\n", "type-string",
             "runtime.python.pyodide_version", 6, 22, "Input should be a valid string");
  check_one (HEAD "runtime:\n  python:\n    pyodide_version: \"0.28.3\"\n", "pyodide-pin",
             "runtime.python.pyodide_version", 6, 22, "exactly 0.29.5");
}

/* §7 13–15: preludes (never reported as compiled; length in characters). */
static void
test_prelude (void)
{
  g_autoptr (RcCommunity) await = NULL;
  g_autofree char *exact = NULL, *over = NULL, *map = NULL;
  g_autofree char *hashes4000 = g_strnfill (4000, '#');
  g_autofree char *hashes4001 = g_strnfill (4001, '#');
  const RcDiagnostic *note;

  if (!have_distribution ())
    return;
  await = load (BASE "    prelude: \"import osa\\nx = await osa.fetch_text('https://a/')\\n\"\n");
  expect_valid (await);
  note = expect (await, "prelude-not-compiled", "runtime.python.prelude", 7, 14, "not compiled");
  g_assert_cmpint (note->severity, ==, RC_SEVERITY_NOTE);
  {
    g_autoptr (RcCommunity) c = load (BASE "    prelude: \"import osa\\nif True\\n\"\n");

    /* A syntax error cannot be seen without Python: a note, never "valid prelude". */
    expect (c, "prelude-not-compiled", "runtime.python.prelude", 7, 14, "was not compiled");
  }
  exact = g_strdup_printf (BASE "    prelude: '%s'\n", hashes4000);
  {
    g_autoptr (RcCommunity) c = load (exact);

    expect_valid (c);
  }
  over = g_strdup_printf (BASE "    prelude: '%s'\n", hashes4001);
  check_one (over, "prelude-too-long", "runtime.python.prelude", 7, 14,
             "String should have at most 4000 characters");
  map = g_strdup_printf (BASE "    prelude:\n      production: \"x = 1\"\n      develop: '%s'\n",
                         hashes4001);
  check_one (map, "prelude-too-long", "runtime.python.prelude.develop", 9, 16, "at most 4000");
}

/* §7 16–17: deployment maps (44d2bf2 wording). */
static void
test_deployment_maps (void)
{
  g_autoptr (RcCommunity) loose = NULL;

  if (!have_distribution ())
    return;
  check_one (BASE "    fetch_allow:\n      production: [https://a.example/]\n", "deployment-map",
             "runtime.python.fetch_allow", 8, 7,
             "fetch_allow has no value for ['develop']; a per-deployment map names ('production', "
             "'develop')");
  check_one (BASE "    prelude:\n      production: \"x = 1\"\n", "deployment-map",
             "runtime.python.prelude", 8, 7, "prelude has no value for ['develop']");
  check_one (BASE "    fetch_allow:\n      production: []\n      staging: []\n", "deployment-map",
             "runtime.python.fetch_allow", 9, 7,
             "fetch_allow names an unknown deployment ['staging'] and has no value for "
             "['develop']; a per-deployment map names ('production', 'develop')");
  check_one (BASE "    fetch_allow: {}\n", "deployment-map", "runtime.python.fetch_allow", 7, 18,
             "has no value for ['production', 'develop']");
  loose = load (BASE "    fetch_allow: [not a url, 'ftp://x', 42x]\n");
  expect_valid (loose);
}

#define IBS_BASE                                                                                   \
  "id: demo\nname: Demo\ndescription: D\nruntime:\n  python:\n    pyodide_version: \"0.29.5\"\n"   \
  "    lockfile: runtime/demo-pyodide-lock.json\n    preload: [numpy, scipy, eegprep-lean]\n"

static RcCommunity *
load_ibs (const char *entries)
{
  g_autofree char *yaml = g_strdup_printf (IBS_BASE "    import_before_seal: %s\n", entries);
  g_autofree char *dir = make_community ("demo", yaml);

  add_overlay (dir, "eegprep-lean", "eegprep_lean", "\"numpy\"");
  return load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
}

/* §7 18: not module names; the empty string is too short. Line 9, column 26 is the first
 * entry of the flow list. */
static void
test_ibs_not_module (void)
{
  static const char *bad[] = { "scipy/signal", "scipy..signal",
                               "scipy.",       ".scipy",
                               "1scipy",       "scipy signal",
                               "import scipy", "scipy.signal;import os",
                               "scipy-signal", "eegprep-lean" };

  if (!have_distribution ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *entries = g_strdup_printf ("['%s']", bad[i]);
      g_autofree char *fragment = g_strdup_printf ("import_before_seal entry '%s' is not a module "
                                                   "name: dotted Python identifiers only, such "
                                                   "as scipy.signal",
                                                   bad[i]);
      g_autoptr (RcCommunity) c = load_ibs (entries);

      expect (c, "import-before-seal-not-module", "runtime.python.import_before_seal[0]", 9, 26,
              fragment);
    }
  {
    g_autoptr (RcCommunity) c = load_ibs ("[scipy, '']");

    expect (c, "import-before-seal-length", "runtime.python.import_before_seal[1]", 9, 33,
            "String should have at least 1 character");
  }
}

/* §7 19, 22: the bound, order kept, duplicates and sealed roots. */
static void
test_ibs_list (void)
{
  g_autoptr (GString) sixteen = g_string_new ("[");
  g_autoptr (RcCommunity) ok16 = NULL, ok = NULL;
  g_autoptr (JsonObject) python = NULL;
  JsonArray *kept;

  if (!have_distribution ())
    return;
  for (guint i = 0; i < 16; i++)
    g_string_append_printf (sixteen, "%sscipy.m%u", i ? ", " : "", i);
  ok16 = load_ibs (sixteen->str);
  g_assert_null (rc_diagnostics_find_rule (rc_community_get_diagnostics (ok16),
                                           "import-before-seal-too-many"));
  g_string_append (sixteen, ", scipy.m16]");
  {
    g_autoptr (RcCommunity) c = load_ibs (sixteen->str);

    expect (c, "import-before-seal-too-many", "runtime.python.import_before_seal", 9, 25,
            "List should have at most 16 items after validation, not 17");
  }
  ok = load_ibs ("[scipy, scipy.stats, scipy.io, eegprep_lean.index]");
  expect_valid (ok);
  python = rc_community_get_runtime_python (ok, RC_DEPLOYMENT_PRODUCTION);
  kept = json_object_get_array_member (python, "import_before_seal");
  g_assert_cmpuint (json_array_get_length (kept), ==, 4);
  g_assert_cmpstr (json_array_get_string_element (kept, 3), ==, "eegprep_lean.index");
  {
    g_autoptr (RcCommunity) c = load_ibs ("[scipy.stats, scipy, scipy.stats]");

    expect (c, "import-before-seal-duplicate", "runtime.python.import_before_seal[2]", 9, 46,
            "import_before_seal names 'scipy.stats' twice");
  }
  {
    g_autoptr (RcCommunity) c = load_ibs ("[scipy, ctypes.util]");

    expect (c, "import-before-seal-sealed-root", "runtime.python.import_before_seal[1]", 9, 33,
            "import_before_seal entry 'ctypes.util' is a module the seal removes");
  }
}

/* §7 20–21: the root must be one preload names, as its import name. */
static void
test_ibs_preloaded (void)
{
  static const char *bad[] = { "pandas", "pandas.core", "os", "json.decoder" };

  if (!have_distribution ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *entries = g_strdup_printf ("[%s]", bad[i]);
      g_autoptr (RcCommunity) c = load_ibs (entries);

      expect (c, "import-before-seal-not-preloaded", "runtime.python.import_before_seal[0]", 9, 26,
              "is not one preload names (['eegprep_lean', 'numpy', 'scipy']), written as its "
              "import name; only a package preload names may be imported before the seal");
    }
  {
    g_autoptr (RcCommunity) c = load_ibs ("[eegprep_lean]");

    expect_valid (c);
  }
  check_one (BASE "    preload: []\n    import_before_seal: [scipy]\n",
             "import-before-seal-not-preloaded", "runtime.python.import_before_seal[0]", 8, 26,
             "import_before_seal entry 'scipy': its top-level package 'scipy' is not one preload "
             "names ([])");
}

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

/* §7 23–25: limits. */
static void
test_limits (void)
{
  static const struct
  {
    const char *line;
    const char *path;
    const char *fragment;
  } over[] = {
    { "stdout_chars: 16385", "runtime.python.limits.stdout_chars", "less than or equal to 16384" },
    { "stderr_chars: 8193", "runtime.python.limits.stderr_chars", "less than or equal to 8192" },
    { "images: 4", "runtime.python.limits.images", "less than or equal to 3" },
    { "image_px: 8193", "runtime.python.limits.image_px", "less than or equal to 8192" },
  };
  g_autoptr (RcCommunity) defaults = NULL, roomy = NULL;
  g_autoptr (JsonObject) python = NULL;
  JsonObject *limits;

  if (!have_distribution ())
    return;
  defaults = load (BASE);
  python = rc_community_get_runtime_python (defaults, RC_DEPLOYMENT_PRODUCTION);
  limits = json_object_get_object_member (python, "limits");
  g_assert_cmpint (json_object_get_int_member (limits, "memory_mb"), ==, 1536);
  g_assert_cmpint (json_object_get_int_member (limits, "stdout_chars"), ==, 16384);
  g_assert_cmpint (json_object_get_int_member (limits, "stderr_chars"), ==, 8192);
  g_assert_cmpint (json_object_get_int_member (limits, "images"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (limits, "image_px"), ==, 1024);
  g_assert_cmpint (json_object_get_int_member (limits, "exec_seconds"), ==, 120);
  g_assert_true (rc_community_runtime_field_is_default (defaults, "limits.exec_seconds"));
  for (guint i = 0; i < G_N_ELEMENTS (over); i++)
    {
      g_autofree char *yaml = g_strdup_printf (BASE "    limits:\n      %s\n", over[i].line);
      const RcDiagnostic *d;
      g_autoptr (RcCommunity) c = load (yaml);
      guint value_column = 7 + strchr (over[i].line, ':') - over[i].line + 2;

      d = expect (c, "limits-max", over[i].path, 8, value_column, over[i].fragment);
      g_assert_nonnull (strstr (d->hint, "422"));
    }
  roomy = load (BASE "    limits: {memory_mb: 99999, exec_seconds: 99999, images: 0, "
                     "stdout_chars: \" 4096 \", stderr_chars: 300.0, image_px: 2048}\n");
  expect_valid (roomy);
  g_clear_pointer (&python, json_object_unref);
  python = rc_community_get_runtime_python (roomy, RC_DEPLOYMENT_PRODUCTION);
  limits = json_object_get_object_member (python, "limits");
  g_assert_cmpint (json_object_get_int_member (limits, "stdout_chars"), ==, 4096);
  g_assert_cmpint (json_object_get_int_member (limits, "memory_mb"), ==, 99999);
  g_assert_false (rc_community_runtime_field_is_default (roomy, "limits.images"));
  {
    /* pydantic's lax mode reads a bool as 1 (unconfirmed in OSA, spec §1.2). */
    g_autoptr (RcCommunity) c = load (BASE "    limits: {images: true}\n");

    expect_valid (c);
  }
  check_one (BASE "    limits: {image_px: true}\n", "limits-min", "runtime.python.limits.image_px",
             7, 24, "greater than or equal to 16");
  check_one (BASE "    limits: {exec_seconds: 1.5}\n", "type-int",
             "runtime.python.limits.exec_seconds", 7, 28, "got a number with a fractional part");
}

/* §7 26–27. */
static void
test_notebook (void)
{
  static const char *notebook =
      "notebook:\n  starter: notebook/starter.ipynb\n  dataset_pattern: \"^(nm|ds)[0-9]{6}$\"\n"
      "  zarr_base: {production: \"https://zarr.example.org\", develop: "
      "\"https://zarr-test.example.org\"}\n"
      "  dataset_page_base: {production: \"https://example.org\", develop: "
      "\"https://test.example.org\"}\n";
  g_autofree char *alone = g_strconcat (HEAD, notebook, NULL);
  g_autofree char *old =
      g_strconcat (HEAD "runtime:\n  python:\n    pyodide_version: \"0.28.3\"\n", notebook, NULL);
  g_autofree char *fine = g_strconcat (BASE, notebook, "widget:\n  launcher: capsule\n", NULL);

  if (!have_distribution ())
    return;
  check_one (alone, "notebook-pyodide", "notebook", 4, 1,
             "notebook is configured but runtime.python.pyodide_version is None, not '0.29.5', "
             "the notebook site's own pin. One notebook site loads one Pyodide.");
  check_one (old, "notebook-pyodide", "runtime.python.pyodide_version", 6, 22,
             "pyodide_version is '0.28.3', not '0.29.5'");
  check_one (BASE "widget:\n  launcher: capsule\n", "capsule-needs-notebook", "widget.launcher", 8,
             13,
             "widget.launcher is 'capsule' but no notebook section is configured. The capsule's "
             "notebook icon opens the community's starter notebook (docs/community-notebook.md).");
  {
    g_autoptr (RcCommunity) c = load (fine);

    expect_valid (c);
  }
  check_one (HEAD "notebook:\n  starter: ../x.ipynb\n  dataset_pattern: \"^.*$\"\n"
                  "  zarr_base: {}\n  dataset_page_base: {}\n",
             "starter-path", "notebook.starter", 5, 12,
             "starter '../x.ipynb': it must be a plain relative path");
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

/* §3.2 (and §7 32): the lockfile path rule, with Python repr quoting. */
static void
test_lockfile_path (void)
{
  static const struct
  {
    const char *yaml_value, *message;
  } cases[] = {
    { "../lock.json", "lockfile '../lock.json': it must be a plain relative path, with no empty, "
                      "'.' or '..' segments" },
    { "/abs/lock.json",
      "lockfile '/abs/lock.json': it must be relative to the community's folder" },
    { "'runtime\\lock.json'", "lockfile 'runtime\\\\lock.json': use forward slashes" },
    { "\"../it's.json\"", "lockfile \"../it's.json\": it must be a plain relative path" },
    { "a//b.json", "lockfile 'a//b.json': it must be a plain relative path" },
    { "runtime/lock.JSON", "lockfile 'runtime/lock.JSON': it must be a .json file" },
    { ".json", "lockfile '.json': it must be a .json file" },
    { "''", "lockfile '': it must be a plain relative path" },
  };

  if (!have_distribution ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *yaml = g_strdup_printf (BASE "    lockfile: %s\n", cases[i].yaml_value);

      check_one (yaml, "lockfile-path", "runtime.python.lockfile", 7, 15, cases[i].message);
    }
}

/* §1.3: the top level. */
static void
test_top_level (void)
{
  if (!have_distribution ())
    return;
  check_one ("id: Demo_1\nname: x\ndescription: y\n", "id-kebab-case", "id", 1, 5,
             "Community ID must be kebab-case (lowercase, hyphens): Demo_1");
  check_one ("id: '  '\nname: x\ndescription: y\n", "id-empty", "id", 1, 5,
             "Community ID cannot be empty");
  check_one ("id: demo\ndescription: y\n", "field-required", "name", 1, 1, "Field required");
  check_one ("id: demo\nname: x\ndescription: y\nruntimes: {}\n", "extra-key", "runtimes", 4, 1,
             "Extra inputs are not permitted");
  check_one ("id: demo\nname: no\ndescription: y\n", "type-string", "name", 2, 7,
             "Input should be a valid string");
  check_one ("id: demo\nname: x\ndescription: y\ncors_origins: ['https://ok.org', "
             "'https://x.org/']\n",
             "cors-origin", "cors_origins[1]", 4, 34, "Invalid CORS origin 'https://x.org/'");
  check_one ("id: demo\nname: x\ndescription: y\nanthropic_api_key_env_var: AWS_SECRET\n",
             "api-key-env-var", "anthropic_api_key_env_var", 4, 28,
             "Must match pattern: ANTHROPIC_API_KEY_[A-Z0-9_]+");
  check_one ("id: demo\nname: x\ndescription: y\ngithub:\n  repos: [a/b, nope]\n", "github-repo",
             "github.repos[1]", 5, 16, "Repository must be in 'org/repo' format, got: nope");
  check_one ("id: demo\nname: x\ndescription: y\ndefault_model: 'a b'\n", "default-model",
             "default_model", 4, 16, "Invalid model name: 'a b'");
  check_one ("id: demo\nname: x\ndescription: y\nstatus: beta\nenable_page_context: maybe\n",
             "type-bool", "enable_page_context", 5, 22, "Input should be a valid boolean");
  check_one ("id: demo\nname: x\ndescription: y\nmaintainers: [octocat, '@jane']\n", "maintainer",
             "maintainers[1]", 4, 24, "Invalid GitHub username: '@jane'");
  check_one ("id: demo\nname: x\ndescription: y\ndocumentation:\n  - {url: 'https://x.org'}\n",
             "field-required", "documentation[0].title", 5, 5, "Field required");
  check_one ("id: demo\nname: x\ndescription: y\nruntime: {python: null, ruby: {}}\n", "extra-key",
             "runtime.ruby", 4, 25, "Extra inputs are not permitted");
  check_one ("id: demo\nname: x\ndescription: y\nwidget: {launcher: pill}\n", "literal",
             "widget.launcher", 4, 20, "Input should be 'bubble' or 'capsule'");
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
  write_file (dir, "runtime/wheels/demo_helpers-0.1.0-py3-none-any.whl", "changed", -1);
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

/* Errors are collected, not first-only, and sorted by position. */
static void
test_collects_all (void)
{
  g_autoptr (RcCommunity) c = NULL;
  GPtrArray *diags;

  if (!have_distribution ())
    return;
  c = load ("id: demo\nname: 1\ndescription: y\nruntime:\n  python:\n    pyodide_version: 0.29\n"
            "    preload_on: soon\n    limits: {images: 9}\n");
  diags = rc_community_get_diagnostics (c);
  g_assert_cmpuint (rc_diagnostics_count (diags, RC_SEVERITY_ERROR), ==, 4);
  for (guint i = 1; i < diags->len; i++)
    g_assert_cmpuint (((RcDiagnostic *) diags->pdata[i - 1])->line, <=,
                      ((RcDiagnostic *) diags->pdata[i])->line);
}

/* The folder name differs from id: a warning, not an error (§1.1). */
static void
test_folder_mismatch (void)
{
  g_autofree char *dir = NULL;
  g_autoptr (RcCommunity) c = NULL;
  const RcDiagnostic *d;

  if (!have_distribution ())
    return;
  dir = make_community ("other", BASE);
  c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
  expect_valid (c);
  d = expect (c, "folder-id-mismatch", "id", 1, 5, "the folder is named 'other' but id is 'demo'");
  g_assert_cmpint (d->severity, ==, RC_SEVERITY_WARNING);
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
  g_ptr_array_add (tmp_dirs, g_strdup (empty));
  c = rc_community_load (empty, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_assert_null (c);
  g_assert_error (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_NO_CONFIG);
  g_clear_error (&error);
  c = rc_community_load (empty, "/nonexistent/dist", RC_DEPLOYMENT_PRODUCTION, &error);
  g_assert_null (c);
  g_assert_nonnull (error);
}

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_unsetenv ("OSA_CLIENT_TOOLS_DISABLED");
  tmp_dirs = g_ptr_array_new_with_free_func (g_free);
  g_test_add_func ("/validator/client-tool-fields", test_client_tool_fields);
  g_test_add_func ("/validator/client-tools-cross", test_client_tools_cross);
  g_test_add_func ("/validator/client-tools-valid", test_client_tools_valid);
  g_test_add_func ("/validator/python-fields", test_python_fields);
  g_test_add_func ("/validator/prelude", test_prelude);
  g_test_add_func ("/validator/deployment-maps", test_deployment_maps);
  g_test_add_func ("/validator/import-before-seal/not-module", test_ibs_not_module);
  g_test_add_func ("/validator/import-before-seal/list", test_ibs_list);
  g_test_add_func ("/validator/import-before-seal/preloaded", test_ibs_preloaded);
  g_test_add_func ("/validator/lock-checks", test_lock_checks);
  g_test_add_func ("/validator/limits", test_limits);
  g_test_add_func ("/validator/notebook", test_notebook);
  g_test_add_func ("/validator/deployment-environment", test_deployment_environment);
  g_test_add_func ("/validator/lockfile-path", test_lockfile_path);
  g_test_add_func ("/validator/top-level", test_top_level);
  g_test_add_func ("/validator/collects-all", test_collects_all);
  g_test_add_func ("/validator/accessors", test_accessors);
  g_test_add_func ("/validator/kill-switch", test_kill_switch);
  g_test_add_func ("/validator/fails-closed", test_fails_closed);
  g_test_add_func ("/validator/folder-mismatch", test_folder_mismatch);
  g_test_add_func ("/validator/demo-shape", test_demo_shape);
  g_test_add_func ("/validator/all-defaults", test_all_defaults);
  g_test_add_func ("/validator/cannot-run", test_cannot_run);
  status = g_test_run ();
  for (guint i = 0; i < tmp_dirs->len; i++)
    remove_tree (tmp_dirs->pdata[i]);
  g_ptr_array_unref (tmp_dirs);
  return status;
}
