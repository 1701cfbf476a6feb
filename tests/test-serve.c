/* test-serve.c: RcServer through the real curl, trusting the run's private CA. */
#include "config.h"

#include <glib/gstdio.h>

#include "core/base/rc-paths.h"
#include "serve-test-util.h"

#define NEMARLIKE                                                                                  \
  "script-src 'self' 'wasm-unsafe-eval' https://cdn.jsdelivr.net; connect-src 'self' "             \
  "https://*.nemar.org https://cdn.jsdelivr.net https://widget.osc.earth "                         \
  "https://develop-widget.osc.earth; default-src 'self'; worker-src 'self' blob:; child-src "      \
  "'self' blob:; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; form-action 'self'"
#define CDN        "https://cdn.jsdelivr.net/pyodide/v" PYODIDE_VERSION "/full/"
#define PAGE_HTML  "<!doctype html><title>host</title>"
#define WASM_BYTES "\0asm\1\0\0\0 fake module"

typedef struct
{
  char *tmp;
  char *mirror;
  char *data;
  RcServer *server;
} Fixture;

static GBytes *
pattern_bytes (gsize size)
{
  guint8 *data = g_malloc (size);

  for (gsize i = 0; i < size; i++)
    data[i] = (guint8) (i * 7 + i / 251);
  return g_bytes_new_take (data, size);
}

static void
fixture_set_up (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GBytes) blob = pattern_bytes (100000);
  g_autoptr (GBytes) page = g_bytes_new_static (PAGE_HTML, strlen (PAGE_HTML));
  g_autofree char *escape = NULL;
  g_autofree char *leak = NULL;
  g_autoptr (GError) error = NULL;

  f->tmp = rc_test_make_tmp ("rc-serve-test");
  f->mirror = g_build_filename (f->tmp, "mirror", NULL);
  f->data = g_build_filename (f->tmp, "data", NULL);
  rc_test_write_file (f->tmp, "secret.txt", "secret", 6);
  rc_test_write_file (f->mirror, "pyodide.js", "self.loadPyodide = 1;\n", 22);
  rc_test_write_file (f->mirror, "pyodide.asm.wasm", WASM_BYTES, sizeof WASM_BYTES - 1);
  rc_test_write_file (f->mirror, "pyodide-lock.json", "{\"packages\": {}}\n", 17);
  rc_test_write_file (f->data, "sub/blob.bin", g_bytes_get_data (blob, NULL),
                      g_bytes_get_size (blob));
  escape = g_build_filename (f->mirror, "escape.js", NULL);
  leak = g_build_filename (f->data, "leak.txt", NULL);
  g_assert_cmpint (symlink ("../secret.txt", escape), ==, 0);
  g_assert_cmpint (symlink ("../secret.txt", leak), ==, 0);

  f->server = rc_server_new ();
  rc_server_set_distribution_dir (f->server, f->mirror);
  rc_server_set_page_origin (f->server, "https://nemar.org");
  rc_server_set_csp (f->server, NEMARLIKE);
  rc_server_add_page_file (f->server, "/index.html", page, NULL);
  rc_server_add_data_mapping (f->server, "https://zarr.nemar.org", f->data);
  rc_server_add_data_mapping (f->server, "http://data.example/mirror/", f->data);
  rc_server_set_run_id (f->server, "run-7");
  rc_server_start (f->server, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer user_data)
{
  g_clear_object (&f->server);
  rc_test_remove_tree (f->tmp);
  g_free (f->tmp);
  g_free (f->mirror);
  g_free (f->data);
}

static const char *
header (CurlResult *r, const char *name)
{
  return soup_message_headers_get_one (r->headers, name);
}

