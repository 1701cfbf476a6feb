/* test-serve-api.c: the emulated OSA API origin (community-config.md §5) through curl,
 * on a copy of the demo community loaded by RcCommunity. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "core/base/rc-paths.h"
#include "serve-test-util.h"

#define WHEEL       "demo_helpers-0.1.1-py3-none-any.whl"
#define API         "https://widget.osc.earth/demo/"
#define API_DEVELOP "https://develop-widget.osc.earth/demo/"
#define IMMUTABLE   "public, max-age=31536000, immutable"
#define NO_SUCH     "{\"detail\":\"No such runtime file\"}"
#define UNAVAILABLE "{\"detail\":\"This community's browser runtime is unavailable\"}"

typedef struct
{
  char *tmp;
  char *community;
  RcServer *server;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer user_data)
{
  g_autofree char *demo = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  g_autoptr (GError) error = NULL;
  int status = 0;

  f->tmp = rc_test_make_tmp ("rc-serve-test");
  f->community = g_build_filename (f->tmp, "demo", NULL);
  g_spawn_sync (NULL, (char *[]){ "cp", "-r", demo, f->community, NULL }, NULL, G_SPAWN_SEARCH_PATH,
                NULL, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  f->server = rc_server_new ();
}

static void
fixture_tear_down (Fixture *f, gconstpointer user_data)
{
  g_clear_object (&f->server);
  rc_test_remove_tree (f->tmp);
  g_free (f->tmp);
  g_free (f->community);
}

static void
serve (Fixture *f, RcDeployment deployment)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community = rc_community_load (f->community, NULL, deployment, &error);

  g_assert_no_error (error);
  rc_server_set_community (f->server, community, deployment);
  rc_server_start (f->server, &error);
  g_assert_no_error (error);
}

static char *
community_file (Fixture *f, const char *relative)
{
  return g_build_filename (f->community, relative, NULL);
}

static void
edit_config (Fixture *f, const char *from, const char *to)
{
  g_autofree char *path = community_file (f, "config.yaml");
  g_autofree char *text = NULL;
  g_autofree char *edited = NULL;
  g_auto (GStrv) pieces = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, from));
  pieces = g_strsplit (text, from, 2);
  edited = g_strjoinv (to, pieces);
  g_assert_true (g_file_set_contents (path, edited, -1, NULL));
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

static void
assert_body (CurlResult *r, const char *expected)
{
  g_assert_cmpmem (g_bytes_get_data (r->body, NULL), g_bytes_get_size (r->body), expected,
                   strlen (expected));
}

static const char *
header (CurlResult *r, const char *name)
{
  return soup_message_headers_get_one (r->headers, name);
}

static GBytes *
wheel_bytes (Fixture *f)
{
  g_autofree char *path = community_file (f, "runtime/wheels/" WHEEL);
  char *data = NULL;
  gsize size = 0;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  return g_bytes_new_take (data, size);
}

static void
test_config_production (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) r = NULL;
  g_autoptr (CurlResult) no_slash = NULL;
  g_autoptr (JsonObject) config = NULL;
  JsonObject *python, *limits, *tool, *entry;
  JsonArray *tools, *fetch_allow;

  serve (f, RC_DEPLOYMENT_PRODUCTION);
  g_assert_cmpstr (rc_server_get_api_origin (f->server), ==, "https://widget.osc.earth");
  g_assert_cmpstr (rc_server_get_page_origin (f->server), ==, "https://demo.example.org");
  r = run_curl (f->server, API, NULL);
  g_assert_cmpuint (r->status, ==, 200);
  g_assert_cmpstr (header (r, "Content-Type"), ==, "application/json");
  g_assert_cmpstr (header (r, "Access-Control-Allow-Origin"), ==, "https://demo.example.org");
  config = parse_object (r);
  g_assert_cmpstr (json_object_get_string_member (config, "id"), ==, "demo");

  tools = json_object_get_array_member (config, "client_tools");
  g_assert_cmpuint (json_array_get_length (tools), ==, 1);
  tool = json_array_get_object_element (tools, 0);
  g_assert_cmpuint (json_object_get_size (tool), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (tool, "name"), ==, "execute_code");
  g_assert_cmpstr (json_object_get_string_member (tool, "runtime"), ==, "python");
  g_assert_true (json_object_get_boolean_member (tool, "requires_permission"));

  python =
      json_object_get_object_member (json_object_get_object_member (config, "runtime"), "python");
  g_assert_cmpuint (json_object_get_size (python), ==, 10);
  fetch_allow = json_object_get_array_member (python, "fetch_allow");
  g_assert_cmpuint (json_array_get_length (fetch_allow), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (fetch_allow, 0), ==, "https://data.example.org/");
  g_assert_nonnull (strstr (json_object_get_string_member (python, "prelude"),
                            "base_url=\"https://data.example.org/\""));
  limits = json_object_get_object_member (python, "limits");
  g_assert_cmpuint (json_object_get_size (limits), ==, 6);
  g_assert_cmpint (json_object_get_int_member (limits, "exec_seconds"), ==, 60);

  entry = json_object_get_object_member (
      json_object_get_object_member (json_object_get_object_member (config, "runtime_lock"),
                                     "packages"),
      "demo-helpers");
  g_assert_cmpstr (json_object_get_string_member (entry, "file_name"), ==, WHEEL);
  g_assert_cmpuint (json_object_get_size (entry), ==, 8);

  no_slash = run_curl (f->server, "https://widget.osc.earth/demo", NULL);
  g_assert_cmpuint (no_slash->status, ==, 200);
  g_assert_true (g_bytes_equal (no_slash->body, r->body));
}

static void
test_config_develop (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) r = NULL;
  g_autoptr (CurlResult) production_host = NULL;
  g_autoptr (JsonObject) config = NULL;
  JsonObject *python;

  serve (f, RC_DEPLOYMENT_DEVELOP);
  g_assert_cmpstr (rc_server_get_api_origin (f->server), ==, "https://develop-widget.osc.earth");
  r = run_curl (f->server, API_DEVELOP, NULL);
  g_assert_cmpuint (r->status, ==, 200);
  config = parse_object (r);
  python =
      json_object_get_object_member (json_object_get_object_member (config, "runtime"), "python");
  g_assert_cmpstr (
      json_array_get_string_element (json_object_get_array_member (python, "fetch_allow"), 0), ==,
      "https://data-staging.example.org/");
  g_assert_nonnull (strstr (json_object_get_string_member (python, "prelude"),
                            "https://data-staging.example.org/"));
  /* Only the chosen API host is emulated. */
  production_host = run_curl (f->server, API, NULL);
  g_assert_cmpuint (production_host->connect_status, ==, 502);
}

