/* test-serve-diagnosis.c: POST /rc-diagnosis at serve's page origin (rc-page-report.h): the
 * page's messages in, the console's own diagnosis and party out, through the real curl; the
 * endpoint's limits (method, size, JSON) too. The demo community, read in place. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "core/analysis/rc-boot-blame.h"
#include "core/plan/rc-boot-plan.h"
#include "core/policy/rc-csp-presets.h"
#include "serve-test-util.h"

/* A control boot as Chromium runs it: the interpreter step starts, the worker's WebAssembly
 * compilation is refused, and nothing follows (the page's stall watch ends it). */
#define CONTROL_REPORT                                                                             \
  "{\"kind\": \"page_report\", \"messages\": ["                                                    \
  "{\"kind\": \"host_alive\", \"t\": 5},"                                                          \
  "{\"kind\": \"started\", \"worker\": \"builtin\", \"t\": 40},"                                   \
  "{\"kind\": \"worker\", \"data\": {\"type\": \"progress\", \"step\": 1, \"steps\": 4, "          \
  "\"phase\": \"loading_runtime\", \"rc\": {\"t\": 12}}, \"t\": 60},"                              \
  "{\"kind\": \"worker\", \"data\": {\"type\": \"rc_violation\", \"directive\": \"script-src\", "  \
  "\"blockedURI\": \"wasm-eval\", \"t\": 900}, \"t\": 910}],"                                      \
  "\"outcome\": {\"kind\": \"timeout\", \"message\": \"no step for 10 s after a policy "           \
  "violation\"}}"

/* The same boot in WebKit: no violation event, but the worker's refused compile, which ends
 * the page's watch at once (host.js) and the boot as kind "wasm-refused". */
#define REFUSED_REPORT                                                                             \
  "{\"kind\": \"page_report\", \"deadline_s\": 45, \"messages\": ["                                \
  "{\"kind\": \"host_alive\", \"t\": 5},"                                                          \
  "{\"kind\": \"worker\", \"data\": {\"type\": \"progress\", \"step\": 1, \"steps\": 4, "          \
  "\"phase\": \"loading_runtime\", \"rc\": {\"t\": 12}}, \"t\": 60},"                              \
  "{\"kind\": \"worker\", \"data\": {\"type\": \"rc_wasm_failed\", \"via\": \"instantiate\", "     \
  "\"error\": \"CompileError: Refused to create a WebAssembly object because 'unsafe-eval' or "    \
  "'wasm-unsafe-eval' is not an allowed source of script in the following Content Security "       \
  "Policy directive: \\\"script-src 'self'\\\".\\n (evaluating 'original.apply(WebAssembly, "      \
  "args)')\", \"t\": 280}, \"t\": 290}],"                                                          \
  "\"outcome\": null}"

typedef struct
{
  RcServer *server;
  char *url;
} Fixture;

static void
serve (Fixture *f, const char *preset_name)
{
  g_autofree char *dir = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community =
      rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_autoptr (RcCspPreset) preset = NULL;
  g_autoptr (JsonObject) plan = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autofree char *note = NULL;
  char *text;

  g_assert_no_error (error);
  f->server = rc_server_new ();
  rc_server_set_community (f->server, community, RC_DEPLOYMENT_PRODUCTION);
  preset = rc_csp_presets_lookup (preset_name, &error);
  g_assert_no_error (error);
  rc_server_set_csp (f->server, preset->policy);
  plan = rc_boot_plan_build (community, RC_DEPLOYMENT_PRODUCTION,
                             rc_server_get_api_origin (f->server), "builtin", &note, &error);
  g_assert_no_error (error);
  node = json_node_init_object (json_node_alloc (), plan);
  text = json_to_string (node, FALSE);
  rc_server_add_page_file (f->server, "/boot-plan.json", g_bytes_new_take (text, strlen (text)),
                           "application/json");
  rc_server_start (f->server, &error);
  g_assert_no_error (error);
  f->url = rc_server_get_page_url (f->server, "/rc-diagnosis");
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  rc_server_stop (f->server);
  g_clear_object (&f->server);
  g_free (f->url);
}

