/* rc-chart-layer.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include "rc-chart-layer.h"

struct _RcChartLayer
{
  GtkWidget parent_instance;

  RcChartPart part;
  const RcChartPalette *palette; /* the chart's */
  const RcChartModel *model;     /* the chart's, or NULL */
};

G_DEFINE_FINAL_TYPE (RcChartLayer, rc_chart_layer, GTK_TYPE_WIDGET)

static void
rc_chart_layer_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  RcChartLayer *self = RC_CHART_LAYER (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  RcChartCanvas canvas;

  if (self->model == NULL || width <= 0 || height <= 0)
    return;
  rc_chart_canvas_init (&canvas, snapshot, gtk_widget_get_pango_context (widget), self->palette,
                        self->model, width, height);
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
rc_chart_layer_new (RcChartPart part, const RcChartPalette *palette)
{
  RcChartLayer *self = g_object_new (RC_TYPE_CHART_LAYER, NULL);

  self->part = part;
  self->palette = palette;
  return GTK_WIDGET (self);
}

void
rc_chart_layer_set_model (RcChartLayer *self, const RcChartModel *model)
{
  g_return_if_fail (RC_IS_CHART_LAYER (self));

  self->model = model;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

RcChartPart
rc_chart_layer_get_part (RcChartLayer *self)
{
  g_return_val_if_fail (RC_IS_CHART_LAYER (self), 0);

  return self->part;
}
