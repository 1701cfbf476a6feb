/* rc-request-log.c: one RcRequestRecord per request, filled from the message's signals.
 *
 * Bytes are counted in "wrote-body-data", i.e. what the (throttled) connection accepted,
 * not what the handler intended to send; first byte is when the headers were written.
 */
#include "config.h"

#include "rc-request-log.h"

#define RECORD_KEY "rc-request-record"

typedef struct
{
  GObject *owner; /* weak: a message can outlive the server that logs it */
  RcRequestLogFinishedFunc finished;
  RcRequestRecord *record;
  gboolean done;
  gboolean held; /* a live tunnel completes it itself, when the tunnel closes */
} LogEntry;

static void
log_entry_free (gpointer data)
{
  LogEntry *entry = data;

  rc_request_record_free (entry->record);
  g_free (entry);
}

static LogEntry *
entry_of (SoupServerMessage *msg)
{
  return g_object_get_data (G_OBJECT (msg), RECORD_KEY);
}

RcRequestRecord *
rc_request_log_lookup (SoupServerMessage *msg)
{
  LogEntry *entry = entry_of (msg);

  return entry != NULL ? entry->record : NULL;
}

static void
fill_request (RcRequestRecord *record, SoupServerMessage *msg)
{
  GUri *uri = soup_server_message_get_uri (msg);
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);

  if (record->method == NULL)
    record->method = g_strdup (soup_server_message_get_method (msg));
  if (record->url == NULL && uri != NULL)
    {
      if (soup_server_message_get_method (msg) == SOUP_METHOD_CONNECT)
        record->url = g_strdup_printf ("%s:%d", g_uri_get_host (uri), g_uri_get_port (uri));
      else
        record->url = g_uri_to_string (uri);
    }
  if (headers != NULL)
    record->conditional = soup_message_headers_get_one (headers, "If-None-Match") != NULL
                          || soup_message_headers_get_one (headers, "If-Modified-Since") != NULL;
}

static void
got_headers_cb (SoupServerMessage *msg, gpointer user_data)
{
  fill_request (entry_of (msg)->record, msg);
}

static void
wrote_headers_cb (SoupServerMessage *msg, gpointer user_data)
{
  LogEntry *entry = entry_of (msg);

  if (entry->record->first_byte_us == 0)
    entry->record->first_byte_us = g_get_monotonic_time ();
}

static void
wrote_body_data_cb (SoupServerMessage *msg, guint chunk_size, gpointer user_data)
{
  entry_of (msg)->record->bytes += chunk_size;
}

/* An origin that encodes sets the coding and decoded size; any other body is as sent,
 * unless it carries a Content-Encoding we did not make (a live relay): then unknown. */
static void
fill_decoded (RcRequestRecord *record, SoupServerMessage *msg, SoupMessageHeaders *headers)
{
  const char *coding =
      headers != NULL ? soup_message_headers_get_one (headers, "Content-Encoding") : NULL;
  SoupMessageBody *body = soup_server_message_get_response_body (msg);

  if (record->content_encoding == NULL && coding != NULL
      && g_ascii_strcasecmp (coding, "identity") != 0)
    record->content_encoding = g_strdup (coding);
  if (record->content_encoding == NULL || soup_server_message_get_method (msg) == SOUP_METHOD_HEAD)
    record->decoded_bytes = (gint64) record->bytes;
  else if (record->decoded_bytes >= 0 && body != NULL && record->status == SOUP_STATUS_OK
           && (guint64) body->length > record->bytes)
    record->decoded_bytes = -1; /* cut short: what it would have decoded to is unknown */
}

static void
complete (SoupServerMessage *msg)
{
  LogEntry *entry = entry_of (msg);
  RcRequestRecord *record;
  SoupMessageHeaders *headers;

  if (entry == NULL || entry->done || entry->held || entry->owner == NULL)
    return;
  entry->done = TRUE;
  record = entry->record;
  fill_request (record, msg);
  if (record->end_us == 0) /* a tunnel sets it at its last byte */
    record->end_us = g_get_monotonic_time ();
  record->status = soup_server_message_get_status (msg);
  record->not_modified = record->status == SOUP_STATUS_NOT_MODIFIED;
  headers = soup_server_message_get_response_headers (msg);
  if (record->content_type == NULL && headers != NULL)
    record->content_type = g_strdup (soup_message_headers_get_one (headers, "Content-Type"));
  if (record->origin == NULL)
    record->origin = g_strdup ("proxy");
  fill_decoded (record, msg, headers);
  entry->finished (entry->owner, rc_request_record_copy (record));
}

