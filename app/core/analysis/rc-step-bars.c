/* rc-step-bars.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <math.h>

#include "core/analysis/rc-step-bars.h"

static void
clear_bar (gpointer data)
{
  RcStepBar *bar = data;

  g_free (bar->key);
}

static double
step_ms (const RcRunStep *step)
{
  double d = rc_run_step_duration (step);

  return d >= 0 ? d : 0;
}

static RcStepBar *
find_bar (GArray *bars, const char *key)
{
  for (guint i = 0; i < bars->len; i++)
    if (g_str_equal (g_array_index (bars, RcStepBar, i).key, key))
      return &g_array_index (bars, RcStepBar, i);
  return NULL;
}

double
rc_step_bars_nice_tick (double max)
{
  double magnitude;

  max = MAX (max, 1.0);
  magnitude = pow (10.0, floor (log10 (max / 10.0)));
  for (;;)
    {
      static const double steps[] = { 1, 2, 5 };

      for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
        if (max / (steps[i] * magnitude) <= 10.0)
          return steps[i] * magnitude;
      magnitude *= 10.0;
    }
}

RcStepBars *
rc_step_bars_compute (const RcRunRecord *a, const RcRunRecord *b)
{
  RcStepBars *self = g_new0 (RcStepBars, 1);
  double max = 0;

  g_return_val_if_fail (a != NULL, NULL);

  self->bars = g_array_new (FALSE, TRUE, sizeof (RcStepBar));
  g_array_set_clear_func (self->bars, clear_bar);
  for (guint i = 0; i < a->steps->len; i++)
    {
      const RcRunStep *step = g_ptr_array_index (a->steps, i);
      RcStepBar bar = { rc_run_step_key (step), step_ms (step), -1, 0, 0 };

      g_array_append_val (self->bars, bar);
    }
  for (guint i = 0; b != NULL && i < b->steps->len; i++)
    {
      const RcRunStep *step = g_ptr_array_index (b->steps, i);
      g_autofree char *key = rc_run_step_key (step);
      RcStepBar *bar = find_bar (self->bars, key);

      if (bar == NULL)
        {
          RcStepBar extra = { g_steal_pointer (&key), -1, step_ms (step), 0, 0 };

          g_array_append_val (self->bars, extra);
        }
      else
        bar->b_ms = step_ms (step);
    }
  for (guint i = 0; i < self->bars->len; i++)
    {
      RcStepBar *bar = &g_array_index (self->bars, RcStepBar, i);

      max = MAX (max, MAX (bar->a_ms, bar->b_ms));
    }
  self->tick_ms = rc_step_bars_nice_tick (max);
  self->axis_max_ms = MAX (ceil (max / self->tick_ms), 1.0) * self->tick_ms;
  for (guint i = 0; i < self->bars->len; i++)
    {
      RcStepBar *bar = &g_array_index (self->bars, RcStepBar, i);

      bar->a_frac = bar->a_ms > 0 ? bar->a_ms / self->axis_max_ms : 0;
      bar->b_frac = bar->b_ms > 0 ? bar->b_ms / self->axis_max_ms : 0;
    }
  return self;
}

void
rc_step_bars_free (RcStepBars *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->bars);
  g_free (self);
}
