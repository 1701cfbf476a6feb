/* bench-soak.c: many cold+warm cycles in one process, and what is left at the end.
 *
 * Each cycle boots the community cold and then warm twice over, the two ways the console
 * does: as `runtime-console measure` does (a community, server, engine, measure runner and
 * window made for the run and torn down after it) and as the window does (one engine and
 * server for the whole session, a new measure runner per Boot Cold + Warm that continues the
 * report, every report kept). It prints this process's RSS, open descriptors and threads
 * after the first cycle (the baseline: libraries, caches and JIT warmed up) and at the end,
 * then, with everything torn down, the WebKit processes and folders still there.
 * Target: RSS growth < 10 % over the baseline, no web process, no folder but the session
 * pool's.
 *
 * Usage: bench-soak [--cycles N] COMMUNITY_DIR   (default 50 cycles; run under xvfb-run -a)
 */
#include "config.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

#include "boot/rc-measure-runner.h"
#include "boot/rc-session-pool.h"
#include "boot/rc-web-process.h"
#include "core/base/rc-paths.h"

#define DEADLINE_SECONDS 180

typedef struct
{
  double rss_mb;
  guint fds;
  guint threads;
} Sample;

static guint64
status_field (const char *text, const char *name)
{
  const char *line = strstr (text, name);

  return line != NULL ? g_ascii_strtoull (line + strlen (name), NULL, 10) : 0;
}

static Sample
sample (void)
{
  g_autofree char *text = NULL;
  g_autoptr (GDir) fds = g_dir_open ("/proc/self/fd", 0, NULL);
  Sample s = { 0 };

  if (g_file_get_contents ("/proc/self/status", &text, NULL, NULL))
    {
      s.rss_mb = status_field (text, "\nVmRSS:") / 1024.0;
      s.threads = (guint) status_field (text, "\nThreads:");
    }
  while (fds != NULL && g_dir_read_name (fds) != NULL)
    s.fds++;
  return s;
}

typedef struct
{
  GMainLoop *loop;
  RcMeasurement *measurement;
  GError *error;
} Run;

static void
on_measured (GObject *source, GAsyncResult *result, gpointer data)
{
  Run *run = data;

  run->measurement = rc_measure_runner_run_finish (RC_MEASURE_RUNNER (source), result, &run->error);
  g_main_loop_quit (run->loop);
}

/* Cold then warm through a new runner on @engine; how many of its runs were ready. */
static RcMeasurement *
measure (RcEngine *engine, const RcMeasurement *continued, guint *ready)
{
  g_autoptr (RcMeasureRunner) runner = rc_measure_runner_new (engine);
  g_autoptr (GArray) scenarios = rc_scenarios_parse ("cold,warm", NULL);
  Run run = { g_main_loop_new (NULL, FALSE) };

  rc_measure_runner_set_scenarios (runner, scenarios);
  rc_measure_runner_set_runs (runner, 1);
  rc_measure_runner_set_control (runner, FALSE);
  rc_measure_runner_set_continuation (runner, continued);
  rc_measure_runner_run_async (runner, NULL, on_measured, &run);
  g_main_loop_run (run.loop);
  g_main_loop_unref (run.loop);
  if (run.error != NULL)
    g_error ("the measurement could not run: %s", run.error->message);
  for (guint i = 0; i < run.measurement->runs->len; i++)
    *ready += ((RcRunRecord *) g_ptr_array_index (run.measurement->runs, i))->outcome.state
              == RC_OUTCOME_READY;
  return run.measurement;
}

static RcEngine *
engine_new (const char *dir, RcServer *server, GtkWidget **window)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community =
      rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  RcEngine *engine;

  if (community == NULL)
    g_error ("%s", error->message);
  engine = rc_engine_new (community, server);
  rc_engine_set_csp (engine, "none", NULL);
  rc_engine_set_deadline_seconds (engine, DEADLINE_SECONDS);
  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (*window), rc_engine_get_view (engine));
  gtk_window_present (GTK_WINDOW (*window));
  return engine;
}

/* As `runtime-console measure DIR --scenario cold,warm --no-control` does, start to end. */
static void
cli_cycle (const char *dir, guint *boots, guint *ready)
{
  g_autoptr (RcServer) server = rc_server_new ();
  GtkWidget *window;
  g_autoptr (RcEngine) engine = engine_new (dir, server, &window);
  g_autoptr (RcMeasurement) m = measure (engine, NULL, ready);

  *boots += m->runs->len;
  rc_engine_stop (engine);
  gtk_window_destroy (GTK_WINDOW (window));
  rc_server_stop (server);
}

static gboolean
expired_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Web processes go a moment after their view: wait for them (at most 15 s). */
static guint
web_processes_left (void)
{
  gboolean expired = FALSE;
  guint id = g_timeout_add_seconds (15, expired_cb, &expired);
  guint left;

  for (;;)
    {
      g_autoptr (GArray) pids = rc_web_process_list ();

      left = pids->len;
      if (left == 0 || expired)
        break;
      g_main_context_iteration (NULL, TRUE);
    }
  if (!expired)
    g_source_remove (id);
  return left;
}

