/* rc-export-preload.c: the preload_on simulation (rc-preload-sim.h) of a measurement, in the
 * report's JSON, text and Markdown. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/base/rc-json-builder-private.h"
#include "core/measurement/rc-measurement.h"

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

static char *
cell (double ms)
{
  return ms < 0 ? g_strdup ("—") : g_strdup_printf ("%.1f s", ms / 1000.0);
}

static void
append_preload_text (const RcMeasurement *self, const char *engine, GString *out)
{
  g_autofree char *line = NULL;
  RcPreloadSim sim;

  rc_measurement_preload_sim (self, &sim);
  line = rc_preload_sim_recommendation (&sim);
  if (line == NULL)
    return;
  if (engine != NULL)
    /* TRANSLATORS: "first message to first result in chromium (model turn 8.1 s):" */
    g_string_append_printf (out, _ ("first message to first result in %s (model turn %.1f s):\n"),
                            engine, sim.model_delay_ms / 1000.0);
  else
    /* TRANSLATORS: %.1f is the model's first-turn delay in seconds */
    g_string_append_printf (out, _ ("first message to first result (model turn %.1f s):\n"),
                            sim.model_delay_ms / 1000.0);
  for (guint i = 0; i < RC_PRELOAD_N_VALUES; i++)
    {
      g_autofree char *c = cell (sim.cold[i].wait_ms), *w = cell (sim.warm[i].wait_ms);

      /* TRANSLATORS: "  first_run       cold 17.4 s  warm 9.3 s" */
      g_string_append_printf (out, _ ("  %-14s cold %s  warm %s"), rc_preload_on_to_string (i), c,
                              w);
      if (sim.cold[i].every_visitor)
        g_string_append (out, _ ("  (if the reader writes after the boot; every visitor pays it)"));
      g_string_append_c (out, '\n');
    }
  g_string_append_printf (out, "  %s\n", line);
}

/* With several engines, one simulation per engine: a reader waits in one browser. */
void
rc_measurement_append_preload_text (const RcMeasurement *self, GString *out)
{
  g_autoptr (GPtrArray) engines = rc_measurement_engines (self);

  if (engines->len < 2)
    {
      append_preload_text (self, NULL, out);
      return;
    }
  for (guint e = 0; e < engines->len; e++)
    {
      g_autoptr (RcMeasurement) only = rc_measurement_copy_engine (self, engines->pdata[e]);

      append_preload_text (only, engines->pdata[e], out);
    }
}

void
rc_measurement_append_preload_markdown (const RcMeasurement *self, GString *out)
{
  g_autofree char *line = NULL;
  RcPreloadSim sim;

  rc_measurement_preload_sim (self, &sim);
  line = rc_preload_sim_recommendation (&sim);
  if (line == NULL)
    return;
  g_string_append (out, _ ("\n### What a reader waits\n\n"));
  g_string_append_printf (out,
                          _ ("From sending the first message to the first result, with the "
                             "model's first turn taking %.1f s:\n\n"),
                          sim.model_delay_ms / 1000.0);
  g_string_append (out, _ ("| preload_on | cold | warm | paid by |\n|---|---|---|---|\n"));
  for (guint i = 0; i < RC_PRELOAD_N_VALUES; i++)
    {
      g_autofree char *c = cell (sim.cold[i].wait_ms), *w = cell (sim.warm[i].wait_ms);
      g_autofree char *cw = cell (sim.cold[i].worst_wait_ms);

      if (sim.cold[i].every_visitor && sim.cold[i].worst_wait_ms != sim.cold[i].wait_ms)
        {
          g_autofree char *best = g_steal_pointer (&c);

          /* TRANSLATORS: "8.1 s (9.9 s if the reader writes at once)" */
          c = g_strdup_printf (_ ("%s (%s if the reader writes at once)"), best, cw);
        }
      g_string_append_printf (out, "| `%s` | %s | %s | %s |\n", rc_preload_on_to_string (i), c, w,
                              sim.cold[i].every_visitor ? _ ("every visitor")
                                                        : _ ("readers who write"));
    }
  g_string_append_printf (out, "\n%s\n", line);
}
