/* rc-connections.c: what a client of the proxy may hold.
 *
 * SoupServer bounds neither the time a client takes to send its headers nor how long an idle
 * connection stays (libsoup 3.2 has no such property), and the proxy listens on a port any
 * local process can reach. So the TCP connections the GSocketService accepts are kept here,
 * each keyed by its peer's address: the messages read on it, plain or inside a CONNECT
 * tunnel (whose TLS stream is accepted with the same remote address), name the same key.
 * A check every quarter of the shortest timeout (at most every second) closes what
 * overstayed with shutdown(2): libsoup then reads the end of the stream and tears the
 * connection down as when a client leaves. Idleness is the kernel's own account: TCP_INFO's
 * time since data was last received and sent.
 *
 * Connections are kept alive between requests (rc-server.c, listen_keepalive()), up to
 * max_requests_per_connection requests; each is numbered, and the records of its requests
 * say which one carried them and whether it had carried one before.
 */
#include "config.h"

#include <linux/sockios.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include <glib/gi18n.h>

#include "rc-server-private.h"

#define KEY_DATA "rc-connection-key"
/* A browser sends its first request the moment a connection is up; one that waited longer
 * was opened ahead of need. */
#define PRECONNECTED_US (50 * 1000)
#define HANDLING_DATA   "rc-connection-handling"

typedef struct
{
  RcServer *server;
  char *key;
  GSocketConnection *connection; /* weak: the entry goes with it */
  GIOStream *tls;                /* weak: a tunnel's TLS stream, see close_between() */
  guint id;                      /* 1, 2, …: the records' connection */
  guint requests;                /* requests begun on it, its CONNECT aside */
  gint64 connect_us;             /* set-up before its first request (CONNECT, TLS); -1 */
  gint64 ssl_us;                 /* its TLS handshake; -1 without one */
  gint64 accepted_us;
  gint64 ready_us;         /* its set-up ended: accepted, or its tunnel's handshake done */
  gint64 headers_since_us; /* a request's headers are awaited since then; 0 when none is */
  gboolean between;        /* the latest message ended, the next has not begun */
  SoupServerMessage *msg;  /* weak: the latest message begun on the connection */
  guint handling;          /* messages whose answer the server itself is preparing */
  gint64 closing_us;       /* shut down by us at that time; 0 while open */
} Entry;

static void
connection_gone (gpointer data, GObject *where_the_object_was)
{
  Entry *entry = data;

  entry->connection = NULL;
  g_hash_table_remove (entry->server->connections, entry->key);
}

static void
entry_free (gpointer data)
{
  Entry *entry = data;
  RcServer *self = entry->server;

  if (entry->connection != NULL)
    g_object_weak_unref (G_OBJECT (entry->connection), connection_gone, entry);
  if (entry->tls != NULL)
    g_object_remove_weak_pointer (G_OBJECT (entry->tls), (gpointer *) &entry->tls);
  if (entry->msg != NULL)
    g_object_remove_weak_pointer (G_OBJECT (entry->msg), (gpointer *) &entry->msg);
  g_free (entry->key);
  g_free (entry);
  /* below the cap again: the next time it is reached gets its log line */
  if (self->connections != NULL
      && g_hash_table_size (self->connections) < self->limits.max_connections)
    self->at_cap_logged = FALSE;
}

static char *
address_key (GSocketAddress *address)
{
  return address != NULL ? g_socket_connectable_to_string (G_SOCKET_CONNECTABLE (address)) : NULL;
}

static Entry *
entry_of_message (RcServer *self, SoupServerMessage *msg)
{
  const char *key = g_object_get_data (G_OBJECT (msg), KEY_DATA);

  return key != NULL && self->connections != NULL ? g_hash_table_lookup (self->connections, key)
                                                  : NULL;
}

/* ---- closing ----------------------------------------------------------------------------- */

/* Milliseconds since data last moved either way on @socket, as the kernel counts. */
static guint64
idle_ms (Entry *entry, GSocket *socket, gint64 now)
{
  guint64 since_accept = (now - entry->accepted_us) / 1000;
  struct tcp_info info = { 0 };
  socklen_t length = sizeof info;

  if (getsockopt (g_socket_get_fd (socket), IPPROTO_TCP, TCP_INFO, &info, &length) != 0)
    return 0; /* unknown: never closed for idleness */
  return MIN (since_accept, MIN (info.tcpi_last_data_recv, info.tcpi_last_data_sent));
}

