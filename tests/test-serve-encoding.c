/* test-serve-encoding.c: the CDN's Content-Encoding as jsDelivr sends it, through the real
 * curl (which sends Accept-Encoding only when told to and never decodes here), on a small
 * fake distribution so brotli stays fast. The encoded-copy cache is a temporary folder. */
#include "config.h"

#include <brotli/decode.h>
#include <glib/gstdio.h>

#include "core/base/rc-paths.h"
#include "serve-test-util.h"

#define CDN "https://cdn.jsdelivr.net/pyodide/v" PYODIDE_VERSION "/full/"

typedef struct
{
  char *tmp;
  char *mirror;
  char *cache;
  GBytes *wasm; /* pyodide.asm.wasm as written */
  RcServer *server;
} Fixture;

/* Text-like, so it compresses well: ~600 kB. */
static GBytes *
compressible_bytes (void)
{
  GString *s = g_string_new ("\0asm\1\0\0\0");

  g_string_set_size (s, 8);
  for (guint i = 0; s->len < 600000; i++)
    g_string_append_printf (s, "(func $f%u (param i32) (result i32) local.get 0 i32.const %u)\n", i,
                            i % 97);
  return g_string_free_to_bytes (s);
}

static RcServer *
start_server (Fixture *f)
{
  RcServer *server = rc_server_new ();
  g_autoptr (GError) error = NULL;

  rc_server_set_distribution_dir (server, f->mirror);
  rc_server_start (server, &error);
  g_assert_no_error (error);
  return server;
}

static void
fixture_set_up (Fixture *f, gconstpointer user_data)
{
  f->tmp = rc_test_make_tmp ("rc-serve-encoding");
  f->mirror = g_build_filename (f->tmp, "mirror", NULL);
  f->cache = g_build_filename (f->tmp, "cache", "encoded", NULL);
  f->wasm = compressible_bytes ();
  rc_test_write_file (f->mirror, "pyodide.asm.wasm", g_bytes_get_data (f->wasm, NULL),
                      (gssize) g_bytes_get_size (f->wasm));
  rc_test_write_file (f->mirror, "pyodide.js", "self.loadPyodide = () => 1;\n", -1);
  rc_test_write_file (f->mirror, "console.html", "<!doctype html><title>console</title>\n", -1);
  rc_test_write_file (f->mirror, "demo-0.1-py3-none-any.whl", "PK\3\4 wheel wheel wheel wheel", -1);
  rc_test_write_file (f->mirror, "python_stdlib.zip", "PK\3\4 zip zip zip zip zip zip", -1);
  g_setenv ("RC_ENCODED_CACHE_DIR", f->cache, TRUE);
  f->server = start_server (f);
}

static void
fixture_tear_down (Fixture *f, gconstpointer user_data)
{
  /* The encodes the server started (rc_encoder_prepare) may outlive it: each worker keeps
   * the encoder until it has written its copy into f->tmp, which would then be left behind. */
  RcEncoder *encoder = rc_server_get_encoder (f->server);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  g_object_add_weak_pointer (G_OBJECT (encoder), (gpointer *) &encoder);
  g_clear_object (&f->server);
  while (encoder != NULL && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10 * 1000);
  g_assert_null (encoder);
  rc_test_remove_tree (f->tmp);
  g_bytes_unref (f->wasm);
  g_free (f->tmp);
  g_free (f->mirror);
  g_free (f->cache);
}

static const char *
header (CurlResult *r, const char *name)
{
  return soup_message_headers_get_one (r->headers, name);
}

static GBytes *
unbrotli (GBytes *encoded, gsize expected)
{
  guint8 *out = g_malloc (expected + 1);
  size_t n = expected + 1;

  g_assert_cmpint (BrotliDecoderDecompress (g_bytes_get_size (encoded),
                                            g_bytes_get_data (encoded, NULL), &n, out),
                   ==, BROTLI_DECODER_RESULT_SUCCESS);
  return g_bytes_new_take (out, n);
}