static void
test_proxy_and_ca (Fixture *f, gconstpointer user_data)
{
  const char *ca = rc_server_get_ca_file (f->server);
  g_autofree char *pem = NULL;

  g_assert_true (g_str_has_prefix (rc_server_get_proxy_url (f->server), "http://127.0.0.1:"));
  g_assert_cmpuint (rc_server_get_port (f->server), >, 0);
  g_assert_true (g_str_has_prefix (ca, rc_paths_runtime_dir ()));
  g_assert_false (g_str_has_prefix (ca, RC_SOURCE_DIR));
  g_assert_true (g_file_get_contents (ca, &pem, NULL, NULL));
  g_assert_true (g_str_has_prefix (pem, "-----BEGIN CERTIFICATE-----"));
  g_assert_cmpstr (rc_server_get_page_origin (f->server), ==, "https://nemar.org");
  g_assert_cmpstr (rc_server_get_api_origin (f->server), ==, "https://widget.osc.earth");
}

static void
test_certificates (Fixture *f, gconstpointer user_data)
{
  g_auto (GStrv) hosts = rc_server_get_emulated_hosts (f->server);
  g_autoptr (GError) error = NULL;
  g_autoptr (GTlsCertificate) ca =
      g_tls_certificate_new_from_file (rc_server_get_ca_file (f->server), &error);
  const char *expected[] = { "nemar.org", "cdn.jsdelivr.net", "widget.osc.earth", "zarr.nemar.org",
                             "data.example" };

  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (hosts), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr (GTlsCertificate) leaf = NULL;
      g_autoptr (GSocketConnectable) identity = g_network_address_new (expected[i], 443);
      g_autoptr (GSocketConnectable) other = g_network_address_new ("example.org", 443);

      g_assert_cmpstr (hosts[i], ==, expected[i]);
      leaf = rc_server_get_tls_certificate (f->server, expected[i], &error);
      g_assert_no_error (error);
      g_assert_cmpint (g_tls_certificate_verify (leaf, identity, ca), ==, 0);
      g_assert_cmpint (g_tls_certificate_verify (leaf, other, ca), ==,
                       G_TLS_CERTIFICATE_BAD_IDENTITY);
    }
}

static void
test_proxy_itself (Fixture *f, gconstpointer user_data)
{
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%u/", rc_server_get_port (f->server));
  g_autoptr (CurlResult) r = run_curl (f->server, "--noproxy", "*", url, NULL);

  g_assert_cmpuint (r->status, ==, 400);
}

static void
test_page (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) r = run_curl (f->server, "https://nemar.org/", NULL);
  g_autoptr (CurlResult) missing = NULL;
  g_autoptr (CurlResult) plain = NULL;
  g_autofree char *url = rc_server_get_page_url (f->server, "/index.html");

  g_assert_cmpint (r->exit_status, ==, 0);
  g_assert_cmpuint (r->connect_status, ==, 200);
  g_assert_cmpuint (r->status, ==, 200);
  g_assert_cmpstr (header (r, "Content-Security-Policy"), ==, NEMARLIKE);
  g_assert_cmpstr (header (r, "Cache-Control"), ==, "no-store");
  g_assert_cmpstr (header (r, "Content-Type"), ==, "text/html; charset=utf-8");
  g_assert_cmpmem (g_bytes_get_data (r->body, NULL), g_bytes_get_size (r->body), PAGE_HTML,
                   strlen (PAGE_HTML));
  g_assert_cmpstr (url, ==, "https://nemar.org/index.html");

  missing = run_curl (f->server, "https://nemar.org/nothing.js", NULL);
  g_assert_cmpuint (missing->status, ==, 404);
  g_assert_cmpstr (header (missing, "Content-Security-Policy"), ==, NEMARLIKE);

  /* No policy: no header at all, over plain http through the proxy too. */
  rc_server_set_csp (f->server, NULL);
  plain = run_curl (f->server, "http://nemar.org/index.html", NULL);
  g_assert_cmpuint (plain->status, ==, 200);
  g_assert_null (header (plain, "Content-Security-Policy"));
}

