/* test-validator-osa.c: the checks OSA makes outside config load (issue 14): a repeated
 * YAML key (a warning; OSA's PyYAML keeps the last value), an overlay entry's problems when
 * its wheel is missing, the starter notebook's contents, the notebook URL and pattern rules
 * in OSA's wording, the merged site lock of an OSA checkout, and the position of a byte
 * that is not UTF-8. Needs the Pyodide distribution lock (tools/setup.sh). */
#include "config.h"

#include "core/model/rc-checkout.h"
#include "core/model/rc-lock-overlay.h"
#include "validator-fixture.h"

#define STARTER_OK                                                                                 \
  "{\"nbformat\": 4, \"nbformat_minor\": 5, \"metadata\": {}, \"cells\": ["                        \
  "{\"cell_type\": \"markdown\", \"metadata\": {}, \"source\": [\"# Dataset\\n\"]},"               \
  "{\"cell_type\": \"code\", \"metadata\": {}, \"outputs\": [], \"execution_count\": null, "       \
  "\"source\": [\"ds = '{{dataset_id}}'\\n\", \"url = '{{zarr_base}}/' + ds\"]}]}"

static const char notebook_yaml[] =
    "notebook:\n  starter: notebook/starter.ipynb\n  dataset_pattern: \"^(nm|ds)[0-9]{6}$\"\n"
    "  zarr_base: {production: \"https://zarr.example.org\", develop: "
    "\"https://zarr-test.example.org\"}\n"
    "  dataset_page_base: {production: \"https://example.org\", develop: "
    "\"https://test.example.org\"}\n";

/* BASE + the notebook section (starter at line 8, column 12) + @starter as its file. */
static RcCommunity *
load_with_starter (const char *starter)
{
  g_autofree char *yaml = g_strconcat (BASE, notebook_yaml, NULL);
  g_autofree char *dir = make_community ("demo", yaml);

  if (starter != NULL)
    rc_test_write_file (dir, "notebook/starter.ipynb", starter, -1);
  return load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
}

static void
test_duplicate_key_is_a_warning (void)
{
  /* The first value is invalid, the last valid: OSA loads the last, so the config is valid. */
  g_autoptr (RcCommunity) c =
      load (BASE "    preload_on: on_click\n    pyodide_version: \"0.29.5\"\n"
                 "    preload_on: first_message\n");
  const RcDiagnostic *d;

  if (!have_distribution ())
    return;
  d = expect (c, "yaml-duplicate-key", "runtime.python.preload_on", 9, 5,
              "duplicate key 'preload_on' (first at line 7, column 5)");
  g_assert_cmpint (d->severity, ==, RC_SEVERITY_WARNING);
  g_assert_cmpstr (d->hint, ==, "Remove one; OSA keeps the last.");
  g_assert_nonnull (expect (c, "yaml-duplicate-key", "runtime.python.pyodide_version", 8, 5, NULL));
  g_assert_null (rc_diagnostics_find_rule (rc_community_get_diagnostics (c), "literal"));
  g_assert_true (rc_community_is_valid (c));
  {
    g_autoptr (JsonObject) python = rc_community_get_runtime_python (c, RC_DEPLOYMENT_PRODUCTION);

    g_assert_cmpstr (json_object_get_string_member (python, "preload_on"), ==, "first_message");
  }
}

static void
test_duplicate_key_last_value_decides (void)
{
  /* The reverse: a valid value replaced by an invalid one is invalid, as in OSA. */
  g_autoptr (RcCommunity) c = load (BASE "    preload_on: first_run\n    preload_on: on_click\n");

  if (!have_distribution ())
    return;
  expect (c, "literal", "runtime.python.preload_on", 8, 17, "Input should be 'first_run'");
  g_assert_false (rc_community_is_valid (c));
}

