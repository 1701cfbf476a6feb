/* rc-seal-probe.c: boot, walk under the seal, re-boot with a candidate list, walk again
 * (rc-seal-probe.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-seal-probe.h"

#define WALK_RESOURCE "/earth/osc/RuntimeConsole/py/seal-walk.py"

struct _RcSealProbe
{
  GObject parent_instance;

  RcEngine *engine;
  GStrv packages;
  gboolean private_modules;
};

G_DEFINE_FINAL_TYPE (RcSealProbe, rc_seal_probe, G_TYPE_OBJECT)

enum
{
  SIGNAL_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* One probe run: the rounds so far. */
typedef struct
{
  RcSealReport *report;
  GStrv provided; /* roots import_before_seal may use */
  GStrv list;     /* the list the current boot uses */
  guint round;    /* 0: the community's own list */
  gsize chunk;    /* characters per read of the walk's result */
  gsize length;   /* of the walk's result */
  GString *json;  /* read so far */
  RcRunRecord *record;
} Run;

static void
run_free (Run *run)
{
  rc_seal_report_free (run->report);
  g_strfreev (run->provided);
  g_strfreev (run->list);
  if (run->json != NULL)
    g_string_free (run->json, TRUE);
  rc_run_record_free (run->record);
  g_free (run);
}

static void
rc_seal_probe_finalize (GObject *object)
{
  RcSealProbe *self = RC_SEAL_PROBE (object);

  g_clear_object (&self->engine);
  g_strfreev (self->packages);
  G_OBJECT_CLASS (rc_seal_probe_parent_class)->finalize (object);
}

static void
rc_seal_probe_class_init (RcSealProbeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rc_seal_probe_finalize;
  signals[SIGNAL_MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
rc_seal_probe_init (RcSealProbe *self)
{
}

RcSealProbe *
rc_seal_probe_new (RcEngine *engine)
{
  RcSealProbe *self = g_object_new (RC_TYPE_SEAL_PROBE, NULL);

  self->engine = g_object_ref (engine);
  return self;
}

void
rc_seal_probe_set_packages (RcSealProbe *self, const char *const *packages)
{
  g_return_if_fail (RC_IS_SEAL_PROBE (self));
  g_strfreev (self->packages);
  self->packages = packages != NULL && packages[0] != NULL ? g_strdupv ((char **) packages) : NULL;
}

void
rc_seal_probe_set_private (RcSealProbe *self, gboolean private_modules)
{
  g_return_if_fail (RC_IS_SEAL_PROBE (self));
  self->private_modules = private_modules;
}

static void say (GTask *task, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
say (GTask *task, const char *format, ...)
{
  g_autofree char *line = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  g_signal_emit (g_task_get_source_object (task), signals[SIGNAL_MESSAGE], 0, line);
}

/* ---- the steps ----------------------------------------------------------------------------- */

static void boot_round (GTask *task);

static void
finish (GTask *task, const char *problem)
{
  RcSealProbe *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);

  if (problem != NULL && run->report->problem == NULL)
    run->report->problem = g_strdup (problem);
  rc_engine_set_import_before_seal (self->engine, NULL);
  g_task_return_pointer (task, g_steal_pointer (&run->report),
                         (GDestroyNotify) rc_seal_report_free);
  g_object_unref (task);
}

static RcSealBootCost
cost_of (const RcRunRecord *record)
{
  RcSealBootCost cost = { record->boot_ms, rc_run_record_final_heap (record), 0 };

  for (guint i = 0; i < record->steps->len; i++)
    {
      const RcRunStep *step = record->steps->pdata[i];

      if (g_strcmp0 (step->phase, "importing") == 0 && step->end_ms >= 0)
        cost.import_ms += rc_run_step_duration (step);
    }
  return cost;
}

/* The walk is complete: keep it, then stop or re-boot with a larger list. */
static void
walked (GTask *task, RcSealWalk *walk)
{
  Run *run = g_task_get_task_data (task);
  RcSealReport *report = run->report;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) next = NULL;
  guint added = 0;
  gboolean passed = rc_seal_walk_count_failed (walk, TRUE) == 0;

  if (run->round == 0)
    {
      report->first = walk;
      report->base = cost_of (run->record);
    }
  else
    {
      rc_seal_walk_free (report->checked);
      report->checked = walk;
      g_strfreev (report->tried);
      report->tried = g_strdupv (run->list);
      report->with = cost_of (run->record);
    }
  if (passed)
    {
      report->recommended = g_strdupv (run->list);
      finish (task, rc_seal_walk_count_failed (walk, FALSE) > 0
                        ? _ ("some modules fail for reasons other than the seal: "
                             "import_before_seal cannot fix them")
                        : NULL);
      return;
    }
  if (run->round >= RC_SEAL_PROBE_MAX_REBOOTS)
    {
      finish (task, _ ("still failing after the most re-boots the probe tries"));
      return;
    }
  next = rc_seal_cover (walk, (const char *const *) run->list, (const char *const *) run->provided,
                        &added, &error);
  if (next == NULL || added == 0)
    {
      finish (task, next == NULL ? error->message
                                 : _ ("no import_before_seal entry the validator accepts "
                                      "would reach the failing imports"));
      return;
    }
  g_strfreev (run->list);
  run->list = g_steal_pointer (&next);
  run->round++;
  boot_round (task);
}

static void read_chunk (GTask *task);

static gboolean
take_stdout (GTask *task, GAsyncResult *result, const char **out)
{
  RcSealProbe *self = g_task_get_source_object (task);
  g_autoptr (GError) error = NULL;
  JsonObject *reply = rc_engine_execute_finish (self->engine, result, &error);
  const char *status;

  if (reply == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          g_object_unref (task);
        }
      else
        finish (task, error->message);
      return FALSE;
    }
  /* the task data keeps the reply alive until the next read */
  g_object_set_data_full (G_OBJECT (task), "reply", reply, (GDestroyNotify) json_object_unref);
  status = json_object_get_string_member_with_default (reply, "status", "?");
  if (!g_str_equal (status, "ok"))
    {
      g_autofree char *problem =
          g_strdup_printf (_ ("the walk under the seal ended with status %s: %s"), status,
                           json_object_get_string_member_with_default (reply, "stderr", ""));

      finish (task, problem);
      return FALSE;
    }
  *out = json_object_get_string_member_with_default (reply, "stdout", "");
  return TRUE;
}

