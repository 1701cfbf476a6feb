/* rc-engine.c: the boot engine: the boot task, the page it serves, the deadline (where the
 * page runs is its RcBrowser's: rc-engine-browser.c).
 * Page messages (worker protocol, violations) are handled in rc-engine-messages.c.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "core/analysis/rc-boot-diagnosis.h"
#include "core/plan/rc-boot-plan.h"
#include "boot/rc-browsers.h"
#include "boot/rc-engine-private.h"
#include "boot/rc-web-process.h"
#include "core/model/rc-closure.h"
#include "core/policy/rc-csp.h"
#include "core/base/rc-paths.h"

G_DEFINE_FINAL_TYPE (RcEngine, rc_engine, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CSP,
  PROP_CSP_NAME,
  PROP_DEPLOYMENT,
  PROP_DEADLINE_SECONDS,
  PROP_WORKER_KIND,
  PROP_STATE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
guint rc_engine_signals[RC_ENGINE_N_SIGNALS];

static const char *const page_files[][3] = {
  { "/index.html", "js/index.html", "text/html; charset=utf-8" },
  { "/host.js", "js/host.js", "text/javascript; charset=utf-8" },
  { "/host.css", "js/host.css", "text/css; charset=utf-8" },
  { "/worker.js", "js/worker.js", "text/javascript; charset=utf-8" },
  { "/heap-probe.js", "js/heap-probe.js", "text/javascript; charset=utf-8" },
};

void
rc_engine_set_state (RcEngine *self, RcEngineState state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_signal_emit (self, rc_engine_signals[RC_ENGINE_SIGNAL_STATE_CHANGED], 0, (guint) state);
}

char *
rc_engine_find_osa_bundle (RcCommunity *community)
{
  g_autofree char *dir = g_canonicalize_filename (rc_community_get_dir (community), NULL);

  for (guint depth = 0; depth < 8; depth++)
    {
      g_autofree char *bundle = g_build_filename (dir, "frontend", "osa-runtime.bundle.js", NULL);
      g_autofree char *parent = NULL;

      if (g_file_test (bundle, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&bundle);
      parent = g_path_get_dirname (dir);
      if (g_strcmp0 (parent, dir) == 0)
        break;
      g_free (dir);
      dir = g_steal_pointer (&parent);
    }
  return NULL;
}

/* ---- server ------------------------------------------------------------------------------ */

static gboolean
add_resource_file (RcEngine *self, const char *path, const char *resource, const char *type,
                   GError **error)
{
  g_autofree char *full = g_strconcat ("/earth/osc/RuntimeConsole/", resource, NULL);
  g_autoptr (GBytes) bytes = g_resources_lookup_data (full, 0, error);

  if (bytes == NULL)
    return FALSE;
  rc_server_add_page_file (self->server, path, bytes, type);
  return TRUE;
}

static gboolean
prepare_server (RcEngine *self, JsonObject *plan, GError **error)
{
  g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), plan);
  char *text = json_to_string (node, FALSE);
  gsize text_length = strlen (text);
  g_autoptr (GBytes) bytes = g_bytes_new_take (text, text_length);

  rc_server_set_community (self->server, self->community, self->deployment);
  /* The CDN serves the distribution the community was checked against (--distribution), at
   * the Pyodide version the plan boots (--pyodide). */
  rc_engine_point_cdn (self);
  rc_server_set_csp (self->server, self->csp);
  for (guint i = 0; i < G_N_ELEMENTS (page_files); i++)
    if (!add_resource_file (self, page_files[i][0], page_files[i][1], page_files[i][2], error))
      return FALSE;
  rc_server_add_page_file (self->server, "/boot-plan.json", bytes,
                           "application/json; charset=utf-8");
  if (self->worker_kind == RC_WORKER_KIND_OSA)
    {
      g_autofree char *path = rc_engine_find_osa_bundle (self->community);
      g_autoptr (GBytes) bundle = NULL;
      char *contents = NULL;
      gsize length = 0;

      if (path == NULL)
        {
          g_set_error (error, RC_ENGINE_ERROR, RC_ENGINE_ERROR_NO_BUNDLE,
                       _ ("%s is not inside an OSA checkout: no frontend/osa-runtime.bundle.js "
                          "in it or above it; boot with the built-in worker instead"),
                       rc_community_get_dir (self->community));
          return FALSE;
        }
      if (!g_file_get_contents (path, &contents, &length, error))
        return FALSE;
      bundle = g_bytes_new_take (contents, length);
      rc_server_add_page_file (self->server, "/osa-runtime.bundle.js", bundle,
                               "text/javascript; charset=utf-8");
    }
  if (!rc_server_is_running (self->server) && !rc_server_start (self->server, error))
    return FALSE;
  return TRUE;
}

