/* bench-measure-overhead.c: what measuring costs.
 *
 * Per engine (WebKit, Chromium, Firefox): the median cold boot of a community through the
 * console (RcEngine: TLS origin emulation, the proxy's request log, the built-in worker with
 * its step, heap and load instrumentation; for Chromium and Firefox also their DevTools or
 * BiDi driver) divided by the median cold boot, in the same engine, of the same community
 * from a plain loopback HTTP server
 * (libsoup, no proxy, no TLS, no request log) whose page and worker (bench/plain/) do the same
 * work: the same boot plan, the stock lock merged with the same overlay, the same preload,
 * import_before_seal imports and prelude, uninstrumented. Both sides get the interpreter with
 * the Content-Encoding the console's CDN sends (the same cached copies) and write a fresh disk
 * cache, as a reader's browser does; neither is overhead of measuring. Both sides are timed
 * as a reader pays a boot (rc-boot-clock.h): from the page's navigation start to ready, on the
 * page's own clock (the worker's ready moved onto it by the two performance.timeOrigin
 * values), so starting a browser or web process is in neither. Printed for the whole boot and
 * for the interpreter step alone (loading_runtime → runtime_loaded, the worker's own clock on
 * both sides), each as the median of the paired ratios with its 95 % bootstrap interval, so
 * the noise is visible; where the whole boot misses the target, where the extra time goes
 * (the page until the worker starts, the interpreter step, the rest). WebKit's plain side is a
 * view in this process; Chromium's and Firefox's a browser started plainly
 * (bench-plain-browser.h). Pairs interleaved, the side that goes first alternating, so machine
 * load hits both alike. Target: ≤ 1.03 for each engine; a benchmark prints, never asserts (it
 * exits 1 only when an engine could not be measured).
 *
 * Usage: bench-measure-overhead [--runs N] [--engine webkit,chromium,firefox]
 *        [--plain-worker plain|builtin] COMMUNITY_DIR PLAIN_DIR
 * --plain-worker builtin is for profiling: the plain side then runs the console's own
 * instrumented worker.js over plain HTTP, which separates the worker's instrumentation from the
 * transport (TLS, proxy, request log, content encoding).
 * (meson: `xvfb-run -a meson test -C _build --benchmark measure-overhead`; RC_BENCH_RUNS
 * also sets N, default 10.)
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <libsoup/soup.h>
#include <webkit/webkit.h>

#include "bench-plain-browser.h"
#include "boot/rc-engine.h"
#include "core/plan/rc-boot-plan.h"
#include "serve/rc-encoder.h"
#include "core/base/rc-paths.h"
#include "core/analysis/rc-run-stats.h"

#define DEADLINE_SECONDS 180

typedef struct
{
  const char *dist;      /* the Pyodide distribution, under /pyodide/ */
  const char *wheels;    /* the community's overlay wheels, under /api/<id>/runtime/ */
  const char *plain_dir; /* bench/plain: index.html, host.js, worker.js */
  GBytes *builtin;       /* --plain-worker builtin: the console's own worker.js, else NULL */
  RcEncoder *encoder;    /* the CDN's Content-Encoding for /pyodide/; NULL: identity */
  char *api_prefix;      /* "/api/<id>/runtime/" */
  char *plan;            /* /boot-plan.json, as the console's host page reads it */
  char *result;          /* what a plain Chromium or Firefox POSTed to /result, until read */
} Plain;

typedef struct
{
  GMainLoop *loop;
  char *message;
} Wait;

/* One boot's figures, in ms, on the page's clock as the console's run record has them
 * (rc-boot-clock.h): navigation start → ready, the worker's start on the page's clock, the
 * worker's own time at ready and its interpreter step. -1 unknown. */
typedef struct
{
  double boot;
  double runtime;
  double worker_start;
  double worker;
} Sample;

#define N_PARTS 3 /* where a boot's time goes: before the worker, interpreter, the rest */

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
  if (g_str_has_suffix (path, ".html"))
    return "text/html";
  return "application/octet-stream";
}

