/* test-fixes.c: every quick fix the validator offers, applied to a fixture config.yaml, gives
 * a config that validates (rc-fix.h). */
#include "config.h"

#include <string.h>

#include "validator-fixture.h"

#define OVERLAY_BASE                                                                               \
  HEAD "runtime:\n  python:\n    pyodide_version: \"0.29.5\"\n"                                    \
       "    lockfile: runtime/demo-pyodide-lock.json\n    preload: [eegprep-lean]\n"

static RcCommunity *
load_with_overlay (const char *yaml)
{
  g_autofree char *dir = make_community ("demo", yaml);

  add_overlay (dir, "eegprep-lean", "eegprep_lean", "");
  return load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
}

static const RcDiagnostic *
find_rule (RcCommunity *community, const char *rule)
{
  GPtrArray *diags = rc_community_get_diagnostics (community);

  for (guint i = 0; i < diags->len; i++)
    if (g_str_equal (((RcDiagnostic *) diags->pdata[i])->rule, rule))
      return diags->pdata[i];
  dump (community);
  g_error ("no %s diagnostic", rule);
  return NULL;
}

/* Applies the fix of @rule's diagnostic in @yaml; checks the result is @want and validates. */
static void
check_fix (const char *yaml, const char *rule, const char *label_has, const char *want)
{
  g_autoptr (RcCommunity) before = load_with_overlay (yaml);
  g_autoptr (RcCommunity) after = NULL;
  const RcDiagnostic *d = find_rule (before, rule);
  g_autofree char *fixed = NULL;

  g_assert_nonnull (d->fix);
  g_assert_true (d->fix->resolved);
  g_assert_nonnull (strstr (d->fix->label, label_has));
  fixed = rc_fix_apply (d->fix, yaml, strlen (yaml), NULL);
  g_assert_cmpstr (fixed, ==, want);
  after = load_with_overlay (fixed);
  expect_valid (after);
}

static void
test_quote_version (void)
{
  check_fix (HEAD "runtime:\n  python:\n    pyodide_version: 0.29\n", "type-string", "Quote",
             HEAD "runtime:\n  python:\n    pyodide_version: \"0.29.5\"\n");
  check_fix (HEAD "runtime:\n  python:\n    pyodide_version: '0.28.2'  # old\n", "pyodide-pin",
             "0.29.5", HEAD "runtime:\n  python:\n    pyodide_version: \"0.29.5\"  # old\n");
}

static void
test_import_name (void)
{
  check_fix (OVERLAY_BASE "    import_before_seal: [eegprep-lean]\n",
             "import-before-seal-not-module", "eegprep_lean",
             OVERLAY_BASE "    import_before_seal: [eegprep_lean]\n");
  check_fix (OVERLAY_BASE "    import_before_seal:\n      - \"eegprep-lean.index\"\n",
             "import-before-seal-not-module", "eegprep_lean.index",
             OVERLAY_BASE "    import_before_seal:\n      - eegprep_lean.index\n");
}

static void
test_duplicate (void)
{
  check_fix (OVERLAY_BASE "    import_before_seal: [eegprep_lean, eegprep_lean.x, eegprep_lean]\n",
             "import-before-seal-duplicate", "Remove",
             OVERLAY_BASE "    import_before_seal: [eegprep_lean, eegprep_lean.x]\n");
  check_fix (OVERLAY_BASE "    import_before_seal:\n      - eegprep_lean\n      - eegprep_lean\n"
                          "    preload_on: first_run\n",
             "import-before-seal-duplicate", "Remove",
             OVERLAY_BASE "    import_before_seal:\n      - eegprep_lean\n"
                          "    preload_on: first_run\n");
}

static void
test_unknown_key (void)
{
  /* the key, its nested value and a deeper comment go; the next key stays */
  check_fix (OVERLAY_BASE "    unknown_key:\n      nested: 1\n\n      # about it\n      more: [2]\n"
                          "    preload_on: first_run\n",
             "extra-key", "unknown_key", OVERLAY_BASE "    preload_on: first_run\n");
  check_fix (HEAD "colour: red\n"
                  "runtime:\n  python:\n    pyodide_version: \"0.29.5\"\n",
             "extra-key", "colour", HEAD "runtime:\n  python:\n    pyodide_version: \"0.29.5\"\n");
}

/* The seal probe's recommendation written into import_before_seal: replacing the list (block
 * or flow) or adding the key. */
