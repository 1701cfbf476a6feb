/* test-validator.c: every config.yaml case of community-config.md §7, each asserting the rule
 * id, the key path and the line:column.
 *
 * Most cases are a small base config with a few lines added, written into a temporary
 * community folder named after its id (so no folder/id warning). Needs the Pyodide
 * distribution lock (tools/setup.sh).
 */
#include "config.h"

#include "core/config/rc-config-check.h"
#include "validator-fixture.h"

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
  /* Pyodide 314 refuses OSA's classic worker, and boots there only because OSA's guard breaks
   * its probe: a warning with the reason, beside OSA's own pin rule (an error, with its fix) */
  {
    g_autoptr (RcCommunity) c =
        load (HEAD "runtime:\n  python:\n    pyodide_version: \"314.0.2\"\n");
    const RcDiagnostic *w =
        expect (c, "pyodide-module-worker", "runtime.python.pyodide_version", 6, 22,
                "pyodide_version is '314.0.2', but Pyodide 314 and later refuse classic "
                "workers");
    const RcDiagnostic *pin =
        expect (c, "pyodide-pin", "runtime.python.pyodide_version", 6, 22, "exactly 0.29.5");

    g_assert_cmpint (w->severity, ==, RC_SEVERITY_WARNING);
    g_assert_cmpint (pin->severity, ==, RC_SEVERITY_ERROR);
    g_assert_nonnull (strstr (w->hint, "module worker"));
    /* OSA's wording style, whole: the value as Python's repr, what it contradicts, the reason
     * (the worker's, not CI's), and OSA's own rule kept (CI's pin) */
    g_assert_cmpstr (w->message, ==,
                     "pyodide_version is '314.0.2', but Pyodide 314 and later refuse classic "
                     "workers (\"Classic web workers are not supported\"), and OSA's worker is "
                     "one (it calls importScripts). It boots only by accident: pyodide.js tells "
                     "a classic worker by calling importScripts on a data: URL, which OSA's "
                     "egress guard refuses, so the probe fails and Pyodide takes the worker for "
                     "a module worker. Upstream supports no such boot; CI boots 0.29.5, the npm "
                     "version its tests run");
  }
  /* a value Python would quote otherwise is quoted as repr() does */
  {
    g_autoptr (RcCommunity) c =
        load (HEAD "runtime:\n  python:\n    pyodide_version: \"314.0'rc\"\n");

    expect (c, "pyodide-module-worker", "runtime.python.pyodide_version", 6, 22,
            "pyodide_version is \"314.0'rc\", but Pyodide 314");
  }
  /* an earlier version, or one that is no number, gets the pin rule alone */
  {
    static const char *const others[] = { "0.28.3", "313.9", "v314", "31.4.0" };

    for (guint i = 0; i < G_N_ELEMENTS (others); i++)
      {
        g_autofree char *yaml =
            g_strdup_printf (HEAD "runtime:\n  python:\n    pyodide_version: \"%s\"\n", others[i]);
        g_autoptr (RcCommunity) c = load (yaml);
        GPtrArray *diags = rc_community_get_diagnostics (c);

        for (guint j = 0; j < diags->len; j++)
          g_assert_cmpstr (((RcDiagnostic *) diags->pdata[j])->rule, !=, "pyodide-module-worker");
      }
  }
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
    g_autofree char *dir = make_community ("demo", fine);
    g_autoptr (RcCommunity) c = NULL;

    /* The starter's contents are checked too (test-validator-osa.c). */
    rc_test_write_file (dir, "notebook/starter.ipynb",
                        "{\"nbformat\": 4, \"cells\": [{\"cell_type\": \"code\", \"source\": "
                        "\"x = '{{dataset_id}}'\"}]}",
                        -1);
    c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
    expect_valid (c);
  }
  check_one (HEAD "notebook:\n  starter: ../x.ipynb\n  dataset_pattern: \"^.*$\"\n"
                  "  zarr_base: {}\n  dataset_page_base: {}\n",
             "starter-path", "notebook.starter", 5, 12,
             "starter '../x.ipynb': it must be a plain relative path");
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
  check_one ("id: demo\nname: x\ndescription: y\ndocumentation:\n  - {title: T, url: "
             "'https://x.org', preload: true}\n",
             "documentation-preload", "documentation[0].preload", 5, 47,
             "DocSource 'T' has preload=True but no source_url.");
  check_one ("id: demo\nname: x\ndescription: y\nextensions:\n  mcp_servers:\n"
             "    - {name: a, url: 'https://a.org'}\n    - {name: a, command: [srv]}\n",
             "extensions-duplicate", "extensions.mcp_servers[1].name", 7, 14,
             "Duplicate MCP server names: a");
  check_one ("id: demo\nname: x\ndescription: y\nextensions:\n  mcp_servers:\n"
             "    - {name: a, url: {production: 'https://a.org'}}\n",
             "deployment-map", "extensions.mcp_servers[0].url", 6, 22,
             "url has no value for ['develop']");
  check_one ("id: demo\nname: x\ndescription: y\nwidget: {launcher: pill}\n", "literal",
             "widget.launcher", 4, 20, "Input should be 'bubble' or 'capsule'");
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

