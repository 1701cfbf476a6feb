/* test-csp.c: CSP3 parsing, matching and the boot requirements, against OSA's six presets. */
#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "core/policy/rc-csp.h"

static char *
preset_policy (const char *name)
{
  g_autofree char *path =
      g_build_filename (RC_SOURCE_DIR, "data", "presets", "csp-presets.json", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *presets;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  presets = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                          "presets");
  for (guint i = 0; i < json_array_get_length (presets); i++)
    {
      JsonObject *p = json_array_get_object_element (presets, i);

      if (g_str_equal (json_object_get_string_member (p, "name"), name))
        return json_object_get_null_member (p, "policy")
                   ? NULL
                   : g_strdup (json_object_get_string_member (p, "policy"));
    }
  g_error ("no preset %s", name);
}

static const char *fetch_allow_ok[] = { "https://zarr.nemar.org/", NULL };
static const char *fetch_allow_mixed[] = { "https://zarr.nemar.org/", "https://data.example.org/",
                                           NULL };

static RcCspNeeds
nemar_needs (const char **fetch_allow)
{
  RcCspNeeds needs = {
    .page_origin = "https://nemar.org",
    .cdn_origin = "https://cdn.jsdelivr.net",
    .cdn_path = "/pyodide/v0.29.5/full/",
    .api_origin = "https://widget.osc.earth",
    .fetch_allow = (GStrv) fetch_allow,
  };
  return needs;
}

static GPtrArray *
analyse_preset (const char *name, const char **fetch_allow)
{
  g_autofree char *text = preset_policy (name);
  RcCspNeeds needs = nemar_needs (fetch_allow);

  return rc_csp_analyse_text (text, &needs);
}

static const RcCspFinding *
find (GPtrArray *findings, const char *requirement, const char *subject)
{
  const RcCspFinding *f = rc_csp_findings_find (findings, requirement, subject);

  g_assert_nonnull (f);
  return f;
}

static void
test_preset_nemarlike (void)
{
  g_autoptr (GPtrArray) findings = analyse_preset ("nemarlike", fetch_allow_mixed);
  const RcCspFinding *f;

  g_assert_true (find (findings, "page-script", NULL)->granted);
  f = find (findings, "worker-blob", NULL);
  g_assert_true (f->granted);
  g_assert_cmpstr (f->directive, ==, "worker-src");
  g_assert_true (find (findings, "script-cdn", NULL)->granted);
  f = find (findings, "wasm", NULL);
  g_assert_true (f->granted);
  g_assert_cmpstr (f->directive, ==, "script-src");
  g_assert_true (find (findings, "connect-cdn", NULL)->granted);
  g_assert_true (find (findings, "connect-api", NULL)->granted);
  g_assert_true (find (findings, "connect-fetch-allow", "https://zarr.nemar.org/")->granted);
  f = find (findings, "connect-fetch-allow", "https://data.example.org/");
  g_assert_false (f->granted);
  g_assert_cmpstr (f->directive, ==, "connect-src");
  g_assert_nonnull (strstr (f->hint, "https://data.example.org/"));
  g_assert_cmpuint (rc_csp_findings_count_refused (findings), ==, 1);
}

static void
test_preset_control (void)
{
  g_autoptr (GPtrArray) findings = analyse_preset ("control", NULL);
  const RcCspFinding *f = find (findings, "wasm", NULL);
  g_autofree char *text = rc_csp_findings_format (findings);

  g_assert_false (f->granted);
  g_assert_cmpstr (f->directive, ==, "script-src");
  g_assert_cmpstr (f->message, ==,
                   "script-src lacks 'wasm-unsafe-eval': loadPyodide hangs silently "
                   "(no error, no event)");
  g_assert_nonnull (strstr (text, "'wasm-unsafe-eval'"));
  /* control grants the rest: pyodide.js loads, then wasm compilation is refused */
  g_assert_true (find (findings, "script-cdn", NULL)->granted);
  g_assert_true (find (findings, "worker-blob", NULL)->granted);
  /* its connect-src has no widget.osc.earth */
  g_assert_false (find (findings, "connect-api", NULL)->granted);
  g_assert_cmpuint (rc_csp_findings_count_refused (findings), ==, 2);
}

static void
test_preset_strict_loose (void)
{
  g_autoptr (GPtrArray) strict = analyse_preset ("strict", fetch_allow_ok);
  g_autoptr (GPtrArray) loose = analyse_preset ("loose", fetch_allow_ok);
  const RcCspFinding *f = find (strict, "connect-api", NULL);

  g_assert_false (f->granted);
  g_assert_cmpstr (f->directive, ==, "connect-src");
  g_assert_cmpstr (f->hint, ==, "Add https://widget.osc.earth to connect-src.");
  g_assert_true (find (strict, "wasm", NULL)->granted);
  g_assert_true (find (strict, "connect-fetch-allow", NULL)->granted);
  g_assert_cmpuint (rc_csp_findings_count_refused (strict), ==, 1);
  /* loose grants wasm twice over; the message says 'unsafe-eval' is more than needed */
  g_assert_true (find (loose, "wasm", NULL)->granted);
  g_assert_false (find (loose, "connect-api", NULL)->granted);
}

