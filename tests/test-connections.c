/* test-connections.c: a run's proxy connections per origin, the engine's view checked against
 * them, and how the run report and HAR carry them (issue 19 §5). */
#include "config.h"

#include <string.h>

#include "core/base/rc-diagnostic.h"
#include "core/measurement/rc-measurement.h"
#include "core/analysis/rc-run-analysis.h"
#include "core/record/rc-run-connections.h"
#include "core/export/rc-export-har.h"
#include "core/export/rc-export-connections.h"
#include "rc-test-har.h"
#include "rc-test-records.h"

static RcRequestRecord *
add_connect (RcRunRecord *run, const char *authority, guint connection)
{
  g_autoptr (RcRequestRecord) r = rc_request_record_new ();

  r->method = g_strdup ("CONNECT");
  r->url = g_strdup (authority);
  r->origin = g_strdup ("tunnel");
  r->status = 200;
  r->connection = connection;
  rc_run_record_add_request (run, r);
  return run->requests->pdata[run->requests->len - 1];
}

/* The demo run's requests on kept-alive tunnels: the page's two on #1, the CDN's on #2, the
 * wheel on #3; each first request paid 40 ms of set-up, 25 of them TLS. */
static RcRunRecord *
connected_run (void)
{
  RcRunRecord *run = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  g_autoptr (GPtrArray) requests = g_ptr_array_ref (run->requests);
  g_autoptr (GHashTable) used = g_hash_table_new (NULL, NULL);

  run->requests = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_request_record_free);
  add_connect (run, "demo.example.org:443", 1);
  add_connect (run, "cdn.jsdelivr.net:443", 2);
  for (guint i = 0; i < requests->len; i++)
    {
      RcRequestRecord *r = rc_request_record_copy (requests->pdata[i]);

      r->connection = g_str_has_prefix (r->url, RC_TEST_PAGE)  ? 1
                      : g_str_has_prefix (r->url, RC_TEST_CDN) ? 2
                                                               : 3;
      r->reused = g_hash_table_contains (used, GUINT_TO_POINTER (r->connection));
      r->connect_us = r->reused ? -1 : 40000;
      r->ssl_us = r->reused ? -1 : 25000;
      g_hash_table_add (used, GUINT_TO_POINTER (r->connection));
      g_ptr_array_add (run->requests, r);
    }
  return run;
}

static const RcOriginConnections *
origin (const RcRunConnections *c, const char *name)
{
  for (guint i = 0; i < c->origins->len; i++)
    if (g_str_equal (((RcOriginConnections *) c->origins->pdata[i])->origin, name))
      return c->origins->pdata[i];
  g_error ("no origin %s", name);
}

static void
test_summary (void)
{
  g_autoptr (RcRunRecord) run = connected_run ();
  g_autoptr (RcRunConnections) c = rc_run_connections_summarise (run);
  guint requests = run->requests->len - 2;

  g_assert_true (c->known);
  g_assert_cmpuint (c->opened, ==, 3);
  g_assert_cmpuint (c->tls_handshakes, ==, 2);
  g_assert_cmpuint (c->requests, ==, requests);
  g_assert_cmpuint (origin (c, RC_TEST_PAGE)->opened, ==, 1);
  g_assert_cmpuint (origin (c, RC_TEST_PAGE)->tls_handshakes, ==, 1);
  g_assert_cmpuint (origin (c, RC_TEST_PAGE)->requests, ==, 2);
  g_assert_cmpuint (origin (c, "https://cdn.jsdelivr.net")->tls_handshakes, ==, 1);
  g_assert_cmpuint (c->engine_checked, ==, 0);
}

/* A report written before connections: nothing known, nothing made up. */
static void
test_unknown (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  g_autoptr (RcRunConnections) c = rc_run_connections_summarise (run);

  g_assert_false (c->known);
  g_assert_null (rc_run_connections_describe (run));
}

/* The engine's view: agreeing responses are counted, a disagreeing one is flagged. */
static void
test_engine_disagree (void)
{
  g_autoptr (RcRunRecord) run = connected_run ();
  g_autoptr (RcRunConnections) c = NULL;
  g_autoptr (RcRunAnalysis) a = NULL;
  g_autofree char *line = NULL;
  guint flagged = 0;

  rc_run_record_add_engine_connection (run, RC_TEST_PAGE "/", "7", FALSE);
  rc_run_record_add_engine_connection (run, RC_TEST_CDN "pyodide.asm.wasm", "8", FALSE);
  /* never at the proxy (the engine's cache): nothing to check */
  rc_run_record_add_engine_connection (run, "https://elsewhere.test/x", "9", TRUE);
  c = rc_run_connections_summarise (run);
  g_assert_cmpuint (c->engine_checked, ==, 2);
  /* pyodide.asm.wasm came on the CDN connection after pyodide.js: reused */
  g_assert_cmpuint (c->engine_disagree, ==, 1);
  g_assert_nonnull (strstr (c->disagreements->pdata[0], "pyodide.asm.wasm"));
  a = rc_run_analyse (run);
  for (guint i = 0; i < a->flags->len; i++)
    flagged += g_str_equal (((RcDiagnostic *) a->flags->pdata[i])->rule, "connection-disagree");
  g_assert_cmpuint (flagged, ==, 1);
  line = rc_run_connections_describe (run);
  g_assert_nonnull (strstr (line, "connections 3, TLS handshakes 2"));
  g_assert_nonnull (strstr (line, "disagrees about 1 of 2"));
}

