/* test-engines.c: real boots in the other engines: Chromium (DevTools protocol) and Firefox
 * (WebDriver BiDi), headless, behind the same origin emulation as WebKit.
 *
 * Per engine: the demo boots to ready under nemarlike cold, then warm in the same browser,
 * where every immutable resource costs 0 bytes and the engine's own cache flags agree with the
 * proxy; a warm restart (a new browser on the cold run's profile) where the same holds; the
 * control policy fails with a diagnosis naming 'wasm-unsafe-eval'. An engine that
 * is not installed fails its tests with how to install it. No browser process or profile
 * folder is left behind. Run under `xvfb-run -a` (the engine object is a GTK one).
 * In every engine (WebKit too): a cold boot under --importtime records the interpreter step
 * split further, in order and inside step 1.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "boot/rc-browsers.h"
#include "boot/rc-engine.h"
#include "boot/rc-measure-runner.h"
#include "core/policy/rc-csp-presets.h"
#include "core/base/rc-paths.h"
#include "core/analysis/rc-run-analysis.h"
#include "rc-test-files.h"

#define DEADLINE         90.0
#define CONTROL_DEADLINE 20.0

typedef struct
{
  GMainLoop *loop;
  RcRunRecord *record;
  GError *error;
} Wait;

static void
on_booted (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *wait = data;

  wait->record = rc_engine_boot_finish (RC_ENGINE (source), result, &wait->error);
  g_main_loop_quit (wait->loop);
}

static RcEngine *
engine_new (RcEngineKind kind, RcServer *server, const char *preset, double deadline)
{
  g_autofree char *dir = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community =
      rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_autoptr (RcCspPreset) found = NULL;
  g_autoptr (RcEngine) engine = NULL;

  g_assert_no_error (error);
  engine = rc_engine_new (community, server);
  found = rc_csp_presets_lookup (preset, &error);
  g_assert_no_error (error);
  rc_engine_set_csp (engine, preset, found->policy);
  rc_engine_set_deadline_seconds (engine, deadline);
  /* Not installed: this fails the test with the error's "apt-get install …". */
  if (!rc_engine_set_engine_kind (engine, kind, &error))
    g_error ("%s", error->message);
  return g_steal_pointer (&engine);
}

static RcRunRecord *
boot_once (RcEngine *engine, RcBootMode mode)
{
  Wait wait = { .loop = g_main_loop_new (NULL, FALSE) };

  rc_engine_boot_async (engine, mode, NULL, on_booted, &wait);
  g_main_loop_run (wait.loop);
  g_main_loop_unref (wait.loop);
  g_assert_no_error (wait.error);
  g_assert_nonnull (wait.record);
  g_test_message ("%s %s: %s in %.2f s",
                  rc_engine_kind_to_string (rc_engine_get_engine_kind (engine)),
                  rc_boot_mode_to_string (mode),
                  wait.record->outcome.state == RC_OUTCOME_READY ? "ready" : "failed",
                  wait.record->boot_ms / 1000.0);
  return wait.record;
}

static void
assert_ready (const RcRunRecord *record)
{
  if (record->outcome.state != RC_OUTCOME_READY)
    g_error ("%s boot failed (%s): %s", record->run_id, record->outcome.kind,
             record->outcome.message);
  g_assert_cmpstr (record->outcome.version, ==, "0.29.5");
}

static guint
engine_views (const RcRunRecord *record)
{
  guint n = 0;

  for (guint i = 0; i < record->timings->len; i++)
    n += g_strcmp0 (((RcResourceTiming *) record->timings->pdata[i])->context, "engine") == 0;
  return n;
}

/* No process in @kind's process groups, no profile folder of the engine and none of the
 * browser's own temporary files (Chromium's org.chromium.Chromium.* singleton folder) is left. */
