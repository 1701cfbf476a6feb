/* rc-cdp-browser.c: Chromium over the DevTools protocol (--remote-debugging-pipe). */
#include "config.h"

#include <signal.h>
#include <sys/prctl.h>

#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include <gio/gunixinputstream.h>
#include <glib-unix.h>
#include <gio/gunixoutputstream.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "boot/rc-cdp-browser.h"
#include "boot/rc-web-process.h"

#define PROGRAM "chromium"

/* Gives the host page the handler it posts to in WebKit; rcPost is the Runtime binding. */
static const char shim[] =
    "if (typeof rcPost === 'function') window.webkit = { messageHandlers: { rc: { "
    "postMessage: (m) => rcPost(String(m)) } } };";

typedef void (*ReplyFunc) (RcCdpBrowser *self, JsonObject *result, const char *error);

struct _RcCdpBrowser
{
  GObject parent_instance;

  RcServer *server;
  char *version;
  char *profile;
  GSubprocess *process;
  GPid pid;
  GOutputStream *out;
  GDataInputStream *in;
  GCancellable *io;
  GHashTable *replies; /* id → ReplyFunc */
  gint64 next_id;
  char *session;       /* the page's flat session */
  char *url;           /* to navigate to once attached */
  GHashTable *urls;    /* requestId → url */
  GHashTable *cached;  /* requestId → GINT_TO_POINTER (from a cache) */
  guint setup_pending; /* page setup commands not answered yet: navigate after the last */
  gboolean closing;
  /* The wasm code cache in Chromium's own words: its trace from navigate to runtime_loaded. */
  gboolean wasm_trace; /* rc_browser_set_wasm_trace() */
  gboolean trace_next; /* trace the navigation cdp_load starts (a warm one) */
  gboolean traced;     /* this browser process ran a trace */
  gboolean tracing;
  gboolean flushing;      /* Tracing.end sent, tracingComplete not yet: one trace at a time */
  gboolean restart;       /* a navigation came while flushing: trace it once the flush ends */
  guint nav, trace_nav;   /* navigations, and the one the trace belongs to */
  const char *wasm_event; /* the telling v8.wasm.* event for pyodide.asm.wasm, or NULL */
};