static void
test_cdn (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) js = run_curl (f->server, CDN "pyodide.js", NULL);
  g_autoptr (CurlResult) wasm = run_curl (f->server, CDN "pyodide.asm.wasm", NULL);
  g_autoptr (CurlResult) lock = run_curl (f->server, "-I", CDN "pyodide-lock.json", NULL);
  g_autofree char *base = rc_server_get_cdn_base (f->server);

  g_assert_cmpstr (base, ==, CDN);
  g_assert_cmpuint (js->status, ==, 200);
  g_assert_cmpstr (header (js, "Access-Control-Allow-Origin"), ==, "*");
  g_assert_cmpstr (header (js, "Cache-Control"), ==, "public, max-age=31536000");
  g_assert_cmpstr (header (js, "Content-Type"), ==, "application/javascript; charset=utf-8");
  g_assert_nonnull (header (js, "ETag"));
  g_assert_nonnull (header (js, "Last-Modified"));
  g_assert_cmpmem (g_bytes_get_data (js->body, NULL), g_bytes_get_size (js->body),
                   "self.loadPyodide = 1;\n", 22);

  g_assert_cmpuint (wasm->status, ==, 200);
  g_assert_cmpstr (header (wasm, "Content-Type"), ==, "application/wasm");
  g_assert_cmpmem (g_bytes_get_data (wasm->body, NULL), g_bytes_get_size (wasm->body), WASM_BYTES,
                   sizeof WASM_BYTES - 1);

  g_assert_cmpuint (lock->status, ==, 200);
  g_assert_cmpstr (header (lock, "Content-Type"), ==, "application/json; charset=utf-8");
  g_assert_cmpint (soup_message_headers_get_content_length (lock->headers), ==, 17);
  g_assert_cmpuint (lock->size_download, ==, 0);
}

static void
test_cdn_conditional (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) first = run_curl (f->server, CDN "pyodide.js", NULL);
  g_autofree char *inm = g_strdup_printf ("If-None-Match: %s", header (first, "ETag"));
  g_autofree char *ims = g_strdup_printf ("If-Modified-Since: %s", header (first, "Last-Modified"));
  g_autoptr (CurlResult) by_etag = run_curl (f->server, "-H", inm, CDN "pyodide.js", NULL);
  g_autoptr (CurlResult) by_date = run_curl (f->server, "-H", ims, CDN "pyodide.js", NULL);
  g_autoptr (CurlResult) stale =
      run_curl (f->server, "-H", "If-None-Match: \"other\"", CDN "pyodide.js", NULL);
  GPtrArray *requests = rc_server_get_requests (f->server);
  guint n304 = 0;

  g_assert_cmpuint (by_etag->status, ==, 304);
  g_assert_cmpuint (by_etag->size_download, ==, 0);
  g_assert_cmpstr (header (by_etag, "ETag"), ==, header (first, "ETag"));
  g_assert_cmpstr (header (by_etag, "Access-Control-Allow-Origin"), ==, "*");
  g_assert_cmpuint (by_date->status, ==, 304);
  g_assert_cmpuint (stale->status, ==, 200);
  g_assert_cmpuint (stale->size_download, ==, 22);

  g_assert_true (wait_for_requests (f->server, 8));
  for (guint i = 0; i < requests->len; i++)
    {
      RcRequestRecord *record = requests->pdata[i];

      if (record->not_modified)
        {
          n304++;
          g_assert_true (record->conditional);
          g_assert_cmpuint (record->status, ==, 304);
          g_assert_cmpuint (record->bytes, ==, 0);
        }
    }
  g_assert_cmpuint (n304, ==, 2);
}

