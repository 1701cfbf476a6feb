/* test-boot.c: real boots: WebKitGTK, the npm Pyodide 0.29.5, the loopback origin emulation.
 *
 * Each test boots once (short deadlines) and checks as much as it can against that runtime.
 * Fixture communities are generated in a temporary folder; the overlay wheel comes from
 * data/examples/demo. Run under `xvfb-run -a`.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <signal.h>
#include <webkit/webkit.h>

#include "boot/rc-engine.h"
#include "boot/rc-prelude-oracle.h"
#include "boot/rc-web-process.h"
#include "core/policy/rc-csp-presets.h"
#include "core/base/rc-paths.h"
#include "core/analysis/rc-run-analysis.h"
#include "core/record/rc-importtime.h"
#include "rc-test-engine.h"

/* Generous for boots that must succeed on a loaded 2-core machine; it costs nothing when
 * they do. The control test keeps its own short deadline. */
#define DEADLINE 90.0

static char *scratch;

typedef struct
{
  GMainLoop *loop;
  RcRunRecord *record;
  JsonObject *result;
  GError *error;
  GPtrArray *progress; /* "phase[ package|module] step/steps" */
  GPtrArray *probes;   /* rc.probe values seen */
} Wait;

typedef struct
{
  RcCommunity *community;
  RcServer *server;
  RcEngine *engine;
  GtkWidget *window;
  Wait wait;
} Booted;

/* ---- fixtures ------------------------------------------------------------------------------ */

static char *
make_community_at (const char *parent, const char *name, const char *runtime_yaml,
                   gboolean with_demo_overlay)
{
  g_autofree char *dir = g_build_filename (parent, name, NULL);
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);
  g_autofree char *text = g_strdup_printf (
      "id: %s\nname: %s\ndescription: A generated test community.\n"
      "cors_origins:\n  - https://nemar.org\n"
      "extensions:\n  client_tools:\n    - name: execute_code\n      runtime: python\n"
      "      requires_permission: true\n      description: Run code.\n"
      "runtime:\n  python:\n    pyodide_version: \"0.29.5\"\n%s",
      name, name, runtime_yaml);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (config, text, -1, NULL));
  if (with_demo_overlay)
    {
      const char *files[] = { "demo-pyodide-lock.json",
                              "wheels/demo_helpers-0.1.1-py3-none-any.whl" };
      g_autofree char *wheels = g_build_filename (dir, "runtime", "wheels", NULL);

      g_assert_cmpint (g_mkdir_with_parents (wheels, 0700), ==, 0);
      for (guint i = 0; i < G_N_ELEMENTS (files); i++)
        {
          g_autofree char *from = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo",
                                                    "runtime", files[i], NULL);
          g_autofree char *to = g_build_filename (dir, "runtime", files[i], NULL);
          g_autofree char *contents = NULL;
          gsize length;

          g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
          g_assert_true (g_file_set_contents (to, contents, length, NULL));
        }
    }
  return g_steal_pointer (&dir);
}

static char *
make_community (const char *name, const char *runtime_yaml, gboolean with_demo_overlay)
{
  return make_community_at (scratch, name, runtime_yaml, with_demo_overlay);
}

#define OVERLAY_RUNTIME(ibs, prelude)                                                              \
  "    lockfile: runtime/demo-pyodide-lock.json\n    preload: [demo-helpers]\n"                    \
  "    import_before_seal: [" ibs "]\n    prelude: \"" prelude "\"\n"                              \
  "    fetch_allow: [\"https://data.example.org/ok/\", \"https://nowhere.example.org/\"]\n    "    \
  "limits:\n      exec_seconds: 20\n"

/* ---- booting ------------------------------------------------------------------------------- */

static void
on_progress (RcEngine *engine, const RcBootProgress *progress, Wait *wait)
{
  const char *subject = rc_boot_progress_subject (progress);

  if (progress->probe != NULL)
    g_ptr_array_add (wait->probes, g_strdup (progress->probe));
  if (progress->phase == RC_BOOT_PHASE_READY)
    return;
  g_ptr_array_add (wait->progress,
                   g_strdup_printf ("%s%s%s %u/%u", progress->phase_name,
                                    subject != NULL ? " " : "", subject != NULL ? subject : "",
                                    progress->step, progress->steps));
}

static void
on_booted (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *wait = data;

  wait->record = rc_engine_boot_finish (RC_ENGINE (source), result, &wait->error);
  g_main_loop_quit (wait->loop);
}

static void
booted_free (Booted *b)
{
  rc_engine_stop (b->engine);
  gtk_window_destroy (GTK_WINDOW (b->window));
  g_clear_object (&b->engine);
  rc_server_stop (b->server);
  g_clear_object (&b->server);
  g_clear_object (&b->community);
  g_clear_pointer (&b->wait.record, rc_run_record_free);
  g_clear_pointer (&b->wait.progress, g_ptr_array_unref);
  g_clear_pointer (&b->wait.probes, g_ptr_array_unref);
  g_main_loop_unref (b->wait.loop);
  g_free (b);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Booted, booted_free)

