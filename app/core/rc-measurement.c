/* rc-measurement.c: the measurement aggregate and its versioned JSON report. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "rc-diagnostic.h"
#include "rc-measurement.h"

RcMeasurement *
rc_measurement_new (const char *community)
{
  RcMeasurement *self = g_new0 (RcMeasurement, 1);
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

  self->tool_version = g_strdup (PACKAGE_VERSION);
  self->community = g_strdup (community);
  self->created = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
  self->runs = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_run_record_free);
  return self;
}

void
rc_measurement_free (RcMeasurement *self)
{
  if (self == NULL)
    return;
  g_free (self->tool_version);
  g_free (self->community);
  g_free (self->created);
  g_ptr_array_unref (self->runs);
  g_free (self);
}

void
rc_measurement_add_run (RcMeasurement *self, RcRunRecord *run)
{
  g_ptr_array_add (self->runs, run);
}

GArray *
rc_measurement_scenarios (const RcMeasurement *self)
{
  GArray *scenarios = g_array_new (FALSE, FALSE, sizeof (RcScenario));

  for (guint i = 0; i < self->runs->len; i++)
    {
      RcScenario s = ((RcRunRecord *) self->runs->pdata[i])->scenario;
      gboolean seen = FALSE;

      for (guint j = 0; j < scenarios->len; j++)
        seen |= g_array_index (scenarios, RcScenario, j) == s;
      if (!seen)
        g_array_append_val (scenarios, s);
    }
  return scenarios;
}

RcRunStats *
rc_measurement_stats (const RcMeasurement *self, RcScenario scenario)
{
  return rc_run_stats_compute (self->runs, scenario);
}

GPtrArray *
rc_measurement_flags (const RcMeasurement *self)
{
  GPtrArray *flags = rc_diagnostics_new ();

  for (guint i = 0; i < self->runs->len; i++)
    {
      g_autoptr (RcRunAnalysis) a = rc_run_analyse (self->runs->pdata[i]);

      for (guint j = 0; j < a->flags->len; j++)
        g_ptr_array_add (flags, rc_diagnostic_copy (a->flags->pdata[j]));
    }
  return flags;
}

/* writing */

static void
add_stat (JsonBuilder *b, const char *name, const RcStat *stat)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "n");
  json_builder_add_int_value (b, stat->n);
  json_builder_set_member_name (b, "median");
  json_builder_add_double_value (b, stat->median);
  json_builder_set_member_name (b, "min");
  json_builder_add_double_value (b, stat->min);
  json_builder_set_member_name (b, "max");
  json_builder_add_double_value (b, stat->max);
  json_builder_end_object (b);
}

static void
add_totals (JsonBuilder *b, const char *name, GPtrArray *totals)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < totals->len; i++)
    {
      const RcByteTotal *t = totals->pdata[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "key");
      json_builder_add_string_value (b, t->key);
      json_builder_set_member_name (b, "step");
      json_builder_add_int_value (b, t->step);
      json_builder_set_member_name (b, "requests");
      json_builder_add_int_value (b, t->requests);
      json_builder_set_member_name (b, "network");
      json_builder_add_int_value (b, t->network);
      json_builder_set_member_name (b, "bytes");
      json_builder_add_int_value (b, (gint64) t->bytes);
      json_builder_set_member_name (b, "download_ms");
      json_builder_add_double_value (b, t->download_ms);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_time (JsonBuilder *b, const char *name, double value)
{
  json_builder_set_member_name (b, name);
  if (isnan (value))
    json_builder_add_null_value (b);
  else
    json_builder_add_double_value (b, value);
}

static void
add_resource (JsonBuilder *b, const RcResourceVerdict *r)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "url");
  json_builder_add_string_value (b, r->url);
  json_builder_set_member_name (b, "file_name");
  json_builder_add_string_value (b, r->file_name);
  json_builder_set_member_name (b, "verdict");
  json_builder_add_string_value (b, rc_verdict_to_string (r->verdict));
  json_builder_set_member_name (b, "reason");
  json_builder_add_string_value (b, r->reason);
  json_builder_set_member_name (b, "step");
  json_builder_add_int_value (b, r->step);
  json_builder_set_member_name (b, "step_key");
  json_builder_add_string_value (b, r->step_key);
  json_builder_set_member_name (b, "group");
  json_builder_add_string_value (b, r->group);
  json_builder_set_member_name (b, "bytes");
  json_builder_add_int_value (b, (gint64) r->bytes);
  json_builder_set_member_name (b, "status");
  json_builder_add_int_value (b, r->status);
  add_time (b, "start_ms", r->start_ms);
  add_time (b, "end_ms", r->end_ms);
  json_builder_end_object (b);
}