static void
check_ibs (const char *yaml, const char *want)
{
  const char *const list[] = { "eegprep_lean", "eegprep_lean.io", NULL };
  g_autoptr (RcCommunity) before = load_with_overlay (yaml);
  g_autoptr (RcCommunity) after = NULL;
  g_autoptr (RcFix) fix = rc_community_fix_import_before_seal (before, list);
  g_autofree char *fixed = NULL;

  g_assert_nonnull (fix);
  g_assert_cmpstr (fix->label, ==, "Set import_before_seal to [eegprep_lean, eegprep_lean.io]");
  fixed = rc_fix_apply (fix, yaml, strlen (yaml), NULL);
  g_assert_cmpstr (fixed, ==, want);
  after = load_with_overlay (fixed);
  expect_valid (after);
}

static void
test_import_before_seal_list (void)
{
  const char *tail = "    preload_on: first_run\n";
  g_autofree char *replaced = g_strconcat (
      OVERLAY_BASE "    import_before_seal: [eegprep_lean, eegprep_lean.io]\n", tail, NULL);
  g_autofree char *block =
      g_strconcat (OVERLAY_BASE "    import_before_seal:\n      - eegprep_lean\n", tail, NULL);
  g_autofree char *flow = g_strconcat (OVERLAY_BASE "    import_before_seal: []\n", tail, NULL);

  check_ibs (block, replaced);
  check_ibs (flow, replaced);
  check_ibs (OVERLAY_BASE,
             HEAD "runtime:\n  python:\n    import_before_seal: [eegprep_lean, eegprep_lean.io]\n"
                  "    pyodide_version: \"0.29.5\"\n"
                  "    lockfile: runtime/demo-pyodide-lock.json\n    preload: [eegprep-lean]\n");
}

/* A key inside a flow mapping has no safe line to remove: no fix is offered. */
static void
test_no_fix_in_flow_mapping (void)
{
  g_autoptr (RcCommunity) c =
      load_with_overlay (HEAD "runtime: {python: {pyodide_version: \"0.29.5\", bogus: 1}}\n");

  g_assert_null (find_rule (c, "extra-key")->fix);
}

/* One suggestion for a version YAML reads as a number: the hint says what the fix writes,
 * and why (issue 23). */
static void
test_version_hint_is_the_fix (void)
{
  g_autoptr (RcCommunity) c =
      load_with_overlay (HEAD "runtime:\n  python:\n    pyodide_version: 0.29\n");
  const RcDiagnostic *d = find_rule (c, "type-string");

  g_assert_cmpstr (d->fix->replacement, ==, "\"0.29.5\"");
  g_assert_nonnull (strstr (d->hint, "pyodide_version: \"0.29.5\""));
  g_assert_nonnull (strstr (d->hint, "OSA's CI requires"));
  g_assert_null (strstr (d->hint, "\"0.29\""));
}

#define PRELOAD_BASE                                                                               \
  HEAD "runtime:\n  python:\n    pyodide_version: \"0.29.5\"\n"                                    \
       "    lockfile: runtime/demo-pyodide-lock.json\n"

/* A misspelled preload with exactly one close name (the overlay's or the distribution's) is
 * replaced by it; with two close names there is no obvious edit, only the hint. */
static void
test_replace_preload (void)
{
  g_autoptr (RcCommunity) two = NULL;
  const RcDiagnostic *d;

  check_fix (PRELOAD_BASE "    preload: [eegprep-laen]\n", "preload-unresolved",
             "Replace with “eegprep-lean”", OVERLAY_BASE);
  check_fix (PRELOAD_BASE "    preload: [eegprep-lean, nump]\n", "preload-unresolved",
             "Replace with “numpy”", PRELOAD_BASE "    preload: [eegprep-lean, numpy]\n");
  two = load_with_overlay (PRELOAD_BASE "    preload: [eegprep-lean, pyyam]\n");
  d = find_rule (two, "preload-unresolved");
  g_assert_null (d->fix);
  g_assert_nonnull (strstr (d->hint, "Did you mean"));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  fixture_init ();
  g_test_add_func ("/fixes/quote-version", test_quote_version);
  g_test_add_func ("/fixes/version-hint-is-the-fix", test_version_hint_is_the_fix);
  g_test_add_func ("/fixes/replace-preload", test_replace_preload);
  g_test_add_func ("/fixes/import-name", test_import_name);
  g_test_add_func ("/fixes/duplicate", test_duplicate);
  g_test_add_func ("/fixes/unknown-key", test_unknown_key);
  g_test_add_func ("/fixes/no-fix-in-flow-mapping", test_no_fix_in_flow_mapping);
  g_test_add_func ("/fixes/import-before-seal-list", test_import_before_seal_list);
  status = g_test_run ();
  fixture_cleanup ();
  return status;
}