static void
assert_nothing_left (const char *program)
{
  g_autoptr (GDir) tmp = g_dir_open (g_get_tmp_dir (), 0, NULL);
  g_autofree char *prefix = g_strdup_printf ("rc-%s-", program);
  const char *name;

  while (tmp != NULL && (name = g_dir_read_name (tmp)) != NULL)
    {
      if (g_str_has_prefix (name, prefix))
        g_error ("a profile folder was left behind: %s/%s", g_get_tmp_dir (), name);
      if (g_str_has_prefix (name, "org.chromium.") || g_str_has_prefix (name, "mozilla"))
        g_error ("the browser left its temporary files behind: %s/%s", g_get_tmp_dir (), name);
    }
}

static const char *
program_of (RcEngineKind kind)
{
  return kind == RC_ENGINE_KIND_CHROMIUM ? "chromium" : "firefox-esr";
}

static void
test_demo_cold_warm (gconstpointer data)
{
  RcEngineKind kind = GPOINTER_TO_UINT (data);
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (RcEngine) engine = engine_new (kind, server, "nemarlike", DEADLINE);
  g_autoptr (RcRunRecord) cold = boot_once (engine, RC_BOOT_MODE_COLD);
  g_autoptr (RcRunRecord) warm = NULL;
  g_autoptr (RcRunAnalysis) analysis = NULL;
  guint immutable = 0;

  assert_ready (cold);
  g_assert_cmpstr (cold->env.engine, ==, rc_engine_kind_to_string (kind));
  g_assert_nonnull (cold->env.engine_version);
  g_assert_true (g_ascii_isdigit (cold->env.engine_version[0]));
  g_assert_null (cold->env.webkit_version);
  g_assert_cmpint (cold->web_process_rss_bytes, >, 0);
  /* The engine saw the worker's loads too (the interpreter and the overlay wheel). */
  g_assert_cmpuint (engine_views (cold), >=, 6);
  {
    g_autoptr (RcRunAnalysis) a = rc_run_analyse (cold);
    const RcResourceVerdict *wasm = rc_run_analysis_find (a, "pyodide.asm.wasm");

    g_assert_nonnull (wasm);
    g_assert_cmpint (wasm->verdict, ==, RC_VERDICT_NETWORK);
    g_assert_cmpuint (wasm->bytes, >, 1000000);
    g_assert_nonnull (strstr (wasm->reason, "own events agree"));
    /* the engine, Resource Timing and the proxy agree on every resource */
    for (guint i = 0; i < a->resources->len; i++)
      {
        const RcResourceVerdict *r = a->resources->pdata[i];

        if (r->verdict == RC_VERDICT_DISAGREE)
          g_error ("cold: %s: %s", r->url, r->reason);
      }
  }

  warm = boot_once (engine, RC_BOOT_MODE_WARM);
  assert_ready (warm);
  analysis = rc_run_analyse (warm);
  for (guint i = 0; i < warm->expected->len; i++)
    {
      const RcExpectedResource *e = warm->expected->pdata[i];
      const RcResourceVerdict *r = rc_run_analysis_find (analysis, e->file_name);

      if (!e->immutable)
        continue;
      immutable++;
      if (r == NULL)
        g_error ("warm: %s was not seen by any source", e->file_name);
      if (r->verdict != RC_VERDICT_CACHE || r->bytes != 0)
        g_error ("warm: %s is %s with %" G_GUINT64_FORMAT " bytes: %s", e->file_name,
                 rc_verdict_to_string (r->verdict), r->bytes, r->reason);
      if (strstr (r->reason, "own events agree") == NULL)
        g_error ("warm: %s: the engine's own cache flag was not cross-checked: %s", e->file_name,
                 r->reason);
    }
  g_assert_cmpuint (immutable, >=, 6);
  g_assert_cmpuint (analysis->counts[RC_VERDICT_DISAGREE], ==, 0);
  rc_engine_stop (engine);
  g_clear_object (&engine);
  rc_server_stop (server);
  assert_nothing_left (program_of (kind));
}

