/* rc-browsers.h: which RcBrowser class runs an engine kind. The factory sits above the
 * interface and its implementations, so the base class knows no subclass (issue 22). */
#pragma once

#include "boot/rc-browser.h"
#include "core/record/rc-engine-info.h"
#include "serve/rc-server.h"

G_BEGIN_DECLS

/* A new browser of @kind for @server, or NULL with an error that says how to install it
 * when its program is missing (WebKit's is this process: never NULL). */
RcBrowser *rc_browser_new (RcEngineKind kind, RcServer *server, GError **error);

/* Whether @kind's browser is installed, without starting it: its version ("156.0.8078.114"),
 * or NULL with the RC_ENGINE_ERROR_NO_BROWSER error that says how to install it. WebKit is
 * always there (its version). Runs `PROGRAM --version`: blocks for a moment. */
char *rc_browser_probe (RcEngineKind kind, GError **error);
/* The same in a thread. */
void rc_browser_probe_async (RcEngineKind kind, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data);
char *rc_browser_probe_finish (GAsyncResult *result, GError **error);

G_END_DECLS