/* The encoded copy the console's CDN would send for this request, if it is one to encode. */
static char *
encoded_copy (SoupServerMessage *msg, RcEncoder *encoder, const char *file, const char *name)
{
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  RcCoding coding;
  char *encoded;

  if (encoder == NULL || !rc_coding_type_is_compressible (content_type (name)))
    return NULL;
  soup_message_headers_append (response, "Vary", "Accept-Encoding");
  coding = rc_coding_negotiate (soup_message_headers_get_list (request, "Accept-Encoding"));
  if (coding == RC_CODING_IDENTITY || (encoded = rc_encoder_lookup (encoder, file, coding)) == NULL)
    return NULL;
  soup_message_headers_replace (response, "Content-Encoding", rc_coding_to_string (coding));
  return encoded;
}

static void
serve_file (SoupServerMessage *msg, const char *dir, const char *name, RcEncoder *encoder)
{
  g_autofree char *file = g_build_filename (dir, name, NULL);
  g_autofree char *encoded = NULL;
  g_autoptr (GMappedFile) mapped = NULL;
  g_autoptr (GBytes) bytes = NULL;

  if (strstr (name, "..") != NULL || !g_file_test (file, G_FILE_TEST_IS_REGULAR))
    {
      soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
      return;
    }
  encoded = encoded_copy (msg, encoder, file, name);
  if ((mapped = g_mapped_file_new (encoded ? encoded : file, FALSE, NULL)) == NULL)
    {
      soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
      return;
    }
  bytes = g_mapped_file_get_bytes (mapped);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Content-Type",
                                content_type (name));
  soup_message_body_append_bytes (soup_server_message_get_response_body (msg), bytes);
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
}

static void
serve_plain (SoupServer *server, SoupServerMessage *msg, const char *path, GHashTable *query,
             gpointer user_data)
{
  Plain *plain = user_data;

  if (g_str_equal (path, "/result") && soup_server_message_get_method (msg) == SOUP_METHOD_POST)
    {
      SoupMessageBody *body = soup_server_message_get_request_body (msg);

      g_free (plain->result);
      plain->result = g_strndup (body->data, (gsize) body->length);
      soup_server_message_set_status (msg, SOUP_STATUS_NO_CONTENT, NULL);
    }
  else if (g_str_equal (path, "/boot-plan.json"))
    {
      soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, plain->plan,
                                        strlen (plain->plan));
      soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
    }
  else if (g_str_equal (path, "/"))
    serve_file (msg, plain->plain_dir, "index.html", NULL);
  else if (g_str_equal (path, "/host.js"))
    serve_file (msg, plain->plain_dir, "host.js", NULL);
  else if (g_str_equal (path, "/worker.js") && plain->builtin != NULL)
    {
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Content-Type",
                                    "text/javascript");
      soup_message_body_append_bytes (soup_server_message_get_response_body (msg), plain->builtin);
      soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
    }
  else if (g_str_equal (path, "/worker.js"))
    serve_file (msg, plain->plain_dir, "worker.js", NULL);
  else if (g_str_has_prefix (path, "/pyodide/"))
    serve_file (msg, plain->dist, path + strlen ("/pyodide/"), plain->encoder);
  else if (g_str_has_prefix (path, plain->api_prefix))
    serve_file (msg, plain->wheels, path + strlen (plain->api_prefix), NULL);
  else
    soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
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

  wait->message = g_strdup ("{\"type\": \"error\", \"message\": \"timeout\"}");
  g_main_loop_quit (wait->loop);
  return G_SOURCE_REMOVE;
}

/* {"type": "ready", "runtime_ms", "nav_ms", "worker_start_ms", "worker_ms"} (bench/plain/host.js)
 * → its figures; anything else ends the bench. */
static Sample
plain_sample (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *message;

  if (!json_parser_load_from_data (parser, text, -1, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    g_error ("plain boot: %s", text);
  message = json_node_get_object (json_parser_get_root (parser));
  if (g_strcmp0 (json_object_get_string_member_with_default (message, "type", ""), "ready") != 0)
    g_error ("plain boot failed: %s", text);
  return (Sample){
    .boot = json_object_get_double_member_with_default (message, "nav_ms", -1),
    .runtime = json_object_get_double_member_with_default (message, "runtime_ms", -1),
    .worker_start = json_object_get_double_member_with_default (message, "worker_start_ms", -1),
    .worker = json_object_get_double_member_with_default (message, "worker_ms", -1),
  };
}

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR) || g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_unlink (path);
      return;
    }
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      remove_tree (child);
    }
  g_rmdir (path);
}