static void
test_control (gconstpointer data)
{
  RcEngineKind kind = GPOINTER_TO_UINT (data);
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (RcEngine) engine = engine_new (kind, server, "control", CONTROL_DEADLINE);
  g_autoptr (RcRunRecord) record = boot_once (engine, RC_BOOT_MODE_COLD);
  const RcOutcome *o = &record->outcome;

  if (o->state != RC_OUTCOME_FAILED)
    g_error ("the control policy booted in %s", rc_engine_kind_to_string (kind));
  g_test_message ("control: %s (%s): %s", o->kind, o->party, o->message);
  /* the refused compile ended it, not the deadline */
  g_assert_cmpstr (o->kind, ==, "wasm-refused");
  g_assert_cmpstr (o->party, ==, "policy");
  g_assert_nonnull (o->diagnosis);
  if (strstr (o->diagnosis, "'wasm-unsafe-eval'") == NULL)
    g_error ("the control diagnosis does not name 'wasm-unsafe-eval': %s", o->diagnosis);
  rc_engine_stop (engine);
  g_clear_object (&engine);
  rc_server_stop (server);
  assert_nothing_left (program_of (kind));
}

/* This test's own browser profile is gone (other runs on the machine may have theirs). */
static void
assert_profile_removed (const char *profile)
{
  g_assert_nonnull (profile);
  if (g_file_test (profile, G_FILE_TEST_EXISTS))
    g_error ("the profile folder was left behind: %s", profile);
}

/* ---- warm restart ------------------------------------------------------------------------ */

/* The browser this test started (a child of ours, with a remote-debugging flag), and the
 * profile folder on its command line; 0 when none runs. */
static GPid
browser_process (char **profile)
{
  g_autoptr (GDir) proc = g_dir_open ("/proc", 0, NULL);
  const char *name;

  while (proc != NULL && (name = g_dir_read_name (proc)) != NULL)
    {
      GPid pid = (GPid) g_ascii_strtoll (name, NULL, 10);
      g_autofree char *stat_path = g_strdup_printf ("/proc/%s/stat", name);
      g_autofree char *cmd_path = g_strdup_printf ("/proc/%s/cmdline", name);
      g_autofree char *stat = NULL, *cmdline = NULL;
      const char *after_comm;
      gsize length = 0;
      char state = 0;
      int ppid = 0;

      if (pid <= 0 || !g_file_get_contents (stat_path, &stat, NULL, NULL)
          || (after_comm = strrchr (stat, ')')) == NULL
          || sscanf (after_comm + 1, " %c %d", &state, &ppid) != 2 || ppid != getpid ()
          || !g_file_get_contents (cmd_path, &cmdline, &length, NULL))
        continue;
      for (const char *arg = cmdline; arg < cmdline + length; arg += strlen (arg) + 1)
        {
          const char *next = arg + strlen (arg) + 1;

          if (g_str_has_prefix (arg, "--user-data-dir="))
            *profile = g_strdup (arg + strlen ("--user-data-dir="));
          else if (g_str_equal (arg, "--profile") && next < cmdline + length)
            *profile = g_strdup (next);
        }
      if (*profile != NULL)
        return pid;
    }
  return 0;
}

/* Every immutable resource of @record came from the engine's cache, 0 bytes over the proxy,
 * and the engine's own cache flag says so too. */
static void
assert_immutable_cached (const RcRunRecord *record)
{
  g_autoptr (RcRunAnalysis) analysis = rc_run_analyse (record);
  guint immutable = 0;

  for (guint i = 0; i < record->expected->len; i++)
    {
      const RcExpectedResource *e = record->expected->pdata[i];
      const RcResourceVerdict *r = rc_run_analysis_find (analysis, e->file_name);

      if (!e->immutable)
        continue;
      immutable++;
      if (r == NULL)
        g_error ("%s: %s was not seen by any source", record->run_id, e->file_name);
      if (r->verdict != RC_VERDICT_CACHE || r->bytes != 0)
        g_error ("%s: %s is %s with %" G_GUINT64_FORMAT " bytes: %s", record->run_id, e->file_name,
                 rc_verdict_to_string (r->verdict), r->bytes, r->reason);
      if (strstr (r->reason, "own events agree") == NULL)
        g_error ("%s: %s: the engine's own cache flag was not cross-checked: %s", record->run_id,
                 e->file_name, r->reason);
    }
  g_assert_cmpuint (immutable, >=, 6);
  g_assert_cmpuint (analysis->counts[RC_VERDICT_DISAGREE], ==, 0);
}

