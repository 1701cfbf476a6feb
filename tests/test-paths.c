/* test-paths.c: the per-process runtime folder lives exactly as long as its process. */
#include "config.h"

#include <glib/gstdio.h>

#include "core/rc-paths.h"
#include "rc-test-files.h"

/* The child makes its folder under a parent folder of ours (XDG_RUNTIME_DIR is inherited),
 * writes into it and exits; the parent folder must be empty again. */
static void
test_runtime_dir_removed_at_exit (void)
{
  g_autofree char *parent = NULL;
  g_autoptr (GDir) dir = NULL;

  if (g_test_subprocess ())
    {
      const char *made = rc_paths_runtime_dir ();

      g_assert_true (g_str_has_prefix (made, g_getenv ("XDG_RUNTIME_DIR")));
      g_assert_true (g_file_test (made, G_FILE_TEST_IS_DIR));
      g_assert_true (rc_paths_runtime_dir () == made);
      rc_test_write_file (made, "nested/scratch.pem", "x", -1);
      return;
    }
  parent = rc_test_make_tmp ("rc-paths");
  g_setenv ("XDG_RUNTIME_DIR", parent, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  dir = g_dir_open (parent, 0, NULL);
  g_assert_nonnull (dir);
  g_assert_null (g_dir_read_name (dir));
  rc_test_remove_tree (parent);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/paths/runtime-dir-removed-at-exit", test_runtime_dir_removed_at_exit);
  return g_test_run ();
}