/* shutdown(2) wakes what libsoup waits for on the socket (a read sees the end, a write
 * fails), and it closes the connection as when a client leaves. With linger 0 that close is
 * a reset: a client that stopped reading would otherwise keep the kernel sending it the
 * rest for minutes. */
static void
shut (Entry *entry, GSocket *socket, gint64 now, const char *why)
{
  struct linger reset = { 1, 0 };

  if (entry->msg != NULL && rc_request_log_lookup (entry->msg) != NULL
      && rc_request_log_lookup (entry->msg)->note == NULL)
    rc_request_log_set_note (entry->msg, "closed by the proxy: %s", why);
  entry->closing_us = now;
  setsockopt (g_socket_get_fd (socket), SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
  g_socket_shutdown (socket, TRUE, TRUE, NULL);
}

/* libsoup 3.2 begins a kept-alive connection's next message only at its first byte, and a
 * client that closes the connection instead is never noticed (the end of the stream reaches
 * no handler), so the connection would wait in CLOSE-WAIT for the idle timeout. Between
 * messages, the connection of a peer that closed is closed at once. */
static gboolean
peer_left (Entry *entry, GSocket *socket)
{
  struct tcp_info info = { 0 };
  socklen_t length = sizeof info;

  return entry->between
         && getsockopt (g_socket_get_fd (socket), IPPROTO_TCP, TCP_INFO, &info, &length) == 0
         && info.tcpi_state == TCP_CLOSE_WAIT;
}

/* Closing a kept-alive connection the client may be reusing at that very moment. The
 * earlier attempt closed the bare socket: a tunnel then ended without TLS close_notify, and
 * a client whose next request crossed the close read G_TLS_ERROR_EOF, which libsoup (WebKit's
 * network stack) does not retry, unlike a plain end of stream (request_is_restartable() in
 * soup-client-message-io-http1.c: "error->domain != G_TLS_ERROR"); the load failed. So a
 * tunnel is closed through its TLS stream (close_notify first), and a connection with bytes
 * waiting is not idle: its next request has arrived. The socket is closed, not shut down:
 * libsoup would keep the descriptor (its next message has no completion handler); its reader
 * then fails on the closed socket and lets it go. */
static gboolean
close_between (Entry *entry, GSocket *socket, gint64 now, gboolean peer_gone)
{
  if (!peer_gone && (g_socket_condition_check (socket, G_IO_IN) & G_IO_IN))
    return FALSE;
  entry->closing_us = now;
  if (entry->tls != NULL)
    g_io_stream_close (entry->tls, NULL, NULL);
  g_socket_close (socket, NULL);
  return TRUE;
}

/* libsoup finishes a message once the kernel took its last byte: a client that stopped
 * reading then is a stalled reader still, on the idle timeout. */
static gboolean
unread_answer (GSocket *socket)
{
  int queued = 0;

  return ioctl (g_socket_get_fd (socket), SIOCOUTQ, &queued) == 0 && queued > 0;
}

static void
check_entry (RcServer *self, Entry *entry, GSocket *socket, gint64 now)
{
  const RcServerLimits *limits = &self->limits;

  if (entry->closing_us != 0)
    return; /* shut down already: libsoup is closing it */
  if (peer_left (entry, socket))
    close_between (entry, socket, now, TRUE);
  else if (entry->between && !unread_answer (socket))
    {
      if (idle_ms (entry, socket, now) < limits->keepalive_timeout_ms)
        return;
      /* kept alive and unused: closed as a server closes one, the client may retry */
      if (close_between (entry, socket, now, FALSE))
        self->stats.idle_timeouts++;
    }
  else if (entry->headers_since_us != 0
           && now - entry->headers_since_us >= (gint64) limits->header_timeout_ms * 1000)
    {
      g_autofree char *why =
          g_strdup_printf ("no complete request headers within %u ms", limits->header_timeout_ms);

      self->stats.header_timeouts++;
      shut (entry, socket, now, why);
    }
  else if (entry->handling == 0 && idle_ms (entry, socket, now) >= limits->idle_timeout_ms)
    {
      g_autofree char *why =
          g_strdup_printf ("nothing moved for %u ms (idle timeout)", limits->idle_timeout_ms);

      self->stats.idle_timeouts++;
      shut (entry, socket, now, why);
    }
}

static gboolean
check_cb (gpointer data)
{
  RcServer *self = data;
  gint64 now = g_get_monotonic_time ();
  GHashTableIter iter;
  Entry *entry;

  g_hash_table_iter_init (&iter, self->connections);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &entry))
    {
      GSocket *socket = g_socket_connection_get_socket (entry->connection);

      if (g_socket_is_closed (socket))
        g_hash_table_iter_remove (&iter); /* closed, only not freed yet */
      else
        check_entry (self, entry, socket, now);
    }
  self->stats.open = g_hash_table_size (self->connections);
  return G_SOURCE_CONTINUE;
}