static void
test_cdn_missing (Fixture *f, gconstpointer user_data)
{
  const char *wheel = CDN "numpy-2.2.5-cp313-cp313-pyodide_2025_0_wasm32.whl";
  g_autoptr (CurlResult) r = run_curl (f->server, wheel, NULL);
  g_autoptr (CurlResult) version = run_curl (f->server,
                                             "https://cdn.jsdelivr.net/pyodide/v0.1.0/"
                                             "full/pyodide.js",
                                             NULL);
  RcRequestRecord *record = NULL;

  g_assert_cmpuint (r->status, ==, 404);
  g_assert_cmpuint (version->status, ==, 404);
  record = find_request (f->server, wheel);
  g_assert_nonnull (record);
  g_assert_cmpstr (record->origin, ==, "cdn");
  g_assert_nonnull (strstr (record->note, "numpy-2.2.5-cp313-cp313-pyodide_2025_0_wasm32.whl is "
                                          "not in this distribution mirror"));
  g_assert_nonnull (strstr (record->note, "numpy"));
}

static void
assert_refused (Fixture *f, const char *url, guint status)
{
  g_autoptr (CurlResult) r = run_curl (f->server, "--path-as-is", url, NULL);

  g_test_message ("%s -> %u", url, r->status);
  g_assert_cmpuint (r->status, ==, status);
  g_assert_null (
      g_strstr_len (g_bytes_get_data (r->body, NULL), g_bytes_get_size (r->body), "secret"));
}

static void
test_hostile (Fixture *f, gconstpointer user_data)
{
  /* GUri removes literal dot segments, so they end outside /pyodide/…/full/. */
  assert_refused (f, CDN "../../../../secret.txt", 404);
  assert_refused (f, CDN "%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt", 404);
  assert_refused (f, CDN "x/%2E%2E/%2E%2E/%2E%2E/%2E%2E/secret.txt", 404);
  /* An encoded slash is decoded per segment and refused. */
  assert_refused (f, CDN "..%2f..%2fsecret.txt", 403);
  assert_refused (f, CDN "..%5c..%5csecret.txt", 403);
  assert_refused (f, CDN "/etc/passwd", 403);
  assert_refused (f, CDN "escape.js", 403);
  assert_refused (f, "https://zarr.nemar.org/leak.txt", 403);
  assert_refused (f, "https://zarr.nemar.org/%2e%2e/secret.txt", 404);
  assert_refused (f, "https://zarr.nemar.org//etc/passwd", 403);
  assert_refused (f, "http://data.example/mirror/../secret.txt", 502);
}

static void
test_data (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GBytes) blob = pattern_bytes (100000);
  g_autoptr (CurlResult) whole = run_curl (f->server, "https://zarr.nemar.org/sub/blob.bin", NULL);
  g_autoptr (CurlResult) range =
      run_curl (f->server, "-r", "1000-1999", "https://zarr.nemar.org/sub/blob.bin", NULL);
  g_autoptr (CurlResult) prefixed =
      run_curl (f->server, "http://data.example/mirror/sub/blob.bin", NULL);
  g_autoptr (CurlResult) outside =
      run_curl (f->server, "http://data.example/other/sub/blob.bin", NULL);
  g_autoptr (CurlResult) preflight =
      run_curl (f->server, "-X", "OPTIONS", "-H", "Origin: https://nemar.org", "-H",
                "Access-Control-Request-Method: GET", "https://zarr.nemar.org/sub/blob.bin", NULL);
  g_autoptr (GBytes) slice = g_bytes_new_from_bytes (blob, 1000, 1000);

  g_assert_cmpuint (whole->status, ==, 200);
  g_assert_true (g_bytes_equal (whole->body, blob));
  g_assert_cmpstr (header (whole, "Access-Control-Allow-Origin"), ==, "*");
  g_assert_cmpstr (header (whole, "Accept-Ranges"), ==, "bytes");
  g_assert_nonnull (strstr (header (whole, "Access-Control-Expose-Headers"), "Content-Range"));

  g_assert_cmpuint (range->status, ==, 206);
  g_assert_cmpstr (header (range, "Content-Range"), ==, "bytes 1000-1999/100000");
  g_assert_cmpstr (header (range, "Access-Control-Allow-Origin"), ==, "*");
  g_assert_true (g_bytes_equal (range->body, slice));

  g_assert_cmpuint (prefixed->status, ==, 200);
  g_assert_true (g_bytes_equal (prefixed->body, blob));
  g_assert_cmpuint (outside->status, ==, 502); /* same host, outside the mapped prefix */

  g_assert_cmpuint (preflight->status, ==, 204);
  g_assert_cmpstr (header (preflight, "Access-Control-Allow-Origin"), ==, "*");
}

