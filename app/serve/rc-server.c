/* rc-server.c: RcServer lifecycle, configuration and routing by host.
 *
 * One GSocketService on 127.0.0.1 accepts proxy connections; each is wrapped in the run's
 * throttled stream and handed to a SoupServer, which also receives the TLS streams of
 * CONNECT tunnels (rc-proxy.c) and keeps connections alive between requests. The default
 * handler routes on the request's host.
 */
#include "config.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <unistd.h>

#include <gio/gunixsocketaddress.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "core/base/rc-paths.h"
#include "rc-server-private.h"

/* Unformatted: clang-format would space the dashes of the quark's name. */
/* clang-format off */
G_DEFINE_QUARK (rc-server-error-quark, rc_server_error)
/* clang-format on */

enum
{
  REQUEST_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (RcServer, rc_server, G_TYPE_OBJECT)

static void reresolve (RcServer *self);

static void
page_file_free (gpointer data)
{
  RcPageFile *file = data;

  g_bytes_unref (file->bytes);
  g_free (file->content_type);
  g_free (file);
}

static void
rc_server_finalize (GObject *object)
{
  RcServer *self = RC_SERVER (object);

  rc_server_stop (self);
  g_clear_object (&self->community);
  g_free (self->community_origin);
  g_free (self->page_origin);
  g_free (self->api_origin);
  g_free (self->distribution_dir);
  g_free (self->snapshot_name);
  g_free (self->snapshot_file);
  g_free (self->pyodide_version);
  g_free (self->csp);
  g_hash_table_unref (self->page_files);
  g_ptr_array_unref (self->data_urls);
  g_free (self->run_id);
  g_hash_table_unref (self->wheel_renames);
  g_clear_object (&self->throttle);
  g_clear_object (&self->encoder);
  /* The CA of a finished run is of no use to anyone; don't leave it behind. */
  if (self->ca_file != NULL)
    g_unlink (self->ca_file);
  g_free (self->ca_file);
  g_ptr_array_unref (self->requests);
  g_clear_pointer (&self->connections, g_hash_table_unref);
  G_OBJECT_CLASS (rc_server_parent_class)->finalize (object);
}

static void
rc_server_class_init (RcServerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rc_server_finalize;

  signals[REQUEST_FINISHED] =
      g_signal_new ("request-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 1, RC_TYPE_REQUEST_RECORD | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
rc_server_init (RcServer *self)
{
  self->page_files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, page_file_free);
  self->data_urls = g_ptr_array_new_with_free_func (g_free);
  self->wheel_renames = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->requests = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_request_record_free);
  self->throttle = rc_throttle_new ();
  rc_throttle_set_profile (self->throttle, RC_THROTTLE_NONE);
  rc_server_set_limits (self, &(RcServerLimits){ 0 });
}

RcServer *
rc_server_new (void)
{
  return g_object_new (RC_TYPE_SERVER, NULL);
}

void
rc_server_set_community (RcServer *self, RcCommunity *community, RcDeployment deployment)
{
  g_auto (GStrv) origins = NULL;

  g_return_if_fail (RC_IS_SERVER (self));
  g_return_if_fail (community == NULL || RC_IS_COMMUNITY (community));

  g_set_object (&self->community, community);
  self->deployment = deployment;
  g_clear_pointer (&self->community_origin, g_free);
  origins = community != NULL ? rc_community_get_cors_origins (community) : NULL;
  if (origins != NULL && origins[0] != NULL)
    self->community_origin = g_strdup (origins[0]);
  reresolve (self);
}

RcCommunity *
rc_server_get_community (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  return self->community;
}

void
rc_server_set_page_origin (RcServer *self, const char *origin)
{
  g_return_if_fail (RC_IS_SERVER (self));
  g_free (self->page_origin);
  self->page_origin = g_strdup (origin);
  reresolve (self);
}

void
rc_server_set_api_origin (RcServer *self, const char *origin)
{
  g_return_if_fail (RC_IS_SERVER (self));
  g_free (self->api_origin);
  self->api_origin = g_strdup (origin);
  reresolve (self);
}

void
rc_server_set_distribution_dir (RcServer *self, const char *dir)
{
  g_return_if_fail (RC_IS_SERVER (self));
  g_free (self->distribution_dir);
  self->distribution_dir = g_strdup (dir);
}

const char *
rc_server_get_distribution_dir (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  if (self->distribution_dir == NULL)
    self->distribution_dir = rc_paths_default_distribution ();
  return self->distribution_dir;
}

void
rc_server_set_snapshot (RcServer *self, const char *name, const char *file)
{
  g_return_if_fail (RC_IS_SERVER (self));
  g_return_if_fail ((name == NULL) == (file == NULL));
  g_return_if_fail (name == NULL || strchr (name, '/') == NULL);
  g_free (self->snapshot_name);
  g_free (self->snapshot_file);
  self->snapshot_name = g_strdup (name);
  self->snapshot_file = g_strdup (file);
}

void
rc_server_set_pyodide_version (RcServer *self, const char *version)
{
  g_return_if_fail (RC_IS_SERVER (self));
  g_free (self->pyodide_version);
  self->pyodide_version = g_strdup (version);
}

const char *
rc_server_get_pyodide_version (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  return self->pyodide_version != NULL ? self->pyodide_version : PYODIDE_VERSION;
}

void
rc_server_set_csp (RcServer *self, const char *policy)
{
  g_return_if_fail (RC_IS_SERVER (self));
  g_free (self->csp);
  self->csp = g_strdup (policy);
}

void
rc_server_add_page_file (RcServer *self, const char *path, GBytes *bytes, const char *content_type)
{
  RcPageFile *file;

  g_return_if_fail (RC_IS_SERVER (self));
  g_return_if_fail (path != NULL && path[0] == '/');
  g_return_if_fail (bytes != NULL);

  file = g_new0 (RcPageFile, 1);
  file->bytes = g_bytes_ref (bytes);
  file->content_type =
      g_strdup (content_type != NULL ? content_type : rc_origin_content_type (path));
  g_hash_table_replace (self->page_files, g_strdup (path), file);
}

void
rc_server_set_throttle (RcServer *self, RcThrottleProfile profile)
{
  g_return_if_fail (RC_IS_SERVER (self));
  rc_throttle_set_profile (self->throttle, profile);
}

RcThrottleProfile
rc_server_get_throttle (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), RC_THROTTLE_NONE);
  return rc_throttle_get_profile (self->throttle);
}

