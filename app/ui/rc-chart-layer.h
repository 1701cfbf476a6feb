/* rc-chart-layer.h: one stacked layer of an RcChart (axes, marks or labels), as sysprof
 * stacks layer widgets in its chart; it paints its part of the parent chart's model.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "rc-chart-paint.h"

G_BEGIN_DECLS

#define RC_TYPE_CHART_LAYER (rc_chart_layer_get_type ())
G_DECLARE_FINAL_TYPE (RcChartLayer, rc_chart_layer, RC, CHART_LAYER, GtkWidget)

GtkWidget *rc_chart_layer_new (RcChartPart part);
RcChartPart rc_chart_layer_get_part (RcChartLayer *self);

G_END_DECLS
