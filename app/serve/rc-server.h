/* rc-server.h: origin emulation on loopback.
 *
 * An HTTP proxy on 127.0.0.1 (ephemeral port) that answers, offline, at the real origins
 * a community's page runs under: the page origin (host page files + the chosen CSP header
 * verbatim), https://cdn.jsdelivr.net (a local Pyodide distribution), the OSA API origin
 * (/config payload and the verified wheel route, per community-config.md §5) and any
 * --data origins mapped to local folders. https origins are reached through CONNECT and
 * a per-run private CA (generated with gnutls under rc_paths_runtime_dir()). Every other
 * host gets an offline 502, or is tunnelled for real in live mode.
 *
 * Every response passes through one shared token bucket (RcThrottle) and every request
 * is logged as an RcRequestRecord. Every setter also works while running and applies to
 * the next request (a malformed origin set while running is a warning and is ignored).
 */
#pragma once

#include <gio/gio.h>

#include "serve/rc-encoder.h"

#include "core/model/rc-community.h"
#include "core/record/rc-request-record.h"
#include "serve/rc-throttle.h"

G_BEGIN_DECLS

#define RC_SERVER_ERROR (rc_server_error_quark ())
GQuark rc_server_error_quark (void);

typedef enum
{
  RC_SERVER_ERROR_BIND,       /* could not listen on loopback */
  RC_SERVER_ERROR_TLS,        /* certificate generation failed */
  RC_SERVER_ERROR_BAD_ORIGIN, /* an origin or --data URL that is not http(s)://host[:port][/path] */
} RcServerError;

#define RC_TYPE_SERVER (rc_server_get_type ())
G_DECLARE_FINAL_TYPE (RcServer, rc_server, RC, SERVER, GObject)

RcServer *rc_server_new (void);

/* The community whose /config and wheels the API origin serves, for @deployment (which also
 * picks the default API origin). NULL: the API origin answers 404. */
void rc_server_set_community (RcServer *self, RcCommunity *community, RcDeployment deployment);
RcCommunity *rc_server_get_community (RcServer *self);

/* Default: the community's cors_origins[0], else https://community.test. */
void rc_server_set_page_origin (RcServer *self, const char *origin);
/* Default https://widget.osc.earth (production) / https://develop-widget.osc.earth (develop).
 * A path after the host is the mount point, e.g. https://api.example/osa. */
void rc_server_set_api_origin (RcServer *self, const char *origin);
/* Default rc_paths_default_distribution(). */
void rc_server_set_distribution_dir (RcServer *self, const char *dir);
/* The Pyodide version the CDN mirrors at /pyodide/v<version>/full/ (the distribution's);
 * NULL = PYODIDE_VERSION, the pinned one. */
void rc_server_set_pyodide_version (RcServer *self, const char *version);
const char *rc_server_get_pyodide_version (RcServer *self);
/* NULL = no Content-Security-Policy header; otherwise sent verbatim on page responses. */
/* The folder the CDN serves (the default one when none was set). */
const char *rc_server_get_distribution_dir (RcServer *self);
/* Serves @file as {cdn base}@name beside the distribution's own files, with their headers
 * (the snapshot scenario, rc-snapshot.h); NULL, NULL stops. */
void rc_server_set_snapshot (RcServer *self, const char *name, const char *file);
void rc_server_set_csp (RcServer *self, const char *policy);
/* Host page files served at the page origin, e.g. "/index.html"; "/" serves "/index.html". */
void rc_server_add_page_file (RcServer *self, const char *path, GBytes *bytes,
                              const char *content_type);
void rc_server_set_throttle (RcServer *self, RcThrottleProfile profile);
RcThrottleProfile rc_server_get_throttle (RcServer *self);
/* Where the profile's round trip is charged (rc-throttle.h); LINK unless set. */
void rc_server_set_throttle_model (RcServer *self, RcThrottleModel model);
RcThrottleModel rc_server_get_throttle_model (RcServer *self);
/* --data URL=DIR: serve DIR at URL (an http(s) origin with an optional path prefix).
 * A malformed URL makes rc_server_start() fail with RC_SERVER_ERROR_BAD_ORIGIN. */
void rc_server_add_data_mapping (RcServer *self, const char *url_prefix, const char *dir);
/* Tunnel non-emulated hosts to the real network instead of answering 502. */
void rc_server_set_live (RcServer *self, gboolean live);
/* With live set too: the CDN is not emulated either, so Pyodide and its wheels come from the
 * real cdn.jsdelivr.net (boot/measure --live). Default FALSE. */
void rc_server_set_live_cdn (RcServer *self, gboolean live_cdn);
gboolean rc_server_get_live_cdn (RcServer *self);
/* Tags the log entries of later requests. */
void rc_server_set_run_id (RcServer *self, const char *run_id);
/* Renames the run @run_id to @new_run_id in the request log: a boot that is retried keeps its
 * run id, and the first attempt's requests must not count as the second's. */
void rc_server_relabel_run (RcServer *self, const char *run_id, const char *new_run_id);
/* Serve a verified wheel under a new name (the changed-wheel scenario); /config's
 * runtime_lock names the new file, and the old name answers 404. */
void rc_server_rename_wheel (RcServer *self, const char *file_name, const char *new_file_name);
/* Serves every wheel under its configured name again. */
void rc_server_clear_wheel_renames (RcServer *self);

/* Binds 127.0.0.1 on an ephemeral port and writes the CA certificate. */
/* The loopback port the proxy listens on: 0 (the default) for any free one. A port already
 * in use makes rc_server_start() fail with RC_SERVER_ERROR_BIND, naming it. */