/* A CONNECT is complete once its 200 is written; the tunnel then belongs to its own requests. */
void
rc_request_log_complete (SoupServerMessage *msg)
{
  LogEntry *entry = entry_of (msg);

  if (entry != NULL)
    entry->held = FALSE;
  complete (msg);
}

void
rc_request_log_hold (SoupServerMessage *msg)
{
  LogEntry *entry = entry_of (msg);

  if (entry != NULL)
    entry->held = TRUE;
}

#define CLOSED_KEY "rc-message-closed"

gboolean
rc_request_log_is_closed (SoupServerMessage *msg)
{
  return g_object_get_data (G_OBJECT (msg), CLOSED_KEY) != NULL;
}

static void
finished_cb (SoupServerMessage *msg, gpointer user_data)
{
  g_object_set_data (G_OBJECT (msg), CLOSED_KEY, GINT_TO_POINTER (TRUE));
  complete (msg);
}

static void
disconnected_cb (SoupServerMessage *msg, gpointer user_data)
{
  LogEntry *entry = entry_of (msg);

  g_object_set_data (G_OBJECT (msg), CLOSED_KEY, GINT_TO_POINTER (TRUE));
  if (entry != NULL && !entry->done && !entry->held && entry->record->note == NULL)
    {
      fill_request (entry->record, msg);
      /* no request line yet: a connection opened and closed (or cut off) without a request */
      entry->record->note = g_strdup (entry->record->method == NULL
                                          ? "client closed the connection before a complete request"
                                          : "client disconnected before the response was complete");
    }
  complete (msg);
}

static void
owner_gone (gpointer data, GObject *where_the_object_was)
{
  ((LogEntry *) data)->owner = NULL;
}

static void
entry_unwatch (gpointer data)
{
  LogEntry *entry = data;

  if (entry->owner != NULL)
    g_object_weak_unref (entry->owner, owner_gone, entry);
  log_entry_free (entry);
}

void
rc_request_log_attach (SoupServerMessage *msg, const char *run_id,
                       RcRequestLogFinishedFunc finished, GObject *owner)
{
  LogEntry *entry = g_new0 (LogEntry, 1);

  entry->owner = owner;
  entry->finished = finished;
  g_object_weak_ref (owner, owner_gone, entry);
  entry->record = rc_request_record_new ();
  entry->record->run_id = g_strdup (run_id);
  entry->record->start_us = g_get_monotonic_time ();
  g_object_set_data_full (G_OBJECT (msg), RECORD_KEY, entry, entry_unwatch);

  g_signal_connect (msg, "got-headers", G_CALLBACK (got_headers_cb), NULL);
  g_signal_connect (msg, "wrote-headers", G_CALLBACK (wrote_headers_cb), NULL);
  g_signal_connect (msg, "wrote-body-data", G_CALLBACK (wrote_body_data_cb), NULL);
  g_signal_connect (msg, "finished", G_CALLBACK (finished_cb), NULL);
  g_signal_connect (msg, "disconnected", G_CALLBACK (disconnected_cb), NULL);
}

void
rc_request_log_set_origin (SoupServerMessage *msg, const char *origin)
{
  RcRequestRecord *record = rc_request_log_lookup (msg);

  if (record == NULL)
    return;
  g_free (record->origin);
  record->origin = g_strdup (origin);
}

void
rc_request_log_set_note (SoupServerMessage *msg, const char *format, ...)
{
  RcRequestRecord *record = rc_request_log_lookup (msg);
  va_list args;

  if (record == NULL)
    return;
  g_free (record->note);
  va_start (args, format);
  record->note = g_strdup_vprintf (format, args);
  va_end (args);
}
