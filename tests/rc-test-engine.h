/* rc-test-engine.h: what the engine tests that drive WebKit share (test-boot.c,
 * test-boot-faults.c).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "boot/rc-engine.h"

G_BEGIN_DECLS

/* The engine's WebKit view (a WebKitWebView): inside the engine's view, in the WebKit
 * browser's own box; NULL for a headless engine. */
GtkWidget *rc_test_engine_web_view (RcEngine *engine);

G_END_DECLS