static void
restart_check (RcServer *self)
{
  guint shortest = MIN (self->limits.header_timeout_ms,
                        MIN (self->limits.idle_timeout_ms, self->limits.keepalive_timeout_ms));

  g_clear_handle_id (&self->connections_check_id, g_source_remove);
  self->connections_check_id = g_timeout_add (CLAMP (shortest / 4, 20, 1000), check_cb, self);
  g_source_set_name_by_id (self->connections_check_id, "[runtime-console] proxy timeouts");
}

/* ---- messages ---------------------------------------------------------------------------- */

static void
handling_done (SoupServerMessage *msg, RcServer *self)
{
  Entry *entry = entry_of_message (self, msg);

  if (g_object_get_data (G_OBJECT (msg), HANDLING_DATA) == NULL)
    return;
  g_object_set_data (G_OBJECT (msg), HANDLING_DATA, NULL);
  if (entry != NULL && entry->handling > 0)
    entry->handling--;
}

/* As soup_server_message_is_keepalive() judges it (not public): HTTP/1.0 only when the
 * answer says Keep-Alive, which ours never do. */
static gboolean
client_keeps_alive (SoupServerMessage *msg)
{
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);

  return soup_server_message_get_http_version (msg) != SOUP_HTTP_1_0
         && !soup_message_headers_header_contains (request, "Connection", "close");
}

/* A kept-alive connection's answer says Connection: close when it is the last one (the
 * cap on requests per connection, or the client asked), so no client reuses a connection
 * the server is about to close; libsoup then closes it after the response. */
static void
got_headers_cb (SoupServerMessage *msg, RcServer *self)
{
  Entry *entry = entry_of_message (self, msg);
  RcRequestRecord *record = rc_request_log_lookup (msg);
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);

  if (entry == NULL)
    return;
  entry->headers_since_us = 0;
  if (soup_server_message_get_method (msg) == SOUP_METHOD_CONNECT)
    return;
  entry->requests++;
  if (record != NULL)
    {
      record->reused = entry->requests > 1;
      record->connect_us = record->reused ? -1 : entry->connect_us;
      record->ssl_us = record->reused ? -1 : entry->ssl_us;
      record->preconnected =
          !record->reused && g_get_monotonic_time () - entry->ready_us > PRECONNECTED_US;
    }
  if (entry->requests >= self->limits.max_requests_per_connection)
    {
      self->stats.request_cap_closes++;
      soup_message_headers_replace (response, "Connection", "close");
    }
  else if (!client_keeps_alive (msg))
    soup_message_headers_replace (response, "Connection", "close");
}

/* The request is all read: the server's move until its answer starts (a client sending its
 * body, or not, is still on the idle timeout). */
static void
got_body_cb (SoupServerMessage *msg, RcServer *self)
{
  Entry *entry = entry_of_message (self, msg);

  if (entry == NULL || g_object_get_data (G_OBJECT (msg), HANDLING_DATA) != NULL)
    return;
  entry->handling++;
  g_object_set_data (G_OBJECT (msg), HANDLING_DATA, GINT_TO_POINTER (TRUE));
}

