/* rc-chart-layer.h: one stacked layer of an RcChart (axes, marks or labels), as sysprof
 * stacks layer widgets in its chart; it paints its part of the model and palette the chart
 * hands it (it knows no chart: the chart sets them as they change).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "rc-chart-paint.h"

G_BEGIN_DECLS

#define RC_TYPE_CHART_LAYER (rc_chart_layer_get_type ())
G_DECLARE_FINAL_TYPE (RcChartLayer, rc_chart_layer, RC, CHART_LAYER, GtkWidget)

/* @palette is the chart's, and must outlive the layer. */
GtkWidget *rc_chart_layer_new (RcChartPart part, const RcChartPalette *palette);
/* The model to paint (the chart's, kept by it; NULL paints nothing); queues a draw. */
void rc_chart_layer_set_model (RcChartLayer *self, const RcChartModel *model);
RcChartPart rc_chart_layer_get_part (RcChartLayer *self);

G_END_DECLS
