/* rc-checkout.c: community discovery in an OSA checkout.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "core/model/rc-checkout.h"
#include "core/config/rc-config-check.h"
#include "core/base/rc-diagnostic.h"
#include "core/base/rc-json-positions.h"
#include "core/model/rc-lock-overlay.h"

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

GFile *
rc_checkout_find (const char *community_dir)
{
  g_autofree char *absolute = g_canonicalize_filename (community_dir, NULL);
  g_autoptr (GFile) folder = g_file_new_for_path (absolute);
  g_autoptr (GFile) assistants = g_file_get_parent (folder);
  g_autoptr (GFile) src = assistants ? g_file_get_parent (assistants) : NULL;
  g_autoptr (GFile) checkout = src ? g_file_get_parent (src) : NULL;
  g_autofree char *a_name = assistants ? g_file_get_basename (assistants) : NULL;
  g_autofree char *s_name = src ? g_file_get_basename (src) : NULL;

  if (checkout == NULL || g_strcmp0 (a_name, "assistants") != 0 || g_strcmp0 (s_name, "src") != 0
      || rc_folder_classify (checkout) != RC_FOLDER_CHECKOUT)
    return NULL;
  return g_steal_pointer (&checkout);
}

static gboolean
string_members_equal (JsonObject *a, JsonObject *b, const char *member)
{
  return g_strcmp0 (json_object_get_string_member_with_default (a, member, NULL),
                    json_object_get_string_member_with_default (b, member, NULL))
         == 0;
}

static gboolean
string_arrays_equal (JsonObject *a, JsonObject *b, const char *member)
{
  JsonArray *x = json_object_get_array_member (a, member);
  JsonArray *y = json_object_get_array_member (b, member);

  if (json_array_get_length (x) != json_array_get_length (y))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (x); i++)
    if (g_strcmp0 (json_array_get_string_element (x, i), json_array_get_string_element (y, i)) != 0)
      return FALSE;
  return TRUE;
}

/* OSA's _identity(): (name, version, file_name, sha256, imports, depends). A valid overlay
 * has every one of these members with its type (rc-lock-overlay.c checked them). */
static gboolean
same_identity (JsonObject *a, JsonObject *b)
{
  return string_members_equal (a, b, "name") && string_members_equal (a, b, "version")
         && string_members_equal (a, b, "file_name") && string_members_equal (a, b, "sha256")
         && string_arrays_equal (a, b, "imports") && string_arrays_equal (a, b, "depends");
}

static int
compare_by_id (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (rc_community_get_id (*(RcCommunity **) a),
                    rc_community_get_id (*(RcCommunity **) b));
}

static char *
overlay_file (RcCommunity *community)
{
  return g_build_filename (rc_community_get_dir (community),
                           rc_lock_overlay_get_lockfile (rc_community_get_overlay (community)),
                           NULL);
}

/* One diagnostic, in @at's overlay at the entry's key. OSA names the later community in id
 * order first, as merge_site_lock() meets it. */
static void
report_mismatch (GPtrArray *diagnostics, RcCommunity *at, RcCommunity *later, RcCommunity *earlier,
                 const char *key)
{
  RcLockOverlay *overlay = rc_community_get_overlay (at);
  g_autofree char *path = rc_json_path_member ("packages", key);
  g_autofree char *mine = overlay_file (later);
  g_autofree char *theirs = overlay_file (earlier);
  g_autofree char *repr = rc_py_repr (key);
  guint line = 0, column = 0;

  rc_lock_overlay_get_position (overlay, path, &line, &column);
  rc_diagnostics_add (diagnostics, RC_SEVERITY_ERROR, rc_lock_overlay_get_lockfile (overlay), line,
                      column, path, "site-lock-mismatch",
                      _ ("Ship the same wheel and entry in both communities (or rename one "
                         "package); the notebook site merges every community's overlay into one "
                         "lock."),
                      "%s and %s both add %s with different entries; a package two communities "
                      "share must be byte-identical across both (%s, %s)",
                      rc_community_get_id (later), rc_community_get_id (earlier), repr, mine,
                      theirs);
}

void
rc_checkout_check_site_lock (GPtrArray *communities, RcCommunity *focus, GPtrArray *diagnostics)
{
  g_autoptr (GPtrArray) sorted = g_ptr_array_new ();
  g_autoptr (GHashTable) origin = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < communities->len; i++)
    {
      RcCommunity *c = communities->pdata[i];
      RcLockOverlay *overlay = rc_community_get_overlay (c);

      /* merge_site_lock() takes the notebook-enabled communities' verified overlays. */
      if (rc_community_has_notebook (c) && rc_community_get_id (c) != NULL && overlay != NULL
          && rc_lock_overlay_is_valid (overlay))
        g_ptr_array_add (sorted, c);
    }
  g_ptr_array_sort (sorted, compare_by_id);
  for (guint i = 0; i < sorted->len; i++)
    {
      RcCommunity *c = sorted->pdata[i];
      RcLockOverlay *overlay = rc_community_get_overlay (c);

      for (const char *const *key = rc_lock_overlay_get_keys (overlay); *key != NULL; key++)
        {
          RcCommunity *other = g_hash_table_lookup (origin, *key);

          if (other == NULL)
            g_hash_table_insert (origin, (gpointer) *key, c);
          else if (!same_identity (rc_lock_overlay_lookup (overlay, *key),
                                   rc_lock_overlay_lookup (rc_community_get_overlay (other), *key))
                   && (focus == NULL || focus == c || focus == other))
            report_mismatch (diagnostics, focus != NULL ? focus : c, c, other, *key);
        }
    }
}

GPtrArray *
rc_checkout_check_site_lock_of (RcCommunity *focus)
{
  GPtrArray *diagnostics = rc_diagnostics_new ();
  g_autoptr (GFile) checkout = rc_checkout_find (rc_community_get_dir (focus));
  g_autoptr (GPtrArray) folders = NULL;
  g_autoptr (GPtrArray) loaded = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *own = g_canonicalize_filename (rc_community_get_dir (focus), NULL);

  /* Without a notebook the community is not in the site's lock at all. */
  if (checkout == NULL || !rc_community_has_notebook (focus)
      || (folders = rc_checkout_list_communities (checkout, NULL)) == NULL)
    return diagnostics;
  g_ptr_array_add (loaded, g_object_ref (focus));
  for (guint i = 0; i < folders->len; i++)
    {
      g_autofree char *path = g_file_get_path (folders->pdata[i]);
      RcCommunity *other;

      if (g_str_equal (path, own))
        continue;
      /* A sibling that cannot even be loaded has no overlay to merge. */
      other = rc_community_load (path, rc_community_get_distribution_dir (focus),
                                 rc_community_get_deployment (focus), NULL);
      if (other != NULL)
        g_ptr_array_add (loaded, other);
    }
  rc_checkout_check_site_lock (loaded, focus, diagnostics);
  return diagnostics;
}
