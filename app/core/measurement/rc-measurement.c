/* rc-measurement.c: the measurement aggregate and its versioned JSON report. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "core/base/rc-diagnostic.h"
#include "core/base/rc-json-builder-private.h"
#include "core/base/rc-json-positions.h"
#include "core/measurement/rc-control-engines.h"
#include "core/measurement/rc-measurement.h"

/* A kept analysis. It is shared, counted, by a report and its rc_measurement_copy_engine()
 * copies: their runs are copies, their analyses the same. */
typedef struct
{
  RcRunAnalysis *analysis;
} SharedAnalysis;

static void
shared_analysis_clear (gpointer data)
{
  rc_run_analysis_free (((SharedAnalysis *) data)->analysis);
}

typedef struct
{
  /* the run it was made for: a slot whose run is another was left by a change of the array
   * (runs taken out directly, as merging does) and is made again */
  const RcRunRecord *run;
  SharedAnalysis *shared;
} AnalysisSlot;

static void
analysis_slot_clear (gpointer data)
{
  AnalysisSlot *slot = data;

  if (slot->shared != NULL)
    g_rc_box_release_full (slot->shared, shared_analysis_clear);
  slot->shared = NULL;
  slot->run = NULL;
}

static AnalysisSlot *
analysis_slot (const RcMeasurement *self, guint index)
{
  if (self->analyses->len < self->runs->len)
    g_array_set_size (self->analyses, self->runs->len);
  return &g_array_index (self->analyses, AnalysisSlot, index);
}

const RcRunAnalysis *
rc_measurement_get_analysis (const RcMeasurement *self, guint index)
{
  AnalysisSlot *slot;

  g_return_val_if_fail (index < self->runs->len, NULL);

  slot = analysis_slot (self, index);
  if (slot->run != self->runs->pdata[index] || slot->shared == NULL)
    {
      analysis_slot_clear (slot);
      slot->run = self->runs->pdata[index];
      slot->shared = g_rc_box_new0 (SharedAnalysis);
      slot->shared->analysis = rc_run_analyse (slot->run);
    }
  return slot->shared->analysis;
}

void
rc_measurement_forget_analyses (RcMeasurement *self)
{
  g_array_set_size (self->analyses, 0);
}

/* @from's analysis of its run @index, for @to's last run (a copy of it). */
static void
share_analysis (RcMeasurement *to, const RcMeasurement *from, guint index)
{
  AnalysisSlot *slot;

  rc_measurement_get_analysis (from, index);
  slot = analysis_slot (to, to->runs->len - 1);
  analysis_slot_clear (slot);
  slot->run = to->runs->pdata[to->runs->len - 1];
  slot->shared = g_rc_box_acquire (analysis_slot (from, index)->shared);
}

RcMeasurement *
rc_measurement_new (const char *community)
{
  RcMeasurement *self = g_new0 (RcMeasurement, 1);
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

  self->tool_version = g_strdup (PACKAGE_VERSION);
  self->community = g_strdup (community);
  self->created = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
  self->runs = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_run_record_free);
  self->controls = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_control_free);
  self->analyses = g_array_new (FALSE, TRUE, sizeof (AnalysisSlot));
  g_array_set_clear_func (self->analyses, analysis_slot_clear);
  self->model_delay_ms = RC_PRELOAD_SIM_DEFAULT_MODEL_DELAY_MS;
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
  g_ptr_array_unref (self->controls);
  rc_snapshot_free (self->snapshot);
  g_array_unref (self->analyses);
  g_free (self);
}

/* The first control that booted, else the first. */
static void
pick_control (RcMeasurement *self)
{
  self->control = self->controls->len > 0 ? self->controls->pdata[0] : NULL;
  for (guint i = 0; i < self->controls->len; i++)
    if (rc_control_booted (self->controls->pdata[i]))
      {
        self->control = self->controls->pdata[i];
        return;
      }
}

void
rc_measurement_set_control (RcMeasurement *self, RcControl *control)
{
  g_ptr_array_set_size (self->controls, 0);
  if (control != NULL)
    g_ptr_array_add (self->controls, control);
  pick_control (self);
}

void
rc_measurement_add_control (RcMeasurement *self, RcControl *control)
{
  g_ptr_array_add (self->controls, control);
  pick_control (self);
}

gboolean
rc_measurement_is_valid (const RcMeasurement *self)
{
  for (guint i = 0; i < self->controls->len; i++)
    if (rc_control_booted (self->controls->pdata[i]))
      return FALSE;
  return TRUE;
}

