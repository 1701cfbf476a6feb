/* bench-measure-overhead.c: what measuring costs.
 *
 * Median cold boot through the console (RcEngine: TLS origin emulation, request log, the
 * built-in worker with its step and heap instrumentation) divided by the median cold boot of
 * the same Pyodide from a plain loopback HTTP server (libsoup, no proxy, no TLS) with an
 * uninstrumented blob worker that only calls loadPyodide(). Same WebKitGTK, same process,
 * boots interleaved so machine load hits both sides alike. Target: ≤ 1.03.
 *
 * Run under `xvfb-run -a meson test -C _build --benchmark`; RC_BENCH_RUNS sets the boots
 * per side (default 5).
 */
#include "config.h"

#include <glib/gstdio.h>
#include <libsoup/soup.h>
#include <webkit/webkit.h>

#include "boot/rc-engine.h"
#include "core/rc-paths.h"
#include "core/rc-run-stats.h"

#define DEADLINE_SECONDS 180

static const char plain_page[] = "<!doctype html>\n<meta charset=\"utf-8\">\n<title>plain</title>\n"
                                 "<script src=\"/plain.js\"></script>\n";

/* No step messages, no heap probe, no seal: the least a page can do to boot Pyodide. */
static const char plain_script[] =
    "const base = location.origin + '/pyodide/';\n"
    "const source = `importScripts('${base}pyodide.js');\n"
    "loadPyodide({ indexURL: '${base}' }).then(() => postMessage('ready'),\n"
    "  (e) => postMessage('error: ' + e));`;\n"
    "const worker = new Worker(URL.createObjectURL(new Blob([source], "
    "{ type: 'text/javascript' })));\n"
    "worker.onmessage = (e) => window.webkit.messageHandlers.bench.postMessage(String(e.data));\n";

typedef struct
{
  GMainLoop *loop;
  char *message;
} Wait;

/* ---- the plain side ---------------------------------------------------------------------- */

static const char *
content_type (const char *path)
{
  if (g_str_has_suffix (path, ".wasm"))
    return "application/wasm";
  if (g_str_has_suffix (path, ".js") || g_str_has_suffix (path, ".mjs"))
    return "text/javascript";
  if (g_str_has_suffix (path, ".json"))
    return "application/json";
  return "application/octet-stream";
}

static void
serve_plain (SoupServer *server, SoupServerMessage *msg, const char *path, GHashTable *query,
             gpointer user_data)
{
  const char *dist = user_data;
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
  g_autofree char *file = NULL;
  g_autoptr (GMappedFile) mapped = NULL;
  g_autoptr (GBytes) bytes = NULL;

  if (g_str_equal (path, "/") || g_str_equal (path, "/plain.js"))
    {
      gboolean page = g_str_equal (path, "/");

      soup_server_message_set_response (msg, page ? "text/html" : "text/javascript",
                                        SOUP_MEMORY_STATIC, page ? plain_page : plain_script,
                                        strlen (page ? plain_page : plain_script));
      soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
      return;
    }
  if (!g_str_has_prefix (path, "/pyodide/") || strstr (path, "..") != NULL)
    {
      soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
      return;
    }
  file = g_build_filename (dist, path + strlen ("/pyodide/"), NULL);
  if ((mapped = g_mapped_file_new (file, FALSE, NULL)) == NULL)
    {
      soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
      return;
    }
  bytes = g_mapped_file_get_bytes (mapped);
  soup_message_headers_replace (headers, "Content-Type", content_type (path));
  soup_message_body_append_bytes (soup_server_message_get_response_body (msg), bytes);
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
}

static void
on_plain_message (WebKitUserContentManager *ucm, JSCValue *value, Wait *wait)
{
  g_free (wait->message);
  wait->message = jsc_value_to_string (value);
  g_main_loop_quit (wait->loop);
}

static gboolean
on_timeout (gpointer data)
{
  Wait *wait = data;

  wait->message = g_strdup ("timeout");
  g_main_loop_quit (wait->loop);
  return G_SOURCE_REMOVE;
}

/* One cold boot: an ephemeral session (empty cache), a new view and web process. */
static double
boot_plain (GtkWindow *window, const char *url)
{
  g_autoptr (WebKitNetworkSession) session = webkit_network_session_new_ephemeral ();
  WebKitUserContentManager *ucm = webkit_user_content_manager_new ();
  WebKitWebView *view;
  Wait wait = { g_main_loop_new (NULL, FALSE), NULL };
  guint timeout;
  gint64 start;
  double ms;

  webkit_user_content_manager_register_script_message_handler (ucm, "bench", NULL);
  g_signal_connect (ucm, "script-message-received::bench", G_CALLBACK (on_plain_message), &wait);
  view = g_object_new (WEBKIT_TYPE_WEB_VIEW, "network-session", session, "user-content-manager",
                       ucm, NULL);
  g_object_unref (ucm);
  gtk_window_set_child (window, GTK_WIDGET (view));
  timeout = g_timeout_add_seconds (DEADLINE_SECONDS, on_timeout, &wait);
  start = g_get_monotonic_time ();
  webkit_web_view_load_uri (view, url);
  g_main_loop_run (wait.loop);
  ms = (g_get_monotonic_time () - start) / 1000.0;
  g_source_remove (timeout);
  g_signal_handlers_disconnect_by_data (webkit_web_view_get_user_content_manager (view), &wait);
  gtk_window_set_child (window, NULL);
  g_main_loop_unref (wait.loop);
  if (!g_str_equal (wait.message, "ready"))
    g_error ("plain boot: %s", wait.message);
  g_free (wait.message);
  return ms;
}

