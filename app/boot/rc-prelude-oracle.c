/* rc-prelude-oracle.c: preludes compiled by the booted Pyodide, mapped back to config.yaml. */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-engine-private.h"
#include "boot/rc-prelude-oracle.h"

static void
prelude_source_free (gpointer data)
{
  RcPreludeSource *source = data;

  g_free (source->deployment);
  g_free (source->source);
  g_free (source->path);
  g_free (source);
}

static char *
runtime_prelude (RcCommunity *community, RcDeployment d)
{
  g_autoptr (JsonObject) runtime = rc_community_get_runtime_python (community, d);
  JsonNode *node = runtime != NULL ? json_object_get_member (runtime, "prelude") : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return g_strdup (json_node_get_string (node));
}

static void
add_source (GPtrArray *sources, const char *deployment, char *text, const char *path)
{
  RcPreludeSource *source = g_new0 (RcPreludeSource, 1);

  source->deployment = g_strdup (deployment);
  source->source = text;
  source->path = g_strdup (path);
  g_ptr_array_add (sources, source);
}

GPtrArray *
rc_prelude_oracle_sources (RcCommunity *community)
{
  GPtrArray *sources = g_ptr_array_new_with_free_func (prelude_source_free);
  guint line, column;

  /* A per-deployment map is written as runtime.python.prelude.<deployment>. */
  if (rc_community_lookup_position (community, "runtime.python.prelude.production", &line, &column)
      || rc_community_lookup_position (community, "runtime.python.prelude.develop", &line, &column))
    {
      for (RcDeployment d = RC_DEPLOYMENT_PRODUCTION; d <= RC_DEPLOYMENT_DEVELOP; d++)
        {
          const char *name = rc_deployment_to_string (d);
          g_autofree char *path = g_strconcat ("runtime.python.prelude.", name, NULL);
          char *text = runtime_prelude (community, d);

          if (text != NULL)
            add_source (sources, name, text, path);
        }
    }
  else
    {
      char *text = runtime_prelude (community, RC_DEPLOYMENT_PRODUCTION);

      if (text != NULL)
        add_source (sources, NULL, text, "runtime.python.prelude");
    }
  return sources;
}

static guint
leading_spaces (const char *line)
{
  guint n = 0;

  while (line[n] == ' ')
    n++;
  return n;
}

gboolean
rc_prelude_oracle_position (RcCommunity *community, const char *path, guint line, guint offset,
                            guint *out_line, guint *out_column)
{
  guint value_line, value_column, indent = 0;
  g_auto (GStrv) lines = NULL;
  const char *start;

  if (!rc_community_lookup_position (community, path, &value_line, &value_column))
    return FALSE;
  lines = g_strsplit (rc_community_get_config_text (community), "\n", -1);
  if (value_line == 0 || value_line > g_strv_length (lines)
      || value_column > strlen (lines[value_line - 1]) + 1)
    return FALSE;
  start = lines[value_line - 1] + value_column - 1;
  if (*start == '|' || *start == '>')
    {
      /* A block scalar: source line N is config line value_line + N, indented by the block's
       * indentation (explicit indicator, else that of its first non-empty line). */
      const char *indicator = start + 1;

      while (*indicator == '-' || *indicator == '+' || g_ascii_isdigit (*indicator))
        {
          if (g_ascii_isdigit (*indicator))
            indent = leading_spaces (lines[value_line - 1]) + (*indicator - '0');
          indicator++;
        }
      for (guint i = value_line; indent == 0 && lines[i] != NULL; i++)
        if (lines[i][leading_spaces (lines[i])] != '\0')
          indent = leading_spaces (lines[i]);
      *out_line = value_line + MAX (line, 1);
      *out_column = indent + MAX (offset, 1);
      return TRUE;
    }
  /* A flow scalar on one line: the source starts at the value (after a quote). */
  *out_line = value_line;
  *out_column = value_column + (*start == '"' || *start == '\'' ? 1 : 0) + MAX (offset, 1) - 1;
  if (line > 1)
    *out_column = value_column;
  return TRUE;
}