char *
rc_measurement_describe_invalid (const RcMeasurement *self)
{
  return rc_controls_describe_invalid (self->controls);
}

void
rc_measurement_add_run (RcMeasurement *self, RcRunRecord *run)
{
  /* slots past the end were left by runs taken out directly: @run may have one's address */
  if (self->analyses->len > self->runs->len)
    g_array_set_size (self->analyses, self->runs->len);
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

GPtrArray *
rc_measurement_engines (const RcMeasurement *self)
{
  GPtrArray *engines = g_ptr_array_new ();

  for (guint i = 0; i < self->runs->len; i++)
    {
      const char *engine = rc_run_record_get_engine (self->runs->pdata[i]);
      gboolean seen = FALSE;

      for (guint j = 0; j < engines->len; j++)
        seen |= g_str_equal (engines->pdata[j], engine);
      if (!seen)
        g_ptr_array_add (engines, (gpointer) engine);
    }
  return engines;
}

RcMeasurement *
rc_measurement_copy_engine (const RcMeasurement *self, const char *engine)
{
  RcMeasurement *only = rc_measurement_new (self->community);

  only->model_delay_ms = self->model_delay_ms;
  only->read_version = self->read_version;
  only->snapshot = rc_snapshot_copy (self->snapshot);
  for (guint i = 0; i < self->runs->len; i++)
    if (g_str_equal (rc_run_record_get_engine (self->runs->pdata[i]), engine))
      {
        rc_measurement_add_run (only, rc_run_record_copy (self->runs->pdata[i]));
        share_analysis (only, self, i);
      }
  return only;
}

RcRunStats *
rc_measurement_stats (const RcMeasurement *self, RcScenario scenario)
{
  g_autoptr (GPtrArray) analyses = g_ptr_array_sized_new (self->runs->len);

  /* only @scenario's are read */
  for (guint i = 0; i < self->runs->len; i++)
    g_ptr_array_add (analyses, ((RcRunRecord *) self->runs->pdata[i])->scenario == scenario
                                   ? (gpointer) rc_measurement_get_analysis (self, i)
                                   : NULL);
  return rc_run_stats_compute_with (self->runs, analyses, scenario);
}

GPtrArray *
rc_measurement_flags (const RcMeasurement *self)
{
  GPtrArray *flags = rc_diagnostics_new ();

  for (guint i = 0; i < self->runs->len; i++)
    {
      const RcRunAnalysis *a = rc_measurement_get_analysis (self, i);

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
  rc_json_add_int (b, "n", stat->n);
  rc_json_add_double (b, "median", stat->median);
  rc_json_add_double (b, "min", stat->min);
  rc_json_add_double (b, "max", stat->max);
  json_builder_end_object (b);
}

static void
add_total (JsonBuilder *b, gconstpointer item)
{
  const RcByteTotal *t = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "key", t->key);
  rc_json_add_int (b, "step", t->step);
  rc_json_add_int (b, "requests", t->requests);
  rc_json_add_int (b, "network", t->network);
  rc_json_add_int (b, "bytes", (gint64) t->bytes);
  rc_json_add_measured_int (b, "decoded_bytes", t->decoded_bytes);
  rc_json_add_double (b, "download_ms", t->download_ms);
  json_builder_end_object (b);
}

static void
add_resource (JsonBuilder *b, gconstpointer item)
{
  const RcResourceVerdict *r = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "url", r->url);
  rc_json_add_string (b, "file_name", r->file_name);
  rc_json_add_string (b, "verdict", rc_verdict_to_string (r->verdict));
  rc_json_add_string (b, "reason", r->reason);
  rc_json_add_int (b, "step", r->step);
  rc_json_add_string (b, "step_key", r->step_key);
  rc_json_add_string (b, "group", r->group);
  rc_json_add_int (b, "bytes", (gint64) r->bytes);
  rc_json_add_measured_int (b, "decoded_bytes", r->decoded_bytes);
  rc_json_add_int (b, "status", r->status);
  rc_json_add_double_or_null (b, "start_ms", r->start_ms, isnan (r->start_ms));
  rc_json_add_double_or_null (b, "end_ms", r->end_ms, isnan (r->end_ms));
  json_builder_end_object (b);
}

static void
add_flag (JsonBuilder *b, gconstpointer item)
{
  json_builder_add_value (b, rc_diagnostic_to_json (item));
}

