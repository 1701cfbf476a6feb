/* test-paths.c: the per-process runtime folder lives exactly as long as its process. */
#include "config.h"

#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/file.h>
#include <unistd.h>

#include "core/base/rc-paths.h"
#include "rc-test-files.h"

static guint
count_entries (const char *parent)
{
  g_autoptr (GDir) dir = g_dir_open (parent, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* What WebKitGTK's sandbox writes for each web process that process @pid starts. */
static char *
sandbox_info_dir (int pid, int n)
{
  return g_strdup_printf ("%s/.flatpak/webkit-%d-%d", g_getenv ("XDG_RUNTIME_DIR"), pid, n);
}

static void
write_sandbox_info (int pid, int n)
{
  g_autofree char *dir = sandbox_info_dir (pid, n);

  rc_test_write_file (dir, "bwrapinfo.json", "{\"child-pid\": 2}", -1);
}

static gboolean
sandbox_info_exists (int pid, int n)
{
  g_autofree char *dir = sandbox_info_dir (pid, n);

  return g_file_test (dir, G_FILE_TEST_IS_DIR);
}

/* The child makes its folder under a parent folder of ours (XDG_RUNTIME_DIR is inherited),
 * writes into it and exits; the parent folder must be empty again. */
/* The candidates `tools/setup.sh --pyodide` fetched: folders with a lock, newest first
 * (314.0.10 after 314.0.9 by version, not by name), never the pinned one. */
static void
test_fetched_versions (void)
{
  g_autofree char *cache = rc_test_make_tmp ("rc-paths-versions");
  const char *with_lock[] = { "pyodide-314.0.8", "pyodide-314.0.10", "pyodide-0.28.3",
                              "pyodide-" PYODIDE_VERSION };
  const char *without[] = { "pyodide-315.0.0", "encoded", "pyodide-" };
  const char *const expected[] = { "314.0.10", "314.0.8", "0.28.3", NULL };
  g_auto (GStrv) none = rc_paths_fetched_versions (cache);
  g_auto (GStrv) versions = NULL;

  g_assert_cmpuint (g_strv_length (none), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (with_lock); i++)
    {
      g_autofree char *dir = g_build_filename (cache, with_lock[i], NULL);
      g_autofree char *lock = g_build_filename (dir, "pyodide-lock.json", NULL);

      g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
      g_assert_true (g_file_set_contents (lock, "{}", -1, NULL));
    }
  for (guint i = 0; i < G_N_ELEMENTS (without); i++)
    {
      g_autofree char *dir = g_build_filename (cache, without[i], NULL);

      g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
    }
  versions = rc_paths_fetched_versions (cache);
  g_assert_cmpstrv (versions, expected);
  rc_test_remove_tree (cache);
}

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
      write_sandbox_info (getpid (), 1);
      write_sandbox_info (getpid (), 2);
      return;
    }
  parent = rc_test_make_tmp ("rc-paths");
  g_setenv ("XDG_RUNTIME_DIR", parent, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  dir = g_dir_open (parent, 0, NULL);
  g_assert_nonnull (dir);
  g_assert_null (g_dir_read_name (dir));
  g_clear_pointer (&dir, g_dir_close);

  /* another process's (pid 1 lives) stays, and so does .flatpak with it */
  write_sandbox_info (1, 3);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  g_assert_cmpuint (count_entries (parent), ==, 1);
  g_assert_true (sandbox_info_exists (1, 3));
  rc_test_remove_tree (parent);
}

/* A pid no process has: a child that was reaped. */
static int
dead_pid (void)
{
  const char *argv[] = { "true", NULL };
  g_autoptr (GSubprocess) child = NULL;
  g_autoptr (GError) error = NULL;
  int pid;

  child = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_NONE, &error);
  g_assert_no_error (error);
  pid = atoi (g_subprocess_get_identifier (child));
  g_assert_true (g_subprocess_wait (child, NULL, &error));
  return pid;
}

/* A process killed with SIGKILL never runs atexit(): its folder stays until the next process
 * makes its own, which removes it. Folders whose owner lives, and other folders, stay. */
static void
test_runtime_dir_of_killed_process_swept (void)
{
  g_autofree char *parent = NULL;
  g_autofree char *live = NULL, *legacy_dead = NULL, *legacy_live = NULL, *lock = NULL;
  int fd;

  if (g_test_subprocess ())
    {
      const char *made = rc_paths_runtime_dir ();

      rc_test_write_file (made, "nested/scratch.pem", "x", -1);
      if (g_strcmp0 (g_getenv ("RC_TEST_KILL_SELF"), "1") == 0)
        {
          write_sandbox_info (getpid (), 1);
          kill (getpid (), SIGKILL);
        }
      return;
    }
  parent = rc_test_make_tmp ("rc-paths");
  g_setenv ("XDG_RUNTIME_DIR", parent, TRUE);
  g_setenv ("RC_TEST_KILL_SELF", "1", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_failed ();
  /* the killed one left its folder and its web process's sandbox note */
  g_assert_cmpuint (count_entries (parent), ==, 2);
  {
    g_autofree char *flatpak = g_build_filename (parent, ".flatpak", NULL);

    g_assert_cmpuint (count_entries (flatpak), ==, 1);
  }

  /* a live owner (this process holds the lock), and two folders from before the lock */
  live = g_build_filename (parent, "runtime-console-1-LIVE00", NULL);
  lock = g_build_filename (live, "owner.lock", NULL);
  rc_test_write_file (live, "owner.lock", "", 0);
  fd = open (lock, O_RDWR | O_CLOEXEC);
  g_assert_cmpint (flock (fd, LOCK_EX | LOCK_NB), ==, 0);
  legacy_dead = g_strdup_printf ("%s/runtime-console-%d-OLD000", parent, dead_pid ());
  rc_test_write_file (legacy_dead, "ca.pem", "x", -1);
  legacy_live = g_strdup_printf ("%s/runtime-console-%d-OLD001", parent, (int) getpid ());
  rc_test_write_file (legacy_live, "ca.pem", "x", -1);
  rc_test_write_file (parent, "other/file", "x", -1);
  g_assert_cmpuint (count_entries (parent), ==, 6);

  g_setenv ("RC_TEST_KILL_SELF", "0", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  /* the killed one's (with its sandbox note, and the then empty .flatpak) and the dead legacy
   * one's are gone, the next one's went at its exit */
  g_assert_cmpuint (count_entries (parent), ==, 3);
  g_assert_true (g_file_test (live, G_FILE_TEST_IS_DIR));
  g_assert_true (g_file_test (legacy_live, G_FILE_TEST_IS_DIR));
  g_assert_false (g_file_test (legacy_dead, G_FILE_TEST_EXISTS));
  close (fd);
  g_unsetenv ("RC_TEST_KILL_SELF");
  rc_test_remove_tree (parent);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/paths/fetched-versions", test_fetched_versions);
  g_test_add_func ("/paths/runtime-dir-removed-at-exit", test_runtime_dir_removed_at_exit);
  g_test_add_func ("/paths/runtime-dir-of-killed-process-swept",
                   test_runtime_dir_of_killed_process_swept);
  return g_test_run ();
}