void
rc_server_set_throttle_model (RcServer *self, RcThrottleModel model)
{
  g_return_if_fail (RC_IS_SERVER (self));
  self->throttle_model = model;
}

RcThrottleModel
rc_server_get_throttle_model (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), RC_THROTTLE_MODEL_LINK);
  return self->throttle_model;
}

void
rc_server_add_data_mapping (RcServer *self, const char *url_prefix, const char *dir)
{
  g_return_if_fail (RC_IS_SERVER (self));
  g_return_if_fail (url_prefix != NULL && dir != NULL);

  g_ptr_array_add (self->data_urls, g_strdup (url_prefix));
  g_ptr_array_add (self->data_urls, g_strdup (dir));
  reresolve (self);
}

void
rc_server_set_live (RcServer *self, gboolean live)
{
  g_return_if_fail (RC_IS_SERVER (self));
  self->live = live;
}

void
rc_server_set_live_cdn (RcServer *self, gboolean live_cdn)
{
  g_return_if_fail (RC_IS_SERVER (self));
  self->live_cdn = live_cdn;
}

gboolean
rc_server_get_live_cdn (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), FALSE);
  return self->live_cdn;
}

void
rc_server_set_run_id (RcServer *self, const char *run_id)
{
  g_return_if_fail (RC_IS_SERVER (self));
  g_free (self->run_id);
  self->run_id = g_strdup (run_id);
}

void
rc_server_relabel_run (RcServer *self, const char *run_id, const char *new_run_id)
{
  g_return_if_fail (RC_IS_SERVER (self));
  for (guint i = 0; self->requests != NULL && i < self->requests->len; i++)
    {
      RcRequestRecord *request = g_ptr_array_index (self->requests, i);

      if (g_strcmp0 (request->run_id, run_id) == 0)
        {
          g_free (request->run_id);
          request->run_id = g_strdup (new_run_id);
        }
    }
}

