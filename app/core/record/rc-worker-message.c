/* rc-worker-message.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "core/base/rc-json-positions.h"
#include "core/base/rc-json-util.h"
#include "core/record/rc-importtime.h"
#include "core/record/rc-worker-message.h"

/* clang-format off */
G_DEFINE_QUARK (rc-worker-message-error-quark, rc_worker_message_error)
/* clang-format on */

JsonObject *
rc_worker_message_parse (const char *text, gsize length, GError **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) local = NULL;
  RcJsonPos pos = { 0 };
  JsonNode *root;

  if (length > RC_WORKER_MESSAGE_MAX_BYTES)
    {
      g_autofree char *bytes = g_strdup_printf ("%" G_GSIZE_FORMAT, length);

      g_set_error (error, RC_WORKER_MESSAGE_ERROR, RC_WORKER_MESSAGE_ERROR_INVALID,
                   _ ("worker message: %s bytes, more than the %u MiB allowed"), bytes,
                   (guint) (RC_WORKER_MESSAGE_MAX_BYTES >> 20));
      return NULL;
    }
  /* json-glib's parser recurses per level: refuse deep nesting before it sees the text. */
  if (!rc_json_check_strict (text, length, RC_WORKER_MESSAGE_MAX_DEPTH, &pos, &local))
    {
      g_set_error (error, RC_WORKER_MESSAGE_ERROR, RC_WORKER_MESSAGE_ERROR_INVALID,
                   _ ("worker message:%u:%u: %s"), pos.line, pos.column, local->message);
      return NULL;
    }
  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, text, (gssize) length, &local))
    {
      g_set_error (error, RC_WORKER_MESSAGE_ERROR, RC_WORKER_MESSAGE_ERROR_INVALID,
                   _ ("worker message: %s"), local->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, RC_WORKER_MESSAGE_ERROR, RC_WORKER_MESSAGE_ERROR_INVALID,
                   _ ("worker message: not a JSON object"));
      return NULL;
    }
  return json_object_ref (json_node_get_object (root));
}

const char *
rc_worker_message_string (JsonObject *object, const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

JsonObject *
rc_worker_message_object (JsonObject *object, const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static gboolean
is_number (JsonNode *node)
{
  GType type = node != NULL && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node)
                                                            : G_TYPE_INVALID;

  return type == G_TYPE_INT64 || type == G_TYPE_DOUBLE;
}

double
rc_worker_message_double (JsonObject *object, const char *name, double fallback)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return is_number (node) ? json_node_get_double (node) : fallback;
}

static gboolean
bad_number (const char *path, const char *name, double value, const char *want, GError **error)
{
  g_set_error (error, RC_WORKER_MESSAGE_ERROR, RC_WORKER_MESSAGE_ERROR_INVALID,
               _ ("worker message: %s%s: %g is not %s"), path, name, value, want);
  return FALSE;
}

/* A time in ms (@fallback when absent): a page clock reading, range-checked. */
static gboolean
read_ms (JsonObject *o, const char *path, const char *name, double fallback, double *out,
         GError **error)
{
  double value = rc_worker_message_double (o, name, fallback);

  if (!(fabs (value) <= RC_WORKER_MESSAGE_MAX_MS))
    return bad_number (path, name, value, _ ("a time in milliseconds"), error);
  *out = value;
  return TRUE;
}

/* A byte count or a step number (@fallback when absent), in [@min, @max]. */
static gboolean
read_int (JsonObject *o, const char *path, const char *name, gint64 fallback, gint64 min,
          gint64 max, gint64 *out, GError **error)
{
  JsonNode *node = o != NULL ? json_object_get_member (o, name) : NULL;
  gint64 value;

  if (!is_number (node))
    {
      *out = fallback;
      return TRUE;
    }
  if (!rc_json_node_to_int64 (node, &value) || value < min || value > max)
    return bad_number (path, name, json_node_get_double (node), _ ("in range"), error);
  *out = value;
  return TRUE;
}

