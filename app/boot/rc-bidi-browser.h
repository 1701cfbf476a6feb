/* rc-bidi-browser.h: Firefox (firefox-esr), headless, driven over WebDriver BiDi.
 *
 * `firefox-esr --headless --remote-debugging-port=PORT --profile DIR` with a fresh profile
 * per cold boot (the same one for warm-restart): its user.js sends every request through the
 * server's proxy, and the server's CA is trusted in that profile only (certutil -A into its
 * cert9.db). The driver speaks BiDi over libsoup's WebSocket client to
 * ws://127.0.0.1:PORT/session: session.new, a preload script whose channel carries the host
 * page's "rc" messages, browsingContext.navigate, network.responseCompleted.
 */
#pragma once

#include "boot/rc-browser.h"

G_BEGIN_DECLS

#define RC_TYPE_BIDI_BROWSER (rc_bidi_browser_get_type ())
G_DECLARE_FINAL_TYPE (RcBidiBrowser, rc_bidi_browser, RC, BIDI_BROWSER, GObject)

/* NULL with an error saying `apt-get install firefox-esr libnss3-tools` when either is not
 * installed. */
RcBrowser *rc_bidi_browser_new (RcServer *server, GError **error);
/* Firefox's version, or NULL with the error saying how to install it (or certutil). */
char *rc_bidi_browser_probe (GError **error);

G_END_DECLS