static JsonNode *
analysis_to_json (const RcRunAnalysis *a)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  rc_json_add_int (b, "total_bytes", (gint64) a->total_bytes);
  rc_json_add_int (b, "after_ready_bytes", (gint64) a->after_ready_bytes);
  rc_json_add_measured_int (b, "total_decoded_bytes", a->total_decoded_bytes);
  rc_json_add_measured_int (b, "after_ready_decoded_bytes", a->after_ready_decoded_bytes);
  json_builder_set_member_name (b, "verdicts");
  json_builder_begin_object (b);
  for (guint v = 0; v <= RC_VERDICT_DISAGREE; v++)
    rc_json_add_int (b, rc_verdict_to_string (v), a->counts[v]);
  json_builder_end_object (b);
  rc_json_add_array (b, "resources", a->resources, add_resource);
  rc_json_add_array (b, "step_totals", a->step_totals, add_total);
  rc_json_add_array (b, "group_totals", a->group_totals, add_total);
  rc_json_add_array (b, "flags", a->flags, add_flag);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
add_step_stat (JsonBuilder *b, gconstpointer item)
{
  const RcStepStat *st = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "key", st->key);
  rc_json_add_int (b, "step", st->step);
  add_stat (b, "duration_ms", &st->duration_ms);
  add_stat (b, "heap_bytes", &st->heap_bytes);
  add_stat (b, "bytes", &st->bytes);
  add_stat (b, "decoded_bytes", &st->decoded_bytes);
  json_builder_end_object (b);
}

static void
add_stats (JsonBuilder *b, const RcMeasurement *self, const char *engine, const RcRunStats *s)
{
  json_builder_begin_object (b);
  rc_json_add_string (b, "engine", engine);
  rc_json_add_string (b, "scenario", rc_scenario_to_string (s->scenario));
  rc_json_add_int (b, "runs", s->runs);
  rc_json_add_int (b, "failed", s->failed);
  rc_json_add_string (
      b, "median_run",
      s->median_run >= 0 ? ((RcRunRecord *) self->runs->pdata[s->median_run])->run_id : NULL);
  add_stat (b, "boot_ms", &s->boot_ms);
  add_stat (b, "start_ms", &s->start_ms);
  add_stat (b, "total_bytes", &s->total_bytes);
  add_stat (b, "total_decoded_bytes", &s->total_decoded_bytes);
  add_stat (b, "heap_bytes", &s->heap_bytes);
  add_stat (b, "rss_bytes", &s->rss_bytes);
  rc_json_add_array (b, "steps", s->steps, add_step_stat);
  json_builder_end_object (b);
}

/* The preload_on part of the report. */

/* Median boot of @scenario's ready runs, -1 when none reached ready. */
static double
median_boot (const RcMeasurement *self, RcScenario scenario, double *bytes)
{
  g_autoptr (RcRunStats) stats = rc_measurement_stats (self, scenario);

  if (stats->runs == 0 || stats->failed == stats->runs)
    return -1;
  if (bytes != NULL)
    *bytes = stats->total_bytes.n > 0 ? stats->total_bytes.median : -1;
  return stats->boot_ms.median;
}

void
rc_measurement_preload_sim (const RcMeasurement *self, RcPreloadSim *out)
{
  double bytes = -1;
  double cold = median_boot (self, RC_SCENARIO_COLD, &bytes);
  /* warm is the second boot in the same profile; a warm restart is the next best thing */
  double warm = median_boot (self, RC_SCENARIO_WARM, NULL);

  if (warm < 0)
    warm = median_boot (self, RC_SCENARIO_WARM_RESTART, NULL);
  rc_preload_sim_compute (out, self->model_delay_ms, cold, warm, bytes);
}

static void
add_waits (JsonBuilder *b, const char *name, const RcPreloadWait *w)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  rc_json_add_measured_double (b, "wait_ms", w->wait_ms);
  rc_json_add_measured_double (b, "worst_wait_ms", w->worst_wait_ms);
  rc_json_add_double_or_null (b, "added_ms", w->added_ms, w->wait_ms < 0);
  json_builder_end_object (b);
}

