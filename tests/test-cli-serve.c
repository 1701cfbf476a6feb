/* test-cli-serve.c: `runtime-console serve` as a user runs it, driven with curl. */
#include "config.h"

#include <signal.h>

#include <json-glib/json-glib.h>

#include "core/policy/rc-csp-presets.h"
#include "core/base/rc-paths.h"
#include "serve-test-util.h"

typedef struct
{
  GSubprocess *process;
  GDataInputStream *out;
  char *proxy;
  char *ca;
  char *page;
} Serving;

static GSubprocess *
spawn_serve (const char *const *extra, GError **error)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *demo = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);

  g_ptr_array_add (argv, g_strdup (g_getenv ("RC_BINARY")));
  g_ptr_array_add (argv, g_strdup ("serve"));
  g_ptr_array_add (argv, g_strdup (demo));
  for (guint i = 0; extra[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (extra[i]));
  g_ptr_array_add (argv, NULL);
  return g_subprocess_newv ((const char *const *) argv->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, error);
}

static char *
field (const char *line, const char *label)
{
  g_autofree char *prefix = g_strdup_printf ("  %-10s ", label);

  return g_str_has_prefix (line, prefix) ? g_strdup (line + strlen (prefix)) : NULL;
}

/* Reads the banner up to the blank line that ends it: on stderr with --json, whose stdout is
 * JSON Lines only. */
static void
serving_start (Serving *s, const char *const *extra)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDataInputStream) banner = NULL;
  gboolean chromium = FALSE;
  char *line;

  s->process = spawn_serve (extra, &error);
  g_assert_no_error (error);
  s->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (s->process));
  banner = g_strv_contains (extra, "--json")
               ? g_data_input_stream_new (g_subprocess_get_stderr_pipe (s->process))
               : g_object_ref (s->out);
  while ((line = g_data_input_stream_read_line_utf8 (banner, NULL, NULL, &error)) != NULL)
    {
      g_autofree char *owned = line;
      char *value;

      g_test_message ("banner: %s", line);
      if ((value = field (line, "proxy")) != NULL)
        s->proxy = value;
      else if ((value = field (line, "CA")) != NULL)
        s->ca = value;
      else if ((value = field (line, "page")) != NULL)
        s->page = value;
      if (strstr (line, "chromium --proxy-server=") != NULL)
        chromium = TRUE;
      else if (chromium && *line == '\0')
        break;
    }
  g_assert_no_error (error);
  g_assert_nonnull (s->proxy);
  g_assert_nonnull (s->ca);
  g_assert_nonnull (s->page);
}

/* SIGTERM, then the JSON log lines printed meanwhile. */
static GPtrArray *
serving_stop (Serving *s)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr (GError) error = NULL;
  char *line;

  g_subprocess_send_signal (s->process, SIGTERM);
  while ((line = g_data_input_stream_read_line_utf8 (s->out, NULL, NULL, &error)) != NULL)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autofree char *owned = line;

      /* JSON Lines: every line of stdout is one object, nothing else */
      g_test_message ("stdout: %s", line);
      g_assert_true (json_parser_load_from_data (parser, line, -1, NULL));
      g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
      g_ptr_array_add (records,
                       json_object_ref (json_node_get_object (json_parser_get_root (parser))));
    }
  g_subprocess_wait (s->process, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (s->process));
  g_assert_cmpint (g_subprocess_get_exit_status (s->process), ==, 0);
  g_clear_object (&s->out);
  g_clear_object (&s->process);
  g_free (s->proxy);
  g_free (s->ca);
  g_free (s->page);
  return records;
}

