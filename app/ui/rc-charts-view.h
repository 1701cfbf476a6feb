/* rc-charts-view.h: the Boot page's charts: timeline, heap, bytes, runs and compare in a
 * stack with a switcher, "Compare with…" (a saved report) and "Export…" (PNG or SVG of the
 * chart on show).
 *
 * Input is one setter: the runs the page holds (or the runner's report's runs).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "core/measurement/rc-measurement.h"
#include "rc-chart.h"

G_BEGIN_DECLS

#define RC_TYPE_CHARTS_VIEW (rc_charts_view_get_type ())
G_DECLARE_FINAL_TYPE (RcChartsView, rc_charts_view, RC, CHARTS_VIEW, GtkWidget)

GtkWidget *rc_charts_view_new (void);
/* @runs: RcRunRecord (copied; NULL or empty: the empty states). */
void rc_charts_view_set_runs (RcChartsView *self, GPtrArray *runs);
/* The report compare draws against the runs (takes ownership; NULL: none). */
void rc_charts_view_set_other_report (RcChartsView *self, RcMeasurement *other, const char *label);
RcChart *rc_charts_view_get_chart (RcChartsView *self, RcChartKind kind);
void rc_charts_view_show (RcChartsView *self, RcChartKind kind);
/* The model's first turn (ms) the timeline's reader-waits lanes assume; the view shows it in
 * an editable field (default RC_PRELOAD_SIM_DEFAULT_MODEL_DELAY_MS). */
void rc_charts_view_set_model_delay (RcChartsView *self, double ms);
double rc_charts_view_get_model_delay (RcChartsView *self);

G_END_DECLS