static void
test_wheel (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GBytes) expected = wheel_bytes (f);
  g_autoptr (CurlResult) r = NULL;
  g_autoptr (CurlResult) allowed = NULL;
  g_autoptr (CurlResult) foreign = NULL;
  RcRequestRecord *record;

  serve (f, RC_DEPLOYMENT_PRODUCTION);
  r = run_curl (f->server, API "runtime/" WHEEL, NULL);
  g_assert_cmpuint (r->status, ==, 200);
  g_assert_cmpstr (header (r, "Content-Type"), ==, "application/octet-stream");
  g_assert_cmpstr (header (r, "Cache-Control"), ==, IMMUTABLE);
  g_assert_cmpstr (header (r, "Access-Control-Allow-Origin"), ==, "https://demo.example.org");
  g_assert_true (g_bytes_equal (r->body, expected));
  record = find_request (f->server, API "runtime/" WHEEL);
  g_assert_cmpstr (record->origin, ==, "api");
  g_assert_cmpuint (record->bytes, ==, g_bytes_get_size (expected));

  allowed =
      run_curl (f->server, "-H", "Origin: https://demo.example.org", API "runtime/" WHEEL, NULL);
  g_assert_cmpstr (header (allowed, "Access-Control-Allow-Origin"), ==, "https://demo.example.org");
  foreign = run_curl (f->server, "-H", "Origin: https://evil.example", API "runtime/" WHEEL, NULL);
  g_assert_cmpuint (foreign->status, ==, 200);
  g_assert_null (header (foreign, "Access-Control-Allow-Origin"));
}

