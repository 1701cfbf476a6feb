/* bench-soak-sample.c: RSS, descriptors, threads and child processes of this process, and the
 * entries a run adds to a folder (the browsers' profiles and sockets in /tmp). */
#include "config.h"

#include "bench-soak-sample.h"

#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static guint64
status_field (const char *text, const char *name)
{
  const char *line = strstr (text, name);

  return line != NULL ? g_ascii_strtoull (line + strlen (name), NULL, 10) : 0;
}

/* /proc/PID/stat: "PID (comm) S PPID …"; comm may hold spaces and parentheses, so the
 * fields are read after its last ')'. */
static gboolean
read_stat (const char *pid, int *ppid, char **comm)
{
  g_autofree char *path = g_build_filename ("/proc", pid, "stat", NULL);
  g_autofree char *text = NULL;
  const char *open, *close;

  if (!g_file_get_contents (path, &text, NULL, NULL) || (open = strchr (text, '(')) == NULL
      || (close = strrchr (text, ')')) == NULL || close[1] == '\0' || close[2] == '\0')
    return FALSE;
  *ppid = atoi (close + 4);
  if (comm != NULL)
    *comm = g_strndup (open + 1, close - open - 1);
  return TRUE;
}

/* Every live process below this one but @except and its own (0: none): pid → comm. A browser's helpers are its children, not
 * ours, so the walk goes down the whole tree (one pass over /proc, then parents followed). */
static GHashTable *
descendants (int except)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc", 0, NULL);
  g_autoptr (GHashTable) parents = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) comms = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  GHashTable *found = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  int self = getpid ();
  const char *name;
  GHashTableIter iter;
  gpointer key, value;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      int ppid;
      char *comm;

      if (g_ascii_isdigit (name[0]) && read_stat (name, &ppid, &comm))
        {
          g_hash_table_insert (parents, GINT_TO_POINTER (atoi (name)), GINT_TO_POINTER (ppid));
          g_hash_table_insert (comms, GINT_TO_POINTER (atoi (name)), comm);
        }
    }
  g_hash_table_iter_init (&iter, parents);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      int up = GPOINTER_TO_INT (value);

      /* at most 64 levels: a pid reused under its own descendant cannot loop forever */
      gboolean excepted = GPOINTER_TO_INT (key) == except;

      for (int depth = 0; depth < 64 && up > 1 && up != self; depth++)
        {
          excepted |= up == except;
          up = GPOINTER_TO_INT (g_hash_table_lookup (parents, GINT_TO_POINTER (up)));
        }
      if (up == self && GPOINTER_TO_INT (key) != self && !excepted)
        g_hash_table_insert (found, key, g_strdup (g_hash_table_lookup (comms, key)));
    }
  return found;
}

/* WebKit's threads of a network session (a website data store, its device-ID salt store and
 * the IPC queue of its connection), started when a session first boots, not when the pool
 * makes it: the soak's baseline waits for them. /proc truncates comm to 15 bytes. */
static gboolean
is_session_thread (const char *comm)
{
  return g_str_has_prefix (comm, "HashSaltStorage") || g_str_has_prefix (comm, "ReceiveQueue")
         || g_str_has_prefix (comm, "ebsiteDataStore");
}

/* GThreadPool workers are named "pool-<program>" (or "pool-spawner", which stays); the
 * shared pool starts them for GTask and resolver work and ends them after 15 s idle, so how
 * many there are at a sample says when it was taken, not whether something leaks. */
static guint
count_pool_threads (guint *session_threads)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *tid;
  guint n = 0;

  while (dir != NULL && (tid = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_strdup_printf ("/proc/self/task/%s/comm", tid);
      g_autofree char *comm = NULL;

      if (!g_file_get_contents (path, &comm, NULL, NULL))
        continue;
      if (g_str_has_prefix (comm, "pool-") && !g_str_has_prefix (comm, "pool-spawner"))
        n++;
      *session_threads += is_session_thread (comm);
    }
  return n;
}

SoakSample
soak_sample (void)
{
  g_autofree char *text = NULL;
  g_autoptr (GDir) fds = g_dir_open ("/proc/self/fd", 0, NULL);
  g_autoptr (GHashTable) children = descendants (0);
  SoakSample s = { 0 };

  if (g_file_get_contents ("/proc/self/status", &text, NULL, NULL))
    {
      s.rss_mb = status_field (text, "\nVmRSS:") / 1024.0;
      s.rss_anon_mb = status_field (text, "\nRssAnon:") / 1024.0;
      s.rss_file_mb = status_field (text, "\nRssFile:") / 1024.0;
      s.rss_shmem_mb = status_field (text, "\nRssShmem:") / 1024.0;
      s.threads = (guint) status_field (text, "\nThreads:");
    }
  while (fds != NULL && g_dir_read_name (fds) != NULL)
    s.fds++;
  s.pool_threads = count_pool_threads (&s.session_threads);
  {
    /* every arena's allocated bytes, small and mmapped: a second source for the RSS figure */
    struct mallinfo2 info = mallinfo2 ();

    s.heap_mb = (info.uordblks + info.hblkhd) / 1048576.0;
  }
  s.children = g_hash_table_size (children);
  return s;
}