/* WebPageTest's repeat view: a new browser process on the cold run's profile, whose disk
 * cache serves every immutable resource. In Chromium the browser that quits has traced a warm
 * boot first (--importtime): a traced browser killed before it had written its disk cache's
 * index once spoiled the restart. */
static void
test_demo_warm_restart (gconstpointer data)
{
  RcEngineKind kind = GPOINTER_TO_UINT (data);
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (RcEngine) engine = engine_new (kind, server, "nemarlike", DEADLINE);
  g_autoptr (RcRunRecord) cold = NULL;
  g_autoptr (RcRunRecord) restarted = NULL;
  g_autofree char *cold_profile = NULL, *restart_profile = NULL, *left = NULL;
  GPid cold_pid, restart_pid;

  rc_engine_set_importtime (engine, kind == RC_ENGINE_KIND_CHROMIUM);
  cold = boot_once (engine, RC_BOOT_MODE_COLD);
  assert_ready (cold);
  cold_pid = browser_process (&cold_profile);
  g_assert_cmpint (cold_pid, >, 0);
  if (kind == RC_ENGINE_KIND_CHROMIUM)
    {
      g_autoptr (RcRunRecord) traced = boot_once (engine, RC_BOOT_MODE_WARM);
      g_autofree char *same = NULL;

      assert_ready (traced);
      g_assert_true (traced->interpreter.importtime);
      g_assert_cmpint (browser_process (&same), ==, cold_pid);
    }
  restarted = boot_once (engine, RC_BOOT_MODE_WARM_RESTART);
  assert_ready (restarted);
  g_assert_cmpint (restarted->scenario, ==, RC_SCENARIO_WARM_RESTART);
  restart_pid = browser_process (&restart_profile);
  /* a new process (the old one quit), on the same profile */
  g_assert_cmpint (restart_pid, >, 0);
  g_assert_cmpint (restart_pid, !=, cold_pid);
  g_assert_false (kill (cold_pid, 0) == 0);
  g_assert_cmpstr (restart_profile, ==, cold_profile);
  assert_immutable_cached (restarted);
  rc_engine_stop (engine);
  g_clear_object (&engine);
  rc_server_stop (server);
  g_assert_cmpint (browser_process (&left), ==, 0);
  assert_profile_removed (cold_profile);
}

/* ---- serve's page in a browser ------------------------------------------------------------ */

typedef struct
{
  GMainLoop *loop;
  JsonObject *diagnosis;
} PageWait;

