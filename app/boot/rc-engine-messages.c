/* rc-engine-messages.c: what the host page relays (worker messages, violations, worker
 * errors), from whichever browser runs it, and a page gone outside a boot. */
#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "boot/rc-engine-private.h"
#include "core/record/rc-worker-message.h"

/* The page's scripts are the console's own: a message it cannot read fails the boot as the
 * engine's; after the boot it is only logged. */
static void
bad_message (RcEngine *self, const GError *error)
{
  g_autofree char *text =
      g_strdup_printf (_ ("the page sent a message the console cannot read: %s"), error->message);

  if (self->boot_task != NULL)
    rc_engine_fail_boot (self, "engine", text);
  else
    g_debug ("%s", text);
}

/* A progress or ready message, read once and emitted typed. */
static void
handle_progress (RcEngine *self, const RcBootProgress *progress, JsonObject *message)
{
  g_autoptr (GError) error = NULL;

  g_signal_emit (self, rc_engine_signals[RC_ENGINE_SIGNAL_PROGRESS], 0, progress);
  if (self->boot_task == NULL)
    return;
  if (progress->phase == RC_BOOT_PHASE_RUNTIME_LOADED)
    self->runtime_loaded_ms = progress->t_ms;
  if (progress->phase != RC_BOOT_PHASE_READY)
    {
      rc_worker_message_record_progress (self->record, progress);
      return;
    }
  self->record->ready_ms = progress->t_ms;
  if (!rc_worker_message_record_resources (self->record, rc_worker_message_object (message, "rc"),
                                           self->runtime_loaded_ms, &error))
    {
      bad_message (self, error);
      return;
    }
  rc_run_record_ready (self->record, progress->version, progress->t_ms, progress->heap);
  rc_engine_finish_boot (self);
}

static void
handle_worker_message (RcEngine *self, JsonObject *message)
{
  const char *type = rc_worker_message_string (message, "type");
  gboolean booting = self->boot_task != NULL;
  g_autoptr (RcBootProgress) progress = NULL;
  g_autoptr (GError) error = NULL;
  double t_ms;
  gint64 heap;

  if (type == NULL)
    return;
  progress = rc_worker_message_read_progress (message, &error);
  if (error != NULL || !rc_worker_message_stamp (message, &t_ms, &heap, &error))
    {
      bad_message (self, error);
      return;
    }
  if (t_ms >= 0 && self->record != NULL)
    rc_run_record_note_clock (self->record, g_get_monotonic_time (), t_ms);
  if (booting)
    {
      JsonObject *rc = rc_worker_message_object (message, "rc");

      if (rc != NULL)
        rc_boot_clock_worker_origin (&self->clock, rc_worker_message_double (rc, "origin", -1));
      if (g_strcmp0 (type, "ready") == 0 || g_strcmp0 (type, "error") == 0
          || g_strcmp0 (type, "rc_compile") == 0)
        rc_boot_clock_end (&self->clock, t_ms, self->page_message_t);
    }

  if (progress != NULL)
    handle_progress (self, progress, message);
  else if (g_strcmp0 (type, "error") == 0 && booting)
    {
      JsonObject *rc = rc_worker_message_object (message, "rc");
      JsonNode *loads = rc != NULL ? json_object_get_member (rc, "failed_loads") : NULL;

      /* "Load failed" after the browser failed under it (WebKit's network process died) is
       * the engine's failure. */
      if (rc_engine_health_check (self))
        return;
      g_clear_pointer (&self->failed_loads, json_array_unref);
      if (loads != NULL && JSON_NODE_HOLDS_ARRAY (loads))
        self->failed_loads = json_array_ref (json_node_get_array (loads));
      self->record->ready_ms = t_ms;
      if (rc_engine_failed_internally (self, rc_worker_message_string (message, "message"))
          || rc_engine_interpreter_failed (self, rc_worker_message_string (message, "kind"),
                                           rc_worker_message_string (message, "message"), t_ms))
        return;
      rc_run_record_failed (self->record, rc_worker_message_string (message, "kind"),
                            rc_worker_message_string (message, "message"), NULL, t_ms);
      rc_engine_finish_boot (self);
    }
  else if (g_strcmp0 (type, "rc_compile") == 0 && booting)
    {
      JsonNode *results = json_object_get_member (message, "results");

      g_clear_pointer (&self->compile_results, json_array_unref);
      if (results != NULL && JSON_NODE_HOLDS_ARRAY (results))
        self->compile_results = json_array_ref (json_node_get_array (results));
      rc_run_record_ready (self->record, self->record->env.pyodide_version, t_ms, heap);
      rc_run_record_add_note (self->record, "prelude compile oracle: compiled only, not sealed");
      rc_engine_finish_boot (self);
    }
  else if (g_strcmp0 (type, "result") == 0)
    rc_engine_complete_execute (self, rc_worker_message_string (message, "call_id"), message);
  else if (g_strcmp0 (type, "rc_wasm_failed") == 0 && booting)
    rc_engine_note_wasm_failed (self, rc_worker_message_string (message, "via"),
                                rc_worker_message_string (message, "error"),
                                rc_worker_message_double (message, "t", -1));
  else if (g_strcmp0 (type, "rc_violation") == 0)
    {
      const char *directive = rc_worker_message_string (message, "directive");
      const char *blocked = rc_worker_message_string (message, "blockedURI");

      if (self->record != NULL)
        rc_run_record_add_violation (self->record, directive, blocked, "worker",
                                     rc_worker_message_double (message, "t", -1), NULL);
      g_signal_emit (self, rc_engine_signals[RC_ENGINE_SIGNAL_VIOLATION], 0, directive, blocked,
                     "worker");
    }
}