/* "gmain 1, pool-spawner 1, …" from names counted in @counts (name → count). */
static char *
join_counts (GHashTable *counts)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GList) names = g_list_sort (g_hash_table_get_keys (counts), (GCompareFunc) g_strcmp0);

  for (GList *l = names; l != NULL; l = l->next)
    g_string_append_printf (text, "%s%s %u", text->len > 0 ? ", " : "", (char *) l->data,
                            GPOINTER_TO_UINT (g_hash_table_lookup (counts, l->data)));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
count_name (GHashTable *counts, const char *name)
{
  g_hash_table_insert (
      counts, g_strdup (name),
      GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, name)) + 1));
}

/* One /proc folder's entries by a name each (NULL: not counted), "name 2, other 1". */
static char *
count_entries (const char *folder, char *(*name_of) (const char *path))
{
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr (GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *entry;

  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, entry, NULL);
      g_autofree char *name = name_of (path);

      if (name != NULL)
        count_name (counts, name);
    }
  return join_counts (counts);
}

static char *
thread_name (const char *task)
{
  g_autofree char *path = g_build_filename (task, "comm", NULL);
  char *comm = NULL;

  return g_file_get_contents (path, &comm, NULL, NULL) ? g_strstrip (comm) : NULL;
}

/* socket:[123] and pipe:[456] by kind (the inode says nothing across samples); NULL for the
 * folder's own descriptor, closed by now */
static char *
fd_kind (const char *fd)
{
  char *target = g_file_read_link (fd, NULL);
  char *bracket;

  if (target != NULL && (g_str_has_prefix (target, "socket:") || g_str_has_prefix (target, "pipe:"))
      && (bracket = strchr (target, ':')) != NULL)
    *bracket = '\0';
  return target;
}

/* Which threads there are, to tell a pool from a leak. */
char *
soak_thread_names (void)
{
  return count_entries ("/proc/self/task", thread_name);
}

/* "socket 9, anon_inode:[eventfd] 4, pipe 2, /dev/null 1": each descriptor by what it is */
char *
soak_fd_kinds (void)
{
  return count_entries ("/proc/self/fd", fd_kind);
}

guint
soak_children (int except)
{
  g_autoptr (GHashTable) children = descendants (except);

  return g_hash_table_size (children);
}

/* Which processes are still below this one, to say which browser left them. */
char *
soak_children_names (int except)
{
  g_autoptr (GHashTable) children = descendants (except);
  g_autoptr (GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer comm;

  g_hash_table_iter_init (&iter, children);
  while (g_hash_table_iter_next (&iter, NULL, &comm))
    count_name (counts, comm);
  return join_counts (counts);
}

/* The names in @path now, to compare with after the run. */
GHashTable *
soak_list_folder (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_hash_table_add (names, g_strdup (name));
  return names;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

/* What the browsers and the console make in a temporary folder: profiles (rc-chromium-*,
 * rc-firefox-*), Chromium's singleton sockets, geckodriver-style profiles, WebKit's files.
 * Not "rc-*": the tests' rc-test-* folders of other work on the machine would count. */
static gboolean
browser_made (const char *entry)
{
  static const char *const patterns[] = {
    "org.chromium.*",
    ".org.chromium.*",
    "rc-chromium-*",
    "rust_mozprofile*",
    "rc-firefox-*",
    "*mozilla*",
    "*webkit*",
    "*WebKit*",
    "scoped_dir*",
    "*Crashpad*",
    "proxy-ca-*",
    "pyodide*",
    NULL,
  };

  for (guint i = 0; patterns[i] != NULL; i++)
    if (g_pattern_match_simple (patterns[i], entry))
      return TRUE;
  return FALSE;
}

/* Whether a live process names @entry on its command line (a browser of other work on the
 * machine, whose --user-data-dir or --profile it is): then it is not this run's leftover. */
static gboolean
in_use_elsewhere (const char *entry)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc", 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename ("/proc", name, "cmdline", NULL);
      g_autofree char *text = NULL;
      gsize length;

      if (!g_ascii_isdigit (name[0]) || !g_file_get_contents (path, &text, &length, NULL))
        continue;
      for (gsize i = 0; i + 1 < length; i++)
        if (text[i] == '\0')
          text[i] = ' ';
      if (strstr (text, entry) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* The entries of @path not in @before that a browser or the console made, sorted and joined
 * ("" when none); @others gets the other new ones, not counted: other work shares /tmp, so
 * an entry no browser would make, or one a live process names (another engineer's browser
 * on its profile), is not this run's. @own: a folder of this process alone (the runtime
 * folder), where every new entry counts but the session pool's folders. */
char *
soak_new_entries (GHashTable *before, const char *path, gboolean own, guint *count, char **others)
{
  g_autoptr (GPtrArray) elsewhere = g_ptr_array_new ();
  g_autoptr (GHashTable) now = soak_list_folder (path);
  g_autoptr (GPtrArray) added = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer name;

  g_hash_table_iter_init (&iter, now);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    if (!g_hash_table_contains (before, name))
      g_ptr_array_add (own ? !g_str_has_prefix (name, "webkit-session-") ? added : elsewhere
                       : browser_made (name) && !in_use_elsewhere (name) ? added
                                                                         : elsewhere,
                       name);
  g_ptr_array_sort (added, compare_names);
  g_ptr_array_sort (elsewhere, compare_names);
  *count = added->len;
  g_ptr_array_add (added, NULL);
  g_ptr_array_add (elsewhere, NULL);
  *others = g_strjoinv (", ", (char **) elsewhere->pdata);
  return g_strjoinv (", ", (char **) added->pdata);
}
