/* rc-web-process.h: finding the WebKit web process of a view and reading its memory.
 *
 * WebKitGTK 6.0 has no public API for the web process id, so the engine notes the web
 * processes that descend from this process before a view loads, and takes the one that
 * appeared since (the newest when several did).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Pids of WebKitWebProcess processes descending from this process (a GArray of GPid). */
GArray *rc_web_process_list (void);
/* The newest pid in rc_web_process_list() that is not in @before, or 0. */
GPid rc_web_process_find_new (GArray *before);
/* The WebKit network process descending from this process (the newest), or 0 when none
 * runs yet. WebKit relaunches it after a crash under a new pid. */
GPid rc_web_process_find_network (void);
/* Whether @pid runs (exists and is not a zombie). */
gboolean rc_web_process_is_alive (GPid pid);
/* VmRSS of @pid in bytes, or -1. */
gint64 rc_web_process_rss (GPid pid);
/* Ends every WebKit web and network process descending from this process (SIGTERM, SIGKILL
 * for those still running after @timeout_ms) and returns once none runs. For exit: a network
 * process that outlives the console writes its session data again after the console
 * removed its folder. */
void rc_web_process_end_all (guint timeout_ms);

G_END_DECLS
