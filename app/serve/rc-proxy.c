/* rc-proxy.c: the proxy side: CONNECT tunnels, the offline answer and live mode.
 *
 * For an emulated host, CONNECT is answered 200, the connection is taken back from
 * SoupServer once the answer is written, wrapped in TLS with that host's leaf
 * certificate, handshaken and fed to the same SoupServer again, so the https requests
 * inside the tunnel are routed, logged and shaped like any other. Live mode splices the client to
 * the real host instead (still through the shaped stream), and relays plain http:// as
 * the upstream's body arrives; both log the bytes the client was sent.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-server-private.h"

#define TUNNEL_KEY "rc-live-upstream"

/* A tunnel being set up: the proxy does the TLS handshake itself, so that the link model's
 * round trip is charged before it and the record can say what it took. */
typedef struct
{
  RcServer *server;
  SoupServerMessage *connect; /* the CONNECT: its connection entry and addresses */
  GIOStream *tls;
  gint64 connect_us; /* the CONNECT's own time, its round trip included */
  gint64 since_us;   /* the CONNECT was answered */
} TunnelSetup;

static void
tunnel_setup_free (TunnelSetup *setup)
{
  g_object_unref (setup->server);
  g_object_unref (setup->connect);
  g_clear_object (&setup->tls);
  g_free (setup);
}

/* A server connection without a certificate database: the default one gives each
 * connection its own copy of the system's trust store (megabytes), which only verifying a
 * client's certificate needs, and the proxy asks for none. It matters beyond speed:
 * libsoup 3.2 keeps a connection the client closed while idle until the server goes
 * (fixed upstream in 3.3.0), and each kept one held a copy. */
static GIOStream *
tls_server_new (GIOStream *stream, GTlsCertificate *certificate, GError **error)
{
  GType type = g_tls_backend_get_server_connection_type (g_tls_backend_get_default ());

  return g_initable_new (type, NULL, error, "base-io-stream", stream, "certificate", certificate,
                         "database", NULL, NULL);
}

static void
handshake_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  TunnelSetup *setup = user_data;
  RcServer *self = setup->server;
  gint64 ssl_us = g_get_monotonic_time () - setup->since_us;
  g_autoptr (GError) error = NULL;

  if (!rc_server_is_running (self)) /* stopped meanwhile */
    {
      g_io_stream_close (setup->tls, NULL, NULL);
      tunnel_setup_free (setup);
      return;
    }
  /* A failed handshake (an engine refusing the certificate) still goes to the SoupServer,
   * whose read then fails: the log keeps its connection that ended before a request. */
  if (g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, NULL))
    rc_connections_note_tunnel (self, setup->connect, setup->tls, setup->connect_us + ssl_us,
                                ssl_us);
  if (!rc_server_accept (self, setup->tls, soup_server_message_get_local_address (setup->connect),
                         soup_server_message_get_remote_address (setup->connect), &error))
    {
      g_warning ("TLS tunnel failed: %s", error->message);
      g_io_stream_close (setup->tls, NULL, NULL);
    }
  tunnel_setup_free (setup);
}

static gboolean
start_handshake_cb (gpointer user_data)
{
  TunnelSetup *setup = user_data;

  g_tls_connection_handshake_async (G_TLS_CONNECTION (setup->tls), G_PRIORITY_DEFAULT, NULL,
                                    handshake_cb, setup);
  return G_SOURCE_REMOVE;
}