gboolean
rc_worker_message_stamp (JsonObject *data, double *t_ms, gint64 *heap, GError **error)
{
  JsonObject *rc = rc_worker_message_object (data, "rc");

  *t_ms = -1;
  *heap = -1;
  return read_ms (rc, "rc.", "t", -1, t_ms, error)
         && read_int (rc, "rc.", "heap", -1, -1, G_MAXINT64, heap, error);
}

RcBootProgress *
rc_worker_message_read_progress (JsonObject *data, GError **error)
{
  const char *type = rc_worker_message_string (data, "type");
  gboolean ready = g_strcmp0 (type, "ready") == 0;
  g_autoptr (RcBootProgress) progress = NULL;
  gint64 step = 0, steps = 0;

  if (!ready && g_strcmp0 (type, "progress") != 0)
    return NULL;
  progress = rc_boot_progress_new (ready ? "ready" : rc_worker_message_string (data, "phase"));
  if (ready)
    progress->phase = RC_BOOT_PHASE_READY; /* whatever its phase member says */
  if (!rc_worker_message_stamp (data, &progress->t_ms, &progress->heap, error))
    return NULL;
  if (!ready
      && (!read_int (data, "", "step", 0, 0, G_MAXUINT, &step, error)
          || !read_int (data, "", "steps", 0, 0, G_MAXUINT, &steps, error)))
    return NULL;
  progress->step = (guint) step;
  progress->steps = (guint) steps;
  progress->probe =
      g_strdup (rc_worker_message_string (rc_worker_message_object (data, "rc"), "probe"));
  if (ready)
    progress->version = g_strdup (rc_worker_message_string (data, "version"));
  else
    {
      progress->package = g_strdup (rc_worker_message_string (data, "package"));
      progress->module = g_strdup (rc_worker_message_string (data, "module"));
    }
  return g_steal_pointer (&progress);
}

void
rc_worker_message_record_progress (RcRunRecord *record, const RcBootProgress *progress)
{
  g_return_if_fail (progress->phase != RC_BOOT_PHASE_READY);
  rc_run_record_progress (record, progress->step, progress->steps, progress->phase_name,
                          progress->package, progress->module, progress->t_ms, progress->heap);
}

char *
rc_worker_message_host_error (JsonObject *message, const char **kind)
{
  const char *text = rc_worker_message_string (message, "message");
  const char *stage = rc_worker_message_string (message, "stage");
  const char *url = rc_worker_message_string (message, "url");
  double status = rc_worker_message_double (message, "status", 0);

  *kind = g_strcmp0 (stage, "worker-start") == 0 ? "worker_error" : "page";
  if (url != NULL && status > 0)
    return g_strdup_printf ("%s (%s: %s answered HTTP %.0f)", text != NULL ? text : "",
                            stage != NULL ? stage : "host", url, status);
  if (url != NULL)
    return g_strdup_printf ("%s (%s: %s)", text != NULL ? text : "", stage != NULL ? stage : "host",
                            url);
  return g_strdup (text);
}