static CurlResult *
post (Fixture *f, const char *body)
{
  return run_curl (f->server, "-X", "POST", "-H", "Content-Type: application/json", "--data-binary",
                   body, f->url, NULL);
}

static JsonObject *
parse_object (CurlResult *r)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, g_bytes_get_data (r->body, NULL), g_bytes_get_size (r->body),
                              &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

/* The control policy refuses WebAssembly: the policy's failure, and the text says what to
 * grant, as the engines' diagnosis does. */
static void
test_control (Fixture *f, gconstpointer data)
{
  g_autoptr (CurlResult) r = NULL;
  g_autoptr (JsonObject) answer = NULL;
  g_autofree char *sentence = rc_boot_party_sentence (RC_PARTY_POLICY);
  const char *text;

  serve (f, "control");
  r = post (f, CONTROL_REPORT);
  g_assert_cmpuint (r->status, ==, 200);
  g_assert_cmpstr (soup_message_headers_get_content_type (r->headers, NULL), ==,
                   "application/json");
  answer = parse_object (r);
  g_assert_cmpstr (json_object_get_string_member (answer, "kind"), ==, "diagnosis");
  g_assert_false (json_object_get_boolean_member (answer, "ready"));
  g_assert_cmpstr (json_object_get_string_member (answer, "party"), ==, "policy");
  g_assert_cmpstr (json_object_get_string_member (answer, "party_sentence"), ==, sentence);
  g_assert_cmpstr (
      json_object_get_string_member (json_object_get_object_member (answer, "outcome"), "kind"), ==,
      "timeout");
  g_assert_cmpint (json_object_get_int_member (answer, "steps"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (answer, "violations"), ==, 1);
  text = json_object_get_string_member (answer, "text");
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, sentence));
  if (strstr (text, "'wasm-unsafe-eval'") == NULL)
    g_error ("the diagnosis does not name 'wasm-unsafe-eval': %s", text);
  /* the request log says what was diagnosed */
  g_assert_true (wait_for_requests (f->server, 1));
  g_assert_cmpstr (find_request (f->server, f->url)->note, ==, "diagnosis: policy");
}

static void
test_refused_compile (Fixture *f, gconstpointer data)
{
  g_autoptr (CurlResult) r = NULL;
  g_autoptr (JsonObject) answer = NULL;
  JsonObject *outcome;
  const char *message, *text;

  serve (f, "control");
  r = post (f, REFUSED_REPORT);
  g_assert_cmpuint (r->status, ==, 200);
  answer = parse_object (r);
  g_assert_cmpstr (json_object_get_string_member (answer, "party"), ==, "policy");
  g_assert_cmpint (json_object_get_int_member (answer, "violations"), ==, 0);
  outcome = json_object_get_object_member (answer, "outcome");
  g_assert_cmpstr (json_object_get_string_member (outcome, "kind"), ==, "wasm-refused");
  message = json_object_get_string_member (outcome, "message");
  g_test_message ("%s", message);
  /* the engine's words up to WebKit's "(evaluating …)" line, when, and the reader's text at
   * the page's own deadline */
  g_assert_nonnull (strstr (message, "(WebAssembly.instantiate: CompileError: Refused to create"));
  g_assert_null (strstr (message, "evaluating"));
  g_assert_nonnull (strstr (message, "0.28 s into the worker"));
  g_assert_nonnull (strstr (message, "did not finish starting within 45s"));
  text = json_object_get_string_member (answer, "text");
  if (strstr (text, "'wasm-unsafe-eval'") == NULL)
    g_error ("the diagnosis does not name 'wasm-unsafe-eval': %s", text);
}

/* A runtime error under a policy that grants everything is the community's; a report that
 * reached ready has nothing to diagnose. */