static GBytes *
gunzip (GBytes *encoded)
{
  g_autoptr (GZlibDecompressor) gz = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GInputStream) raw = g_memory_input_stream_new_from_bytes (encoded);
  g_autoptr (GInputStream) in = g_converter_input_stream_new (raw, G_CONVERTER (gz));
  g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr (GError) error = NULL;

  g_output_stream_splice (out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error);
  g_assert_no_error (error);
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

static void
assert_same (GBytes *a, GBytes *b)
{
  g_assert_cmpmem (g_bytes_get_data (a, NULL), g_bytes_get_size (a), g_bytes_get_data (b, NULL),
                   g_bytes_get_size (b));
}

static void
test_brotli (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) r =
      run_curl (f->server, "-H", "Accept-Encoding: br, gzip", CDN "pyodide.asm.wasm", NULL);
  g_autoptr (GBytes) decoded = unbrotli (r->body, g_bytes_get_size (f->wasm));
  RcRequestRecord *record = find_request (f->server, CDN "pyodide.asm.wasm");

  g_assert_cmpuint (r->status, ==, 200);
  g_assert_cmpstr (header (r, "Content-Encoding"), ==, "br");
  g_assert_cmpstr (header (r, "Content-Type"), ==, "application/wasm");
  g_assert_true (soup_message_headers_header_contains (r->headers, "Vary", "Accept-Encoding"));
  assert_same (decoded, f->wasm);
  g_assert_nonnull (record);
  g_assert_cmpstr (record->content_encoding, ==, "br");
  g_assert_cmpuint (record->bytes, ==, r->size_download);
  g_assert_cmpint (record->decoded_bytes, ==, (gint64) g_bytes_get_size (f->wasm));
  g_assert_cmpint ((gint64) record->bytes * 5, <, record->decoded_bytes);
}

static void
test_gzip (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) r =
      run_curl (f->server, "-H", "Accept-Encoding: gzip", CDN "pyodide.asm.wasm", NULL);
  g_autoptr (CurlResult) refused =
      run_curl (f->server, "-H", "Accept-Encoding: br;q=0, gzip;q=0.5", CDN "pyodide.js", NULL);
  g_autoptr (GBytes) decoded = gunzip (r->body);
  RcRequestRecord *record = find_request (f->server, CDN "pyodide.asm.wasm");

  g_assert_cmpstr (header (r, "Content-Encoding"), ==, "gzip");
  assert_same (decoded, f->wasm);
  g_assert_cmpstr (record->content_encoding, ==, "gzip");
  g_assert_cmpuint (record->bytes, ==, r->size_download);
  g_assert_cmpint ((gint64) record->bytes, <, record->decoded_bytes);
  g_assert_cmpstr (header (refused, "Content-Encoding"), ==, "gzip");
}

static void
test_identity (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) r = run_curl (f->server, CDN "pyodide.asm.wasm", NULL);
  g_autoptr (CurlResult) none =
      run_curl (f->server, "-H", "Accept-Encoding: identity, *;q=0", CDN "pyodide.js", NULL);
  RcRequestRecord *record = find_request (f->server, CDN "pyodide.asm.wasm");

  g_assert_null (header (r, "Content-Encoding"));
  g_assert_true (soup_message_headers_header_contains (r->headers, "Vary", "Accept-Encoding"));
  assert_same (r->body, f->wasm);
  g_assert_null (record->content_encoding);
  g_assert_cmpint (record->decoded_bytes, ==, (gint64) record->bytes);
  g_assert_null (header (none, "Content-Encoding"));
}

/* Already-compressed types go as they are, whatever the client accepts. */
static void
test_archives (Fixture *f, gconstpointer user_data)
{
  const char *urls[] = { CDN "demo-0.1-py3-none-any.whl", CDN "python_stdlib.zip" };

  for (guint i = 0; i < G_N_ELEMENTS (urls); i++)
    {
      g_autoptr (CurlResult) r =
          run_curl (f->server, "-H", "Accept-Encoding: br, gzip", urls[i], NULL);
      RcRequestRecord *record = find_request (f->server, urls[i]);

      g_assert_cmpuint (r->status, ==, 200);
      g_assert_null (header (r, "Content-Encoding"));
      g_assert_null (header (r, "Vary"));
      g_assert_null (record->content_encoding);
      g_assert_cmpint (record->decoded_bytes, ==, (gint64) r->size_download);
    }
}