static void
accept_tls_cb (SoupServerMessage *msg, gpointer user_data)
{
  RcServer *self = user_data;
  const char *host = g_uri_get_host (soup_server_message_get_uri (msg));
  RcRequestRecord *record = rc_request_log_lookup (msg);
  g_autoptr (GIOStream) stream = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (GError) error = NULL;
  TunnelSetup *setup;

  if (!rc_server_is_running (self)) /* stopped meanwhile */
    return;
  rc_request_log_complete (msg);
  stream = soup_server_message_steal_connection (msg);
  setup = g_new0 (TunnelSetup, 1);
  setup->server = g_object_ref (self);
  setup->connect = g_object_ref (msg);
  setup->since_us = g_get_monotonic_time ();
  setup->connect_us = record != NULL ? setup->since_us - record->start_us : 0;
  if ((certificate = rc_server_get_tls_certificate (self, host, &error)) == NULL
      || (setup->tls = tls_server_new (stream, certificate, &error)) == NULL)
    {
      g_warning ("TLS tunnel to %s failed: %s", host, error->message);
      g_io_stream_close (stream, NULL, NULL);
      tunnel_setup_free (setup);
      return;
    }
  /* TLS 1.3 takes one round trip before the first request can go */
  rc_server_after_rtts (self, rc_server_get_throttle_model (self) == RC_THROTTLE_MODEL_LINK ? 1 : 0,
                        start_handshake_cb, setup, NULL);
}

/* ---- live CONNECT tunnel ------------------------------------------------------------- */

/* The two directions of a live tunnel. The CONNECT's record stays open while it lasts and
 * counts what goes to the client (the response direction), through the shaped stream. */
typedef struct
{
  SoupServerMessage *msg;
  GIOStream *client;
  GIOStream *upstream;
  GCancellable *cancellable;         /* the response direction (upstream → client) */
  GCancellable *request_cancellable; /* the request direction (client → upstream) */
  guint linger_id;
  GBytes *pending;
  int running; /* directions still going */
} Tunnel;

#define TUNNEL_CHUNK 65536
/* How long the response direction may go on after the client stopped sending: long enough
 * for what is in flight to arrive and be counted, short enough that an upstream keeping its
 * connection open does not hold the tunnel. */
#define TUNNEL_LINGER_MS 1000

static gboolean
tunnel_linger_cb (gpointer user_data)
{
  Tunnel *tunnel = user_data;

  tunnel->linger_id = 0;
  g_cancellable_cancel (tunnel->cancellable);
  return G_SOURCE_REMOVE;
}

/* One direction ended. The response direction ending ends the tunnel; the request direction
 * ending (the client is done sending) lets the response finish first. One cancellable for
 * both used to cut off the last chunk in flight, which was then sent but never counted. */
static void
tunnel_direction_done (Tunnel *tunnel, gboolean response)
{
  RcRequestRecord *record;

  if (response)
    g_cancellable_cancel (tunnel->request_cancellable);
  else if (tunnel->running > 1 && tunnel->linger_id == 0)
    tunnel->linger_id = g_timeout_add (TUNNEL_LINGER_MS, tunnel_linger_cb, tunnel);
  if (--tunnel->running > 0)
    return;
  g_clear_handle_id (&tunnel->linger_id, g_source_remove);
  record = rc_request_log_lookup (tunnel->msg);
  g_io_stream_close (tunnel->client, NULL, NULL);
  g_io_stream_close (tunnel->upstream, NULL, NULL);
  if (record != NULL && record->first_byte_us == 0)
    record->first_byte_us = g_get_monotonic_time ();
  rc_request_log_complete (tunnel->msg);
  g_object_unref (tunnel->msg);
  g_object_unref (tunnel->client);
  g_object_unref (tunnel->upstream);
  g_object_unref (tunnel->cancellable);
  g_object_unref (tunnel->request_cancellable);
  g_clear_pointer (&tunnel->pending, g_bytes_unref);
  g_free (tunnel);
}

static void tunnel_read_cb (GObject *source, GAsyncResult *result, gpointer user_data);

static void
tunnel_read_next (Tunnel *tunnel)
{
  g_input_stream_read_bytes_async (g_io_stream_get_input_stream (tunnel->upstream), TUNNEL_CHUNK,
                                   G_PRIORITY_DEFAULT, tunnel->cancellable, tunnel_read_cb, tunnel);
}

static void
tunnel_wrote_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Tunnel *tunnel = user_data;
  RcRequestRecord *record = rc_request_log_lookup (tunnel->msg);
  gsize written = 0;
  gboolean ok = g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, &written, NULL);

  if (record != NULL && written > 0)
    {
      record->end_us = g_get_monotonic_time ();
      if (record->first_byte_us == 0)
        record->first_byte_us = record->end_us;
      record->bytes += written;
    }
  g_clear_pointer (&tunnel->pending, g_bytes_unref);
  if (ok && !g_cancellable_is_cancelled (tunnel->cancellable))
    tunnel_read_next (tunnel);
  else
    tunnel_direction_done (tunnel, TRUE);
}

