/* rc-worker-importtime.c: Python's -X importtime lines and the streaming compile, from the
 * worker's ready message into the run record. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "core/rc-importtime.h"
#include "core/rc-worker-importtime.h"
#include "core/rc-worker-message.h"

/* The worker clock of line @i, or an error naming it. */
static gboolean
line_clock (JsonObject *line, guint i, double *t_ms, GError **error)
{
  *t_ms = rc_worker_message_double (line, "t", NAN);
  if (!(*t_ms >= 0 && *t_ms <= RC_WORKER_MESSAGE_MAX_MS))
    {
      g_set_error (error, RC_WORKER_MESSAGE_ERROR, RC_WORKER_MESSAGE_ERROR_INVALID,
                   _ ("worker message: rc.importtime.lines[%u].t: not a time in milliseconds"), i);
      return FALSE;
    }
  return TRUE;
}

/* The lines into @imports (those of the interpreter step) and the header's clock. */
static gboolean
read_lines (RcRunRecord *record, JsonArray *lines, double loaded_ms, GPtrArray *imports,
            GPtrArray *after, double *first_ms, GError **error)
{
  guint bad = 0;

  *first_ms = -1;
  for (guint i = 0; i < json_array_get_length (lines); i++)
    {
      JsonNode *node = json_array_get_element (lines, i);
      JsonObject *line = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *text = rc_worker_message_string (line, "text");
      g_autoptr (GError) local = NULL;
      RcImportTime *item;
      double t_ms;

      if (line == NULL || text == NULL)
        continue;
      if (!line_clock (line, i, &t_ms, error))
        return FALSE;
      if (rc_importtime_is_header (text))
        {
          if (*first_ms < 0)
            *first_ms = t_ms;
          continue;
        }
      if ((item = rc_importtime_parse_line (text, &local)) == NULL)
        {
          if (bad++ == 0)
            rc_run_record_add_note (record, "importtime line %u not understood: %s", i + 1,
                                    local->message);
          continue;
        }
      item->t_ms = t_ms;
      if (loaded_ms < 0 || t_ms <= loaded_ms)
        g_ptr_array_add (imports, item);
      else if (item->depth == 0)
        g_ptr_array_add (after, item);
      else
        rc_import_time_free (item);
    }
  return TRUE;
}

/* python-init, split where Python's first import started. */
static void
split_python_init (RcRunRecord *record, double first_ms)
{
  const RcSubPhase *init = rc_run_record_find_sub_phase (record, "python-init");
  double start, end;

  if (init == NULL || first_ms < 0)
    return;
  start = init->start_ms;
  end = init->end_ms;
  if (first_ms < start || first_ms > end)
    {
      rc_run_record_add_note (record,
                              "Python's first import (%.0f ms) is outside python-init "
                              "(%.0f–%.0f ms): python-init is not split",
                              first_ms, start, end);
      return;
    }
  rc_run_record_add_sub_phase (record, "python-startup", "importtime", start, first_ms);
  rc_run_record_add_sub_phase (record, "python-imports", "importtime", first_ms, end);
}

gboolean
rc_worker_message_record_importtime (RcRunRecord *record, JsonObject *rc, double runtime_loaded_ms,
                                     GError **error)
{
  JsonObject *importtime = rc_worker_message_object (rc, "importtime");
  JsonNode *node = importtime != NULL ? json_object_get_member (importtime, "lines") : NULL;
  g_autoptr (GPtrArray) imports =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_import_time_free);
  g_autoptr (GPtrArray) slowest = NULL;
  RcInterpreterFacts *facts = &record->interpreter;
  double first_ms;

  if (importtime == NULL)
    return TRUE;
  facts->importtime = TRUE;
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      rc_run_record_add_note (record, "Python ran with -X importtime but sent no lines");
      return TRUE;
    }
  g_ptr_array_set_size (facts->after, 0);
  if (!read_lines (record, json_node_get_array (node), runtime_loaded_ms, imports, facts->after,
                   &first_ms, error))
    return FALSE;
  if (json_object_get_boolean_member_with_default (importtime, "dropped", FALSE))
    rc_run_record_add_note (record, "importtime: the worker kept only its first lines");
  facts->first_import_ms = first_ms;
  facts->import_count = imports->len;
  facts->imports_us = rc_importtime_total_us (imports);
  slowest = rc_importtime_slowest (imports, RC_SLOWEST_IMPORTS);
  g_ptr_array_set_size (facts->slowest, 0);
  g_ptr_array_extend_and_steal (facts->slowest, g_steal_pointer (&slowest));
  split_python_init (record, first_ms);
  return TRUE;
}

void
rc_worker_message_note_streaming (RcRunRecord *record)
{
  const RcSubPhase *compile = rc_run_record_find_sub_phase (record, "wasm-compile");
  const RcSubPhase *download = rc_run_record_find_sub_phase (record, "wasm");

  if (compile == NULL || download == NULL || compile->start_ms >= download->end_ms)
    return;
  rc_run_record_add_note (record,
                          "wasm-compile began %.0f ms before pyodide.asm.wasm finished "
                          "downloading: the engine compiles while it streams, so the figure "
                          "includes that part of the download",
                          download->end_ms - compile->start_ms);
}
