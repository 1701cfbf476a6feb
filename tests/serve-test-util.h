/* serve-test-util.h: drive an in-process RcServer with the real curl. */
#pragma once

#include <libsoup/soup.h>

#include "rc-test-files.h"
#include "serve/rc-server.h"

G_BEGIN_DECLS

typedef struct
{
  int exit_status;       /* curl's exit code */
  guint status;          /* HTTP status (0 when none) */
  guint connect_status;  /* the proxy's answer to CONNECT (0 when none) */
  guint64 size_download; /* body bytes curl received */
  double time_total;     /* seconds */
  SoupMessageHeaders *headers;
  GBytes *body;
  char *stderr_text;
} CurlResult;

void curl_result_free (CurlResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CurlResult, curl_result_free)

/* Runs curl through @server's proxy trusting its CA, spinning the default main context
 * meanwhile. @first and the following arguments (NULL-terminated) are curl arguments,
 * the URL last. */
CurlResult *run_curl (RcServer *server, const char *first, ...) G_GNUC_NULL_TERMINATED;
CurlResult *run_curlv (RcServer *server, const char *const *args);
/* The same against any proxy, e.g. a `runtime-console serve` process. */
CurlResult *run_curl_through (const char *proxy, const char *ca, const char *const *args);

/* Spins the main context until the server has logged @n requests (or 5 s passed). */
gboolean wait_for_requests (RcServer *server, guint n);
/* The last logged request whose URL is @url (and method not CONNECT), or NULL. */
RcRequestRecord *find_request (RcServer *server, const char *url);

G_END_DECLS
