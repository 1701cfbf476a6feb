/* test-boot-blame.c: whose failure a failed boot is, the refused request it names, and the
 * one cause a diagnosis names first for every failure kind (issue 23). */
#include "config.h"

#include <string.h>

#include "core/analysis/rc-boot-blame.h"
#include "core/analysis/rc-boot-diagnosis.h"

static RcRequestRecord *
request (const char *origin, const char *url, guint status)
{
  RcRequestRecord *r = rc_request_record_new ();

  r->method = g_strdup ("GET");
  r->origin = g_strdup (origin);
  r->url = g_strdup (url);
  r->status = status;
  return r;
}

static RcParty
blame (const char *kind, guint refusals, guint violations, const RcRequestRecord *refused,
       gboolean page_reported)
{
  RcBlame b = { kind, refusals, violations, refused, page_reported };

  return rc_boot_blame (&b);
}

static void
test_party_by_kind (void)
{
  g_assert_cmpint (blame ("engine", 3, 2, NULL, TRUE), ==, RC_PARTY_ENGINE);
  g_assert_cmpint (blame ("distribution", 0, 0, NULL, TRUE), ==, RC_PARTY_DISTRIBUTION);
  g_assert_cmpint (blame ("prelude", 0, 0, NULL, TRUE), ==, RC_PARTY_COMMUNITY);
  g_assert_cmpint (blame ("import_before_seal", 0, 0, NULL, TRUE), ==, RC_PARTY_COMMUNITY);
  g_assert_cmpint (blame ("memory", 0, 0, NULL, TRUE), ==, RC_PARTY_COMMUNITY);
  g_assert_cmpint (blame ("cancelled", 2, 0, NULL, TRUE), ==, RC_PARTY_UNKNOWN);
  g_assert_null (rc_party_to_string (RC_PARTY_UNKNOWN));
  g_assert_cmpstr (rc_party_to_string (RC_PARTY_POLICY), ==, "policy");
}

static void
test_party_by_evidence (void)
{
  g_autoptr (RcRequestRecord) wheel = request ("api", "https://api.test/c/runtime/x.whl", 503);
  g_autoptr (RcRequestRecord) lock = request ("cdn", "https://cdn.test/pyodide-lock.json", 404);
  g_autoptr (RcRequestRecord) plan = request ("page", "https://page.test/boot-plan.json", 500);

  /* The server's refusal names the origin that failed, before any policy reasoning. */
  g_assert_cmpint (blame ("runtime", 2, 0, wheel, TRUE), ==, RC_PARTY_COMMUNITY);
  g_assert_cmpint (blame ("runtime", 0, 0, lock, TRUE), ==, RC_PARTY_DISTRIBUTION);
  g_assert_cmpint (blame ("page", 0, 0, plan, TRUE), ==, RC_PARTY_ENGINE);
  /* A refusing policy, or a violation, blames the policy. */
  g_assert_cmpint (blame ("runtime", 1, 0, NULL, TRUE), ==, RC_PARTY_POLICY);
  g_assert_cmpint (blame ("timeout", 0, 1, NULL, TRUE), ==, RC_PARTY_POLICY);
  g_assert_cmpint (blame ("worker_error", 1, 1, NULL, TRUE), ==, RC_PARTY_POLICY);
  /* Nothing refused and no word from the page: not the policy's. */
  g_assert_cmpint (blame ("timeout", 0, 0, NULL, FALSE), ==, RC_PARTY_ENGINE);
  g_assert_cmpint (blame ("page", 0, 0, NULL, TRUE), ==, RC_PARTY_ENGINE);
  g_assert_cmpint (blame ("worker_error", 0, 0, NULL, TRUE), ==, RC_PARTY_ENGINE);
  g_assert_cmpint (blame ("runtime", 0, 0, NULL, TRUE), ==, RC_PARTY_COMMUNITY);
  {
    /* the interpreter failing inside itself is the engine's, unless the policy refuses */
    RcBlame fault = { "runtime",
                      0,
                      0,
                      NULL,
                      TRUE,
                      "loading_runtime: loadPyodide failed: RuntimeError: Out of bounds memory "
                      "access (evaluating '_PyRun_SimpleString(r)')" };

    g_assert_cmpint (rc_boot_blame (&fault), ==, RC_PARTY_ENGINE);
    fault.policy_refusals = 1;
    g_assert_cmpint (rc_boot_blame (&fault), ==, RC_PARTY_POLICY);
  }
  g_assert_cmpint (blame ("timeout", 0, 0, NULL, TRUE), ==, RC_PARTY_UNKNOWN);
  /* WebAssembly refused: the policy's when it refuses it, else the engine's own setting. */
  g_assert_cmpint (blame ("wasm-refused", 1, 0, NULL, TRUE), ==, RC_PARTY_POLICY);
  g_assert_cmpint (blame ("wasm-refused", 0, 3, NULL, TRUE), ==, RC_PARTY_POLICY);
  g_assert_cmpint (blame ("wasm-refused", 0, 0, NULL, TRUE), ==, RC_PARTY_ENGINE);
}

