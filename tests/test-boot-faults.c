/* test-boot-faults.c: faults during a real boot (issue 12) that test-boot.c does not cover:
 * a second boot asked for while one runs, a boot cancelled by the user, the distribution
 * missing an interpreter file, the community folder deleted mid-boot, the page's certificate
 * rejected, the proxy's port in use, a page that loads twice or starts a second worker or
 * fetches a URL twice (one page per run, issue 19), a cold boot given a reused session. Each ends in a named
 * state (ready, or a kind with its party and diagnosis), the engine takes the next boot, and no web process or session folder is left over.
 * (The web and network processes killed mid-boot are test-boot.c's.) One server and one
 * window for all; the boots that must fail have short deadlines. Run under `xvfb-run -a`.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <stdlib.h>

#include <webkit/webkit.h>

#include "boot/rc-engine.h"
#include "boot/rc-session-pool.h"
#include "boot/rc-web-process.h"
#include "core/base/rc-paths.h"
#include "rc-test-engine.h"
#include "rc-test-files.h"

#define DEADLINE       90.0 /* for the boot that must be ready, on a loaded 2-core machine */
#define SHORT_DEADLINE 45.0 /* for the ones that fail: each must end well before it */

static char *scratch;
static RcServer *server;
static GtkWidget *window;

typedef struct
{
  GMainLoop *loop;
  RcRunRecord *record;
  GError *error;
  gboolean done;
} Wait;

static void
on_booted (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *wait = data;

  wait->record = rc_engine_boot_finish (RC_ENGINE (source), result, &wait->error);
  wait->done = TRUE;
  g_main_loop_quit (wait->loop);
}

static void
copy_tree (const char *from, const char *to)
{
  g_autoptr (GDir) dir = g_dir_open (from, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  g_assert_cmpint (g_mkdir_with_parents (to, 0700), ==, 0);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *a = g_build_filename (from, name, NULL);
      g_autofree char *b = g_build_filename (to, name, NULL);

      if (g_file_test (a, G_FILE_TEST_IS_DIR))
        copy_tree (a, b);
      else
        {
          g_autoptr (GFile) fa = g_file_new_for_path (a);
          g_autoptr (GFile) fb = g_file_new_for_path (b);
          g_autoptr (GError) error = NULL;

          g_file_copy (fa, fb, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error);
          g_assert_no_error (error);
        }
    }
}

static void
remove_tree (const char *path)
{
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", path);

  g_assert_cmpint (system (cmd), ==, 0);
}

/* A community of the interpreter alone (no preload): the quickest real boot. */
static char *
make_small (const char *name)
{
  g_autofree char *dir = g_build_filename (scratch, name, NULL);
  g_autofree char *text = g_strdup_printf (
      "id: %s\nname: %s\ndescription: A generated test community.\n"
      "cors_origins:\n  - https://nemar.org\n"
      "extensions:\n  client_tools:\n    - name: execute_code\n      runtime: python\n"
      "      requires_permission: true\n      description: Run code.\n"
      "runtime:\n  python:\n    pyodide_version: \"0.29.5\"\n    prelude: \"x = 1\\n\"\n",
      name, name);
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (config, text, -1, NULL));
  return g_steal_pointer (&dir);
}

static RcEngine *
engine_for (const char *dir, const char *distribution, double deadline)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community =
      rc_community_load (dir, distribution, RC_DEPLOYMENT_PRODUCTION, &error);
  RcEngine *engine;

  g_assert_no_error (error);
  engine = rc_engine_new (community, server);
  rc_engine_set_csp (engine, "none", NULL);
  rc_engine_set_deadline_seconds (engine, deadline);
  gtk_window_set_child (GTK_WINDOW (window), rc_engine_get_view (engine));
  return engine;
}

/* Boots @engine cold to its end; @on_progress (may be NULL) sees each progress message. */
static RcRunRecord *
boot_to_end (RcEngine *engine, GCancellable *cancellable, GCallback on_progress, gpointer data,
             GError **error)
{
  Wait wait = { g_main_loop_new (NULL, FALSE) };

  if (on_progress != NULL)
    g_signal_connect (engine, "progress", on_progress, data);
  rc_engine_boot_async (engine, RC_BOOT_MODE_COLD, cancellable, on_booted, &wait);
  if (!wait.done)
    g_main_loop_run (wait.loop);
  if (on_progress != NULL)
    g_signal_handlers_disconnect_by_func (engine, on_progress, data);
  g_main_loop_unref (wait.loop);
  if (wait.error != NULL)
    g_propagate_error (error, wait.error);
  return wait.record;
}

static gboolean
is_loading_runtime (const RcBootProgress *progress)
{
  return progress->phase == RC_BOOT_PHASE_LOADING_RUNTIME;
}

