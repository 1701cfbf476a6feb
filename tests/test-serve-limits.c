/* test-serve-limits.c: the proxy under load (issue 12). Idle, slow-header and stalled
 * clients (one that stops reading a response) on loopback are closed by the header and idle
 * timeouts, the connection cap refuses
 * what is over it with one log line, real requests are served meanwhile, and the request
 * log keeps only its last records. Short limits keep it to a few seconds. */
#include "config.h"

#include <gio/gio.h>
#include <sys/socket.h>

#include "serve-test-util.h"

/* Long enough for curl to be served through the proxy before the first ones are closed,
 * even on a busy machine; short enough to keep the test to about ten seconds. */
#define HEADER_TIMEOUT_MS 4000
#define IDLE_TIMEOUT_MS   5000

#define LOG_MAX         30
#define N_IDLE          20
#define N_SLOW          10
#define N_STALLED       10
#define N_BODY          5
#define BIG_SIZE        (8 * 1024 * 1024)
#define N_HELD          (N_IDLE + N_SLOW + N_STALLED + N_BODY)
#define MAX_CONNECTIONS (N_HELD + 8)
#define N_OVER          10 /* opened with N_HELD held: 8 admitted, 2 refused */

typedef enum
{
  CLIENT_IDLE,    /* connects and sends nothing */
  CLIENT_SLOW,    /* sends a request line, then a header byte every 100 ms, never the end */
  CLIENT_STALLED, /* asks for a big file and never reads the answer */
  CLIENT_BODY,    /* sends headers announcing a body, and never the body */
  CLIENT_KEPT,    /* sends `wanted` requests one after the other on one connection, then
                   * trickles a request it never ends when `trickle_after` */
} ClientKind;

typedef struct
{
  ClientKind kind;
  GSocketConnection *connection;
  GSocket *socket;
  GSource *source;
  guint trickle_id;
  GString *received;
  gint64 opened_us;
  gint64 closed_us; /* the server closed it */
  gboolean reset;   /* … with a reset, not an end of stream */
  guint wanted, sent, answered;
  gboolean trickle_after;
  gint64 answered_us; /* its last answer arrived */
} Client;

#define KEPT_REQUEST                                                                               \
  "GET http://data.limits.test/file.txt HTTP/1.1\r\nHost: data.limits.test\r\n\r\n"

static gboolean trickle_cb (gpointer data);

static guint
count_answers (const char *text)
{
  guint n = 0;

  for (const char *p = text; (p = strstr (p, "\r\n\r\nhello")) != NULL; p++)
    n++;
  return n;
}

/* A kept client's next move once an answer is in: its next request, or the trickle. */
static void
kept_next (Client *c)
{
  guint answered = count_answers (c->received->str);

  if (answered == c->answered)
    return;
  c->answered = answered;
  c->answered_us = g_get_monotonic_time ();
  if (c->sent < c->wanted)
    {
      g_socket_send (c->socket, KEPT_REQUEST, strlen (KEPT_REQUEST), NULL, NULL);
      c->sent++;
    }
  else if (c->trickle_after && c->trickle_id == 0)
    {
      const char *line = "GET http://data.limits.test/file.txt HTTP/1.1\r\nX-Slow: ";

      g_socket_send (c->socket, line, strlen (line), NULL, NULL);
      c->trickle_id = g_timeout_add (100, trickle_cb, c);
    }
}

static void
client_closed (Client *c)
{
  c->closed_us = g_get_monotonic_time ();
  g_clear_handle_id (&c->trickle_id, g_source_remove);
}

