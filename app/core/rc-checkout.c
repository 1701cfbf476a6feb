/* rc-checkout.c: community discovery in an OSA checkout.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "rc-checkout.h"

/* Unformatted: clang-format would space the dashes of the quark's name. */
/* clang-format off */
G_DEFINE_QUARK (rc-checkout-error-quark, rc_checkout_error)
/* clang-format on */

static gboolean
has_child_of_type (GFile *folder, const char *relative, GFileType type)
{
  g_autoptr (GFile) child = g_file_resolve_relative_path (folder, relative);

  return g_file_query_file_type (child, G_FILE_QUERY_INFO_NONE, NULL) == type;
}

RcFolderKind
rc_folder_classify (GFile *folder)
{
  g_return_val_if_fail (G_IS_FILE (folder), RC_FOLDER_UNKNOWN);

  if (has_child_of_type (folder, "config.yaml", G_FILE_TYPE_REGULAR))
    return RC_FOLDER_COMMUNITY;
  if (has_child_of_type (folder, "src/assistants", G_FILE_TYPE_DIRECTORY))
    return RC_FOLDER_CHECKOUT;
  return RC_FOLDER_UNKNOWN;
}

static int
compare_files_by_name (gconstpointer a, gconstpointer b)
{
  g_autofree char *na = g_file_get_basename (*(GFile **) a);
  g_autofree char *nb = g_file_get_basename (*(GFile **) b);

  /* Python's sorted() on str compares code points; strcmp on UTF-8 gives the same order. */
  return strcmp (na, nb);
}

GPtrArray *
rc_checkout_list_communities (GFile *checkout, GError **error)
{
  g_autoptr (GFile) assistants = NULL;
  g_autoptr (GFileEnumerator) children = NULL;
  g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *where = NULL;

  g_return_val_if_fail (G_IS_FILE (checkout), NULL);

  assistants = g_file_resolve_relative_path (checkout, "src/assistants");
  where = g_file_get_parse_name (assistants);
  children = g_file_enumerate_children (
      assistants, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
      G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (children == NULL)
    {
      g_set_error (error, RC_CHECKOUT_ERROR, RC_CHECKOUT_ERROR_NOT_A_COMMUNITY,
                   _ ("%s is not an OSA checkout: it has no src/assistants folder"), where);
      return NULL;
    }
  for (;;)
    {
      GFileInfo *info = NULL;
      GFile *child = NULL;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, error))
        return NULL;
      if (info == NULL)
        break;
      if (g_file_info_get_file_type (info) != G_FILE_TYPE_DIRECTORY
          || g_file_info_get_name (info)[0] == '_'
          || !has_child_of_type (child, "config.yaml", G_FILE_TYPE_REGULAR))
        continue;
      g_ptr_array_add (found, g_object_ref (child));
    }
  if (found->len == 0)
    {
      g_set_error (error, RC_CHECKOUT_ERROR, RC_CHECKOUT_ERROR_EMPTY,
                   _ ("%s has no community: no sub-folder holds a config.yaml"), where);
      return NULL;
    }
  g_ptr_array_sort (found, compare_files_by_name);
  return g_steal_pointer (&found);
}