static void
tunnel_read_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Tunnel *tunnel = user_data;
  GBytes *bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result, NULL);

  if (bytes == NULL || g_bytes_get_size (bytes) == 0)
    {
      g_clear_pointer (&bytes, g_bytes_unref);
      tunnel_direction_done (tunnel, TRUE);
      return;
    }
  tunnel->pending = bytes;
  g_output_stream_write_all_async (
      g_io_stream_get_output_stream (tunnel->client), g_bytes_get_data (bytes, NULL),
      g_bytes_get_size (bytes), G_PRIORITY_DEFAULT, tunnel->cancellable, tunnel_wrote_cb, tunnel);
}

static void
tunnel_request_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_output_stream_splice_finish (G_OUTPUT_STREAM (source), result, NULL);
  tunnel_direction_done (user_data, FALSE);
}

static void
splice_live_cb (SoupServerMessage *msg, gpointer user_data)
{
  Tunnel *tunnel = g_new0 (Tunnel, 1);
  RcRequestRecord *record = rc_request_log_lookup (msg);

  /* The record describes the tunnelled response: its first byte is the upstream's. */
  rc_request_log_hold (msg);
  if (record != NULL)
    record->first_byte_us = 0;
  tunnel->msg = g_object_ref (msg);
  tunnel->upstream = g_object_ref (g_object_get_data (G_OBJECT (msg), TUNNEL_KEY));
  tunnel->client = soup_server_message_steal_connection (msg);
  tunnel->cancellable = g_cancellable_new ();
  tunnel->request_cancellable = g_cancellable_new ();
  tunnel->running = 2;
  g_output_stream_splice_async (g_io_stream_get_output_stream (tunnel->upstream),
                                g_io_stream_get_input_stream (tunnel->client),
                                G_OUTPUT_STREAM_SPLICE_NONE, G_PRIORITY_DEFAULT,
                                tunnel->request_cancellable, tunnel_request_done_cb, tunnel);
  tunnel_read_next (tunnel);
}

static void
live_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (SoupServerMessage) msg = user_data;
  g_autoptr (GError) error = NULL;
  GSocketConnection *upstream =
      g_socket_client_connect_to_host_finish (G_SOCKET_CLIENT (source), result, &error);

  if (upstream == NULL)
    {
      rc_request_log_set_note (msg, "live: %s", error->message);
      rc_origin_set_text (msg, SOUP_STATUS_BAD_GATEWAY, "text/plain; charset=utf-8",
                          error->message);
    }
  else
    {
      g_object_set_data_full (G_OBJECT (msg), TUNNEL_KEY, upstream, g_object_unref);
      soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
      soup_message_headers_set_encoding (soup_server_message_get_response_headers (msg),
                                         SOUP_ENCODING_NONE);
      g_signal_connect (msg, "wrote-body", G_CALLBACK (splice_live_cb), NULL);
    }
  soup_server_message_unpause (msg);
}

void
rc_proxy_handle_connect (RcServer *self, SoupServerMessage *msg, gboolean live)
{
  GUri *uri = soup_server_message_get_uri (msg);
  const char *host = g_uri_get_host (uri);
  g_autoptr (GSocketClient) client = NULL;

  if (rc_server_origin_for_host (self, host) != NULL)
    {
      rc_request_log_set_origin (msg, "tunnel");
      soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
      /* RFC 9110 §9.3.6: no Content-Length on a 2xx answer to CONNECT. */
      soup_message_headers_set_encoding (soup_server_message_get_response_headers (msg),
                                         SOUP_ENCODING_NONE);
      g_signal_connect (msg, "wrote-body", G_CALLBACK (accept_tls_cb), self);
      rc_server_apply_latency (self, msg);
      return;
    }
  if (!live)
    {
      rc_proxy_answer_offline (self, msg, host); /* the proxy's own answer: no round trip */
      return;
    }
  rc_request_log_set_origin (msg, "live");
  client = g_socket_client_new ();
  soup_server_message_pause (msg);
  g_socket_client_connect_to_host_async (client, host, g_uri_get_port (uri), NULL,
                                         live_connected_cb, g_object_ref (msg));
}