/* A missing wheel no longer hides the entry's other problems. */
static void
test_missing_wheel_keeps_other_problems (void)
{
  g_autofree char *dir = NULL;
  g_autoptr (RcCommunity) c = NULL;
  const char *lock = "{\"packages\": {\n"
                     "  \"numpy\": {\"name\": \"numpy\", \"version\": \"9.9.9\", \"file_name\": "
                     "\"numpy-9.9.9-py3-none-any.whl\", \"package_type\": \"package\", "
                     "\"install_dir\": \"site\", \"sha256\": \"%s\", \"imports\": [\"numpy\"], "
                     "\"depends\": [\"no-such-package\"]}}}\n";
  g_autofree char *json = g_strdup_printf (lock, "0123456789abcdef0123456789abcdef"
                                                 "0123456789abcdef0123456789abcdef");

  if (!have_distribution ())
    return;
  dir = make_community ("demo", BASE "    lockfile: runtime/demo-pyodide-lock.json\n");
  rc_test_write_file (dir, "runtime/demo-pyodide-lock.json", json, -1);
  c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
  expect (c, "wheel-unreadable", "packages.numpy.file_name", 2, 63, "cannot be read");
  expect (c, "overlay-replaces-stock", "packages.numpy", 2, 3,
          "would replace the Pyodide distribution's own");
  expect (c, "overlay-depends-unresolved", "packages.numpy.depends[0]", 2, 257,
          "depends names 'no-such-package'");
}

static void
test_starter_contents (void)
{
  static const struct
  {
    const char *contents; /* NULL: no file */
    const char *fragment;
  } cases[] = {
    { NULL, "/notebook/starter.ipynb cannot be read: " },
    { "{\"nbformat\": 4,", "/notebook/starter.ipynb is not valid JSON: " },
    { "[1, 2]", "/notebook/starter.ipynb is not a JSON object" },
    { "{\"cells\": []}", "/notebook/starter.ipynb has nbformat=None, not 4" },
    { "{\"nbformat\": \"4\", \"cells\": []}", "/notebook/starter.ipynb has nbformat='4', not 4" },
    { "{\"nbformat\": 3, \"cells\": []}", "has nbformat=3, not 4" },
    { "{\"nbformat\": 4, \"cells\": []}", "/notebook/starter.ipynb has no cells" },
    { "{\"nbformat\": 4, \"cells\": [1]}", "/notebook/starter.ipynb: cell 0 is not an object" },
    { "{\"nbformat\": 4, \"cells\": [{\"cell_type\": \"code\", \"source\": \"\"}, "
      "{\"cell_type\": \"raw\", \"source\": \"\"}]}",
      ": cell 1 has cell_type='raw', not 'markdown' or 'code'" },
    { "{\"nbformat\": 4, \"cells\": [{\"cell_type\": \"code\", \"source\": [\"a\", 2]}]}",
      ": cell 0's source has a non-string line" },
    { "{\"nbformat\": 4, \"cells\": [{\"cell_type\": \"code\"}]}",
      ": cell 0 has no string or list-of-string source" },
    { "{\"nbformat\": 4, \"cells\": [{\"cell_type\": \"code\", \"source\": \"{dataset_id}\"}]}",
      "/notebook/starter.ipynb never uses the token '{{dataset_id}}'; nothing would ever be "
      "filled in for a reader" },
  };

  if (!have_distribution ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (RcCommunity) c = load_with_starter (cases[i].contents);

      expect (c, "starter-notebook", "notebook.starter", 8, 12, cases[i].fragment);
      g_assert_false (rc_community_is_valid (c));
    }
  {
    /* 4.0 == 4 in Python, and a token split across a list's lines still counts. */
    g_autoptr (RcCommunity) fine = load_with_starter (
        "{\"nbformat\": 4.0, \"cells\": [{\"cell_type\": \"code\", \"source\": [\"x = '{{data\", "
        "\"set_id}}'\"]}]}");
    g_autoptr (RcCommunity) real = load_with_starter (STARTER_OK);

    expect_valid (fine);
    expect_valid (real);
  }
}