static void
test_offline (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) tls = run_curl (f->server, "https://pypi.org/simple/", NULL);
  g_autoptr (CurlResult) plain = run_curl (f->server, "http://pypi.org/simple/", NULL);
  RcRequestRecord *record;
  GPtrArray *requests;

  g_assert_cmpuint (tls->connect_status, ==, 502);
  g_assert_cmpint (tls->exit_status, !=, 0);
  g_assert_cmpuint (plain->status, ==, 502);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (plain->body, NULL),
                                  g_bytes_get_size (plain->body), "pypi.org is not an emulated"));
  record = find_request (f->server, "http://pypi.org/simple/");
  g_assert_nonnull (record);
  g_assert_cmpstr (record->origin, ==, "offline");
  g_assert_cmpstr (record->note, ==, "not emulated");

  requests = rc_server_get_requests (f->server);
  g_assert_cmpstr (((RcRequestRecord *) requests->pdata[0])->method, ==, "CONNECT");
  g_assert_cmpstr (((RcRequestRecord *) requests->pdata[0])->url, ==, "pypi.org:443");
  g_assert_cmpuint (((RcRequestRecord *) requests->pdata[0])->status, ==, 502);
}

static void
test_log_bytes (Fixture *f, gconstpointer user_data)
{
  const char *urls[] = { "https://zarr.nemar.org/sub/blob.bin", CDN "pyodide.asm.wasm",
                         "https://nemar.org/", CDN "missing.js", "http://pypi.org/" };

  for (guint i = 0; i < G_N_ELEMENTS (urls); i++)
    {
      g_autoptr (CurlResult) r = run_curl (f->server, urls[i], NULL);
      RcRequestRecord *record = find_request (f->server, urls[i]);

      g_assert_nonnull (record);
      g_assert_cmpuint (record->bytes, ==, r->size_download);
      g_assert_cmpuint (record->bytes, ==, g_bytes_get_size (r->body));
      g_assert_cmpuint (record->status, ==, r->status);
      g_assert_cmpstr (record->run_id, ==, "run-7");
      g_assert_cmpstr (record->method, ==, "GET");
      g_assert_cmpint (record->start_us, >, 0);
      g_assert_cmpint (record->first_byte_us, >=, record->start_us);
      g_assert_cmpint (record->end_us, >=, record->first_byte_us);
      g_assert_false (record->conditional);
    }
}

static void
record_cb (RcServer *server, RcRequestRecord *record, gpointer user_data)
{
  g_ptr_array_add (user_data, rc_request_record_copy (record));
}

static void
test_signal (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GPtrArray) seen =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_request_record_free);
  g_autoptr (CurlResult) r = NULL;

  g_signal_connect (f->server, "request-finished", G_CALLBACK (record_cb), seen);
  r = run_curl (f->server, CDN "pyodide.js", NULL);
  wait_for_requests (f->server, 2);
  g_assert_cmpuint (seen->len, ==, 2);
  g_assert_cmpstr (((RcRequestRecord *) seen->pdata[0])->origin, ==, "tunnel");
  g_assert_cmpstr (((RcRequestRecord *) seen->pdata[1])->url, ==, CDN "pyodide.js");
  rc_server_clear_requests (f->server);
  g_assert_cmpuint (rc_server_get_requests (f->server)->len, ==, 0);
}