static void rc_cdp_browser_iface_init (RcBrowserInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (RcCdpBrowser, rc_cdp_browser, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (RC_TYPE_BROWSER, rc_cdp_browser_iface_init))

/* ---- the pipe ----------------------------------------------------------------------------- */

static void
send_command (RcCdpBrowser *self, const char *session, const char *method, JsonObject *params,
              ReplyFunc reply)
{
  g_autoptr (JsonObject) message = json_object_new ();
  g_autoptr (JsonNode) node = NULL;
  g_autofree char *text = NULL;
  gint64 id = ++self->next_id;

  if (self->out == NULL)
    {
      if (params != NULL)
        json_object_unref (params);
      return;
    }
  json_object_set_int_member (message, "id", id);
  json_object_set_string_member (message, "method", method);
  json_object_set_object_member (message, "params", params != NULL ? params : json_object_new ());
  if (session != NULL)
    json_object_set_string_member (message, "sessionId", session);
  node = json_node_init_object (json_node_alloc (), message);
  text = json_to_string (node, FALSE);
  if (reply != NULL)
    g_hash_table_insert (self->replies, g_memdup2 (&id, sizeof id), reply);
  /* Small messages on a pipe the browser reads at once: a blocking write is fine. */
  if (!g_output_stream_write_all (self->out, text, strlen (text) + 1, NULL, NULL, NULL))
    g_debug ("chromium: could not send %s", method);
}

static JsonObject *
params_new (const char *first_name, ...)
{
  JsonObject *params = json_object_new ();
  va_list args;

  va_start (args, first_name);
  for (const char *name = first_name; name != NULL; name = va_arg (args, const char *))
    json_object_set_string_member (params, name, va_arg (args, const char *));
  va_end (args);
  return params;
}

static void
fail (RcCdpBrowser *self, const char *what)
{
  if (!self->closing)
    rc_browser_emit_failed (RC_BROWSER (self), what);
}

/* ---- the wasm code cache, as Chromium's trace says it -------------------------------------- */

/* Blink's v8.wasm.* trace events (category disabled-by-default-devtools.timeline) name what
 * happened to a streamed module: compiled, served from the code cache, or stored in it. The
 * trace runs from navigate until the interpreter's compile ended (the worker's
 * rc_wasm_compiled; runtime_loaded for OSA's), so it costs nothing after that. */
static void
trace_started_cb (RcCdpBrowser *self, JsonObject *result, const char *error)
{
  if (error == NULL)
    return;
  g_debug ("chromium: Tracing.start failed: %s", error);
  self->tracing = FALSE;
}

static void
begin_trace (RcCdpBrowser *self)
{
  JsonObject *params = json_object_new ();
  JsonObject *config = json_object_new ();
  JsonArray *categories = json_array_new ();

  json_array_add_string_element (categories, "disabled-by-default-devtools.timeline");
  json_object_set_array_member (config, "includedCategories", categories);
  json_object_set_object_member (params, "traceConfig", config);
  json_object_set_string_member (params, "transferMode", "ReportEvents");
  self->wasm_event = NULL;
  self->tracing = TRUE;
  self->traced = TRUE;
  self->trace_nav = self->nav;
  send_command (self, NULL, "Tracing.start", params, trace_started_cb);
}

/* Chromium sends a trace's events only after Tracing.end, and late on a busy machine: a boot
 * that starts while the last one's trace is still flushing begins its own once that ends (it
 * may then miss the compile, and says nothing rather than the last boot's word). */
static void
start_wasm_trace (RcCdpBrowser *self)
{
  self->nav++;
  self->wasm_event = NULL;
  if (!self->trace_next)
    return;
  if (self->flushing)
    self->restart = TRUE;
  else
    begin_trace (self);
}

static void
end_wasm_trace (RcCdpBrowser *self, const char *payload)
{
  /* the built-in worker says when the interpreter's compile ended; OSA's runtime_loaded */
  if (self->tracing
      && (strstr (payload, "\"rc_wasm_compiled\"") != NULL
          || strstr (payload, "\"runtime_loaded\"") != NULL))
    {
      self->tracing = FALSE;
      self->flushing = TRUE;
      send_command (self, NULL, "Tracing.end", NULL, NULL);
    }
}

/* The strongest word wins: a cache hit (or a rejected cache) over a store over a compile. */
static int
wasm_event_rank (const char *name)
{
  static const char *const ranked[] = { "v8.wasm.compiledModule", "v8.wasm.cachedModule",
                                        "v8.wasm.moduleCacheInvalid", "v8.wasm.moduleCacheHit" };

  for (guint i = 0; i < G_N_ELEMENTS (ranked); i++)
    if (g_strcmp0 (name, ranked[i]) == 0)
      return (int) i + 1;
  return 0;
}

static void
on_trace_data (RcCdpBrowser *self, JsonObject *params)
{
  JsonArray *events = json_object_has_member (params, "value")
                          ? json_object_get_array_member (params, "value")
                          : NULL;

  for (guint i = 0; events != NULL && i < json_array_get_length (events); i++)
    {
      JsonNode *node = json_array_get_element (events, i);
      JsonObject *event = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *name =
          event != NULL ? json_object_get_string_member_with_default (event, "name", NULL) : NULL;
      JsonObject *args = event != NULL && json_object_has_member (event, "args")
                             ? json_object_get_object_member (event, "args")
                             : NULL;
      const char *url =
          args != NULL ? json_object_get_string_member_with_default (args, "url", "") : "";
      int rank = wasm_event_rank (name);

      if (name != NULL && g_str_has_prefix (name, "v8.wasm.") && g_getenv ("RC_BOOT_DEBUG"))
        g_printerr ("chromium trace: %s %s\n", name, url);

      /* cachedModule names no URL: pyodide.asm.wasm is the only module streamed */
      if (rank > 0
          && (g_str_has_suffix (url, "/pyodide.asm.wasm")
              || g_str_equal (name, "v8.wasm.cachedModule"))
          && rank > wasm_event_rank (self->wasm_event))
        self->wasm_event = g_intern_string (name);
    }
}

/* Told to the engine as a page message of its own kind (rc_engine_wasm_cache). */
static void
on_trace_complete (RcCdpBrowser *self)
{
  static const char *const states[] = { NULL, "compiled", "stored", "invalid", "hit" };
  g_autoptr (JsonObject) message = json_object_new ();
  g_autoptr (JsonNode) node = NULL;
  g_autofree char *source = NULL, *text = NULL;

  const char *event = self->wasm_event;
  gboolean previous = self->trace_nav != self->nav;

  self->flushing = FALSE;
  self->wasm_event = NULL;
  if (self->restart)
    {
      self->restart = FALSE;
      begin_trace (self);
    }
  if (event == NULL)
    return;
  source = g_strdup_printf ("chromium trace event %s", event);
  json_object_set_string_member (message, "kind", "rc_engine_wasm_cache");
  /* the trace of an earlier boot in this browser, arriving during this one */
  json_object_set_boolean_member (message, "previous", previous);
  json_object_set_string_member (message, "state", states[wasm_event_rank (event)]);
  json_object_set_string_member (message, "source", source);
  node = json_node_init_object (json_node_alloc (), message);
  text = json_to_string (node, FALSE);
  rc_browser_emit_message (RC_BROWSER (self), text);
}

/* ---- events ------------------------------------------------------------------------------- */

static void
on_attached (RcCdpBrowser *self, JsonObject *params)
{
  const char *session = json_object_get_string_member_with_default (params, "sessionId", NULL);

  /* The worker (or anything else the page starts) waits for us: see its requests first. */
  send_command (self, session, "Network.enable", NULL, NULL);
  send_command (self, session, "Runtime.runIfWaitingForDebugger", NULL, NULL);
}

static void
on_network (RcCdpBrowser *self, const char *method, JsonObject *params)
{
  const char *id = json_object_get_string_member_with_default (params, "requestId", "");

  if (g_strcmp0 (method, "Network.requestWillBeSent") == 0)
    {
      JsonObject *request = json_object_get_object_member (params, "request");

      g_hash_table_insert (
          self->urls, g_strdup (id),
          g_strdup (json_object_get_string_member_with_default (request, "url", "")));
    }
  else if (g_strcmp0 (method, "Network.requestServedFromCache") == 0)
    g_hash_table_insert (self->cached, g_strdup (id), GINT_TO_POINTER (1));
  else if (g_strcmp0 (method, "Network.responseReceived") == 0)
    {
      JsonObject *response = json_object_get_object_member (params, "response");

      if (json_object_get_boolean_member_with_default (response, "fromDiskCache", FALSE)
          || json_object_get_boolean_member_with_default (response, "fromMemoryCache", FALSE))
        g_hash_table_insert (self->cached, g_strdup (id), GINT_TO_POINTER (1));
      g_hash_table_insert (
          self->cached, g_strdup_printf ("%s#status", id),
          GINT_TO_POINTER (json_object_get_int_member_with_default (response, "status", 0)));
      /* its connection, for the cross-check with the proxy's (a cache hit has none) */
      if (!g_hash_table_contains (self->cached, id)
          && json_object_get_double_member_with_default (response, "connectionId", 0) > 0)
        {
          g_autofree char *connection = g_strdup_printf (
              "%.0f", json_object_get_double_member_with_default (response, "connectionId", 0));

          rc_browser_emit_connection (
              RC_BROWSER (self), json_object_get_string_member_with_default (response, "url", ""),
              connection,
              json_object_get_boolean_member_with_default (response, "connectionReused", FALSE));
        }
    }
  else if (g_strcmp0 (method, "Network.loadingFinished") == 0)
    {
      const char *url = g_hash_table_lookup (self->urls, id);
      g_autofree char *status_key = g_strdup_printf ("%s#status", id);

      if (url != NULL && g_str_has_prefix (url, "http"))
        rc_browser_emit_response (
            RC_BROWSER (self), url, g_hash_table_contains (self->cached, id),
            (gint64) json_object_get_double_member_with_default (params, "encodedDataLength", -1),
            GPOINTER_TO_UINT (g_hash_table_lookup (self->cached, status_key)));
      g_hash_table_remove (self->urls, id);
      g_hash_table_remove (self->cached, id);
      g_hash_table_remove (self->cached, status_key);
    }
}

static void
on_event (RcCdpBrowser *self, const char *method, JsonObject *params)
{
  if (g_strcmp0 (method, "Runtime.bindingCalled") == 0
      && g_strcmp0 (json_object_get_string_member_with_default (params, "name", ""), "rcPost") == 0)
    {
      const char *payload = json_object_get_string_member_with_default (params, "payload", "");

      end_wasm_trace (self, payload);
      rc_browser_emit_message (RC_BROWSER (self), payload);
    }
  else if (g_strcmp0 (method, "Tracing.dataCollected") == 0)
    on_trace_data (self, params);
  else if (g_strcmp0 (method, "Tracing.tracingComplete") == 0)
    on_trace_complete (self);
  else if (g_strcmp0 (method, "Target.attachedToTarget") == 0)
    on_attached (self, params);
  else if (g_str_has_prefix (method, "Network."))
    on_network (self, method, params);
  else if (g_strcmp0 (method, "Inspector.targetCrashed") == 0)
    fail (self, _ ("Chromium's renderer crashed during the boot"));
  else if (g_strcmp0 (method, "Runtime.consoleAPICalled") == 0 && g_getenv ("RC_BOOT_DEBUG"))
    {
      g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), params);
      g_autofree char *text = json_to_string (node, FALSE);

      g_printerr ("chromium console: %s\n", text);
    }
}

