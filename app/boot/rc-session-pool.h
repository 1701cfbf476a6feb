/* rc-session-pool.h: WebKit network sessions that live as long as the process.
 *
 * WebKitGTK 2.50's network process crashes (SIGSEGV in WTF::String::isolatedCopy(), called
 * from the GFileMonitor it keeps on a session's disk cache folder) when anything changes in
 * the cache folder of a session that was destroyed: WebKit's own late writes, or a folder
 * removed by us. WebKit relaunches the process, and every load in flight at that moment, in
 * whatever boot is running, fails ("Load failed"). So no session is ever destroyed while the
 * process runs: a session that has served a boot is cleared of all website data through its
 * own data manager, while it is alive, and handed to the next boot that needs a cold one.
 * The folders go with the process's runtime folder at exit.
 */
#pragma once

#include <webkit/webkit.h>

G_BEGIN_DECLS

/* A session with no website data (new, or cleared since it was released), using
 * @proxy_url for every request and accepting any certificate (the server's CA is made per
 * run). A new reference; give it back with rc_session_pool_release(). */
WebKitNetworkSession *rc_session_pool_acquire (const char *proxy_url, GError **error);

/* Gives @session back (and drops the caller's reference): it is cleared asynchronously and
 * offered again once that is done. NULL is ignored. */
void rc_session_pool_release (WebKitNetworkSession *session);

/* How many sessions the process holds, and how many of them are ready to be handed out (an
 * idle one WebKit wrote into after its clear is not: asking sends it back to settle). */
guint rc_session_pool_get_size (void);
guint rc_session_pool_get_idle (void);

G_END_DECLS