static void
cancel_on_loading (RcEngine *engine, const RcBootProgress *progress, GCancellable *cancellable)
{
  if (is_loading_runtime (progress))
    g_cancellable_cancel (cancellable);
}

/* The engine takes another boot: it starts (its page reports) and is cancelled. */
static void
assert_takes_next_boot (RcEngine *engine)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) record =
      boot_to_end (engine, cancellable, G_CALLBACK (cancel_on_loading), cancellable, &error);

  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (record);
  g_assert_cmpuint (rc_engine_get_state (engine), ==, RC_ENGINE_STATE_IDLE);
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Once @engine is gone: none of our web processes runs, and every session folder in the
 * runtime folder is a pooled (reusable) session's, however many boots ran. */
static void
assert_nothing_left (RcEngine *engine)
{
  g_autoptr (GDir) dir = NULL;
  gboolean expired = FALSE;
  guint folders = 0, id;
  const char *name;

  g_object_unref (engine);
  id = g_timeout_add_seconds (15, timeout_cb, &expired);
  for (;;)
    {
      g_autoptr (GArray) pids = rc_web_process_list ();

      if (pids->len == 0 || expired)
        {
          g_assert_cmpuint (pids->len, ==, 0);
          break;
        }
      g_main_context_iteration (NULL, TRUE);
    }
  if (!expired)
    g_source_remove (id);
  dir = g_dir_open (rc_paths_runtime_dir (), 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    folders += g_str_has_prefix (name, "webkit-session-");
  g_assert_cmpuint (folders, ==, rc_session_pool_get_size ());
  /* Sessions are reused, not made per boot: once the released ones settle and are cleared,
   * every one is idle. (A session settles for 2 s after its boot, so boots that end sooner,
   * as these failures do, take new ones meanwhile: the pool is not smaller than that.) */
  id = g_timeout_add_seconds (30, timeout_cb, &expired);
  while (rc_session_pool_get_idle () < rc_session_pool_get_size () && !expired)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (expired);
  g_source_remove (id);
  g_test_message ("the pool holds %u sessions", rc_session_pool_get_size ());
  g_assert_cmpuint (rc_session_pool_get_size (), <=, 6);
}

/* ---- a second boot while one runs; a boot cancelled by the user ------------------------- */

typedef struct
{
  RcEngine *engine;
  GCancellable *cancellable;
  Wait second;
  gboolean asked;
} Busy;

static void
second_boot_on_loading (RcEngine *engine, const RcBootProgress *progress, Busy *busy)
{
  if (!is_loading_runtime (progress) || busy->asked)
    return;
  busy->asked = TRUE;
  rc_engine_boot_async (engine, RC_BOOT_MODE_COLD, NULL, on_booted, &busy->second);
  /* the user gives up on the first */
  g_cancellable_cancel (busy->cancellable);
}

static void
test_busy_and_cancelled (void)
{
  g_autofree char *dir = make_small ("busy");
  RcEngine *engine = engine_for (dir, NULL, DEADLINE);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) cancelled = NULL;
  g_autoptr (RcRunRecord) ready = NULL;
  Busy busy = { engine, cancellable, { g_main_loop_new (NULL, FALSE) } };
  const RcRunRecord *last;

  cancelled = boot_to_end (engine, cancellable, G_CALLBACK (second_boot_on_loading), &busy, &error);
  /* the second was refused at once, and did not disturb the first */
  g_assert_true (busy.asked);
  while (!busy.second.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (busy.second.error, RC_ENGINE_ERROR, RC_ENGINE_ERROR_BUSY);
  g_assert_null (busy.second.record);
  g_clear_error (&busy.second.error);
  g_main_loop_unref (busy.second.loop);
  /* the first ended as cancelled: nobody's failure, so no party */
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (cancelled);
  last = rc_engine_get_last_record (engine);
  g_assert_cmpint (last->outcome.state, ==, RC_OUTCOME_FAILED);
  g_assert_cmpstr (last->outcome.kind, ==, "cancelled");
  g_assert_null (last->outcome.party);
  g_assert_cmpuint (rc_engine_get_state (engine), ==, RC_ENGINE_STATE_IDLE);
  g_clear_error (&error);

  /* the same engine boots to ready next */
  ready = boot_to_end (engine, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  if (ready->outcome.state != RC_OUTCOME_READY)
    g_error ("the boot after the cancelled one failed (%s): %s", ready->outcome.kind,
             ready->outcome.message);
  g_assert_cmpstr (ready->run_id, ==, "cold-2");
  assert_nothing_left (engine);
}

/* ---- the distribution missing an interpreter file ---------------------------------------- */

static void
test_distribution_missing_file (void)
{
  g_autofree char *npm = rc_paths_default_distribution ();
  g_autofree char *dist = g_build_filename (scratch, "dist-without-stdlib", NULL);
  g_autofree char *stdlib = g_build_filename (dist, "python_stdlib.zip", NULL);
  g_autofree char *dir = make_small ("no-stdlib");
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) r = NULL;
  RcEngine *engine;

  copy_tree (npm, dist);
  g_assert_cmpint (g_unlink (stdlib), ==, 0);
  engine = engine_for (dir, dist, SHORT_DEADLINE);
  r = boot_to_end (engine, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%s (%s): %s\n%s", r->outcome.kind, r->outcome.party, r->outcome.message,
                  r->outcome.diagnosis);
  g_assert_cmpint (r->outcome.state, ==, RC_OUTCOME_FAILED);
  /* the worker's own kind (Pyodide exits), blamed on the distribution for the proxy's 404 */
  g_assert_cmpstr (r->outcome.kind, ==, "runtime");
  g_assert_cmpstr (r->outcome.party, ==, "distribution");
  g_assert_nonnull (strstr (r->outcome.message, "python_stdlib.zip"));
  g_assert_nonnull (r->outcome.diagnosis);
  g_assert_cmpfloat (r->boot_ms, <, SHORT_DEADLINE * 1000 * 0.9);
  g_assert_cmpuint (rc_engine_get_state (engine), ==, RC_ENGINE_STATE_FAILED);
  assert_takes_next_boot (engine);
  assert_nothing_left (engine);
  remove_tree (dist);
}

/* ---- the interpreter failing inside itself ------------------------------------------------ */

/* A copy of the npm distribution whose python_stdlib.zip lacks tokenize.py
 * (rc_test_break_stdlib()): Pyodide's own bootstrap (_pyodide._base imports it) then fails
 * inside the interpreter, every file served whole, as the engine's rare faults did ("cannot
 * import name 'open' from 'builtins'"). */
static char *
make_faulty_distribution (const char *name)
{
  g_autofree char *npm = rc_paths_default_distribution ();
  g_autofree char *dist = g_build_filename (scratch, name, NULL);

  copy_tree (npm, dist);
  rc_test_break_stdlib (dist);
  return g_steal_pointer (&dist);
}

typedef struct
{
  char *dist;
  guint stdlib_served;
} Swap;

/* Once the broken stdlib went out whole, the good one takes its place: only attempt 1 fails. */
static void
restore_stdlib (RcServer *source, const RcRequestRecord *request, Swap *swap)
{
  if (request->url != NULL && g_str_has_suffix (request->url, "/python_stdlib.zip"))
    swap->stdlib_served++;
  rc_test_restore_stdlib (swap->dist, request->url, request->status);
}

static gboolean
has_note (const RcRunRecord *r, const char *words)
{
  for (guint i = 0; i < r->notes->len; i++)
    if (strstr (g_ptr_array_index (r->notes, i), words) != NULL)
      return TRUE;
  return FALSE;
}

/* Attempt 1's interpreter fails inside itself; attempt 2, with the same files the engine
 * would have had, is ready: the record keeps the run, says attempt 1 was the engine's, and
 * its requests are attempt 2's. */
static void
test_interpreter_fault_once (void)
{
  g_autofree char *dir = make_small ("fault-once");
  Swap swap = { make_faulty_distribution ("dist-fault-once") };
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) r = NULL;
  RcEngine *engine = engine_for (dir, swap.dist, DEADLINE);
  gulong id = g_signal_connect (server, "request-finished", G_CALLBACK (restore_stdlib), &swap);

  r = boot_to_end (engine, NULL, NULL, NULL, &error);
  g_signal_handler_disconnect (server, id);
  g_assert_no_error (error);
  for (guint i = 0; i < r->notes->len; i++)
    g_test_message ("note: %s", (const char *) g_ptr_array_index (r->notes, i));
  if (r->outcome.state != RC_OUTCOME_READY)
    g_error ("attempt 2 with the good stdlib failed (%s): %s", r->outcome.kind, r->outcome.message);
  g_assert_cmpuint (swap.stdlib_served, ==, 2);
  g_assert_cmpuint (r->attempts, ==, 2);
  g_assert_cmpstr (r->run_id, ==, "cold-1");
  g_assert_true (has_note (r, "attempt 1 failed in the engine"));
  g_assert_true (has_note (r, "Pyodide's interpreter failed inside itself while it started"));
  g_assert_true (has_note (r, "No module named 'tokenize'"));
  for (guint i = 0; i < r->requests->len; i++)
    g_assert_cmpstr (((RcRequestRecord *) g_ptr_array_index (r->requests, i))->run_id, ==,
                     "cold-1");
  assert_takes_next_boot (engine);
  assert_nothing_left (engine);
  remove_tree (swap.dist);
  g_free (swap.dist);
}