static void
on_message (RcCdpBrowser *self, const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *message;

  if (!json_parser_load_from_data (parser, text, -1, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return;
  message = json_node_get_object (json_parser_get_root (parser));
  if (json_object_has_member (message, "id"))
    {
      gint64 id = json_object_get_int_member (message, "id");
      ReplyFunc reply = g_hash_table_lookup (self->replies, &id);
      JsonObject *error = json_object_has_member (message, "error")
                              ? json_object_get_object_member (message, "error")
                              : NULL;

      g_hash_table_remove (self->replies, &id);
      if (reply != NULL)
        reply (self,
               json_object_has_member (message, "result")
                   ? json_object_get_object_member (message, "result")
                   : NULL,
               error != NULL ? json_object_get_string_member_with_default (error, "message", "?")
                             : NULL);
      return;
    }
  if (json_object_has_member (message, "method"))
    on_event (self, json_object_get_string_member (message, "method"),
              json_object_has_member (message, "params")
                  ? json_object_get_object_member (message, "params")
                  : NULL);
}

static void read_next (RcCdpBrowser *self);

static void
read_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  RcCdpBrowser *self = data;
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *text =
      g_data_input_stream_read_upto_finish (G_DATA_INPUT_STREAM (source), result, &length, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || source != (GObject *) self->in)
    {
      g_object_unref (self);
      return;
    }
  if (error != NULL)
    {
      g_autofree char *what =
          g_strdup_printf (_ ("Chromium's DevTools pipe could not be read: %s"), error->message);

      fail (self, what);
      g_object_unref (self);
      return;
    }
  if (text == NULL || g_data_input_stream_read_byte (self->in, NULL, NULL) != '\0')
    {
      fail (self, _ ("Chromium closed its DevTools pipe (the browser exited)"));
      g_object_unref (self);
      return;
    }
  if (length > 0)
    on_message (self, text);
  /* The message may have ended the boot, and the next one (a cold boot, a warm restart) start
   * a new browser from inside it, whose pipe already has its read: a second read there fails
   * as pending, which looked like this new browser closing its pipe. */
  if (source == (GObject *) self->in)
    read_next (self);
  g_object_unref (self);
}

static void
read_next (RcCdpBrowser *self)
{
  if (self->in == NULL)
    return;
  g_data_input_stream_read_upto_async (self->in, "", 1, G_PRIORITY_DEFAULT, self->io, read_cb,
                                       g_object_ref (self));
}

/* ---- the page ----------------------------------------------------------------------------- */

static void
navigate (RcCdpBrowser *self)
{
  start_wasm_trace (self);
  send_command (self, self->session, "Page.navigate", params_new ("url", self->url, NULL), NULL);
}

/* The binding and the script for new documents reach the renderer asynchronously, while
 * Page.navigate is the browser's: navigating before they are answered loses the host page's
 * first messages (seen on a loaded machine), so the page loads once all are in place. */
static void
setup_cb (RcCdpBrowser *self, JsonObject *result, const char *error)
{
  if (error != NULL)
    g_debug ("chromium: a page setup command failed: %s", error);
  if (self->setup_pending > 0 && --self->setup_pending == 0)
    navigate (self);
}

static void
setup_command (RcCdpBrowser *self, const char *method, JsonObject *params)
{
  self->setup_pending++;
  send_command (self, self->session, method, params, setup_cb);
}

static void
attached_cb (RcCdpBrowser *self, JsonObject *result, const char *error)
{
  JsonObject *auto_attach = json_object_new ();
  JsonObject *binding = params_new ("name", "rcPost", NULL);

  if (error != NULL || result == NULL)
    {
      g_autofree char *what = g_strdup_printf (_ ("Chromium could not attach to its page: %s"),
                                               error != NULL ? error : "?");
      fail (self, what);
      return;
    }
  g_free (self->session);
  self->session = g_strdup (json_object_get_string_member (result, "sessionId"));
  json_object_set_boolean_member (auto_attach, "autoAttach", TRUE);
  json_object_set_boolean_member (auto_attach, "waitForDebuggerOnStart", TRUE);
  json_object_set_boolean_member (auto_attach, "flatten", TRUE);
  self->setup_pending = 0;
  setup_command (self, "Runtime.enable", NULL); /* for bindingCalled */
  setup_command (self, "Runtime.addBinding", binding);
  setup_command (self, "Page.enable", NULL);
  setup_command (self, "Page.addScriptToEvaluateOnNewDocument", params_new ("source", shim, NULL));
  setup_command (self, "Network.enable", NULL);
  {
    /* WebKit asks for no favicon: neither may Chromium, or its 404 is a failed resource. */
    JsonObject *blocked = json_object_new ();
    JsonArray *urls = json_array_new ();

    json_array_add_string_element (urls, "*/favicon.ico");
    json_object_set_array_member (blocked, "urls", urls);
    setup_command (self, "Network.setBlockedURLs", blocked);
  }
  setup_command (self, "Target.setAutoAttach", auto_attach);
}

static void
created_cb (RcCdpBrowser *self, JsonObject *result, const char *error)
{
  JsonObject *params;

  if (error != NULL || result == NULL)
    {
      g_autofree char *what =
          g_strdup_printf (_ ("Chromium could not open a page: %s"), error != NULL ? error : "?");
      fail (self, what);
      return;
    }
  params = params_new ("targetId", json_object_get_string_member (result, "targetId"), NULL);
  json_object_set_boolean_member (params, "flatten", TRUE);
  send_command (self, NULL, "Target.attachToTarget", params, attached_cb);
}

/* ---- the process -------------------------------------------------------------------------- */

/* A group of its own (rc_browser_kill_group()), and it dies with us, even killed. */
static void
child_setup (gpointer data)
{
  setpgid (0, 0);
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static void
stop_process (RcCdpBrowser *self)
{
  self->closing = TRUE;
  g_cancellable_cancel (self->io);
  g_clear_object (&self->io);
  g_clear_object (&self->in);
  g_clear_object (&self->out);
  if (self->process != NULL)
    {
      rc_browser_kill_group (self->pid);
      g_subprocess_wait (self->process, NULL, NULL);
    }
  g_clear_object (&self->process);
  self->pid = 0;
  g_clear_pointer (&self->session, g_free);
  self->setup_pending = 0;
  self->tracing = self->flushing = self->restart = self->traced = FALSE;
  g_hash_table_remove_all (self->replies);
  g_hash_table_remove_all (self->urls);
  g_hash_table_remove_all (self->cached);
  self->closing = FALSE;
}

/* Reads and drops what the browser still writes to its pipe, for up to @ms: a browser that
 * blocks writing to a full pipe cannot finish quitting. */
static void
drain_pipe (RcCdpBrowser *self, int ms)
{
  GInputStream *base =
      self->in != NULL ? g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (self->in))
                       : NULL;
  struct pollfd pfd = { .fd = base != NULL ? g_unix_input_stream_get_fd (G_UNIX_INPUT_STREAM (base))
                                           : -1,
                        .events = POLLIN };
  char buffer[16384];

  if (pfd.fd < 0)
    {
      g_usleep (ms * 1000);
      return;
    }
  if (poll (&pfd, 1, ms) > 0 && (pfd.revents & POLLIN) != 0)
    (void) !read (pfd.fd, buffer, sizeof buffer);
  else if (pfd.revents & (POLLHUP | POLLERR))
    g_usleep (ms * 1000);
}

/* Chromium writes its disk cache's index on the way out: a warm restart needs it, so it gets
 * 10 s before it is killed. Measured here (Chromium 156, a loaded 2-core machine): it goes
 * 0.3 s after Browser.close, traced or not, and so does one closed with a trace running. */
static void
quit_process (RcCdpBrowser *self)
{
  gint64 asked;

  if (self->process == NULL)
    return;
  self->closing = TRUE;
  asked = g_get_monotonic_time ();
  send_command (self, NULL, "Browser.close", NULL, NULL);
  while (rc_web_process_is_alive (self->pid)
         && g_get_monotonic_time () - asked < 10 * G_USEC_PER_SEC)
    drain_pipe (self, 50);
  g_debug ("chromium: %s %.2f s after Browser.close (traced: %d)",
           rc_web_process_is_alive (self->pid) ? "killed, still running" : "gone",
           (g_get_monotonic_time () - asked) / 1e6, self->traced);
  stop_process (self);
}

static gboolean
start_process (RcCdpBrowser *self, GError **error)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autofree char *profile_arg = g_strdup_printf ("--user-data-dir=%s", self->profile);
  g_autofree char *proxy_arg =
      g_strdup_printf ("--proxy-server=%s", rc_server_get_proxy_url (self->server));
  g_autofree char *spki = rc_server_get_spki_sha256 (self->server);
  g_autofree char *spki_arg = g_strdup_printf ("--ignore-certificate-errors-spki-list=%s", spki);
  int to_child[2], from_child[2];
  const char *const head[] = {
    PROGRAM, "--headless=new", "--no-sandbox", /* the suite runs as root in CI containers */
    profile_arg, proxy_arg,
    /* Chromium's own calls home never reach the proxy, nor the network */
    "--proxy-bypass-list=*.google.com;*.googleapis.com;*.gstatic.com", spki_arg,
    "--remote-debugging-pipe"
  };
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (head); i++)
    g_ptr_array_add (argv, (gpointer) head[i]);
  for (guint i = 0; rc_browser_chromium_quiet_switches[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) rc_browser_chromium_quiet_switches[i]);
  g_ptr_array_add (argv, "about:blank");
  g_ptr_array_add (argv, NULL);
  if (g_unix_open_pipe (to_child, FD_CLOEXEC, error) == FALSE)
    return FALSE;
  if (g_unix_open_pipe (from_child, FD_CLOEXEC, error) == FALSE)
    {
      close (to_child[0]);
      close (to_child[1]);
      return FALSE;
    }
  launcher = rc_browser_new_launcher ();
  g_subprocess_launcher_take_fd (launcher, to_child[0], 3);
  g_subprocess_launcher_take_fd (launcher, from_child[1], 4);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  /* its temporary files (Chromium's singleton socket folder) inside the profile, which
   * goes with it: a browser killed at the end of a run leaves nothing in /tmp */
  g_subprocess_launcher_setenv (launcher, "TMPDIR", self->profile, TRUE);
  self->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, error);
  if (self->process == NULL)
    {
      close (to_child[1]);
      close (from_child[0]);
      return FALSE;
    }
  self->pid = (GPid) g_ascii_strtoll (g_subprocess_get_identifier (self->process), NULL, 10);
  self->out = g_unix_output_stream_new (to_child[1], TRUE);
  self->in = g_data_input_stream_new (g_unix_input_stream_new (from_child[0], TRUE));
  g_filter_input_stream_set_close_base_stream (G_FILTER_INPUT_STREAM (self->in), TRUE);
  g_object_unref (g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (self->in)));
  self->io = g_cancellable_new ();
  read_next (self);
  return TRUE;
}