static Booted *
boot (const char *dir, const char *preset, const char *policy, double deadline, RcWorkerKind kind,
      const char *data_dir)
{
  Booted *b = g_new0 (Booted, 1);
  g_autoptr (GError) error = NULL;

  b->community = rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_assert_no_error (error);
  b->server = rc_server_new ();
  if (data_dir != NULL)
    rc_server_add_data_mapping (b->server, "https://data.example.org/", data_dir);
  b->engine = rc_engine_new (b->community, b->server);
  if (preset != NULL)
    {
      g_autoptr (RcCspPreset) found = rc_csp_presets_lookup (preset, &error);

      g_assert_no_error (error);
      rc_engine_set_csp (b->engine, preset, found->policy);
    }
  else
    rc_engine_set_csp (b->engine, "custom", policy);
  rc_engine_set_deadline_seconds (b->engine, deadline);
  rc_engine_set_worker_kind (b->engine, kind);
  b->window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (b->window), rc_engine_get_view (b->engine));
  gtk_window_present (GTK_WINDOW (b->window));

  b->wait.loop = g_main_loop_new (NULL, FALSE);
  b->wait.progress = g_ptr_array_new_with_free_func (g_free);
  b->wait.probes = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (b->engine, "progress", G_CALLBACK (on_progress), &b->wait);
  rc_engine_boot_async (b->engine, RC_BOOT_MODE_COLD, NULL, on_booted, &b->wait);
  g_main_loop_run (b->wait.loop);
  g_assert_no_error (b->wait.error);
  g_assert_nonnull (b->wait.record);
  return b;
}

static void
on_executed (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *wait = data;

  wait->result = rc_engine_execute_finish (RC_ENGINE (source), result, &wait->error);
  g_main_loop_quit (wait->loop);
}

static JsonObject *
run (Booted *b, const char *code)
{
  rc_engine_execute_async (b->engine, code, NULL, on_executed, &b->wait);
  g_main_loop_run (b->wait.loop);
  g_assert_no_error (b->wait.error);
  g_assert_nonnull (b->wait.result);
  return g_steal_pointer (&b->wait.result);
}

static void
assert_run (Booted *b, const char *code, const char *status, const char *stdout_has,
            const char *stderr_has)
{
  g_autoptr (JsonObject) r = run (b, code);
  const char *got = json_object_get_string_member (r, "status");

  if (g_strcmp0 (got, status) != 0)
    g_error ("%s: status %s, stderr %s", code, got, json_object_get_string_member (r, "stderr"));
  if (stdout_has != NULL)
    g_assert_nonnull (strstr (json_object_get_string_member (r, "stdout"), stdout_has));
  if (stderr_has != NULL
      && strstr (json_object_get_string_member (r, "stderr"), stderr_has) == NULL)
    g_error ("%s: stderr %s lacks %s", code, json_object_get_string_member (r, "stderr"),
             stderr_has);
}

/* The record's note when the engine failed and the boot was retried (rc-engine-health.c). */
static const char *
retry_note (const RcRunRecord *record)
{
  for (guint i = 0; record != NULL && record->attempts == 2 && i < record->notes->len; i++)
    if (g_str_has_prefix (record->notes->pdata[i],
                          "attempt 2 of 2: attempt 1 failed in the engine"))
      return record->notes->pdata[i];
  return NULL;
}

/* The progress is @expected; or, when the engine failed and the record says it retried
 * (the only retry the issue allows), the first attempt's progress, which must be a start of
 * @expected, followed by the whole of @expected. */
static void
assert_sequence (Booted *b, const char *const *expected)
{
  GPtrArray *progress = b->wait.progress;
  guint n = g_strv_length ((char **) expected);
  const char *note = retry_note (b->wait.record);
  guint skip = 0;
  g_autofree char *got = NULL;
  g_autofree char *want = g_strjoinv (", ", (char **) expected);

  if (note != NULL && progress->len > n)
    {
      g_test_message ("retried: %s", note);
      skip = progress->len - n;
      for (guint i = 0; i < skip; i++)
        if (i >= n || g_strcmp0 (progress->pdata[i], expected[i]) != 0)
          skip = 0; /* the first attempt's progress is no start of the sequence: compare all */
    }
  g_ptr_array_add (progress, NULL);
  got = g_strjoinv (", ", (char **) progress->pdata + skip);
  g_ptr_array_remove_index (progress, progress->len - 1);
  if (g_strcmp0 (got, want) != 0 && b->wait.record != NULL)
    for (guint i = 0; i < b->wait.record->notes->len; i++)
      g_test_message ("note: %s", (char *) b->wait.record->notes->pdata[i]);
  g_assert_cmpstr (got, ==, want);
}

static void
assert_outcome (Booted *b, const char *kind, const char *message_has)
{
  const RcOutcome *o = &b->wait.record->outcome;

  if (kind == NULL)
    {
      if (o->state != RC_OUTCOME_READY)
        g_error ("boot failed (%s): %s", o->kind, o->message);
      g_assert_cmpstr (o->version, ==, "0.29.5");
      return;
    }
  if (o->state != RC_OUTCOME_FAILED || g_strcmp0 (o->kind, kind) != 0)
    g_error ("expected a %s failure, got %s %s: %s", kind,
             o->state == RC_OUTCOME_READY ? "ready" : "failed", o->kind, o->message);
  if (message_has != NULL && strstr (o->message, message_has) == NULL)
    g_error ("failure message “%s” lacks “%s”", o->message, message_has);
}

/* ---- the tests ----------------------------------------------------------------------------- */