static JsonNode *
analysis_to_json (const RcRunAnalysis *a)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "total_bytes");
  json_builder_add_int_value (b, (gint64) a->total_bytes);
  json_builder_set_member_name (b, "after_ready_bytes");
  json_builder_add_int_value (b, (gint64) a->after_ready_bytes);
  json_builder_set_member_name (b, "verdicts");
  json_builder_begin_object (b);
  for (guint v = 0; v <= RC_VERDICT_DISAGREE; v++)
    {
      json_builder_set_member_name (b, rc_verdict_to_string (v));
      json_builder_add_int_value (b, a->counts[v]);
    }
  json_builder_end_object (b);
  json_builder_set_member_name (b, "resources");
  json_builder_begin_array (b);
  for (guint i = 0; i < a->resources->len; i++)
    add_resource (b, a->resources->pdata[i]);
  json_builder_end_array (b);
  add_totals (b, "step_totals", a->step_totals);
  add_totals (b, "group_totals", a->group_totals);
  json_builder_set_member_name (b, "flags");
  json_builder_begin_array (b);
  for (guint i = 0; i < a->flags->len; i++)
    json_builder_add_value (b, rc_diagnostic_to_json (a->flags->pdata[i]));
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
add_stats (JsonBuilder *b, const RcMeasurement *self, const RcRunStats *s)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "scenario");
  json_builder_add_string_value (b, rc_scenario_to_string (s->scenario));
  json_builder_set_member_name (b, "runs");
  json_builder_add_int_value (b, s->runs);
  json_builder_set_member_name (b, "failed");
  json_builder_add_int_value (b, s->failed);
  json_builder_set_member_name (b, "median_run");
  if (s->median_run >= 0)
    json_builder_add_string_value (b, ((RcRunRecord *) self->runs->pdata[s->median_run])->run_id);
  else
    json_builder_add_null_value (b);
  add_stat (b, "boot_ms", &s->boot_ms);
  add_stat (b, "total_bytes", &s->total_bytes);
  add_stat (b, "heap_bytes", &s->heap_bytes);
  add_stat (b, "rss_bytes", &s->rss_bytes);
  json_builder_set_member_name (b, "steps");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->steps->len; i++)
    {
      const RcStepStat *st = s->steps->pdata[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "key");
      json_builder_add_string_value (b, st->key);
      json_builder_set_member_name (b, "step");
      json_builder_add_int_value (b, st->step);
      add_stat (b, "duration_ms", &st->duration_ms);
      add_stat (b, "heap_bytes", &st->heap_bytes);
      add_stat (b, "bytes", &st->bytes);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

JsonNode *
rc_measurement_to_json (const RcMeasurement *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (GArray) scenarios = rc_measurement_scenarios (self);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "schema");
  json_builder_add_string_value (b, RC_RUN_REPORT_SCHEMA);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, RC_RUN_REPORT_VERSION);
  json_builder_set_member_name (b, "tool");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, "runtime-console");
  json_builder_set_member_name (b, "version");
  json_builder_add_string_value (b, self->tool_version);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "community");
  json_builder_add_string_value (b, self->community);
  json_builder_set_member_name (b, "created");
  json_builder_add_string_value (b, self->created);
  json_builder_set_member_name (b, "runs");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->runs->len; i++)
    {
      JsonNode *run = rc_run_record_to_json (self->runs->pdata[i]);
      g_autoptr (RcRunAnalysis) a = rc_run_analyse (self->runs->pdata[i]);

      json_object_set_member (json_node_get_object (run), "analysis", analysis_to_json (a));
      json_builder_add_value (b, run);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "statistics");
  json_builder_begin_array (b);
  for (guint i = 0; i < scenarios->len; i++)
    {
      g_autoptr (RcRunStats) s =
          rc_measurement_stats (self, g_array_index (scenarios, RcScenario, i));

      add_stats (b, self, s);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
rc_measurement_to_json_string (const RcMeasurement *self)
{
  g_autoptr (JsonNode) root = rc_measurement_to_json (self);
  g_autoptr (JsonGenerator) gen = json_generator_new ();

  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  return json_generator_to_data (gen, NULL);
}

/* reading */

static const char *
string_member (JsonObject *o, const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

RcMeasurement *
rc_measurement_from_json (JsonNode *node, GError **error)
{
  g_autoptr (RcMeasurement) self = NULL;
  JsonObject *o;
  JsonNode *version, *runs;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("the report is not a JSON object"));
      return NULL;
    }
  o = json_node_get_object (node);
  if (g_strcmp0 (string_member (o, "schema"), RC_RUN_REPORT_SCHEMA) != 0)
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_VERSION,
                   _ ("schema: expected “%s”; this is not a runtime-console run report"),
                   RC_RUN_REPORT_SCHEMA);
      return NULL;
    }
  version = json_object_get_member (o, "version");
  if (version == NULL || !JSON_NODE_HOLDS_VALUE (version)
      || json_node_get_value_type (version) != G_TYPE_INT64
      || json_node_get_int (version) != RC_RUN_REPORT_VERSION)
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_VERSION,
                   _ ("version: this runtime-console reads run reports of version %d only"),
                   RC_RUN_REPORT_VERSION);
      return NULL;
    }
  runs = json_object_get_member (o, "runs");
  if (runs == NULL || !JSON_NODE_HOLDS_ARRAY (runs))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID, _ ("runs: expected an array"));
      return NULL;
    }
  self = rc_measurement_new (string_member (o, "community"));
  if (string_member (o, "created") != NULL)
    {
      g_free (self->created);
      self->created = g_strdup (string_member (o, "created"));
    }
  if (json_object_has_member (o, "tool")
      && JSON_NODE_HOLDS_OBJECT (json_object_get_member (o, "tool")))
    {
      g_free (self->tool_version);
      self->tool_version =
          g_strdup (string_member (json_object_get_object_member (o, "tool"), "version"));
    }
  for (guint i = 0; i < json_array_get_length (json_node_get_array (runs)); i++)
    {
      g_autofree char *path = g_strdup_printf ("runs[%u]", i);
      RcRunRecord *run = rc_run_record_from_json (
          json_array_get_element (json_node_get_array (runs), i), path, error);

      if (run == NULL)
        return NULL;
      rc_measurement_add_run (self, run);
    }
  return g_steal_pointer (&self);
}

RcMeasurement *
rc_measurement_load (const char *path, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) local = NULL;
  RcMeasurement *self;

  if (!json_parser_load_from_file (parser, path, &local))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID, "%s: %s", path, local->message);
      return NULL;
    }
  self = rc_measurement_from_json (json_parser_get_root (parser), &local);
  if (self == NULL)
    g_set_error (error, RC_RECORD_ERROR, local->code, "%s: %s", path, local->message);
  return self;
}