void
rc_proxy_answer_offline (RcServer *self, SoupServerMessage *msg, const char *host)
{
  g_autofree char *text = NULL;

  rc_request_log_set_origin (msg, "offline");
  rc_request_log_set_note (msg, "not emulated");
  text = g_strdup_printf (
      _ ("Runtime Console is emulating the network offline, and %s is not an emulated origin.\n"
         "Emulated: the page %s, the CDN https://%s, the API %s and any --data origins.\n"
         "Map this host with --data URL=DIR, or start with --live to reach the real network.\n"),
      host, rc_server_get_page_origin (self), RC_CDN_HOST, rc_server_get_api_origin (self));
  rc_origin_set_text (msg, SOUP_STATUS_BAD_GATEWAY, "text/plain; charset=utf-8", text);
}

/* ---- live plain http ------------------------------------------------------------------- */

static gboolean
is_hop_by_hop (const char *name)
{
  static const char *const hop[] = { "Connection",          "Keep-Alive", "Proxy-Connection",
                                     "Proxy-Authorization", "TE",         "Trailer",
                                     "Transfer-Encoding",   "Upgrade",    "Content-Length" };

  for (guint i = 0; i < G_N_ELEMENTS (hop); i++)
    if (g_ascii_strcasecmp (name, hop[i]) == 0)
      return TRUE;
  return FALSE;
}

static void
copy_headers (SoupMessageHeaders *from, SoupMessageHeaders *to)
{
  SoupMessageHeadersIter iter;
  const char *name, *value;

  soup_message_headers_iter_init (&iter, from);
  while (soup_message_headers_iter_next (&iter, &name, &value))
    if (!is_hop_by_hop (name))
      soup_message_headers_append (to, name, value);
}

/* The upstream body is relayed as it arrives: one chunk at a time, the next read only once
 * the client took the last one, so a slow (throttled) client never makes us buffer. */
typedef struct
{
  SoupServerMessage *msg;
  SoupMessage *upstream;
  GInputStream *body;
  GCancellable *cancellable;
  gsize unwritten; /* appended to the response but not yet written */
  gboolean reading;
} LiveRequest;

#define RELAY_CHUNK 65536

static void
live_request_free (LiveRequest *request)
{
  g_signal_handlers_disconnect_by_data (request->msg, request);
  g_object_unref (request->msg);
  g_object_unref (request->upstream);
  g_clear_object (&request->body);
  g_object_unref (request->cancellable);
  g_free (request);
}

static void live_read_cb (GObject *source, GAsyncResult *result, gpointer user_data);

static void
live_read_next (LiveRequest *request)
{
  request->reading = TRUE;
  g_input_stream_read_bytes_async (request->body, RELAY_CHUNK, G_PRIORITY_DEFAULT,
                                   request->cancellable, live_read_cb, request);
}

static void
live_wrote_data_cb (SoupServerMessage *msg, guint chunk_size, gpointer user_data)
{
  LiveRequest *request = user_data;

  request->unwritten -= MIN (request->unwritten, chunk_size);
  if (request->unwritten == 0 && !request->reading)
    live_read_next (request);
}

static void
live_closed_cb (SoupServerMessage *msg, gpointer user_data)
{
  LiveRequest *request = user_data;

  /* The client went away (or the body is done): stop reading, and free once no read is
   * outstanding. */
  g_signal_handlers_disconnect_by_data (msg, request);
  g_cancellable_cancel (request->cancellable);
  if (!request->reading)
    live_request_free (request);
}

