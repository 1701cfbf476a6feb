/* bench-soak.c: many cold+warm cycles in one process, and what is left at the end.
 *
 * Each cycle boots the community cold and then warm twice over, the two ways the console
 * does: as `runtime-console measure` does (a community, server, engine, measure runner and
 * window made for the run and torn down after it; for Chromium and Firefox, a browser started
 * and stopped) and as the window does (one engine, server and browser for the whole session,
 * a new measure runner per Boot Cold + Warm that continues the report, every report kept).
 * It prints this process's RSS, open descriptors, threads and descendant processes (browsers,
 * their helpers, web processes) after the warm-up (the baseline: the first cycle after
 * which WebKit's session pool held as many sessions as it ever did, so libraries, caches,
 * JIT and the pool's sessions with their threads and descriptors all exist) and at the end, then, with everything torn down, the processes still below
 * this one, the runtime folder's entries, and what the run added to /tmp (and $TMPDIR) that a
 * browser or the console makes: profiles, Chromium's sockets, the proxy's CA.
 * Targets: RSS growth < 10 % over the baseline; descriptors, threads (but GLib's pool workers,
 * which a sample catches or not) and descendants not above it; no process left but WebKit's
 * network process (the session pool keeps it until exit); no folder but the session pool's;
 * nothing new in the temporary folders. Exits 1 naming each target missed.
 *
 * Usage: bench-soak [--engine webkit|chromium|firefox] [--cycles N] [--max-seconds S]
 *                   COMMUNITY_DIR
 * (default webkit, 50 cycles; --max-seconds stops early, saying so, when another cycle of
 * the mean length would end after S seconds; run under xvfb-run -a)
 */
#include "config.h"

#include <gtk/gtk.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-soak-sample.h"
#include "boot/rc-engine.h"
#include "boot/rc-measure-runner.h"
#include "boot/rc-session-pool.h"
#include "boot/rc-web-process.h"
#include "core/base/rc-paths.h"

#define DEADLINE_SECONDS 180

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

/* The cycle of the highest count in the earlier half of the cycles from @base_cycle on and in
 * the later half (@fds holds one count a cycle, cycle 1 first), as indexes into @fds. */
static void
fd_halves (GArray *fds, int base_cycle, guint *early, guint *late)
{
  guint from = (guint) base_cycle - 1;
  guint mid = from + (fds->len - from - 1) / 2; /* the earlier half ends here */

  *early = from;
  *late = mid + 1 < fds->len ? mid + 1 : from;
  for (guint i = from; i < fds->len; i++)
    {
      guint *best = i <= mid ? early : late;

      if (g_array_index (fds, guint, i) > g_array_index (fds, guint, *best))
        *best = i;
    }
}

/* @ms of the main loop: connections a run closed (the browser's, the proxy's tunnels) end on
 * their own time. */
static void
spin_ms (guint ms)
{
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);

  g_timeout_add_once (ms, (GSourceOnceFunc) g_main_loop_quit, loop);
  g_main_loop_run (loop);
}

static void
settle (void)
{
  spin_ms (1000);
}

/* The descriptors that stay: the fewest of five counts over a second (from @sample's on), and
 * their kinds. A descriptor caught closing is in one count and not the next (one such read 38
 * against 36 before and after, once in 50 WebKit cycles); a leaked one is in every count. */
