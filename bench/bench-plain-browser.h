/* bench-plain-browser.h: the plain side of bench-measure-overhead in Chromium or Firefox.
 *
 * The browser as a reader starts it: headless on a fresh profile, straight to the plain
 * loopback server (no proxy, no generated CA, no DevTools pipe, no remote agent), opening the
 * plain page, which posts its one answer to the server's /result (the page has no handler to
 * post to outside WebKit). The same noise-cutting switches as the console's drivers (no calls
 * home, no updates), so only measuring differs.
 */
#pragma once

#include <gio/gio.h>

#include "boot/rc-engine.h"

G_BEGIN_DECLS

typedef struct
{
  GSubprocess *process;
  GPid pid;
  char *profile;
} BenchPlainBrowser;

/* Starts @kind (chromium or firefox) opening @url; FALSE with an error when it cannot. */
gboolean bench_plain_browser_start (BenchPlainBrowser *self, RcEngineKind kind, const char *url,
                                    GError **error);
/* Ends the browser's process group and removes its profile. */
void bench_plain_browser_stop (BenchPlainBrowser *self);

G_END_DECLS