gboolean
rc_engine_serve_page (RcEngine *self, GError **error)
{
  g_autoptr (JsonObject) plan = NULL;
  g_autofree char *note = NULL;

  g_return_val_if_fail (RC_IS_ENGINE (self), FALSE);
  plan = rc_boot_plan_build (self->community, self->deployment,
                             rc_server_get_api_origin (self->server),
                             rc_worker_kind_to_string (self->worker_kind), &note, error);
  if (plan == NULL)
    return FALSE;
  rc_engine_apply_wheel_renames (self, plan);
  rc_engine_apply_pyodide (self, plan);
  return prepare_server (self, plan, error);
}

static void
on_request_finished (RcServer *server, RcRequestRecord *request, RcEngine *self)
{
  if (rc_engine_owns_request (self, request))
    {
      rc_run_record_add_request (self->record, request);
      rc_engine_check_missing_wheel (self, request);
      rc_engine_note_refused (self, request);
      rc_engine_once_check_request (self, request);
    }
}

/* ---- boot -------------------------------------------------------------------------------- */

static RcCspNeeds
engine_needs (RcEngine *self, char **cdn_path, GStrv *fetch_allow)
{
  g_autofree char *index_url = rc_boot_plan_index_url (self->plan);
  RcCspNeeds needs = { 0 };

  *cdn_path = g_strdup (index_url + strlen (RC_PYODIDE_CDN_ORIGIN));
  *fetch_allow = rc_boot_plan_fetch_allow (self->plan);
  needs.page_origin = rc_server_get_page_origin (self->server);
  needs.cdn_origin = RC_PYODIDE_CDN_ORIGIN;
  needs.cdn_path = *cdn_path;
  needs.api_origin = rc_server_get_api_origin (self->server);
  needs.fetch_allow = *fetch_allow;
  return needs;
}

char *
rc_engine_diagnose (RcEngine *self)
{
  g_autofree char *cdn_path = NULL;
  g_auto (GStrv) fetch_allow = NULL;
  RcCspNeeds needs = engine_needs (self, &cdn_path, &fetch_allow);

  return rc_boot_diagnose (self->csp, &needs, self->record, self->expected_urls);
}

guint
rc_engine_policy_refusals (RcEngine *self)
{
  g_autofree char *cdn_path = NULL;
  g_auto (GStrv) fetch_allow = NULL;
  RcCspNeeds needs = engine_needs (self, &cdn_path, &fetch_allow);
  g_autoptr (GPtrArray) findings = rc_csp_analyse_text (self->csp, &needs);

  /* fetch_allow URLs are for the community's code once it runs, never a boot's reason */
  return rc_boot_count_boot_refusals (findings);
}

