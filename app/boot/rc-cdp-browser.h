/* rc-cdp-browser.h: Chromium, headless, driven over the DevTools protocol on a pipe.
 *
 * `chromium --headless=new --remote-debugging-pipe` reads commands on fd 3 and writes replies
 * and events on fd 4, each a JSON text ended by a NUL. The driver opens one page target,
 * attaches to it (flat sessions) and auto-attaches to what it starts, paused, so the worker's
 * Network events are seen before its first request. The page's "rc" messages reach the driver
 * through a Runtime binding: a script added to every new document gives the host page the
 * window.webkit.messageHandlers.rc it posts to in WebKit.
 *
 * Cold boots get a fresh --user-data-dir and browser; warm-restart the same folder and a new
 * browser; warm the same page navigated again. The browser goes through the server's proxy and
 * accepts exactly the server's key (--ignore-certificate-errors-spki-list).
 */
#pragma once

#include "boot/rc-browser.h"

G_BEGIN_DECLS

#define RC_TYPE_CDP_BROWSER (rc_cdp_browser_get_type ())
G_DECLARE_FINAL_TYPE (RcCdpBrowser, rc_cdp_browser, RC, CDP_BROWSER, GObject)

/* NULL with an error saying `apt-get install chromium` when it is not installed. */
RcBrowser *rc_cdp_browser_new (RcServer *server, GError **error);
/* Chromium's version, or NULL with the error saying how to install it. */
char *rc_cdp_browser_probe (GError **error);
/* rc_browser_set_wasm_trace() traces warm boots (v8.wasm.* events) for the engine's word on
 * its wasm code cache: off by default (the engine sets it with --importtime), since it costs
 * the boot a little. */

G_END_DECLS