/* The same failure on both attempts is the files', not the engine's: the distribution. */
static void
test_interpreter_fault_twice (void)
{
  g_autofree char *dir = make_small ("fault-twice");
  g_autofree char *dist = make_faulty_distribution ("dist-fault-twice");
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) r = NULL;
  RcEngine *engine = engine_for (dir, dist, SHORT_DEADLINE);

  r = boot_to_end (engine, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%s (%s): %s\n%s", r->outcome.kind, r->outcome.party, r->outcome.message,
                  r->outcome.diagnosis);
  g_assert_cmpint (r->outcome.state, ==, RC_OUTCOME_FAILED);
  g_assert_cmpuint (r->attempts, ==, 2);
  g_assert_cmpstr (r->outcome.kind, ==, "distribution");
  g_assert_cmpstr (r->outcome.party, ==, "distribution");
  g_assert_nonnull (strstr (r->outcome.message, "the same way on both attempts"));
  g_assert_nonnull (strstr (r->outcome.message, "No module named 'tokenize'"));
  g_assert_true (has_note (r, "attempt 1 failed in the engine"));
  g_assert_nonnull (strstr (r->outcome.diagnosis, "Whose failure: the Pyodide distribution"));
  g_assert_cmpfloat (r->boot_ms, <, SHORT_DEADLINE * 1000 * 0.9);
  g_assert_cmpuint (rc_engine_get_state (engine), ==, RC_ENGINE_STATE_FAILED);
  assert_takes_next_boot (engine);
  assert_nothing_left (engine);
  remove_tree (dist);
}