static void
handle_page_violation (RcEngine *self, JsonObject *message)
{
  const char *directive = rc_worker_message_string (message, "directive");
  const char *blocked = rc_worker_message_string (message, "blockedURI");

  if (self->record != NULL)
    rc_run_record_add_violation (self->record, directive, blocked, "page",
                                 rc_worker_message_double (message, "t", -1), NULL);
  g_signal_emit (self, rc_engine_signals[RC_ENGINE_SIGNAL_VIOLATION], 0, directive, blocked,
                 "page");
}

/* A worker that dies after READY takes its in-flight execution with it, as an OOM does. */
static void
handle_worker_error (RcEngine *self, const char *kind, const char *message)
{
  if (self->boot_task != NULL)
    {
      /* The worker could not start: most often the policy, so say what it refuses. */
      g_autofree char *diagnosis = NULL;

      if (rc_engine_health_check (self))
        return;
      diagnosis = rc_engine_diagnose (self);
      rc_run_record_failed (self->record, kind, message, diagnosis, -1);
      rc_engine_finish_boot (self);
      return;
    }
  if (self->state == RC_ENGINE_STATE_READY && g_hash_table_size (self->executes) > 0)
    {
      g_autoptr (GList) ids = g_hash_table_get_keys (self->executes);
      g_autofree char *call_id = g_strdup (ids->data);
      g_autoptr (JsonObject) result = json_object_new ();
      g_autofree char *text = g_strdup_printf (
          "[runtime] the Python runtime ran out of memory and was restarted. Try working on "
          "less data at a time.%s%s%s",
          message != NULL ? " (" : "", message != NULL ? message : "", message != NULL ? ")" : "");

      json_object_set_string_member (result, "type", "result");
      json_object_set_string_member (result, "call_id", call_id);
      json_object_set_string_member (result, "status", "oom");
      json_object_set_string_member (result, "stdout", "");
      json_object_set_string_member (result, "stderr", text);
      json_object_set_string_member (result, "summary", "");
      json_object_set_array_member (result, "images", json_array_new ());
      json_object_set_array_member (result, "artifacts", json_array_new ());
      json_object_set_int_member (result, "elapsed_ms", 0);
      rc_engine_complete_execute (self, call_id, result);
    }
  rc_engine_set_state (self, RC_ENGINE_STATE_IDLE);
}

/* The host page failed before a worker ran: a file it fetched (the plan, OSA's bundle, the
 * probe) or one of its own scripts. */
/* The host page failed before a worker ran: a file it fetched (the plan, OSA's bundle, the
 * probe) or one of its own scripts. */
static void
handle_host_error (RcEngine *self, JsonObject *message)
{
  const char *kind;
  g_autofree char *full = rc_worker_message_host_error (message, &kind);

  /* After ready a page script error is no reason to fail the worker or its execution. */
  if (self->boot_task == NULL)
    {
      g_debug ("host page error after the boot: %s", full);
      return;
    }
  handle_worker_error (self, kind, full);
}

void
rc_engine_handle_page_message (RcEngine *self, const char *text)
{
  g_autoptr (JsonObject) message = NULL;
  g_autoptr (GError) error = NULL;
  const char *kind;

  if (self->retry_pending)
    return; /* the page of the attempt that is being retried */
  message =
      rc_worker_message_parse (text != NULL ? text : "", text != NULL ? strlen (text) : 0, &error);
  if (message == NULL)
    {
      bad_message (self, error);
      return;
    }
  kind = rc_worker_message_string (message, "kind");
  self->page_reported = TRUE;
  self->page_message_t = rc_worker_message_double (message, "t", -1);
  if (self->boot_task != NULL)
    rc_boot_clock_page_message (&self->clock, g_get_monotonic_time (), self->page_message_t,
                                rc_worker_message_double (message, "time_origin", -1));
  if (self->boot_task != NULL
      && (g_strcmp0 (kind, "host_error") == 0 || g_strcmp0 (kind, "worker_error") == 0))
    rc_boot_clock_end (&self->clock, -1, self->page_message_t); /* the page's failure */
  if (rc_engine_once_page_message (self, kind))
    return;
  if (g_strcmp0 (kind, "worker") == 0 && rc_worker_message_object (message, "data") != NULL)
    handle_worker_message (self, rc_worker_message_object (message, "data"));
  else if (g_strcmp0 (kind, "violation") == 0)
    handle_page_violation (self, message);
  else if (g_strcmp0 (kind, "worker_error") == 0)
    handle_worker_error (self, "worker_error", rc_worker_message_string (message, "message"));
  else if (g_strcmp0 (kind, "host_error") == 0)
    handle_host_error (self, message);
  else if (g_strcmp0 (kind, "rc_engine_wasm_cache") == 0)
    rc_engine_note_wasm_cache (
        self, rc_worker_message_string (message, "state"),
        rc_worker_message_string (message, "source"),
        json_object_get_boolean_member_with_default (message, "previous", FALSE));
}

void
rc_engine_page_gone (RcEngine *self, const char *message)
{
  handle_worker_error (self, "web-process-terminated", message);
}
