/* rc-paths.c */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "core/base/rc-paths.h"

char *
rc_paths_default_distribution (void)
{
  const char *env = g_getenv ("RC_PYODIDE_DIR");
  g_autofree char *name = g_strdup_printf ("pyodide-%s", PYODIDE_VERSION);

  if (env != NULL && env[0] != '\0')
    return g_strdup (env);
  return g_build_filename (g_get_user_cache_dir (), "runtime-console", name, NULL);
}

char *
rc_paths_distribution_for (const char *version)
{
  g_autofree char *name = NULL;

  if (version == NULL || g_str_equal (version, PYODIDE_VERSION))
    return rc_paths_default_distribution ();
  name = g_strdup_printf ("pyodide-%s", version);
  return g_build_filename (g_get_user_cache_dir (), "runtime-console", name, NULL);
}

/* Version order, part by part: 314.0.10 after 314.0.9 (a part's number, then its rest). */
static int
version_compare (const char *a, const char *b)
{
  while (*a != '\0' && *b != '\0')
    {
      char *ea, *eb;
      guint64 na = g_ascii_strtoull (a, &ea, 10), nb = g_ascii_strtoull (b, &eb, 10);
      gsize la, lb;
      int c;

      if (na != nb)
        return na < nb ? -1 : 1;
      la = strcspn (ea, "."), lb = strcspn (eb, ".");
      if ((c = strncmp (ea, eb, MIN (la, lb))) != 0 || la != lb)
        return c != 0 ? c : la < lb ? -1 : 1;
      a = ea + la + (ea[la] == '.'), b = eb + lb + (eb[lb] == '.');
    }
  return *a == *b ? 0 : *a == '\0' ? -1 : 1;
}

static int
newest_first (gconstpointer a, gconstpointer b)
{
  return version_compare (*(const char *const *) b, *(const char *const *) a);
}

GStrv
rc_paths_fetched_versions (const char *parent)
{
  g_autofree char *cache =
      parent != NULL ? g_strdup (parent)
                     : g_build_filename (g_get_user_cache_dir (), "runtime-console", NULL);
  g_autoptr (GDir) dir = g_dir_open (cache, 0, NULL);
  g_autoptr (GPtrArray) versions = g_ptr_array_new ();
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      const char *version = name + strlen ("pyodide-");
      g_autofree char *lock = NULL;

      if (!g_str_has_prefix (name, "pyodide-") || *version == '\0'
          || g_str_equal (version, PYODIDE_VERSION))
        continue;
      lock = g_build_filename (cache, name, "pyodide-lock.json", NULL);
      if (g_file_test (lock, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (versions, g_strdup (version));
    }
  g_ptr_array_sort (versions, newest_first);
  g_ptr_array_add (versions, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&versions), FALSE);
}

char *
rc_paths_encoded_cache_dir (void)
{
  const char *env = g_getenv ("RC_ENCODED_CACHE_DIR");

  if (env != NULL && env[0] != '\0')
    return g_strdup (env);
  return g_build_filename (g_get_user_cache_dir (), "runtime-console", "encoded", NULL);
}

#define RUNTIME_DIR_PREFIX "runtime-console-"
#define OWNER_LOCK         "owner.lock"

static char *runtime_dir;
static pid_t runtime_dir_owner;
static int runtime_dir_lock = -1; /* held (flock) for the life of the process */

/* Removes @path and all it holds; symbolic links are removed, never followed. */
static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      GStatBuf st;

      if (g_lstat (child, &st) == 0 && S_ISDIR (st.st_mode))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

void
rc_paths_remove_sandbox_info (gint64 pid)
{
  g_autofree char *parent = g_build_filename (g_get_user_runtime_dir (), ".flatpak", NULL);
  g_autofree char *prefix = g_strdup_printf ("webkit-%" G_GINT64_FORMAT "-", pid);
  g_autoptr (GDir) dir = g_dir_open (parent, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      GStatBuf st;

      if (!g_str_has_prefix (name, prefix) || !g_ascii_isdigit (name[strlen (prefix)]))
        continue;
      path = g_build_filename (parent, name, NULL);
      if (g_lstat (path, &st) == 0 && S_ISDIR (st.st_mode) && st.st_uid == getuid ())
        remove_tree (path);
    }
  g_rmdir (parent); /* only if nothing else (a Flatpak app) keeps one there */
}

/* Nothing in the folder outlives the process that made it (it is named by pid), so it goes
 * at exit; otherwise every run, and every test, left one behind. The web processes have ended
 * by now (rc-session-pool.c's handler runs first), so their sandbox notes go too. */
