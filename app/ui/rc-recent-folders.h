/* rc-recent-folders.h: the recent-folders setting the welcome page lists, kept in one place
 * below the application and its windows (both change it).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* At most this many are kept, the most recent first. */
#define RC_RECENT_FOLDERS_MAX 10

/* Moves @path to the front of @settings' recent-folders. */
void rc_recent_folders_add (GSettings *settings, const char *path);
/* Removes @path from @settings' recent-folders. */
void rc_recent_folders_forget (GSettings *settings, const char *path);

G_END_DECLS