static void
test_preset_withpypi_and_none (void)
{
  const char *pypi[] = { "https://files.pythonhosted.org/packages/", NULL };
  g_autoptr (GPtrArray) withpypi = analyse_preset ("withpypi", pypi);
  g_autoptr (GPtrArray) eval = analyse_preset ("withpypi_eval", pypi);
  g_autoptr (GPtrArray) nemarlike = analyse_preset ("nemarlike", pypi);
  g_autoptr (GPtrArray) none = analyse_preset ("none", fetch_allow_mixed);
  g_autofree char *none_text = rc_csp_findings_format (none);

  g_assert_cmpuint (rc_csp_findings_count_refused (withpypi), ==, 0);
  g_assert_cmpuint (rc_csp_findings_count_refused (eval), ==, 0);
  g_assert_cmpuint (rc_csp_findings_count_refused (nemarlike), ==, 1);
  g_assert_cmpuint (rc_csp_findings_count_refused (none), ==, 0);
  g_assert_null (find (none, "wasm", NULL)->directive);
  g_assert_cmpstr (none_text, ==, "the policy grants everything this runtime needs");
  g_assert_cmpuint (none->len, ==, 8);
}

static void
test_parse_rules (void)
{
  g_autoptr (RcCspPolicy) p = rc_csp_policy_parse (
      "  SCRIPT-SRC 'SELF' 'Wasm-Unsafe-Eval' ;script-src *; ; connect-src self bogus^ "
      "'nonsense' https://a.example:* ; img-src 'none'; frobnicate-src x");
  const RcCspDirective *d = rc_csp_policy_get_directive (p, 0, "script-src");
  GPtrArray *warnings = rc_csp_policy_get_warnings (p);
  g_autofree char *all = NULL;

  g_assert_nonnull (d);
  g_assert_cmpuint (d->sources->len, ==, 2);
  g_assert_cmpint (((RcCspSource *) d->sources->pdata[0])->kind, ==, RC_CSP_SOURCE_KEYWORD);
  g_assert_cmpstr (((RcCspSource *) d->sources->pdata[1])->keyword, ==, "wasm-unsafe-eval");
  /* first occurrence wins: "script-src *" is ignored */
  g_assert_false (rc_csp_policy_allows_url (p, "script-src", "https://evil.example/x.js",
                                            "https://nemar.org", NULL));
  g_assert_true (rc_csp_policy_allows_wasm (p, NULL));
  d = rc_csp_policy_get_directive (p, 0, "connect-src");
  g_assert_cmpuint (d->sources->len, ==, 2); /* self (a host!) and a.example:* */
  g_assert_cmpint (((RcCspSource *) d->sources->pdata[1])->port, ==, 0);
  g_ptr_array_add (warnings, NULL);
  all = g_strjoinv ("\n", (char **) warnings->pdata);
  g_ptr_array_remove_index (warnings, warnings->len - 1);
  g_assert_nonnull (strstr (all, "script-src is given twice"));
  g_assert_nonnull (strstr (all, "'self'"));
  g_assert_nonnull (strstr (all, "“bogus^”"));
  g_assert_nonnull (strstr (all, "'nonsense'"));
  g_assert_nonnull (strstr (all, "unknown directive frobnicate-src"));
  g_assert_false (rc_csp_policy_allows_url (p, "img-src", "https://nemar.org/a.png",
                                            "https://nemar.org", NULL));
}

