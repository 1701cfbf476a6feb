/* rc-snapshot.c: the memory snapshot of the snapshot scenario, its report member and savings. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/base/rc-json-builder-private.h"
#include "core/record/rc-run-record.h"
#include "core/analysis/rc-run-stats.h"
#include "core/measurement/rc-snapshot.h"

RcSnapshot *
rc_snapshot_new (void)
{
  RcSnapshot *self = g_new0 (RcSnapshot, 1);

  self->size_bytes = -1;
  self->make_ms = -1;
  self->snapshot_ms = -1;
  return self;
}

RcSnapshot *
rc_snapshot_copy (const RcSnapshot *self)
{
  RcSnapshot *copy;

  if (self == NULL)
    return NULL;
  copy = g_memdup2 (self, sizeof *self);
  copy->name = g_strdup (self->name);
  copy->url = g_strdup (self->url);
  copy->file = g_strdup (self->file);
  copy->sha256 = g_strdup (self->sha256);
  copy->made_with = g_strdup (self->made_with);
  copy->pyodide_version = g_strdup (self->pyodide_version);
  copy->refused = g_strdup (self->refused);
  return copy;
}

void
rc_snapshot_free (RcSnapshot *self)
{
  if (self == NULL)
    return;
  g_free (self->name);
  g_free (self->url);
  g_free (self->file);
  g_free (self->sha256);
  g_free (self->made_with);
  g_free (self->pyodide_version);
  g_free (self->refused);
  g_free (self);
}

/* ---- savings ----------------------------------------------------------------------------- */

static void
median_of (GPtrArray *runs, RcScenario scenario, double *median, guint *ready, guint *failed)
{
  g_autoptr (RcRunStats) stats = rc_run_stats_compute (runs, scenario);
  guint ok = stats->runs - stats->failed;

  *median = ok > 0 ? stats->boot_ms.median : -1;
  *ready = ok;
  if (failed != NULL)
    *failed = stats->failed;
}

static void
add_savings (GArray *out, GPtrArray *runs, const char *engine)
{
  static const RcScenario pairs[][2] = { { RC_SCENARIO_COLD, RC_SCENARIO_SNAPSHOT },
                                         { RC_SCENARIO_WARM, RC_SCENARIO_SNAPSHOT_WARM } };
  g_autoptr (GPtrArray) mine = g_ptr_array_new ();

  for (guint i = 0; i < runs->len; i++)
    if (g_strcmp0 (rc_run_record_get_engine (runs->pdata[i]), engine) == 0)
      g_ptr_array_add (mine, runs->pdata[i]);
  for (guint p = 0; p < G_N_ELEMENTS (pairs); p++)
    {
      RcSnapshotSaving s = { engine, pairs[p][0], pairs[p][1] };

      median_of (mine, s.from, &s.snapshot_ms, &s.snapshot_runs, &s.snapshot_failed);
      if (s.snapshot_runs + s.snapshot_failed == 0)
        continue;
      median_of (mine, s.plain, &s.plain_ms, &s.plain_runs, NULL);
      g_array_append_val (out, s);
    }
}

GArray *
rc_snapshot_savings (GPtrArray *runs)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (RcSnapshotSaving));
  g_autoptr (GPtrArray) engines = g_ptr_array_new ();

  for (guint i = 0; i < runs->len; i++)
    {
      const char *engine = rc_run_record_get_engine (runs->pdata[i]);
      gboolean seen = FALSE;

      for (guint j = 0; j < engines->len; j++)
        seen |= g_strcmp0 (engines->pdata[j], engine) == 0;
      if (!seen)
        g_ptr_array_add (engines, (gpointer) engine);
    }
  for (guint e = 0; e < engines->len; e++)
    add_savings (out, runs, engines->pdata[e]);
  return out;
}

static gboolean
saving_known (const RcSnapshotSaving *s)
{
  return s->plain_ms > 0 && s->snapshot_ms > 0;
}

/* ---- JSON -------------------------------------------------------------------------------- */

static void
add_saving_json (JsonBuilder *b, const RcSnapshotSaving *s)
{
  gboolean known = saving_known (s);

  json_builder_begin_object (b);
  rc_json_add_string (b, "engine", s->engine);
  rc_json_add_string (b, "plain_scenario", rc_scenario_to_string (s->plain));
  rc_json_add_string (b, "snapshot_scenario", rc_scenario_to_string (s->from));
  rc_json_add_measured_double (b, "plain_boot_ms", s->plain_ms);
  rc_json_add_measured_double (b, "snapshot_boot_ms", s->snapshot_ms);
  rc_json_add_double_or_null (b, "saved_ms", s->plain_ms - s->snapshot_ms, !known);
  rc_json_add_double_or_null (b, "speedup", known ? s->plain_ms / s->snapshot_ms : 0, !known);
  rc_json_add_int (b, "plain_runs", s->plain_runs);
  rc_json_add_int (b, "snapshot_runs", s->snapshot_runs);
  rc_json_add_int (b, "snapshot_failed", s->snapshot_failed);
  json_builder_end_object (b);
}

