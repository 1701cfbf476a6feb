/* rc-request-record.h: one HTTP request as the loopback server saw it.
 *
 * The serving layer fills these (it is the source of truth for bytes on the wire);
 * run records and exports in core read them. Times are g_get_monotonic_time() µs.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct
{
  char *run_id; /* the run this request belongs to, or NULL */
  char *method; /* "GET", "CONNECT", … */
  char *
      url; /* full URL as requested, e.g. https://cdn.jsdelivr.net/pyodide/v0.29.5/full/pyodide.js */
  char *origin; /* emulated origin that answered: "cdn", "page", "api", "data", "live", "offline" */
  char *content_type;   /* response Content-Type, or NULL */
  char *note;           /* e.g. "not emulated", "numpy-…whl is not in this distribution mirror" */
  guint status;         /* HTTP status sent */
  guint64 bytes;        /* response body bytes actually written: on the wire, still encoded */
  gint64 decoded_bytes; /* the body's size once Content-Encoding is undone (== bytes when
                           not encoded); -1 unknown (an older report, a relayed encoded body
                           or a transfer cut short) */
  char *content_encoding; /* "br", "gzip", …; NULL for identity */
  gint64 start_us;        /* request received */
  gint64 first_byte_us;   /* first response byte written (0 when none) */
  gint64 end_us;          /* response finished or connection closed */
  gboolean conditional;   /* the request carried If-None-Match / If-Modified-Since */
  gboolean not_modified;  /* answered 304 */
  /* The proxy connection that carried it (1, 2, … in the server's order; 0 unknown, as in
   * reports written before connections were kept alive), and whether that connection had
   * carried a request before (a CONNECT aside). */
  guint connection;
  gboolean reused;
  /* The first request of a connection: what setting it up took before it (the CONNECT and
   * the TLS handshake, the throttle's round trips included), and of that the handshake; -1
   * not applicable (a reused connection, no TLS) or unknown. */
  gint64 connect_us;
  gint64 ssl_us;
  /* The first request of a connection set up well before it was sent (a browser's
   * preconnect): the engine saw no set-up, and calls it reused. */
  gboolean preconnected;
} RcRequestRecord;

#define RC_TYPE_REQUEST_RECORD (rc_request_record_get_type ())
GType rc_request_record_get_type (void) G_GNUC_CONST;

RcRequestRecord *rc_request_record_new (void);
RcRequestRecord *rc_request_record_copy (const RcRequestRecord *self);
void rc_request_record_free (RcRequestRecord *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcRequestRecord, rc_request_record_free)

G_END_DECLS
