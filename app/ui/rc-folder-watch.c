/* rc-folder-watch.c: GFileMonitor is not recursive, so one monitor per watched folder.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include "rc-folder-watch.h"

struct _RcFolderWatch
{
  GObject parent_instance;

  GFile *folder;
  GPtrArray *monitors;
  guint depth;
  guint delay_ms;
  guint debounce_id;
};

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (RcFolderWatch, rc_folder_watch, G_TYPE_OBJECT)

static void rc_folder_watch_rescan (RcFolderWatch *self);

static gboolean
is_noise (GFile *file)
{
  g_autofree char *name = file != NULL ? g_file_get_basename (file) : NULL;

  /* Editors write temporaries next to the file they save; only the rename counts. */
  return name != NULL
         && (g_str_has_prefix (name, ".goutputstream") || g_str_has_suffix (name, "~")
             || g_str_has_suffix (name, ".swp") || g_str_has_prefix (name, ".#"));
}

static void
debounce_cb (gpointer user_data)
{
  RcFolderWatch *self = RC_FOLDER_WATCH (user_data);

  self->debounce_id = 0;
  /* A new sub-folder (runtime/wheels created later) needs its own monitor. */
  rc_folder_watch_rescan (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
monitor_changed_cb (GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event,
                    gpointer user_data)
{
  RcFolderWatch *self = RC_FOLDER_WATCH (user_data);

  if (event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED || is_noise (file))
    return;
  g_clear_handle_id (&self->debounce_id, g_source_remove);
  self->debounce_id = g_timeout_add_once (self->delay_ms, debounce_cb, self);
}

static void
watch_folder (RcFolderWatch *self, GFile *folder, guint depth)
{
  g_autoptr (GFileMonitor) monitor = NULL;
  g_autoptr (GFileEnumerator) children = NULL;

  monitor = g_file_monitor_directory (folder, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (monitor == NULL)
    return;
  g_signal_connect_object (monitor, "changed", G_CALLBACK (monitor_changed_cb), self, 0);
  g_ptr_array_add (self->monitors, g_steal_pointer (&monitor));
  if (depth <= 1)
    return;
  children = g_file_enumerate_children (
      folder, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
      G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  while (children != NULL)
    {
      GFileInfo *info = NULL;
      GFile *child = NULL;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, NULL) || info == NULL)
        break;
      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY
          && g_file_info_get_name (info)[0] != '.')
        watch_folder (self, child, depth - 1);
    }
}

static void
rc_folder_watch_rescan (RcFolderWatch *self)
{
  for (guint i = 0; i < self->monitors->len; i++)
    g_file_monitor_cancel (g_ptr_array_index (self->monitors, i));
  g_ptr_array_set_size (self->monitors, 0);
  watch_folder (self, self->folder, self->depth);
}

static void
rc_folder_watch_dispose (GObject *object)
{
  RcFolderWatch *self = RC_FOLDER_WATCH (object);

  g_clear_handle_id (&self->debounce_id, g_source_remove);
  if (self->monitors != NULL)
    for (guint i = 0; i < self->monitors->len; i++)
      g_file_monitor_cancel (g_ptr_array_index (self->monitors, i));
  g_clear_pointer (&self->monitors, g_ptr_array_unref);
  g_clear_object (&self->folder);
  G_OBJECT_CLASS (rc_folder_watch_parent_class)->dispose (object);
}

static void
rc_folder_watch_class_init (RcFolderWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = rc_folder_watch_dispose;

  /**
   * RcFolderWatch::changed:
   *
   * Something under the folder changed; emitted once per burst of file events.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
}

static void
rc_folder_watch_init (RcFolderWatch *self)
{
  self->monitors = g_ptr_array_new_with_free_func (g_object_unref);
}

RcFolderWatch *
rc_folder_watch_new (GFile *folder, guint depth, guint delay_ms)
{
  RcFolderWatch *self;

  g_return_val_if_fail (G_IS_FILE (folder), NULL);

  self = g_object_new (RC_TYPE_FOLDER_WATCH, NULL);
  self->folder = g_object_ref (folder);
  self->depth = MAX (depth, 1);
  self->delay_ms = delay_ms;
  watch_folder (self, folder, self->depth);
  return self;
}

GFile *
rc_folder_watch_get_folder (RcFolderWatch *self)
{
  g_return_val_if_fail (RC_IS_FOLDER_WATCH (self), NULL);

  return self->folder;
}