/* ---- the community folder deleted during the boot ---------------------------------------- */

static void
delete_on_loading (RcEngine *engine, const RcBootProgress *progress, const char *dir)
{
  if (is_loading_runtime (progress) && g_file_test (dir, G_FILE_TEST_IS_DIR))
    remove_tree (dir);
}

/* The boot serves the community as it was loaded and verified (the config, and the overlay's
 * wheels held since verification, as OSA's server holds them), so deleting the folder cannot
 * change what this boot gets: it is ready, and so is the next; loading the folder again is
 * what fails, with an error that names it. */
static void
test_community_deleted (void)
{
  g_autofree char *demo = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  g_autofree char *dir = g_build_filename (scratch, "deleted-demo", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) r = NULL;
  g_autoptr (RcCommunity) again = NULL;
  RcEngine *engine;

  copy_tree (demo, dir);
  engine = engine_for (dir, NULL, DEADLINE);
  r = boot_to_end (engine, NULL, G_CALLBACK (delete_on_loading), dir, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
  if (r->outcome.state != RC_OUTCOME_READY)
    g_error ("the boot whose folder went away failed (%s): %s", r->outcome.kind,
             r->outcome.message);
  /* the overlay's wheel was among what it got */
  {
    gboolean wheel = FALSE;

    for (guint i = 0; i < r->requests->len; i++)
      wheel |= ((RcRequestRecord *) r->requests->pdata[i])->url != NULL
               && g_str_has_suffix (((RcRequestRecord *) r->requests->pdata[i])->url,
                                    "demo_helpers-0.1.1-py3-none-any.whl")
               && ((RcRequestRecord *) r->requests->pdata[i])->status == 200;
    g_assert_true (wheel);
  }
  assert_takes_next_boot (engine);
  assert_nothing_left (engine);
  again = rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_assert_null (again);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "deleted-demo"));
}

/* ---- the page's certificate rejected ------------------------------------------------------ */

static void
set_tls_policy (RcEngine *engine, WebKitTLSErrorsPolicy policy)
{
  GtkWidget *view = rc_test_engine_web_view (engine);

  g_assert_true (WEBKIT_IS_WEB_VIEW (view));
  webkit_network_session_set_tls_errors_policy (
      webkit_web_view_get_network_session (WEBKIT_WEB_VIEW (view)), policy);
}

/* The sessions accept the run's own CA by ignoring TLS errors; a session that checks them (as
 * a browser does, for a CA it was never told of) rejects the page's certificate. The boot
 * must end on that at once, as the page's failure, not wait for its deadline. */