/* One cold boot: a new view and web process, and a new session with empty data and disk-cache
 * folders, as the console's cold boot has (a reader's browser writes its disk cache too, so
 * that cost is no overhead of measuring). */
static Sample
boot_plain (GtkWindow *window, const char *url)
{
  g_autofree char *dir = g_build_filename (rc_paths_runtime_dir (), "bench-plain-XXXXXX", NULL);
  g_autofree char *data = NULL;
  g_autofree char *cache = NULL;
  WebKitNetworkSession *session;
  WebKitUserContentManager *ucm = webkit_user_content_manager_new ();
  WebKitWebView *view;
  Wait wait = { g_main_loop_new (NULL, FALSE), NULL };
  guint timeout;
  Sample sample;

  if (g_mkdtemp (dir) == NULL)
    g_error ("cannot create %s: %s", dir, g_strerror (errno));
  data = g_build_filename (dir, "data", NULL);
  cache = g_build_filename (dir, "cache", NULL);
  session = webkit_network_session_new (data, cache);
  webkit_user_content_manager_register_script_message_handler (ucm, "bench", NULL);
  g_signal_connect (ucm, "script-message-received::bench", G_CALLBACK (on_plain_message), &wait);
  view = g_object_new (WEBKIT_TYPE_WEB_VIEW, "network-session", session, "user-content-manager",
                       ucm, NULL);
  g_object_unref (ucm);
  gtk_window_set_child (window, GTK_WIDGET (view));
  timeout = g_timeout_add_seconds (DEADLINE_SECONDS, on_timeout, &wait);
  webkit_web_view_load_uri (view, url);
  g_main_loop_run (wait.loop);
  g_source_remove (timeout);
  g_signal_handlers_disconnect_by_data (webkit_web_view_get_user_content_manager (view), &wait);
  gtk_window_set_child (window, NULL);
  g_object_unref (session);
  remove_tree (dir);
  g_main_loop_unref (wait.loop);
  sample = plain_sample (wait.message);
  g_free (wait.message);
  return sample;
}