/* Each engine's words for a compile the page's policy refused (WebKitGTK 2.50, Chromium 156,
 * Firefox ESR 140, as their workers threw them), and failures that are not a policy's. */
static void
test_wasm_refusal (void)
{
  static const char *const refused[] = {
    "CompileError: Refused to create a WebAssembly object because 'unsafe-eval' or "
    "'wasm-unsafe-eval' is not an allowed source of script in the following Content Security "
    "Policy directive: \"script-src 'self' https://cdn.jsdelivr.net\".",
    "CompileError: WebAssembly.compile(): Compiling or instantiating WebAssembly module violates "
    "the following Content Security policy directive because 'unsafe-eval' is not an allowed "
    "source of script in the following Content Security Policy directive: \"script-src 'self'\".",
    "CompileError: call to WebAssembly.compile() blocked by CSP",
  };
  static const char *const other[] = {
    "CompileError: WebAssembly.instantiate(): expected magic word 00 61 73 6d, found 01 02 03 @+0",
    "TypeError: Failed to fetch",
    "RangeError: WebAssembly.Memory(): could not allocate memory",
    "",
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    g_assert_true (rc_boot_wasm_refusal (refused[i]));
  for (guint i = 0; i < G_N_ELEMENTS (other); i++)
    g_assert_false (rc_boot_wasm_refusal (other[i]));
  g_assert_false (rc_boot_wasm_refusal (NULL));
}

/* What the worker said when the interpreter failed inside itself (the first two seen in this
 * project's own runs under WebKitGTK 2.50: the boot suite on Pyodide 0.29.5, the advise suite on
 * 314.0.8; the third a stdlib without tokenize.py, test-boot-faults.c; then the traps of
 * Chromium and Firefox), and failures that are an input's. */
static void
test_interpreter_fault (void)
{
  static const char *const faults[] = {
    "Failed to import _pyodide_core\n Traceback (most recent call last):\n  File "
    "\"/lib/python313.zip/tokenize.py\", line 27, in <module>\nImportError: cannot import name "
    "'open' from 'builtins' (unknown location)\n",
    "loading_runtime: loadPyodide failed: RuntimeError: Out of bounds memory access (evaluating "
    "'_PyRun_SimpleString(r)')",
    "loading_runtime: loadPyodide failed: Failed to import _pyodide_core\n Traceback (most recent "
    "call last):\n  File \"/lib/python313.zip/_pyodide/_base.py\", line 11, in <module>\n"
    "ModuleNotFoundError: No module named 'tokenize'\n",
    "loading_runtime: loadPyodide failed: RuntimeError: memory access out of bounds",
    "loading_runtime: loadPyodide failed: RuntimeError: index out of bounds",
    "loading_runtime: loadPyodide failed: RuntimeError: Unreachable code should not be executed "
    "(evaluating 'Module._main()')",
  };
  static const char *const inputs[] = {
    "loading_runtime: loadPyodide failed: TypeError: Load failed",
    "loading_runtime: pyodide.mjs could not be imported from https://cdn.jsdelivr.net/x: Failed "
    "to fetch",
    "package numpyy did not load: No known package with name 'numpyy'",
    "ModuleNotFoundError: No module named 'standin'",
    "CompileError: WebAssembly.instantiate(): expected magic word 00 61 73 6d, found 01 02 03 @+0",
    "",
  };

  for (guint i = 0; i < G_N_ELEMENTS (faults); i++)
    g_assert_true (rc_boot_interpreter_fault (faults[i]));
  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    g_assert_false (rc_boot_interpreter_fault (inputs[i]));
  g_assert_false (rc_boot_interpreter_fault (NULL));
}

static void
test_find_refused (void)
{
  g_autoptr (GPtrArray) requests =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_request_record_free);
  g_autoptr (GPtrArray) expected = g_ptr_array_new ();
  RcRequestRecord *tunnel = request ("proxy", "cdn.test:443", 502);

  g_free (tunnel->method);
  tunnel->method = g_strdup ("CONNECT");
  g_ptr_array_add (expected, "https://cdn.test/pyodide.js");
  g_ptr_array_add (expected, "https://api.test/c/runtime/x.whl");
  g_ptr_array_add (requests, tunnel);
  g_ptr_array_add (requests, request ("data", "https://data.test/other", 404)); /* not needed */
  g_ptr_array_add (requests, request ("cdn", "https://cdn.test/pyodide.js?v=1", 200));
  g_assert_null (rc_boot_find_refused (requests, expected));
  g_ptr_array_add (requests, request ("api", "https://api.test/c/runtime/x.whl", 503));
  g_assert_cmpstr (rc_boot_find_refused (requests, expected)->url, ==,
                   "https://api.test/c/runtime/x.whl");
  g_assert_null (rc_boot_find_refused (requests, NULL));
}