static guint
settled_fds (const SoakSample *sample, char **kinds)
{
  guint fewest = sample->fds;

  *kinds = soak_fd_kinds ();
  for (int i = 0; i < 4; i++)
    {
      SoakSample again;

      spin_ms (250);
      again = soak_sample ();
      if (again.fds < fewest)
        {
          fewest = again.fds;
          g_free (*kinds);
          *kinds = soak_fd_kinds ();
        }
    }
  return fewest;
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

static RcEngineKind kind = RC_ENGINE_KIND_WEBKIT;

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
  /* before the view is asked for: a headless engine's view is its browser's widget */
  if (!rc_engine_set_engine_kind (engine, kind, &error))
    g_error ("%s: %s", rc_engine_kind_to_string (kind), error->message);
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

static gboolean
tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Web processes and browsers go a moment after their view or engine: wait for them (at most
 * 15 s). @children: the processes still below this one but the WebKit network process, which
 * the session pool keeps until exit. */
static guint
web_processes_left (guint *children)
{
  gboolean expired = FALSE;
  guint id = g_timeout_add_seconds (15, expired_cb, &expired);
  /* a process ending wakes nothing here: look again every 100 ms */
  guint tick = g_timeout_add (100, tick_cb, NULL);
  guint left;

  for (;;)
    {
      g_autoptr (GArray) pids = NULL;

      /* what teardown left to run first: a browser's cancelled pipe read holds it (and its
       * server, whose CA file is in the runtime folder) until its callback runs */
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      pids = rc_web_process_list ();
      left = pids->len;
      *children = soak_children (rc_web_process_find_network ());
      if ((left == 0 && *children == 0) || expired)
        break;
      g_main_context_iteration (NULL, TRUE);
    }
  if (!expired)
    g_source_remove (id);
  g_source_remove (tick);
  return left;
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

/* The temporary folders a browser or the console writes in, each listed once. */
static GPtrArray *
temporary_folders (void)
{
  GPtrArray *folders = g_ptr_array_new ();

  g_ptr_array_add (folders, (gpointer) "/tmp");
  if (!g_str_equal (g_get_tmp_dir (), "/tmp"))
    g_ptr_array_add (folders, (gpointer) g_get_tmp_dir ());
  g_ptr_array_add (folders, (gpointer) rc_paths_runtime_dir ());
  return folders;
}

/* Prints what the run added to each of @folders (listed in @before); how many entries. */
static guint
print_new_entries (GPtrArray *folders, GPtrArray *before)
{
  guint total = 0;

  for (guint i = 0; i < folders->len; i++)
    {
      const char *path = g_ptr_array_index (folders, i);
      g_autofree char *others = NULL;
      guint count;
      g_autofree char *added =
          soak_new_entries (g_ptr_array_index (before, i), path,
                            g_str_equal (path, rc_paths_runtime_dir ()), &count, &others);

      printf ("  new in %-5s %u entries (target 0)%s%s%s%s\n", path, count, count > 0 ? ": " : "",
              added, *others != '\0' ? "; not counted (another's, or the session pool's): " : "",
              others);
      total += count;
    }
  return total;
}

/* Names @what in @missed unless it was @met. */
static void
verdict (gboolean met, const char *what, GString *missed)
{
  if (!met)
    g_string_append_printf (missed, "%s%s", missed->len > 0 ? ", " : "", what);
}

int
main (int argc, char **argv)
{
  int cycles = 50, max_seconds = 0, done = 0;
  g_autofree char *engine_name = NULL;
  g_auto (GStrv) rest = NULL;
  const GOptionEntry entries[] = {
    { "cycles", 'n', 0, G_OPTION_ARG_INT, &cycles, "Cold+warm cycles (default 50)", "N" },
    { "engine", 'e', 0, G_OPTION_ARG_STRING, &engine_name,
      "webkit, chromium or firefox (default webkit)", "ENGINE" },
    { "max-seconds", 0, 0, G_OPTION_ARG_INT, &max_seconds,
      "Start no cycle that would end after S seconds (default: no limit)", "S" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "COMMUNITY_DIR" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("COMMUNITY_DIR");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) reports =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_measurement_free);
  g_autoptr (GPtrArray) folders = NULL;
  g_autoptr (GPtrArray) before =
      g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  g_autoptr (GString) missed = g_string_new (NULL);
  g_autoptr (RcServer) server = NULL;
  RcEngine *engine;
  GtkWidget *window;
  const RcMeasurement *last = NULL;
  SoakSample start, base = { 0 }, end, trimmed;
  g_autofree char *base_threads = NULL, *end_threads = NULL;
  g_autofree char *base_fds = NULL, *end_fds = NULL, *torn_down_fds = NULL;
  SoakSample torn_down;
  g_autoptr (GArray) fds = g_array_new (FALSE, FALSE, sizeof (guint));      /* each cycle's */
  g_autoptr (GPtrArray) fd_kinds = g_ptr_array_new_with_free_func (g_free); /* and their kinds */
  guint early_fds, late_fds, early_at, late_at, n_reports, n_logged;
  gsize json_bytes = 0;
  double reports_mb, log_mb, base_less;
  SoakSample freed, engine_freed, server_stopped, server_freed;
  RcServerStats server_stats;
  guint boots = 0, ready = 0, sessions, others, left, children_left, leftovers;
  guint pool = 0;
  int base_cycle = 0;
  gint64 began = g_get_monotonic_time ();
  double growth;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL || rest[1] != NULL
      || cycles < 1 || (engine_name != NULL && !rc_engine_kind_from_string (engine_name, &kind)))
    {
      fprintf (stderr,
               "usage: bench-soak [--engine webkit|chromium|firefox] [--cycles N] "
               "[--max-seconds S] COMMUNITY_DIR (%s)\n",
               error != NULL ? error->message : "one folder, a known engine, N ≥ 1");
      return 2;
    }
  g_setenv ("GTK_A11Y", "none", TRUE);
  gtk_init ();
  folders = temporary_folders ();
  for (guint i = 0; i < folders->len; i++)
    g_ptr_array_add (before, soak_list_folder (g_ptr_array_index (folders, i)));
  start = soak_sample ();
  /* The window's: one server and engine (one browser) for the session, every report kept. */
  server = rc_server_new ();
  engine = engine_new (rest[0], server, &window);
  for (int cycle = 1; cycle <= cycles; cycle++)
    {
      RcMeasurement *m;
      SoakSample now;

      /* a deadline: stop when another cycle as long as the mean one would pass it */
      if (max_seconds > 0 && done > 0
          && (g_get_monotonic_time () - began) / 1e6 * (done + 1) / done > max_seconds)
        break;
      cli_cycle (rest[0], &boots, &ready);
      m = measure (engine, last, &ready);
      boots += m->runs->len;
      g_ptr_array_add (reports, m);
      last = m;
      settle ();
      now = soak_sample ();
      /* The baseline moves while the pool still grows, and while its sessions still start
       * their threads: a session brings its threads (WebKit's data store, salt store and IPC
       * queue) and descriptors for good, the data store's when the pool makes it, the other
       * two when it first boots, a cycle or more later (three threads a session at most). */
      if (cycle == 1 || rc_session_pool_get_size () > pool
          || (now.session_threads > base.session_threads
              && now.session_threads <= 3 * rc_session_pool_get_size ()))
        {
          base = now;
          g_free (base_threads);
          base_threads = soak_thread_names ();
          g_free (base_fds);
          base_fds = soak_fd_kinds ();
          base_cycle = cycle;
          pool = rc_session_pool_get_size ();
        }
      done = cycle;
      {
        char *kinds = NULL;
        guint settled = settled_fds (&now, &kinds);

        g_array_append_val (fds, settled);
        g_ptr_array_add (fd_kinds, kinds);
        now.fds = settled; /* the count the cycle's line prints */
      }
      printf ("cycle %d/%d: %u boots, %u ready; RSS %.1f MB (anonymous %.1f, file %.1f; heap "
              "in use %.1f MB), %u descriptors, %u threads, %u child processes, %u pooled "
              "sessions; %.0f s\n",
              cycle, cycles, boots, ready, now.rss_mb, now.rss_anon_mb, now.rss_file_mb,
              now.heap_mb, now.fds, now.threads, now.children, rc_session_pool_get_size (),
              (g_get_monotonic_time () - began) / 1e6);
      fflush (stdout);
    }
  end = soak_sample ();
  end_threads = soak_thread_names ();
  end_fds = soak_fd_kinds ();
  /* What of the growth is free memory malloc keeps in its arenas (fragmentation), not
   * memory in use: the same sample after malloc hands its free pages back. */
  malloc_trim (0);
  trimmed = soak_sample ();
  /* the reports' share of the heap: freed, a report a cycle, the baseline's held base_cycle */
  n_reports = reports->len;
  for (guint i = 0; i < reports->len; i++)
    {
      g_autofree char *json = rc_measurement_to_json_string (reports->pdata[i]);

      json_bytes += strlen (json);
    }
  last = NULL;
  g_ptr_array_set_size (reports, 0);
  malloc_trim (0);
  freed = soak_sample ();
  reports_mb = trimmed.heap_mb - freed.heap_mb;
  /* the server's request log (bounded: limits.request_log_max) is the other thing a session
   * keeps by design, a record a request */
  n_logged = rc_server_get_requests (server)->len;
  rc_server_get_stats (server, &server_stats);
  rc_server_clear_requests (server);
  malloc_trim (0);
  {
    SoakSample cleared = soak_sample ();

    log_mb = freed.heap_mb - cleared.heap_mb;
    freed = cleared;
  }
  base_less = base.heap_mb - (n_reports > 0 ? reports_mb / n_reports * base_cycle : 0)
              - (done > 0 ? log_mb / done * base_cycle : 0);
  /* what the session's engine (with its view) and server hold, each freed in turn: the
   * heap's growth less the reports and the log lives in one of them when a longer soak frees
   * more here */
  rc_engine_stop (engine);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (engine);
  settle ();
  malloc_trim (0);
  engine_freed = soak_sample ();
  rc_server_stop (server);
  malloc_trim (0);
  server_stopped = soak_sample ();
  g_clear_object (&server);
  malloc_trim (0);
  server_freed = soak_sample ();
  left = web_processes_left (&children_left);
  settle ();
  torn_down = soak_sample ();
  torn_down_fds = soak_fd_kinds ();
  count_folders (&sessions, &others);

  growth = base.rss_mb > 0 ? (end.rss_mb - base.rss_mb) / base.rss_mb * 100 : 0;
  printf ("\nsoak %s: %d cycles (cold+warm as `measure` does and as the window does), %u boots, "
          "%u ready; %.0f s\n",
          rc_engine_kind_to_string (kind), done, boots, ready,
          (g_get_monotonic_time () - began) / 1e6);
  if (done < cycles)
    printf ("  stopped      after %d of the %d cycles asked: --max-seconds %d\n", done, cycles,
            max_seconds);
  printf ("  baseline     after cycle %d: the session pool had its %u sessions, with their "
          "threads, then%s\n",
          base_cycle, pool,
          base_cycle == done && done > 1 ? " (it grew until the last cycle: rerun longer)" : "");
  printf ("  RSS          %.1f MB at start, %.1f MB after cycle %d, %.1f MB at the end: "
          "%+.1f %% over the baseline (target < 10 %%)\n",
          start.rss_mb, base.rss_mb, base_cycle, end.rss_mb, growth);
  printf ("  RSS parts    anonymous %.1f → %.1f MB, file-backed %.1f → %.1f MB, shared %.1f → "
          "%.1f MB (after cycle %d → at the end)\n",
          base.rss_anon_mb, end.rss_anon_mb, base.rss_file_mb, end.rss_file_mb, base.rss_shmem_mb,
          end.rss_shmem_mb, base_cycle);
  printf ("  after trim   RSS %.1f MB (anonymous %.1f MB) once malloc_trim (0) returned the free "
          "pages malloc kept: %+.1f %% over the baseline\n",
          trimmed.rss_mb, trimmed.rss_anon_mb,
          base.rss_mb > 0 ? (trimmed.rss_mb - base.rss_mb) / base.rss_mb * 100 : 0);
  printf ("  heap in use  %.1f MB after cycle %d, %.1f MB at the end: %+.1f %% (malloc's own "
          "count, mallinfo2: what RSS holds less the free memory malloc keeps)\n",
          base.heap_mb, base_cycle, end.heap_mb,
          base.heap_mb > 0 ? (end.heap_mb - base.heap_mb) / base.heap_mb * 100 : 0);
  /* The window keeps every report, and so does this session: that much of the growth is the
   * reports themselves. What they hold was measured by freeing them at the end. */
  printf ("  reports      %u kept (one a cycle, as the window keeps them): %.1f MB as JSON, "
          "%.1f MB of heap (freed at the end)\n",
          n_reports, json_bytes / 1e6, reports_mb);
  printf ("  request log  %u records on the session's server: %.1f MB of heap (cleared at the "
          "end; at most %u are kept)\n",
          n_logged, log_mb, RC_SERVER_DEFAULT_REQUEST_LOG_MAX);
  printf ("  teardown     the engine and its view freed %.1f MB of heap, then the server %.1f MB "
          "(%.1f MB when it stopped, %.1f MB when it was freed; %u connections open on it at the "
          "end, %" G_GUINT64_FORMAT " accepted, %" G_GUINT64_FORMAT " TLS handshakes)\n",
          freed.heap_mb - engine_freed.heap_mb, engine_freed.heap_mb - server_freed.heap_mb,
          engine_freed.heap_mb - server_stopped.heap_mb,
          server_stopped.heap_mb - server_freed.heap_mb, server_stats.open, server_stats.accepted,
          server_stats.tls_handshakes);
  printf ("  heap less    the reports and the log: %.1f MB after cycle %d, %.1f MB at the end: "
          "%+.1f %% (what "
          "a cycle leaves besides its report)\n",
          base_less, base_cycle, freed.heap_mb,
          base_less > 0 ? (freed.heap_mb - base_less) / base_less * 100 : 0);
  /* A browser's descriptors come and go within a cycle (17-19 for Firefox, sampled a second
   * after each one): a leak is what stays once every engine, server and browser is gone. */
  printf ("  descriptors  %u at start, %u after cycle %d, %u at the end; %u after teardown\n",
          start.fds, base.fds, base_cycle, end.fds, torn_down.fds);
  printf ("               after cycle %d: %s\n", base_cycle, base_fds);
  printf ("               at the end: %s\n", end_fds);
  printf ("               after teardown: %s\n", torn_down_fds);
  printf ("  threads      %u at start, %u after cycle %d, %u at the end; without GLib's "
          "pool workers (which come and go) %u, %u, %u\n",
          start.threads, base.threads, base_cycle, end.threads, start.threads - start.pool_threads,
          base.threads - base.pool_threads, end.threads - end.pool_threads);
  /* by name, so a thread that came for good (one a library starts on first use) is told
   * from one a cycle leaves */
  printf ("               after cycle %d: %s\n", base_cycle, base_threads);
  printf ("               at the end: %s\n", end_threads);
  printf ("  children     %u at start, %u after cycle %d, %u at the end; %u after teardown "
          "(target 0)\n",
          start.children, base.children, base_cycle, end.children, children_left);
  if (children_left > 0)
    {
      g_autofree char *names = soak_children_names (rc_web_process_find_network ());

      printf ("               left: %s\n", names);
    }
  printf ("  left over    %u web processes (target 0); network process %s (pooled sessions "
          "keep it until exit, not counted above)\n",
          left, rc_web_process_find_network () != 0 ? "running" : "gone");
  printf ("  folders      %u session folders for the pool's %u sessions, %u other entries in "
          "%s (target: as many as the pool, 0 others)\n",
          sessions, rc_session_pool_get_size (), others, rc_paths_runtime_dir ());
  leftovers = print_new_entries (folders, before);

  verdict (ready == boots, "not every boot ready", missed);
  verdict (growth < 10, "RSS growth ≥ 10 %", missed);
  /* Descriptors a browser has open come and go (Firefox's read 17-19 from one cycle to the
   * next): a leak shows as the later half of the cycles after the baseline holding more, at
   * their highest, than the earlier half (the baseline's included). Each cycle's count is the
   * settled one (settled_fds). */
  fd_halves (fds, base_cycle, &early_at, &late_at);
  early_fds = g_array_index (fds, guint, early_at);
  late_fds = g_array_index (fds, guint, late_at);
  printf ("  descriptors  settled, at their highest %u in cycles %d-%d (cycle %u), %u in cycles "
          "%d-%d (cycle %u)\n",
          early_fds, base_cycle, base_cycle + (done - base_cycle) / 2, early_at + 1, late_fds,
          base_cycle + (done - base_cycle) / 2 + 1, done, late_at + 1);
  if (late_fds > early_fds)
    printf ("               cycle %u: %s\n               cycle %u: %s\n", early_at + 1,
            (char *) fd_kinds->pdata[early_at], late_at + 1, (char *) fd_kinds->pdata[late_at]);
  verdict (late_fds <= early_fds, "descriptors grew", missed);
  verdict (end.threads - end.pool_threads <= base.threads - base.pool_threads, "threads grew",
           missed);
  verdict (end.children <= base.children, "child processes grew", missed);
  verdict (left == 0 && children_left == 0, "processes left after teardown", missed);
  verdict (others == 0 && sessions == rc_session_pool_get_size (), "runtime folders", missed);
  verdict (leftovers == 0, "new entries in the temporary folders", missed);
  printf ("  verdict      %s%s\n", missed->len > 0 ? "MISSED: " : "every target met", missed->str);
  return missed->len > 0 ? 1 : 0;
}
