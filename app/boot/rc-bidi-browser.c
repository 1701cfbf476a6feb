/* rc-bidi-browser.c: Firefox over WebDriver BiDi (libsoup's WebSocket client). */
#include "config.h"

#include <signal.h>
#include <sys/prctl.h>

#include <libsoup/soup.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "boot/rc-bidi-browser.h"
#include "boot/rc-web-process.h"

#define PROGRAM       "firefox-esr"
#define CONNECT_TRIES 150 /* × 200 ms: Firefox's first start in a new profile is slow */

/* Runs before any page script in every new document: the handler the host page posts to in
 * WebKit, carried by a BiDi channel. */
static const char preload[] =
    "(channel) => { window.webkit = { messageHandlers: { rc: { postMessage: (m) => "
    "channel(String(m)) } } }; }";

typedef void (*ReplyFunc) (RcBidiBrowser *self, JsonObject *result, const char *error);

struct _RcBidiBrowser
{
  GObject parent_instance;

  RcServer *server;
  char *version;
  char *profile;
  GSubprocess *process;
  GPid pid;
  guint port;
  SoupSession *soup;
  SoupWebsocketConnection *ws;
  GCancellable *io;
  guint connect_tries;
  guint connect_id;
  GHashTable *replies; /* id → ReplyFunc */
  gint64 next_id;
  char *context; /* the browsing context (tab) */
  char *url;
  gboolean closing;
};