static void
test_community_and_ready (Fixture *f, gconstpointer data)
{
  g_autoptr (CurlResult) failed = NULL, ready = NULL;
  g_autoptr (JsonObject) a = NULL, b = NULL;

  serve (f, "loose");
  failed = post (f, "{\"kind\": \"page_report\", \"messages\": [{\"kind\": \"host_alive\"},"
                    "{\"kind\": \"worker\", \"data\": {\"type\": \"error\", \"kind\": \"prelude\", "
                    "\"message\": \"NameError: name 'x' is not defined\"}}]}");
  g_assert_cmpuint (failed->status, ==, 200);
  a = parse_object (failed);
  g_assert_cmpstr (json_object_get_string_member (a, "party"), ==, "community");
  g_assert_cmpstr (
      json_object_get_string_member (json_object_get_object_member (a, "outcome"), "message"), ==,
      "NameError: name 'x' is not defined");
  ready = post (f, "{\"kind\": \"page_report\", \"messages\": [{\"kind\": \"host_alive\"},"
                   "{\"kind\": \"worker\", \"data\": {\"type\": \"ready\", \"version\": "
                   "\"0.29.5\"}}]}");
  b = parse_object (ready);
  g_assert_true (json_object_get_boolean_member (b, "ready"));
  g_assert_true (json_object_get_null_member (b, "party"));
  g_assert_true (json_object_get_null_member (b, "text"));
}

/* Outside input: POST only, at most RC_PAGE_REPORT_MAX_BYTES, JSON the worker-message reader
 * accepts, a page report's shape; each refusal says why. */
static void
test_refusals (Fixture *f, gconstpointer data)
{
  g_autoptr (CurlResult) get = NULL, bad = NULL, shape = NULL, number = NULL, big = NULL;
  g_autoptr (JsonObject) bad_answer = NULL, shape_answer = NULL, number_answer = NULL;
  g_autofree char *big_file = NULL, *big_arg = NULL;
  g_autoptr (GString) large =
      g_string_new ("{\"kind\": \"page_report\", \"messages\": [], \"x\": \"");
  int fd;

  serve (f, "control");
  get = run_curl (f->server, f->url, NULL);
  g_assert_cmpuint (get->status, ==, 405);
  g_assert_cmpstr (soup_message_headers_get_one (get->headers, "Allow"), ==, "POST");
  bad = post (f, "{nope");
  g_assert_cmpuint (bad->status, ==, 400);
  bad_answer = parse_object (bad);
  g_assert_true (
      g_str_has_prefix (json_object_get_string_member (bad_answer, "error"), "worker message:1:"));
  shape = post (f, "{\"kind\": \"page_report\", \"messages\": {}}");
  g_assert_cmpuint (shape->status, ==, 400);
  shape_answer = parse_object (shape);
  g_assert_cmpstr (json_object_get_string_member (shape_answer, "error"), ==,
                   "page report: messages: expected an array");
  /* a step number out of range is refused as the engines refuse it, naming the message */
  number = post (f, "{\"kind\": \"page_report\", \"messages\": [{\"kind\": \"worker\", \"data\": "
                    "{\"type\": \"progress\", \"step\": -7, \"steps\": 4, \"phase\": \"x\"}}]}");
  g_assert_cmpuint (number->status, ==, 400);
  number_answer = parse_object (number);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (number_answer, "error"),
                                   "page report: messages[0]: "));
  /* over the limit: 413, whatever the body holds */
  fd = g_file_open_tmp ("rc-test-report-XXXXXX.json", &big_file, NULL);
  g_assert_cmpint (fd, >=, 0);
  close (fd);
  while (large->len <= (1 << 20))
    g_string_append (large, "0123456789abcdef");
  g_string_append (large, "\"}");
  g_assert_true (g_file_set_contents (big_file, large->str, (gssize) large->len, NULL));
  big_arg = g_strconcat ("@", big_file, NULL);
  big = post (f, big_arg);
  g_unlink (big_file);
  g_assert_cmpuint (big->status, ==, 413);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/serve-diagnosis/control", Fixture, NULL, NULL, test_control, fixture_tear_down);
  g_test_add ("/serve-diagnosis/refused-compile", Fixture, NULL, NULL, test_refused_compile,
              fixture_tear_down);
  g_test_add ("/serve-diagnosis/community-and-ready", Fixture, NULL, NULL, test_community_and_ready,
              fixture_tear_down);
  g_test_add ("/serve-diagnosis/refusals", Fixture, NULL, NULL, test_refusals, fixture_tear_down);
  return g_test_run ();
}