static void
test_diagnosis_names_refused (void)
{
  g_autoptr (RcRunRecord) record = rc_run_record_new (RC_SCENARIO_COLD, 1);
  g_autoptr (GPtrArray) expected = g_ptr_array_new ();
  RcRequestRecord *wheel = request ("api", "https://api.test/c/runtime/x.whl", 503);
  RcCspNeeds needs = { .page_origin = "https://page.test",
                       .cdn_origin = "https://cdn.test",
                       .cdn_path = "/",
                       .api_origin = "https://api.test" };
  g_autofree char *text = NULL;

  wheel->note = g_strdup ("the runtime lock overlay does not verify");
  g_ptr_array_add (expected, "https://api.test/c/runtime/x.whl");
  rc_run_record_add_request (record, wheel);
  rc_request_record_free (wheel);
  text = rc_boot_diagnose (NULL, &needs, record, expected);
  g_assert_nonnull (strstr (text, "GET https://api.test/c/runtime/x.whl answered HTTP 503: the "
                                  "runtime lock overlay does not verify"));
}

/* ---- every failure kind the CLI knows, under a policy with an unrelated refusal ---------- */

/* Grants every boot need of NEEDS and refuses its fetch_allow URL, as nemarlike refuses the
 * demo's data host: a finding that can never make a boot fail. */
#define FETCH_REFUSED                                                                              \
  "default-src 'self'; script-src 'self' https://cdn.test 'wasm-unsafe-eval'; "                    \
  "worker-src 'self' blob:; connect-src 'self' https://cdn.test https://api.test"
/* The same without WebAssembly: a boot need refused. */
#define WASM_REFUSED                                                                               \
  "default-src 'self'; script-src 'self' https://cdn.test; worker-src 'self' blob:; "              \
  "connect-src 'self' https://cdn.test https://api.test https://data.test/"
/* The CDN's script refused. */
#define CDN_REFUSED                                                                                \
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; "            \
  "connect-src 'self' https://api.test https://data.test/"

static const char *const fetch_allow[] = { "https://data.test/", NULL };
static const RcCspNeeds needs = { .page_origin = "https://page.test",
                                  .cdn_origin = "https://cdn.test",
                                  .cdn_path = "/",
                                  .api_origin = "https://api.test",
                                  .fetch_allow = (GStrv) fetch_allow };

typedef struct
{
  const char *kind;
  const char *message;
  const char *policy;
  guint violations;
  gboolean page_reported;
  RcParty party;
  gboolean cause; /* the diagnosis names the cause first */
} Case;