static void rc_bidi_browser_iface_init (RcBrowserInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (RcBidiBrowser, rc_bidi_browser, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (RC_TYPE_BROWSER, rc_bidi_browser_iface_init))

static void
fail (RcBidiBrowser *self, const char *what)
{
  if (!self->closing)
    rc_browser_emit_failed (RC_BROWSER (self), what);
}

/* ---- the socket --------------------------------------------------------------------------- */

static void
send_command (RcBidiBrowser *self, const char *method, JsonObject *params, ReplyFunc reply)
{
  g_autoptr (JsonObject) message = json_object_new ();
  g_autoptr (JsonNode) node = NULL;
  g_autofree char *text = NULL;
  gint64 id = ++self->next_id;

  if (self->ws == NULL
      || soup_websocket_connection_get_state (self->ws) != SOUP_WEBSOCKET_STATE_OPEN)
    {
      if (params != NULL)
        json_object_unref (params);
      return;
    }
  json_object_set_int_member (message, "id", id);
  json_object_set_string_member (message, "method", method);
  json_object_set_object_member (message, "params", params != NULL ? params : json_object_new ());
  node = json_node_init_object (json_node_alloc (), message);
  text = json_to_string (node, FALSE);
  if (reply != NULL)
    g_hash_table_insert (self->replies, g_memdup2 (&id, sizeof id), reply);
  soup_websocket_connection_send_text (self->ws, text);
}

static JsonObject *
context_params (RcBidiBrowser *self)
{
  JsonObject *params = json_object_new ();

  json_object_set_string_member (params, "context", self->context);
  return params;
}

static void
navigate (RcBidiBrowser *self)
{
  JsonObject *params = context_params (self);

  json_object_set_string_member (params, "url", self->url);
  json_object_set_string_member (params, "wait", "none");
  send_command (self, "browsingContext.navigate", params, NULL);
}

static void
on_response (RcBidiBrowser *self, JsonObject *params)
{
  JsonObject *request = json_object_get_object_member (params, "request");
  JsonObject *response = json_object_get_object_member (params, "response");
  const char *url =
      request != NULL ? json_object_get_string_member_with_default (request, "url", "") : "";
  JsonNode *body = response != NULL ? json_object_get_member (response, "bodySize") : NULL;
  JsonObject *timings;
  gint64 encoded = -1;

  if (response == NULL || !g_str_has_prefix (url, "http"))
    return;
  if (body != NULL && JSON_NODE_HOLDS_VALUE (body))
    encoded = (gint64) json_node_get_double (body);
  else
    encoded = (gint64) json_object_get_double_member_with_default (response, "bytesReceived", -1);
  rc_browser_emit_response (
      RC_BROWSER (self), url,
      json_object_get_boolean_member_with_default (response, "fromCache", FALSE), encoded,
      (guint) json_object_get_int_member_with_default (response, "status", 0));
  /* Firefox names no connection; a reused one took no time to connect */
  timings = json_object_get_object_member (request, "timings");
  if (timings != NULL
      && !json_object_get_boolean_member_with_default (response, "fromCache", FALSE))
    rc_browser_emit_connection (
        RC_BROWSER (self), url, NULL,
        json_object_get_double_member_with_default (timings, "connectStart", -1)
            == json_object_get_double_member_with_default (timings, "connectEnd", -2));
}

static void
on_event (RcBidiBrowser *self, const char *method, JsonObject *params)
{
  if (g_strcmp0 (method, "script.message") == 0
      && g_strcmp0 (json_object_get_string_member_with_default (params, "channel", ""), "rc") == 0)
    {
      JsonObject *data = json_object_get_object_member (params, "data");

      if (data != NULL)
        rc_browser_emit_message (RC_BROWSER (self),
                                 json_object_get_string_member_with_default (data, "value", ""));
    }
  else if (g_strcmp0 (method, "network.responseCompleted") == 0)
    on_response (self, params);
  else if (g_strcmp0 (method, "log.entryAdded") == 0 && g_getenv ("RC_BOOT_DEBUG") != NULL)
    g_printerr ("firefox log: %s\n",
                json_object_get_string_member_with_default (params, "text", ""));
}

static void
on_ws_message (SoupWebsocketConnection *ws, int type, GBytes *bytes, RcBidiBrowser *self)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  gsize length = 0;
  const char *data = g_bytes_get_data (bytes, &length);
  JsonObject *message;
  const char *kind;

  if (!json_parser_load_from_data (parser, data, (gssize) length, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return;
  message = json_node_get_object (json_parser_get_root (parser));
  kind = json_object_get_string_member_with_default (message, "type", "");
  if (g_strcmp0 (kind, "event") == 0)
    on_event (self, json_object_get_string_member_with_default (message, "method", ""),
              json_object_get_object_member (message, "params"));
  else if (json_object_has_member (message, "id"))
    {
      gint64 id = json_object_get_int_member (message, "id");
      ReplyFunc reply = g_hash_table_lookup (self->replies, &id);

      g_hash_table_remove (self->replies, &id);
      if (reply != NULL)
        reply (self,
               g_strcmp0 (kind, "success") == 0 ? json_object_get_object_member (message, "result")
                                                : NULL,
               g_strcmp0 (kind, "success") == 0
                   ? NULL
                   : json_object_get_string_member_with_default (message, "message", "error"));
    }
}

static void
on_ws_closed (SoupWebsocketConnection *ws, RcBidiBrowser *self)
{
  fail (self, _ ("Firefox closed its WebDriver BiDi connection (the browser exited)"));
  g_clear_pointer (&self->context, g_free);
}

/* ---- the session -------------------------------------------------------------------------- */

static void
tree_cb (RcBidiBrowser *self, JsonObject *result, const char *error)
{
  JsonArray *contexts = result != NULL ? json_object_get_array_member (result, "contexts") : NULL;

  if (contexts == NULL || json_array_get_length (contexts) == 0)
    {
      g_autofree char *what = g_strdup_printf (_ ("Firefox has no tab to load the page in: %s"),
                                               error != NULL ? error : "?");
      fail (self, what);
      return;
    }
  self->context = g_strdup (
      json_object_get_string_member (json_array_get_object_element (contexts, 0), "context"));
  navigate (self);
}

static void
session_cb (RcBidiBrowser *self, JsonObject *result, const char *error)
{
  JsonObject *subscribe = json_object_new ();
  JsonArray *events = json_array_new ();
  JsonObject *script = json_object_new ();
  JsonArray *arguments = json_array_new ();
  JsonObject *channel = json_object_new ();
  JsonObject *value = json_object_new ();

  if (error != NULL)
    {
      g_autofree char *what =
          g_strdup_printf (_ ("Firefox refused a WebDriver BiDi session: %s"), error);
      fail (self, what);
      json_object_unref (subscribe);
      json_array_unref (events);
      json_object_unref (script);
      json_array_unref (arguments);
      json_object_unref (channel);
      json_object_unref (value);
      return;
    }
  json_array_add_string_element (events, "script.message");
  json_array_add_string_element (events, "network.responseCompleted");
  json_array_add_string_element (events, "log.entryAdded");
  json_object_set_array_member (subscribe, "events", events);
  send_command (self, "session.subscribe", subscribe, NULL);
  json_object_set_string_member (value, "channel", "rc");
  json_object_set_string_member (channel, "type", "channel");
  json_object_set_object_member (channel, "value", value);
  json_array_add_object_element (arguments, channel);
  json_object_set_string_member (script, "functionDeclaration", preload);
  json_object_set_array_member (script, "arguments", arguments);
  send_command (self, "script.addPreloadScript", script, NULL);
  send_command (self, "browsingContext.getTree", NULL, tree_cb);
}

static void
start_session (RcBidiBrowser *self)
{
  JsonObject *params = json_object_new ();
  JsonObject *capabilities = json_object_new ();
  JsonObject *always = json_object_new ();

  /* The server's CA is trusted in the profile (certutil): certificates are checked for real. */
  json_object_set_boolean_member (always, "acceptInsecureCerts", FALSE);
  json_object_set_object_member (capabilities, "alwaysMatch", always);
  json_object_set_object_member (params, "capabilities", capabilities);
  send_command (self, "session.new", params, session_cb);
}

static gboolean try_connect (gpointer data);

static void
connected_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  RcBidiBrowser *self = data;
  g_autoptr (GError) error = NULL;
  SoupWebsocketConnection *ws =
      soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->closing)
    {
      g_clear_object (&ws);
      g_object_unref (self);
      return;
    }
  if (ws == NULL)
    {
      if (++self->connect_tries >= CONNECT_TRIES)
        {
          g_autofree char *what =
              g_strdup_printf (_ ("Firefox's WebDriver BiDi port %u did not answer: %s"),
                               self->port, error->message);
          fail (self, what);
        }
      else
        self->connect_id = g_timeout_add (200, try_connect, self);
      g_object_unref (self);
      return;
    }
  self->ws = ws;
  soup_websocket_connection_set_max_incoming_payload_size (ws, 64 * 1024 * 1024);
  soup_websocket_connection_set_keepalive_interval (ws, 0);
  g_signal_connect (ws, "message", G_CALLBACK (on_ws_message), self);
  g_signal_connect (ws, "closed", G_CALLBACK (on_ws_closed), self);
  start_session (self);
  g_object_unref (self);
}