static gboolean
readable_cb (GSocket *socket, GIOCondition condition, gpointer data)
{
  Client *c = data;
  g_autoptr (GError) error = NULL;
  char buffer[4096];
  gssize n;

  while ((n = g_socket_receive (socket, buffer, sizeof buffer, NULL, &error)) > 0)
    g_string_append_len (c->received, buffer, n);
  if (c->kind == CLIENT_KEPT)
    kept_next (c);
  /* 0: the end of the stream; an error other than "would block": reset */
  if (n == 0 || !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
    {
      c->reset = n != 0;
      client_closed (c);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
trickle_cb (gpointer data)
{
  Client *c = data;

  if (g_socket_send (c->socket, "a", 1, NULL, NULL) < 0)
    {
      c->trickle_id = 0;
      return G_SOURCE_REMOVE; /* closed: the read side notices */
    }
  return G_SOURCE_CONTINUE;
}

/* A stalled client's receive buffer is small, so the server's writes stall soon. */
static void
client_event_cb (GSocketClient *client, GSocketClientEvent event, GSocketConnectable *connectable,
                 GIOStream *connection, gpointer data)
{
  if (event == G_SOCKET_CLIENT_CONNECTING && GPOINTER_TO_INT (data))
    g_socket_set_option (g_socket_connection_get_socket (G_SOCKET_CONNECTION (connection)),
                         SOL_SOCKET, SO_RCVBUF, 4096, NULL);
}

static void
connected_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

/* Connected while the main context runs: the server accepts in it, and its listen backlog
 * is short, so a blocking connect would wait for an accept that cannot come. */
static GSocketConnection *
connect_to (RcServer *server, gboolean small_buffer)
{
  g_autoptr (GSocketClient) socket_client = g_socket_client_new ();
  g_autoptr (GError) error = NULL;
  GAsyncResult *result = NULL;
  GSocketConnection *connection;

  g_socket_client_set_enable_proxy (socket_client, FALSE);
  g_signal_connect (socket_client, "event", G_CALLBACK (client_event_cb),
                    GINT_TO_POINTER (small_buffer));
  g_socket_client_connect_to_host_async (socket_client, "127.0.0.1", rc_server_get_port (server),
                                         NULL, connected_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  connection = g_socket_client_connect_to_host_finish (socket_client, result, &error);
  g_object_unref (result);
  g_assert_no_error (error);
  return connection;
}

static Client *
client_open (RcServer *server, ClientKind kind)
{
  Client *c = g_new0 (Client, 1);

  c->kind = kind;
  c->received = g_string_new (NULL);
  c->opened_us = g_get_monotonic_time (); /* before the server can have accepted it */
  c->connection = connect_to (server, kind == CLIENT_STALLED);
  c->socket = g_socket_connection_get_socket (c->connection);
  g_socket_set_blocking (c->socket, FALSE);
  if (kind == CLIENT_SLOW)
    {
      const char *line = "GET http://nowhere.test/ HTTP/1.1\r\nX-Slow: ";

      g_assert_cmpint (g_socket_send (c->socket, line, strlen (line), NULL, NULL), ==,
                       strlen (line));
      c->trickle_id = g_timeout_add (100, trickle_cb, c);
    }
  else if (kind == CLIENT_STALLED)
    {
      const char *request =
          "GET http://data.limits.test/big.bin HTTP/1.1\r\nHost: data.limits.test\r\n\r\n";

      g_assert_cmpint (g_socket_send (c->socket, request, strlen (request), NULL, NULL), ==,
                       strlen (request));
    }
  else if (kind == CLIENT_KEPT)
    {
      g_assert_cmpint (g_socket_send (c->socket, KEPT_REQUEST, strlen (KEPT_REQUEST), NULL, NULL),
                       ==, strlen (KEPT_REQUEST));
      c->sent = 1;
    }
  else if (kind == CLIENT_BODY)
    {
      const char *request = "POST http://data.limits.test/file.txt HTTP/1.1\r\n"
                            "Host: data.limits.test\r\nContent-Length: 100000\r\n\r\n";

      g_assert_cmpint (g_socket_send (c->socket, request, strlen (request), NULL, NULL), ==,
                       strlen (request));
    }
  /* a stalled client reads nothing: only the reset that ends it wakes it */
  c->source = g_socket_create_source (
      c->socket, kind == CLIENT_STALLED ? G_IO_HUP | G_IO_ERR : G_IO_IN | G_IO_HUP | G_IO_ERR,
      NULL);
  g_source_set_callback (c->source, (GSourceFunc) (void (*) (void)) readable_cb, c, NULL);
  g_source_attach (c->source, NULL);
  return c;
}

static void
client_free (gpointer data)
{
  Client *c = data;

  g_clear_handle_id (&c->trickle_id, g_source_remove);
  g_source_destroy (c->source);
  g_source_unref (c->source);
  g_io_stream_close (G_IO_STREAM (c->connection), NULL, NULL);
  g_object_unref (c->connection);
  g_string_free (c->received, TRUE);
  g_free (c);
}

static gboolean
deadline_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

typedef gboolean (*Condition) (gpointer data);

/* Spins the main context until @condition holds or @seconds passed; whether it held. */
static gboolean
spin_until (Condition condition, gpointer data, guint seconds)
{
  gboolean expired = FALSE;
  guint id = g_timeout_add_seconds (seconds, deadline_cb, &expired);

  while (!condition (data) && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (!expired)
    g_source_remove (id);
  return condition (data);
}

static gboolean
open_is (gpointer data)
{
  gpointer *args = data;
  RcServerStats stats;

  rc_server_get_stats (args[0], &stats);
  return stats.open == GPOINTER_TO_UINT (args[1]);
}

static gboolean
all_closed (gpointer data)
{
  GPtrArray *clients = data;

  for (guint i = 0; i < clients->len; i++)
    if (((Client *) clients->pdata[i])->closed_us == 0)
      return FALSE;
  return TRUE;
}

static void
count_request (RcServer *server, RcRequestRecord *record, guint *count)
{
  (*count)++;
}

static void
assert_served (RcServer *server)
{
  g_autoptr (CurlResult) r = run_curl (server, "https://data.limits.test/file.txt", NULL);

  g_assert_cmpint (r->exit_status, ==, 0);
  g_assert_cmpuint (r->status, ==, 200);
  g_assert_cmpuint (r->size_download, ==, 5);
}

static void
test_under_load (void)
{
  g_autofree char *tmp = rc_test_make_tmp ("rc-serve-limits");
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (GPtrArray) clients = g_ptr_array_new_with_free_func (client_free);
  g_autoptr (GError) error = NULL;
  RcServerLimits limits = { MAX_CONNECTIONS, HEADER_TIMEOUT_MS, IDLE_TIMEOUT_MS, LOG_MAX };
  RcServerStats stats;
  GPtrArray *log;
  guint logged = 0, closed_by_proxy = 0;
  gpointer args[2];

  g_autofree guint8 *big = g_malloc0 (BIG_SIZE);

  rc_test_write_file (tmp, "file.txt", "hello", 5);
  rc_test_write_file (tmp, "big.bin", big, BIG_SIZE);
  rc_server_add_data_mapping (server, "https://data.limits.test", tmp);
  rc_server_set_limits (server, &limits);
  rc_server_start (server, &error);
  g_assert_no_error (error);
  g_signal_connect (server, "request-finished", G_CALLBACK (count_request), &logged);

  for (guint i = 0; i < N_IDLE; i++)
    g_ptr_array_add (clients, client_open (server, CLIENT_IDLE));
  for (guint i = 0; i < N_SLOW; i++)
    g_ptr_array_add (clients, client_open (server, CLIENT_SLOW));
  for (guint i = 0; i < N_STALLED; i++)
    g_ptr_array_add (clients, client_open (server, CLIENT_STALLED));
  for (guint i = 0; i < N_BODY; i++)
    g_ptr_array_add (clients, client_open (server, CLIENT_BODY));
  args[0] = server;
  args[1] = GUINT_TO_POINTER (N_HELD);
  g_assert_true (spin_until (open_is, args, 10));

  /* a real request, while all are held (none of them was closed yet) */
  assert_served (server);
  for (guint i = 0; i < clients->len; i++)
    g_assert_cmpint (((Client *) clients->pdata[i])->closed_us, ==, 0);
  g_assert_true (spin_until (open_is, args, 10)); /* curl's connection is gone */

  /* at the cap: the two over it are refused (503, closed), with one log line */
  g_test_expect_message ("RuntimeConsole", G_LOG_LEVEL_MESSAGE,
                         "The proxy has * connections open, its limit*");
  for (guint i = 0; i < N_OVER; i++)
    g_ptr_array_add (clients, client_open (server, CLIENT_IDLE));
  args[1] = GUINT_TO_POINTER (MAX_CONNECTIONS);
  g_assert_true (spin_until (open_is, args, 10));
  rc_server_get_stats (server, &stats);
  g_assert_cmpuint (stats.refused, ==, N_HELD + N_OVER - MAX_CONNECTIONS);
  g_assert_cmpuint (stats.peak, ==, MAX_CONNECTIONS);

  /* every one is closed by the server, none before its timeout */
  g_assert_true (spin_until (all_closed, clients, 30));
  g_test_assert_expected_messages ();
  for (guint i = 0; i < clients->len; i++)
    {
      Client *c = clients->pdata[i];
      gint64 lived_ms = (c->closed_us - c->opened_us) / 1000;
      gboolean refused = g_str_has_prefix (c->received->str, "HTTP/1.1 503");

      if (refused)
        g_assert_cmpint (lived_ms, <, HEADER_TIMEOUT_MS);
      else if (c->kind == CLIENT_STALLED || c->kind == CLIENT_BODY)
        g_assert_cmpint (lived_ms, >=, IDLE_TIMEOUT_MS - 50);
      else
        g_assert_cmpint (lived_ms, >=, HEADER_TIMEOUT_MS - 50);
    }
  rc_server_get_stats (server, &stats);
  g_assert_cmpuint (stats.header_timeouts, ==, N_IDLE + N_SLOW + (MAX_CONNECTIONS - N_HELD));
  g_assert_cmpuint (stats.idle_timeouts, ==, N_STALLED + N_BODY);
  args[1] = GUINT_TO_POINTER (0);
  g_assert_true (spin_until (open_is, args, 10));

  /* and the proxy still serves */
  assert_served (server);

  /* the log kept its last LOG_MAX records and counted the others */
  log = rc_server_get_requests (server);
  rc_server_get_stats (server, &stats);
  g_assert_cmpuint (logged, >, LOG_MAX);
  g_assert_cmpuint (log->len, ==, LOG_MAX);
  g_assert_cmpuint (stats.requests_dropped, ==, logged - LOG_MAX);
  for (guint i = 0; i < log->len; i++)
    {
      RcRequestRecord *r = log->pdata[i];

      closed_by_proxy += r->note != NULL && g_str_has_prefix (r->note, "closed by the proxy");
    }
  g_assert_cmpuint (closed_by_proxy, >, 0);
  g_signal_handlers_disconnect_by_data (server, &logged);
  rc_server_stop (server);
  rc_test_remove_tree (tmp);
}

#define KEPT_HEADER_MS 1500
#define KEPT_IDLE_MS   1500
#define KEPT_ALIVE_MS  3000
#define KEPT_MAX       3

static Client *
kept_open (RcServer *server, guint wanted, gboolean trickle_after)
{
  Client *c = client_open (server, CLIENT_KEPT);

  c->wanted = wanted;
  c->trickle_after = trickle_after;
  return c;
}

/* Kept-alive connections stay bounded: one left idle after its answer is closed at the
 * keep-alive timeout (not the shorter idle timeout of a client in the middle of a request)
 * with an end of stream a client may retry on; one that asks again and again gets
 * Connection: close on its KEPT_MAX-th answer and is closed then; one that starts a next
 * request and never ends it is closed at the header timeout. */
static void
test_kept_alive (void)
{
  g_autofree char *tmp = rc_test_make_tmp ("rc-serve-limits");
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (GPtrArray) clients = g_ptr_array_new_with_free_func (client_free);
  g_autoptr (GError) error = NULL;
  RcServerLimits limits = { .header_timeout_ms = KEPT_HEADER_MS,
                            .idle_timeout_ms = KEPT_IDLE_MS,
                            .keepalive_timeout_ms = KEPT_ALIVE_MS,
                            .max_requests_per_connection = KEPT_MAX };
  Client *idle, *greedy, *slow;
  RcServerStats stats;
  GPtrArray *log;
  g_autoptr (GHashTable) per_connection = g_hash_table_new (NULL, NULL);
  guint greedy_requests = 0;

  rc_test_write_file (tmp, "file.txt", "hello", 5);
  rc_server_add_data_mapping (server, "https://data.limits.test", tmp);
  rc_server_set_limits (server, &limits);
  rc_server_start (server, &error);
  g_assert_no_error (error);

  g_ptr_array_add (clients, idle = kept_open (server, 1, FALSE));
  g_ptr_array_add (clients, greedy = kept_open (server, KEPT_MAX + 2, FALSE));
  g_ptr_array_add (clients, slow = kept_open (server, 1, TRUE));
  g_assert_true (spin_until (all_closed, clients, 20));

  /* kept past the idle timeout, closed at the keep-alive one, by an end of stream */
  g_assert_cmpuint (idle->answered, ==, 1);
  g_assert_null (strstr (idle->received->str, "Connection: close"));
  g_assert_cmpint ((idle->closed_us - idle->answered_us) / 1000, >=, KEPT_ALIVE_MS - 50);
  g_assert_false (idle->reset);

  /* the cap: its last answer says so, and nothing after it is answered */
  g_assert_cmpuint (greedy->answered, ==, KEPT_MAX);
  g_assert_nonnull (strstr (greedy->received->str, "Connection: close"));
  g_assert_cmpint ((greedy->closed_us - greedy->answered_us) / 1000, <, KEPT_IDLE_MS);

  /* a second request begun and never ended: the header timeout */
  g_assert_cmpuint (slow->answered, ==, 1);
  g_assert_cmpint ((slow->closed_us - slow->answered_us) / 1000, >=, KEPT_HEADER_MS - 50);
  g_assert_cmpint ((slow->closed_us - slow->answered_us) / 1000, <, KEPT_ALIVE_MS);

  rc_server_get_stats (server, &stats);
  g_assert_cmpuint (stats.request_cap_closes, ==, 1);
  g_assert_cmpuint (stats.accepted, ==, 3);

  /* the records: one connection each, reused from its second request on */
  log = rc_server_get_requests (server);
  for (guint i = 0; i < log->len; i++)
    {
      RcRequestRecord *r = log->pdata[i];
      guint seen =
          GPOINTER_TO_UINT (g_hash_table_lookup (per_connection, GUINT_TO_POINTER (r->connection)));

      g_assert_cmpuint (r->connection, >, 0);
      if (r->status != 200)
        continue;
      g_assert_true (r->reused == (seen > 0));
      g_hash_table_insert (per_connection, GUINT_TO_POINTER (r->connection),
                           GUINT_TO_POINTER (seen + 1));
      greedy_requests = MAX (greedy_requests, seen + 1);
    }
  g_assert_cmpuint (g_hash_table_size (per_connection), ==, 3);
  g_assert_cmpuint (greedy_requests, ==, KEPT_MAX);
  rc_server_stop (server);
  rc_test_remove_tree (tmp);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/serve-limits/under-load", test_under_load);
  g_test_add_func ("/serve-limits/kept-alive", test_kept_alive);
  return g_test_run ();
}