static void
test_serve (void)
{
  g_autofree char *data = rc_test_make_tmp ("rc-serve-test");
  g_autofree char *mapping = g_strdup_printf ("https://data.example.org=%s", data);
  const char *const args[] = { "--csp", "control", "--json", "--run-id",
                               "cli-1", "--data",  mapping,  NULL };
  g_autoptr (RcCspPreset) control = rc_csp_presets_lookup ("control", NULL);
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (CurlResult) page = NULL;
  g_autoptr (CurlResult) config = NULL;
  g_autoptr (CurlResult) blob = NULL;
  g_autoptr (CurlResult) plan = NULL;
  Serving s = { 0 };
  guint gets = 0;

  rc_test_write_file (data, "blob.txt", "0123456789", 10);
  serving_start (&s, args);
  g_assert_cmpstr (s.page, ==, "https://demo.example.org/");
  page = run_curl_through (s.proxy, s.ca, (const char *const[]){ s.page, NULL });
  config = run_curl_through (s.proxy, s.ca,
                             (const char *const[]){ "https://widget.osc.earth/demo/", NULL });
  blob = run_curl_through (s.proxy, s.ca,
                           (const char *const[]){ "https://data.example.org/blob.txt", NULL });
  plan = run_curl_through (
      s.proxy, s.ca, (const char *const[]){ "https://demo.example.org/boot-plan.json", NULL });
  g_assert_cmpuint (page->status, ==, 200);
  g_assert_cmpstr (soup_message_headers_get_one (page->headers, "Content-Security-Policy"), ==,
                   control->policy);
  /* the page is the engines' host page, with its boot plan: it boots in any browser */
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (page->body, NULL),
                                  g_bytes_get_size (page->body), "src=\"/host.js\""));
  g_assert_cmpuint (plan->status, ==, 200);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (plan->body, NULL),
                                  g_bytes_get_size (plan->body), "\"pyodide_version\""));
  g_assert_cmpuint (config->status, ==, 200);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (config->body, NULL),
                                  g_bytes_get_size (config->body), "\"id\":\"demo\""));
  g_assert_cmpuint (blob->status, ==, 200);

  records = serving_stop (&s);
  for (guint i = 0; i < records->len; i++)
    {
      JsonObject *r = records->pdata[i];

      g_assert_cmpstr (json_object_get_string_member (r, "run_id"), ==, "cli-1");
      if (g_str_equal (json_object_get_string_member (r, "method"), "GET"))
        {
          const char *url = json_object_get_string_member (r, "url");
          CurlResult *match = g_str_equal (url, "https://demo.example.org/")        ? page
                              : g_str_equal (url, "https://widget.osc.earth/demo/") ? config
                              : g_str_equal (url, "https://demo.example.org/boot-plan.json") ? plan
                                                                                             : blob;

          gets++;
          g_assert_cmpint (json_object_get_int_member (r, "bytes"), ==, match->size_download);
        }
    }
  g_assert_cmpuint (gets, ==, 4);
  rc_test_remove_tree (data);
}

/* Opens a connection to @proxy ("http://127.0.0.1:PORT"), writes @text and closes it. */
static void
connect_and_close (const char *proxy, const char *text)
{
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GSocketConnection) connection = NULL;
  g_autoptr (GError) error = NULL;

  connection = g_socket_client_connect_to_uri (client, proxy, 0, NULL, &error);
  g_assert_no_error (error);
  if (*text != '\0')
    g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)), text,
                               strlen (text), NULL, NULL, &error);
  g_assert_no_error (error);
  g_io_stream_close (G_IO_STREAM (connection), NULL, &error);
  g_assert_no_error (error);
}

/* A connection that closes before its request line (or in the middle of it) has no method
 * and no URL: its log line says so instead of printing NULL (issue 12). The request log
 * keeps 2 of the 4 records (2 early ones, the CONNECT and the GET): 2 dropped, said at exit. */