JsonNode *
rc_measurement_preload_to_json (const RcMeasurement *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *line = NULL;
  RcPreloadSim sim;

  rc_measurement_preload_sim (self, &sim);
  line = rc_preload_sim_recommendation (&sim);
  json_builder_begin_object (b);
  rc_json_add_double (b, "model_delay_ms", sim.model_delay_ms);
  rc_json_add_measured_double (b, "cold_boot_ms", sim.cold_boot_ms);
  rc_json_add_measured_double (b, "warm_boot_ms", sim.warm_boot_ms);
  json_builder_set_member_name (b, "options");
  json_builder_begin_array (b);
  for (guint i = 0; i < RC_PRELOAD_N_VALUES; i++)
    {
      json_builder_begin_object (b);
      rc_json_add_string (b, "preload_on", rc_preload_on_to_string (i));
      rc_json_add_bool (b, "every_visitor", sim.cold[i].every_visitor);
      add_waits (b, "cold", &sim.cold[i]);
      add_waits (b, "warm", &sim.warm[i]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  rc_json_add_string (b, "recommended",
                      line != NULL ? rc_preload_on_to_string (sim.recommended) : NULL);
  rc_json_add_string (b, "recommendation", line);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

JsonNode *
rc_measurement_to_json (const RcMeasurement *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (GArray) scenarios = rc_measurement_scenarios (self);
  g_autoptr (GPtrArray) engines = rc_measurement_engines (self);

  json_builder_begin_object (b);
  rc_json_add_string (b, "schema", RC_RUN_REPORT_SCHEMA);
  rc_json_add_int (b, "version", RC_RUN_REPORT_VERSION);
  json_builder_set_member_name (b, "tool");
  json_builder_begin_object (b);
  rc_json_add_string (b, "name", "runtime-console");
  rc_json_add_string (b, "version", self->tool_version);
  json_builder_end_object (b);
  rc_json_add_string (b, "community", self->community);
  rc_json_add_string (b, "created", self->created);
  json_builder_set_member_name (b, "runs");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->runs->len; i++)
    {
      JsonNode *run = rc_run_record_to_json (self->runs->pdata[i]);
      const RcRunAnalysis *a = rc_measurement_get_analysis (self, i);

      json_object_set_member (json_node_get_object (run), "analysis", analysis_to_json (a));
      json_builder_add_value (b, run);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "statistics");
  json_builder_begin_array (b);
  /* per engine and scenario: a median over several browsers is no browser's */
  for (guint e = 0; e < engines->len; e++)
    {
      g_autoptr (RcMeasurement) only = rc_measurement_copy_engine (self, engines->pdata[e]);

      for (guint i = 0; i < scenarios->len; i++)
        {
          g_autoptr (RcRunStats) s =
              rc_measurement_stats (only, g_array_index (scenarios, RcScenario, i));

          if (s->runs > 0)
            add_stats (b, only, engines->pdata[e], s);
        }
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "control");
  if (self->control != NULL)
    json_builder_add_value (b, rc_control_to_json (self->control));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "controls");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->controls->len; i++)
    json_builder_add_value (b, rc_control_to_json (self->controls->pdata[i]));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "valid");
  json_builder_add_boolean_value (b, rc_measurement_is_valid (self));
  json_builder_set_member_name (b, "preload_on");
  json_builder_add_value (b, rc_measurement_preload_to_json (self));
  if (self->snapshot != NULL)
    {
      json_builder_set_member_name (b, "snapshot");
      json_builder_add_value (b, rc_snapshot_to_json (self->snapshot, self->runs));
    }
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

/* The simulation itself is recomputed; only the model delay it was asked for is kept. */
static void
read_model_delay (RcMeasurement *self, JsonObject *o)
{
  JsonNode *sim = json_object_get_member (o, "preload_on");
  JsonNode *delay;

  if (sim == NULL || !JSON_NODE_HOLDS_OBJECT (sim))
    return;
  delay = json_object_get_member (json_node_get_object (sim), "model_delay_ms");
  if (delay != NULL && JSON_NODE_HOLDS_VALUE (delay)
      && (json_node_get_value_type (delay) == G_TYPE_DOUBLE
          || json_node_get_value_type (delay) == G_TYPE_INT64)
      && json_node_get_double (delay) >= 0)
    self->model_delay_ms = json_node_get_double (delay);
}

/* "controls" (one per engine) when the report has it, else the single "control" of reports
 * written before. */