void
rc_server_rename_wheel (RcServer *self, const char *file_name, const char *new_file_name)
{
  g_return_if_fail (RC_IS_SERVER (self));
  g_return_if_fail (file_name != NULL && new_file_name != NULL);
  g_hash_table_replace (self->wheel_renames, g_strdup (new_file_name), g_strdup (file_name));
}

void
rc_server_clear_wheel_renames (RcServer *self)
{
  g_return_if_fail (RC_IS_SERVER (self));
  g_hash_table_remove_all (self->wheel_renames);
}

static const char *
configured_page_origin (RcServer *self)
{
  if (self->page_origin != NULL)
    return self->page_origin;
  return self->community_origin != NULL ? self->community_origin : RC_DEFAULT_PAGE;
}

static const char *
configured_api_origin (RcServer *self)
{
  if (self->api_origin != NULL)
    return self->api_origin;
  return self->deployment == RC_DEPLOYMENT_DEVELOP ? RC_API_DEVELOP : RC_API_PRODUCTION;
}

const char *
rc_server_get_page_origin (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  return self->page != NULL ? self->page->url : configured_page_origin (self);
}

const char *
rc_server_get_api_origin (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  return self->api != NULL ? self->api->url : configured_api_origin (self);
}

char *
rc_server_get_page_url (RcServer *self, const char *path)
{
  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  if (path == NULL)
    path = "/";
  return g_strconcat (rc_server_get_page_origin (self), path[0] == '/' ? "" : "/", path, NULL);
}

char *
rc_server_get_cdn_base (RcServer *self)
{
  return g_strdup_printf ("https://" RC_CDN_HOST "/pyodide/v%s/full/",
                          rc_server_get_pyodide_version (self));
}

const char *
rc_server_get_proxy_url (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  return self->proxy_url;
}

guint16
rc_server_get_port (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), 0);
  return self->port;
}

const char *
rc_server_get_ca_file (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  return self->ca_file;
}

char *
rc_server_get_spki_sha256 (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  return self->tls != NULL ? rc_tls_get_leaf_spki_sha256 (self->tls) : NULL;
}

GTlsCertificate *
rc_server_get_tls_certificate (RcServer *self, const char *host, GError **error)
{
  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  g_return_val_if_fail (host != NULL, NULL);

  if (self->tls == NULL)
    {
      g_set_error_literal (error, RC_SERVER_ERROR, RC_SERVER_ERROR_TLS,
                           "the server is not running");
      return NULL;
    }
  return rc_tls_get_certificate (self->tls, host, error);
}

GStrv
rc_server_get_emulated_hosts (RcServer *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) hosts = g_ptr_array_new ();

  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  if (self->page == NULL)
    return g_strv_builder_end (builder);
  g_ptr_array_add (hosts, self->page->host);
  if (!self->live_cdn)
    g_ptr_array_add (hosts, (gpointer) RC_CDN_HOST);
  g_ptr_array_add (hosts, self->api->host);
  for (guint i = 0; i < self->data->len; i++)
    g_ptr_array_add (hosts, ((RcOriginSpec *) self->data->pdata[i])->host);
  for (guint i = 0; i < hosts->len; i++)
    if (g_hash_table_add (seen, hosts->pdata[i]))
      g_strv_builder_add (builder, hosts->pdata[i]);
  return g_strv_builder_end (builder);
}

GPtrArray *
rc_server_get_requests (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  return self->requests;
}

void
rc_server_clear_requests (RcServer *self)
{
  g_return_if_fail (RC_IS_SERVER (self));
  g_ptr_array_set_size (self->requests, 0);
}

gboolean
rc_server_is_running (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), FALSE);
  return self->soup != NULL;
}

/* The request log's callback (rc-request-log.h): the server keeps the records and signals
 * them. The log owns the record while it is signalled, so a ::request-finished handler must
 * not clear the log (rc_server_clear_requests()). The log keeps the last
 * limits.request_log_max: a long session must not grow it without bound. */
static void
request_finished_cb (GObject *owner, RcRequestRecord *record)
{
  RcServer *self = RC_SERVER (owner);
  guint excess;

  /* in the log before anyone hears of it: a handler that relabels the run (a retried boot)
   * relabels this request too */
  g_ptr_array_add (self->requests, record);
  g_signal_emit (self, signals[REQUEST_FINISHED], 0, record);
  if (self->requests->len > self->limits.request_log_max)
    {
      excess = self->requests->len - self->limits.request_log_max;
      g_ptr_array_remove_range (self->requests, 0, excess);
      self->stats.requests_dropped += excess;
    }
}