static void
test_stdlib_nemarlike (void)
{
  g_autofree char *dir = make_community ("stdlib",
                                         "    prelude: \"x = 41\\n\"\n"
                                         "    limits:\n      exec_seconds: 3\n",
                                         FALSE);
  g_autoptr (Booted) b = boot (dir, "nemarlike", NULL, DEADLINE, RC_WORKER_KIND_BUILTIN, NULL);
  const char *const sequence[] = { "loading_runtime 1/2", "runtime_loaded 1/2", "prelude 2/2",
                                   NULL };
  const RcRunRecord *r = b->wait.record;
  const RcRunStep *first;

  assert_outcome (b, NULL, NULL);
  assert_sequence (b, sequence);
  /* The record: closed steps with worker times and the wasm heap, the environment. */
  g_assert_cmpuint (r->steps->len, ==, 2);
  first = g_ptr_array_index (r->steps, 0);
  g_assert_cmpfloat (first->end_ms, >, first->start_ms);
  g_assert_cmpint (first->heap_bytes, >, 1 << 20);
  g_assert_cmpint (((RcRunStep *) g_ptr_array_index (r->steps, 1))->end_ms, >=, 0);
  g_assert_cmpstr (r->env.policy_name, ==, "nemarlike");
  g_assert_nonnull (r->env.policy_sha256);
  g_assert_cmpstr (r->env.page_origin, ==, rc_server_get_page_origin (b->server));
  g_assert_true (g_str_has_prefix (r->env.page_origin, "https://"));
  g_assert_cmpstr (r->env.worker_kind, ==, "builtin");
  g_assert_true (g_str_has_prefix (r->env.webkit_version, "2."));
  g_assert_cmpuint (r->timings->len, >, 0);
  /* The interpreter step split up: downloads (Resource Timing), compile and Python start-up. */
  {
    gboolean wasm = FALSE, compile = FALSE, init = FALSE;

    for (guint i = 0; i < r->sub_phases->len; i++)
      {
        const RcSubPhase *p = g_ptr_array_index (r->sub_phases, i);

        wasm |= g_str_equal (p->name, "wasm") && g_str_equal (p->source, "resource-timing");
        compile |= g_str_equal (p->name, "wasm-compile") && p->end_ms > p->start_ms;
        init |= g_str_equal (p->name, "python-init") && p->end_ms > p->start_ms;
      }
    g_assert_true (wasm && compile && init);
  }
  g_assert_cmpuint (r->requests->len, >, 0);
  g_assert_cmpint (r->web_process_rss_bytes, >, 0);
  g_assert_cmpuint (r->violations->len, ==, 0);

  /* The prelude ran in the user namespace; the seal holds, each root with its reason. */
  assert_run (b, "x + 1", "ok", "42", NULL);
  assert_run (b, "import js", "denied", NULL, "denied_import: js");
  assert_run (b, "import micropip", "denied", NULL, "denied_import: micropip");
  assert_run (b, "import ctypes", "denied", NULL, "denied_import: ctypes");
  assert_run (b, "import scipy.signal", "denied", NULL, "denied_import: scipy");
  assert_run (b, "import importlib\nimportlib.import_module('ctypes')", "error", NULL,
              "ImportError: 'ctypes' is not available to executed code. Foreign function calls "
              "are not available in this runtime.");
  assert_run (b, "import importlib\nimportlib.import_module('js')", "error", NULL,
              "all three enforce this community's fetch_allow.");
  assert_run (b, "__import__('pyodide')", "error", NULL,
              "ImportError: 'pyodide' is not available to executed code.\n");
  assert_run (b, "1/0", "error", NULL, "ZeroDivisionError: division by zero\n  line 1: 1/0");

  /* The host deadline (limits.exec_seconds) answers for the worker and recycles it. */
  assert_run (b, "while True:\n    pass", "timeout", NULL,
              "[runtime] the code ran longer than 3s and was stopped.");
  g_assert_cmpuint (rc_engine_get_state (b->engine), ==, RC_ENGINE_STATE_IDLE);

  /* A warm boot reloads the page in the same view and session: a fresh runtime. */
  g_clear_pointer (&b->wait.record, rc_run_record_free);
  g_ptr_array_set_size (b->wait.progress, 0);
  rc_engine_boot_async (b->engine, RC_BOOT_MODE_WARM, NULL, on_booted, &b->wait);
  g_main_loop_run (b->wait.loop);
  g_assert_no_error (b->wait.error);
  assert_outcome (b, NULL, NULL);
  assert_sequence (b, sequence);
  g_assert_cmpint (b->wait.record->scenario, ==, RC_SCENARIO_WARM);
  g_assert_cmpstr (b->wait.record->run_id, ==, "warm-1");
  assert_run (b, "x + 1", "ok", "42", NULL);

  /* Warm restart: the same session (its disk cache), a new view and web process. */
  g_clear_pointer (&b->wait.record, rc_run_record_free);
  g_ptr_array_set_size (b->wait.progress, 0);
  rc_engine_boot_async (b->engine, RC_BOOT_MODE_WARM_RESTART, NULL, on_booted, &b->wait);
  g_main_loop_run (b->wait.loop);
  g_assert_no_error (b->wait.error);
  assert_outcome (b, NULL, NULL);
  g_assert_cmpstr (b->wait.record->run_id, ==, "warm-restart-1");
  g_assert_cmpint (b->wait.record->web_process_rss_bytes, >, 0);

  /* Stopping a run is a "cancelled" result, and the worker is recycled. */
  {
    g_autoptr (GCancellable) cancellable = g_cancellable_new ();
    g_autoptr (JsonObject) r = NULL;

    g_timeout_add_once (500, (GSourceOnceFunc) g_cancellable_cancel, cancellable);
    rc_engine_execute_async (b->engine, "while True:\n    pass", cancellable, on_executed,
                             &b->wait);
    g_main_loop_run (b->wait.loop);
    g_assert_no_error (b->wait.error);
    r = g_steal_pointer (&b->wait.result);
    g_assert_cmpstr (json_object_get_string_member (r, "status"), ==, "cancelled");
    g_assert_cmpstr (json_object_get_string_member (r, "stderr"), ==,
                     "[runtime] the reader stopped this run before it finished.");
    g_assert_cmpuint (rc_engine_get_state (b->engine), ==, RC_ENGINE_STATE_IDLE);
  }
}