static void
test_matching (void)
{
  g_autoptr (RcCspPolicy) p = rc_csp_policy_parse (
      "default-src 'self'; connect-src https://*.nemar.org http://plain.example "
      "https://cdn.example/pyodide/ https://one.example/file.js https://port.example:8443 *; "
      "img-src https:; script-src 'self'");
  const char *o = "https://nemar.org";
  const char *refused = NULL;

  g_assert_true (rc_csp_policy_allows_url (p, "connect-src", "https://zarr.nemar.org/x", o, NULL));
  g_assert_true (rc_csp_policy_allows_url (p, "connect-src", "https://A.B.NEMAR.org/", o, NULL));
  /* * covers other https hosts but never blob: or data: */
  g_assert_true (rc_csp_policy_allows_url (p, "connect-src", "https://other.org/", o, NULL));
  g_assert_false (
      rc_csp_policy_allows_url (p, "connect-src", "blob:https://nemar.org/u", o, &refused));
  g_assert_cmpstr (refused, ==, "connect-src");
  g_assert_false (rc_csp_policy_allows_url (p, "connect-src", "data:text/plain,hi", o, NULL));
  /* 'self' is not blob: — and worker-src falls back to script-src here */
  g_assert_false (
      rc_csp_policy_allows_url (p, "worker-src", "blob:https://nemar.org/u", o, &refused));
  g_assert_cmpstr (refused, ==, "script-src");
  g_assert_true (rc_csp_policy_allows_url (p, "worker-src", "https://nemar.org/w.js", o, NULL));
  g_assert_false (rc_csp_policy_allows_url (p, "worker-src", "http://nemar.org/w.js", o, NULL));
  /* scheme source */
  g_assert_true (rc_csp_policy_allows_url (p, "img-src", "https://any.where/a.png", o, NULL));
  g_assert_false (rc_csp_policy_allows_url (p, "img-src", "http://any.where/a.png", o, NULL));
  /* font-src is absent: default-src applies */
  g_assert_false (
      rc_csp_policy_allows_url (p, "font-src", "https://f.example/a.woff", o, &refused));
  g_assert_cmpstr (refused, ==, "default-src");
}

static void
test_source_matching (void)
{
  g_autoptr (RcCspPolicy) p = rc_csp_policy_parse (
      "connect-src https://*.nemar.org http://plain.example https://cdn.example/pyodide/ "
      "https://one.example/file.js https://port.example:8443 example.net");
  const RcCspDirective *d = rc_csp_policy_get_directive (p, 0, "connect-src");
  const RcCspSource *wild = d->sources->pdata[0];
  const RcCspSource *plain = d->sources->pdata[1];
  const RcCspSource *dir = d->sources->pdata[2];
  const RcCspSource *file = d->sources->pdata[3];
  const RcCspSource *port = d->sources->pdata[4];
  const RcCspSource *bare = d->sources->pdata[5];
  const char *o = "https://nemar.org";

  g_assert_true (rc_csp_source_matches (wild, "https://zarr.nemar.org/", o));
  g_assert_false (rc_csp_source_matches (wild, "https://nemar.org/", o));
  g_assert_false (rc_csp_source_matches (wild, "https://evilnemar.org/", o));
  g_assert_false (rc_csp_source_matches (wild, "https://zarr.nemar.org:8443/", o));
  /* http: upgrades to https:, not back */
  g_assert_true (rc_csp_source_matches (plain, "https://plain.example/", o));
  g_assert_true (rc_csp_source_matches (plain, "http://plain.example/", o));
  /* a path ending in / is a prefix, otherwise exact */
  g_assert_true (rc_csp_source_matches (dir, "https://cdn.example/pyodide/v0.29.5/x.js", o));
  g_assert_false (rc_csp_source_matches (dir, "https://cdn.example/other/x.js", o));
  g_assert_false (rc_csp_source_matches (dir, "https://cdn.example/pyodide", o));
  g_assert_true (rc_csp_source_matches (file, "https://one.example/file.js", o));
  g_assert_true (rc_csp_source_matches (file, "https://one.example/file.js?v=2", o));
  g_assert_false (rc_csp_source_matches (file, "https://one.example/file.jsx", o));
  g_assert_true (rc_csp_source_matches (port, "https://port.example:8443/", o));
  g_assert_false (rc_csp_source_matches (port, "https://port.example/", o));
  /* no scheme: the page's scheme (https) applies */
  g_assert_true (rc_csp_source_matches (bare, "https://example.net/a", o));
  g_assert_false (rc_csp_source_matches (bare, "http://example.net/a", o));
  g_assert_true (rc_csp_source_matches (bare, "http://example.net/a", "http://page.example"));
}