static void
test_certificate_rejected (void)
{
  g_autofree char *dir = make_small ("certificate");
  RcEngine *engine = engine_for (dir, NULL, SHORT_DEADLINE);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) r = NULL;
  Wait wait = { g_main_loop_new (NULL, FALSE) };

  /* a view and a session first; the warm boot then reuses both */
  assert_takes_next_boot (engine);
  set_tls_policy (engine, WEBKIT_TLS_ERRORS_POLICY_FAIL);
  rc_engine_boot_async (engine, RC_BOOT_MODE_WARM, NULL, on_booted, &wait);
  if (!wait.done)
    g_main_loop_run (wait.loop);
  g_main_loop_unref (wait.loop);
  /* the session goes back to the pool: as the others are */
  set_tls_policy (engine, WEBKIT_TLS_ERRORS_POLICY_IGNORE);
  g_assert_no_error (wait.error);
  r = wait.record;
  g_test_message ("%s (%s): %s\n%s", r->outcome.kind, r->outcome.party, r->outcome.message,
                  r->outcome.diagnosis);
  g_assert_cmpint (r->outcome.state, ==, RC_OUTCOME_FAILED);
  g_assert_cmpstr (r->outcome.kind, ==, "page");
  g_assert_nonnull (strstr (r->outcome.message, "TLS certificate"));
  /* the certificate is the console's own: neither the community's nor the policy's */
  g_assert_cmpstr (r->outcome.party, ==, "engine");
  g_assert_nonnull (r->outcome.diagnosis);
  g_assert_cmpfloat (r->boot_ms, <, SHORT_DEADLINE * 1000 * 0.9);
  assert_takes_next_boot (engine);
  assert_nothing_left (engine);
}

/* ---- one page per run ------------------------------------------------------------------- */

/* The engine's host page with @from replaced by @to (it must be there), or @to appended when
 * @from is NULL. */
static GBytes *
host_variant (const char *from, const char *to)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) own =
      g_resources_lookup_data ("/earth/osc/RuntimeConsole/js/host.js", 0, &error);
  g_autofree char *text = NULL;
  g_auto (GStrv) parts = NULL;
  char *changed;

  g_assert_no_error (error);
  text = g_strndup (g_bytes_get_data (own, NULL), g_bytes_get_size (own));
  if (from == NULL)
    changed = g_strconcat (text, to, NULL);
  else
    {
      parts = g_strsplit (text, from, -1);
      g_assert_cmpuint (g_strv_length (parts), ==, 2);
      changed = g_strjoinv (to, parts);
    }
  return g_bytes_new_take (changed, strlen (changed));
}

/* Each run here fails and retries (two cold boots a second apart): the next boot starts once
 * every session given back but the engine's is cleared, so the pool holds no more than two, as after any other
 * test here. */
static void
wait_pool_idle (void)
{
  gboolean expired = FALSE;
  guint id = g_timeout_add_seconds (30, timeout_cb, &expired);

  /* (one is the engine's: a failed boot keeps its view) */
  while (rc_session_pool_get_size () - rc_session_pool_get_idle () > 1 && !expired)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (expired);
  g_source_remove (id);
}

/* A cold boot of @host instead of the engine's own host page: the boot serves its own first,
 * and the page loads after this returns to the main loop. */
static RcRunRecord *
boot_with_host (RcEngine *engine, GBytes *host)
{
  Wait wait = { g_main_loop_new (NULL, FALSE) };

  wait_pool_idle ();
  rc_engine_boot_async (engine, RC_BOOT_MODE_COLD, NULL, on_booted, &wait);
  rc_server_add_page_file (server, "/host.js", host, "text/javascript; charset=utf-8");
  if (!wait.done)
    g_main_loop_run (wait.loop);
  g_main_loop_unref (wait.loop);
  g_assert_no_error (wait.error);
  g_assert_nonnull (wait.record);
  g_test_message ("%s (%s): %s\n%s", wait.record->outcome.kind, wait.record->outcome.party,
                  wait.record->outcome.message, wait.record->outcome.diagnosis);
  return wait.record;
}

/* Failed as the engine's, retried once (the documented retry) and the same again, with what
 * was seen (@seen, or @also when not NULL) and when in the message. */
static void
assert_one_page_failure (const RcRunRecord *r, const char *seen, const char *also)
{
  gboolean retried = FALSE;

  g_assert_cmpint (r->outcome.state, ==, RC_OUTCOME_FAILED);
  g_assert_cmpstr (r->outcome.kind, ==, "engine");
  g_assert_cmpstr (r->outcome.party, ==, "engine");
  g_assert_true (g_str_has_prefix (r->outcome.message, "one page per run: "));
  if (strstr (r->outcome.message, seen) == NULL
      && (also == NULL || strstr (r->outcome.message, also) == NULL))
    g_error ("%s failed for another reason than %s: %s", r->run_id, seen, r->outcome.message);
  g_assert_nonnull (strstr (r->outcome.message, " s"));
  g_assert_nonnull (r->outcome.diagnosis);
  g_assert_cmpuint (r->attempts, ==, 2);
  /* (attempt 1 may have seen a request of the page the last boot left, still in flight when
   * its web process ended: a repeat all the same) */
  for (guint i = 0; i < r->notes->len; i++)
    {
      g_test_message ("note: %s", (const char *) r->notes->pdata[i]);
      retried |= strstr (r->notes->pdata[i], "attempt 1 failed in the engine after") != NULL
                 && strstr (r->notes->pdata[i], "(one page per run: ") != NULL;
    }
  g_assert_true (retried);
  g_assert_cmpfloat (r->boot_ms, <, SHORT_DEADLINE * 1000 * 0.5);
}