const char *
rc_server_origin_for_host (RcServer *self, const char *host)
{
  if (host == NULL || self->page == NULL)
    return NULL;
  for (guint i = 0; i < self->data->len; i++)
    if (g_ascii_strcasecmp (host, ((RcOriginSpec *) self->data->pdata[i])->host) == 0)
      return "data";
  if (g_ascii_strcasecmp (host, self->page->host) == 0)
    return "page";
  if (g_ascii_strcasecmp (host, RC_CDN_HOST) == 0 && !self->live_cdn)
    return "cdn";
  if (g_ascii_strcasecmp (host, self->api->host) == 0)
    return "api";
  return NULL;
}

RcEncoder *
rc_server_get_encoder (RcServer *self)
{
  g_return_val_if_fail (RC_IS_SERVER (self), NULL);
  return self->encoder;
}

static RcOriginSpec *
data_spec_for (RcServer *self, const char *host, const char *path)
{
  for (guint i = 0; i < self->data->len; i++)
    {
      RcOriginSpec *spec = self->data->pdata[i];

      if (g_ascii_strcasecmp (host, spec->host) == 0 && g_str_has_prefix (path, spec->prefix))
        return spec;
    }
  return NULL;
}

static gboolean
is_self (RcServer *self, GUri *uri)
{
  const char *host = g_uri_get_host (uri);

  return g_uri_get_port (uri) == self->port
         && (g_str_equal (host, "127.0.0.1") || g_ascii_strcasecmp (host, "localhost") == 0);
}

/* An API mounted under a path of another emulated host (--api https://nemar.org/osa) wins
 * for its paths; otherwise hosts decide. */
static gboolean
is_api (RcServer *self, const char *host, const char *path)
{
  return g_ascii_strcasecmp (host, self->api->host) == 0
         && ((strlen (self->api->prefix) > 1 && g_str_has_prefix (path, self->api->prefix))
             || g_strcmp0 (rc_server_origin_for_host (self, host), "api") == 0);
}

static void
route (RcServer *self, SoupServerMessage *msg)
{
  GUri *uri = soup_server_message_get_uri (msg);
  const char *host = g_uri_get_host (uri);
  const char *path = g_uri_get_path (uri);
  RcOriginSpec *data;

  if (host == NULL || *path != '/' || is_self (self, uri))
    {
      rc_request_log_set_origin (msg, "proxy");
      rc_origin_set_text (msg, SOUP_STATUS_BAD_REQUEST, "text/plain; charset=utf-8",
                          "Runtime Console's proxy: send absolute URLs (curl --proxy).\n");
      return;
    }
  if ((data = data_spec_for (self, host, path)) != NULL)
    rc_origin_data_handle (self, msg, data, path + strlen (data->prefix));
  else if (is_api (self, host, path))
    rc_origin_api_handle (self, msg, path);
  else if (g_ascii_strcasecmp (host, self->page->host) == 0)
    rc_origin_page_handle (self, msg, path);
  else if (g_ascii_strcasecmp (host, RC_CDN_HOST) == 0 && !self->live_cdn)
    {
      if (!rc_origin_cdn_handle (self, msg, path))
        return; /* paused until its encoded copy is ready; the CDN resumes it */
    }
  else if (self->live)
    {
      if (self->live_session == NULL)
        self->live_session = rc_proxy_live_session_new ();
      rc_proxy_handle_live (self->live_session, msg);
      return;
    }
  else
    rc_proxy_answer_offline (self, msg, host);
  rc_server_apply_latency (self, msg);
}

static void
server_callback (SoupServer *server, SoupServerMessage *msg, const char *path, GHashTable *query,
                 gpointer user_data)
{
  RcServer *self = user_data;

  if (soup_server_message_get_method (msg) == SOUP_METHOD_CONNECT)
    rc_proxy_handle_connect (self, msg, self->live);
  else
    route (self, msg);
}