static void
test_fallbacks_and_lists (void)
{
  RcCspNeeds needs = nemar_needs (NULL);
  g_autoptr (GPtrArray) no_worker = rc_csp_analyse_text (
      "script-src 'self' 'wasm-unsafe-eval' https://cdn.jsdelivr.net; connect-src *", &needs);
  g_autoptr (GPtrArray) child = rc_csp_analyse_text (
      "default-src 'self'; child-src blob:; script-src 'self' 'unsafe-eval' "
      "https://cdn.jsdelivr.net; connect-src https://cdn.jsdelivr.net https://widget.osc.earth",
      &needs);
  g_autoptr (GPtrArray) two = rc_csp_analyse_text (
      "script-src * 'wasm-unsafe-eval' blob:; connect-src *, script-src 'self' blob:", &needs);
  const RcCspFinding *f = find (no_worker, "worker-blob", NULL);

  g_assert_false (f->granted);
  g_assert_cmpstr (f->directive, ==, "script-src");
  g_assert_nonnull (strstr (f->message, "'self' there does not cover blob:"));
  g_assert_cmpstr (f->hint, ==, "Add blob: to worker-src, e.g. worker-src 'self' blob:.");
  /* child-src is the next fallback of worker-src */
  f = find (child, "worker-blob", NULL);
  g_assert_true (f->granted);
  g_assert_cmpstr (f->directive, ==, "child-src");
  f = find (child, "wasm", NULL);
  g_assert_true (f->granted);
  g_assert_nonnull (strstr (f->message, "'unsafe-eval'"));
  g_assert_cmpuint (rc_csp_findings_count_refused (child), ==, 0);
  /* two policies: the second refuses the CDN script and wasm although the first grants both */
  g_assert_false (find (two, "script-cdn", NULL)->granted);
  g_assert_false (find (two, "wasm", NULL)->granted);
  g_assert_true (find (two, "worker-blob", NULL)->granted);
  g_assert_true (find (two, "connect-api", NULL)->granted);
}

static void
test_strict_dynamic (void)
{
  RcCspNeeds needs = nemar_needs (NULL);
  g_autoptr (GPtrArray) findings =
      rc_csp_analyse_text ("script-src 'self' 'strict-dynamic' 'nonce-abc' 'wasm-unsafe-eval' "
                           "https://cdn.jsdelivr.net; worker-src blob:",
                           &needs);
  const RcCspFinding *f = find (findings, "page-script", NULL);

  g_assert_false (f->granted);
  g_assert_cmpstr (f->directive, ==, "script-src");
  g_assert_nonnull (strstr (f->message, "'strict-dynamic'"));
  g_assert_true (find (findings, "wasm", NULL)->granted);
  g_assert_true (find (findings, "worker-blob", NULL)->granted);
}

static void
test_empty_and_sha (void)
{
  g_autoptr (RcCspPolicy) p = rc_csp_policy_parse ("script-src; default-src 'none' 'self'");
  g_autofree char *sha = rc_csp_policy_sha256 ("default-src 'self'");
  g_autofree char *sha_space = rc_csp_policy_sha256 ("default-src 'self' ");

  /* an empty source list is 'none'; 'none' next to other sources is ignored */
  g_assert_false (rc_csp_policy_allows_url (p, "script-src", "https://nemar.org/a.js",
                                            "https://nemar.org", NULL));
  g_assert_true (rc_csp_policy_allows_url (p, "img-src", "https://nemar.org/a.png",
                                           "https://nemar.org", NULL));
  g_assert_null (rc_csp_policy_sha256 (NULL));
  g_assert_null (rc_csp_policy_sha256 (""));
  g_assert_cmpuint (strlen (sha), ==, 64);
  g_assert_cmpstr (sha, ==, "a7ab0d8ee3af24621da2e9b113be8e7de5c663a248eda4bf0b57d71c020fc180");
  /* the hash is of the exact header text */
  g_assert_cmpstr (sha, !=, sha_space);
}

/* A pasted policy is bounded: at the limit it is used, one byte more is refused. */
static void
test_policy_length (void)
{
  g_autofree char *at_limit = g_strnfill (RC_CSP_MAX_POLICY_BYTES, 'a');
  g_autofree char *over = g_strnfill (RC_CSP_MAX_POLICY_BYTES + 1, 'a');
  g_autoptr (GError) error = NULL;

  memcpy (at_limit, "script-src ", 11);
  g_assert_true (rc_csp_policy_check_length (NULL, &error));
  g_assert_true (rc_csp_policy_check_length (at_limit, &error));
  g_assert_no_error (error);
  g_assert_false (rc_csp_policy_check_length (over, &error));
  g_assert_error (error, RC_CSP_ERROR, RC_CSP_ERROR_TOO_LONG);
  g_assert_nonnull (strstr (error->message, "65537 bytes long; at most 65536 are accepted"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/csp/preset/nemarlike", test_preset_nemarlike);
  g_test_add_func ("/csp/preset/control", test_preset_control);
  g_test_add_func ("/csp/preset/strict-loose", test_preset_strict_loose);
  g_test_add_func ("/csp/preset/withpypi-none", test_preset_withpypi_and_none);
  g_test_add_func ("/csp/parse", test_parse_rules);
  g_test_add_func ("/csp/matching", test_matching);
  g_test_add_func ("/csp/source-matching", test_source_matching);
  g_test_add_func ("/csp/fallbacks-and-lists", test_fallbacks_and_lists);
  g_test_add_func ("/csp/strict-dynamic", test_strict_dynamic);
  g_test_add_func ("/csp/empty-and-sha", test_empty_and_sha);
  g_test_add_func ("/csp/policy-length", test_policy_length);
  return g_test_run ();
}