static void
on_page_message (RcBrowser *browser, const char *json, PageWait *wait)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *message;

  if (!json_parser_load_from_data (parser, json, -1, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    g_error ("serve's page posted no JSON object: %s", json);
  message = json_node_get_object (json_parser_get_root (parser));
  if (g_strcmp0 (json_object_get_string_member_with_default (message, "kind", ""), "diagnosis")
      != 0)
    return;
  wait->diagnosis = json_object_ref (message);
  g_main_loop_quit (wait->loop);
}

static gboolean
on_page_timeout (gpointer data)
{
  g_main_loop_quit (((PageWait *) data)->loop);
  return G_SOURCE_REMOVE;
}

/* Someone reproducing a CSP failure opens serve's page in Chromium: under the control policy
 * the boot stalls, the page asks serve (POST /rc-diagnosis) and shows the console's own
 * diagnosis, which names the policy and 'wasm-unsafe-eval'. The page is served as `serve`
 * serves it (rc_engine_serve_page); ?diagnose=1 makes it ask although the test listens. */
static void
test_serve_page_diagnosis (void)
{
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (RcEngine) engine = engine_new (RC_ENGINE_KIND_WEBKIT, server, "control", DEADLINE);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcBrowser) browser = NULL;
  g_autofree char *url = NULL;
  PageWait wait = { g_main_loop_new (NULL, FALSE), NULL };
  const RcRequestRecord *asked = NULL;
  g_autofree char *profile = NULL;
  const char *text;
  guint timeout;

  if (!rc_engine_serve_page (engine, &error))
    g_error ("%s", error->message);
  browser = rc_browser_new (RC_ENGINE_KIND_CHROMIUM, server, &error);
  if (browser == NULL)
    g_error ("%s", error->message);
  g_signal_connect (browser, "message", G_CALLBACK (on_page_message), &wait);
  url = rc_server_get_page_url (server, "/?diagnose=1&deadline=60");
  if (!rc_browser_load (browser, RC_BOOT_MODE_COLD, url, &error))
    g_error ("%s", error->message);
  timeout = g_timeout_add_seconds (150, on_page_timeout, &wait);
  g_main_loop_run (wait.loop);
  if (wait.diagnosis == NULL)
    g_error ("serve's page showed no diagnosis within 150 s");
  g_source_remove (timeout);
  g_assert_cmpint (browser_process (&profile), >, 0);
  text = json_object_get_string_member_with_default (wait.diagnosis, "text", "");
  g_test_message ("serve's page: %s", text);
  g_assert_false (json_object_has_member (wait.diagnosis, "error"));
  g_assert_cmpstr (json_object_get_string_member (wait.diagnosis, "party"), ==, "policy");
  g_assert_false (json_object_get_boolean_member (wait.diagnosis, "ready"));
  if (strstr (text, "'wasm-unsafe-eval'") == NULL)
    g_error ("the page's diagnosis does not name 'wasm-unsafe-eval': %s", text);
  /* the page loaded and asked through the proxy: the diagnosis saw that load's requests */
  g_assert_null (strstr (text, "The proxy saw no request at all"));
  g_assert_null (strstr (text, "/index.html; it never came"));
  for (guint i = 0; i < rc_server_get_requests (server)->len; i++)
    {
      const RcRequestRecord *r = rc_server_get_requests (server)->pdata[i];

      if (r->url != NULL && g_str_has_suffix (r->url, "/rc-diagnosis"))
        asked = r;
    }
  g_assert_nonnull (asked);
  g_assert_cmpuint (asked->status, ==, 200);
  g_assert_cmpstr (asked->note, ==, "diagnosis: policy");
  g_signal_handlers_disconnect_by_data (browser, &wait);
  rc_browser_close (browser);
  g_clear_object (&browser);
  json_object_unref (wait.diagnosis);
  g_main_loop_unref (wait.loop);
  rc_engine_stop (engine);
  g_clear_object (&engine);
  rc_server_stop (server);
  assert_profile_removed (profile);
}

/* ---- the interpreter step split further (--importtime), in each engine ------------------- */

static const RcSubPhase *
sub_phase (const RcRunRecord *record, const char *name)
{
  const RcSubPhase *p = rc_run_record_find_sub_phase (record, name);

  if (p == NULL)
    g_error ("%s: no %s sub-phase", record->env.engine, name);
  g_assert_cmpfloat (p->end_ms, >=, p->start_ms);
  return p;
}

/* Ordering and presence, never speeds: the compile of pyodide.asm.wasm (only one), then
 * python-init to runtime_loaded, split at Python's first import into start-up and imports, all
 * inside step 1; the imports' slowest is one Pyodide's own bootstrap makes. */
