/* test-csp-fix.c: the quick fix of each refused CSP requirement (rc-csp-fix.h), applied to
 * the policy text, grants it, and takes nothing away that the policy allowed. */
#include "config.h"

#include <string.h>

#include "core/model/rc-community.h"
#include "core/policy/rc-csp-fix.h"
#include "core/base/rc-json-util.h"

static const char *const fetch_allow[] = { "https://data.example.org/zarr/", NULL };

static GPtrArray *
analyse (const char *text)
{
  RcCspNeeds needs = {
    .page_origin = "https://nemar.org",
    .cdn_origin = "https://cdn.jsdelivr.net",
    .cdn_path = "/pyodide/v0.29.5/full/",
    .api_origin = "https://widget.osc.earth",
    .fetch_allow = (GStrv) fetch_allow,
  };

  return rc_csp_analyse_text (text, &needs);
}

static const RcCspFinding *
find (GPtrArray *findings, const char *requirement)
{
  const RcCspFinding *f = rc_csp_findings_find (findings, requirement, NULL);

  g_assert_nonnull (f);
  return f;
}

/* Applies @requirement's fix to @text: checks the label, the new text, and that it is granted
 * now with no requirement refused that was granted before. */
static char *
fix_one (const char *text, const char *requirement, const char *label, const char *want)
{
  g_autoptr (GPtrArray) before = analyse (text);
  g_autoptr (GPtrArray) after = NULL;
  g_autoptr (RcFix) fix = rc_csp_fix_finding (text, find (before, requirement));
  char *fixed;

  g_assert_nonnull (fix);
  g_assert_cmpstr (fix->label, ==, label);
  fixed = rc_fix_apply (fix, text, strlen (text), NULL);
  g_assert_cmpstr (fixed, ==, want);
  after = analyse (fixed);
  g_assert_true (find (after, requirement)->granted);
  for (guint i = 0; i < before->len; i++)
    {
      const RcCspFinding *b = before->pdata[i];

      if (b->granted)
        g_assert_true (((RcCspFinding *) after->pdata[i])->granted);
    }
  return fixed;
}

static void
test_each_requirement (void)
{
  const char *policy = "script-src 'self' https://cdn.jsdelivr.net; "
                       "connect-src 'self' https://cdn.jsdelivr.net";
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL;
  g_autoptr (GPtrArray) last = NULL;

  a = fix_one (policy, "wasm", "Add 'wasm-unsafe-eval' to script-src",
               "script-src 'self' https://cdn.jsdelivr.net 'wasm-unsafe-eval'; "
               "connect-src 'self' https://cdn.jsdelivr.net");
  b = fix_one (a, "worker-blob", "Add blob: to worker-src",
               "script-src 'self' https://cdn.jsdelivr.net 'wasm-unsafe-eval'; "
               "connect-src 'self' https://cdn.jsdelivr.net; worker-src blob:");
  c = fix_one (b, "connect-api", "Add https://widget.osc.earth to connect-src",
               "script-src 'self' https://cdn.jsdelivr.net 'wasm-unsafe-eval'; "
               "connect-src 'self' https://cdn.jsdelivr.net https://widget.osc.earth; "
               "worker-src blob:");
  d = fix_one (c, "connect-fetch-allow", "Add https://data.example.org to connect-src",
               "script-src 'self' https://cdn.jsdelivr.net 'wasm-unsafe-eval'; "
               "connect-src 'self' https://cdn.jsdelivr.net https://widget.osc.earth "
               "https://data.example.org; worker-src blob:");
  last = analyse (d);
  g_assert_cmpuint (rc_csp_findings_count_refused (last), ==, 0);
  /* nothing to fix once granted */
  g_assert_null (rc_csp_fix_finding (d, find (last, "wasm")));
}

/* A directive default-src stood in for is added with default-src's sources; 'none' alone is
 * replaced. */
static void
test_missing_directive_and_none (void)
{
  g_autofree char *a = NULL, *b = NULL;

  a = fix_one ("default-src 'self' https://cdn.jsdelivr.net 'wasm-unsafe-eval'; "
               "worker-src blob:",
               "connect-api", "Add https://widget.osc.earth to connect-src",
               "default-src 'self' https://cdn.jsdelivr.net 'wasm-unsafe-eval'; "
               "worker-src blob:; connect-src 'self' https://cdn.jsdelivr.net "
               "'wasm-unsafe-eval' https://widget.osc.earth");
  b = fix_one ("script-src 'self' https://cdn.jsdelivr.net 'wasm-unsafe-eval'; worker-src 'none'",
               "worker-blob", "Add blob: to worker-src",
               "script-src 'self' https://cdn.jsdelivr.net 'wasm-unsafe-eval'; worker-src blob:");
  (void) b;
}

/* The window's default ("community"): derived from what the shipped demo needs, it refuses
 * nothing of the demo's, fetch_allow included, and is no wider than that. */
static void
test_community_policy_for_demo (void)
{
  g_autofree char *dir =
      g_build_filename (g_getenv ("RC_SOURCE_DIR"), "data", "examples", "demo", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) demo = rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_autoptr (JsonObject) runtime = NULL;
  g_auto (GStrv) allow = NULL;
  g_autofree char *policy = NULL;
  g_autoptr (GPtrArray) findings = NULL;
  RcCspNeeds needs = {
    .page_origin = "https://nemar.org",
    .cdn_origin = "https://cdn.jsdelivr.net",
    .cdn_path = "/pyodide/v0.29.5/full/",
    .api_origin = "https://widget.osc.earth",
  };

  g_assert_no_error (error);
  runtime = rc_community_get_runtime_python (demo, RC_DEPLOYMENT_PRODUCTION);
  g_assert_nonnull (runtime);
  allow = rc_json_object_dup_strv (runtime, "fetch_allow");
  g_assert_nonnull (allow);
  g_assert_cmpstr (allow[0], ==, "https://data.example.org/");
  needs.fetch_allow = allow;
  policy = rc_csp_policy_for_needs (&needs);
  g_test_message ("community policy: %s", policy);
  g_assert_cmpstr (policy, ==,
                   "script-src 'self' 'wasm-unsafe-eval' https://cdn.jsdelivr.net; connect-src "
                   "'self' https://cdn.jsdelivr.net https://widget.osc.earth "
                   "https://data.example.org; worker-src 'self' blob:; child-src 'self' blob:; "
                   "default-src 'self'");
  findings = rc_csp_analyse_text (policy, &needs);
  g_assert_cmpuint (findings->len, >, 0);
  g_assert_cmpuint (rc_csp_findings_count_refused (findings), ==, 0);
  g_assert_true (rc_csp_findings_find (findings, "connect-fetch-allow", NULL)->granted);
  /* the demo's develop deployment fetches elsewhere: the production policy refuses that */
  {
    const char *const develop[] = { "https://data-staging.example.org/", NULL };
    g_autoptr (GPtrArray) other = NULL;

    needs.fetch_allow = (GStrv) develop;
    other = rc_csp_analyse_text (policy, &needs);
    g_assert_false (rc_csp_findings_find (other, "connect-fetch-allow", NULL)->granted);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/csp-fix/each-requirement", test_each_requirement);
  g_test_add_func ("/csp-fix/missing-directive-and-none", test_missing_directive_and_none);
  g_test_add_func ("/csp-fix/community-policy-demo", test_community_policy_for_demo);
  return g_test_run ();
}