/* A range means bytes of the file itself: identity, as many CDNs answer. */
static void
test_range (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) r =
      run_curl (f->server, "-H", "Accept-Encoding: br", "-r", "8-27", CDN "pyodide.asm.wasm", NULL);

  g_assert_cmpuint (r->status, ==, 206);
  g_assert_null (header (r, "Content-Encoding"));
  g_assert_cmpmem (g_bytes_get_data (r->body, NULL), g_bytes_get_size (r->body),
                   (const char *) g_bytes_get_data (f->wasm, NULL) + 8, 20);
}

static void
test_validators (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) br =
      run_curl (f->server, "-H", "Accept-Encoding: br", CDN "pyodide.js", NULL);
  g_autoptr (CurlResult) plain = run_curl (f->server, CDN "pyodide.js", NULL);
  g_autofree char *inm = g_strdup_printf ("If-None-Match: %s", header (br, "ETag"));
  g_autoptr (CurlResult) again =
      run_curl (f->server, "-H", "Accept-Encoding: br", "-H", inm, CDN "pyodide.js", NULL);

  g_assert_cmpstr (header (br, "ETag"), !=, header (plain, "ETag"));
  g_assert_cmpuint (again->status, ==, 304);
}

static char *
cache_file_for (Fixture *f, GBytes *original, const char *suffix)
{
  g_autofree char *sha = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, original);
  g_autofree char *name = g_strdup_printf ("%s.%s", sha, suffix);

  return g_build_filename (f->cache, name, NULL);
}

/* Compressed once, kept under the user cache by the original's sha256, reused by the next
 * server (as by the next process); the first request for a file waits for its copy. */
