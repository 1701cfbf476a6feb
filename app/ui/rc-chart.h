/* rc-chart.h: a chart widget: a container of stacked layers (rc-chart-layer.c) over one
 * RcChartModel, with hover tooltips, click/Enter to select a step, keyboard focus moving
 * between marks, an accessible name and description, and export to PNG/SVG.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "rc-chart-palette.h"

G_BEGIN_DECLS

#define RC_TYPE_CHART (rc_chart_get_type ())
G_DECLARE_FINAL_TYPE (RcChart, rc_chart, RC, CHART, GtkWidget)

GtkWidget *rc_chart_new (RcChartKind kind);
RcChartKind rc_chart_get_kind (RcChart *self);
/* Takes ownership of @model (NULL: the kind's empty state). */
void rc_chart_set_model (RcChart *self, RcChartModel *model);
const RcChartModel *rc_chart_get_model (RcChart *self);
const RcChartPalette *rc_chart_get_palette (RcChart *self);
/* The mark under the pointer or the keyboard focus, -1 none. */
int rc_chart_get_focus_mark (RcChart *self);
/* Writes what the chart shows, at its current width (or @width × @height when > 0), in the
 * format @path's extension names, with the colours it is drawn in. */
gboolean rc_chart_save (RcChart *self, const char *path, int width, int height, GError **error);

G_END_DECLS