static gboolean
on_deadline (gpointer data)
{
  RcEngine *self = data;
  g_autofree char *diagnosis = NULL;
  g_autofree char *message = NULL;

  self->deadline_id = 0;
  rc_engine_stop_worker (self);
  if (rc_engine_health_check (self))
    return G_SOURCE_REMOVE;
  diagnosis = rc_engine_diagnose (self);
  if (!self->page_reported && rc_engine_policy_refusals (self) == 0)
    {
      /* Nothing in the policy blocks this page: do not send the user to fix it. */
      message = g_strdup_printf (_ ("the host page did not report within %.0fs: host.js never "
                                    "ran, or could not post to the console"),
                                 self->deadline_seconds);
      rc_run_record_failed (self->record, "page", message, diagnosis, -1);
      rc_engine_finish_boot (self);
      return G_SOURCE_REMOVE;
    }
  /* OSA's host text (runtime-worker.md §4). */
  message = g_strdup_printf (
      "the Python runtime did not finish starting within %.0fs. A blocked runtime looks exactly "
      "like a slow one: if this page sets a Content-Security-Policy, check that script-src "
      "includes 'wasm-unsafe-eval' and worker-src includes blob:.",
      self->deadline_seconds);
  rc_run_record_failed (self->record, "timeout", message, diagnosis, -1);
  rc_engine_finish_boot (self);
  return G_SOURCE_REMOVE;
}

/* The server's log is the source of truth: take it when it holds more for this boot than the
 * record got through "request-finished" (a request still open when a failed boot ended). */
static void
adopt_requests (RcEngine *self)
{
  GPtrArray *log = rc_server_get_requests (self->server);
  guint n = 0;

  for (guint i = 0; log != NULL && i < log->len; i++)
    n += rc_engine_owns_request (self, g_ptr_array_index (log, i));
  if (n <= self->record->requests->len)
    return;
  g_ptr_array_set_size (self->record->requests, 0);
  for (guint i = 0; i < log->len; i++)
    {
      const RcRequestRecord *r = g_ptr_array_index (log, i);

      if (rc_engine_owns_request (self, r))
        rc_run_record_add_request (self->record, r);
    }
}

static void
disconnect_cancellable (RcEngine *self)
{
  if (self->boot_cancellable != NULL)
    g_cancellable_disconnect (self->boot_cancellable, self->cancel_handler);
  self->cancel_handler = 0;
  g_clear_object (&self->boot_cancellable);
}

void
rc_engine_finish_boot (RcEngine *self)
{
  g_autoptr (GTask) task = NULL;
  GPid pid;

  if (self->retry_pending)
    return; /* a late word from the attempt that is being retried */
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  rc_engine_health_stop (self);
  if (self->boot_task == NULL)
    {
      disconnect_cancellable (self);
      return;
    }
  adopt_requests (self);
  rc_engine_once_check (self);
  rc_engine_explain_missing_wheel (self);
  rc_boot_clock_apply (&self->clock, g_get_monotonic_time (), self->record);
  pid = rc_browser_get_renderer_pid (self->browser);
  if (pid != 0)
    self->web_pid = pid;
  self->record->web_process_rss_bytes = rc_web_process_rss (self->web_pid);
  rc_engine_note_interpreter (self);
  if (self->record->outcome.state == RC_OUTCOME_FAILED)
    rc_engine_conclude_failure (self);
  if (rc_engine_retry_if_engine (self))
    return;
  disconnect_cancellable (self);
  task = g_steal_pointer (&self->boot_task);
  rc_engine_set_state (self, self->record->outcome.state == RC_OUTCOME_READY
                                 ? RC_ENGINE_STATE_READY
                                 : RC_ENGINE_STATE_FAILED);
  g_task_return_pointer (task, rc_run_record_copy (self->record),
                         (GDestroyNotify) rc_run_record_free);
}

void
rc_engine_fail_boot (RcEngine *self, const char *kind, const char *message)
{
  if (self->boot_task == NULL)
    return;
  rc_run_record_failed (self->record, kind, message, NULL, -1);
  rc_engine_finish_boot (self);
}