static void
request_started_cb (SoupServer *server, SoupServerMessage *msg, gpointer user_data)
{
  RcServer *self = RC_SERVER (user_data);

  rc_request_log_attach (msg, self->run_id, request_finished_cb, G_OBJECT (self));
  rc_connections_watch_message (self, msg);
}

static gboolean
incoming_cb (GSocketService *service, GSocketConnection *connection, GObject *source,
             gpointer user_data)
{
  RcServer *self = user_data;
  g_autoptr (GIOStream) shaped = NULL;
  g_autoptr (GSocketAddress) local = g_socket_connection_get_local_address (connection, NULL);
  g_autoptr (GSocketAddress) remote = g_socket_connection_get_remote_address (connection, NULL);
  g_autoptr (GError) error = NULL;

  if (!rc_connections_admit (self, connection))
    return TRUE; /* at the cap: answered 503 and closed */
  /* Small responses must not wait for delayed ACKs; latency is ours to add. */
  g_socket_set_option (g_socket_connection_get_socket (connection), IPPROTO_TCP, TCP_NODELAY, 1,
                       NULL);
  shaped = rc_throttle_wrap_stream (self->throttle, G_IO_STREAM (connection));
  if (!rc_server_accept (self, shaped, local, remote, &error))
    g_warning ("Could not accept a proxy connection: %s", error->message);
  return TRUE;
}

gboolean
rc_server_accept (RcServer *self, GIOStream *stream, GSocketAddress *local, GSocketAddress *remote,
                  GError **error)
{
  return soup_server_accept_iostream (self->soup, stream, local, remote, error);
}

static gboolean
resolve_origins (RcServer *self, GError **error)
{
  g_autoptr (GPtrArray) data =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_origin_spec_free);
  g_autoptr (RcOriginSpec) page = NULL;
  g_autoptr (RcOriginSpec) api = NULL;

  if ((page = rc_origin_spec_parse (configured_page_origin (self), error)) == NULL
      || (api = rc_origin_spec_parse (configured_api_origin (self), error)) == NULL)
    return FALSE;
  for (guint i = 0; i + 1 < self->data_urls->len; i += 2)
    {
      RcOriginSpec *spec = rc_origin_spec_parse (self->data_urls->pdata[i], error);

      if (spec == NULL)
        return FALSE;
      spec->dir = g_strdup (self->data_urls->pdata[i + 1]);
      g_ptr_array_add (data, spec);
    }
  g_clear_pointer (&self->page, rc_origin_spec_free);
  g_clear_pointer (&self->api, rc_origin_spec_free);
  g_clear_pointer (&self->data, g_ptr_array_unref);
  self->page = g_steal_pointer (&page);
  self->api = g_steal_pointer (&api);
  self->data = g_steal_pointer (&data);
  return TRUE;
}

/* Origins changed while running take effect for the next request; leaves are made per
 * host on demand, so nothing else needs redoing. */
static void
reresolve (RcServer *self)
{
  g_autoptr (GError) error = NULL;

  if (self->soup != NULL && !resolve_origins (self, &error))
    g_warning ("%s", error->message);
}

void
rc_server_set_port (RcServer *self, guint16 port)
{
  g_return_if_fail (RC_IS_SERVER (self));
  self->requested_port = port;
}

static gboolean
listen_loopback (RcServer *self, GError **error)
{
  g_autoptr (GSocketAddress) address =
      g_inet_socket_address_new_from_string ("127.0.0.1", self->requested_port);
  g_autoptr (GSocketAddress) effective = NULL;
  g_autoptr (GError) local_error = NULL;

  self->service = g_socket_service_new ();
  if (!g_socket_listener_add_address (G_SOCKET_LISTENER (self->service), address,
                                      G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL, &effective,
                                      &local_error))
    {
      g_set_error (error, RC_SERVER_ERROR, RC_SERVER_ERROR_BIND,
                   _ ("The proxy could not listen on 127.0.0.1:%u (%s): choose another port, or "
                      "0 for any free one"),
                   self->requested_port, local_error->message);
      return FALSE;
    }
  self->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  self->proxy_url = g_strdup_printf ("http://127.0.0.1:%u", self->port);
  g_signal_connect (self->service, "incoming", G_CALLBACK (incoming_cb), self);
  g_socket_service_start (self->service);
  return TRUE;
}

