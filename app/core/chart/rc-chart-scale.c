/* rc-chart-scale.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "core/chart/rc-chart-scale.h"

double
rc_chart_nice_step (double span, guint max_ticks)
{
  static const double ladder[] = { 1, 2, 5 };
  double magnitude;

  g_return_val_if_fail (max_ticks > 0, 1);

  if (!isfinite (span) || span <= 0)
    return 1;
  magnitude = pow (10.0, floor (log10 (span / max_ticks)));
  for (;;)
    {
      for (guint i = 0; i < G_N_ELEMENTS (ladder); i++)
        /* A tiny tolerance: 1000 / 200 must give 5 ticks, not 6 from rounding. */
        if (span / (ladder[i] * magnitude) <= max_ticks + 1e-9)
          return ladder[i] * magnitude;
      magnitude *= 10.0;
    }
}

static double
unit_floor (RcChartUnit unit)
{
  switch (unit)
    {
    case RC_CHART_UNIT_MS:
      return 10; /* an empty time axis still reads "0 … 10 ms" */
    case RC_CHART_UNIT_BYTES:
      return 1000;
    case RC_CHART_UNIT_COUNT:
    default:
      return 1;
    }
}

void
rc_chart_scale_init (RcChartScale *self, double lo, double hi, guint max_ticks, RcChartUnit unit)
{
  double span;

  g_return_if_fail (self != NULL);

  max_ticks = MAX (max_ticks, 2);
  if (!isfinite (lo) || !isfinite (hi) || lo > hi)
    lo = hi = 0;
  if (lo > 0)
    lo = 0;
  span = hi - lo;
  if (span < unit_floor (unit))
    {
      /* Widen to the unit's floor instead of dividing by zero later. */
      hi = lo + unit_floor (unit);
      span = hi - lo;
    }
  self->unit = unit;
  self->tick = rc_chart_nice_step (span, max_ticks);
  self->min = floor (lo / self->tick + 1e-9) * self->tick;
  self->max = ceil (hi / self->tick - 1e-9) * self->tick;
  if (self->max <= self->min)
    self->max = self->min + self->tick;
}

double
rc_chart_scale_fraction (const RcChartScale *self, double value)
{
  g_return_val_if_fail (self != NULL, 0);

  return (value - self->min) / (self->max - self->min);
}

guint
rc_chart_scale_n_ticks (const RcChartScale *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return (guint) round ((self->max - self->min) / self->tick) + 1;
}

double
rc_chart_scale_tick (const RcChartScale *self, guint i)
{
  g_return_val_if_fail (self != NULL, 0);

  /* Multiply, never accumulate: 0.1 + 0.1 + 0.1 drifts. */
  return self->min + i * self->tick;
}

const char *
rc_chart_unit_symbol (RcChartUnit unit, double magnitude, double *divisor)
{
  double d = 1;
  const char *symbol = "";

  magnitude = fabs (magnitude);
  switch (unit)
    {
    case RC_CHART_UNIT_MS:
      if (magnitude >= 10000)
        d = 1000, symbol = C_ ("unit", "s");
      else
        symbol = C_ ("unit", "ms");
      break;
    case RC_CHART_UNIT_BYTES:
      if (magnitude >= 1e9)
        d = 1e9, symbol = C_ ("unit", "GB");
      else if (magnitude >= 1e6)
        d = 1e6, symbol = C_ ("unit", "MB");
      else if (magnitude >= 1e3)
        d = 1e3, symbol = C_ ("unit", "kB");
      else
        symbol = C_ ("unit", "B");
      break;
    case RC_CHART_UNIT_COUNT:
    default:
      break;
    }
  if (divisor != NULL)
    *divisor = d;
  return symbol;
}

static int
decimals_for (double step)
{
  /* Enough decimals that neighbouring ticks differ: step 0.25 needs 2, step 5 needs 0. */
  int n = 0;

  step = fabs (step);
  while (n < 3 && step > 0 && fabs (step * pow (10, n) - round (step * pow (10, n))) > 1e-6)
    n++;
  return n;
}

char *
rc_chart_format_value (RcChartUnit unit, double value, double magnitude, double step)
{
  double divisor;
  const char *symbol = rc_chart_unit_symbol (unit, magnitude, &divisor);
  int decimals = decimals_for (step / divisor);

  if (*symbol == '\0')
    return g_strdup_printf ("%.*f", decimals, value / divisor);
  /* TRANSLATORS: a number and its unit on a chart axis, "250 ms" */
  return g_strdup_printf (_ ("%.*f %s"), decimals, value / divisor, symbol);
}

char *
rc_chart_format (RcChartUnit unit, double value)
{
  double divisor;
  const char *symbol;
  double shown;

  if (!isfinite (value))
    return g_strdup ("–");
  if (unit == RC_CHART_UNIT_MS && fabs (value) >= 1000)
    return g_strdup_printf (_ ("%.2f s"), value / 1000);
  symbol = rc_chart_unit_symbol (unit, value, &divisor);
  shown = value / divisor;
  if (*symbol == '\0')
    return g_strdup_printf ("%.0f", value);
  return g_strdup_printf (_ ("%.*f %s"), divisor == 1 ? 0 : (fabs (shown) >= 100 ? 0 : 2), shown,
                          symbol);
}

char *
rc_chart_axis_title (const char *what, const RcChartScale *scale)
{
  const char *symbol =
      rc_chart_unit_symbol (scale->unit, MAX (fabs (scale->min), fabs (scale->max)), NULL);

  if (*symbol == '\0')
    return g_strdup (what);
  /* TRANSLATORS: an axis title and its unit, "Time since the worker started (ms)" */
  return g_strdup_printf (_ ("%s (%s)"), what, symbol);
}
