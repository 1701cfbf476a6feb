/* rc-chart-layer.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include "rc-chart-layer.h"
#include "rc-chart.h"

struct _RcChartLayer
{
  GtkWidget parent_instance;

  RcChartPart part;
};

G_DEFINE_FINAL_TYPE (RcChartLayer, rc_chart_layer, GTK_TYPE_WIDGET)

static void
rc_chart_layer_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  RcChartLayer *self = RC_CHART_LAYER (widget);
  GtkWidget *chart = gtk_widget_get_ancestor (widget, RC_TYPE_CHART);
  const RcChartModel *model = chart != NULL ? rc_chart_get_model (RC_CHART (chart)) : NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  RcChartCanvas canvas;

  if (model == NULL || width <= 0 || height <= 0)
    return;
  rc_chart_canvas_init (&canvas, snapshot, gtk_widget_get_pango_context (widget),
                        rc_chart_get_palette (RC_CHART (chart)), model, width, height);
  rc_chart_paint_part (&canvas, self->part);
}

static void
rc_chart_layer_class_init (RcChartLayerClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = rc_chart_layer_snapshot;
  gtk_widget_class_set_css_name (widget_class, "chartlayer");
}

static void
rc_chart_layer_init (RcChartLayer *self)
{
  /* The chart handles the pointer: it hit-tests the marks of all layers at once. */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

GtkWidget *
rc_chart_layer_new (RcChartPart part)
{
  RcChartLayer *self = g_object_new (RC_TYPE_CHART_LAYER, NULL);

  self->part = part;
  return GTK_WIDGET (self);
}

RcChartPart
rc_chart_layer_get_part (RcChartLayer *self)
{
  g_return_val_if_fail (RC_IS_CHART_LAYER (self), 0);

  return self->part;
}
