/* rc-export-preload.c: the preload_on simulation of a measurement (rc-measurement.h)
 * as a table in the text and Markdown exports. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/base/rc-format.h"
#include "core/export/rc-export-preload.h"
#include "core/measurement/rc-measurement.h"

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
      g_autofree char *c = rc_format_seconds (sim.cold[i].wait_ms),
                      *w = rc_format_seconds (sim.warm[i].wait_ms);

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
      g_autofree char *c = rc_format_seconds (sim.cold[i].wait_ms),
                      *w = rc_format_seconds (sim.warm[i].wait_ms);
      g_autofree char *cw = rc_format_seconds (sim.cold[i].worst_wait_ms);

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
