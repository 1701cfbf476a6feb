/* rc-server-private.h: shared by the files of app/serve, not installed or used outside.
 *
 * Each group below names the file that defines it. The request log (rc-request-log.h) and the
 * throttle's bucket and streams (rc-throttle-*.h) have headers of their own: they need no
 * RcServer.
 */
#pragma once

#include <libsoup/soup.h>

#include "rc-encoder.h"
#include "rc-request-log.h"
#include "rc-server.h"
#include "rc-throttle.h"
#include "rc-tls.h"

G_BEGIN_DECLS

#define RC_CDN_HOST       "cdn.jsdelivr.net"
#define RC_DEFAULT_PAGE   "https://community.test"
#define RC_API_PRODUCTION "https://widget.osc.earth"
#define RC_API_DEVELOP    "https://develop-widget.osc.earth"

/* A file of the page origin: rc_server_add_page_file() keeps it, rc-origin-page.c serves it. */
typedef struct
{
  GBytes *bytes;
  char *content_type;
} RcPageFile;

/* rc-origin.c: an origin (scheme://host[:port]) with an optional path prefix, always ending
 * in "/". */
typedef struct
{
  char *url;
  char *host; /* lower case */
  char *prefix;
  char *dir; /* data mappings only */
} RcOriginSpec;

RcOriginSpec *rc_origin_spec_parse (const char *url, GError **error);
void rc_origin_spec_free (RcOriginSpec *spec);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcOriginSpec, rc_origin_spec_free)

struct _RcServer
{
  GObject parent_instance;

  /* configuration */
  RcCommunity *community;
  RcDeployment deployment;
  char *community_origin; /* cors_origins[0], the default page origin */
  char *page_origin;
  char *api_origin;
  char *distribution_dir;
  char *pyodide_version; /* the version the CDN mirrors: PYODIDE_VERSION unless set */
  char *csp;
  GHashTable *page_files; /* path → RcPageFile */
  GPtrArray *data_urls;   /* "URL=DIR" pairs as given, parsed at start */
  GPtrArray *data;        /* RcOriginSpec, after start */
  RcOriginSpec *page;     /* after start */
  RcOriginSpec *api;      /* after start */
  gboolean live;
  gboolean live_cdn; /* the CDN is not emulated either: it goes to the network too */
  char *run_id;
  GHashTable *wheel_renames; /* new name → served name */
  char *snapshot_name;       /* a memory snapshot served beside the distribution's files */
  char *snapshot_file;

  /* running */
  SoupServer *soup;
  GSocketService *service;
  RcThrottle *throttle;
  RcThrottleModel throttle_model;
  RcTls *tls;
  SoupSession *live_session;
  guint16 port;
  guint16 requested_port; /* rc_server_set_port(); 0 = any free one */
  char *proxy_url;
  char *ca_file;
  GPtrArray *requests; /* RcRequestRecord, the last limits.request_log_max */
  RcEncoder *encoder;

  /* rc-connections.c */
  RcServerLimits limits;
  RcServerStats stats;
  GHashTable *connections; /* "address:port" of the peer → its entry */
  guint connections_check_id;
  gboolean at_cap_logged; /* the cap's log line is written once each time it is reached */
};

/* rc-server.c */
/* The emulated origin that answers @host, or NULL. */
const char *rc_server_origin_for_host (RcServer *self, const char *host);
/* Hands @stream (a proxy connection, a tunnel's TLS stream) to the SoupServer to read its
 * requests. */
gboolean rc_server_accept (RcServer *self, GIOStream *stream, GSocketAddress *local,
                           GSocketAddress *remote, GError **error);

/* rc-latency.c: the profile's round trips. */
/* Pauses @msg for its share of the profile's round trips (rc-throttle.h, RcThrottleModel). */
void rc_server_apply_latency (RcServer *self, SoupServerMessage *msg);
/* The round trip in µs (0 without a profile). */
guint64 rc_server_rtt_us (RcServer *self);
/* Calls @func with @data after @rtts round trips (at once when there are none). */
void rc_server_after_rtts (RcServer *self, guint rtts, GSourceFunc func, gpointer data,
                           GDestroyNotify destroy);
/* A deferred answer is complete: unpauses @msg after the profile's latency. */
void rc_server_resume (RcServer *self, SoupServerMessage *msg);