static gboolean
on_browser_timeout (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* One cold boot in a plainly started Chromium or Firefox (bench-plain-browser.h), timed from
 * the page's navigation start as the console's is: the browser's start is in neither. */
static Sample
boot_plain_browser (RcEngineKind kind, Plain *plain, const char *url)
{
  g_autofree char *page = g_strconcat (url, "/", NULL);
  g_autoptr (GError) error = NULL;
  BenchPlainBrowser browser = { 0 };
  gboolean timed_out = FALSE;
  guint timeout;
  Sample sample;

  g_clear_pointer (&plain->result, g_free);
  if (!bench_plain_browser_start (&browser, kind, page, &error))
    g_error ("plain %s: %s", rc_engine_kind_to_string (kind), error->message);
  timeout = g_timeout_add_seconds (DEADLINE_SECONDS, on_browser_timeout, &timed_out);
  while (plain->result == NULL && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (timeout);
  bench_plain_browser_stop (&browser);
  if (plain->result == NULL)
    g_error ("plain %s boot: no answer after %d s", rc_engine_kind_to_string (kind),
             DEADLINE_SECONDS);
  sample = plain_sample (plain->result);
  g_clear_pointer (&plain->result, g_free);
  return sample;
}

/* ---- the console side -------------------------------------------------------------------- */

typedef struct
{
  RcRunRecord *record;
  double loading_runtime; /* worker clock of the step's two progress messages; -1 unseen */
  double runtime_loaded;
} ConsoleBoot;

static void
on_console_booted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ConsoleBoot *boot = user_data;
  g_autoptr (GError) error = NULL;

  boot->record = rc_engine_boot_finish (RC_ENGINE (source), result, &error);
  if (boot->record == NULL)
    g_error ("console boot: %s", error->message);
}

static void
on_console_progress (RcEngine *engine, const RcBootProgress *progress, ConsoleBoot *boot)
{
  if (progress->phase == RC_BOOT_PHASE_LOADING_RUNTIME)
    boot->loading_runtime = progress->t_ms;
  else if (progress->phase == RC_BOOT_PHASE_RUNTIME_LOADED)
    boot->runtime_loaded = progress->t_ms;
}

static Sample
boot_console (RcEngine *engine)
{
  ConsoleBoot boot = { NULL, -1, -1 };
  gulong handler = g_signal_connect (engine, "progress", G_CALLBACK (on_console_progress), &boot);
  Sample sample;

  rc_engine_boot_async (engine, RC_BOOT_MODE_COLD, NULL, on_console_booted, &boot);
  while (boot.record == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (engine, handler);
  if (boot.record->outcome.state != RC_OUTCOME_READY)
    g_error ("console boot failed (%s): %s", boot.record->outcome.kind,
             boot.record->outcome.message);
  if (g_strcmp0 (boot.record->boot_clock, "navigation") != 0)
    g_error ("console boot: the page never said its clock (%s)", boot.record->boot_clock);
  sample.boot = boot.record->boot_ms;
  sample.runtime = boot.loading_runtime >= 0 && boot.runtime_loaded >= 0
                       ? boot.runtime_loaded - boot.loading_runtime
                       : -1;
  sample.worker_start = boot.record->worker_start_ms;
  sample.worker = boot.record->ready_ms;
  rc_run_record_free (boot.record);
  return sample;
}

/* ---- both -------------------------------------------------------------------------------- */

static char *
plan_text (RcCommunity *community, const char *api_origin, const char *bench_worker)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *note = NULL;
  g_autoptr (JsonObject) plan = rc_boot_plan_build (community, RC_DEPLOYMENT_PRODUCTION, api_origin,
                                                    "builtin", &note, &error);
  g_autoptr (JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  if (plan == NULL)
    g_error ("%s", error->message);
  json_object_set_string_member (plan, "bench_worker", bench_worker);
  json_node_set_object (node, plan);
  return json_to_string (node, FALSE);
}

static void
on_encoded (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = rc_encoder_encode_finish (RC_ENCODER (source), result, &error);
  guint *pending = user_data;

  if (path == NULL)
    g_error ("%s", error->message);
  (*pending)--;
}

/* The encoded copies the plain side sends, made (or found in the shared cache) before the
 * first boot, so that neither side's figures include compressing. */
static void
prepare_encoded (RcEncoder *encoder, const char *dist)
{
  static const char *const names[] = { "pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm",
                                       "pyodide-lock.json", "python_stdlib.zip" };
  guint pending = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (rc_coding_type_is_compressible (content_type (names[i])))
      for (RcCoding coding = RC_CODING_GZIP; coding <= RC_CODING_BR; coding++)
        {
          g_autofree char *file = g_build_filename (dist, names[i], NULL);

          pending++;
          rc_encoder_encode_async (encoder, file, coding, on_encoded, &pending);
        }
  while (pending > 0)
    g_main_context_iteration (NULL, TRUE);
}

#define BOOTSTRAP_RESAMPLES 2000

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_of (const double *values, guint n)
{
  RcStat stat;

  rc_stat_compute (&stat, values, n);
  return stat.median;
}

/* The median of the paired ratios and its 95 % percentile-bootstrap interval (pairs resampled
 * with replacement, a fixed seed so a rerun of the same samples prints the same interval). */
static void
paired_ratio (GArray *console, GArray *plain, double *median, double *lo, double *hi)
{
  guint n = console->len;
  g_autofree double *ratios = g_new0 (double, n + 1);
  g_autofree double *draw = g_new0 (double, n + 1);
  g_autofree double *medians = g_new0 (double, BOOTSTRAP_RESAMPLES);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261201);

  for (guint i = 0; i < n; i++)
    ratios[i] = g_array_index (console, double, i) / g_array_index (plain, double, i);
  *median = median_of (ratios, n);
  for (guint r = 0; r < BOOTSTRAP_RESAMPLES; r++)
    {
      for (guint i = 0; i < n; i++)
        draw[i] = ratios[g_rand_int_range (rand, 0, (gint32) n)];
      medians[r] = median_of (draw, n);
    }
  qsort (medians, BOOTSTRAP_RESAMPLES, sizeof (double), compare_doubles);
  *lo = medians[(guint) (0.025 * BOOTSTRAP_RESAMPLES)];
  *hi = medians[(guint) (0.975 * BOOTSTRAP_RESAMPLES) - 1];
}

/* Prints @engine's figures for @what; returns the median of the paired ratios. */
static double
report (const char *engine, const char *what, GArray *console, GArray *plain)
{
  RcStat c, p;
  double median, lo, hi;

  rc_stat_compute (&c, (double *) console->data, console->len);
  rc_stat_compute (&p, (double *) plain->data, plain->len);
  g_print ("%s %s: console median %.0f ms (%.0f–%.0f), plain median %.0f ms (%.0f–%.0f)\n", engine,
           what, c.median, c.min, c.max, p.median, p.min, p.max);
  /* each pair booted back to back, under the same load: steadier than a ratio of medians */
  paired_ratio (console, plain, &median, &lo, &hi);
  g_print ("%s %s overhead, paired ratio: %.3f (95 %% bootstrap interval %.3f–%.3f; ratio of "
           "medians %.3f; target <= 1.03)\n",
           engine, what, median, lo, hi, c.median / p.median);
  return median;
}

/* Where the extra time goes, when the whole boot misses the target: the page until the worker
 * starts, the interpreter step, and the rest of the worker's boot (packages, imports, prelude),
 * each median console − plain. */
static void
report_parts (const char *engine, GArray *console_parts[N_PARTS], GArray *plain_parts[N_PARTS])
{
  static const char *const names[N_PARTS] = { "page until the worker starts", "interpreter step",
                                              "packages, imports and prelude" };

  for (guint k = 0; k < N_PARTS; k++)
    {
      RcStat c, p;

      rc_stat_compute (&c, (double *) console_parts[k]->data, console_parts[k]->len);
      rc_stat_compute (&p, (double *) plain_parts[k]->data, plain_parts[k]->len);
      if (c.n == 0 || p.n == 0)
        {
          g_print ("%s   %-31s not known on both sides\n", engine, names[k]);
          continue;
        }
      g_print ("%s   %-31s console %6.0f ms, plain %6.0f ms, %+6.0f ms\n", engine, names[k],
               c.median, p.median, c.median - p.median);
    }
}

/* A sample's parts (N_PARTS), those known appended. */
static void
add_parts (GArray *parts[N_PARTS], const Sample *s)
{
  double values[N_PARTS] = { s->worker_start, s->runtime,
                             s->worker >= 0 && s->runtime >= 0 ? s->worker - s->runtime : -1 };

  for (guint k = 0; k < N_PARTS; k++)
    if (values[k] >= 0)
      g_array_append_val (parts[k], values[k]);
}

static char *plain_worker = NULL;
static gboolean plain_identity = FALSE;
static char *engines_option = NULL;

static guint
parse_options (int *argc, char ***argv)
{
  int runs = g_getenv ("RC_BENCH_RUNS") ? atoi (g_getenv ("RC_BENCH_RUNS")) : 10;
  GOptionEntry entries[] = {
    { "runs", 'n', 0, G_OPTION_ARG_INT, &runs, "Cold boot pairs per engine (default 10)", "N" },
    { "engine", 'e', 0, G_OPTION_ARG_STRING, &engines_option,
      "Engines to measure, comma-separated (default webkit,chromium,firefox)", "LIST" },
    { "plain-worker", 0, 0, G_OPTION_ARG_STRING, &plain_worker,
      "plain (default) or builtin: profile the console's instrumented worker over plain HTTP",
      "KIND" },
    { "plain-identity", 0, 0, G_OPTION_ARG_NONE, &plain_identity,
      "Profile: the plain side sends the interpreter unencoded (the console's CDN encodes it)",
      NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("COMMUNITY_DIR PLAIN_DIR");
  g_autoptr (GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, &error) || *argc != 3 || runs < 1
      || (plain_worker != NULL && !g_str_equal (plain_worker, "plain")
          && !g_str_equal (plain_worker, "builtin")))
    {
      g_printerr ("bench-measure-overhead: %s\nUsage: bench-measure-overhead [--runs N] "
                  "[--engine LIST] COMMUNITY_DIR PLAIN_DIR\n",
                  error != NULL ? error->message
                                : "a community folder, bench/plain, N >= 1, plain or builtin");
      exit (2);
    }
  return (guint) runs;
}

typedef struct
{
  RcEngineKind kind;
  double boot_ratio, runtime_ratio; /* -1: not measured */
  char *version;
  char *error; /* why it was not measured */
} EngineResult;

/* @runs interleaved pairs of cold boots in @kind: the console (its own server: origin
 * emulation, proxy, request log) and the plain server's page. */
static void
measure_engine (EngineResult *result, RcCommunity *community, Plain *plain, const char *url,
                GtkWindow *plain_window, guint runs)
{
  const char *name = rc_engine_kind_to_string (result->kind);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcServer) rc_server = rc_server_new ();
  g_autoptr (RcEngine) engine = rc_engine_new (community, rc_server);
  g_autoptr (GArray) console_boot = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) plain_boot = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) console_runtime = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) plain_runtime = g_array_new (FALSE, FALSE, sizeof (double));
  GArray *console_parts[N_PARTS], *plain_parts[N_PARTS];
  GtkWindow *console_window;

  result->boot_ratio = result->runtime_ratio = -1;
  if (!rc_engine_set_engine_kind (engine, result->kind, &error))
    {
      result->error = g_strdup (error->message);
      g_print ("%s: not measured: %s\n", name, error->message);
      return;
    }
  result->version = g_strdup (rc_engine_get_engine_version (engine));
  rc_engine_set_deadline_seconds (engine, DEADLINE_SECONDS);
  console_window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_child (console_window, rc_engine_get_view (engine));
  gtk_window_present (console_window);
  g_print ("%s %s: %u cold boot pairs\n", name, result->version, runs);
  for (guint k = 0; k < N_PARTS; k++)
    {
      console_parts[k] = g_array_new (FALSE, FALSE, sizeof (double));
      plain_parts[k] = g_array_new (FALSE, FALSE, sizeof (double));
    }
  for (guint i = 0; i < runs; i++)
    {
      /* alternate which side goes first, so neither always follows the other's teardown */
      gboolean plain_first = i % 2 == 1;
      Sample a, b = { 0, 0 };

      if (plain_first)
        b = result->kind == RC_ENGINE_KIND_WEBKIT ? boot_plain (plain_window, url)
                                                  : boot_plain_browser (result->kind, plain, url);
      a = boot_console (engine);
      if (!plain_first)
        b = result->kind == RC_ENGINE_KIND_WEBKIT ? boot_plain (plain_window, url)
                                                  : boot_plain_browser (result->kind, plain, url);
      g_array_append_val (console_boot, a.boot);
      g_array_append_val (plain_boot, b.boot);
      g_array_append_val (console_runtime, a.runtime);
      g_array_append_val (plain_runtime, b.runtime);
      add_parts (console_parts, &a);
      add_parts (plain_parts, &b);
      g_print ("%s boot %u/%u: console %.0f ms (interpreter %.0f), plain %.0f ms (interpreter "
               "%.0f)\n",
               name, i + 1, runs, a.boot, a.runtime, b.boot, b.runtime);
    }
  result->boot_ratio = report (name, "whole boot", console_boot, plain_boot);
  result->runtime_ratio = report (name, "interpreter step", console_runtime, plain_runtime);
  if (result->boot_ratio > 1.03)
    {
      g_print ("%s whole boot misses the target; where the extra time goes (medians):\n", name);
      report_parts (name, console_parts, plain_parts);
    }
  for (guint k = 0; k < N_PARTS; k++)
    {
      g_array_unref (console_parts[k]);
      g_array_unref (plain_parts[k]);
    }
  rc_engine_stop (engine);
  gtk_window_destroy (console_window);
  rc_server_stop (rc_server);
}