static void
ended_cb (SoupServerMessage *msg, RcServer *self)
{
  Entry *entry = entry_of_message (self, msg);

  handling_done (msg, self);
  if (entry != NULL && entry->msg == msg)
    {
      entry->headers_since_us = 0;
      entry->between = TRUE;
    }
}

void
rc_connections_watch_message (RcServer *self, SoupServerMessage *msg)
{
  g_autofree char *key = address_key (soup_server_message_get_remote_address (msg));
  Entry *entry = key != NULL ? g_hash_table_lookup (self->connections, key) : NULL;

  if (entry == NULL)
    return;
  /* libsoup begins a message when a connection is accepted, and on a kept-alive one when the
   * first byte of the next request arrives: the headers are due from then on. */
  entry->headers_since_us = g_get_monotonic_time ();
  entry->between = FALSE;
  if (rc_request_log_lookup (msg) != NULL)
    rc_request_log_lookup (msg)->connection = entry->id;
  if (entry->msg != NULL)
    g_object_remove_weak_pointer (G_OBJECT (entry->msg), (gpointer *) &entry->msg);
  entry->msg = msg;
  g_object_add_weak_pointer (G_OBJECT (msg), (gpointer *) &entry->msg);
  g_object_set_data_full (G_OBJECT (msg), KEY_DATA, g_steal_pointer (&key), g_free);
  g_signal_connect_object (msg, "got-headers", G_CALLBACK (got_headers_cb), self, 0);
  g_signal_connect_object (msg, "got-body", G_CALLBACK (got_body_cb), self, 0);
  g_signal_connect_object (msg, "wrote-headers", G_CALLBACK (handling_done), self, 0);
  g_signal_connect_object (msg, "finished", G_CALLBACK (ended_cb), self, 0);
  g_signal_connect_object (msg, "disconnected", G_CALLBACK (ended_cb), self, 0);
}

gboolean
rc_connections_is_reused (RcServer *self, SoupServerMessage *msg)
{
  Entry *entry = entry_of_message (self, msg);

  return entry != NULL && entry->requests > 1;
}

gboolean
rc_connections_is_tunnel (RcServer *self, SoupServerMessage *msg)
{
  Entry *entry = entry_of_message (self, msg);

  return entry != NULL && entry->tls != NULL;
}

void
rc_connections_note_tunnel (RcServer *self, SoupServerMessage *connect, GIOStream *tls,
                            gint64 connect_us, gint64 ssl_us)
{
  Entry *entry = entry_of_message (self, connect);

  self->stats.tls_handshakes++;
  if (entry == NULL)
    return;
  if (entry->tls != NULL)
    g_object_remove_weak_pointer (G_OBJECT (entry->tls), (gpointer *) &entry->tls);
  entry->tls = tls;
  g_object_add_weak_pointer (G_OBJECT (tls), (gpointer *) &entry->tls);
  entry->connect_us = connect_us;
  entry->ssl_us = ssl_us;
  entry->ready_us = g_get_monotonic_time ();
}

void
rc_server_close_idle_connections (RcServer *self)
{
  gint64 now = g_get_monotonic_time ();
  GHashTableIter iter;
  Entry *entry;

  g_return_if_fail (RC_IS_SERVER (self));
  if (self->connections == NULL)
    return;
  g_hash_table_iter_init (&iter, self->connections);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &entry))
    {
      GSocket *socket = g_socket_connection_get_socket (entry->connection);

      if (entry->between && entry->closing_us == 0 && !g_socket_is_closed (socket))
        close_between (entry, socket, now, peer_left (entry, socket));
    }
}

/* ---- admission --------------------------------------------------------------------------- */

static void
refuse (RcServer *self, GSocketConnection *connection)
{
  static const char answer[] = "HTTP/1.1 503 Service Unavailable\r\n"
                               "Connection: close\r\n"
                               "Content-Type: text/plain; charset=utf-8\r\n"
                               "Content-Length: 55\r\n\r\n"
                               "Runtime Console's proxy has too many connections open.\n";
  GSocket *socket = g_socket_connection_get_socket (connection);

  self->stats.refused++;
  if (!self->at_cap_logged)
    {
      self->at_cap_logged = TRUE;
      g_message (_ ("The proxy has %u connections open, its limit: new ones are refused until "
                    "some close (a connection idle for %u s is closed)."),
                 self->limits.max_connections, self->limits.idle_timeout_ms / 1000);
    }
  g_socket_set_blocking (socket, FALSE);
  g_socket_send (socket, answer, sizeof answer - 1, NULL, NULL);
  g_socket_shutdown (socket, FALSE, TRUE, NULL);
  g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
}