static void
remove_runtime_dir (void)
{
  /* a forked child that calls exit() must not take its parent's folder with it */
  if (getpid () == runtime_dir_owner)
    {
      remove_tree (runtime_dir);
      rc_paths_remove_sandbox_info (runtime_dir_owner);
    }
}

static char *
make_private_dir (const char *parent, const char *template)
{
  g_autofree char *path = g_build_filename (parent, template, NULL);

  return g_mkdtemp_full (path, 0700) != NULL ? g_steal_pointer (&path) : NULL;
}

/* TRUE when the folder's owner is gone: nobody holds its lock, or (a folder from before the
 * lock, or one whose owner has not taken it yet) no process has the pid in its name. */
static gboolean
owner_is_gone (const char *path, const char *name)
{
  g_autofree char *lock = g_build_filename (path, OWNER_LOCK, NULL);
  int fd = open (lock, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  gboolean gone;
  gint64 pid;

  if (fd >= 0)
    {
      gone = flock (fd, LOCK_EX | LOCK_NB) == 0;
      close (fd);
      return gone;
    }
  pid = g_ascii_strtoll (name + strlen (RUNTIME_DIR_PREFIX), NULL, 10);
  return pid > 0 && kill ((pid_t) pid, 0) != 0 && errno == ESRCH;
}

void
rc_paths_sweep_runtime_dirs (const char *parent)
{
  g_autoptr (GDir) dir = g_dir_open (parent, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      GStatBuf st;

      if (!g_str_has_prefix (name, RUNTIME_DIR_PREFIX)
          || !g_ascii_isdigit (name[strlen (RUNTIME_DIR_PREFIX)]))
        continue;
      path = g_build_filename (parent, name, NULL);
      if (g_lstat (path, &st) != 0 || !S_ISDIR (st.st_mode) || st.st_uid != getuid ()
          || (runtime_dir != NULL && g_str_equal (path, runtime_dir)))
        continue;
      if (owner_is_gone (path, name))
        {
          remove_tree (path);
          rc_paths_remove_sandbox_info (
              g_ascii_strtoll (name + strlen (RUNTIME_DIR_PREFIX), NULL, 10));
        }
    }
}

/* The lock says the folder's owner is alive, to every other process (rc_paths_sweep_...):
 * the kernel drops it however the process ends, even killed or crashed. */
static void
take_owner_lock (const char *dir)
{
  g_autofree char *lock = g_build_filename (dir, OWNER_LOCK, NULL);

  runtime_dir_lock = open (lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (runtime_dir_lock >= 0 && flock (runtime_dir_lock, LOCK_EX | LOCK_NB) != 0)
    {
      close (runtime_dir_lock);
      runtime_dir_lock = -1;
    }
}

static char *
make_runtime_dir (const char *parent, const char *template)
{
  char *dir;

  /* What a killed or crashed process left (atexit never ran) goes when the next one starts. */
  rc_paths_sweep_runtime_dirs (parent);
  dir = make_private_dir (parent, template);
  if (dir != NULL)
    take_owner_lock (dir);
  return dir;
}

const char *
rc_paths_runtime_dir (void)
{
  static gsize once = 0;
  static const char *dir = NULL;

  if (g_once_init_enter (&once))
    {
      g_autofree char *template = g_strdup_printf (RUNTIME_DIR_PREFIX "%d-XXXXXX", (int) getpid ());

      runtime_dir = make_runtime_dir (g_get_user_runtime_dir (), template);
      if (runtime_dir == NULL)
        runtime_dir = make_runtime_dir (g_get_tmp_dir (), template);
      if (runtime_dir != NULL)
        {
          runtime_dir_owner = getpid ();
          atexit (remove_runtime_dir);
          dir = runtime_dir;
        }
      else
        dir = g_get_tmp_dir (); /* shared: never removed */
      g_once_init_leave (&once, 1);
    }
  return dir;
}

char *
rc_paths_data_file (const char *relative)
{
  const char *env = g_getenv ("RC_DATA_DIR");
  g_autofree char *source = g_build_filename (RC_SOURCE_DIR, "data", relative, NULL);

  if (env != NULL && env[0] != '\0')
    return g_build_filename (env, relative, NULL);
  if (g_file_test (source, G_FILE_TEST_EXISTS))
    return g_steal_pointer (&source);
  return g_build_filename (DATADIR, "runtime-console", relative, NULL);
}
