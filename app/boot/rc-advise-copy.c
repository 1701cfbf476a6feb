/* rc-advise-copy.c: the temporary copy of a community a variant boots from
 * (rc-advise-copy.h). */
#include "config.h"

#include "boot/rc-advise-copy.h"

static gboolean
copy_tree (GFile *from, GFile *to, GCancellable *cancellable, GError **error)
{
  g_autoptr (GFileEnumerator) children = NULL;

  if (!g_file_make_directory (to, cancellable, error))
    return FALSE;
  children = g_file_enumerate_children (
      from, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
      G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, cancellable, error);
  if (children == NULL)
    return FALSE;
  for (;;)
    {
      GFileInfo *info;
      GFile *child;
      g_autoptr (GFile) target = NULL;

      if (!g_file_enumerator_iterate (children, &info, &child, cancellable, error))
        return FALSE;
      if (info == NULL)
        return TRUE;
      /* a version-control folder is no part of what boots */
      if (g_str_equal (g_file_info_get_name (info), ".git"))
        continue;
      target = g_file_get_child (to, g_file_info_get_name (info));
      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
        {
          if (!copy_tree (child, target, cancellable, error))
            return FALSE;
        }
      else if (!g_file_copy (child, target, G_FILE_COPY_NOFOLLOW_SYMLINKS, cancellable, NULL, NULL,
                             error))
        return FALSE;
    }
}

char *
rc_advise_copy_community (const char *dir, const char *config_text, GError **error)
{
  g_autofree char *tmp = g_dir_make_tmp ("runtime-console-advise-XXXXXX", error);
  g_autofree char *copy = NULL, *config = NULL;
  g_autoptr (GFile) from = g_file_new_for_path (dir);
  g_autoptr (GFile) to = NULL;

  if (tmp == NULL)
    return NULL;
  copy = g_build_filename (tmp, "community", NULL);
  to = g_file_new_for_path (copy);
  config = g_build_filename (copy, "config.yaml", NULL);
  if (!copy_tree (from, to, NULL, error) || !g_file_set_contents (config, config_text, -1, error))
    {
      rc_advise_remove_tree (tmp, NULL);
      return NULL;
    }
  return g_steal_pointer (&copy);
}

static gboolean
remove_file_tree (GFile *file, GError **error)
{
  g_autoptr (GFileEnumerator) children = g_file_enumerate_children (
      file, G_FILE_ATTRIBUTE_STANDARD_NAME, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);

  while (children != NULL)
    {
      GFile *child;

      if (!g_file_enumerator_iterate (children, NULL, &child, NULL, error))
        return FALSE;
      if (child == NULL)
        break;
      if (!remove_file_tree (child, error))
        return FALSE;
    }
  return g_file_delete (file, NULL, error);
}

gboolean
rc_advise_remove_tree (const char *path, GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);

  return remove_file_tree (file, error);
}