gboolean
rc_connections_admit (RcServer *self, GSocketConnection *connection)
{
  g_autoptr (GSocketAddress) remote = g_socket_connection_get_remote_address (connection, NULL);
  Entry *entry;

  if (g_hash_table_size (self->connections) >= self->limits.max_connections)
    {
      refuse (self, connection);
      return FALSE;
    }
  entry = g_new0 (Entry, 1);
  entry->server = self;
  entry->key = address_key (remote);
  if (entry->key == NULL)
    entry->key = g_strdup_printf ("connection-%p", (gpointer) connection);
  entry->connection = connection;
  entry->id = (guint) self->stats.accepted + 1;
  entry->connect_us = 0; /* a plain connection to the loopback proxy: nothing measurable */
  entry->ssl_us = -1;
  entry->accepted_us = g_get_monotonic_time ();
  entry->ready_us = entry->accepted_us;
  g_object_weak_ref (G_OBJECT (connection), connection_gone, entry);
  /* a peer address still listed belongs to a connection that closed: this one replaces it */
  g_hash_table_replace (self->connections, g_strdup (entry->key), entry);
  self->stats.accepted++;
  self->stats.open = g_hash_table_size (self->connections);
  self->stats.peak = MAX (self->stats.peak, self->stats.open);
  return TRUE;
}

/* ---- lifecycle --------------------------------------------------------------------------- */

void
rc_connections_start (RcServer *self)
{
  if (self->connections == NULL)
    self->connections = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, entry_free);
  restart_check (self);
}

void
rc_connections_stop (RcServer *self)
{
  g_clear_handle_id (&self->connections_check_id, g_source_remove);
  if (self->connections != NULL)
    g_hash_table_remove_all (self->connections);
  self->stats.open = 0;
  self->at_cap_logged = FALSE;
}

void
rc_server_set_limits (RcServer *self, const RcServerLimits *limits)
{
  g_return_if_fail (RC_IS_SERVER (self));
  g_return_if_fail (limits != NULL);
  self->limits.max_connections =
      limits->max_connections > 0 ? limits->max_connections : RC_SERVER_DEFAULT_MAX_CONNECTIONS;
  self->limits.header_timeout_ms = limits->header_timeout_ms > 0
                                       ? limits->header_timeout_ms
                                       : RC_SERVER_DEFAULT_HEADER_TIMEOUT_MS;
  self->limits.idle_timeout_ms =
      limits->idle_timeout_ms > 0 ? limits->idle_timeout_ms : RC_SERVER_DEFAULT_IDLE_TIMEOUT_MS;
  self->limits.request_log_max =
      limits->request_log_max > 0 ? limits->request_log_max : RC_SERVER_DEFAULT_REQUEST_LOG_MAX;
  self->limits.max_requests_per_connection = limits->max_requests_per_connection > 0
                                                 ? limits->max_requests_per_connection
                                                 : RC_SERVER_DEFAULT_MAX_REQUESTS_PER_CONNECTION;
  self->limits.keepalive_timeout_ms = limits->keepalive_timeout_ms > 0
                                          ? limits->keepalive_timeout_ms
                                          : RC_SERVER_DEFAULT_KEEPALIVE_TIMEOUT_MS;
  if (self->connections_check_id != 0)
    restart_check (self);
}

void
rc_server_get_limits (RcServer *self, RcServerLimits *out)
{
  g_return_if_fail (RC_IS_SERVER (self));
  *out = self->limits;
}

void
rc_server_get_stats (RcServer *self, RcServerStats *out)
{
  g_return_if_fail (RC_IS_SERVER (self));
  self->stats.open = self->connections != NULL ? g_hash_table_size (self->connections) : 0;
  *out = self->stats;
}