static void
open_page (RcCdpBrowser *self)
{
  send_command (self, NULL, "Target.createTarget", params_new ("url", "about:blank", NULL),
                created_cb);
}

/* ---- RcBrowser ---------------------------------------------------------------------------- */

static gboolean
cdp_load (RcBrowser *browser, RcBootMode mode, const char *url, GError **error)
{
  RcCdpBrowser *self = RC_CDP_BROWSER (browser);

  g_free (self->url);
  self->url = g_strdup (url);
  self->trace_next = self->wasm_trace && mode == RC_BOOT_MODE_WARM;
  if (mode == RC_BOOT_MODE_WARM && self->process != NULL && self->session != NULL)
    {
      navigate (self);
      return TRUE;
    }
  if (mode == RC_BOOT_MODE_COLD || self->profile == NULL)
    {
      stop_process (self);
      rc_browser_remove_profile (self->profile);
      g_clear_pointer (&self->profile, g_free);
      self->profile = rc_browser_make_profile (PROGRAM, error);
      if (self->profile == NULL)
        return FALSE;
    }
  else
    quit_process (self);
  if (!start_process (self, error))
    return FALSE;
  open_page (self);
  return TRUE;
}

static void
cdp_evaluate (RcBrowser *browser, const char *script)
{
  RcCdpBrowser *self = RC_CDP_BROWSER (browser);

  if (self->session != NULL)
    send_command (self, self->session, "Runtime.evaluate", params_new ("expression", script, NULL),
                  NULL);
}