static guint
count_gets (GPtrArray *requests, const char *run_id, const char *suffix)
{
  guint n = 0;

  for (guint i = 0; i < requests->len; i++)
    {
      const RcRequestRecord *request = requests->pdata[i];

      n += (run_id == NULL || g_strcmp0 (request->run_id, run_id) == 0)
           && g_strcmp0 (request->method, "GET") == 0 && request->url != NULL
           && g_str_has_suffix (request->url, suffix);
    }
  return n;
}

/* A page that loads itself again, one that runs the host page twice, one that starts a second
 * worker and one that fetches a URL twice each fail the run as the engine's, whatever the engine (the boot is the engine's
 * own; test-engines.c drives Chromium and Firefox), never as a ready run of double cost. */
static void
test_one_page_per_run (void)
{
  g_autofree char *dir = make_small ("one-page");
  RcEngine *engine = engine_for (dir, NULL, SHORT_DEADLINE);
  /* the page files are no-store: a second navigation fetches them all again */
  g_autoptr (GBytes) reload = host_variant (NULL, "\nif (!sessionStorage.getItem('rc-again')) {\n"
                                                  "  sessionStorage.setItem('rc-again', '1');\n"
                                                  "  setTimeout(() => location.reload(), 300);\n"
                                                  "}\n");
  /* the host page a second time in the same document (as from a cache): it says so first */
  g_autoptr (GBytes) again = host_variant (
      NULL, "\nif (!document.currentScript.src.endsWith('?again'))\n"
            "  document.head.appendChild(Object.assign(document.createElement('script'), "
            "{ src: '/host.js?again' }));\n");
  g_autoptr (GBytes) two_workers = host_variant (
      "    post({ kind: 'started', worker: plan.worker, module: plan.worker !== 'osa' && "
      "plan.module === true });\n",
      "    post({ kind: 'started', worker: plan.worker });\n    startWorker(source);\n"
      "    post({ kind: 'started', worker: plan.worker });\n");
  g_autoptr (GBytes) twice = host_variant (NULL, "\nfetch('/host.css', { cache: 'no-store' });\n");
  g_autoptr (RcRunRecord) r = NULL;
  g_autofree char *attempt_1 = NULL;

  r = boot_with_host (engine, reload);
  /* the page says it is left, or the proxy sees index.html again first */
  assert_one_page_failure (r, "the host page was left at ", "/index.html 2 times (at ");
  g_clear_pointer (&r, rc_run_record_free);

  r = boot_with_host (engine, again);
  /* its second copy fetches the plan again as it says host_alive: either comes first */
  assert_one_page_failure (r, "the host page loaded 2 times in this run (host_alive at ",
                           "/boot-plan.json 2 times (at ");
  g_clear_pointer (&r, rc_run_record_free);

  r = boot_with_host (engine, two_workers);
  /* The page's word comes first as a rule (rc-engine-once.c waits for what it already sent);
   * a page thread held up on a loaded machine can still let the proxy see the two workers'
   * first fetches first (CI, once: python_stdlib.zip twice at 0.37 s and 0.40 s). */
  assert_one_page_failure (r, "the host page started 2 workers in this run (at ",
                           "was fetched more than once in this run");
  g_clear_pointer (&r, rc_run_record_free);

  r = boot_with_host (engine, twice);
  assert_one_page_failure (r, "/host.css 2 times (at ", NULL);
  g_assert_nonnull (strstr (r->outcome.message, "fetched more than once"));
  g_assert_nonnull (strstr (r->outcome.diagnosis, "/host.css 2 times (at "));
  /* the run's requests are its last attempt's: the first one's are its own, not the run's */
  g_assert_cmpuint (count_gets (r->requests, NULL, "/host.css"), ==, 2);
  attempt_1 = g_strdup_printf ("%s#attempt-1", r->run_id);
  /* (the log may also hold, under the run's id, a request of a page the last boot left) */
  g_assert_cmpuint (count_gets (rc_server_get_requests (server), attempt_1, "/host.css"), >=, 2);

  /* the engine's own page boots once, to ready, in the same engine */
  g_clear_pointer (&r, rc_run_record_free);
  wait_pool_idle ();
  r = boot_to_end (engine, NULL, NULL, NULL, NULL);
  g_assert_nonnull (r);
  if (r->outcome.state != RC_OUTCOME_READY)
    g_error ("the engine's own page did not boot (%s): %s", r->outcome.kind, r->outcome.message);
  g_assert_cmpuint (count_gets (r->requests, NULL, "/host.css"), ==, 1);
  for (guint i = 0; i < r->requests->len; i++)
    {
      const RcRequestRecord *request = r->requests->pdata[i];

      if (g_strcmp0 (request->method, "GET") == 0)
        g_assert_cmpuint (count_gets (r->requests, NULL, request->url), ==, 1);
    }
  assert_nothing_left (engine);
}

