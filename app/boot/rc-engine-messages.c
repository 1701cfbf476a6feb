/* rc-engine-messages.c: what the host page relays (worker messages, violations, worker
 * errors) and what WebKit reports about the page (load failures, a dying web process). */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-engine-private.h"

static double
member_double (JsonObject *object, const char *name, double fallback)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return fallback;
  return json_node_get_double (node);
}

static const char *
member_string (JsonObject *object, const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static JsonObject *
member_object (JsonObject *object, const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* Worker timestamp and heap from the message's `rc` sub-object. */
static void
message_stamp (RcEngine *self, JsonObject *message, double *t_ms, gint64 *heap)
{
  JsonObject *rc = member_object (message, "rc");
  JsonNode *heap_node = rc != NULL ? json_object_get_member (rc, "heap") : NULL;

  *t_ms = member_double (rc, "t", -1);
  *heap = heap_node != NULL && JSON_NODE_HOLDS_VALUE (heap_node)
              ? (gint64) json_node_get_double (heap_node)
              : -1;
  if (*t_ms >= 0 && self->record != NULL)
    rc_run_record_note_clock (self->record, g_get_monotonic_time (), *t_ms);
}

static const char *
sub_phase_name (const char *file)
{
  static const char *const names[][2] = {
    { "pyodide.js", "pyodide.js" },    { "pyodide.asm.js", "pyodide.asm.js" },
    { "pyodide-lock.json", "lock" },   { "pyodide.asm.wasm", "wasm" },
    { "python_stdlib.zip", "stdlib" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (file, names[i][0]) == 0)
      return names[i][1];
  return NULL;
}

/* Sub-phases the worker timed itself (wasm-compile); returns the latest end, or -1. */
static double
record_hooks (RcEngine *self, JsonObject *rc)
{
  JsonNode *node = rc != NULL ? json_object_get_member (rc, "hooks") : NULL;
  JsonArray *hooks;
  double last_end = -1;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return -1;
  hooks = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (hooks); i++)
    {
      JsonObject *hook = json_array_get_object_element (hooks, i);
      const char *name = member_string (hook, "name");
      double end = member_double (hook, "end", -1);

      if (name == NULL || end < 0)
        continue;
      rc_run_record_add_sub_phase (self->record, name, "hook", member_double (hook, "start", -1),
                                   end);
      last_end = MAX (last_end, end);
    }
  return last_end;
}

/* Resource Timing entries from the worker, and the interpreter's sub-phases derived from
 * them; Python initialisation is what remains until runtime_loaded. */
static void
record_resources (RcEngine *self, JsonObject *rc)
{
  JsonNode *node = rc != NULL ? json_object_get_member (rc, "resources") : NULL;
  JsonArray *entries;
  double last_end = -1, hooks_end;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return;
  entries = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      JsonObject *e = json_array_get_object_element (entries, i);
      const char *name = member_string (e, "name");
      g_autofree char *file = name != NULL ? rc_url_file_name (name) : NULL;
      const char *phase = sub_phase_name (file);
      double start = member_double (e, "startTime", -1);
      double end = member_double (e, "responseEnd", -1);

      if (name == NULL)
        continue;
      rc_run_record_add_timing (self->record, name, member_string (e, "initiatorType"), "worker",
                                start, end, (gint64) member_double (e, "transferSize", -1),
                                (gint64) member_double (e, "encodedBodySize", -1),
                                (gint64) member_double (e, "decodedBodySize", -1));
      if (phase != NULL && strstr (name, "/pyodide/") != NULL)
        {
          rc_run_record_add_sub_phase (self->record, phase, "resource-timing", start, end);
          last_end = MAX (last_end, end);
        }
    }
  hooks_end = record_hooks (self, rc); /* not inside MAX (): it would run twice */
  last_end = MAX (last_end, hooks_end);
  if (last_end >= 0 && self->runtime_loaded_ms > last_end)
    rc_run_record_add_sub_phase (self->record, "python-init", "hook", last_end,
                                 self->runtime_loaded_ms);
}

static void
handle_worker_message (RcEngine *self, JsonObject *message)
{
  const char *type = member_string (message, "type");
  gboolean booting = self->boot_task != NULL;
  double t_ms;
  gint64 heap;

  if (type == NULL)
    return;
  message_stamp (self, message, &t_ms, &heap);
  if (g_strcmp0 (type, "rc_violation") != 0)
    g_signal_emit (self, rc_engine_signals[RC_ENGINE_SIGNAL_PROGRESS], 0, message);

  if (g_strcmp0 (type, "progress") == 0 && booting)
    {
      const char *phase = member_string (message, "phase");

      if (g_strcmp0 (phase, "runtime_loaded") == 0)
        self->runtime_loaded_ms = t_ms;
      rc_run_record_progress (self->record, (guint) member_double (message, "step", 0),
                              (guint) member_double (message, "steps", 0), phase,
                              member_string (message, "package"), member_string (message, "module"),
                              t_ms, heap);
    }
  else if (g_strcmp0 (type, "ready") == 0 && booting)
    {
      self->record->ready_ms = t_ms;
      record_resources (self, member_object (message, "rc"));
      rc_run_record_ready (self->record, member_string (message, "version"), t_ms, heap);
      rc_engine_finish_boot (self);
    }
  else if (g_strcmp0 (type, "error") == 0 && booting)
    {
      JsonObject *rc = member_object (message, "rc");
      JsonNode *loads = rc != NULL ? json_object_get_member (rc, "failed_loads") : NULL;

      /* "Load failed" after WebKit's network process died is the engine's failure. */
      if (rc_engine_health_check (self))
        return;
      g_clear_pointer (&self->failed_loads, json_array_unref);
      if (loads != NULL && JSON_NODE_HOLDS_ARRAY (loads))
        self->failed_loads = json_array_ref (json_node_get_array (loads));
      self->record->ready_ms = t_ms;
      if (rc_engine_failed_internally (self, member_string (message, "message")))
        return;
      rc_run_record_failed (self->record, member_string (message, "kind"),
                            member_string (message, "message"), NULL, t_ms);
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
    rc_engine_complete_execute (self, member_string (message, "call_id"), message);
  else if (g_strcmp0 (type, "rc_violation") == 0)
    {
      const char *directive = member_string (message, "directive");
      const char *blocked = member_string (message, "blockedURI");

      if (self->record != NULL)
        rc_run_record_add_violation (self->record, directive, blocked, "worker",
                                     member_double (message, "t", -1), NULL);
      g_signal_emit (self, rc_engine_signals[RC_ENGINE_SIGNAL_VIOLATION], 0, directive, blocked,
                     "worker");
    }
}

static void
handle_page_violation (RcEngine *self, JsonObject *message)
{
  const char *directive = member_string (message, "directive");
  const char *blocked = member_string (message, "blockedURI");

  if (self->record != NULL)
    rc_run_record_add_violation (self->record, directive, blocked, "page",
                                 member_double (message, "t", -1), NULL);
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
static void
handle_host_error (RcEngine *self, JsonObject *message)
{
  const char *text = member_string (message, "message");
  const char *stage = member_string (message, "stage");
  const char *url = member_string (message, "url");
  double status = member_double (message, "status", 0);
  g_autofree char *full = NULL;

  /* After ready a page script error is no reason to fail the worker or its execution. */
  if (self->boot_task == NULL)
    {
      g_debug ("host page error after the boot (%s): %s", stage != NULL ? stage : "?", text);
      return;
    }
  if (url != NULL && status > 0)
    full = g_strdup_printf ("%s (%s: %s answered HTTP %.0f)", text != NULL ? text : "",
                            stage != NULL ? stage : "host", url, status);
  else if (url != NULL)
    full = g_strdup_printf ("%s (%s: %s)", text != NULL ? text : "", stage != NULL ? stage : "host",
                            url);
  else
    full = g_strdup (text);
  /* A worker that cannot be constructed is the worker's failure (most often the policy's
   * worker-src); the page's own files and scripts failing are the page's. */
  handle_worker_error (self, g_strcmp0 (stage, "worker-start") == 0 ? "worker_error" : "page",
                       full);
}

void
rc_engine_on_script_message (WebKitUserContentManager *ucm, JSCValue *value, RcEngine *self)
{
  g_autofree char *text = jsc_value_to_string (value);

  rc_engine_handle_page_message (self, text);
}

void
rc_engine_handle_page_message (RcEngine *self, const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *message;
  const char *kind;

  if (text == NULL || !json_parser_load_from_data (parser, text, -1, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_debug ("ignoring a page message that is not a JSON object: %s", text);
      return;
    }
  if (self->retry_pending)
    return; /* the page of the attempt that is being retried */
  message = json_node_get_object (json_parser_get_root (parser));
  kind = member_string (message, "kind");
  self->page_reported = TRUE;
  if (g_strcmp0 (kind, "worker") == 0 && member_object (message, "data") != NULL)
    handle_worker_message (self, member_object (message, "data"));
  else if (g_strcmp0 (kind, "violation") == 0)
    handle_page_violation (self, message);
  else if (g_strcmp0 (kind, "worker_error") == 0)
    handle_worker_error (self, "worker_error", member_string (message, "message"));
  else if (g_strcmp0 (kind, "host_error") == 0)
    handle_host_error (self, message);
}

void
rc_engine_on_web_process_terminated (WebKitWebView *view, WebKitWebProcessTerminationReason reason,
                                     RcEngine *self)
{
  const char *text;

  switch (reason)
    {
    case WEBKIT_WEB_PROCESS_CRASHED:
      text = _ ("WebKit's web process crashed during the boot");
      break;
    case WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT:
      text = _ ("the web process exceeded its memory limit and was killed");
      break;
    case WEBKIT_WEB_PROCESS_TERMINATED_BY_API:
    default:
      text = _ ("WebKit's web process was terminated during the boot");
      break;
    }
  /* Out of memory is what the runtime asked for (the community's); a crash is the engine's. */
  if (self->boot_task != NULL && reason == WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT)
    rc_engine_fail_boot (self, "memory", text);
  else if (self->boot_task != NULL)
    rc_engine_fail_engine (self, text);
  else
    handle_worker_error (self, "web-process-terminated", text);
}

gboolean
rc_engine_on_load_failed (WebKitWebView *view, WebKitLoadEvent event, const char *uri,
                          GError *error, RcEngine *self)
{
  g_autofree char *text = NULL;

  if (g_error_matches (error, WEBKIT_NETWORK_ERROR, WEBKIT_NETWORK_ERROR_CANCELLED))
    return FALSE;
  text = g_strdup_printf (_ ("the host page %s did not load: %s"), uri, error->message);
  rc_engine_fail_boot (self, "page", text);
  return FALSE;
}