static gboolean
try_connect (gpointer data)
{
  RcBidiBrowser *self = data;
  g_autofree char *uri = g_strdup_printf ("ws://127.0.0.1:%u/session", self->port);
  g_autoptr (SoupMessage) message = soup_message_new ("GET", uri);

  self->connect_id = 0;
  soup_session_websocket_connect_async (self->soup, message, NULL, NULL, G_PRIORITY_DEFAULT,
                                        self->io, connected_cb, g_object_ref (self));
  return G_SOURCE_REMOVE;
}

/* ---- the profile -------------------------------------------------------------------------- */

static guint
free_port (GError **error)
{
  g_autoptr (GSocket) socket =
      g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, error);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) bound = NULL;

  if (socket == NULL || !g_socket_bind (socket, address, FALSE, error)
      || (bound = g_socket_get_local_address (socket, error)) == NULL)
    return 0;
  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
}

static gboolean
run_certutil (const char *const *argv, GError **error)
{
  g_autofree char *err = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                     NULL, NULL, NULL, &err, &status, error))
    return FALSE;
  if (!g_spawn_check_wait_status (status, NULL))
    {
      g_set_error (error, RC_ENGINE_ERROR, RC_ENGINE_ERROR_SERVER,
                   _ ("certutil could not trust the server's CA in the Firefox profile: %s"), err);
      return FALSE;
    }
  return TRUE;
}

/* user.js: every request through the server's proxy, nothing of Firefox's own on the network
 * (the remote agent's recommended preferences do most of that); and the CA in cert9.db. */
