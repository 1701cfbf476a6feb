/* rc-step-chart.h: horizontal bars per boot step, cold above warm, drawn with GtkSnapshot.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "core/rc-step-bars.h"

G_BEGIN_DECLS

#define RC_TYPE_STEP_CHART (rc_step_chart_get_type ())
G_DECLARE_FINAL_TYPE (RcStepChart, rc_step_chart, RC, STEP_CHART, GtkWidget)

GtkWidget *rc_step_chart_new (void);
/* @a (cold) and @b (warm, may be NULL) are read at once, not kept. */
void rc_step_chart_set_runs (RcStepChart *self, const RcRunRecord *a, const RcRunRecord *b);
guint rc_step_chart_get_n_bars (RcStepChart *self);

G_END_DECLS