/* widget and budget (§1.3): strict launcher geometry, colours, the open-size rule, budget
 * bounds and the daily/monthly rule with Python's float repr. */
static void
test_widget_budget (void)
{
  if (!have_distribution ())
    return;
  check_one (HEAD "widget:\n  launcher_size: \"60\"\n", "type-int", "widget.launcher_size", 5, 18,
             "Input should be a valid integer");
  check_one (HEAD "widget:\n  launcher_offset_y: 201\n", "widget-launcher-geometry",
             "widget.launcher_offset_y", 5, 22, "Input should be less than or equal to 200");
  check_one (HEAD "widget:\n  launcher: capsule\n  launcher_open_size: 60\n",
             "widget-launcher-geometry", "widget.launcher_open_size", 6, 23,
             "launcher_open_size (60) cannot be larger than the closed size (58, from the "
             "capsule default)");
  check_one (HEAD "widget:\n  theme_color: \"#12345\"\n", "widget-color", "widget.theme_color", 5,
             16, "String should match pattern '^#[0-9a-fA-F]{6}$'");
  check_one (HEAD "budget: {daily_limit_usd: 10, monthly_limit_usd: 5.5}\n", "budget", "budget", 4,
             9, "daily_limit_usd (10.0) cannot exceed monthly_limit_usd (5.5)");
  check_one (HEAD "budget: {daily_limit_usd: 0, monthly_limit_usd: 5}\n", "budget",
             "budget.daily_limit_usd", 4, 27, "Input should be greater than 0");
  check_one (HEAD "budget: {monthly_limit_usd: 5}\n", "field-required", "budget.daily_limit_usd", 4,
             9, "Field required");
  {
    g_autoptr (RcCommunity) c =
        load (HEAD "widget:\n  launcher_size: 80\n  launcher_open_size: 64\n  title: Demo\n"
                   "budget: {daily_limit_usd: \"2.5\", monthly_limit_usd: 50}\n");

    expect_valid (c);
  }
}

/* Python's repr(), as OSA's messages render values (each row checked against CPython). */
static void
test_python_repr (void)
{
  static const struct
  {
    double value;
    const char *repr;
  } floats[] = {
    { 10.0, "10.0" },
    { 5.5, "5.5" },
    { 0.1, "0.1" },
    { 1e16, "1e+16" },
    { 1.5e20, "1.5e+20" },
    { 1e-5, "1e-05" },
    { 0.0001, "0.0001" },
    { 123456789.125, "123456789.125" },
    { 2.5e-7, "2.5e-07" },
    { 1.0 / 3, "0.3333333333333333" },
    { 1e15, "1000000000000000.0" },
  };
  static const struct
  {
    const char *text, *repr;
  } strings[] = {
    { "a", "'a'" },
    { "it's", "\"it's\"" },
    { "say \"hi\"", "'say \"hi\"'" },
    { "both ' and \"", "'both \\' and \"'" },
    { "tab\there", "'tab\\there'" },
    { "nl\n", "'nl\\n'" },
    { "back\\slash", "'back\\\\slash'" },
    { "é", "'é'" },
    { "\x01", "'\\x01'" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (floats); i++)
    {
      g_autofree char *r = rc_py_float_repr (floats[i].value);

      g_assert_cmpstr (r, ==, floats[i].repr);
    }
  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    {
      g_autofree char *r = rc_py_repr (strings[i].text);

      g_assert_cmpstr (r, ==, strings[i].repr);
    }
  {
    g_autofree char *a = rc_pep503_canonical ("Zope.Interface");
    g_autofree char *b = rc_pep503_canonical ("eegprep__lean");

    g_assert_cmpstr (a, ==, "zope-interface");
    g_assert_cmpstr (b, ==, "eegprep-lean");
  }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  fixture_init ();
  g_test_add_func ("/validator/client-tool-fields", test_client_tool_fields);
  g_test_add_func ("/validator/client-tools-cross", test_client_tools_cross);
  g_test_add_func ("/validator/python-fields", test_python_fields);
  g_test_add_func ("/validator/prelude", test_prelude);
  g_test_add_func ("/validator/deployment-maps", test_deployment_maps);
  g_test_add_func ("/validator/import-before-seal/not-module", test_ibs_not_module);
  g_test_add_func ("/validator/import-before-seal/list", test_ibs_list);
  g_test_add_func ("/validator/import-before-seal/preloaded", test_ibs_preloaded);
  g_test_add_func ("/validator/limits", test_limits);
  g_test_add_func ("/validator/notebook", test_notebook);
  g_test_add_func ("/validator/lockfile-path", test_lockfile_path);
  g_test_add_func ("/validator/top-level", test_top_level);
  g_test_add_func ("/validator/collects-all", test_collects_all);
  g_test_add_func ("/validator/folder-mismatch", test_folder_mismatch);
  g_test_add_func ("/validator/python-repr", test_python_repr);
  g_test_add_func ("/validator/widget-budget", test_widget_budget);
  status = g_test_run ();
  fixture_cleanup ();
  return status;
}