/* The bytes served are those verified at load, even if the file changes afterwards. */
static void
test_wheel_changed_after_load (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GBytes) expected = wheel_bytes (f);
  g_autofree char *path = community_file (f, "runtime/wheels/" WHEEL);
  g_autoptr (CurlResult) r = NULL;

  serve (f, RC_DEPLOYMENT_PRODUCTION);
  g_assert_true (g_file_set_contents (path, "changed", -1, NULL));
  r = run_curl (f->server, API "runtime/" WHEEL, NULL);
  g_assert_cmpuint (r->status, ==, 200);
  g_assert_true (g_bytes_equal (r->body, expected));
}

static void
assert_no_such_file (Fixture *f, const char *url)
{
  g_autoptr (CurlResult) r = run_curl (f->server, "--path-as-is", url, NULL);

  g_test_message ("%s -> %u", url, r->status);
  g_assert_cmpuint (r->status, ==, 404);
  assert_body (r, NO_SUCH);
  g_assert_null (header (r, "Cache-Control"));
}

static void
test_wheel_404 (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GBytes) other = g_bytes_new_static ("PK\5\6", 4);
  g_autofree char *wheels = community_file (f, "runtime/wheels");

  /* A wheel in wheels/ that the overlay does not list is never served. */
  rc_test_write_file (wheels, "other-1.0-py3-none-any.whl", "PK\5\6", 4);
  serve (f, RC_DEPLOYMENT_PRODUCTION);
  assert_no_such_file (f, API "runtime/other-1.0-py3-none-any.whl");
  assert_no_such_file (f, API "runtime/config.yaml");
  assert_no_such_file (f, API "runtime/demo-pyodide-lock.json");
  assert_no_such_file (f, API "runtime/..%2Fconfig.yaml");
  assert_no_such_file (f, API "runtime/%2e%2e%2fconfig.yaml");
  assert_no_such_file (f, API "runtime/wheels%2F" WHEEL);
  assert_no_such_file (f, API "runtime/demo_helpers-0.1.1-PY3-none-any.whl");
  assert_no_such_file (f, API "runtime/");
  assert_no_such_file (f, "https://widget.osc.earth/nemar/runtime/" WHEEL);
}

static void
test_wheel_unverified (Fixture *f, gconstpointer user_data)
{
  g_autofree char *path = community_file (f, "runtime/wheels/" WHEEL);
  g_autofree char *data = NULL;
  gsize size = 0;
  g_autoptr (CurlResult) wheel = NULL;
  g_autoptr (CurlResult) unlisted = NULL;
  g_autoptr (CurlResult) config = NULL;
  g_autoptr (JsonObject) object = NULL;

  /* One byte more: still a zip, but not the recorded sha256. */
  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  data = g_realloc (data, size + 1);
  data[size] = 'x';
  g_assert_true (g_file_set_contents (path, data, size + 1, NULL));
  serve (f, RC_DEPLOYMENT_PRODUCTION);

  wheel = run_curl (f->server, API "runtime/" WHEEL, NULL);
  g_assert_cmpuint (wheel->status, ==, 503);
  assert_body (wheel, UNAVAILABLE);
  g_assert_null (header (wheel, "Cache-Control"));
  unlisted = run_curl (f->server, API "runtime/x-1-py3-none-any.whl", NULL);
  g_assert_cmpuint (unlisted->status, ==, 503);

  config = run_curl (f->server, API, NULL);
  object = parse_object (config);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "client_tools")),
                    ==, 0);
  g_assert_true (json_object_get_null_member (object, "runtime"));
  g_assert_true (json_object_get_null_member (object, "runtime_lock"));
}

/* A symlink in wheels/ that leaves the folder: the overlay refuses it, so 503. */
static void
test_wheel_symlink (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GBytes) bytes = wheel_bytes (f);
  g_autofree char *path = community_file (f, "runtime/wheels/" WHEEL);
  g_autofree char *outside = g_build_filename (f->tmp, WHEEL, NULL);
  g_autoptr (CurlResult) r = NULL;

  g_assert_true (g_file_set_contents (outside, g_bytes_get_data (bytes, NULL),
                                      g_bytes_get_size (bytes), NULL));
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (symlink (outside, path), ==, 0);
  serve (f, RC_DEPLOYMENT_PRODUCTION);
  r = run_curl (f->server, API "runtime/" WHEEL, NULL);
  g_assert_cmpuint (r->status, ==, 503);
  assert_body (r, UNAVAILABLE);
}

