/* rc-wheel-abi.c: overlay wheels against the distribution's ABI (rc-wheel-abi.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/base/rc-diagnostic.h"
#include "core/base/rc-json-positions.h"
#include "core/model/rc-wheel-abi.h"

/* The overlay loader refuses far less already; this is only a bound for a second read. */
#define MAX_OVERLAY_BYTES (16 * 1024 * 1024)

char *
rc_wheel_platform_tag (const char *file_name)
{
  g_auto (GStrv) parts = NULL;
  g_autofree char *stem = NULL;
  guint n;

  if (file_name == NULL || !g_str_has_suffix (file_name, ".whl"))
    return NULL;
  stem = g_strndup (file_name, strlen (file_name) - strlen (".whl"));
  parts = g_strsplit (stem, "-", -1);
  n = g_strv_length (parts);
  /* name-version(-build)?-python-abi-platform */
  if (n < 5 || n > 6 || parts[n - 1][0] == '\0')
    return NULL;
  return g_strdup (parts[n - 1]);
}

static gboolean
one_fits (const char *tag, const char *abi_version, const char *platform)
{
  g_autofree char *pyemscripten = g_strdup_printf ("pyemscripten_%s_wasm32", abi_version);
  g_autofree char *pyodide = g_strdup_printf ("pyodide_%s_wasm32", abi_version);
  g_autofree char *emscripten = platform != NULL ? g_strdup_printf ("%s_wasm32", platform) : NULL;

  return g_str_equal (tag, "any") || g_str_equal (tag, pyemscripten) || g_str_equal (tag, pyodide)
         || g_strcmp0 (tag, emscripten) == 0;
}

gboolean
rc_wheel_platform_fits (const char *tag, const char *abi_version, const char *platform)
{
  g_auto (GStrv) alternatives = NULL;

  g_return_val_if_fail (tag != NULL, FALSE);
  if (abi_version == NULL)
    return TRUE;
  alternatives = g_strsplit (tag, ".", -1);
  for (guint i = 0; alternatives[i] != NULL; i++)
    if (one_fits (alternatives[i], abi_version, platform))
      return TRUE;
  return FALSE;
}

char *
rc_wheel_expected_tag (RcDistLock *dist)
{
  const char *abi = rc_dist_lock_get_abi_version (dist);

  return abi != NULL ? g_strdup_printf ("pyemscripten_%s_wasm32", abi) : NULL;
}

static void
add_mismatch (RcLockOverlay *overlay, RcDistLock *dist, GPtrArray *diagnostics, const char *key,
              const char *file_name, const char *tag)
{
  g_autofree char *entry_path = rc_json_path_member ("packages", key);
  g_autofree char *path = rc_json_path_member (entry_path, "file_name");
  g_autofree char *expected = rc_wheel_expected_tag (dist);
  g_autofree char *hint = NULL;
  guint line = 0, column = 0;

  rc_lock_overlay_get_position (overlay, path, &line, &column);
  /* TRANSLATORS: %s is a wheel platform tag, pyemscripten_2026_0_wasm32 */
  hint = g_strdup_printf (_ ("Rebuild the wheel for this Pyodide (platform tag %s), or boot the "
                             "Pyodide it was built for."),
                          expected);
  rc_diagnostics_add (diagnostics, RC_SEVERITY_ERROR, rc_lock_overlay_get_lockfile (overlay), line,
                      column, path, "overlay-wheel-abi", hint,
                      _ ("%s: the wheel %s is built for platform %s, but this Pyodide (Python %s, "
                         "ABI %s) loads only %s wheels or pure-Python ones"),
                      key, file_name, tag, rc_dist_lock_get_python_version (dist) ?: "?",
                      rc_dist_lock_get_abi_version (dist), expected);
}

/* The overlay file's packages object, read again here: OSA's own rule already refuses a
 * file_name that is not py3-none-any, which leaves the overlay unvalidated and its entries
 * unlisted, yet that is the very entry whose ABI a rehearsed upgrade must name. */
static JsonNode *
read_overlay_packages (RcLockOverlay *overlay)
{
  g_autofree char *path = g_build_filename (rc_lock_overlay_get_community_dir (overlay),
                                            rc_lock_overlay_get_lockfile (overlay), NULL);
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autofree char *contents = NULL;
  JsonNode *root, *packages;
  gsize length = 0;

  if (!g_file_get_contents (path, &contents, &length, NULL) || length > MAX_OVERLAY_BYTES
      || !json_parser_load_from_data (parser, contents, (gssize) length, NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  packages = json_object_get_member (json_node_get_object (root), "packages");
  return packages != NULL && JSON_NODE_HOLDS_OBJECT (packages) ? json_node_copy (packages) : NULL;
}

guint
rc_wheel_abi_check_overlay (RcLockOverlay *overlay, RcDistLock *dist, GPtrArray *diagnostics)
{
  g_autoptr (JsonNode) packages = NULL;
  g_autoptr (GList) keys = NULL;
  guint added = 0;

  g_return_val_if_fail (RC_IS_LOCK_OVERLAY (overlay), 0);
  g_return_val_if_fail (RC_IS_DIST_LOCK (dist), 0);
  if (rc_dist_lock_get_abi_version (dist) == NULL
      || (packages = read_overlay_packages (overlay)) == NULL)
    return 0;
  keys = json_object_get_members (json_node_get_object (packages));
  for (GList *l = keys; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (json_node_get_object (packages), l->data);
      const char *file_name = JSON_NODE_HOLDS_OBJECT (node)
                                  ? json_object_get_string_member_with_default (
                                      json_node_get_object (node), "file_name", NULL)
                                  : NULL;
      g_autofree char *tag = rc_wheel_platform_tag (file_name);

      if (tag == NULL
          || rc_wheel_platform_fits (tag, rc_dist_lock_get_abi_version (dist),
                                     rc_dist_lock_get_platform (dist)))
        continue;
      add_mismatch (overlay, dist, diagnostics, l->data, file_name, tag);
      added++;
    }
  return added;
}
