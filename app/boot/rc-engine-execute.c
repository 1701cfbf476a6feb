/* rc-engine-execute.c: running code in the booted runtime, with the host-side deadline. */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-engine-private.h"

typedef struct
{
  RcEngine *engine; /* not owned: the engine outlives its tasks (stop fails them) */
  char *call_id;
  guint timeout_id;
  double seconds;
  GCancellable *cancellable;
  gulong cancel_handler;
} ExecuteData;

static void
execute_data_free (ExecuteData *data)
{
  g_clear_handle_id (&data->timeout_id, g_source_remove);
  if (data->cancellable != NULL)
    g_cancellable_disconnect (data->cancellable, data->cancel_handler);
  g_clear_object (&data->cancellable);
  g_free (data->call_id);
  g_free (data);
}

static double
exec_seconds (RcEngine *self)
{
  JsonObject *runtime = json_object_get_object_member (self->plan, "runtime");
  JsonNode *limits = json_object_get_member (runtime, "limits");
  double seconds = 120;

  if (limits != NULL && JSON_NODE_HOLDS_OBJECT (limits))
    seconds = json_object_get_double_member_with_default (json_node_get_object (limits),
                                                          "exec_seconds", 120);
  return MAX (1, seconds);
}

/* OSA's host answers for the worker and recycles it (runtime-worker.md §2.5). */
static void
answer_for_worker (RcEngine *self, ExecuteData *data, const char *status, const char *stderr_text,
                   gint64 elapsed_ms)
{
  g_autoptr (JsonObject) result = json_object_new ();

  json_object_set_string_member (result, "type", "result");
  json_object_set_string_member (result, "call_id", data->call_id);
  json_object_set_string_member (result, "status", status);
  json_object_set_string_member (result, "stdout", "");
  json_object_set_string_member (result, "stderr", stderr_text);
  json_object_set_string_member (result, "summary", "");
  json_object_set_array_member (result, "images", json_array_new ());
  json_object_set_array_member (result, "artifacts", json_array_new ());
  json_object_set_int_member (result, "elapsed_ms", elapsed_ms);
  rc_engine_stop_worker (self);
  rc_engine_complete_execute (self, data->call_id, result);
  rc_engine_set_state (self, RC_ENGINE_STATE_IDLE);
}

static gboolean
on_execute_timeout (gpointer user_data)
{
  ExecuteData *data = g_task_get_task_data (G_TASK (user_data));
  g_autofree char *text =
      g_strdup_printf ("[runtime] the code ran longer than %.0fs and was stopped.", data->seconds);

  data->timeout_id = 0;
  answer_for_worker (data->engine, data, "timeout", text, (gint64) (data->seconds * 1000));
  return G_SOURCE_REMOVE;
}

/* From an idle: the "cancelled" handler itself must not disconnect. */
static gboolean
cancel_execute_idle (gpointer user_data)
{
  GTask *task = user_data;
  ExecuteData *data = g_task_get_task_data (task);

  if (g_hash_table_lookup (data->engine->executes, data->call_id) == task)
    answer_for_worker (data->engine, data, "cancelled",
                       "[runtime] the reader stopped this run before it finished.", 0);
  return G_SOURCE_REMOVE;
}

static void
on_execute_cancelled (GCancellable *cancellable, GTask *task)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, cancel_execute_idle, g_object_ref (task), g_object_unref);
}

void
rc_engine_complete_execute (RcEngine *self, const char *call_id, JsonObject *result)
{
  g_autofree char *key = NULL; /* stolen with its task: the table would have freed it */
  GTask *task = NULL;

  if (call_id == NULL
      || !g_hash_table_steal_extended (self->executes, call_id, (gpointer *) &key,
                                       (gpointer *) &task))
    return;
  g_clear_handle_id (&((ExecuteData *) g_task_get_task_data (task))->timeout_id, g_source_remove);
  g_task_return_pointer (task, json_object_ref (result), (GDestroyNotify) json_object_unref);
  g_object_unref (task);
}

/* Whether the page took the call: when it did, the worker's result message (or the execution
 * limit) completes the task. */
static void
on_called (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  ExecuteData *data = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autofree char *key = NULL;
  GTask *pending = NULL;

  if (rc_browser_execute_finish (RC_BROWSER (source), res, &error))
    return;
  if (!g_hash_table_steal_extended (data->engine->executes, data->call_id, (gpointer *) &key,
                                    (gpointer *) &pending))
    return;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    g_task_return_new_error (pending, RC_ENGINE_ERROR, RC_ENGINE_ERROR_NOT_READY,
                             _ ("The page has no running worker"));
  else
    g_task_return_new_error (pending, RC_ENGINE_ERROR, RC_ENGINE_ERROR_PAGE,
                             _ ("The page could not run the code: %s"), error->message);
  g_object_unref (pending);
}

void
rc_engine_execute_async (RcEngine *self, const char *code, GCancellable *cancellable,
                         GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  ExecuteData *data;

  g_return_if_fail (RC_IS_ENGINE (self));
  g_return_if_fail (code != NULL);
  g_task_set_source_tag (task, rc_engine_execute_async);
  if (self->state != RC_ENGINE_STATE_READY)
    {
      g_task_return_new_error (task, RC_ENGINE_ERROR, RC_ENGINE_ERROR_NOT_READY,
                               _ ("The runtime is not ready: boot it first"));
      return;
    }
  if (g_hash_table_size (self->executes) > 0)
    {
      g_task_return_new_error (task, RC_ENGINE_ERROR, RC_ENGINE_ERROR_BUSY,
                               _ ("Another execution is already running"));
      return;
    }
  data = g_new0 (ExecuteData, 1);
  data->engine = self;
  data->call_id = g_strdup_printf ("rc-%u", ++self->next_call);
  data->seconds = exec_seconds (self);
  g_task_set_task_data (task, data, (GDestroyNotify) execute_data_free);
  g_hash_table_insert (self->executes, g_strdup (data->call_id), g_object_ref (task));
  data->timeout_id = g_timeout_add ((guint) (data->seconds * 1000), on_execute_timeout, task);
  if (cancellable != NULL)
    {
      /* A cancelled run is a result (status "cancelled"), not an error, as in OSA's host. */
      g_task_set_check_cancellable (task, FALSE);
      data->cancellable = g_object_ref (cancellable);
      data->cancel_handler =
          g_cancellable_connect (cancellable, G_CALLBACK (on_execute_cancelled), task, NULL);
    }

  rc_browser_execute_async (self->browser, data->call_id, code, on_called, g_object_ref (task));
}

JsonObject *
rc_engine_execute_finish (RcEngine *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