/* ---- a load the engine lost -------------------------------------------------------------- */

/* WebKit now and then fails a worker's loads itself after the proxy answered them (once it
 * relaunched its network process: "internallyFailedLoadTimerFired"). The page here does the
 * same on purpose: the worker's fetch of python_stdlib.zip reads the whole answer, then
 * rejects as WebKit's failed loads do. The worker's own code records the failed load; the
 * run fails as the engine's (the proxy answered 200), is retried, and fails so again, never
 * as the community's or the distribution's. */
static void
test_load_lost_in_engine (void)
{
  g_autofree char *dir = make_small ("lost-load");
  RcEngine *engine = engine_for (dir, NULL, SHORT_DEADLINE);
  g_autoptr (GBytes) losing = host_variant (
      "    return '(' + text + ')(' + JSON.stringify(config) + ');\\n';\n",
      "    return '{ const real = self.fetch; self.fetch = function (input, init) { '\n"
      "      + 'const answer = real.call(self, input, init); '\n"
      "      + 'if (!String(input && input.url ? input.url : "
      "input).endsWith(\"/python_stdlib.zip\")) '\n"
      "      + 'return answer; return answer.then((r) => r.arrayBuffer()).then(() => { '\n"
      "      + 'throw new TypeError(\"Load failed\"); }); }; }\\n'\n"
      "      + '(' + text + ')(' + JSON.stringify(config) + ');\\n';\n");
  g_autoptr (RcRunRecord) r = boot_with_host (engine, losing);

  g_assert_cmpint (r->outcome.state, ==, RC_OUTCOME_FAILED);
  g_assert_cmpstr (r->outcome.kind, ==, "engine");
  g_assert_cmpstr (r->outcome.party, ==, "engine");
  g_assert_cmpuint (r->attempts, ==, 2);
  if (strstr (r->outcome.message, "lost the load of https://cdn.jsdelivr.net/pyodide/v0.29.5/"
                                  "full/python_stdlib.zip: the proxy answered it (HTTP 200, ")
      == NULL)
    g_error ("not the load the engine lost: %s", r->outcome.message);
  g_assert_true (has_note (r, "attempt 1 failed in the engine"));
  g_assert_nonnull (strstr (r->outcome.diagnosis, "Whose failure: the engine"));
  g_assert_cmpfloat (r->boot_ms, <, SHORT_DEADLINE * 1000 * 0.5);
  assert_nothing_left (engine);
}

/* ---- a cold boot in a reused session --------------------------------------------------- */

/* The bytes of the GETs in @r whose URL ends in @suffix, answered 200 (on the wire). */
static guint64
fetched_bytes (const RcRunRecord *r, const char *suffix)
{
  guint64 bytes = 0;

  for (guint i = 0; i < r->requests->len; i++)
    {
      const RcRequestRecord *request = r->requests->pdata[i];

      if (g_strcmp0 (request->method, "GET") == 0 && request->url != NULL
          && g_str_has_suffix (request->url, suffix) && request->status == 200)
        bytes += request->bytes;
    }
  return bytes;
}

/* Every cold boot fetches all it needs over the network, the one given a reused (cleared)
 * session too. WebKit writes a response into its disk cache about a second after it arrived;
 * a session cleared the moment it was released got the last boot's wheel written back after
 * the clear, and the third cold boot of a measurement read it from the cache. */