static const Case cases[] = {
  /* issue 23: a misspelled preload under a policy refusing only the data host */
  { "runtime", "package demo-helperz did not load: No known package with name 'demo-helperz'",
    FETCH_REFUSED, 0, TRUE, RC_PARTY_COMMUNITY, TRUE },
  { "runtime", "package demo-helperz did not load: No known package with name 'demo-helperz'", NULL,
    0, TRUE, RC_PARTY_COMMUNITY, TRUE },
  /* even with a violation seen elsewhere: the name fails before any request */
  { "runtime", "package demo-helperz did not load: No known package with name 'demo-helperz'",
    FETCH_REFUSED, 1, TRUE, RC_PARTY_COMMUNITY, TRUE },
  { "runtime",
    "package demo-helpers did not load: https://elsewhere.example/x.whl failed: Blocked by the "
    "runtime egress policy (not_in_fetch_allow): https://elsewhere.example/x.whl",
    FETCH_REFUSED, 0, TRUE, RC_PARTY_COMMUNITY, TRUE },
  { "runtime", "loading_runtime: pyodide.js could not be loaded from https://cdn.test/pyodide.js",
    CDN_REFUSED, 0, TRUE, RC_PARTY_POLICY, FALSE },
  /* a trap before the interpreter is up: the engine's (a retry, rc-engine-fault.c, may say
   * the distribution's), the fetch_allow refusal no cause */
  { "runtime", "loading_runtime: loadPyodide failed: RuntimeError: unreachable", FETCH_REFUSED, 0,
    TRUE, RC_PARTY_ENGINE, FALSE },
  { "timeout", "not ready after the deadline of 120 s", FETCH_REFUSED, 0, TRUE, RC_PARTY_UNKNOWN,
    FALSE },
  { "timeout", "not ready after the deadline of 120 s", WASM_REFUSED, 0, TRUE, RC_PARTY_POLICY,
    FALSE },
  { "timeout", "no step for 20 s after a policy violation", FETCH_REFUSED, 1, TRUE, RC_PARTY_POLICY,
    FALSE },
  { "timeout", "not ready after the deadline of 120 s", FETCH_REFUSED, 0, FALSE, RC_PARTY_ENGINE,
    FALSE },
  { "wasm-refused",
    "the page's policy refused to compile WebAssembly (WebAssembly.compile: CompileError: call "
    "to WebAssembly.compile() blocked by CSP, 0.12 s into the worker), so Pyodide cannot start",
    WASM_REFUSED, 3, TRUE, RC_PARTY_POLICY, FALSE },
  { "prelude", "the community's prelude failed: NameError: name 'x' is not defined", FETCH_REFUSED,
    0, TRUE, RC_PARTY_COMMUNITY, TRUE },
  { "import_before_seal",
    "the community's import_before_seal module demo_helpers.x did not import: ModuleNotFoundError",
    FETCH_REFUSED, 0, TRUE, RC_PARTY_COMMUNITY, TRUE },
  { "config", "the runtime was built with an invalid configuration: preload is not a list",
    FETCH_REFUSED, 0, TRUE, RC_PARTY_COMMUNITY, TRUE },
  { "lock", "the community's lock entry numpy would replace the Pyodide distribution's own",
    FETCH_REFUSED, 0, TRUE, RC_PARTY_COMMUNITY, TRUE },
  { "lock", "the Pyodide distribution's lock could not be read: HTTP 404 for https://cdn.test/x",
    FETCH_REFUSED, 0, TRUE, RC_PARTY_DISTRIBUTION, TRUE },
  { "page", "the host page https://page.test/ did not load: Connection refused", FETCH_REFUSED, 0,
    FALSE, RC_PARTY_ENGINE, FALSE },
  { "worker_error", "SyntaxError: Unexpected token", FETCH_REFUSED, 0, TRUE, RC_PARTY_ENGINE,
    FALSE },
  { "memory", "the web process exceeded its memory limit and was killed", FETCH_REFUSED, 0, TRUE,
    RC_PARTY_COMMUNITY, TRUE },
  { "engine", "WebKit's web process crashed during the boot", FETCH_REFUSED, 2, TRUE,
    RC_PARTY_ENGINE, TRUE },
  { "web-process-terminated", "WebKit's web process was terminated during the boot", FETCH_REFUSED,
    0, TRUE, RC_PARTY_ENGINE, TRUE },
  { "distribution",
    "the distribution has no wheel for numpy: https://cdn.test/numpy.whl answered 404 Not Found",
    FETCH_REFUSED, 0, TRUE, RC_PARTY_DISTRIBUTION, TRUE },
  { "cancelled", "The boot was cancelled", FETCH_REFUSED, 0, TRUE, RC_PARTY_UNKNOWN, FALSE },
  { "stopped", "The boot was stopped", WASM_REFUSED, 0, TRUE, RC_PARTY_UNKNOWN, FALSE },
};

/* What the engines do (rc_engine_conclude_failure(), serve's rc-page-report.c): the party,
 * then the whole text; the first line after "Whose failure" (and the never-reported line) is
 * the cause when the failure names one, and an unrelated finding is said to be none. */