/* A connection's first request may be "reused" to the engine: the browser opened the
 * connection ahead of it (a preconnect), so it waited for no set-up. That agrees; a
 * different grouping of the requests into connections does not. */
static void
test_engine_preconnected (void)
{
  g_autoptr (RcRunRecord) run = connected_run ();
  g_autoptr (RcRunRecord) grouped = connected_run ();
  g_autoptr (RcRunConnections) c = NULL;
  g_autoptr (RcRunConnections) g = NULL;

  rc_run_record_add_engine_connection (run, RC_TEST_PAGE "/", "7", TRUE);
  rc_run_record_add_engine_connection (run, RC_TEST_CDN "pyodide.js", "8", TRUE);
  c = rc_run_connections_summarise (run);
  g_assert_cmpuint (c->engine_checked, ==, 2);
  g_assert_cmpuint (c->engine_disagree, ==, 0);
  /* the page and pyodide.js on one engine connection, on two at the proxy */
  rc_run_record_add_engine_connection (grouped, RC_TEST_PAGE "/", "7", FALSE);
  rc_run_record_add_engine_connection (grouped, RC_TEST_CDN "pyodide.js", "7", TRUE);
  g = rc_run_connections_summarise (grouped);
  g_assert_cmpuint (g->engine_disagree, ==, 1);
  g_assert_nonnull (strstr (g->disagreements->pdata[0], "pyodide.js"));
  g_assert_nonnull (strstr (g->disagreements->pdata[0], "its connection 7"));
}

static void
test_json_round_trip (void)
{
  g_autoptr (RcRunRecord) run = connected_run ();
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (RcRunRecord) back = NULL;
  g_autoptr (GError) error = NULL;
  JsonObject *summary;
  const RcRequestRecord *first, *second;

  run->env.throttle_model = g_strdup ("link");
  rc_run_record_add_engine_connection (run, RC_TEST_PAGE "/", NULL, FALSE);
  node = rc_run_record_to_json (run);
  summary = json_object_get_object_member (json_node_get_object (node), "connections");
  g_assert_cmpint (json_object_get_int_member (summary, "opened"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (summary, "tls_handshakes"), ==, 2);
  back = rc_run_record_from_json (node, "runs[0]", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->env.throttle_model, ==, "link");
  first = back->requests->pdata[2];
  second = back->requests->pdata[3];
  g_assert_cmpuint (first->connection, ==, 1);
  g_assert_false (first->reused);
  g_assert_cmpint (first->connect_us, ==, 40000);
  g_assert_cmpint (first->ssl_us, ==, 25000);
  g_assert_true (second->reused);
  g_assert_cmpint (second->connect_us, ==, -1);
  g_assert_cmpuint (back->engine_connections->len, ==, 1);
  g_assert_null (((RcEngineConnection *) back->engine_connections->pdata[0])->connection);
}

/* HAR: the connection id; connect (including ssl) on a connection's first request, -1 on a
 * reused one; a cache hit names no connection. */
static void
test_har (void)
{
  g_autoptr (RcMeasurement) m = rc_measurement_new ("demo");
  g_autoptr (JsonNode) har = NULL;
  JsonArray *entries;
  JsonObject *page, *host, *timings;

  rc_measurement_add_run (m, connected_run ());
  har = rc_measurement_to_har (m);
  entries = json_object_get_array_member (
      json_object_get_object_member (json_node_get_object (har), "log"), "entries");
  for (guint i = 0; i < json_array_get_length (entries); i++)
    rc_test_assert_har_entry (json_array_get_object_element (entries, i));
  page = rc_test_har_entry (entries, "cold-1", "demo.example.org/");
  host = rc_test_har_entry (entries, "cold-1", "host.js");
  g_assert_cmpstr (json_object_get_string_member (page, "connection"), ==, "1");
  g_assert_cmpstr (json_object_get_string_member (host, "connection"), ==, "1");
  timings = json_object_get_object_member (page, "timings");
  g_assert_cmpfloat (json_object_get_double_member (timings, "connect"), ==, 40.0);
  g_assert_cmpfloat (json_object_get_double_member (timings, "ssl"), ==, 25.0);
  g_assert_cmpint (json_object_get_int_member (timings, "dns"), ==, -1);
  timings = json_object_get_object_member (host, "timings");
  g_assert_cmpint (json_object_get_int_member (timings, "connect"), ==, -1);
  g_assert_cmpint (json_object_get_int_member (timings, "ssl"), ==, -1);
  g_assert_true (json_object_get_boolean_member (host, "_reused"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/connections/summary", test_summary);
  g_test_add_func ("/connections/unknown", test_unknown);
  g_test_add_func ("/connections/engine-disagree", test_engine_disagree);
  g_test_add_func ("/connections/engine-preconnected", test_engine_preconnected);
  g_test_add_func ("/connections/json-round-trip", test_json_round_trip);
  g_test_add_func ("/connections/har", test_har);
  return g_test_run ();
}
