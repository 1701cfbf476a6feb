/* rc-proxy.c: the proxy side: CONNECT tunnels, the offline answer and live mode.
 *
 * For an emulated host, CONNECT is answered 200, the connection is taken back from
 * SoupServer once the answer is written, wrapped in TLS with that host's leaf
 * certificate and fed to the same SoupServer again, so the https requests inside the
 * tunnel are routed, logged and shaped like any other. Live mode splices the client to
 * the real host instead (still through the shaped stream).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-server-private.h"

#define TUNNEL_KEY "rc-live-upstream"

static void
accept_tls_cb (SoupServerMessage *msg, gpointer user_data)
{
  RcServer *self = user_data;
  const char *host = g_uri_get_host (soup_server_message_get_uri (msg));
  g_autoptr (GIOStream) stream = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (GIOStream) tls = NULL;
  g_autoptr (GError) error = NULL;

  if (self->soup == NULL) /* stopped meanwhile */
    return;
  rc_request_log_complete (msg);
  stream = soup_server_message_steal_connection (msg);
  if ((certificate = rc_tls_get_certificate (self->tls, host, &error)) == NULL
      || (tls = g_tls_server_connection_new (stream, certificate, &error)) == NULL
      || !soup_server_accept_iostream (self->soup, tls, soup_server_message_get_local_address (msg),
                                       soup_server_message_get_remote_address (msg), &error))
    {
      g_warning ("TLS tunnel to %s failed: %s", host, error->message);
      g_io_stream_close (stream, NULL, NULL);
    }
}

static void
splice_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_io_stream_splice_finish (result, NULL);
}

static void
splice_live_cb (SoupServerMessage *msg, gpointer user_data)
{
  GIOStream *upstream = g_object_get_data (G_OBJECT (msg), TUNNEL_KEY);
  g_autoptr (GIOStream) stream = NULL;

  rc_request_log_complete (msg);
  stream = soup_server_message_steal_connection (msg);

  g_io_stream_splice_async (stream, upstream,
                            G_IO_STREAM_SPLICE_CLOSE_STREAM1 | G_IO_STREAM_SPLICE_CLOSE_STREAM2,
                            G_PRIORITY_DEFAULT, NULL, splice_done_cb, NULL);
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
rc_proxy_handle_connect (RcServer *self, SoupServerMessage *msg)
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
  if (!self->live)
    {
      rc_proxy_answer_offline (self, msg, host);
      rc_server_apply_latency (self, msg);
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
      host, self->page->url, RC_CDN_HOST, self->api->url);
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

typedef struct
{
  SoupServerMessage *msg;
  SoupMessage *upstream;
} LiveRequest;

static void
live_request_free (LiveRequest *request)
{
  g_object_unref (request->msg);
  g_object_unref (request->upstream);
  g_free (request);
}

static void
live_response_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LiveRequest *request = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) body =
      soup_session_send_and_read_finish (SOUP_SESSION (source), result, &error);

  if (body == NULL)
    {
      rc_request_log_set_note (request->msg, "live: %s", error->message);
      rc_origin_set_text (request->msg, SOUP_STATUS_BAD_GATEWAY, "text/plain; charset=utf-8",
                          error->message);
    }
  else
    {
      soup_server_message_set_status (request->msg, soup_message_get_status (request->upstream),
                                      soup_message_get_reason_phrase (request->upstream));
      copy_headers (soup_message_get_response_headers (request->upstream),
                    soup_server_message_get_response_headers (request->msg));
      soup_message_body_append_bytes (soup_server_message_get_response_body (request->msg), body);
    }
  soup_server_message_unpause (request->msg);
  live_request_free (request);
}

void
rc_proxy_handle_live (RcServer *self, SoupServerMessage *msg)
{
  LiveRequest *request = g_new0 (LiveRequest, 1);
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr (GBytes) bytes = NULL;

  rc_request_log_set_origin (msg, "live");
  if (self->live_session == NULL)
    {
      /* Bodies pass through as they come, still encoded. */
      self->live_session = soup_session_new ();
      soup_session_remove_feature_by_type (self->live_session, SOUP_TYPE_CONTENT_DECODER);
    }
  request->msg = g_object_ref (msg);
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
  soup_session_send_and_read_async (self->live_session, request->upstream, G_PRIORITY_DEFAULT, NULL,
                                    live_response_cb, request);
}