static void
live_read_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LiveRequest *request = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = g_input_stream_read_bytes_finish (request->body, result, &error);
  SoupMessageBody *body = soup_server_message_get_response_body (request->msg);

  request->reading = FALSE;
  if (g_cancellable_is_cancelled (request->cancellable) || rc_request_log_is_closed (request->msg))
    {
      live_request_free (request);
      return;
    }
  if (bytes != NULL && g_bytes_get_size (bytes) > 0)
    {
      request->unwritten += g_bytes_get_size (bytes);
      soup_message_body_append_bytes (body, bytes);
    }
  else
    {
      if (bytes == NULL)
        rc_request_log_set_note (request->msg, "live: upstream body cut short: %s", error->message);
      g_signal_handlers_disconnect_by_data (request->msg, request);
      soup_message_body_complete (body);
      soup_server_message_unpause (request->msg);
      live_request_free (request);
      return;
    }
  soup_server_message_unpause (request->msg);
}

static void
live_set_response_head (LiveRequest *request)
{
  SoupMessageHeaders *from = soup_message_get_response_headers (request->upstream);
  SoupMessageHeaders *to = soup_server_message_get_response_headers (request->msg);

  soup_server_message_set_status (request->msg, soup_message_get_status (request->upstream),
                                  soup_message_get_reason_phrase (request->upstream));
  copy_headers (from, to);
  /* Still encoded (no content decoder), so the upstream's length is the relayed length. */
  if (soup_message_headers_get_encoding (from) == SOUP_ENCODING_CONTENT_LENGTH)
    soup_message_headers_set_content_length (to, soup_message_headers_get_content_length (from));
  else
    soup_message_headers_set_encoding (to, SOUP_ENCODING_CHUNKED);
}

static void
live_response_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LiveRequest *request = user_data;
  g_autoptr (GError) error = NULL;

  request->body = soup_session_send_finish (SOUP_SESSION (source), result, &error);
  request->reading = FALSE;
  if (rc_request_log_is_closed (request->msg))
    {
      live_request_free (request);
      return;
    }
  if (request->body == NULL)
    {
      rc_request_log_set_note (request->msg, "live: %s", error->message);
      rc_origin_set_text (request->msg, SOUP_STATUS_BAD_GATEWAY, "text/plain; charset=utf-8",
                          error->message);
      soup_server_message_unpause (request->msg);
      live_request_free (request);
      return;
    }
  live_set_response_head (request);
  g_signal_connect (request->msg, "wrote-body-data", G_CALLBACK (live_wrote_data_cb), request);
  g_signal_connect (request->msg, "finished", G_CALLBACK (live_closed_cb), request);
  g_signal_connect (request->msg, "disconnected", G_CALLBACK (live_closed_cb), request);
  live_read_next (request);
}

SoupSession *
rc_proxy_live_session_new (void)
{
  SoupSession *session = soup_session_new ();

  /* Bodies pass through as they come, still encoded. */
  soup_session_remove_feature_by_type (session, SOUP_TYPE_CONTENT_DECODER);
  return session;
}

void
rc_proxy_handle_live (SoupSession *session, SoupServerMessage *msg)
{
  LiveRequest *request = g_new0 (LiveRequest, 1);
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr (GBytes) bytes = NULL;

  rc_request_log_set_origin (msg, "live");
  request->msg = g_object_ref (msg);
  request->cancellable = g_cancellable_new ();
  request->reading = TRUE; /* the send itself */
  request->upstream = soup_message_new_from_uri (soup_server_message_get_method (msg),
                                                 soup_server_message_get_uri (msg));
  copy_headers (soup_server_message_get_request_headers (msg),
                soup_message_get_request_headers (request->upstream));
  soup_message_headers_remove (soup_message_get_request_headers (request->upstream), "Host");
  bytes = soup_message_body_flatten (body);
  if (g_bytes_get_size (bytes) > 0)
    soup_message_set_request_body_from_bytes (
        request->upstream,
        soup_message_headers_get_content_type (soup_server_message_get_request_headers (msg), NULL),
        bytes);
  soup_server_message_pause (msg);
  soup_session_send_async (session, request->upstream, G_PRIORITY_DEFAULT, request->cancellable,
                           live_response_cb, request);
}