int
main (int argc, char **argv)
{
  guint runs = parse_options (&argc, &argv);
  g_autofree char *dist = rc_paths_default_distribution ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community = NULL;
  g_autoptr (SoupServer) server = NULL;
  g_autoptr (GArray) kinds = NULL;
  g_autofree char *url = NULL;
  g_autofree char *api = NULL;
  g_autofree char *wheels = NULL;
  Plain plain = { 0 };
  GtkWindow *plain_window;
  GSList *uris;
  int status = 0;

  if (!gtk_init_check ())
    {
      g_printerr ("bench-measure-overhead: no display; run under xvfb-run -a\n");
      return 77;
    }
  {
    const char *const list[] = { engines_option != NULL ? engines_option
                                                        : "webkit,chromium,firefox",
                                 NULL };

    if ((kinds = rc_engine_kinds_parse (list, &error)) == NULL)
      {
        g_printerr ("bench-measure-overhead: %s\n", error->message);
        return 2;
      }
  }
  if ((community = rc_community_load (argv[1], NULL, RC_DEPLOYMENT_PRODUCTION, &error)) == NULL)
    g_error ("%s", error->message);

  server = soup_server_new (NULL, NULL);
  if (!soup_server_listen_local (server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error))
    g_error ("%s", error->message);
  uris = soup_server_get_uris (server);
  url = g_uri_to_string (uris->data);
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  if (g_str_has_suffix (url, "/"))
    url[strlen (url) - 1] = '\0';
  api = g_strconcat (url, "/api", NULL);
  /* the demo's layout: runtime/<id>-pyodide-lock.json beside runtime/wheels/ */
  wheels = g_build_filename (argv[1], "runtime", "wheels", NULL);
  plain =
      (Plain){ .dist = dist,
               .wheels = wheels,
               .plain_dir = argv[2],
               .api_prefix = g_strdup_printf ("/api/%s/runtime/", rc_community_get_id (community)),
               .plan = plan_text (community, api, plain_worker ? plain_worker : "plain") };
  if (!plain_identity)
    {
      plain.encoder = rc_encoder_new (NULL);
      prepare_encoded (plain.encoder, dist);
    }
  if (g_strcmp0 (plain_worker, "builtin") == 0)
    {
      plain.builtin = g_resources_lookup_data ("/earth/osc/RuntimeConsole/js/worker.js", 0, &error);
      if (plain.builtin == NULL)
        g_error ("%s", error->message);
    }
  soup_server_add_handler (server, NULL, serve_plain, &plain, NULL);
  plain_window = GTK_WINDOW (gtk_window_new ());
  gtk_window_present (plain_window);

  g_print ("community %s, %u cold boot pairs per engine, plain worker: %s, plain encoding: "
           "%s; page %s/\n",
           rc_community_get_id (community), runs, plain_worker ? plain_worker : "plain",
           plain_identity ? "identity" : "as the CDN", url);
  {
    g_autofree EngineResult *results = g_new0 (EngineResult, kinds->len);

    for (guint i = 0; i < kinds->len; i++)
      {
        results[i].kind = g_array_index (kinds, RcEngineKind, i);
        measure_engine (&results[i], community, &plain, url, plain_window, runs);
      }
    /* one line per engine, each against the same engine booting the plain page */
    g_print ("\nmeasurement overhead per engine (console ÷ plain, navigation start to ready on "
             "the page's clock, median of paired ratios; target <= 1.03 each):\n");
    for (guint i = 0; i < kinds->len; i++)
      {
        const char *name = rc_engine_kind_to_string (results[i].kind);

        if (results[i].boot_ratio < 0)
          {
            g_print ("  %-9s not measured: %s\n", name, results[i].error);
            status = 1;
          }
        else
          g_print ("  %-9s %-14s whole boot %.3f, interpreter step %.3f\n", name,
                   results[i].version, results[i].boot_ratio, results[i].runtime_ratio);
        g_free (results[i].version);
        g_free (results[i].error);
      }
  }
  gtk_window_destroy (plain_window);
  g_free (plain.api_prefix);
  g_free (plain.plan);
  g_free (plain.result);
  g_clear_pointer (&plain.builtin, g_bytes_unref);
  g_clear_object (&plain.encoder);
  return status;
}