/* "gmain 1, pool-spawner 1, …": which threads there are, to tell a pool from a leak. */
static char *
thread_names (void)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  g_autoptr (GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GList) names = NULL;
  const char *tid;

  while (dir != NULL && (tid = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_strdup_printf ("/proc/self/task/%s/comm", tid);
      g_autofree char *comm = NULL;

      if (!g_file_get_contents (path, &comm, NULL, NULL))
        continue;
      g_strstrip (comm);
      g_hash_table_insert (
          counts, g_strdup (comm),
          GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, comm)) + 1));
    }
  names = g_list_sort (g_hash_table_get_keys (counts), (GCompareFunc) g_strcmp0);
  for (GList *l = names; l != NULL; l = l->next)
    g_string_append_printf (text, "%s%s %u", text->len > 0 ? ", " : "", (char *) l->data,
                            GPOINTER_TO_UINT (g_hash_table_lookup (counts, l->data)));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
count_folders (guint *sessions, guint *others)
{
  g_autoptr (GDir) dir = g_dir_open (rc_paths_runtime_dir (), 0, NULL);
  const char *name;

  *sessions = *others = 0;
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "webkit-session-"))
      (*sessions)++;
    else if (!g_str_equal (name, "owner.lock"))
      (*others)++;
}

int
main (int argc, char **argv)
{
  int cycles = 50;
  g_auto (GStrv) rest = NULL;
  const GOptionEntry entries[] = {
    { "cycles", 'n', 0, G_OPTION_ARG_INT, &cycles, "Cold+warm cycles (default 50)", "N" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "COMMUNITY_DIR" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("COMMUNITY_DIR");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) reports =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_measurement_free);
  g_autoptr (RcServer) server = NULL;
  RcEngine *engine;
  GtkWidget *window;
  const RcMeasurement *last = NULL;
  Sample start, base = { 0 }, end;
  guint boots = 0, ready = 0, sessions, others, left;
  double growth;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL || rest[1] != NULL
      || cycles < 1)
    {
      fprintf (stderr, "usage: bench-soak [--cycles N] COMMUNITY_DIR (%s)\n",
               error != NULL ? error->message : "one folder, N ≥ 1");
      return 2;
    }
  g_setenv ("GTK_A11Y", "none", TRUE);
  gtk_init ();
  start = sample ();
  /* The window's: one server and engine for the session, every report kept. */
  server = rc_server_new ();
  engine = engine_new (rest[0], server, &window);
  for (int cycle = 1; cycle <= cycles; cycle++)
    {
      RcMeasurement *m;
      Sample now;

      cli_cycle (rest[0], &boots, &ready);
      m = measure (engine, last, &ready);
      boots += m->runs->len;
      g_ptr_array_add (reports, m);
      last = m;
      now = sample ();
      if (cycle == 1)
        base = now;
      printf ("cycle %d/%d: %u boots, %u ready; RSS %.1f MB, %u descriptors, %u threads\n", cycle,
              cycles, boots, ready, now.rss_mb, now.fds, now.threads);
      fflush (stdout);
    }
  end = sample ();
  rc_engine_stop (engine);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (engine);
  rc_server_stop (server);
  g_clear_object (&server);
  left = web_processes_left ();
  count_folders (&sessions, &others);

  growth = base.rss_mb > 0 ? (end.rss_mb - base.rss_mb) / base.rss_mb * 100 : 0;
  printf ("\nsoak: %d cycles (cold+warm as `measure` does and as the window does), %u boots, "
          "%u ready\n",
          cycles, boots, ready);
  printf ("  RSS          %.1f MB at start, %.1f MB after cycle 1, %.1f MB at the end: "
          "%+.1f %% over cycle 1 (target < 10 %%)%s\n",
          start.rss_mb, base.rss_mb, end.rss_mb, growth, growth < 10 ? "" : "  OVER TARGET");
  printf ("  descriptors  %u at start, %u after cycle 1, %u at the end\n", start.fds, base.fds,
          end.fds);
  printf ("  threads      %u at start, %u after cycle 1, %u at the end\n", start.threads,
          base.threads, end.threads);
  {
    g_autofree char *names = thread_names ();

    printf ("               now: %s\n", names);
  }
  printf ("  left over    %u web processes (target 0); network process %s (pooled sessions "
          "keep it until exit)\n",
          left, rc_web_process_find_network () != 0 ? "running" : "gone");
  printf ("  folders      %u session folders for the pool's %u sessions, %u other entries in "
          "%s (target: as many as the pool, 0 others)\n",
          sessions, rc_session_pool_get_size (), others, rc_paths_runtime_dir ());
  return left == 0 && others == 0 && sessions == rc_session_pool_get_size () && ready == boots ? 0
                                                                                               : 1;
}