static void
cdp_close (RcBrowser *browser)
{
  RcCdpBrowser *self = RC_CDP_BROWSER (browser);

  stop_process (self);
  rc_browser_remove_profile (self->profile);
  g_clear_pointer (&self->profile, g_free);
}

static const char *
cdp_get_version (RcBrowser *browser)
{
  return RC_CDP_BROWSER (browser)->version;
}

static GPid
cdp_get_renderer_pid (RcBrowser *browser)
{
  RcCdpBrowser *self = RC_CDP_BROWSER (browser);

  return self->pid > 0 ? rc_browser_find_process (self->pid, "--type=renderer") : 0;
}

static void
cdp_set_wasm_trace (RcBrowser *browser, gboolean enabled)
{
  RC_CDP_BROWSER (browser)->wasm_trace = enabled;
}

static void
rc_cdp_browser_iface_init (RcBrowserInterface *iface)
{
  iface->load = cdp_load;
  iface->evaluate = cdp_evaluate;
  iface->close = cdp_close;
  iface->get_version = cdp_get_version;
  iface->get_renderer_pid = cdp_get_renderer_pid;
  iface->set_wasm_trace = cdp_set_wasm_trace;
}

/* ---- GObject ------------------------------------------------------------------------------ */

char *
rc_cdp_browser_probe (GError **error)
{
  g_autofree char *path = g_find_program_in_path (PROGRAM);

  if (path == NULL)
    {
      g_set_error (error, RC_ENGINE_ERROR, RC_ENGINE_ERROR_NO_BROWSER,
                   _ ("Chromium is not installed (no “%s” in PATH): apt-get install chromium "
                      "(tools/setup.sh installs it)"),
                   PROGRAM);
      return NULL;
    }
  return rc_browser_program_version (path, error);
}

