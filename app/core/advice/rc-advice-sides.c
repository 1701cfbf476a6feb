/* rc-advice-sides.c: a side's boots as advise reads them (rc-advice-sides.h). */
#include "config.h"

#include <math.h>

#include "core/advice/rc-advice-sides.h"

/* The median wire bytes of the ready runs (all of one scenario: cold, or snapshot), -1
 * unknown. */
double
rc_advice_side_bytes (const RcMeasurement *m)
{
  RcScenario scenario =
      m->runs->len > 0 ? ((RcRunRecord *) m->runs->pdata[0])->scenario : RC_SCENARIO_COLD;
  g_autoptr (RcRunStats) stats = rc_measurement_stats (m, scenario);

  return stats->total_bytes.n > 0 && stats->failed < stats->runs ? stats->total_bytes.median : -1;
}

/* The ready runs' cold boots, their ids, and the first failure. */
RcStat
rc_advice_side_stat (const RcMeasurement *m, GStrv *ids, char **failure)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  RcStat stat;

  for (guint i = 0; i < m->runs->len; i++)
    {
      const RcRunRecord *r = m->runs->pdata[i];

      g_strv_builder_add (b, r->run_id);
      if (r->outcome.state == RC_OUTCOME_READY)
        g_array_append_val (values, r->boot_ms);
      else if (failure != NULL && *failure == NULL)
        *failure = g_strdup_printf ("%s: %s (%s)", r->run_id, r->outcome.message, r->outcome.kind);
    }
  rc_stat_compute (&stat, (const double *) values->data, values->len);
  g_strfreev (*ids);
  *ids = g_strv_builder_end (b);
  return stat;
}

/* Moves @m's runs (taken) to the end of @into, each named by @round: "cold-2". */
void
rc_advice_side_merge_round (RcMeasurement **into, RcMeasurement *m, guint round)
{
  for (guint i = 0; i < m->runs->len; i++)
    {
      RcRunRecord *r = m->runs->pdata[i];

      g_free (r->run_id);
      r->run_id = g_strdup_printf ("cold-%u", round);
    }
  rc_measurement_forget_analyses (m);
  if (*into == NULL)
    {
      *into = m;
      return;
    }
  g_ptr_array_set_free_func (m->runs, NULL);
  for (guint i = 0; i < m->runs->len; i++)
    rc_measurement_add_run (*into, m->runs->pdata[i]);
  g_ptr_array_set_size (m->runs, 0);
  rc_measurement_free (m);
}

/* The boot_ms of each round's run, NAN where it did not get ready. */
GArray *
rc_advice_side_rounds (const RcMeasurement *m)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; m != NULL && i < m->runs->len; i++)
    {
      const RcRunRecord *r = m->runs->pdata[i];
      double v = r->outcome.state == RC_OUTCOME_READY ? r->boot_ms : NAN;

      g_array_append_val (values, v);
    }
  return values;
}
