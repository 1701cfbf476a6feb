/* rc-chart-scale.h: the numbers on a chart's axes: "nice" linear scales, tick positions and
 * the units labels are written in (ms or s; B, kB, MB or GB as the reports use, 10^3 steps).
 *
 * Pure arithmetic, no drawing: a chart widget only multiplies the fractions these return by
 * its width.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  RC_CHART_UNIT_MS,    /* durations in milliseconds */
  RC_CHART_UNIT_BYTES, /* sizes in bytes */
  RC_CHART_UNIT_COUNT, /* plain numbers */
} RcChartUnit;

/* A linear scale min..max with ticks every @tick from @min. min < max always holds: an empty
 * or zero-width range is widened (a chart never draws a 0–0 ms axis). */
typedef struct
{
  double min;
  double max;
  double tick;
  RcChartUnit unit;
} RcChartScale;

/* The smallest 1/2/5 × 10^n step that divides @span into at most @max_ticks intervals. For
 * bytes the same ladder is used on the 10^3 unit the labels are written in. */
double rc_chart_nice_step (double span, guint max_ticks);
/* A scale covering @lo..@hi, widened outward to whole ticks. NAN/inf values are ignored;
 * lo > hi (nothing known) gives 0..1 unit (10 ms, 1 kB, 1). Ranges that start at or above
 * zero start at 0. */
void rc_chart_scale_init (RcChartScale *self, double lo, double hi, guint max_ticks,
                          RcChartUnit unit);
/* (@value - min) / (max - min), not clamped. */
double rc_chart_scale_fraction (const RcChartScale *self, double value);
guint rc_chart_scale_n_ticks (const RcChartScale *self); /* ticks incl. both ends */
double rc_chart_scale_tick (const RcChartScale *self, guint i);

/* The unit a whole axis is written in, chosen from its largest magnitude so every tick
 * label of one axis uses the same unit: "ms" below 10 s, else "s"; "B", "kB", "MB", "GB". */
const char *rc_chart_unit_symbol (RcChartUnit unit, double magnitude, double *divisor);
/* One value in the unit of an axis whose largest magnitude is @magnitude, with as many
 * decimals as @step needs: "1.5 s", "250 ms", "12.5 MB". A new string. */
char *rc_chart_format_value (RcChartUnit unit, double value, double magnitude, double step);
/* One value in its own best unit, for tooltips and bar labels: "2.45 s", "812 ms",
 * "5.10 MB", "2.7 kB", "0 B". A new string. */
char *rc_chart_format (RcChartUnit unit, double value);
/* The axis title with its unit: "Time since the worker started (ms)". A new string. */
char *rc_chart_axis_title (const char *what, const RcChartScale *scale);

G_END_DECLS
