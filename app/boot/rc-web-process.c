/* rc-web-process.c: web process discovery through /proc. */
#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "boot/rc-web-process.h"

static gboolean
read_stat (GPid pid, char **comm, char *state, GPid *ppid, guint64 *start_ticks)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *text = NULL;
  char *open, *close;
  g_auto (GStrv) fields = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return FALSE;
  /* comm may contain spaces and parentheses: it spans the first "(" to the last ")". */
  open = strchr (text, '(');
  close = strrchr (text, ')');
  if (open == NULL || close == NULL || close < open)
    return FALSE;
  fields = g_strsplit (close + 2, " ", -1);
  if (g_strv_length (fields) < 20)
    return FALSE;
  *comm = g_strndup (open + 1, close - open - 1);
  *state = fields[0][0];
  *ppid = (GPid) atoi (fields[1]);
  *start_ticks = g_ascii_strtoull (fields[19], NULL, 10);
  return TRUE;
}

typedef struct
{
  GPid pid;
  GPid ppid;
  guint64 start;
  char *comm;
  char state; /* R, S, …; Z for a child that died and was not reaped yet */
} ProcEntry;

static void
proc_entry_clear (gpointer data)
{
  g_free (((ProcEntry *) data)->comm);
}

static GArray *
read_process_table (void)
{
  GArray *table = g_array_new (FALSE, TRUE, sizeof (ProcEntry));
  g_autoptr (GDir) dir = g_dir_open ("/proc", 0, NULL);
  const char *name;

  g_array_set_clear_func (table, proc_entry_clear);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      ProcEntry entry = { 0 };

      if (!g_ascii_isdigit (name[0]))
        continue;
      entry.pid = (GPid) atoi (name);
      if (read_stat (entry.pid, &entry.comm, &entry.state, &entry.ppid, &entry.start))
        g_array_append_val (table, entry);
    }
  return table;
}

static gboolean
descends_from (GArray *table, GPid pid, GPid ancestor)
{
  for (guint depth = 0; depth < 16 && pid > 1; depth++)
    {
      GPid parent = 0;

      for (guint i = 0; i < table->len; i++)
        if (g_array_index (table, ProcEntry, i).pid == pid)
          parent = g_array_index (table, ProcEntry, i).ppid;
      if (parent == ancestor)
        return TRUE;
      pid = parent;
    }
  return FALSE;
}

GArray *
rc_web_process_list (void)
{
  g_autoptr (GArray) table = read_process_table ();
  GArray *pids = g_array_new (FALSE, FALSE, sizeof (GPid));
  GPid self = (GPid) getpid ();

  for (guint i = 0; i < table->len; i++)
    {
      ProcEntry *entry = &g_array_index (table, ProcEntry, i);

      /* /proc comm is cut to 15 characters: "WebKitWebProces". */
      if (g_str_has_prefix (entry->comm, "WebKitWebProces")
          && descends_from (table, entry->pid, self))
        g_array_append_val (pids, entry->pid);
    }
  return pids;
}

GPid
rc_web_process_find_new (GArray *before)
{
  g_autoptr (GArray) table = read_process_table ();
  g_autoptr (GArray) now = rc_web_process_list ();
  GPid best = 0;
  guint64 best_start = 0;

  for (guint i = 0; i < now->len; i++)
    {
      GPid pid = g_array_index (now, GPid, i);
      gboolean known = FALSE;

      for (guint j = 0; before != NULL && j < before->len; j++)
        known |= g_array_index (before, GPid, j) == pid;
      if (known)
        continue;
      for (guint j = 0; j < table->len; j++)
        {
          ProcEntry *entry = &g_array_index (table, ProcEntry, j);

          if (entry->pid == pid && (best == 0 || entry->start >= best_start))
            {
              best = pid;
              best_start = entry->start;
            }
        }
    }
  return best;
}

gint64
rc_web_process_rss (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", (int) pid);
  g_autofree char *text = NULL;
  const char *line;

  if (pid <= 0 || !g_file_get_contents (path, &text, NULL, NULL))
    return -1;
  line = strstr (text, "\nVmRSS:");
  if (line == NULL)
    return -1;
  return (gint64) g_ascii_strtoull (line + strlen ("\nVmRSS:"), NULL, 10) * 1024;
}

GPid
rc_web_process_find_network (void)
{
  g_autoptr (GArray) table = read_process_table ();
  GPid self = (GPid) getpid ();
  GPid best = 0;
  guint64 best_start = 0;

  for (guint i = 0; i < table->len; i++)
    {
      ProcEntry *entry = &g_array_index (table, ProcEntry, i);

      /* comm is cut to 15 characters: "WebKitNetworkPr". */
      if (g_str_has_prefix (entry->comm, "WebKitNetworkPr") && entry->state != 'Z'
          && descends_from (table, entry->pid, self) && (best == 0 || entry->start >= best_start))
        {
          best = entry->pid;
          best_start = entry->start;
        }
    }
  return best;
}

gboolean
rc_web_process_is_alive (GPid pid)
{
  g_autofree char *comm = NULL;
  char state = 0;
  GPid ppid;
  guint64 start;

  return pid > 0 && read_stat (pid, &comm, &state, &ppid, &start) && state != 'Z';
}

/* The WebKit processes of ours that still run. */
static GArray *
list_webkit (void)
{
  g_autoptr (GArray) table = read_process_table ();
  GArray *pids = g_array_new (FALSE, FALSE, sizeof (GPid));
  GPid self = (GPid) getpid ();

  for (guint i = 0; i < table->len; i++)
    {
      ProcEntry *entry = &g_array_index (table, ProcEntry, i);

      if ((g_str_has_prefix (entry->comm, "WebKitWebProces")
           || g_str_has_prefix (entry->comm, "WebKitNetworkPr"))
          && entry->state != 'Z' && descends_from (table, entry->pid, self))
        g_array_append_val (pids, entry->pid);
    }
  return pids;
}

static void
signal_all (GArray *pids, int sig)
{
  for (guint i = 0; i < pids->len; i++)
    kill (g_array_index (pids, GPid, i), sig);
}

void
rc_web_process_end_all (guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  gboolean killed = FALSE;
  g_autoptr (GArray) running = list_webkit ();

  signal_all (running, SIGTERM);
  /* a killed process is gone within moments; give it 200 ms more */
  while (running->len > 0 && g_get_monotonic_time () < deadline + (killed ? 200 * 1000 : 0))
    {
      if (!killed && g_get_monotonic_time () >= deadline)
        {
          signal_all (running, SIGKILL);
          killed = TRUE;
        }
      g_usleep (20 * 1000);
      g_array_unref (running);
      running = list_webkit ();
    }
}