static void
test_cold_in_reused_session (void)
{
  g_autofree char *dir =
      g_build_filename (g_getenv ("RC_SOURCE_DIR"), "data", "examples", "demo", NULL);
  RcEngine *engine = engine_for (dir, NULL, DEADLINE);
  guint size_before = 0;

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr (RcRunRecord) r = NULL;

      if (i == 2)
        {
          /* the first boot's session is back in the pool: this boot must take it */
          gboolean expired = FALSE;
          guint id = g_timeout_add_seconds (30, timeout_cb, &expired);

          while (rc_session_pool_get_idle () == 0 && !expired)
            g_main_context_iteration (NULL, TRUE);
          g_assert_false (expired);
          g_source_remove (id);
          size_before = rc_session_pool_get_size ();
        }
      r = boot_to_end (engine, NULL, NULL, NULL, NULL);
      g_assert_nonnull (r);
      if (r->outcome.state != RC_OUTCOME_READY)
        g_error ("cold boot %u did not get ready (%s): %s", i + 1, r->outcome.kind,
                 r->outcome.message);
      g_test_message ("cold boot %u: wheel %" G_GUINT64_FORMAT " bytes, wasm %" G_GUINT64_FORMAT,
                      i + 1, fetched_bytes (r, "/demo_helpers-0.1.1-py3-none-any.whl"),
                      fetched_bytes (r, "/pyodide.asm.wasm"));
      g_assert_cmpuint (fetched_bytes (r, "/demo_helpers-0.1.1-py3-none-any.whl"), >, 1000);
      g_assert_cmpuint (fetched_bytes (r, "/pyodide.asm.wasm"), >, 1000000);
    }
  g_assert_cmpuint (rc_session_pool_get_size (), ==, size_before);
  assert_nothing_left (engine);
}

/* ---- the proxy's port already in use ------------------------------------------------------ */

/* Nothing boots: the error names the port and says what to do; with a free port the same
 * engine boots. */
static void
test_port_in_use (void)
{
  g_autofree char *dir = make_small ("port");
  g_autoptr (GSocketListener) squatter = g_socket_listener_new ();
  g_autoptr (RcServer) own = rc_server_new ();
  g_autoptr (RcCommunity) community = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) r = NULL;
  g_autofree char *port_text = NULL;
  RcEngine *engine;
  guint16 port;

  port = g_socket_listener_add_any_inet_port (squatter, NULL, &error);
  g_assert_no_error (error);
  port_text = g_strdup_printf ("127.0.0.1:%u", port);
  community = rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_assert_no_error (error);
  rc_server_set_port (own, port);
  engine = rc_engine_new (community, own);
  rc_engine_set_deadline_seconds (engine, SHORT_DEADLINE);
  gtk_window_set_child (GTK_WINDOW (window), rc_engine_get_view (engine));
  r = boot_to_end (engine, NULL, NULL, NULL, &error);
  g_assert_null (r);
  g_assert_error (error, RC_SERVER_ERROR, RC_SERVER_ERROR_BIND);
  g_assert_nonnull (strstr (error->message, port_text));
  g_assert_nonnull (strstr (error->message, "choose another port"));
  g_assert_false (rc_server_is_running (own));
  g_assert_cmpuint (rc_engine_get_state (engine), ==, RC_ENGINE_STATE_IDLE);
  rc_server_set_port (own, 0);
  assert_takes_next_boot (engine);
  assert_nothing_left (engine);
  rc_server_stop (own);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dist = rc_paths_default_distribution ();
  g_autofree char *wasm = g_build_filename (dist, "pyodide.asm.wasm", NULL);
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  /* a missing distribution is a failure with the fix, never a skip (house rules) */
  if (!g_file_test (wasm, G_FILE_TEST_IS_REGULAR))
    g_error ("no Pyodide distribution at %s: run tools/setup.sh", dist);
  scratch = g_dir_make_tmp ("rc-test-boot-faults-XXXXXX", &error);
  g_assert_no_error (error);
  server = rc_server_new ();
  window = gtk_window_new ();
  gtk_window_present (GTK_WINDOW (window));
  g_test_add_func ("/boot-faults/busy-and-cancelled", test_busy_and_cancelled);
  g_test_add_func ("/boot-faults/distribution-missing-file", test_distribution_missing_file);
  g_test_add_func ("/boot-faults/interpreter-fault-once", test_interpreter_fault_once);
  g_test_add_func ("/boot-faults/interpreter-fault-twice", test_interpreter_fault_twice);
  g_test_add_func ("/boot-faults/community-deleted", test_community_deleted);
  g_test_add_func ("/boot-faults/certificate-rejected", test_certificate_rejected);
  g_test_add_func ("/boot-faults/port-in-use", test_port_in_use);
  g_test_add_func ("/boot-faults/one-page-per-run", test_one_page_per_run);
  g_test_add_func ("/boot-faults/load-lost-in-engine", test_load_lost_in_engine);
  g_test_add_func ("/boot-faults/cold-in-reused-session", test_cold_in_reused_session);
  status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  rc_server_stop (server);
  g_clear_object (&server);
  remove_tree (scratch);
  return status;
}