static void
test_early_close (void)
{
  const char *const args[] = { "--request-log", "2", NULL };
  g_autoptr (GDataInputStream) err = NULL;
  gboolean dropped = FALSE;
  g_autoptr (CurlResult) config = NULL;
  g_autoptr (GError) error = NULL;
  Serving s = { 0 };
  guint early = 0, gets = 0;
  char *line;

  serving_start (&s, args);
  connect_and_close (s.proxy, "");
  connect_and_close (s.proxy, "GET http://widget.osc.earth/ HT");
  config = run_curl_through (s.proxy, s.ca,
                             (const char *const[]){ "https://widget.osc.earth/demo/", NULL });
  g_assert_cmpuint (config->status, ==, 200);
  /* all three are logged before the serve is stopped */
  while ((early < 2 || gets < 1)
         && (line = g_data_input_stream_read_line_utf8 (s.out, NULL, NULL, &error)) != NULL)
    {
      g_autofree char *owned = line;

      g_test_message ("stdout: %s", line);
      g_assert_null (strstr (line, "(null)"));
      if (strstr (line, "client closed the connection before a complete request") != NULL)
        {
          g_assert_nonnull (strstr (line, " -       -  [proxy] 0 B"));
          early++;
        }
      else if (strstr (line, "GET     https://widget.osc.earth/demo/") != NULL)
        gets++;
    }
  g_assert_no_error (error);
  g_assert_cmpuint (early, ==, 2);
  g_assert_cmpuint (gets, ==, 1);
  g_subprocess_send_signal (s.process, SIGTERM);
  err = g_data_input_stream_new (g_subprocess_get_stderr_pipe (s.process));
  while ((line = g_data_input_stream_read_line_utf8 (err, NULL, NULL, &error)) != NULL)
    {
      g_autofree char *owned = line;

      g_test_message ("stderr: %s", line);
      dropped |= strstr (line, "request log: the last 2 kept, 2 dropped") != NULL;
    }
  g_assert_no_error (error);
  g_assert_true (dropped);
  g_subprocess_wait (s.process, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (s.process), ==, 0);
  g_clear_object (&s.out);
  g_clear_object (&s.process);
  g_free (s.proxy);
  g_free (s.ca);
  g_free (s.page);
}

static void
assert_cannot_run (const char *const *args, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) process = spawn_serve (args, &error);
  g_autofree char *err = NULL;

  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, &err, &error);
  g_assert_no_error (error);
  g_test_message ("%s", err);
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 2);
  g_assert_nonnull (strstr (err, message));
  /* every option error points to --help, as the README promises */
  g_assert_nonnull (strstr (err, "runtime-console serve --help"));
}

/* A --port already in use: exit 2, naming the port, before anything is served. */
static void
test_port_in_use (void)
{
  g_autoptr (GSocketListener) squatter = g_socket_listener_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autofree char *port = NULL, *where = NULL, *out = NULL, *err = NULL;

  port = g_strdup_printf ("%u", g_socket_listener_add_any_inet_port (squatter, NULL, &error));
  g_assert_no_error (error);
  where = g_strdup_printf ("127.0.0.1:%s", port);
  process = spawn_serve ((const char *const[]){ "--port", port, NULL }, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_test_message ("%s", err);
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 2);
  g_assert_nonnull (strstr (err, where));
  g_assert_null (strstr (out, "proxy"));
}

static void
test_bad_options (void)
{
  assert_cannot_run ((const char *const[]){ "--throttle", "3g", NULL }, "“3g”");
  assert_cannot_run ((const char *const[]){ "--csp", "nemar", NULL }, "known presets: nemarlike");
  assert_cannot_run ((const char *const[]){ "--csp", "strict", "--csp-text", "x", NULL },
                     "not both");
  assert_cannot_run ((const char *const[]){ "--data", "https://x.example", NULL }, "URL=DIR");
  assert_cannot_run ((const char *const[]){ "--data", "ftp://x.example=/tmp", NULL },
                     "ftp://x.example");
  assert_cannot_run ((const char *const[]){ "--deployment", "staging", NULL }, "“staging”");
  assert_cannot_run ((const char *const[]){ "--page-origin", "nemar.org", NULL }, "nemar.org");
  assert_cannot_run ((const char *const[]){ "--csp", "nope", NULL }, "“nope”");
  assert_cannot_run ((const char *const[]){ "--page-origin", "notaurl", NULL }, "notaurl");
  assert_cannot_run ((const char *const[]){ "--idle-timeout", "-1", NULL }, "--idle-timeout");
  assert_cannot_run ((const char *const[]){ "--port", "70000", NULL }, "--port");
}

int
main (int argc, char **argv)
{
  g_autofree char *dist = rc_paths_default_distribution ();
  g_autofree char *lock = g_build_filename (dist, "pyodide-lock.json", NULL);

  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (g_getenv ("RC_BINARY"));
  g_test_add_func ("/cli-serve/bad-options", test_bad_options);
  if (g_file_test (lock, G_FILE_TEST_EXISTS))
    {
      g_test_add_func ("/cli-serve/serve", test_serve);
      g_test_add_func ("/cli-serve/early-close", test_early_close);
      g_test_add_func ("/cli-serve/port-in-use", test_port_in_use);
    }
  return g_test_run ();
}