static void
on_chunk (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  Run *run = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  const char *text;
  RcSealWalk *walk;

  if (!take_stdout (task, result, &text))
    return;
  g_string_append (run->json, text);
  if (run->json->len < run->length && *text != '\0')
    {
      read_chunk (task);
      return;
    }
  if ((walk = rc_seal_walk_parse (run->json->str, &error)) == NULL)
    {
      finish (task, error->message);
      return;
    }
  walked (task, walk);
}

/* The result can be longer than limits.stdout_chars: read it in pieces that fit. */
static void
read_chunk (GTask *task)
{
  RcSealProbe *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  g_autofree char *code = g_strdup_printf ("print(_rc_seal_result[%" G_GSIZE_FORMAT
                                           ":%" G_GSIZE_FORMAT "], end=\"\")\n",
                                           run->json->len, run->json->len + run->chunk);

  rc_engine_execute_async (self->engine, code, g_task_get_cancellable (task), on_chunk, task);
}

static void
on_walked (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  Run *run = g_task_get_task_data (task);
  const char *text;
  g_autofree char *number = NULL;
  guint64 length;

  if (!take_stdout (task, result, &text))
    return;
  number = g_strstrip (g_strdup (text));
  if (!g_ascii_string_to_unsigned (number, 10, 1, G_MAXSIZE, &length, NULL))
    {
      g_autofree char *problem = g_strdup_printf (
          _ ("the walk under the seal printed “%s”, not its result's length"), text);

      finish (task, problem);
      return;
    }
  run->length = length;
  if (run->json != NULL)
    g_string_free (run->json, TRUE);
  run->json = g_string_sized_new (length);
  read_chunk (task);
}