static GPtrArray *
results_to_diagnostics (RcCommunity *community, GPtrArray *sources, JsonArray *results)
{
  GPtrArray *diagnostics = rc_diagnostics_new ();

  for (guint i = 0; results != NULL && i < json_array_get_length (results); i++)
    {
      JsonObject *result = json_array_get_object_element (results, i);
      gint64 index = json_object_get_int_member_with_default (result, "key", -1);
      const RcPreludeSource *source;
      guint line = 0, column = 0;
      const char *message;

      if (json_object_get_boolean_member_with_default (result, "ok", TRUE) || index < 0
          || index >= sources->len)
        continue;
      source = g_ptr_array_index (sources, index);
      message = json_object_get_string_member_with_default (result, "message", "");
      rc_prelude_oracle_position (
          community, source->path,
          (guint) json_object_get_int_member_with_default (result, "lineno", 0),
          (guint) json_object_get_int_member_with_default (result, "offset", 0), &line, &column);
      if (source->deployment != NULL)
        rc_diagnostics_add (diagnostics, RC_SEVERITY_ERROR, "config.yaml", line, column,
                            source->path, "prelude-compile",
                            _ ("Fix the prelude's Python; OSA refuses to load this config."),
                            "prelude for %s does not compile: %s", source->deployment, message);
      else
        rc_diagnostics_add (diagnostics, RC_SEVERITY_ERROR, "config.yaml", line, column,
                            source->path, "prelude-compile",
                            _ ("Fix the prelude's Python; OSA refuses to load this config."),
                            "prelude does not compile: %s", message);
    }
  return diagnostics;
}

typedef struct
{
  RcEngine *engine;
  RcServer *server;
  GPtrArray *sources;
} OracleData;

static void
oracle_data_free (OracleData *data)
{
  if (data->engine != NULL)
    rc_engine_stop (data->engine);
  g_clear_object (&data->engine);
  if (data->server != NULL)
    rc_server_stop (data->server);
  g_clear_object (&data->server);
  g_clear_pointer (&data->sources, g_ptr_array_unref);
  g_free (data);
}

static void
on_oracle_booted (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  OracleData *data = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) record = rc_engine_boot_finish (RC_ENGINE (source), res, &error);
  JsonArray *results = rc_engine_get_compile_results (data->engine);

  if (record == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else if (record->outcome.state != RC_OUTCOME_READY || results == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                             _ ("The interpreter did not boot to compile the prelude (%s): %s"),
                             record->outcome.kind ? record->outcome.kind : "?",
                             record->outcome.message ? record->outcome.message : "");
  else
    g_task_return_pointer (
        task,
        results_to_diagnostics (rc_engine_get_community (data->engine), data->sources, results),
        (GDestroyNotify) g_ptr_array_unref);
}

static void
oracle_start (GTask *task, RcCommunity *community, double deadline)
{
  OracleData *data = g_new0 (OracleData, 1);
  g_autoptr (JsonArray) items = json_array_new ();

  g_task_set_task_data (task, data, (GDestroyNotify) oracle_data_free);
  data->sources = rc_prelude_oracle_sources (community);
  if (data->sources->len == 0)
    {
      g_task_return_pointer (task, rc_diagnostics_new (), (GDestroyNotify) g_ptr_array_unref);
      return;
    }
  for (guint i = 0; i < data->sources->len; i++)
    {
      const RcPreludeSource *source = g_ptr_array_index (data->sources, i);
      JsonObject *item = json_object_new ();

      json_object_set_int_member (item, "key", i);
      json_object_set_string_member (item, "source", source->source);
      json_array_add_object_element (items, item);
    }
  data->server = rc_server_new ();
  data->engine = rc_engine_new (community, data->server);
  rc_engine_set_csp (data->engine, "none", NULL);
  rc_engine_set_deadline_seconds (data->engine, deadline);
  rc_engine_set_compile_sources (data->engine, items);
  rc_engine_boot_async (data->engine, RC_BOOT_MODE_COLD, g_task_get_cancellable (task),
                        on_oracle_booted, g_object_ref (task));
}

void
rc_prelude_oracle_check_async (RcCommunity *community, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, rc_prelude_oracle_check_async);
  oracle_start (task, community, RC_ENGINE_DEFAULT_DEADLINE_SECONDS);
}

GPtrArray *
rc_prelude_oracle_check_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

typedef struct
{
  GMainLoop *loop;
  GAsyncResult *result;
} SyncData;

static void
on_sync_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SyncData *sync = user_data;

  sync->result = g_object_ref (result);
  g_main_loop_quit (sync->loop);
}

GPtrArray *
rc_prelude_oracle_check (RcCommunity *community, double deadline_seconds, GCancellable *cancellable,
                         GError **error)
{
  SyncData sync = { g_main_loop_new (NULL, FALSE), NULL };
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, on_sync_done, &sync);
  GPtrArray *diagnostics;

  oracle_start (task, community, deadline_seconds);
  g_clear_object (&task);
  if (sync.result == NULL)
    g_main_loop_run (sync.loop);
  g_main_loop_unref (sync.loop);
  diagnostics = g_task_propagate_pointer (G_TASK (sync.result), error);
  g_object_unref (sync.result);
  return diagnostics;
}
