/* rc-recent-folders.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include "rc-recent-folders.h"

void
rc_recent_folders_add (GSettings *settings, const char *path)
{
  g_auto (GStrv) old = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) recent = NULL;
  guint n = 1;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (path != NULL);

  old = g_settings_get_strv (settings, "recent-folders");
  g_strv_builder_add (builder, path);
  for (guint i = 0; old[i] != NULL && n < RC_RECENT_FOLDERS_MAX; i++)
    if (!g_str_equal (old[i], path))
      {
        g_strv_builder_add (builder, old[i]);
        n++;
      }
  recent = g_strv_builder_end (builder);
  g_settings_set_strv (settings, "recent-folders", (const char *const *) recent);
}

void
rc_recent_folders_forget (GSettings *settings, const char *path)
{
  g_auto (GStrv) old = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) recent = NULL;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (path != NULL);

  old = g_settings_get_strv (settings, "recent-folders");
  for (guint i = 0; old[i] != NULL; i++)
    if (!g_str_equal (old[i], path))
      g_strv_builder_add (builder, old[i]);
  recent = g_strv_builder_end (builder);
  g_settings_set_strv (settings, "recent-folders", (const char *const *) recent);
}
