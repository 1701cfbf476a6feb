/* test-boot-blame.c: whose failure a failed boot is, and the refused request it names. */
#include "config.h"

#include "core/rc-boot-blame.h"
#include "core/rc-boot-diagnosis.h"

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
  g_assert_cmpint (blame ("timeout", 0, 0, NULL, TRUE), ==, RC_PARTY_UNKNOWN);
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/blame/party-by-kind", test_party_by_kind);
  g_test_add_func ("/blame/party-by-evidence", test_party_by_evidence);
  g_test_add_func ("/blame/find-refused", test_find_refused);
  g_test_add_func ("/blame/diagnosis-names-refused", test_diagnosis_names_refused);
  return g_test_run ();
}