static gboolean
read_controls (RcMeasurement *self, JsonObject *o, GError **error)
{
  JsonNode *controls = json_object_get_member (o, "controls");
  JsonNode *single = json_object_get_member (o, "control");
  RcControl *control;

  if (controls != NULL && !JSON_NODE_HOLDS_NULL (controls))
    {
      JsonArray *array;

      if (!JSON_NODE_HOLDS_ARRAY (controls))
        {
          g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                       _ ("controls: expected an array"));
          return FALSE;
        }
      array = json_node_get_array (controls);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *path = g_strdup_printf ("controls[%u]", i);

          control = rc_control_from_json (json_array_get_element (array, i), path, error);
          if (control == NULL)
            return FALSE;
          rc_measurement_add_control (self, control);
        }
      return TRUE;
    }
  if (single == NULL || JSON_NODE_HOLDS_NULL (single))
    return TRUE;
  control = rc_control_from_json (single, "control", error);
  if (control == NULL)
    return FALSE;
  rc_measurement_set_control (self, control);
  return TRUE;
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
      || json_node_get_value_type (version) != G_TYPE_INT64 || json_node_get_int (version) < 1
      || json_node_get_int (version) > RC_RUN_REPORT_VERSION)
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_VERSION,
                   _ ("version: this runtime-console reads run reports of versions 1 to %d"),
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
  read_model_delay (self, o);
  self->read_version = (guint) json_node_get_int (version);
  for (guint i = 0; i < json_array_get_length (json_node_get_array (runs)); i++)
    {
      g_autofree char *path = g_strdup_printf ("runs[%u]", i);
      RcRunRecord *run = rc_run_record_from_json (
          json_array_get_element (json_node_get_array (runs), i), path, error);

      if (run == NULL)
        return NULL;
      /* version 1 timed the boot from the console's load call, browser start included */
      if (json_node_get_int (version) == 1 && run->boot_clock == NULL)
        run->boot_clock = g_strdup ("console");
      rc_measurement_add_run (self, run);
    }
  if (!read_controls (self, o, error))
    return NULL;
  if (json_object_has_member (o, "snapshot")
      && !JSON_NODE_HOLDS_NULL (json_object_get_member (o, "snapshot"))
      && (self->snapshot = rc_snapshot_from_json (json_object_get_member (o, "snapshot"), error))
             == NULL)
    return NULL;
  return g_steal_pointer (&self);
}

/* "runs[0].steps[2].heap_bytes: …" → the line and column of that member, when the record
 * reader's message starts with a path the positions table knows. */
static gboolean
error_position (RcJsonPositions *positions, const char *message, RcJsonPos *pos)
{
  const char *colon = strstr (message, ": ");
  g_autofree char *path = colon != NULL ? g_strndup (message, (gsize) (colon - message)) : NULL;
  RcJsonPos key;

  return path != NULL && rc_json_positions_lookup (positions, path, &key, pos);
}

static RcMeasurement *
too_large (const char *name, GError **error)
{
  g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
               _ ("%s: the report is larger than %u MiB; a run report is at most a few MiB"), name,
               (guint) (RC_MEASUREMENT_MAX_BYTES >> 20));
  return NULL;
}

RcMeasurement *
rc_measurement_load_data (const char *data, gsize length, const char *name, GError **error)
{
  g_autoptr (RcJsonPositions) positions = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GError) local = NULL;
  RcMeasurement *self;
  RcJsonPos pos = { 0 };

  if (length > RC_MEASUREMENT_MAX_BYTES)
    return too_large (name, error);
  /* The strict reader first: json-glib's parser recurses once per level and a hostile
   * report nested a few hundred thousand deep overflows the stack. */
  root = rc_json_parse_with_positions (data, length, RC_MEASUREMENT_MAX_DEPTH, &positions, &pos,
                                       &local);
  if (root == NULL)
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID, "%s:%u:%u: %s", name, pos.line,
                   pos.column, local->message);
      return NULL;
    }
  self = rc_measurement_from_json (root, &local);
  if (self == NULL && error_position (positions, local->message, &pos))
    g_set_error (error, RC_RECORD_ERROR, local->code, "%s:%u:%u: %s", name, pos.line, pos.column,
                 local->message);
  else if (self == NULL)
    g_set_error (error, RC_RECORD_ERROR, local->code, "%s: %s", name, local->message);
  return self;
}

RcMeasurement *
rc_measurement_load (const char *path, GError **error)
{
  g_autofree char *contents = NULL;
  g_autoptr (GError) local = NULL;
  gsize length = 0;
  GStatBuf st;

  /* Refuse a FIFO or device (reading it could block) and absurd sizes before reading. */
  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID, _ ("%s: not a regular file"),
                   path);
      return NULL;
    }
  if (g_stat (path, &st) == 0 && (guint64) st.st_size > RC_MEASUREMENT_MAX_BYTES)
    return too_large (path, error);
  if (!g_file_get_contents (path, &contents, &length, &local))
    {
      g_set_error_literal (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID, local->message);
      return NULL;
    }
  return rc_measurement_load_data (contents, length, path, error);
}
