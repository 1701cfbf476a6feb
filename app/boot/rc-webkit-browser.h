/* rc-webkit-browser.h: WebKitGTK as an RcBrowser: the page in a WebKitWebView of this
 * process, in a network session from rc-session-pool.h.
 *
 * Boot modes: cold = a session with no website data and a new view (a new web process, so an
 * empty memory cache); warm-restart = the same session (its disk cache), a new view and web
 * process, as a browser that was restarted; warm = the same view, the page loaded again.
 *
 * WebKit relaunches a crashed network process silently; the web process then fails the loads
 * in flight. check_failed() says so (the engine polls it while booting), and recover() waits
 * until WebKit reaped the dead process and a new one answers, before a retry loads.
 */
#pragma once

#include "boot/rc-browser.h"
#include "serve/rc-server.h"

G_BEGIN_DECLS

#define RC_TYPE_WEBKIT_BROWSER (rc_webkit_browser_get_type ())
G_DECLARE_FINAL_TYPE (RcWebKitBrowser, rc_webkit_browser, RC, WEBKIT_BROWSER, GObject)

/* Makes no view or session until the first load: an engine that only serves its page needs
 * none. */
RcBrowser *rc_webkit_browser_new (RcServer *server);
/* WebKitGTK's version, "2.50.4". */
char *rc_webkit_browser_version (void);
/* The JavaScriptCore options this process's environment passes to WebKit's web processes
 * (JSC_* variables, which JSC reads at start), sorted and space-separated,
 * "JSC_useOMGJIT=0"; NULL when none is set, as in a reader's browser. */
char *rc_webkit_browser_dup_options (void);

G_END_DECLS