static void
assert_interpreter_split (const RcRunRecord *record)
{
  const RcRunStep *first = record->steps->pdata[0];
  const RcSubPhase *compile = sub_phase (record, "wasm-compile");
  const RcSubPhase *init = sub_phase (record, "python-init");
  const RcSubPhase *startup = sub_phase (record, "python-startup");
  const RcSubPhase *imports = sub_phase (record, "python-imports");
  const RcInterpreterFacts *f = &record->interpreter;
  guint compiles = 0;

  for (guint i = 0; i < record->sub_phases->len; i++)
    compiles += g_str_equal (((RcSubPhase *) record->sub_phases->pdata[i])->name, "wasm-compile");
  g_assert_cmpuint (compiles, ==, 1);
  /* Pyodide's sentinel module takes well under a millisecond; the interpreter does not */
  g_assert_cmpfloat (compile->end_ms - compile->start_ms, >, 1);
  g_assert_cmpfloat (compile->start_ms, >=, first->start_ms);
  g_assert_cmpfloat (init->start_ms, >=, compile->end_ms);
  g_assert_cmpfloat (init->end_ms, <=, first->end_ms);
  g_assert_cmpfloat (startup->start_ms, ==, init->start_ms);
  g_assert_cmpfloat (startup->end_ms, ==, imports->start_ms);
  g_assert_cmpfloat (imports->end_ms, ==, init->end_ms);
  g_assert_true (f->importtime);
  g_assert_cmpfloat (f->first_import_ms, ==, startup->end_ms);
  /* _pyodide_core and what it pulls in: Pyodide captures its stderr, the worker tees it */
  g_assert_cmpuint (f->import_count, >, 100);
  g_assert_cmpuint (f->slowest->len, ==, RC_SLOWEST_IMPORTS);
  g_assert_cmpstr (((RcImportTime *) f->slowest->pdata[0])->module, ==, "_pyodide_core");
  /* the top-level imports ran inside python-imports */
  g_assert_cmpfloat (f->imports_us / 1000.0, <=, imports->end_ms - imports->start_ms + 1);
  g_assert_nonnull (f->wasm_cache);
  g_assert_nonnull (f->wasm_cache_source);
  g_assert_true (g_str_has_prefix (f->wasm_cache_source, record->env.engine));
}

static void
test_interpreter_split (gconstpointer data)
{
  RcEngineKind kind = GPOINTER_TO_UINT (data);
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (RcEngine) engine = engine_new (kind, server, "nemarlike", DEADLINE);
  g_autoptr (RcRunRecord) cold = NULL;

  rc_engine_set_importtime (engine, TRUE);
  cold = boot_once (engine, RC_BOOT_MODE_COLD);
  assert_ready (cold);
  assert_interpreter_split (cold);
  rc_engine_stop (engine);
  g_clear_object (&engine);
  rc_server_stop (server);
}

static void
add_interpreter_tests (void)
{
  static const RcEngineKind all[] = { RC_ENGINE_KIND_WEBKIT, RC_ENGINE_KIND_CHROMIUM,
                                      RC_ENGINE_KIND_FIREFOX };

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      g_autofree char *path =
          g_strdup_printf ("/engines/%s/interpreter-split", rc_engine_kind_to_string (all[i]));

      g_test_add_data_func (path, GUINT_TO_POINTER (all[i]), test_interpreter_split);
    }
}

/* Without the program in PATH, choosing the engine fails saying how to install it. */
static void
test_missing_browser (void)
{
  static const struct
  {
    RcEngineKind kind;
    const char *install;
  } cases[] = {
    { RC_ENGINE_KIND_CHROMIUM, "apt-get install chromium" },
    { RC_ENGINE_KIND_FIREFOX, "apt-get install firefox-esr libnss3-tools" },
  };
  g_autofree char *path = g_strdup (g_getenv ("PATH"));
  g_autofree char *empty = g_dir_make_tmp ("rc-test-path-XXXXXX", NULL);
  g_autoptr (RcServer) server = rc_server_new ();
  g_autofree char *dir = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  g_autoptr (RcCommunity) community = rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, NULL);
  g_autoptr (RcEngine) engine = rc_engine_new (community, server);

  g_setenv ("PATH", empty, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_false (rc_engine_set_engine_kind (engine, cases[i].kind, &error));
      g_assert_error (error, RC_ENGINE_ERROR, RC_ENGINE_ERROR_NO_BROWSER);
      g_assert_nonnull (strstr (error->message, cases[i].install));
      /* the engine stays WebKit */
      g_assert_cmpint (rc_engine_get_engine_kind (engine), ==, RC_ENGINE_KIND_WEBKIT);
    }
  g_setenv ("PATH", path, TRUE);
  g_rmdir (empty);
}

/* ---- one page per run -------------------------------------------------------------------- */

static void
on_measured (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *wait = data;
  RcMeasurement **out = (RcMeasurement **) &wait->record;

  *out = rc_measure_runner_run_finish (RC_MEASURE_RUNNER (source), result, &wait->error);
  g_main_loop_quit (wait->loop);
}