static void
test_cache (Fixture *f, gconstpointer user_data)
{
  g_autoptr (GBytes) html = g_bytes_new_static ("<!doctype html><title>console</title>\n", 38);
  g_autofree char *wasm_copy = cache_file_for (f, f->wasm, "br");
  g_autofree char *html_copy = cache_file_for (f, html, "br");
  g_autoptr (CurlResult) first =
      run_curl (f->server, "-H", "Accept-Encoding: br", CDN "console.html", NULL);
  g_autoptr (CurlResult) wasm =
      run_curl (f->server, "-H", "Accept-Encoding: br", CDN "pyodide.asm.wasm", NULL);
  g_autofree char *beside = g_build_filename (f->mirror, "encoded", NULL);
  RcRequestRecord *record = find_request (f->server, CDN "console.html");
  g_autoptr (RcServer) second = NULL;
  g_autoptr (CurlResult) r2 = NULL;
  g_autoptr (CurlResult) r3 = NULL;
  guint made = rc_encoder_get_compressions (rc_server_get_encoder (f->server));
  GStatBuf before, after;

  g_assert_cmpstr (header (first, "Content-Encoding"), ==, "br");
  g_assert_nonnull (strstr (record->note, "first use"));
  g_assert_true (g_file_test (html_copy, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_stat (html_copy, &before), ==, 0);
  g_assert_cmpuint (made, >=, 1);

  second = start_server (f);
  r2 = run_curl (second, "-H", "Accept-Encoding: br", CDN "console.html", NULL);
  r3 = run_curl (second, "-H", "Accept-Encoding: br", CDN "pyodide.asm.wasm", NULL);
  g_assert_cmpstr (header (r2, "Content-Encoding"), ==, "br");
  assert_same (r2->body, first->body);
  assert_same (r3->body, wasm->body);
  g_assert_true (g_file_test (wasm_copy, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (rc_encoder_get_compressions (rc_server_get_encoder (second)), ==, 0);
  g_assert_cmpint (g_stat (html_copy, &after), ==, 0);
  g_assert_cmpint (after.st_mtime, ==, before.st_mtime);
  g_assert_cmpuint (after.st_ino, ==, before.st_ino);
  /* the cache is the one the paths helper names, never beside the distribution */
  g_assert_cmpstr (rc_encoder_get_cache_dir (rc_server_get_encoder (second)), ==, f->cache);
  g_assert_false (g_file_test (beside, G_FILE_TEST_EXISTS));
}

/* The throttle shapes wire bytes: at Fast 3G (180 000 B/s) the decoded 600 kB would need more
 * than 3.3 s; its brotli stream takes a fraction of that (latency 0.56 s included). */
static void
test_throttle_wire (Fixture *f, gconstpointer user_data)
{
  g_autoptr (CurlResult) warm =
      run_curl (f->server, "-H", "Accept-Encoding: br", CDN "pyodide.asm.wasm", NULL);
  g_autoptr (CurlResult) r = NULL;
  double decoded_s =
      g_bytes_get_size (f->wasm) / (double) rc_throttle_profile_get_download (RC_THROTTLE_FAST_3G);

  rc_server_set_throttle (f->server, RC_THROTTLE_FAST_3G);
  r = run_curl (f->server, "-H", "Accept-Encoding: br", CDN "pyodide.asm.wasm", NULL);
  g_assert_cmpstr (header (r, "Content-Encoding"), ==, "br");
  g_assert_cmpfloat (r->time_total, >=,
                     rc_throttle_profile_get_latency_ms (RC_THROTTLE_FAST_3G) / 1000.0);
  g_assert_cmpfloat (r->time_total, <, decoded_s);
}

static void
test_negotiate (void)
{
  static const struct
  {
    const char *header;
    RcCoding coding;
  } cases[] = {
    { NULL, RC_CODING_IDENTITY },
    { "", RC_CODING_IDENTITY },
    { "gzip, deflate, br", RC_CODING_BR },
    { "gzip;q=1.0, br;q=0.1", RC_CODING_BR },
    { "gzip", RC_CODING_GZIP },
    { "x-gzip", RC_CODING_GZIP },
    { "br;q=0, gzip", RC_CODING_GZIP },
    { "*", RC_CODING_BR },
    { "*;q=0.5, br;q=0", RC_CODING_GZIP },
    { "identity", RC_CODING_IDENTITY },
    { "deflate", RC_CODING_IDENTITY },
    { "br;q=0, gzip;q=0", RC_CODING_IDENTITY },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("Accept-Encoding: %s", cases[i].header);
      g_assert_cmpint (rc_coding_negotiate (cases[i].header), ==, cases[i].coding);
    }
  g_assert_true (rc_coding_type_is_compressible ("application/wasm"));
  g_assert_true (rc_coding_type_is_compressible ("application/javascript; charset=utf-8"));
  g_assert_true (rc_coding_type_is_compressible ("text/html; charset=utf-8"));
  g_assert_true (rc_coding_type_is_compressible ("image/svg+xml"));
  g_assert_false (rc_coding_type_is_compressible ("application/zip"));
  g_assert_false (rc_coding_type_is_compressible ("application/gzip"));
  g_assert_false (rc_coding_type_is_compressible ("image/png"));
  g_assert_false (rc_coding_type_is_compressible ("application/octet-stream"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/serve-encoding/brotli", test_brotli);
  ADD ("/serve-encoding/gzip", test_gzip);
  ADD ("/serve-encoding/identity", test_identity);
  ADD ("/serve-encoding/archives", test_archives);
  ADD ("/serve-encoding/range", test_range);
  ADD ("/serve-encoding/validators", test_validators);
  ADD ("/serve-encoding/cache", test_cache);
  ADD ("/serve-encoding/throttle-wire", test_throttle_wire);
#undef ADD
  g_test_add_func ("/serve-encoding/negotiate", test_negotiate);
  return g_test_run ();
}