static void
test_notebook_urls_and_pattern (void)
{
  static const struct
  {
    const char *url, *message;
  } urls[] = {
    { "http://zarr.example.org",
      "zarr_base['production'] must be an absolute https:// URL, got 'http://zarr.example.org'" },
    { "https://", "zarr_base['production'] must name a host, got 'https://'" },
    { "https://zarr.example.org/",
      "zarr_base['production'] must have no path, not even a trailing slash, got "
      "'https://zarr.example.org/'" },
    { "https://zarr.example.org?x=1", "zarr_base['production'] must have no query or fragment, got "
                                      "'https://zarr.example.org?x=1'" },
    { "https://zarr.example.org#top", "must have no query or fragment" },
  };

  if (!have_distribution ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (urls); i++)
    {
      g_autofree char *yaml =
          g_strdup_printf (HEAD "notebook:\n  starter: s.ipynb\n  dataset_pattern: \"^x$\"\n"
                                "  zarr_base: {production: \"%s\"}\n  dataset_page_base: {}\n",
                           urls[i].url);
      g_autoptr (RcCommunity) c = load (yaml);

      expect (c, "notebook-base-url", "notebook.zarr_base.production", 7, 27, urls[i].message);
    }
  {
    /* urlparse: an empty query or fragment is none, and the scheme is case-blind. */
    g_autoptr (RcCommunity) c =
        load (HEAD "notebook:\n  starter: s.ipynb\n  dataset_pattern: \"^x$\"\n"
                   "  zarr_base: {production: \"HTTPS://zarr.example.org?\"}\n"
                   "  dataset_page_base: {develop: \"https://example.org#\"}\n");

    g_assert_null (
        rc_diagnostics_find_rule (rc_community_get_diagnostics (c), "notebook-base-url"));
  }
  check_one (HEAD "notebook:\n  starter: s.ipynb\n  dataset_pattern: \"(nm)[0-9]+\"\n"
                  "  zarr_base: {}\n  dataset_page_base: {}\n",
             "dataset-pattern", "notebook.dataset_pattern", 6, 20,
             "dataset_pattern must be anchored with ^...$: '(nm)[0-9]+'");
  check_one (HEAD "notebook:\n  starter: s.ipynb\n  dataset_pattern: \"^[^x]*$\"\n"
                  "  zarr_base: {}\n  dataset_page_base: {}\n",
             "dataset-pattern", "notebook.dataset_pattern", 6, 20,
             "dataset_pattern '^[^x]*$' would accept a hostile probe ['\"', \"'\", '\\\\', '\\n', "
             "' ']; a dataset id is substituted unescaped into the starter's Python source, so "
             "the pattern must never match a quote, a backslash, a newline, or a space");
}

/* Two notebook communities of one checkout adding one key with different entries. */
static void
test_site_lock (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *root = NULL;
  g_autofree char *a = NULL, *b = NULL, *plain = NULL;
  g_autoptr (GPtrArray) from_a = NULL;
  g_autoptr (GPtrArray) from_plain = NULL;
  g_autoptr (GFile) found = NULL;

  if (!have_distribution ())
    return;
  root = g_dir_make_tmp ("rc-checkout-XXXXXX", &error);
  g_assert_no_error (error);
  fixture_keep (g_strdup (root));
  rc_test_write_file (root, "frontend/.keep", "", -1);
  a = g_build_filename (root, "src", "assistants", "alpha", NULL);
  b = g_build_filename (root, "src", "assistants", "beta", NULL);
  plain = g_build_filename (root, "src", "assistants", "gamma", NULL);
  for (guint i = 0; i < 3; i++)
    {
      const char *dir = i == 0 ? a : i == 1 ? b : plain;
      const char *id = i == 0 ? "alpha" : i == 1 ? "beta" : "gamma";
      g_autofree char *yaml = g_strdup_printf (
          "id: %s\nname: N\ndescription: D\nruntime:\n  python:\n    pyodide_version: "
          "\"0.29.5\"\n    lockfile: runtime/demo-pyodide-lock.json\n%s",
          id, i < 2 ? notebook_yaml : "");

      rc_test_write_file (dir, "config.yaml", yaml, -1);
      rc_test_write_file (dir, "notebook/starter.ipynb", STARTER_OK, -1);
      /* beta's entry differs in its imports only. */
      add_overlay (dir, "shared-pkg", i == 1 ? "shared_pkg2" : "shared_pkg", "");
    }
  {
    g_autoptr (RcCommunity) alpha = load_dir (a, RC_DEPLOYMENT_PRODUCTION);
    g_autoptr (RcCommunity) gamma = load_dir (plain, RC_DEPLOYMENT_PRODUCTION);
    const RcDiagnostic *d;

    found = rc_checkout_find (a);
    g_assert_nonnull (found);
    expect_valid (alpha);
    from_a = rc_checkout_check_site_lock_of (alpha);
    g_assert_cmpuint (from_a->len, ==, 1);
    d = from_a->pdata[0];
    g_assert_cmpstr (d->rule, ==, "site-lock-mismatch");
    g_assert_cmpint (d->severity, ==, RC_SEVERITY_ERROR);
    g_assert_cmpstr (d->file, ==, "runtime/demo-pyodide-lock.json");
    g_assert_cmpstr (d->path, ==, "packages.shared-pkg");
    g_assert_cmpuint (d->line, ==, 1);
    g_assert_nonnull (strstr (d->message, "beta and alpha both add 'shared-pkg' with different "
                                          "entries; a package two communities share must be "
                                          "byte-identical across both"));
    g_assert_nonnull (strstr (d->message, "beta/runtime/demo-pyodide-lock.json"));
    g_assert_nonnull (strstr (d->message, "alpha/runtime/demo-pyodide-lock.json"));
    /* gamma has no notebook: the site does not merge its overlay. */
    from_plain = rc_checkout_check_site_lock_of (gamma);
    g_assert_cmpuint (from_plain->len, ==, 0);
  }
  {
    /* The same entry in both is one package, merged once. */
    g_autoptr (RcCommunity) alpha = NULL;
    g_autoptr (GPtrArray) again = NULL;

    add_overlay (b, "shared-pkg", "shared_pkg", "");
    alpha = load_dir (a, RC_DEPLOYMENT_PRODUCTION);
    again = rc_checkout_check_site_lock_of (alpha);
    g_assert_cmpuint (again->len, ==, 0);
  }
  g_assert_null (rc_checkout_find (plain + strlen (root))); /* not inside a checkout */
}