/* ---- the console side -------------------------------------------------------------------- */

static void
on_console_booted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  RcRunRecord **out = user_data;
  g_autoptr (GError) error = NULL;

  *out = rc_engine_boot_finish (RC_ENGINE (source), result, &error);
  if (*out == NULL)
    g_error ("console boot: %s", error->message);
}

static double
boot_console (RcEngine *engine)
{
  g_autoptr (RcRunRecord) record = NULL;

  rc_engine_boot_async (engine, RC_BOOT_MODE_COLD, NULL, on_console_booted, &record);
  while (record == NULL)
    g_main_context_iteration (NULL, TRUE);
  if (record->outcome.state != RC_OUTCOME_READY)
    g_error ("console boot failed (%s): %s", record->outcome.kind, record->outcome.message);
  return record->boot_ms;
}

/* A community that boots the interpreter alone, as the plain page does. */
static char *
write_community (const char *scratch)
{
  g_autofree char *config = g_build_filename (scratch, "config.yaml", NULL);
  const char *text = "id: bench\nname: Bench\ndescription: The interpreter alone.\n"
                     "cors_origins:\n  - https://bench.example.org\n"
                     "extensions:\n  client_tools:\n    - name: execute_code\n"
                     "      runtime: python\n      requires_permission: true\n"
                     "      description: Run code.\n"
                     "runtime:\n  python:\n    pyodide_version: \"" PYODIDE_VERSION "\"\n";

  if (!g_file_set_contents (config, text, -1, NULL))
    g_error ("cannot write %s", config);
  return g_steal_pointer (&config);
}

int
main (int argc, char **argv)
{
  guint runs = g_getenv ("RC_BENCH_RUNS") ? (guint) atoi (g_getenv ("RC_BENCH_RUNS")) : 5;
  g_autofree char *scratch = g_dir_make_tmp ("rc-bench-measure-XXXXXX", NULL);
  g_autofree char *config = write_community (scratch);
  g_autofree char *dist = rc_paths_default_distribution ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community = NULL;
  g_autoptr (RcServer) rc_server = NULL;
  g_autoptr (RcEngine) engine = NULL;
  g_autoptr (SoupServer) plain = NULL;
  g_autoptr (GArray) console_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) plain_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *plain_url = NULL;
  GtkWindow *plain_window, *console_window;
  RcStat c, p;
  GSList *uris;

  if (!gtk_init_check ())
    {
      g_printerr ("bench-measure-overhead: no display; run under xvfb-run -a\n");
      return 77;
    }
  if ((community = rc_community_load (scratch, NULL, RC_DEPLOYMENT_PRODUCTION, &error)) == NULL)
    g_error ("%s", error->message);
  rc_server = rc_server_new ();
  engine = rc_engine_new (community, rc_server);
  rc_engine_set_deadline_seconds (engine, DEADLINE_SECONDS);
  console_window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_child (console_window, rc_engine_get_view (engine));
  gtk_window_present (console_window);

  plain = soup_server_new (NULL, NULL);
  soup_server_add_handler (plain, NULL, serve_plain, dist, NULL);
  if (!soup_server_listen_local (plain, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error))
    g_error ("%s", error->message);
  uris = soup_server_get_uris (plain);
  plain_url = g_uri_to_string (uris->data);
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  plain_window = GTK_WINDOW (gtk_window_new ());
  gtk_window_present (plain_window);

  for (guint i = 0; i < runs; i++)
    {
      /* alternate which side goes first, so neither always follows the other's teardown */
      double b = i % 2 == 1 ? boot_plain (plain_window, plain_url) : 0;
      double a = boot_console (engine);

      if (i % 2 == 0)
        b = boot_plain (plain_window, plain_url);

      g_array_append_val (console_ms, a);
      g_array_append_val (plain_ms, b);
      g_print ("boot %u/%u: console %.0f ms, plain %.0f ms\n", i + 1, runs, a, b);
    }
  rc_stat_compute (&c, (double *) console_ms->data, console_ms->len);
  rc_stat_compute (&p, (double *) plain_ms->data, plain_ms->len);
  g_print ("console median %.0f ms (%.0f–%.0f), plain median %.0f ms (%.0f–%.0f)\n", c.median,
           c.min, c.max, p.median, p.min, p.max);
  g_print ("measurement overhead ratio: %.3f (target <= 1.03)\n", c.median / p.median);
  rc_engine_stop (engine);
  gtk_window_destroy (console_window);
  gtk_window_destroy (plain_window);
  g_unlink (config);
  g_rmdir (scratch);
  return 0;
}