/* No GET of @run_id (NULL: any) in @requests repeats a URL. */
static void
assert_each_url_once (GPtrArray *requests, const char *run_id, const char *where)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < requests->len; i++)
    {
      const RcRequestRecord *request = requests->pdata[i];

      if ((run_id != NULL && g_strcmp0 (request->run_id, run_id) != 0)
          || g_strcmp0 (request->method, "GET") != 0 || request->url == NULL)
        continue;
      if (!g_hash_table_add (seen, request->url))
        g_error ("%s: %s fetched %s more than once", where, run_id, request->url);
    }
}

static guint64
wire_bytes (const RcRunRecord *run)
{
  guint64 bytes = 0;

  for (guint i = 0; i < run->requests->len; i++)
    bytes += ((RcRequestRecord *) run->requests->pdata[i])->bytes;
  return bytes;
}

/* The engine's host page that reloads itself once, 300 ms in. */
static GBytes *
host_that_reloads (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) own =
      g_resources_lookup_data ("/earth/osc/RuntimeConsole/js/host.js", 0, &error);
  char *text;

  g_assert_no_error (error);
  text =
      g_strdup_printf ("%.*s\nif (!sessionStorage.getItem('rc-again')) {\n"
                       "  sessionStorage.setItem('rc-again', '1');\n"
                       "  setTimeout(() => location.reload(), 300);\n}\n",
                       (int) g_bytes_get_size (own), (const char *) g_bytes_get_data (own, NULL));
  return g_bytes_new_take (text, strlen (text));
}

/* Issue 19: cold, cold as `measure` runs them (the next boot starts from the last one's
 * ready message): every cold run loads the page once, in one attempt, at the cost of the
 * first; in the proxy's log too. A page that reloads itself fails as the engine's. */
static void
test_cold_cold_one_page (gconstpointer data)
{
  RcEngineKind kind = GPOINTER_TO_UINT (data);
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (RcEngine) engine = engine_new (kind, server, "nemarlike", DEADLINE);
  g_autoptr (RcMeasureRunner) runner = rc_measure_runner_new (engine);
  g_autoptr (GArray) scenarios = g_array_new (FALSE, FALSE, sizeof (RcScenario));
  g_autoptr (RcMeasurement) measurement = NULL;
  g_autoptr (GBytes) reload = host_that_reloads ();
  g_autoptr (RcRunRecord) r = NULL;
  RcScenario cold = RC_SCENARIO_COLD;
  Wait wait = { .loop = g_main_loop_new (NULL, FALSE) };
  GPtrArray *log;

  g_array_append_val (scenarios, cold);
  rc_measure_runner_set_scenarios (runner, scenarios);
  rc_measure_runner_set_runs (runner, 2);
  rc_measure_runner_set_control (runner, FALSE);
  rc_measure_runner_run_async (runner, NULL, on_measured, &wait);
  g_main_loop_run (wait.loop);
  g_assert_no_error (wait.error);
  measurement = (RcMeasurement *) g_steal_pointer (&wait.record);
  g_assert_nonnull (measurement);
  g_assert_cmpuint (measurement->runs->len, ==, 2);
  log = rc_server_get_requests (server);
  for (guint i = 0; i < measurement->runs->len; i++)
    {
      const RcRunRecord *run = measurement->runs->pdata[i];

      g_test_message ("%s: %u attempt(s), %u requests, %" G_GUINT64_FORMAT " bytes", run->run_id,
                      run->attempts, run->requests->len, wire_bytes (run));
      assert_ready (run);
      g_assert_cmpuint (run->attempts, ==, 1);
      assert_each_url_once (run->requests, NULL, "the record");
      assert_each_url_once (log, run->run_id, "the proxy's log");
    }
  g_assert_cmpuint (wire_bytes (measurement->runs->pdata[1]), ==,
                    wire_bytes (measurement->runs->pdata[0]));
  for (guint i = 0; i < log->len; i++)
    g_assert_null (strstr (((RcRequestRecord *) log->pdata[i])->run_id, "#attempt-"));

  rc_engine_boot_async (engine, RC_BOOT_MODE_COLD, NULL, on_booted, &wait);
  rc_server_add_page_file (server, "/host.js", reload, "text/javascript; charset=utf-8");
  g_main_loop_run (wait.loop);
  g_assert_no_error (wait.error);
  r = g_steal_pointer (&wait.record);
  g_test_message ("reloading page: %s (%s): %s", r->outcome.kind, r->outcome.party,
                  r->outcome.message);
  g_assert_cmpint (r->outcome.state, ==, RC_OUTCOME_FAILED);
  g_assert_cmpstr (r->outcome.kind, ==, "engine");
  g_assert_cmpstr (r->outcome.party, ==, "engine");
  /* the page says it is left, or the proxy sees index.html again first */
  g_assert_true (g_str_has_prefix (r->outcome.message, "one page per run: "));
  if (strstr (r->outcome.message, "the host page was left at ") == NULL
      && strstr (r->outcome.message, "/index.html 2 times (at ") == NULL)
    g_error ("the reload was not named: %s", r->outcome.message);
  g_main_loop_unref (wait.loop);
  rc_engine_stop (engine);
  g_clear_object (&runner);
  g_clear_object (&engine);
  rc_server_stop (server);
  assert_nothing_left (program_of (kind));
}

