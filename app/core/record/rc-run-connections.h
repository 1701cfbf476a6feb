/* rc-run-connections.h: the proxy connections of one run, per origin, and the engine's view.
 *
 * The proxy keeps connections alive, as browsers use them; each request record says which
 * connection carried it and whether that connection had carried one before
 * (rc-request-record.h). A run's summary counts, per origin, the connections it opened, the
 * TLS handshakes and the requests; where the engine gives its own view (Chromium's
 * connectionReused, Firefox's connectStart == connectEnd) every response it names is checked
 * against the proxy's record, and a disagreement is flagged as a cache verdict's is.
 */
#pragma once

#include "core/record/rc-run-record.h"
#include "core/base/rc-json-builder-private.h"

G_BEGIN_DECLS

typedef struct
{
  char *origin;         /* "https://cdn.jsdelivr.net" */
  guint opened;         /* connections the run opened to it */
  guint tls_handshakes; /* CONNECT tunnels to it (each one TLS handshake) */
  guint requests;       /* requests to it, CONNECTs aside */
} RcOriginConnections;

typedef struct
{
  gboolean known;     /* the records carry connections (reports before them do not) */
  GPtrArray *origins; /* RcOriginConnections, in the order of first use */
  guint opened;
  guint tls_handshakes;
  guint requests;
  guint engine_checked;     /* requests the engine gave its own view of */
  guint engine_disagree;    /* … and saw reused where the proxy did not, or the reverse */
  GPtrArray *disagreements; /* char *: "URL: the proxy …, the engine …" */
} RcRunConnections;

RcRunConnections *rc_run_connections_summarise (const RcRunRecord *record);
void rc_run_connections_free (RcRunConnections *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcRunConnections, rc_run_connections_free)

/* "2.4 requests per connection", or an em dash when nothing was counted. A new string. */
char *rc_run_connections_ratio (guint requests, guint opened);

/* The run record's "connections" (the summary, written for readers and never read back: it
 * is the requests' own) and "engine_connections" members. */
void rc_run_connections_add_json (JsonBuilder *b, const RcRunRecord *record);
gboolean rc_run_connections_read_json (JsonObject *o, const char *path, RcRunRecord *record,
                                       GError **error);

G_END_DECLS