static void
test_no_client_tools (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) config = NULL;
  g_autoptr (JsonObject) object = NULL;

  edit_config (f, "  client_tools:\n", "  client_tools_off:\n");
  serve (f, RC_DEPLOYMENT_PRODUCTION);
  assert_no_such_file (f, API "runtime/" WHEEL);
  config = run_curl (f->server, API, NULL);
  object = parse_object (config);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "client_tools")),
                    ==, 0);
  g_assert_true (json_object_get_null_member (object, "runtime_lock"));
}

static void
test_kill_switch (Fixture *f, gconstpointer user_data)
{
  serve (f, RC_DEPLOYMENT_PRODUCTION);
  g_setenv ("OSA_CLIENT_TOOLS_DISABLED", " True ", TRUE);
  assert_no_such_file (f, API "runtime/" WHEEL);
  g_unsetenv ("OSA_CLIENT_TOOLS_DISABLED");
}

static void
test_no_lockfile (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) config = NULL;
  g_autoptr (JsonObject) object = NULL;

  edit_config (f, "    lockfile: runtime/demo-pyodide-lock.json\n", "");
  serve (f, RC_DEPLOYMENT_PRODUCTION);
  assert_no_such_file (f, API "runtime/" WHEEL);
  config = run_curl (f->server, API, NULL);
  object = parse_object (config);
  g_assert_true (json_object_get_null_member (object, "runtime_lock"));
}

static void
test_rename (Fixture *f, gconstpointer user_data)
{
  const char *renamed = "demo_helpers-0.1.1-2-py3-none-any.whl";
  g_autofree char *url = g_strconcat (API "runtime/", renamed, NULL);
  g_autoptr (GBytes) expected = wheel_bytes (f);
  g_autoptr (CurlResult) config = NULL;
  g_autoptr (CurlResult) r = NULL;
  g_autoptr (JsonObject) object = NULL;
  JsonObject *entry;

  rc_server_rename_wheel (f->server, WHEEL, renamed);
  serve (f, RC_DEPLOYMENT_PRODUCTION);
  config = run_curl (f->server, API, NULL);
  object = parse_object (config);
  entry = json_object_get_object_member (
      json_object_get_object_member (json_object_get_object_member (object, "runtime_lock"),
                                     "packages"),
      "demo-helpers");
  g_assert_cmpstr (json_object_get_string_member (entry, "file_name"), ==, renamed);
  r = run_curl (f->server, url, NULL);
  g_assert_cmpuint (r->status, ==, 200);
  g_assert_true (g_bytes_equal (r->body, expected));
  assert_no_such_file (f, API "runtime/" WHEEL);
}

static void
test_other_routes (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) other = NULL;
  g_autoptr (CurlResult) root = NULL;
  g_autoptr (CurlResult) post = NULL;
  g_autoptr (CurlResult) preflight = NULL;

  rc_server_set_page_origin (f->server, "https://nemar.org");
  serve (f, RC_DEPLOYMENT_PRODUCTION);
  other = run_curl (f->server, "https://widget.osc.earth/nemar/", NULL);
  g_assert_cmpuint (other->status, ==, 404);
  assert_body (other, "{\"detail\":\"Not Found\"}");
  root = run_curl (f->server, API "runtime", NULL);
  g_assert_cmpuint (root->status, ==, 404);
  post = run_curl (f->server, "-X", "POST", API, NULL);
  g_assert_cmpuint (post->status, ==, 405);
  preflight = run_curl (f->server, "-X", "OPTIONS", "-H", "Origin: https://nemar.org", "-H",
                        "Access-Control-Request-Method: GET", API, NULL);
  g_assert_cmpuint (preflight->status, ==, 204);
  g_assert_cmpstr (header (preflight, "Access-Control-Allow-Origin"), ==, "https://nemar.org");
}