static void
fail_without_distribution (void)
{
  g_autofree char *dist = rc_paths_default_distribution ();

  g_error ("no Pyodide distribution at %s: run tools/setup.sh", dist);
}

static void
add_warm_restart (RcEngineKind kind)
{
  g_autofree char *path =
      g_strdup_printf ("/engines/%s/demo-warm-restart", rc_engine_kind_to_string (kind));

  g_test_add_data_func (path, GUINT_TO_POINTER (kind), test_demo_warm_restart);
}

int
main (int argc, char **argv)
{
  static const RcEngineKind kinds[] = { RC_ENGINE_KIND_CHROMIUM, RC_ENGINE_KIND_FIREFOX };
  /* Profile folders are looked for in a temporary folder of this run's own: another run
   * booting a browser at the same time has its own in /tmp, and is not this one's leftover.
   * Set before anything asks GLib for the temporary folder (it keeps the first answer). */
  const char *outer = g_getenv ("TMPDIR");
  g_autofree char *tmp = g_build_filename (outer != NULL && *outer != '\0' ? outer : "/tmp",
                                           "rc-engines-test-XXXXXX", NULL);
  int status;

  if (g_mkdtemp (tmp) == NULL)
    g_error ("cannot make a temporary folder %s: %s", tmp, g_strerror (errno));
  g_setenv ("TMPDIR", tmp, TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  {
    g_autofree char *dist = rc_paths_default_distribution ();
    g_autofree char *wasm = g_build_filename (dist, "pyodide.asm.wasm", NULL);

    if (!g_file_test (wasm, G_FILE_TEST_IS_REGULAR))
      {
        g_test_add_func ("/engines/needs-distribution", fail_without_distribution);
        return g_test_run ();
      }
  }
  g_test_add_func ("/engines/missing-browser", test_missing_browser);
  g_test_add_func ("/engines/chromium/serve-page-diagnosis", test_serve_page_diagnosis);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      const char *name = rc_engine_kind_to_string (kinds[i]);
      g_autofree char *demo = g_strdup_printf ("/engines/%s/demo-cold-warm", name);
      g_autofree char *control = g_strdup_printf ("/engines/%s/control", name);
      g_autofree char *one_page = g_strdup_printf ("/engines/%s/cold-cold-one-page", name);

      g_test_add_data_func (demo, GUINT_TO_POINTER (kinds[i]), test_demo_cold_warm);
      g_test_add_data_func (control, GUINT_TO_POINTER (kinds[i]), test_control);
      g_test_add_data_func (one_page, GUINT_TO_POINTER (kinds[i]), test_cold_cold_one_page);
      add_warm_restart (kinds[i]);
    }
  add_interpreter_tests ();
  status = g_test_run ();
  rc_test_remove_tree (tmp);
  return status;
}