static gboolean
write_profile (RcBidiBrowser *self, GError **error)
{
  g_autoptr (GUri) proxy =
      g_uri_parse (rc_server_get_proxy_url (self->server), G_URI_FLAGS_NONE, error);
  g_autofree char *db = g_strdup_printf ("sql:%s", self->profile);
  g_autofree char *prefs_path = g_build_filename (self->profile, "user.js", NULL);
  g_autofree char *prefs = NULL;
  const char *init[] = { "certutil", "-N", "--empty-password", "-d", db, NULL };
  const char *add[] = { "certutil", "-A",  "-n", "Runtime Console origin emulation",
                        "-t",       "C,,", "-i", rc_server_get_ca_file (self->server),
                        "-d",       db,    NULL };

  if (proxy == NULL)
    return FALSE;
  prefs = g_strdup_printf (
      "user_pref(\"network.proxy.type\", 1);\n"
      "user_pref(\"network.proxy.http\", \"%s\");\n"
      "user_pref(\"network.proxy.http_port\", %d);\n"
      "user_pref(\"network.proxy.ssl\", \"%s\");\n"
      "user_pref(\"network.proxy.ssl_port\", %d);\n"
      /* Firefox's own calls home (remote settings, updates, media plugins) never reach the
       * proxy, as Chromium's */
      "user_pref(\"network.proxy.no_proxies_on\", \".mozilla.com, .mozilla.org, .mozilla.net, "
      ".googleapis.com, .gstatic.com\");\n"
      "user_pref(\"network.proxy.allow_hijacking_localhost\", false);\n"
      "user_pref(\"remote.prefs.recommended\", true);\n"
      "%s",
      g_uri_get_host (proxy), g_uri_get_port (proxy), g_uri_get_host (proxy),
      g_uri_get_port (proxy), rc_browser_firefox_quiet_prefs);
  return g_file_set_contents (prefs_path, prefs, -1, error) && run_certutil (init, error)
         && run_certutil (add, error);
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
stop_process (RcBidiBrowser *self)
{
  self->closing = TRUE;
  g_clear_handle_id (&self->connect_id, g_source_remove);
  g_cancellable_cancel (self->io);
  g_clear_object (&self->io);
  if (self->ws != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->ws, self);
      if (soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (self->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
    }
  g_clear_object (&self->ws);
  if (self->process != NULL)
    {
      rc_browser_kill_group (self->pid);
      g_subprocess_wait (self->process, NULL, NULL);
    }
  g_clear_object (&self->process);
  self->pid = 0;
  g_clear_pointer (&self->context, g_free);
  g_hash_table_remove_all (self->replies);
  self->closing = FALSE;
}

/* Firefox writes its cache index on the way out: a warm restart needs it. */
static void
quit_process (RcBidiBrowser *self)
{
  if (self->process == NULL)
    return;
  self->closing = TRUE;
  send_command (self, "browser.close", NULL, NULL);
  for (guint i = 0; i < 100 && rc_web_process_is_alive (self->pid); i++)
    {
      g_main_context_iteration (NULL, FALSE); /* lets libsoup write the command */
      g_usleep (50 * 1000);
    }
  stop_process (self);
}

static gboolean
start_process (RcBidiBrowser *self, GError **error)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autofree char *port_arg = NULL;
  const char *argv[] = { PROGRAM,       "--headless",  NULL,          "--profile",
                         self->profile, "--no-remote", "about:blank", NULL };

  self->port = free_port (error);
  if (self->port == 0)
    return FALSE;
  port_arg = g_strdup_printf ("--remote-debugging-port=%u", self->port);
  argv[2] = port_arg;
  launcher = rc_browser_new_launcher ();
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  /* its temporary files inside the profile, which goes with it: nothing is left in /tmp */
  g_subprocess_launcher_setenv (launcher, "TMPDIR", self->profile, TRUE);
  g_subprocess_launcher_setenv (launcher, "MOZ_CRASHREPORTER_DISABLE", "1", TRUE);
  self->process = g_subprocess_launcher_spawnv (launcher, argv, error);
  if (self->process == NULL)
    return FALSE;
  self->pid = (GPid) g_ascii_strtoll (g_subprocess_get_identifier (self->process), NULL, 10);
  self->io = g_cancellable_new ();
  self->connect_tries = 0;
  self->connect_id = g_timeout_add (200, try_connect, self);
  return TRUE;
}

/* ---- RcBrowser ---------------------------------------------------------------------------- */

static gboolean
bidi_load (RcBrowser *browser, RcBootMode mode, const char *url, GError **error)
{
  RcBidiBrowser *self = RC_BIDI_BROWSER (browser);

  g_free (self->url);
  self->url = g_strdup (url);
  if (mode == RC_BOOT_MODE_WARM && self->process != NULL && self->context != NULL)
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
      if (self->profile == NULL || !write_profile (self, error))
        return FALSE;
    }
  else
    quit_process (self);
  return start_process (self, error);
}