JsonNode *
rc_snapshot_to_json (const RcSnapshot *self, GPtrArray *runs)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (GArray) savings = rc_snapshot_savings (runs);

  json_builder_begin_object (b);
  rc_json_add_bool (b, "experimental", TRUE);
  rc_json_add_string (b, "name", self->name);
  rc_json_add_string (b, "url", self->url);
  rc_json_add_measured_int (b, "size_bytes", self->size_bytes);
  rc_json_add_string (b, "sha256", self->sha256);
  rc_json_add_measured_double (b, "make_ms", self->make_ms);
  rc_json_add_measured_double (b, "snapshot_ms", self->snapshot_ms);
  rc_json_add_string (b, "made_with", self->made_with);
  rc_json_add_string (b, "pyodide_version", self->pyodide_version);
  rc_json_add_string (b, "refused", self->refused);
  rc_json_add_bool (b, "interpreter_only", TRUE);
  json_builder_set_member_name (b, "savings");
  json_builder_begin_array (b);
  for (guint i = 0; i < savings->len; i++)
    add_saving_json (b, &g_array_index (savings, RcSnapshotSaving, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static gboolean
read_string (JsonObject *o, const char *name, char **out, GError **error)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("snapshot.%s: expected a string or null"), name);
      return FALSE;
    }
  *out = g_strdup (json_node_get_string (node));
  return TRUE;
}

static gboolean
read_number (JsonObject *o, const char *name, double *out, GError **error)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node)
      || (json_node_get_value_type (node) != G_TYPE_DOUBLE
          && json_node_get_value_type (node) != G_TYPE_INT64)
      || json_node_get_double (node) < 0)
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("snapshot.%s: expected a number of at least 0, or null"), name);
      return FALSE;
    }
  *out = json_node_get_double (node);
  return TRUE;
}

RcSnapshot *
rc_snapshot_from_json (JsonNode *node, GError **error)
{
  g_autoptr (RcSnapshot) self = rc_snapshot_new ();
  double size = -1;
  JsonObject *o;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("snapshot: expected an object"));
      return NULL;
    }
  o = json_node_get_object (node);
  if (!read_string (o, "name", &self->name, error) || !read_string (o, "url", &self->url, error)
      || !read_string (o, "sha256", &self->sha256, error)
      || !read_string (o, "made_with", &self->made_with, error)
      || !read_string (o, "pyodide_version", &self->pyodide_version, error)
      || !read_string (o, "refused", &self->refused, error)
      || !read_number (o, "size_bytes", &size, error)
      || !read_number (o, "make_ms", &self->make_ms, error)
      || !read_number (o, "snapshot_ms", &self->snapshot_ms, error))
    return NULL;
  self->size_bytes = size >= 0 ? (gint64) size : -1;
  return g_steal_pointer (&self);
}

/* ---- text -------------------------------------------------------------------------------- */

static void
append_heading (const RcSnapshot *self, GString *out, const char *lead)
{
  if (self->refused != NULL)
    {
      g_string_append_printf (out, _ ("%sSnapshot (experimental): not made: %s\n"), lead,
                              self->refused);
      return;
    }
  g_string_append_printf (out,
                          _ ("%sSnapshot (experimental): %.1f MB, made in %.1f s with %s; it "
                             "holds the interpreter only (preloads and the prelude load after "
                             "it)\n"),
                          lead, self->size_bytes / 1e6, self->make_ms / 1000,
                          self->made_with != NULL ? self->made_with : "?");
}

static void
append_saving (const RcSnapshotSaving *s, GString *out, const char *lead)
{
  const char *plain = rc_scenario_to_string (s->plain);
  const char *from = rc_scenario_to_string (s->from);

  if (saving_known (s))
    g_string_append_printf (out,
                            /* TRANSLATORS: "webkit: snapshot 1.20 s vs cold 4.80 s: saves 3.60 s
                               (4.0×), median of 3 and 3" */
                            _ ("%s%s: %s %.2f s vs %s %.2f s: saves %.2f s (%.1f×), median of %u "
                               "and %u\n"),
                            lead, s->engine, from, s->snapshot_ms / 1000, plain, s->plain_ms / 1000,
                            (s->plain_ms - s->snapshot_ms) / 1000, s->plain_ms / s->snapshot_ms,
                            s->snapshot_runs, s->plain_runs);
  else if (s->snapshot_runs == 0)
    g_string_append_printf (out, _ ("%s%s: %s did not boot (%u failed): see its runs\n"), lead,
                            s->engine, from, s->snapshot_failed);
  else
    g_string_append_printf (out, _ ("%s%s: %s %.2f s; no %s run to compare with\n"), lead,
                            s->engine, from, s->snapshot_ms / 1000, plain);
}

void
rc_snapshot_append_text (const RcSnapshot *self, GPtrArray *runs, GString *out)
{
  g_autoptr (GArray) savings = rc_snapshot_savings (runs);

  g_string_append (out, "\n");
  append_heading (self, out, "");
  for (guint i = 0; i < savings->len; i++)
    append_saving (&g_array_index (savings, RcSnapshotSaving, i), out, "  ");
}

void
rc_snapshot_append_markdown (const RcSnapshot *self, GPtrArray *runs, GString *out)
{
  g_autoptr (GArray) savings = rc_snapshot_savings (runs);

  g_string_append_printf (out, "\n### %s\n\n", _ ("Boot from a memory snapshot (experimental)"));
  append_heading (self, out, "");
  g_string_append (out, "\n");
  for (guint i = 0; i < savings->len; i++)
    append_saving (&g_array_index (savings, RcSnapshotSaving, i), out, "- ");
}

char *
rc_snapshot_describe_boot (const RcSnapshot *self)
{
  return g_strdup_printf ("experimental: the interpreter booted from the memory snapshot %s "
                          "(%" G_GINT64_FORMAT " bytes, made with %s); it holds the interpreter "
                          "only: the preloads, import_before_seal and the prelude loaded after "
                          "it as in a plain boot",
                          self->url, self->size_bytes,
                          self->made_with != NULL ? self->made_with : "?");
}
