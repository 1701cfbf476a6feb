/* rc-snapshot-maker.c: the snapshot scenario's memory snapshot, made with Node.js. */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-snapshot-maker.h"
#include "core/base/rc-paths.h"

#define SCRIPT_RESOURCE "/earth/osc/RuntimeConsole/js/make-snapshot.mjs"

typedef struct
{
  RcSnapshot *snapshot;
  gint64 started_us;
  char *node;
} Making;

static void
making_free (Making *m)
{
  rc_snapshot_free (m->snapshot);
  g_free (m->node);
  g_free (m);
}

static char *
find_node (void)
{
  char *node = g_find_program_in_path ("node");

  return node != NULL ? node : g_find_program_in_path ("nodejs");
}

static char *
node_version (const char *node)
{
  g_autofree char *out = NULL;
  const char *argv[] = { node, "--version", NULL };

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                     NULL, NULL)
      || out == NULL)
    return g_strdup ("?");
  return g_strdup (g_strstrip (out));
}

/* Names the file by its content: a new snapshot is a new URL, as the CDN's year of
 * max-age needs. */
static gboolean
name_file (RcSnapshot *s, const char *cdn_base, GError **error)
{
  g_autoptr (GMappedFile) mapped = g_mapped_file_new (s->file, FALSE, error);
  g_autoptr (GBytes) bytes = NULL;

  if (mapped == NULL)
    return FALSE;
  bytes = g_mapped_file_get_bytes (mapped);
  s->size_bytes = (gint64) g_bytes_get_size (bytes);
  s->sha256 = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);
  s->name = g_strdup_printf ("rc-snapshot-%.12s.bin", s->sha256);
  s->url = g_strconcat (cdn_base, s->name, NULL);
  return TRUE;
}

static void
read_answer (RcSnapshot *s, const char *out, const char *err)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  const char *version;
  JsonObject *o;

  if (out == NULL || !json_parser_load_from_data (parser, out, -1, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      s->refused = g_strdup_printf (_ ("node gave no answer (%s)"), err != NULL && *err != '\0'
                                                                        ? g_strstrip ((char *) err)
                                                                        : _ ("nothing on stderr"));
      return;
    }
  o = json_node_get_object (json_parser_get_root (parser));
  if (json_object_has_member (o, "error"))
    {
      s->refused = g_strdup_printf (_ ("Pyodide refused to make it: %s"),
                                    json_object_get_string_member (o, "error"));
      return;
    }
  s->snapshot_ms = json_object_get_double_member_with_default (o, "snapshot_ms", -1);
  version = json_object_get_string_member_with_default (o, "version", NULL);
  if (version != NULL)
    {
      g_free (s->pyodide_version);
      s->pyodide_version = g_strdup (version);
    }
}

static void
on_made (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  Making *m = g_task_get_task_data (task);
  RcServer *server = g_task_get_source_object (task);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *base = rc_server_get_cdn_base (server);
  g_autoptr (GError) error = NULL;

  if (!g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &out, &err, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      m->snapshot->refused = g_strdup_printf (_ ("node failed: %s"), error->message);
    }
  else
    read_answer (m->snapshot, out, err);
  m->snapshot->make_ms = (g_get_monotonic_time () - m->started_us) / 1000.0;
  if (m->snapshot->refused == NULL && !name_file (m->snapshot, base, &error))
    m->snapshot->refused = g_strdup_printf (_ ("its file could not be read: %s"), error->message);
  g_task_return_pointer (task, g_steal_pointer (&m->snapshot), (GDestroyNotify) rc_snapshot_free);
}

static void
refuse (GTask *task, RcSnapshot *snapshot, char *why)
{
  snapshot->refused = why;
  g_task_return_pointer (task, snapshot, (GDestroyNotify) rc_snapshot_free);
}

void
rc_snapshot_make_async (RcServer *server, GCancellable *cancellable, GAsyncReadyCallback callback,
                        gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (server, cancellable, callback, user_data);
  g_autoptr (GBytes) script = g_resources_lookup_data (SCRIPT_RESOURCE, 0, NULL);
  g_autofree char *version = NULL;
  g_autofree char *source = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  Making *m = g_new0 (Making, 1);

  g_task_set_source_tag (task, rc_snapshot_make_async);
  g_task_set_task_data (task, m, (GDestroyNotify) making_free);
  m->snapshot = rc_snapshot_new ();
  m->snapshot->pyodide_version = g_strdup (rc_server_get_pyodide_version (server));
  m->snapshot->file = g_build_filename (rc_paths_runtime_dir (), "snapshot.bin", NULL);
  if ((m->node = find_node ()) == NULL)
    {
      refuse (task, g_steal_pointer (&m->snapshot),
              g_strdup (_ ("the snapshot is made with Node.js, and neither node nor nodejs is "
                           "on PATH; install nodejs (18 or later)")));
      return;
    }
  version = node_version (m->node);
  m->snapshot->made_with =
      g_strdup_printf ("node %s (Pyodide %s)", version, m->snapshot->pyodide_version);
  source = g_strndup (g_bytes_get_data (script, NULL), g_bytes_get_size (script));
  m->started_us = g_get_monotonic_time ();
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                              &error, m->node, "--input-type=module", "-e", source,
                              rc_server_get_distribution_dir (server), m->snapshot->file, NULL);
  if (process == NULL)
    {
      refuse (task, g_steal_pointer (&m->snapshot),
              g_strdup_printf (_ ("node could not start: %s"), error->message));
      return;
    }
  g_subprocess_communicate_utf8_async (process, NULL, cancellable, on_made,
                                       g_steal_pointer (&task));
}

RcSnapshot *
rc_snapshot_make_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
on_sync_made (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

RcSnapshot *
rc_snapshot_make_sync (RcServer *server, GCancellable *cancellable, GError **error)
{
  g_autoptr (GMainContext) context = g_main_context_new ();
  g_autoptr (GAsyncResult) result = NULL;
  RcSnapshot *snapshot;

  g_main_context_push_thread_default (context);
  rc_snapshot_make_async (server, cancellable, on_sync_made, &result);
  while (result == NULL)
    g_main_context_iteration (context, TRUE);
  snapshot = rc_snapshot_make_finish (result, error);
  g_main_context_pop_thread_default (context);
  return snapshot;
}