static const char *
sub_phase_name (const char *file)
{
  static const char *const names[][2] = {
    { "pyodide.js", "pyodide.js" },           { "pyodide.asm.js", "pyodide.asm.js" },
    { "pyodide-lock.json", "lock" },          { "pyodide.asm.wasm", "wasm" },
    { "python_stdlib.zip", "stdlib" },        { "pyodide.mjs", "pyodide.mjs" },
    { "pyodide.asm.mjs", "pyodide.asm.mjs" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (file, names[i][0]) == 0)
      return names[i][1];
  return NULL;
}

/* Which WebAssembly call compiled the interpreter: Pyodide also instantiates a tiny
 * pre-compiled "sentinel" module first (no compilation), and packages bring their own .so
 * modules later. A hook that names nothing (an older worker) keeps its name. */
static gboolean
is_interpreter_compile (JsonObject *hook)
{
  const char *url = rc_worker_message_string (hook, "url");
  g_autofree char *file = url != NULL ? rc_url_file_name (url) : NULL;

  if (hook == NULL)
    return FALSE;
  if (!json_object_has_member (hook, "url") && !json_object_has_member (hook, "bytes")
      && !json_object_has_member (hook, "module"))
    return TRUE;
  return g_strcmp0 (file, "pyodide.asm.wasm") == 0;
}

/* Sub-phases the worker timed itself (wasm-compile); *@last_end becomes the latest end. */
static gboolean
record_hooks (RcRunRecord *record, JsonObject *rc, double *last_end, GError **error)
{
  JsonNode *node = rc != NULL ? json_object_get_member (rc, "hooks") : NULL;
  JsonArray *hooks;

  *last_end = -1;
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return TRUE;
  hooks = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (hooks); i++)
    {
      JsonNode *item = json_array_get_element (hooks, i);
      JsonObject *hook = JSON_NODE_HOLDS_OBJECT (item) ? json_node_get_object (item) : NULL;
      g_autofree char *path = g_strdup_printf ("rc.hooks[%u].", i);
      const char *name = rc_worker_message_string (hook, "name");
      double start, end;

      if (!read_ms (hook, path, "start", -1, &start, error)
          || !read_ms (hook, path, "end", -1, &end, error))
        return FALSE;
      if (name == NULL || end < 0 || !is_interpreter_compile (hook))
        continue;
      rc_run_record_add_sub_phase (record, name, "hook", start, end);
      *last_end = MAX (*last_end, end);
    }
  return TRUE;
}

static gboolean
record_resource (RcRunRecord *record, JsonObject *e, guint i, double *last_end, GError **error)
{
  g_autofree char *path = g_strdup_printf ("rc.resources[%u].", i);
  const char *name = rc_worker_message_string (e, "name");
  g_autofree char *file = name != NULL ? rc_url_file_name (name) : NULL;
  const char *phase = sub_phase_name (file);
  double start, end;
  gint64 transfer, encoded, decoded;

  if (!read_ms (e, path, "startTime", -1, &start, error)
      || !read_ms (e, path, "responseEnd", -1, &end, error)
      || !read_int (e, path, "transferSize", -1, -1, G_MAXINT64, &transfer, error)
      || !read_int (e, path, "encodedBodySize", -1, -1, G_MAXINT64, &encoded, error)
      || !read_int (e, path, "decodedBodySize", -1, -1, G_MAXINT64, &decoded, error))
    return FALSE;
  if (name == NULL)
    return TRUE;
  rc_run_record_add_timing (record, name, rc_worker_message_string (e, "initiatorType"), "worker",
                            start, end, transfer, encoded, decoded);
  if (phase != NULL && strstr (name, "/pyodide/") != NULL)
    {
      rc_run_record_add_sub_phase (record, phase, "resource-timing", start, end);
      *last_end = MAX (*last_end, end);
    }
  return TRUE;
}

/* Python initialisation is what remains from the last interpreter sub-phase until
 * runtime_loaded. */
gboolean
rc_worker_message_record_resources (RcRunRecord *record, JsonObject *rc, double runtime_loaded_ms,
                                    GError **error)
{
  JsonNode *node = rc != NULL ? json_object_get_member (rc, "resources") : NULL;
  JsonArray *entries;
  double last_end = -1, hooks_end;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return TRUE;
  entries = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      JsonNode *item = json_array_get_element (entries, i);

      if (JSON_NODE_HOLDS_OBJECT (item)
          && !record_resource (record, json_node_get_object (item), i, &last_end, error))
        return FALSE;
    }
  if (!record_hooks (record, rc, &hooks_end, error))
    return FALSE;
  last_end = MAX (last_end, hooks_end);
  if (last_end >= 0 && runtime_loaded_ms > last_end)
    rc_run_record_add_sub_phase (record, "python-init", "hook", last_end, runtime_loaded_ms);
  rc_worker_message_note_streaming (record);
  return rc_worker_message_record_importtime (record, rc, runtime_loaded_ms, error);
}

/* ---- rc.importtime: Python's -X importtime lines and the streaming compile ---------------- */

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
