/* rc-window.h: the console window: one community, its problems, overview and boots.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>

#include "core/model/rc-community.h"

G_BEGIN_DECLS

#define RC_TYPE_WINDOW (rc_window_get_type ())
G_DECLARE_FINAL_TYPE (RcWindow, rc_window, RC, WINDOW, AdwApplicationWindow)

RcWindow *rc_window_new (GtkApplication *application);
/* A community folder is loaded and watched; an OSA checkout lists its communities; anything
 * else says why it cannot be opened. */
void rc_window_open_folder (RcWindow *self, GFile *folder);
/* The community shown, or NULL. Its ::notify fires after every (re)validation. */
RcCommunity *rc_window_get_community (RcWindow *self);
void rc_window_add_toast (RcWindow *self, const char *title);

G_END_DECLS
