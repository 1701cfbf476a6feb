/* rc-step-bars.h: the numbers behind the boot pane's step chart (no drawing here).
 *
 * Steps of two runs (cold and warm) are aligned by step key, never by time, and scaled
 * against one "nice" axis maximum so bars of both runs compare directly.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include "core/record/rc-run-record.h"

G_BEGIN_DECLS

typedef struct
{
  char *key;     /* rc_run_step_key(): "loading_package numpy" */
  double a_ms;   /* duration in run a, -1 when a has no such (closed) step */
  double b_ms;   /* same for run b */
  double a_frac; /* a_ms / axis_max_ms, 0..1 (0 when absent) */
  double b_frac;
} RcStepBar;

typedef struct
{
  GArray *bars;       /* RcStepBar, in run a's step order, then steps only b has */
  double axis_max_ms; /* the nice maximum the fractions are relative to */
  double tick_ms;     /* a nice tick interval: 1, 2 or 5 × 10^n, 4–10 ticks */
} RcStepBars;

/* @b may be NULL. Open steps (still running) count with their duration so far as 0. */
RcStepBars *rc_step_bars_compute (const RcRunRecord *a, const RcRunRecord *b);
void rc_step_bars_free (RcStepBars *self);
/* The smallest 1/2/5 × 10^n tick with at most 10 ticks up to @max (≥ 1 ms). */
double rc_step_bars_nice_tick (double max);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcStepBars, rc_step_bars_free)

G_END_DECLS