/* An API mounted under a path of the page's host: its paths go to the API, the rest to the page. */
static void
test_mounted_on_page_host (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) config = NULL;
  g_autoptr (CurlResult) page = NULL;
  g_autoptr (GBytes) html = g_bytes_new_static ("<p>page</p>", 11);

  rc_server_set_page_origin (f->server, "https://nemar.org");
  rc_server_set_api_origin (f->server, "https://nemar.org/osa/");
  rc_server_add_page_file (f->server, "/index.html", html, NULL);
  serve (f, RC_DEPLOYMENT_PRODUCTION);
  g_assert_cmpstr (rc_server_get_api_origin (f->server), ==, "https://nemar.org/osa");
  config = run_curl (f->server, "https://nemar.org/osa/demo/", NULL);
  g_assert_cmpuint (config->status, ==, 200);
  g_assert_cmpstr (header (config, "Content-Type"), ==, "application/json");
  page = run_curl (f->server, "https://nemar.org/", NULL);
  g_assert_cmpuint (page->status, ==, 200);
  g_assert_true (g_bytes_equal (page->body, html));
}

/* Setters work on a running server: the next request sees them. */
static void
test_reconfigure_running (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) develop = NULL;
  g_autoptr (CurlResult) before = NULL;
  g_autoptr (CurlResult) after = NULL;
  g_autoptr (CurlResult) page = NULL;
  g_autoptr (GBytes) html = g_bytes_new_static ("<p>x</p>", 8);

  serve (f, RC_DEPLOYMENT_PRODUCTION);
  before = run_curl (f->server, API_DEVELOP, NULL);
  g_assert_cmpuint (before->connect_status, ==, 502);

  develop = rc_community_load (f->community, NULL, RC_DEPLOYMENT_DEVELOP, &error);
  g_assert_no_error (error);
  rc_server_set_community (f->server, develop, RC_DEPLOYMENT_DEVELOP);
  rc_server_set_page_origin (f->server, "https://nemar.org");
  rc_server_add_page_file (f->server, "/index.html", html, NULL);
  after = run_curl (f->server, API_DEVELOP, NULL);
  g_assert_cmpuint (after->status, ==, 200);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (after->body, NULL),
                                  g_bytes_get_size (after->body), "data-staging.example.org"));
  page = run_curl (f->server, "https://nemar.org/", NULL);
  g_assert_cmpuint (page->status, ==, 200);
  g_assert_cmpstr (rc_server_get_page_origin (f->server), ==, "https://nemar.org");
}

static void
test_no_community (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CurlResult) r = NULL;

  rc_server_start (f->server, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (rc_server_get_page_origin (f->server), ==, "https://community.test");
  r = run_curl (f->server, API "runtime/" WHEEL, NULL);
  g_assert_cmpuint (r->status, ==, 404);
  assert_body (r, NO_SUCH);
}

int
main (int argc, char **argv)
{
  g_autofree char *dist = rc_paths_default_distribution ();
  g_autofree char *lock = g_build_filename (dist, "pyodide-lock.json", NULL);

  g_test_init (&argc, &argv, NULL);
  if (!g_file_test (lock, G_FILE_TEST_EXISTS))
    {
      g_printerr ("no Pyodide distribution at %s; run tools/setup.sh\n", dist);
      return 1;
    }
#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/serve-api/config-production", test_config_production);
  ADD ("/serve-api/config-develop", test_config_develop);
  ADD ("/serve-api/wheel", test_wheel);
  ADD ("/serve-api/wheel-changed-after-load", test_wheel_changed_after_load);
  ADD ("/serve-api/wheel-404", test_wheel_404);
  ADD ("/serve-api/wheel-unverified", test_wheel_unverified);
  ADD ("/serve-api/wheel-symlink", test_wheel_symlink);
  ADD ("/serve-api/no-client-tools", test_no_client_tools);
  ADD ("/serve-api/kill-switch", test_kill_switch);
  ADD ("/serve-api/no-lockfile", test_no_lockfile);
  ADD ("/serve-api/rename", test_rename);
  ADD ("/serve-api/other-routes", test_other_routes);
  ADD ("/serve-api/mounted-on-page-host", test_mounted_on_page_host);
  ADD ("/serve-api/reconfigure-running", test_reconfigure_running);
  ADD ("/serve-api/no-community", test_no_community);
#undef ADD
  return g_test_run ();
}