/* Oracle mode: only the interpreter, then compile; nothing else the community asks for. */
static void
oracle_plan (RcEngine *self, JsonObject *plan)
{
  JsonObject *runtime = json_object_get_object_member (plan, "runtime");
  static const char *const lists[] = { "preload", "allow_install", "import_before_seal" };

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    json_object_set_array_member (runtime, lists[i], json_array_new ());
  json_object_set_string_member (runtime, "prelude", "");
  json_object_set_null_member (plan, "lock");
  json_object_set_array_member (plan, "compile", json_array_ref (self->compile_sources));
  g_clear_pointer (&self->compile_results, json_array_unref);
}

void
rc_engine_set_compile_sources (RcEngine *self, JsonArray *items)
{
  g_clear_pointer (&self->compile_sources, json_array_unref);
  self->compile_sources = items != NULL ? json_array_ref (items) : NULL;
}

JsonArray *
rc_engine_get_compile_results (RcEngine *self)
{
  return self->compile_results;
}

/* Runs from an idle: disconnecting inside the "cancelled" handler would deadlock. */
static gboolean
cancel_boot_idle (gpointer data)
{
  RcEngine *self = data;
  g_autoptr (GTask) task = NULL;

  if (self->boot_task == NULL || !g_task_return_error_if_cancelled (self->boot_task))
    return G_SOURCE_REMOVE;
  task = g_steal_pointer (&self->boot_task);
  self->retry_pending = FALSE;
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  rc_engine_health_stop (self);
  disconnect_cancellable (self);
  rc_engine_stop_worker (self);
  rc_run_record_failed (self->record, "cancelled", _ ("The boot was cancelled"), NULL, -1);
  rc_engine_set_state (self, RC_ENGINE_STATE_IDLE);
  return G_SOURCE_REMOVE;
}

static void
on_boot_cancelled (GCancellable *cancellable, RcEngine *self)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, cancel_boot_idle, g_object_ref (self), g_object_unref);
}

void
rc_engine_boot_async (RcEngine *self, RcBootMode mode, GCancellable *cancellable,
                      GAsyncReadyCallback callback, gpointer user_data)
{
  rc_engine_boot_run_async (self, mode, NULL, cancellable, callback, user_data);
}

static void
set_run (RcEngine *self, const RcBootRun *run)
{
  self->run_given = run != NULL;
  self->run_scenario = run != NULL ? run->scenario : RC_SCENARIO_COLD;
  self->run_index = run != NULL ? run->index : 0;
  g_free (self->run_id);
  self->run_id = run != NULL ? g_strdup (run->run_id) : NULL;
  g_free (self->run_note);
  self->run_note = run != NULL ? g_strdup (run->note) : NULL;
}