/* A byte that is not UTF-8 at line 2, column 11 is reported there, not one column later. */
static void
test_not_utf8_position (void)
{
  g_autofree char *dir = NULL;
  g_autoptr (RcCommunity) c = NULL;
  const RcDiagnostic *d;

  if (!have_distribution ())
    return;
  dir = make_community ("demo", "id: demo\nname: Demo\xff\n");
  c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
  d = rc_diagnostics_find_rule (rc_community_get_diagnostics (c), "yaml-syntax");
  g_assert_nonnull (d);
  g_assert_cmpuint (d->line, ==, 2);
  g_assert_cmpuint (d->column, ==, 11);
  g_assert_nonnull (strstr (d->message, "0xFF"));
  g_clear_object (&c);
  g_clear_pointer (&dir, g_free);
  /* After a two-byte character the column still counts characters. */
  dir = make_community ("demo", "id: demo\nname: \xc3\xa9t\xe9\n");
  c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
  d = rc_diagnostics_find_rule (rc_community_get_diagnostics (c), "yaml-syntax");
  g_assert_nonnull (d);
  g_assert_cmpuint (d->line, ==, 2);
  g_assert_cmpuint (d->column, ==, 9);
  g_clear_object (&c);
  g_clear_pointer (&dir, g_free);
  /* A lead byte whose continuation is missing: the lead byte is the bad one (2:11, not 2:12). */
  for (guint i = 0; i < 2; i++)
    {
      dir = make_community ("demo",
                            i == 0 ? "id: demo\nname: Demo\xc3\n" : "id: demo\nname: Dem\xc3(\n");
      c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
      d = rc_diagnostics_find_rule (rc_community_get_diagnostics (c), "yaml-syntax");
      g_assert_nonnull (d);
      g_assert_cmpuint (d->line, ==, 2);
      g_assert_cmpuint (d->column, ==, i == 0 ? 11 : 10);
      g_assert_nonnull (strstr (d->message, "(byte 0xC3)"));
      g_clear_object (&c);
      g_clear_pointer (&dir, g_free);
    }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  fixture_init ();
  g_test_add_func ("/validator-osa/duplicate-key/warning", test_duplicate_key_is_a_warning);
  g_test_add_func ("/validator-osa/duplicate-key/last-decides",
                   test_duplicate_key_last_value_decides);
  g_test_add_func ("/validator-osa/missing-wheel", test_missing_wheel_keeps_other_problems);
  g_test_add_func ("/validator-osa/starter", test_starter_contents);
  g_test_add_func ("/validator-osa/notebook-rules", test_notebook_urls_and_pattern);
  g_test_add_func ("/validator-osa/site-lock", test_site_lock);
  g_test_add_func ("/validator-osa/not-utf8", test_not_utf8_position);
  status = g_test_run ();
  fixture_cleanup ();
  return status;
}
