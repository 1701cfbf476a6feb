/* fuzz-csp.c: a pasted Content-Security-Policy: the parser, the analysis against what the
 * runtime needs, its text, and the URL and keyword checks the diagnosis makes. */
#include "config.h"

#include "core/policy/rc-csp.h"
#include "fuzz-common.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  rc_fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = rc_fuzz_text (data, size);
  char *fetch_allow[] = { "https://data.example.org/", "https://api.example.org/v1", NULL };
  RcCspNeeds needs = { .page_origin = "https://nemar.org",
                       .cdn_origin = "https://cdn.jsdelivr.net",
                       .cdn_path = "/pyodide/v0.29.5/full/",
                       .api_origin = "https://widget.osc.earth",
                       .fetch_allow = fetch_allow };
  g_autoptr (RcCspPolicy) policy = rc_csp_policy_parse (text);
  g_autoptr (GPtrArray) findings = NULL;
  g_autofree char *formatted = NULL;
  g_autofree char *sha = rc_csp_policy_sha256 (text);
  const char *refused_by = NULL;

  if (policy == NULL)
    return 0;
  findings = rc_csp_analyse (policy, &needs);
  formatted = rc_csp_findings_format (findings);
  rc_csp_findings_count_refused (findings);
  rc_csp_policy_allows_url (policy, "connect-src", "https://cdn.jsdelivr.net/pyodide/x.whl",
                            "https://nemar.org", &refused_by);
  rc_csp_policy_allows_keyword (policy, "script-src", "'unsafe-eval'", &refused_by);
  rc_csp_policy_allows_wasm (policy, &refused_by);
  g_assert_nonnull (rc_csp_policy_get_warnings (policy));
  return 0;
}