static void
test_profiles (void)
{
  RcThrottleProfile profile;

  g_assert_true (rc_throttle_profile_from_string ("fast-3g", &profile));
  g_assert_cmpint (profile, ==, RC_THROTTLE_FAST_3G);
  g_assert_cmpstr (rc_throttle_profile_to_string (RC_THROTTLE_SLOW_3G), ==, "slow-3g");
  g_assert_cmpuint (rc_throttle_profile_get_bits_per_second (RC_THROTTLE_CABLE), ==, 5000000);
  g_assert_cmpuint (rc_throttle_profile_get_latency_ms (RC_THROTTLE_NONE), ==, 0);
  g_assert_cmpuint (rc_throttle_profile_get_download (RC_THROTTLE_NONE), ==, 0);
  /* Chrome DevTools' presets (front_end/core/sdk/NetworkManager.ts), in bytes/s and ms */
  g_assert_cmpuint (rc_throttle_profile_get_download (RC_THROTTLE_SLOW_3G), ==, 50000);
  g_assert_cmpuint (rc_throttle_profile_get_upload (RC_THROTTLE_SLOW_3G), ==, 50000);
  g_assert_cmpfloat (rc_throttle_profile_get_latency_ms (RC_THROTTLE_SLOW_3G), ==, 2000);
  g_assert_cmpuint (rc_throttle_profile_get_download (RC_THROTTLE_FAST_3G), ==, 180000);
  g_assert_cmpuint (rc_throttle_profile_get_upload (RC_THROTTLE_FAST_3G), ==, 84375);
  g_assert_cmpfloat (rc_throttle_profile_get_latency_ms (RC_THROTTLE_FAST_3G), ==, 562.5);
  g_assert_cmpuint (rc_throttle_profile_get_download (RC_THROTTLE_FAST_4G), ==, 1012500);
  g_assert_cmpuint (rc_throttle_profile_get_upload (RC_THROTTLE_FAST_4G), ==, 168750);
  g_assert_cmpfloat (rc_throttle_profile_get_latency_ms (RC_THROTTLE_FAST_4G), ==, 165);
  g_assert_cmpuint (rc_throttle_profile_get_bits_per_second (RC_THROTTLE_SLOW_3G), ==, 400000);
  g_assert_false (rc_throttle_profile_from_string ("3g", &profile));
  for (guint i = 0; i < RC_THROTTLE_N_PROFILES; i++)
    {
      g_assert_true (rc_throttle_profile_from_string (rc_throttle_profile_to_string (i), &profile));
      g_assert_cmpint (profile, ==, i);
    }
}

static void
test_bad_origin (void)
{
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (GError) error = NULL;

  rc_server_add_data_mapping (server, "ftp://zarr.nemar.org", "/tmp");
  g_assert_false (rc_server_start (server, &error));
  g_assert_error (error, RC_SERVER_ERROR, RC_SERVER_ERROR_BAD_ORIGIN);
  g_assert_nonnull (strstr (error->message, "ftp://zarr.nemar.org"));
  g_assert_false (rc_server_is_running (server));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/serve/proxy-and-ca", test_proxy_and_ca);
  ADD ("/serve/certificates", test_certificates);
  ADD ("/serve/proxy-itself", test_proxy_itself);
  ADD ("/serve/page", test_page);
  ADD ("/serve/cdn", test_cdn);
  ADD ("/serve/cdn-conditional", test_cdn_conditional);
  ADD ("/serve/cdn-missing", test_cdn_missing);
  ADD ("/serve/hostile", test_hostile);
  ADD ("/serve/data", test_data);
  ADD ("/serve/offline", test_offline);
  ADD ("/serve/log-bytes", test_log_bytes);
  ADD ("/serve/signal", test_signal);
#undef ADD
  g_test_add_func ("/serve/profiles", test_profiles);
  g_test_add_func ("/serve/bad-origin", test_bad_origin);
  return g_test_run ();
}