/* libsoup keeps a connection open after a response only while the SoupServer has a listener
 * of its own (soup-server.c, request_finished: "&& priv->listeners"). The proxy accepts
 * through the GSocketService above (where the cap and the throttle are), so without one every
 * response closed its connection and every request paid a new TCP connection, CONNECT and TLS
 * handshake, as no browser does. A unix socket that listens and has no name is that listener:
 * it is bound in the private runtime folder and unlinked at once, so nothing can connect to
 * it and every connection still comes through the service. */
static gboolean
listen_keepalive (RcServer *self, GError **error)
{
  static guint serial = 0;
  g_autofree char *name = g_strdup_printf ("proxy-keepalive-%d-%u.sock", (int) getpid (), ++serial);
  g_autofree char *path = g_build_filename (rc_paths_runtime_dir (), name, NULL);
  g_autoptr (GSocketAddress) address = g_unix_socket_address_new (path);
  g_autoptr (GSocket) socket = NULL;
  g_autoptr (GError) local_error = NULL;
  gboolean ok;

  g_unlink (path);
  ok = (socket = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM,
                               G_SOCKET_PROTOCOL_DEFAULT, &local_error))
           != NULL
       && g_socket_bind (socket, address, FALSE, &local_error)
       && g_socket_listen (socket, &local_error);
  g_unlink (path);
  if (!ok || !soup_server_listen_socket (self->soup, socket, 0, &local_error))
    {
      g_set_error (error, RC_SERVER_ERROR, RC_SERVER_ERROR_BIND,
                   _ ("The proxy could not open its keep-alive socket %s (%s): the runtime "
                      "folder must be writable and its path shorter than 100 characters"),
                   path, local_error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
rc_server_start (RcServer *self, GError **error)
{
  static guint serial = 0;
  g_autofree char *ca_name = NULL;

  g_return_val_if_fail (RC_IS_SERVER (self), FALSE);
  g_return_val_if_fail (self->soup == NULL, FALSE);

  if (self->distribution_dir == NULL)
    self->distribution_dir = rc_paths_default_distribution ();
  if (!resolve_origins (self, error) || (self->tls = rc_tls_new (error)) == NULL)
    goto failed;
  ca_name = g_strdup_printf ("proxy-ca-%u.pem", ++serial);
  g_free (self->ca_file);
  self->ca_file = g_build_filename (rc_paths_runtime_dir (), ca_name, NULL);
  if (!rc_tls_write_ca (self->tls, self->ca_file, error))
    goto failed;

  /* raw-paths: path checks are ours (rc_origin_resolve, exact wheel names), so that
   * "..%2Fconfig.yaml" reaches the wheel route and gets OSA's 404 rather than a 400. */
  self->soup = soup_server_new ("raw-paths", TRUE, NULL);
  soup_server_add_handler (self->soup, NULL, server_callback, self, NULL);
  g_signal_connect (self->soup, "request-started", G_CALLBACK (request_started_cb), self);
  if (!listen_keepalive (self, error) || !listen_loopback (self, error))
    goto failed;
  if (self->encoder == NULL)
    self->encoder = rc_encoder_new (NULL);
  rc_connections_start (self);
  rc_origin_cdn_prepare (self);
  return TRUE;

failed:
  rc_server_stop (self);
  return FALSE;
}

void
rc_server_stop (RcServer *self)
{
  g_return_if_fail (RC_IS_SERVER (self));

  if (self->service != NULL)
    {
      g_socket_service_stop (self->service);
      g_socket_listener_close (G_SOCKET_LISTENER (self->service));
      g_signal_handlers_disconnect_by_data (self->service, self);
      g_clear_object (&self->service);
    }
  if (self->soup != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->soup, self);
      soup_server_disconnect (self->soup);
      g_clear_object (&self->soup);
    }
  rc_connections_stop (self);
  g_clear_object (&self->live_session);
  g_clear_object (&self->tls);
  g_clear_pointer (&self->page, rc_origin_spec_free);
  g_clear_pointer (&self->api, rc_origin_spec_free);
  g_clear_pointer (&self->data, g_ptr_array_unref);
  g_clear_pointer (&self->proxy_url, g_free);
  self->port = 0;
}
