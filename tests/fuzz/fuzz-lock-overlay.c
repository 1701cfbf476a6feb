/* fuzz-lock-overlay.c: a community's lock overlay as the validator reads it: the strict
 * JSON reader, every rule of the spec, each wheel's sha256 (one real wheel is present) and
 * the check against the stock lock. The input is written to a scratch community folder
 * because the overlay is read from one (rc_community_file_read refuses symlinks out). */
#include "config.h"

#include <glib/gstdio.h>

#include "core/base/rc-diagnostic.h"
#include "core/model/rc-lock-overlay.h"
#include "fuzz-common.h"

#define WHEEL "demo_helpers-0.1.1-py3-none-any.whl"

static char *community;
static char *lock_path;
static RcDistLock *dist;

static void
remove_community (void)
{
  g_autofree char *wheel = g_build_filename (community, "runtime", "wheels", WHEEL, NULL);
  g_autofree char *wheels = g_build_filename (community, "runtime", "wheels", NULL);
  g_autofree char *runtime = g_build_filename (community, "runtime", NULL);

  g_unlink (wheel);
  g_unlink (lock_path);
  g_rmdir (wheels);
  g_rmdir (runtime);
  g_rmdir (community);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_autofree char *source = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", "runtime",
                                              "wheels", WHEEL, NULL);
  g_autofree char *dist_dir =
      g_build_filename (RC_SOURCE_DIR, "tests", "fixtures", "lock", "dist", NULL);
  g_autofree char *wheels = NULL, *wheel = NULL, *bytes = NULL;
  gsize length = 0;

  rc_fuzz_init ();
  community = g_dir_make_tmp ("rc-fuzz-overlay-XXXXXX", NULL);
  g_assert_nonnull (community);
  wheels = g_build_filename (community, "runtime", "wheels", NULL);
  wheel = g_build_filename (wheels, WHEEL, NULL);
  lock_path = g_build_filename (community, "runtime", "fuzz-pyodide-lock.json", NULL);
  g_assert_true (g_mkdir_with_parents (wheels, 0700) == 0);
  g_assert_true (g_file_get_contents (source, &bytes, &length, NULL));
  g_assert_true (g_file_set_contents (wheel, bytes, (gssize) length, NULL));
  dist = rc_dist_lock_load (dist_dir, NULL);
  g_assert_nonnull (dist);
  atexit (remove_community);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GPtrArray) diagnostics = rc_diagnostics_new ();
  g_autoptr (RcLockOverlay) overlay = NULL;
  g_autoptr (JsonNode) packages = NULL;
  const char *const *keys;

  g_assert_true (g_file_set_contents (lock_path, (const char *) data, (gssize) size, NULL));
  overlay = rc_lock_overlay_load (community, "runtime/fuzz-pyodide-lock.json", diagnostics);
  rc_lock_overlay_check_against (overlay, dist, diagnostics);
  packages = rc_lock_overlay_get_packages_json (overlay);
  keys = rc_lock_overlay_get_keys (overlay);
  for (guint i = 0; keys != NULL && keys[i] != NULL; i++)
    {
      JsonObject *entry = rc_lock_overlay_lookup (overlay, keys[i]);
      g_autoptr (GBytes) wheel = NULL;
      guint line, column;

      if (entry != NULL && json_object_has_member (entry, "file_name"))
        {
          JsonNode *name = json_object_get_member (entry, "file_name");

          if (JSON_NODE_HOLDS_VALUE (name) && json_node_get_value_type (name) == G_TYPE_STRING)
            wheel = rc_lock_overlay_get_wheel (overlay, json_node_get_string (name));
        }
      rc_lock_overlay_get_position (overlay, keys[i], &line, &column);
    }
  for (guint i = 0; i < diagnostics->len; i++)
    g_free (rc_diagnostic_format (diagnostics->pdata[i]));
  return 0;
}