static void
test_every_kind (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Case *c = &cases[i];
      g_autoptr (RcRunRecord) record = rc_run_record_new (RC_SCENARIO_COLD, 1);
      g_autoptr (GPtrArray) findings = rc_csp_analyse_text (c->policy, &needs);
      g_autoptr (GPtrArray) expected = g_ptr_array_new ();
      g_autofree char *sentence = rc_boot_party_sentence (c->party);
      g_autofree char *body = NULL, *text = NULL;
      g_auto (GStrv) lines = NULL;
      RcBlame blame = { 0 };
      RcParty party;
      guint first;

      g_test_message ("case %u: %s: %s (%s)", i, c->kind, c->message,
                      c->policy != NULL ? c->policy : "no policy");
      rc_run_record_failed (record, c->kind, c->message, NULL, -1);
      for (guint v = 0; v < c->violations; v++)
        rc_run_record_add_violation (record, "connect-src", "https://data.test/x", "worker", 10,
                                     NULL);
      g_ptr_array_add (expected, "https://cdn.test/pyodide.js");
      blame.kind = c->kind;
      blame.message = c->message;
      blame.policy_refusals = rc_boot_count_boot_refusals (findings);
      blame.violations = record->violations->len;
      blame.refused = rc_boot_find_refused (record->requests, expected);
      blame.page_reported = c->page_reported;
      party = rc_boot_blame (&blame);
      g_assert_cmpstr (rc_party_to_string (party), ==, rc_party_to_string (c->party));
      if (g_str_equal (c->kind, "cancelled") || g_str_equal (c->kind, "stopped"))
        continue; /* nobody's failure: no diagnosis (rc_engine_conclude_failure()) */

      body = rc_boot_diagnose (c->policy, &needs, record, expected);
      text = rc_boot_diagnosis_compose (party, c->kind, c->page_reported, body, NULL);
      g_test_message ("%s", text);
      lines = g_strsplit (text, "\n", -1);
      g_assert_cmpstr (lines[0], ==, sentence);
      first = c->page_reported || g_str_equal (c->kind, "engine") ? 1 : 2;
      g_assert_cmpuint (g_strv_length (lines), >, first);
      if (c->cause)
        {
          g_assert_true (g_str_has_prefix (lines[first], "The cause: "));
          /* one cause */
          g_assert_null (strstr (strstr (text, "The cause: ") + 1, "The cause: "));
          g_assert_null (strstr (text, "it never came"));
        }
      else
        g_assert_null (strstr (text, "The cause: "));
      /* the data host's refusal is never given as a cause */
      if (c->policy != NULL && g_str_equal (c->policy, FETCH_REFUSED))
        {
          const char *none = strstr (text, "Not the cause of this failure");
          const char *finding = strstr (text, "connect-src does not allow https://data.test/");

          g_assert_cmpuint (rc_boot_count_boot_refusals (findings), ==, 0);
          g_assert_cmpuint (rc_csp_findings_count_refused (findings), ==, 1);
          g_assert_nonnull (none);
          g_assert_nonnull (finding);
          g_assert_true (finding > none);
          g_assert_nonnull (strstr (text, "The policy grants everything the boot needs."));
        }
      if (c->party == RC_PARTY_POLICY && c->violations == 0)
        g_assert_null (strstr (text, "The policy grants everything the boot needs."));
    }
}

/* The cause, in words a user acts on: the name, Pyodide's words, the key to fix. */
static void
test_named_cause (void)
{
  RcParty party = RC_PARTY_ENGINE;
  g_autofree char *cause = rc_boot_named_cause (
      "runtime", "package demo-helperz did not load: No known package with name 'demo-helperz'",
      &party);

  g_assert_cmpint (party, ==, RC_PARTY_COMMUNITY);
  g_assert_cmpstr (cause, ==,
                   "The cause: the preload names demo-helperz, a package that neither the Pyodide "
                   "distribution's lock nor the community's runtime lock overlay lists (Pyodide: "
                   "“No known package with name 'demo-helperz'”). Check its spelling in "
                   "runtime.python.preload of config.yaml.");
  /* a load that failed on the network names no cause by itself */
  g_assert_null (
      rc_boot_named_cause ("runtime", "package zarr did not load: Failed to fetch", &party));
  g_assert_cmpint (party, ==, RC_PARTY_UNKNOWN);
  g_assert_null (rc_boot_named_cause ("timeout", "not ready", &party));
  g_assert_null (rc_boot_named_cause ("runtime", NULL, &party));
  g_assert_null (rc_boot_named_cause (NULL, "x", NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/blame/party-by-kind", test_party_by_kind);
  g_test_add_func ("/blame/party-by-evidence", test_party_by_evidence);
  g_test_add_func ("/blame/wasm-refusal", test_wasm_refusal);
  g_test_add_func ("/blame/interpreter-fault", test_interpreter_fault);
  g_test_add_func ("/blame/find-refused", test_find_refused);
  g_test_add_func ("/blame/diagnosis-names-refused", test_diagnosis_names_refused);
  g_test_add_func ("/blame/every-kind", test_every_kind);
  g_test_add_func ("/blame/named-cause", test_named_cause);
  return g_test_run ();
}