void rc_server_set_port (RcServer *self, guint16 port);
gboolean rc_server_start (RcServer *self, GError **error);
void rc_server_stop (RcServer *self);
gboolean rc_server_is_running (RcServer *self);

const char *rc_server_get_proxy_url (RcServer *self); /* "http://127.0.0.1:PORT" */
guint16 rc_server_get_port (RcServer *self);
const char *rc_server_get_ca_file (RcServer *self); /* PEM; valid after start */
/* base64 SHA-256 of the leaf certificates' public key (all hosts share it), for Chromium's
 * --ignore-certificate-errors-spki-list; NULL before start. */
char *rc_server_get_spki_sha256 (RcServer *self);
const char *rc_server_get_page_origin (RcServer *self);
const char *rc_server_get_api_origin (RcServer *self);
char *rc_server_get_page_url (RcServer *self, const char *path);
char *
rc_server_get_cdn_base (RcServer *self); /* https://cdn.jsdelivr.net/pyodide/v<version>/full/ */

/* The hosts answered at their https origins (page, CDN, API, data), after start. */
GStrv rc_server_get_emulated_hosts (RcServer *self);
/* The leaf certificate (issuer: the run's CA) served for @host, e.g. for
 * webkit_network_session_allow_tls_certificate_for_host(). After start. */
GTlsCertificate *rc_server_get_tls_certificate (RcServer *self, const char *host, GError **error);

/* RcRequestRecord *, in completion order. Owned by the server. The origin field is one of
 * "page", "cdn", "api", "data", "tunnel" (a CONNECT to an emulated host), "live",
 * "offline" (not emulated) or "proxy" (a request the proxy itself refused). A live CONNECT
 * is logged when its tunnel closes: bytes are those sent back to the client through it
 * (the upstream's raw response, headers included), first_byte_us/end_us its first/last. */
GPtrArray *rc_server_get_requests (RcServer *self);
/* The CDN's Content-Encoding copies (after start; NULL before). */
RcEncoder *rc_server_get_encoder (RcServer *self);
/* Empties the request log; not from a ::request-finished handler (the record being signalled
 * is the log's). */
void rc_server_clear_requests (RcServer *self);

/* Signal "request-finished" (RcRequestRecord *record): emitted when a request completes. */

/* What a client of the proxy may hold (the proxy listens on a port every local process can
 * reach). A connection is closed when the request line and headers of a request have not
 * all arrived @header_timeout_ms after it began (on a new connection: after it was
 * accepted), and when nothing moved either way for @idle_timeout_ms while the client had
 * the next move (sending a body, reading a response, a live tunnel); never while the server is
 * preparing an answer. Past @max_connections open ones, a new connection is answered 503
 * and closed, with one log line each time the cap is reached. The request log keeps the
 * last @request_log_max records (the oldest are dropped and counted). A connection is kept
 * alive between requests, idle for at most @keepalive_timeout_ms (longer than a browser's
 * gaps during a boot and than clients keep one), and carries at most @max_requests_per_connection requests: the last one's
 * answer says Connection: close. 0 = the default. */
typedef struct
{
  guint max_connections;             /* default 256 */
  guint header_timeout_ms;           /* default 15 000 */
  guint idle_timeout_ms;             /* default 60 000 */
  guint request_log_max;             /* default 10 000 */
  guint max_requests_per_connection; /* default 1000 */
  guint keepalive_timeout_ms;        /* default 360 000: longer than clients keep one idle */
} RcServerLimits;

#define RC_SERVER_DEFAULT_MAX_CONNECTIONS             256
#define RC_SERVER_DEFAULT_HEADER_TIMEOUT_MS           15000
#define RC_SERVER_DEFAULT_IDLE_TIMEOUT_MS             60000
#define RC_SERVER_DEFAULT_REQUEST_LOG_MAX             10000
#define RC_SERVER_DEFAULT_MAX_REQUESTS_PER_CONNECTION 1000
/* Clients close an idle kept-alive connection themselves well before (libsoup, WebKit's
 * network stack: 60 s; Firefox 115 s; Chromium 300 s), so the server never closes one a
 * client is about to reuse; see close_between() in rc-connections.c. */
#define RC_SERVER_DEFAULT_KEEPALIVE_TIMEOUT_MS 360000

/* Takes effect for new connections and the next checks; may be called while running. */
void rc_server_set_limits (RcServer *self, const RcServerLimits *limits);
/* The limits in force (defaults filled in). */
void rc_server_get_limits (RcServer *self, RcServerLimits *out);

typedef struct
{
  guint open;                 /* connections open now */
  guint peak;                 /* the most open at once */
  guint64 accepted;           /* connections admitted */
  guint64 refused;            /* connections refused at the cap */
  guint64 header_timeouts;    /* closed for headers that did not arrive in time */
  guint64 idle_timeouts;      /* closed for idleness */
  guint64 requests_dropped;   /* oldest request records dropped from the log */
  guint64 tls_handshakes;     /* CONNECT tunnels whose TLS the proxy accepted */
  guint64 request_cap_closes; /* answers that closed their connection at the request cap */
} RcServerStats;

void rc_server_get_stats (RcServer *self, RcServerStats *out);
/* Closes every kept-alive connection that waits for its next request (none in the middle of
 * one, none whose next request has arrived), a tunnel with TLS close_notify so a client that
 * reuses it at that moment retries: the engine calls it before each boot, so every run opens
 * its own connections, as a reader's next visit does, and no run inherits a TLS session an
 * earlier one accepted. */
void rc_server_close_idle_connections (RcServer *self);

G_END_DECLS
