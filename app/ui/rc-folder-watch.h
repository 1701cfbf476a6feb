/* rc-folder-watch.h: watch a community folder and say, once, that it changed.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define RC_TYPE_FOLDER_WATCH (rc_folder_watch_get_type ())
G_DECLARE_FINAL_TYPE (RcFolderWatch, rc_folder_watch, RC, FOLDER_WATCH, GObject)

/* Watches @folder and its sub-folders down to @depth levels (config.yaml, runtime/ and
 * runtime/wheels/ need 3), and emits ::changed once per burst of events, @delay_ms after
 * the last one. */
RcFolderWatch *rc_folder_watch_new (GFile *folder, guint depth, guint delay_ms);
GFile *rc_folder_watch_get_folder (RcFolderWatch *self);

G_END_DECLS