void
rc_engine_boot_run_async (RcEngine *self, RcBootMode mode, const RcBootRun *run,
                          GCancellable *cancellable, GAsyncReadyCallback callback,
                          gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr (GError) error = NULL;
  g_autofree char *note = NULL;
  g_autoptr (JsonObject) plan = NULL;

  g_return_if_fail (RC_IS_ENGINE (self));
  g_return_if_fail (run == NULL || run->index > 0);
  g_task_set_source_tag (task, rc_engine_boot_async);
  if (self->boot_task != NULL || g_hash_table_size (self->executes) > 0)
    {
      g_task_return_new_error (task, RC_ENGINE_ERROR, RC_ENGINE_ERROR_BUSY,
                               _ ("A boot or an execution is already running"));
      return;
    }
  plan = rc_boot_plan_build (self->community, self->deployment,
                             rc_server_get_api_origin (self->server),
                             rc_worker_kind_to_string (self->worker_kind), &note, &error);
  if (plan != NULL)
    {
      rc_engine_apply_wheel_renames (self, plan);
      rc_engine_apply_import_before_seal (self, plan);
      rc_engine_apply_importtime (self, plan);
      rc_engine_apply_snapshot (self, plan, run);
      rc_engine_apply_pyodide (self, plan);
    }
  if (plan != NULL && self->compile_sources != NULL)
    oracle_plan (self, plan);
  if (plan == NULL && g_error_matches (error, RC_BOOT_PLAN_ERROR, RC_BOOT_PLAN_ERROR_NO_RUNTIME))
    {
      /* The engine's callers see its own error domain. */
      error->domain = RC_ENGINE_ERROR;
      error->code = RC_ENGINE_ERROR_NO_RUNTIME;
    }
  if (plan == NULL || !prepare_server (self, plan, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_clear_pointer (&self->plan, json_object_unref);
  self->plan = g_steal_pointer (&plan);
  g_free (self->plan_note);
  self->plan_note = g_steal_pointer (&note);
  self->boot_mode = mode;
  set_run (self, run);
  self->attempt = 1;
  self->retry_pending = FALSE;
  g_clear_pointer (&self->interpreter_fault, g_free);
  if (!rc_engine_start_attempt (self, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  self->boot_task = g_steal_pointer (&task);
  if (cancellable != NULL)
    {
      self->boot_cancellable = g_object_ref (cancellable);
      self->cancel_handler =
          g_cancellable_connect (cancellable, G_CALLBACK (on_boot_cancelled), self, NULL);
    }
  rc_engine_set_state (self, RC_ENGINE_STATE_BOOTING);
}

/* One attempt of the boot (a retry after an engine failure is a second one): a view for the
 * mode, a new record, the network process watch, the deadline, the page. */
gboolean
rc_engine_start_attempt (RcEngine *self, GError **error)
{
  g_autofree char *url = NULL;

  g_clear_pointer (&self->expected_urls, g_ptr_array_unref);
  self->expected_urls =
      rc_boot_plan_expected_urls (self->plan, rc_server_get_page_origin (self->server));
  rc_engine_start_record (self, self->boot_mode, self->plan_note);
  rc_engine_note_snapshot (self);
  self->record->attempts = self->attempt;
  if (self->attempt > 1 && self->retry_note != NULL)
    rc_run_record_add_note (self->record, "%s", self->retry_note);
  rc_server_set_run_id (self->server, self->record->run_id);
  rc_engine_once_start (self);
  rc_server_close_idle_connections (self->server);
  self->page_reported = FALSE;
  g_clear_pointer (&self->failed_loads, json_array_unref);
  self->boot_start_us = g_get_monotonic_time ();
  rc_boot_clock_start (&self->clock, self->boot_start_us);
  rc_engine_health_start (self);
  self->deadline_id = g_timeout_add ((guint) (self->deadline_seconds * 1000), on_deadline, self);
  g_source_set_name_by_id (self->deadline_id, "[runtime-console] boot deadline");
  url = rc_server_get_page_url (self->server, "/index.html");
  /* the browser makes the mode's view, session or profile */
  return rc_browser_load (self->browser, self->boot_mode, url, error);
}

RcRunRecord *
rc_engine_boot_finish (RcEngine *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

const RcRunRecord *
rc_engine_get_last_record (RcEngine *self)
{
  return self->record;
}

void
rc_engine_stop_worker (RcEngine *self)
{
  rc_browser_evaluate (self->browser, "window.rcStop && window.rcStop();");
}

static gboolean
fail_execute (gpointer key, gpointer value, gpointer data)
{
  g_task_return_new_error (G_TASK (value), RC_ENGINE_ERROR, RC_ENGINE_ERROR_STOPPED,
                           _ ("The runtime was stopped before the code finished"));
  return TRUE;
}

void
rc_engine_stop (RcEngine *self)
{
  g_autoptr (GTask) task = g_steal_pointer (&self->boot_task);

  g_return_if_fail (RC_IS_ENGINE (self));
  self->retry_pending = FALSE;
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  rc_engine_health_stop (self);
  disconnect_cancellable (self);
  rc_engine_stop_worker (self);
  if (task != NULL)
    {
      rc_run_record_failed (self->record, "stopped", _ ("The boot was stopped"), NULL, -1);
      g_task_return_new_error (task, RC_ENGINE_ERROR, RC_ENGINE_ERROR_STOPPED,
                               _ ("The boot was stopped before it finished"));
    }
  g_hash_table_foreach_steal (self->executes, fail_execute, NULL);
  rc_engine_set_state (self, RC_ENGINE_STATE_IDLE);
}

/* ---- GObject ----------------------------------------------------------------------------- */

RcEngine *
rc_engine_new (RcCommunity *community, RcServer *server)
{
  RcEngine *self;

  g_return_val_if_fail (RC_IS_COMMUNITY (community), NULL);
  g_return_val_if_fail (RC_IS_SERVER (server), NULL);
  self = g_object_new (RC_TYPE_ENGINE, NULL);
  self->community = g_object_ref (community);
  self->server = g_object_ref (server);
  self->deployment = rc_community_get_deployment (community);
  self->request_handler =
      g_signal_connect (server, "request-finished", G_CALLBACK (on_request_finished), self);
  /* WebKit until set_engine_kind() chooses another */
  rc_engine_use_browser (self, RC_ENGINE_KIND_WEBKIT,
                         rc_browser_new (RC_ENGINE_KIND_WEBKIT, server, NULL));
  return self;
}

RcCommunity *
rc_engine_get_community (RcEngine *self)
{
  return self->community;
}

RcServer *
rc_engine_get_server (RcEngine *self)
{
  return self->server;
}

void
rc_engine_set_csp (RcEngine *self, const char *name, const char *policy)
{
  g_return_if_fail (RC_IS_ENGINE (self));
  g_object_set (self, "csp", policy, "csp-name", name, NULL);
}

const char *
rc_engine_get_csp (RcEngine *self)
{
  return self->csp;
}

const char *
rc_engine_get_csp_name (RcEngine *self)
{
  return self->csp_name;
}

void
rc_engine_set_deployment (RcEngine *self, RcDeployment deployment)
{
  g_object_set (self, "deployment", (guint) deployment, NULL);
}

RcDeployment
rc_engine_get_deployment (RcEngine *self)
{
  return self->deployment;
}

void
rc_engine_set_deadline_seconds (RcEngine *self, double seconds)
{
  g_object_set (self, "deadline-seconds", seconds, NULL);
}

double
rc_engine_get_deadline_seconds (RcEngine *self)
{
  return self->deadline_seconds;
}

void
rc_engine_set_worker_kind (RcEngine *self, RcWorkerKind kind)
{
  g_object_set (self, "worker-kind", (guint) kind, NULL);
}

RcWorkerKind
rc_engine_get_worker_kind (RcEngine *self)
{
  return self->worker_kind;
}

RcEngineState
rc_engine_get_state (RcEngine *self)
{
  return self->state;
}

/* Made on first use, so an engine that only serves its page (serve) needs no GTK. */
GtkWidget *
rc_engine_get_view (RcEngine *self)
{
  GtkWidget *widget;

  if (self->container == NULL)
    {
      self->container = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
      if (self->browser != NULL && (widget = rc_browser_get_widget (self->browser)) != NULL)
        gtk_box_append (GTK_BOX (self->container), widget);
    }
  return self->container;
}

static void
rc_engine_dispose (GObject *object)
{
  RcEngine *self = RC_ENGINE (object);

  if (self->executes != NULL)
    rc_engine_stop (self);
  rc_engine_once_stop (self);
  g_clear_signal_handler (&self->request_handler, self->server);
  rc_engine_drop_browser (self);
  g_clear_object (&self->container);
  g_clear_object (&self->server);
  g_clear_object (&self->community);
  G_OBJECT_CLASS (rc_engine_parent_class)->dispose (object);
}

static void
rc_engine_finalize (GObject *object)
{
  RcEngine *self = RC_ENGINE (object);

  g_free (self->csp);
  g_free (self->csp_name);
  g_free (self->pyodide_version);
  g_free (self->engine_version);
  g_clear_pointer (&self->record, rc_run_record_free);
  g_clear_pointer (&self->plan, json_object_unref);
  g_clear_pointer (&self->expected_urls, g_ptr_array_unref);
  g_clear_pointer (&self->executes, g_hash_table_unref);
  g_clear_pointer (&self->compile_sources, json_array_unref);
  g_clear_pointer (&self->compile_results, json_array_unref);
  g_clear_pointer (&self->wheel_renames, g_hash_table_unref);
  g_clear_pointer (&self->import_before_seal, g_strfreev);
  g_clear_pointer (&self->failed_loads, json_array_unref);
  g_free (self->wasm_refusal);
  rc_snapshot_free (self->snapshot);
  g_free (self->plan_note);
  g_free (self->retry_note);
  g_free (self->interpreter_fault);
  g_free (self->run_id);
  g_free (self->run_note);
  G_OBJECT_CLASS (rc_engine_parent_class)->finalize (object);
}

static void
rc_engine_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RcEngine *self = RC_ENGINE (object);

  switch (prop_id)
    {
    case PROP_CSP:
      g_value_set_string (value, self->csp);
      break;
    case PROP_CSP_NAME:
      g_value_set_string (value, self->csp_name);
      break;
    case PROP_DEPLOYMENT:
      g_value_set_uint (value, self->deployment);
      break;
    case PROP_DEADLINE_SECONDS:
      g_value_set_double (value, self->deadline_seconds);
      break;
    case PROP_WORKER_KIND:
      g_value_set_uint (value, self->worker_kind);
      break;
    case PROP_STATE:
      g_value_set_uint (value, self->state);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_engine_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  RcEngine *self = RC_ENGINE (object);

  switch (prop_id)
    {
    case PROP_CSP:
      g_free (self->csp);
      self->csp = g_value_dup_string (value);
      break;
    case PROP_CSP_NAME:
      g_free (self->csp_name);
      self->csp_name = g_value_dup_string (value);
      break;
    case PROP_DEPLOYMENT:
      self->deployment = g_value_get_uint (value);
      break;
    case PROP_DEADLINE_SECONDS:
      self->deadline_seconds = g_value_get_double (value);
      break;
    case PROP_WORKER_KIND:
      self->worker_kind = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_engine_class_init (RcEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->dispose = rc_engine_dispose;
  object_class->finalize = rc_engine_finalize;
  object_class->get_property = rc_engine_get_property;
  object_class->set_property = rc_engine_set_property;

  properties[PROP_CSP] = g_param_spec_string ("csp", NULL, NULL, NULL, rw);
  properties[PROP_CSP_NAME] = g_param_spec_string ("csp-name", NULL, NULL, NULL, rw);
  properties[PROP_DEPLOYMENT] =
      g_param_spec_uint ("deployment", NULL, NULL, 0, RC_DEPLOYMENT_DEVELOP, 0, rw);
  properties[PROP_DEADLINE_SECONDS] = g_param_spec_double (
      "deadline-seconds", NULL, NULL, 0.1, 3600.0, RC_ENGINE_DEFAULT_DEADLINE_SECONDS, rw);
  properties[PROP_WORKER_KIND] =
      g_param_spec_uint ("worker-kind", NULL, NULL, 0, RC_WORKER_KIND_OSA, 0, rw);
  properties[PROP_STATE] =
      g_param_spec_uint ("state", NULL, NULL, 0, RC_ENGINE_STATE_FAILED, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  rc_engine_signals[RC_ENGINE_SIGNAL_PROGRESS] =
      g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 1, RC_TYPE_BOOT_PROGRESS | G_SIGNAL_TYPE_STATIC_SCOPE);
  rc_engine_signals[RC_ENGINE_SIGNAL_VIOLATION] =
      g_signal_new ("violation", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
  rc_engine_signals[RC_ENGINE_SIGNAL_STATE_CHANGED] =
      g_signal_new ("state-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
rc_engine_init (RcEngine *self)
{
  self->deadline_seconds = RC_ENGINE_DEFAULT_DEADLINE_SECONDS;
  self->executes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->runtime_loaded_ms = -1;
}