static char *
walk_code (RcSealProbe *self, Run *run, GError **error)
{
  g_autoptr (GBytes) source = g_resources_lookup_data (WALK_RESOURCE, 0, error);
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *roots = NULL;

  if (source == NULL)
    return NULL;
  json_builder_begin_array (b);
  for (guint i = 0; run->report->packages[i] != NULL; i++)
    json_builder_add_string_value (b, run->report->packages[i]);
  json_builder_end_array (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  /* a JSON array of plain strings is a Python list literal */
  roots = json_generator_to_data (gen, NULL);
  return g_strdup_printf ("%.*s\n_rc_seal_result = _rc_seal_walk(%s, %s)\n"
                          "print(len(_rc_seal_result))\n",
                          (int) g_bytes_get_size (source),
                          (const char *) g_bytes_get_data (source, NULL), roots,
                          self->private_modules ? "True" : "False");
}

static void
on_booted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  RcSealProbe *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autofree char *code = NULL;

  g_clear_pointer (&run->record, rc_run_record_free);
  run->record = rc_engine_boot_finish (self->engine, result, &error);
  if (run->record == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }
  run->report->boots++;
  if (run->record->outcome.state != RC_OUTCOME_READY)
    {
      g_autofree char *list = g_strjoinv (", ", run->list);
      g_autofree char *problem =
          g_strdup_printf (_ ("the boot with import_before_seal: [%s] failed (%s): %s"), list,
                           run->record->outcome.kind, run->record->outcome.message);

      if (run->round > 0)
        {
          g_strfreev (run->report->tried);
          run->report->tried = g_strdupv (run->list);
        }
      finish (task, problem);
      return;
    }
  say (task, _ ("ready in %.2f s; importing every module under the seal"),
       run->record->boot_ms / 1000);
  if ((code = walk_code (self, run, &error)) == NULL)
    {
      finish (task, error->message);
      return;
    }
  rc_engine_execute_async (self->engine, code, g_task_get_cancellable (task), on_walked, task);
}

static void
boot_round (GTask *task)
{
  RcSealProbe *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  g_autofree char *list = g_strjoinv (", ", run->list);

  say (task, _ ("boot %u: cold, import_before_seal: [%s]"), run->round + 1, list);
  rc_engine_set_import_before_seal (self->engine,
                                    run->round > 0 ? (const char *const *) run->list : NULL);
  rc_engine_boot_async (self->engine, RC_BOOT_MODE_COLD, g_task_get_cancellable (task), on_booted,
                        task);
}

/* ---- setup --------------------------------------------------------------------------------- */

static GStrv
strv_of (JsonObject *o, const char *member)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  JsonNode *node = json_object_get_member (o, member);

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
      {
        JsonNode *item = json_array_get_element (json_node_get_array (node), i);

        if (JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_STRING)
          g_strv_builder_add (b, json_node_get_string (item));
      }
  return g_strv_builder_end (b);
}

static gsize
chunk_size (JsonObject *python)
{
  JsonNode *limits = json_object_get_member (python, "limits");
  gint64 chars = 16384;

  if (limits != NULL && JSON_NODE_HOLDS_OBJECT (limits))
    chars = json_object_get_int_member_with_default (json_node_get_object (limits), "stdout_chars",
                                                     chars);
  /* the worker clips stdout longer than the limit; keep well inside it */
  return MAX (128, chars - 128);
}

void
rc_seal_probe_run_async (RcSealProbe *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                         gpointer user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  RcCommunity *community = rc_engine_get_community (self->engine);
  g_autoptr (JsonObject) python =
      rc_community_get_runtime_python (community, rc_engine_get_deployment (self->engine));
  g_auto (GStrv) preload = NULL;
  Run *run;

  g_task_set_source_tag (task, rc_seal_probe_run_async);
  if (python == NULL)
    {
      g_task_return_new_error (task, RC_ENGINE_ERROR, RC_ENGINE_ERROR_NO_RUNTIME,
                               _ ("The community has no runtime.python to probe"));
      g_object_unref (task);
      return;
    }
  run = g_new0 (Run, 1);
  g_task_set_task_data (task, run, (GDestroyNotify) run_free);
  run->report = rc_seal_report_new (rc_community_get_name (community));
  preload = strv_of (python, "preload");
  run->provided = rc_seal_provided_roots ((const char *const *) preload);
  run->report->packages =
      self->packages != NULL ? g_strdupv (self->packages) : g_strdupv (run->provided);
  run->report->configured = strv_of (python, "import_before_seal");
  run->list = g_strdupv (run->report->configured);
  run->chunk = chunk_size (python);
  if (run->report->packages[0] == NULL)
    {
      finish (task, _ ("the community preloads nothing, so there is nothing to probe"));
      return;
    }
  boot_round (task);
}

RcSealReport *
rc_seal_probe_run_finish (RcSealProbe *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