static void
bidi_evaluate (RcBrowser *browser, const char *script)
{
  RcBidiBrowser *self = RC_BIDI_BROWSER (browser);
  JsonObject *params, *target;

  if (self->context == NULL)
    return;
  params = json_object_new ();
  target = context_params (self);
  json_object_set_string_member (params, "expression", script);
  json_object_set_object_member (params, "target", target);
  json_object_set_boolean_member (params, "awaitPromise", FALSE);
  send_command (self, "script.evaluate", params, NULL);
}

static void
bidi_close (RcBrowser *browser)
{
  RcBidiBrowser *self = RC_BIDI_BROWSER (browser);

  stop_process (self);
  rc_browser_remove_profile (self->profile);
  g_clear_pointer (&self->profile, g_free);
}

static const char *
bidi_get_version (RcBrowser *browser)
{
  return RC_BIDI_BROWSER (browser)->version;
}

static GPid
bidi_get_renderer_pid (RcBrowser *browser)
{
  RcBidiBrowser *self = RC_BIDI_BROWSER (browser);

  return self->pid > 0 ? rc_browser_find_process (self->pid, "-isForBrowser") : 0;
}

static void
rc_bidi_browser_iface_init (RcBrowserInterface *iface)
{
  iface->load = bidi_load;
  iface->evaluate = bidi_evaluate;
  iface->close = bidi_close;
  iface->get_version = bidi_get_version;
  iface->get_renderer_pid = bidi_get_renderer_pid;
}

/* ---- GObject ------------------------------------------------------------------------------ */

char *
rc_bidi_browser_probe (GError **error)
{
  g_autofree char *path = g_find_program_in_path (PROGRAM);
  g_autofree char *certutil = g_find_program_in_path ("certutil");

  if (path == NULL || certutil == NULL)
    {
      g_set_error (error, RC_ENGINE_ERROR, RC_ENGINE_ERROR_NO_BROWSER,
                   _ ("Firefox is not installed (no “%s” in PATH): apt-get install firefox-esr "
                      "libnss3-tools (tools/setup.sh installs them)"),
                   path == NULL ? PROGRAM : "certutil");
      return NULL;
    }
  return rc_browser_program_version (path, error);
}

RcBrowser *
rc_bidi_browser_new (RcServer *server, GError **error)
{
  g_autoptr (RcBidiBrowser) self = NULL;
  char *version = rc_bidi_browser_probe (error);

  if (version == NULL)
    return NULL;
  self = g_object_new (RC_TYPE_BIDI_BROWSER, NULL);
  self->version = version;
  self->server = g_object_ref (server);
  return RC_BROWSER (g_steal_pointer (&self));
}

static void
rc_bidi_browser_dispose (GObject *object)
{
  RcBidiBrowser *self = RC_BIDI_BROWSER (object);

  bidi_close (RC_BROWSER (self));
  g_clear_object (&self->server);
  g_clear_object (&self->soup);
  G_OBJECT_CLASS (rc_bidi_browser_parent_class)->dispose (object);
}

static void
rc_bidi_browser_finalize (GObject *object)
{
  RcBidiBrowser *self = RC_BIDI_BROWSER (object);

  g_free (self->version);
  g_free (self->url);
  g_hash_table_unref (self->replies);
  G_OBJECT_CLASS (rc_bidi_browser_parent_class)->finalize (object);
}

static void
rc_bidi_browser_class_init (RcBidiBrowserClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = rc_bidi_browser_dispose;
  G_OBJECT_CLASS (klass)->finalize = rc_bidi_browser_finalize;
}

static void
rc_bidi_browser_init (RcBidiBrowser *self)
{
  self->replies = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  /* Straight to the loopback port: no proxy from the environment. */
  self->soup = soup_session_new_with_options ("proxy-resolver", NULL, NULL);
}