static void
cancel_on_first_progress (RcEngine *engine, const RcBootProgress *progress,
                          GCancellable *cancellable)
{
  g_cancellable_cancel (cancellable);
}

static void
test_cancelled (void)
{
  g_autofree char *dir = make_community ("cancelled", "", FALSE);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community =
      rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (RcEngine) engine = rc_engine_new (community, server);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  GtkWidget *window = gtk_window_new ();
  Wait wait = { g_main_loop_new (NULL, FALSE) };

  gtk_window_set_child (GTK_WINDOW (window), rc_engine_get_view (engine));
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (engine, "progress", G_CALLBACK (cancel_on_first_progress), cancellable);
  rc_engine_boot_async (engine, RC_BOOT_MODE_COLD, cancellable, on_booted, &wait);
  g_main_loop_run (wait.loop);
  g_assert_error (wait.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (wait.record);
  g_assert_cmpuint (rc_engine_get_state (engine), ==, RC_ENGINE_STATE_IDLE);
  g_assert_cmpstr (rc_engine_get_last_record (engine)->outcome.kind, ==, "cancelled");
  g_clear_error (&wait.error);
  g_main_loop_unref (wait.loop);
  gtk_window_destroy (GTK_WINDOW (window));
  rc_server_stop (server);
}

typedef enum
{
  KILL_WEB_ONCE,     /* the web process, in the first attempt only */
  KILL_WEB_ALWAYS,   /* the web process, in every attempt */
  KILL_NETWORK_ONCE, /* WebKit's network process (as its crash does), first attempt only */
} Kill;

typedef struct
{
  Kill kill;
  guint kills;
} Killer;

/* Kills on an attempt's first progress message (loading_runtime, before the downloads). */
static void
kill_on_first_progress (RcEngine *engine, const RcBootProgress *progress, Killer *killer)
{
  GtkWidget *view = rc_test_engine_web_view (engine);

  if (progress->phase != RC_BOOT_PHASE_LOADING_RUNTIME
      || (killer->kill != KILL_WEB_ALWAYS && killer->kills > 0))
    return;
  killer->kills++;
  if (killer->kill == KILL_NETWORK_ONCE)
    {
      GPid pid = rc_web_process_find_network ();

      g_assert_cmpint (pid, >, 0);
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
    }
  else
    webkit_web_view_terminate_web_process (WEBKIT_WEB_VIEW (view));
}

static RcRunRecord *
boot_and_kill (const char *name, Kill kill, guint *kills)
{
  g_autofree char *dir = make_community (name, "", FALSE);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community =
      rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (RcEngine) engine = rc_engine_new (community, server);
  GtkWidget *window = gtk_window_new ();
  Wait wait = { g_main_loop_new (NULL, FALSE) };
  Killer killer = { kill, 0 };

  gtk_window_set_child (GTK_WINDOW (window), rc_engine_get_view (engine));
  gtk_window_present (GTK_WINDOW (window));
  rc_engine_set_deadline_seconds (engine, DEADLINE);
  g_signal_connect (engine, "progress", G_CALLBACK (kill_on_first_progress), &killer);
  rc_engine_boot_async (engine, RC_BOOT_MODE_COLD, NULL, on_booted, &wait);
  g_main_loop_run (wait.loop);
  g_assert_no_error (wait.error);
  g_assert_cmpuint (rc_engine_get_state (engine), ==,
                    wait.record->outcome.state == RC_OUTCOME_READY ? RC_ENGINE_STATE_READY
                                                                   : RC_ENGINE_STATE_FAILED);
  g_main_loop_unref (wait.loop);
  gtk_window_destroy (GTK_WINDOW (window));
  rc_engine_stop (engine);
  rc_server_stop (server);
  *kills = killer.kills;
  return wait.record;
}

/* Killed once: the engine's failure is retried, and the second attempt is ready — or, after
 * a network-process kill (@engine_may_fail), fails as the engine's too: WebKit 2.50 now and
 * then fails a worker's loads by itself after relaunching that process (about 1 in 10 on a
 * loaded machine), and that must be named the engine's, never the community's. */
static void
assert_retried (const char *name, Kill kill, const char *what, gboolean engine_may_fail)
{
  guint kills = 0;
  g_autoptr (RcRunRecord) r = boot_and_kill (name, kill, &kills);
  gboolean noted = FALSE;

  g_assert_cmpuint (kills, ==, 1);
  if (r->outcome.state != RC_OUTCOME_READY
      && !(engine_may_fail && g_strcmp0 (r->outcome.kind, "engine") == 0))
    g_error ("the retried boot failed (%s): %s", r->outcome.kind, r->outcome.message);
  g_assert_cmpuint (r->attempts, ==, 2);
  g_assert_cmpstr (r->run_id, ==, "cold-1");
  for (guint i = 0; i < r->notes->len; i++)
    {
      const char *note = g_ptr_array_index (r->notes, i);

      /* A kill before the watch saw the process shows as a load WebKit failed or lost. */
      noted |= strstr (note, "attempt 1 failed in the engine") != NULL
               && (strstr (note, what) != NULL
                   || (engine_may_fail
                       && (strstr (note, "never reached the proxy") != NULL
                           || strstr (note, "lost the load of") != NULL)));
    }
  if (!noted)
    g_error ("the record does not say it was retried after “%s”", what);
}

/* A crashed engine is the engine's failure, named so, and retried once. */
static void
test_web_process_killed_once (void)
{
  assert_retried ("web-killed-once", KILL_WEB_ONCE, "web process", FALSE);
}

static void
test_web_process_killed_always (void)
{
  guint kills = 0;
  g_autoptr (RcRunRecord) r = boot_and_kill ("web-killed-always", KILL_WEB_ALWAYS, &kills);

  g_assert_cmpuint (kills, ==, 2);
  g_assert_cmpint (r->outcome.state, ==, RC_OUTCOME_FAILED);
  g_assert_cmpstr (r->outcome.kind, ==, "engine");
  g_assert_cmpstr (r->outcome.party, ==, "engine");
  g_assert_cmpuint (r->attempts, ==, 2);
  g_assert_nonnull (strstr (r->outcome.message, "web process"));
  g_assert_nonnull (strstr (r->outcome.diagnosis, "Whose failure: the engine"));
}

static void
test_network_process_killed (void)
{
  assert_retried ("network-killed", KILL_NETWORK_ONCE, "network process", TRUE);
}

static void
test_overlay_and_egress (void)
{
  g_autofree char *dir = make_community (
      "overlay", OVERLAY_RUNTIME ("demo_helpers", "import demo_helpers\\nimport osa\\n"), TRUE);
  g_autofree char *data = g_build_filename (scratch, "data", NULL);
  g_autofree char *ok = g_build_filename (data, "ok", NULL);
  g_autofree char *hello = g_build_filename (ok, "hello.txt", NULL);
  g_autofree char *secret = g_build_filename (data, "secret.txt", NULL);
  const char *const sequence[] = {
    "loading_runtime 1/4",        "runtime_loaded 1/4", "loading_package demo-helpers 2/4",
    "importing demo_helpers 3/4", "prelude 4/4",        NULL
  };
  g_autoptr (Booted) b = NULL;

  g_assert_cmpint (g_mkdir_with_parents (ok, 0700), ==, 0);
  g_assert_true (g_file_set_contents (hello, "hello from the data host", -1, NULL));
  g_assert_true (g_file_set_contents (secret, "not for executed code", -1, NULL));
  b = boot (dir, "none", NULL, DEADLINE, RC_WORKER_KIND_BUILTIN, data);
  assert_outcome (b, NULL, NULL);
  assert_sequence (b, sequence);

  assert_run (b, "import demo_helpers\nprint(demo_helpers.__name__)", "ok", "demo_helpers", NULL);
  assert_run (b,
              "import osa\nprint((await "
              "osa.fetch_bytes('https://data.example.org/ok/hello.txt')).decode())",
              "ok", "hello from the data host", NULL);
  /* A sibling path on the same origin is outside fetch_allow: the shim refuses it. */
  assert_run (b, "import osa\nawait osa.fetch_bytes('https://data.example.org/secret.txt')",
              "error", NULL, "Blocked by the runtime egress policy (not_in_fetch_allow)");
  /* WebKit rejects a failed fetch with a TypeError that has no stack; the rejection guard
   * turns it into an exception instead of an await that never ends (exec_seconds 20). */
  assert_run (b, "import osa\nawait osa.fetch_bytes('https://nowhere.example.org/x')", "error",
              NULL, "The browser said: TypeError");
  /* The boot CDN is unreachable after the seal. */
  assert_run (
      b, "import osa\nawait osa.fetch('https://cdn.jsdelivr.net/pyodide/v0.29.5/full/pyodide.js')",
      "error", NULL, "not_in_fetch_allow");
  assert_run (b,
              "import osa\nawait osa.fetch('https://data.example.org/ok/hello.txt', "
              "headers={'Accept': 'x'})",
              "error", NULL,
              "ValueError: osa.fetch sends a Range header and no other, not 'Accept'");
}

static void
test_example_demo (void)
{
  g_autofree char *dir = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  g_autofree char *data_dir = g_dir_make_tmp ("rc-demo-data-XXXXXX", NULL);
  g_autofree char *hello = g_build_filename (data_dir, "hello.txt", NULL);
  g_autoptr (Booted) b = NULL;
  const char *const sequence[] = {
    "loading_runtime 1/4",        "runtime_loaded 1/4", "loading_package demo-helpers 2/4",
    "importing demo_helpers 3/4", "prelude 4/4",        NULL
  };
  gboolean wheel_seen = FALSE;

  /* The demo's production data host, emulated offline from a temporary folder. */
  g_assert_true (g_file_set_contents (hello, "hello from the data host\n", -1, NULL));
  b = boot (dir, "none", NULL, DEADLINE, RC_WORKER_KIND_BUILTIN, data_dir);
  assert_outcome (b, NULL, NULL);
  assert_sequence (b, sequence);
  for (guint i = 0; i < b->wait.record->requests->len; i++)
    {
      const RcRequestRecord *request = g_ptr_array_index (b->wait.record->requests, i);

      wheel_seen |=
          request->url != NULL
          && g_str_has_suffix (request->url, "/demo/runtime/demo_helpers-0.1.1-py3-none-any.whl")
          && request->status == 200;
    }
  g_assert_true (wheel_seen);
  /* The record says which JSC options the web process was started with: tests/meson.build
   * runs this test with JSC_useOMGJIT=0 (and nothing else of JSC's), so its figures never
   * pass for a reader's. */
  if (g_getenv ("JSC_useOMGJIT") != NULL)
    {
      g_autofree char *expected = g_strdup_printf ("JSC_useOMGJIT=%s", g_getenv ("JSC_useOMGJIT"));

      g_assert_cmpstr (b->wait.record->env.engine_options, ==, expected);
    }
  else
    g_assert_null (b->wait.record->env.engine_options);
  /* The production prelude configured the overlay package with osa.fetch. */
  assert_run (b, "import demo_helpers\nprint(demo_helpers.describe())", "ok",
              "data from https://data.example.org/, transport configured", NULL);
  assert_run (b, "import demo_helpers\ndemo_helpers.mean([1, 2, 3])", "ok", "2.0", NULL);
  /* fetch_text goes through osa.fetch: the egress guard and the data origin are both real. */
  assert_run (b, "import demo_helpers\nprint(await demo_helpers.fetch_text('hello.txt'))", "ok",
              "hello from the data host", NULL);
  g_unlink (hello);
  g_rmdir (data_dir);
}

static void
test_tampered_wheel (void)
{
  g_autofree char *dir = make_community ("tampered", OVERLAY_RUNTIME ("", ""), TRUE);
  g_autofree char *wheel =
      g_build_filename (dir, "runtime", "wheels", "demo_helpers-0.1.1-py3-none-any.whl", NULL);
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr (Booted) b = NULL;

  /* One byte more: the wheel no longer matches the overlay's sha256. */
  g_assert_true (g_file_get_contents (wheel, &contents, &length, NULL));
  contents = g_realloc (contents, length + 1);
  contents[length] = '\n';
  g_assert_true (g_file_set_contents (wheel, contents, length + 1, NULL));
  b = boot (dir, "none", NULL, DEADLINE, RC_WORKER_KIND_BUILTIN, NULL);
  assert_outcome (b, "runtime", NULL);
  /* The proxy's refusal is the evidence, whatever words WebKit found for it. */
  g_assert_cmpstr (b->wait.record->outcome.party, ==, "community");
  if (strstr (b->wait.record->outcome.diagnosis,
              "/runtime/demo_helpers-0.1.1-py3-none-any.whl answered HTTP 503")
      == NULL)
    g_error ("the diagnosis does not name the refused wheel: %s",
             b->wait.record->outcome.diagnosis);
}

/* A policy that refuses the API origin: the diagnosis says so, and blames the policy. */
static void
test_strict_policy (void)
{
  g_autofree char *dir = make_community ("strict", OVERLAY_RUNTIME ("", ""), TRUE);
  g_autoptr (Booted) b = boot (dir, "strict", NULL, DEADLINE, RC_WORKER_KIND_BUILTIN, NULL);
  const RcOutcome *o = &b->wait.record->outcome;

  g_assert_cmpint (o->state, ==, RC_OUTCOME_FAILED);
  g_assert_cmpstr (o->party, ==, "policy");
  g_assert_nonnull (o->diagnosis);
  if (strstr (o->diagnosis, "connect-src") == NULL
      || strstr (o->diagnosis, rc_server_get_api_origin (b->server)) == NULL)
    g_error ("the diagnosis does not name connect-src and the API origin: %s", o->diagnosis);
}

static void
test_prelude_raises (void)
{
  g_autofree char *dir = make_community (
      "prelude-raises", "    prelude: \"raise RuntimeError('boom from the prelude')\\n\"\n", FALSE);
  g_autoptr (Booted) b = boot (dir, "none", NULL, DEADLINE, RC_WORKER_KIND_BUILTIN, NULL);

  assert_outcome (b, "prelude", "the community's prelude failed: ");
  g_assert_nonnull (strstr (b->wait.record->outcome.message, "boom from the prelude"));
}

static void
test_import_before_seal_fails (void)
{
  g_autofree char *dir = make_community ("ibs", OVERLAY_RUNTIME ("demo_helpers.missing", ""), TRUE);
  g_autoptr (Booted) b = boot (dir, "none", NULL, DEADLINE, RC_WORKER_KIND_BUILTIN, NULL);
  const char *const sequence[] = { "loading_runtime 1/3", "runtime_loaded 1/3",
                                   "loading_package demo-helpers 2/3",
                                   "importing demo_helpers.missing 3/3", NULL };

  assert_outcome (
      b, "import_before_seal",
      "the community's import_before_seal module demo_helpers.missing did not import: ");
  assert_sequence (b, sequence);
}

static void
test_control_diagnosis (void)
{
  g_autofree char *dir = make_community ("control", "", FALSE);
  g_autoptr (Booted) b = boot (dir, "control", NULL, 15, RC_WORKER_KIND_BUILTIN, NULL);
  const char *diagnosis = b->wait.record->outcome.diagnosis;

  /* The refused compile ends the boot at once, not at the deadline (kind "timeout"); the
   * message still quotes what a reader's page would say at that deadline. */
  assert_outcome (b, "wasm-refused", "did not finish starting within 15s");
  g_assert_nonnull (strstr (b->wait.record->outcome.message, "refused to compile WebAssembly"));
  g_assert_nonnull (diagnosis);
  if (strstr (diagnosis, "'wasm-unsafe-eval'") == NULL)
    g_error ("the control diagnosis does not name 'wasm-unsafe-eval': %s", diagnosis);
  g_assert_nonnull (strstr (diagnosis, "The last request the proxy saw"));
}

static void
test_missing_worker_src (void)
{
  g_autofree char *dir = make_community ("no-blob", "", FALSE);
  g_autoptr (Booted) b =
      boot (dir, NULL,
            "script-src 'self' 'wasm-unsafe-eval' https://cdn.jsdelivr.net; default-src 'self'; "
            "connect-src 'self' https://cdn.jsdelivr.net",
            DEADLINE, RC_WORKER_KIND_BUILTIN, NULL);
  const RcViolation *v;

  assert_outcome (b, "worker_error", "worker could not be constructed");
  g_assert_nonnull (strstr (b->wait.record->outcome.diagnosis, "blob:"));
  g_assert_cmpuint (b->wait.record->violations->len, >=, 1);
  v = g_ptr_array_index (b->wait.record->violations, 0);
  g_assert_cmpstr (v->directive, ==, "worker-src");
  g_assert_cmpstr (v->source, ==, "page");
  g_assert_nonnull (strstr (v->blocked_uri, "blob"));
}

static void
test_prelude_oracle (void)
{
  g_autofree char *dir = make_community (
      "oracle",
      "    prelude:\n      production: |\n        import osa\n        await osa.fetch('x')\n"
      "      develop: |\n        x = 1\n        if x\n          pass\n",
      FALSE);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community =
      rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_autoptr (GPtrArray) diagnostics = NULL;
  const RcDiagnostic *d;

  g_assert_no_error (error);
  diagnostics = rc_prelude_oracle_check (community, DEADLINE, NULL, &error);
  g_assert_no_error (error);
  /* Top-level await compiles; only develop's missing colon is reported, at "if x" + 5. */
  g_assert_cmpuint (diagnostics->len, ==, 1);
  d = g_ptr_array_index (diagnostics, 0);
  g_assert_cmpstr (d->rule, ==, "prelude-compile");
  g_assert_cmpstr (d->message, ==,
                   "prelude for develop does not compile: expected ':' (<prelude>, line 2)");
  g_assert_cmpstr (d->path, ==, "runtime.python.prelude.develop");
  /* config.yaml: line 19 is "      develop: |", 21 is "        if x" (indent 8, offset 5). */
  g_assert_cmpuint (d->line, ==, 21);
  g_assert_cmpuint (d->column, ==, 13);
}

/* The fixture checkout's own community imports a module nothing provides: the stand-in bundle
 * boots the real Pyodide and fails with the raw worker kind, which OSA's PyodideRuntime would
 * turn into runtime_error. */
static void
test_osa_worker_import_fails (void)
{
  g_autofree char *dir = g_build_filename (RC_SOURCE_DIR, "tests", "fixtures", "osa-checkout",
                                           "src", "assistants", "standin", NULL);
  g_autoptr (Booted) b = boot (dir, "nemarlike", NULL, DEADLINE, RC_WORKER_KIND_OSA, NULL);
  const RcRunRecord *r = b->wait.record;
  gboolean noted = FALSE;
  const char *const sequence[] = { "loading_runtime 1/2", "runtime_loaded 1/2",
                                   "importing standin 2/2", NULL };

  assert_outcome (b, "import_before_seal", "No module named 'standin'");
  assert_sequence (b, sequence);
  g_assert_cmpstr (r->env.worker_kind, ==, "osa");
  g_assert_cmpuint (b->wait.probes->len, >=, 3);
  g_assert_cmpstr (g_ptr_array_index (b->wait.probes, 0), ==, "heap-probe");
  for (guint i = 0; i < r->notes->len; i++)
    noted |= strstr (g_ptr_array_index (r->notes, i), "instrumented") != NULL;
  g_assert_true (noted);
}

/* An OSA checkout generated in the scratch folder: the stand-in bundle and a community with
 * the demo overlay, so a warm run has an overlay wheel to observe. */
static char *
make_osa_checkout (void)
{
  g_autofree char *frontend = g_build_filename (scratch, "osa", "frontend", NULL);
  g_autofree char *assistants = g_build_filename (scratch, "osa", "src", "assistants", NULL);
  g_autofree char *from = g_build_filename (RC_SOURCE_DIR, "tests", "fixtures", "osa-checkout",
                                            "frontend", "osa-runtime.bundle.js", NULL);
  g_autofree char *to = g_build_filename (frontend, "osa-runtime.bundle.js", NULL);
  g_autofree char *bundle = NULL;

  g_assert_cmpint (g_mkdir_with_parents (frontend, 0700), ==, 0);
  g_assert_true (g_file_get_contents (from, &bundle, NULL, NULL));
  g_assert_true (g_file_set_contents (to, bundle, -1, NULL));
  return make_community_at (assistants, "osademo",
                            OVERLAY_RUNTIME ("demo_helpers", "import demo_helpers\\n"), TRUE);
}

static const char *const osa_interpreter[] = {
  "pyodide.js",        "pyodide.asm.js",    "pyodide.asm.wasm",
  "python_stdlib.zip", "pyodide-lock.json", "demo_helpers-0.1.1-py3-none-any.whl"
};

/* Every interpreter file and the overlay wheel judged @want; no flag with @bad_rule. */
static void
assert_osa_verdicts (const RcRunRecord *record, RcVerdict want, const char *bad_rule)
{
  RcRunAnalysis *analysis = rc_run_analyse (record);

  for (guint i = 0; i < G_N_ELEMENTS (osa_interpreter); i++)
    {
      const RcResourceVerdict *r = rc_run_analysis_find (analysis, osa_interpreter[i]);

      if (r == NULL)
        g_error ("%s: %s is missing from the analysis", record->run_id, osa_interpreter[i]);
      g_test_message ("%s %s: %s (%s)", record->run_id, osa_interpreter[i],
                      rc_verdict_to_string (r->verdict), r->reason);
      if (r->verdict != want)
        g_error ("%s: %s is %s (%s), expected %s", record->run_id, osa_interpreter[i],
                 rc_verdict_to_string (r->verdict), r->reason, rc_verdict_to_string (want));
    }
  for (guint i = 0; i < analysis->flags->len; i++)
    {
      const RcDiagnostic *d = g_ptr_array_index (analysis->flags, i);

      g_test_message ("%s flag %s: %s", record->run_id, d->rule, d->message);
      if (g_strcmp0 (d->rule, bad_rule) == 0 || g_strcmp0 (d->rule, "expected-unobserved") == 0)
        g_error ("%s: flagged %s: %s", record->run_id, d->rule, d->message);
    }
  rc_run_analysis_free (analysis);
}

/* Python's imports were recorded, _pyodide_core (captured by Pyodide, tee'd by the probe) the
 * slowest, and python-init split at the first import. */
static void
assert_osa_importtime (const RcRunRecord *record)
{
  const RcInterpreterFacts *f = &record->interpreter;
  const RcSubPhase *startup = rc_run_record_find_sub_phase (record, "python-startup");
  const RcSubPhase *imports = rc_run_record_find_sub_phase (record, "python-imports");

  g_assert_true (f->importtime);
  g_assert_cmpuint (f->import_count, >, 100);
  g_assert_cmpuint (f->slowest->len, >, 0);
  g_assert_cmpstr (((RcImportTime *) f->slowest->pdata[0])->module, ==, "_pyodide_core");
  g_assert_nonnull (startup);
  g_assert_nonnull (imports);
  g_assert_cmpfloat (startup->end_ms, ==, imports->start_ms);
  g_assert_cmpfloat (f->first_import_ms, ==, startup->end_ms);
}

/* OSA's worker kind through the stand-in bundle, which does what OSA's does: importScripts the
 * real pyodide.js from the CDN origin and call the global loadPyodide. Cold, then warm: the
 * probe's load wrappers report the memory-cache hits Resource Timing leaves out. */
static void
test_osa_worker_standin (void)
{
  g_autofree char *dir = make_osa_checkout ();
  g_autoptr (Booted) b = boot (dir, "nemarlike", NULL, DEADLINE, RC_WORKER_KIND_OSA, NULL);
  const char *const sequence[] = {
    "loading_runtime 1/4",        "runtime_loaded 1/4", "loading_package demo-helpers 2/4",
    "importing demo_helpers 3/4", "prelude 4/4",        NULL
  };
  const RcRunStep *first;

  assert_outcome (b, NULL, NULL);
  assert_sequence (b, sequence);
  g_assert_cmpstr (b->wait.record->env.worker_kind, ==, "osa");
  /* The probe captured the instance loadPyodide returned: the heap is known. */
  first = g_ptr_array_index (b->wait.record->steps, 0);
  g_assert_cmpint (first->heap_bytes, >, 1 << 20);
  assert_osa_verdicts (b->wait.record, RC_VERDICT_NETWORK, "cold-cache-hit");
  g_assert_false (b->wait.record->interpreter.importtime);

  /* warm under --importtime: the probe adds -X importtime to the options OSA's own loadPyodide
   * call passes, and tees Pyodide's captured stderr, as the built-in worker does */
  g_clear_pointer (&b->wait.record, rc_run_record_free);
  g_ptr_array_set_size (b->wait.progress, 0);
  rc_engine_set_importtime (b->engine, TRUE);
  rc_engine_boot_async (b->engine, RC_BOOT_MODE_WARM, NULL, on_booted, &b->wait);
  g_main_loop_run (b->wait.loop);
  g_assert_no_error (b->wait.error);
  assert_outcome (b, NULL, NULL);
  assert_sequence (b, sequence);
  g_assert_cmpint (b->wait.record->scenario, ==, RC_SCENARIO_WARM);
  assert_osa_verdicts (b->wait.record, RC_VERDICT_CACHE, "warm-overlay-unobserved");
  assert_osa_importtime (b->wait.record);
}

static void
skip_without_distribution (void)
{
  /* A failure, not a skip: the README's test command sets the distribution up first. */
  g_test_fail_printf ("no Pyodide distribution (run tools/setup.sh)");
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  int status;

  /* No accessibility bus on CI machines; GTK and WebKit warn about the missing session
   * bus, which is the environment, not the code under test: only criticals are fatal. */
  g_setenv ("GTK_A11Y", "none", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  {
    g_autofree char *dist = rc_paths_default_distribution ();
    g_autofree char *wasm = g_build_filename (dist, "pyodide.asm.wasm", NULL);

    if (!g_file_test (wasm, G_FILE_TEST_IS_REGULAR))
      {
        g_test_message ("no Pyodide distribution at %s (run tools/setup.sh)", dist);
        g_test_add_func ("/boot/needs-distribution", skip_without_distribution);
        return g_test_run ();
      }
  }
  scratch = g_dir_make_tmp ("rc-test-boot-XXXXXX", &error);
  g_assert_no_error (error);
  g_test_add_func ("/boot/osa-worker-standin", test_osa_worker_standin);
  g_test_add_func ("/boot/osa-worker-import-fails", test_osa_worker_import_fails);
  g_test_add_func ("/boot/missing-worker-src", test_missing_worker_src);
  g_test_add_func ("/boot/web-process-killed-once", test_web_process_killed_once);
  g_test_add_func ("/boot/web-process-killed-always", test_web_process_killed_always);
  g_test_add_func ("/boot/network-process-killed", test_network_process_killed);
  g_test_add_func ("/boot/cancelled", test_cancelled);
  g_test_add_func ("/boot/stdlib-nemarlike", test_stdlib_nemarlike);
  g_test_add_func ("/boot/overlay-and-egress", test_overlay_and_egress);
  g_test_add_func ("/boot/example-demo", test_example_demo);
  g_test_add_func ("/boot/import-before-seal-fails", test_import_before_seal_fails);
  g_test_add_func ("/boot/prelude-raises", test_prelude_raises);
  g_test_add_func ("/boot/tampered-wheel", test_tampered_wheel);
  g_test_add_func ("/boot/strict-policy", test_strict_policy);
  g_test_add_func ("/boot/prelude-oracle", test_prelude_oracle);
  g_test_add_func ("/boot/control-diagnosis", test_control_diagnosis);
  status = g_test_run ();
  if (g_getenv ("RC_TEST_KEEP") == NULL)
    {
      g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", scratch);
      (void) !system (cmd);
    }
  return status;
}