RcBrowser *
rc_cdp_browser_new (RcServer *server, GError **error)
{
  g_autoptr (RcCdpBrowser) self = NULL;
  char *version = rc_cdp_browser_probe (error);

  if (version == NULL)
    return NULL;
  self = g_object_new (RC_TYPE_CDP_BROWSER, NULL);
  self->version = version;
  self->server = g_object_ref (server);
  return RC_BROWSER (g_steal_pointer (&self));
}

static void
rc_cdp_browser_dispose (GObject *object)
{
  RcCdpBrowser *self = RC_CDP_BROWSER (object);

  cdp_close (RC_BROWSER (self));
  g_clear_object (&self->server);
  G_OBJECT_CLASS (rc_cdp_browser_parent_class)->dispose (object);
}

static void
rc_cdp_browser_finalize (GObject *object)
{
  RcCdpBrowser *self = RC_CDP_BROWSER (object);

  g_free (self->version);
  g_free (self->url);
  g_hash_table_unref (self->replies);
  g_hash_table_unref (self->urls);
  g_hash_table_unref (self->cached);
  G_OBJECT_CLASS (rc_cdp_browser_parent_class)->finalize (object);
}

static void
rc_cdp_browser_class_init (RcCdpBrowserClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = rc_cdp_browser_dispose;
  G_OBJECT_CLASS (klass)->finalize = rc_cdp_browser_finalize;
}

static void
rc_cdp_browser_init (RcCdpBrowser *self)
{
  self->replies = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->urls = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->cached = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}