/* rc-connections.c: the cap on open connections and their header and idle timeouts. */
void rc_connections_start (RcServer *self);
void rc_connections_stop (RcServer *self);
/* FALSE when @connection was refused (at the cap): it is answered and closed already. */
gboolean rc_connections_admit (RcServer *self, GSocketConnection *connection);
/* Every message of the SoupServer, plain or inside a tunnel (request-started). */
void rc_connections_watch_message (RcServer *self, SoupServerMessage *msg);
/* The CONNECT @connect's tunnel is up: its TLS stream @tls, after @connect_us of set-up in
 * all (the CONNECT and the handshake) of which @ssl_us the handshake. */
void rc_connections_note_tunnel (RcServer *self, SoupServerMessage *connect, GIOStream *tls,
                                 gint64 connect_us, gint64 ssl_us);
/* Whether @msg's connection carried a request before it. */
gboolean rc_connections_is_reused (RcServer *self, SoupServerMessage *msg);
/* Whether @msg came through a CONNECT tunnel (its TCP and TLS set-up are charged there). */
gboolean rc_connections_is_tunnel (RcServer *self, SoupServerMessage *msg);

/* rc-proxy.c: CONNECT, live relaying and the offline answer. The proxy reads the server
 * through rc-server.h and the calls above, never its fields: what only the caller knows
 * (live mode, the live session it keeps until it stops) comes as a parameter. */
void rc_proxy_handle_connect (RcServer *self, SoupServerMessage *msg, gboolean live);
/* The session of live requests: the caller keeps it for the run. */
SoupSession *rc_proxy_live_session_new (void);
void rc_proxy_handle_live (SoupSession *session, SoupServerMessage *msg);
void rc_proxy_answer_offline (RcServer *self, SoupServerMessage *msg, const char *host);

/* rc-origin-files.c: what the origins share: text answers, file serving (the CDN, data and
 * page origins) and CORS (the CDN, data and API origins). */
void rc_origin_set_text (SoupServerMessage *msg, guint status, const char *content_type,
                         const char *text);
const char *rc_origin_content_type (const char *file_name);
/* Resolves an encoded request path below @root, refusing every way out of it. Returns the
 * file, or NULL with *refused TRUE (hostile path) or FALSE (missing) and *reason set. */
char *rc_origin_resolve (const char *root, const char *encoded_path, gboolean *refused,
                         char **reason);
/* Answers 200 / 304 for @file with ETag and Last-Modified; headers the caller set stay. */
void rc_origin_serve_file (SoupServerMessage *msg, const char *file);
/* The same for @encoded, the @coding ("br", "gzip") copy of @file: the validators and
 * Content-Type are @file's, the body is @encoded's; the request record learns the coding
 * and @file's size as the decoded size. */
void rc_origin_serve_encoded (SoupServerMessage *msg, const char *file, const char *encoded,
                              const char *coding);
gboolean rc_origin_check_method (SoupServerMessage *msg);
/* Answers an OPTIONS preflight with 204. */
void rc_origin_cors_preflight (SoupServerMessage *msg, const char *allow_origin);
/* The start of every origin open to all pages (the CDN, data hosts): logs it as @name,
 * answers a preflight, and allows any origin to read the response and its timing. FALSE
 * when the preflight answered the message. */
gboolean rc_origin_open_to_all (SoupServerMessage *msg, const char *name);

/* The origins, one file each: the server routes every request to one of them. */
/* rc-origin-page.c */
void rc_origin_page_handle (RcServer *self, SoupServerMessage *msg, const char *path);

/* rc-origin-diagnosis.c: POST RC_DIAGNOSIS_PATH at the page origin (rc-page-report.h). */
#define RC_DIAGNOSIS_PATH "/rc-diagnosis"
void rc_origin_diagnosis_handle (RcServer *self, SoupServerMessage *msg);

/* rc-origin-cdn.c */
/* FALSE when the answer is deferred (the message is paused until an encoded copy is ready;
 * the origin then calls rc_server_resume() itself). */
gboolean rc_origin_cdn_handle (RcServer *self, SoupServerMessage *msg, const char *path);
/* Starts making the encoded copies of the interpreter's files (at server start). */
void rc_origin_cdn_prepare (RcServer *self);

/* rc-origin-data.c */
void rc_origin_data_handle (RcServer *self, SoupServerMessage *msg, RcOriginSpec *spec,
                            const char *path);

/* rc-origin-api.c */
void rc_origin_api_handle (RcServer *self, SoupServerMessage *msg, const char *path);

G_END_DECLS
