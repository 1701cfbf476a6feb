/* rc-chart.c: the container. Every layer gets the full area (measure = max, allocate = all),
#include "core/chart/rc-charts.h"
 * as sysprof's chart does; the chart itself hit-tests marks and draws the hover outline.
#include "core/chart/rc-charts.h"
 *
#include "core/chart/rc-charts.h"
 * SPDX-License-Identifier: MIT
#include "core/chart/rc-charts.h"
 */
#include "core/chart/rc-charts.h"
#include "config.h"
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
#include <glib/gi18n.h>
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
#include "rc-chart-export.h"
#include "core/chart/rc-charts.h"
#include "rc-chart-layer.h"
#include "core/chart/rc-charts.h"
#include "rc-chart-paint.h"
#include "core/chart/rc-charts.h"
#include "rc-chart.h"
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
struct _RcChart
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  GtkWidget parent_instance;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  RcChartKind kind;
#include "core/chart/rc-charts.h"
  RcChartModel *model;
#include "core/chart/rc-charts.h"
  RcChartPalette palette;
#include "core/chart/rc-charts.h"
  int focus;
#include "core/chart/rc-charts.h"
};
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
G_DEFINE_FINAL_TYPE (RcChart, rc_chart, GTK_TYPE_WIDGET)
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
enum
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  STEP_ACTIVATED,
#include "core/chart/rc-charts.h"
  N_SIGNALS
#include "core/chart/rc-charts.h"
};
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static guint signals[N_SIGNALS];
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
geometry (RcChart *self, RcChartGeometry *out)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  rc_chart_geometry_compute_measured (self->model, gtk_widget_get_width (GTK_WIDGET (self)),
#include "core/chart/rc-charts.h"
                                      gtk_widget_get_height (GTK_WIDGET (self)),
#include "core/chart/rc-charts.h"
                                      rc_chart_legend_text_width,
#include "core/chart/rc-charts.h"
                                      gtk_widget_get_pango_context (GTK_WIDGET (self)), out);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
set_focus_mark (RcChart *self, int index)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  if (self->focus == index)
#include "core/chart/rc-charts.h"
    return;
#include "core/chart/rc-charts.h"
  self->focus = index;
#include "core/chart/rc-charts.h"
  gtk_widget_queue_draw (GTK_WIDGET (self));
#include "core/chart/rc-charts.h"
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
activate_mark (RcChart *self, int index)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  const RcChartMark *mark;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  if (index < 0 || (guint) index >= self->model->marks->len)
#include "core/chart/rc-charts.h"
    return;
#include "core/chart/rc-charts.h"
  mark = &g_array_index (self->model->marks, RcChartMark, index);
#include "core/chart/rc-charts.h"
  if (mark->step_key != NULL)
#include "core/chart/rc-charts.h"
    g_signal_emit (self, signals[STEP_ACTIVATED], 0, mark->step_key);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
motion_cb (GtkEventControllerMotion *motion, double x, double y, RcChart *self)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  RcChartGeometry g;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  geometry (self, &g);
#include "core/chart/rc-charts.h"
  set_focus_mark (self, rc_chart_geometry_hit (&g, self->model, x, y));
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
pressed_cb (GtkGestureClick *click, int n_press, double x, double y, RcChart *self)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  RcChartGeometry g;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  geometry (self, &g);
#include "core/chart/rc-charts.h"
  gtk_widget_grab_focus (GTK_WIDGET (self));
#include "core/chart/rc-charts.h"
  activate_mark (self, rc_chart_geometry_hit (&g, self->model, x, y));
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static int
#include "core/chart/rc-charts.h"
next_mark (RcChart *self, int from, int direction)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  int n = (int) self->model->marks->len;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  for (int i = 1; i <= n; i++)
#include "core/chart/rc-charts.h"
    {
#include "core/chart/rc-charts.h"
      int k = ((from < 0 ? (direction > 0 ? -1 : 0) : from) + direction * i + n * 2) % n;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
      if (g_array_index (self->model->marks, RcChartMark, k).tooltip != NULL)
#include "core/chart/rc-charts.h"
        return k;
#include "core/chart/rc-charts.h"
    }
#include "core/chart/rc-charts.h"
  return -1;
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static gboolean
#include "core/chart/rc-charts.h"
key_pressed_cb (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
#include "core/chart/rc-charts.h"
                RcChart *self)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  switch (keyval)
#include "core/chart/rc-charts.h"
    {
#include "core/chart/rc-charts.h"
    case GDK_KEY_Right:
#include "core/chart/rc-charts.h"
    case GDK_KEY_Down:
#include "core/chart/rc-charts.h"
      set_focus_mark (self, next_mark (self, self->focus, 1));
#include "core/chart/rc-charts.h"
      return TRUE;
#include "core/chart/rc-charts.h"
    case GDK_KEY_Left:
#include "core/chart/rc-charts.h"
    case GDK_KEY_Up:
#include "core/chart/rc-charts.h"
      set_focus_mark (self, next_mark (self, self->focus, -1));
#include "core/chart/rc-charts.h"
      return TRUE;
#include "core/chart/rc-charts.h"
    case GDK_KEY_Return:
#include "core/chart/rc-charts.h"
    case GDK_KEY_KP_Enter:
#include "core/chart/rc-charts.h"
    case GDK_KEY_space:
#include "core/chart/rc-charts.h"
      activate_mark (self, self->focus);
#include "core/chart/rc-charts.h"
      return TRUE;
#include "core/chart/rc-charts.h"
    default:
#include "core/chart/rc-charts.h"
      return FALSE;
#include "core/chart/rc-charts.h"
    }
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static gboolean
#include "core/chart/rc-charts.h"
rc_chart_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  RcChart *self = RC_CHART (widget);
#include "core/chart/rc-charts.h"
  RcChartGeometry g;
#include "core/chart/rc-charts.h"
  int index;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  geometry (self, &g);
#include "core/chart/rc-charts.h"
  index = keyboard ? self->focus : rc_chart_geometry_hit (&g, self->model, x, y);
#include "core/chart/rc-charts.h"
  if (index < 0)
#include "core/chart/rc-charts.h"
    return FALSE;
#include "core/chart/rc-charts.h"
  gtk_tooltip_set_text (tooltip, g_array_index (self->model->marks, RcChartMark, index).tooltip);
#include "core/chart/rc-charts.h"
  return TRUE;
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
rc_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  RcChart *self = RC_CHART (widget);
#include "core/chart/rc-charts.h"
  RcChartCanvas canvas;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
#include "core/chart/rc-charts.h"
       child = gtk_widget_get_next_sibling (child))
#include "core/chart/rc-charts.h"
    gtk_widget_snapshot_child (widget, child, snapshot);
#include "core/chart/rc-charts.h"
  rc_chart_canvas_init (&canvas, snapshot, gtk_widget_get_pango_context (widget), &self->palette,
#include "core/chart/rc-charts.h"
                        self->model, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
#include "core/chart/rc-charts.h"
  rc_chart_paint_focus (&canvas, self->focus);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
rc_chart_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
#include "core/chart/rc-charts.h"
                  int *natural, int *minimum_baseline, int *natural_baseline)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  RcChart *self = RC_CHART (widget);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
#include "core/chart/rc-charts.h"
    {
#include "core/chart/rc-charts.h"
      *minimum = 360;
#include "core/chart/rc-charts.h"
      *natural = 760;
#include "core/chart/rc-charts.h"
    }
#include "core/chart/rc-charts.h"
  else
#include "core/chart/rc-charts.h"
    *minimum = *natural = (int) rc_chart_natural_height_measured (
#include "core/chart/rc-charts.h"
        self->model, for_size > 0 ? for_size : 760, rc_chart_legend_text_width,
#include "core/chart/rc-charts.h"
        gtk_widget_get_pango_context (widget));
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
rc_chart_size_allocate (GtkWidget *widget, int width, int height, int baseline)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
#include "core/chart/rc-charts.h"
       child = gtk_widget_get_next_sibling (child))
#include "core/chart/rc-charts.h"
    gtk_widget_allocate (child, width, height, baseline, NULL);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
rc_chart_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  RcChart *self = RC_CHART (widget);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  GTK_WIDGET_CLASS (rc_chart_parent_class)->css_changed (widget, change);
#include "core/chart/rc-charts.h"
  /* Light/dark switches arrive here: read the named colours again. */
#include "core/chart/rc-charts.h"
  rc_chart_palette_init_for_widget (&self->palette, widget);
#include "core/chart/rc-charts.h"
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
#include "core/chart/rc-charts.h"
       child = gtk_widget_get_next_sibling (child))
#include "core/chart/rc-charts.h"
    gtk_widget_queue_draw (child);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
update_accessible (RcChart *self)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
#include "core/chart/rc-charts.h"
                                  self->model->title, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
#include "core/chart/rc-charts.h"
                                  self->model->empty_text != NULL    ? self->model->empty_text
#include "core/chart/rc-charts.h"
                                  : self->model->description != NULL ? self->model->description
#include "core/chart/rc-charts.h"
                                                                     : "",
#include "core/chart/rc-charts.h"
                                  -1);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
rc_chart_dispose (GObject *object)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  GtkWidget *child;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
#include "core/chart/rc-charts.h"
    gtk_widget_unparent (child);
#include "core/chart/rc-charts.h"
  G_OBJECT_CLASS (rc_chart_parent_class)->dispose (object);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
rc_chart_finalize (GObject *object)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  g_clear_pointer (&RC_CHART (object)->model, rc_chart_model_free);
#include "core/chart/rc-charts.h"
  G_OBJECT_CLASS (rc_chart_parent_class)->finalize (object);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
rc_chart_class_init (RcChartClass *klass)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
#include "core/chart/rc-charts.h"
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  object_class->dispose = rc_chart_dispose;
#include "core/chart/rc-charts.h"
  object_class->finalize = rc_chart_finalize;
#include "core/chart/rc-charts.h"
  widget_class->snapshot = rc_chart_snapshot;
#include "core/chart/rc-charts.h"
  widget_class->measure = rc_chart_measure;
#include "core/chart/rc-charts.h"
  widget_class->size_allocate = rc_chart_size_allocate;
#include "core/chart/rc-charts.h"
  widget_class->css_changed = rc_chart_css_changed;
#include "core/chart/rc-charts.h"
  widget_class->query_tooltip = rc_chart_query_tooltip;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  /**
#include "core/chart/rc-charts.h"
   * RcChart::step-activated:
#include "core/chart/rc-charts.h"
   * @key: the step key of the clicked mark ("loading_package numpy")
#include "core/chart/rc-charts.h"
   */
#include "core/chart/rc-charts.h"
  signals[STEP_ACTIVATED] =
#include "core/chart/rc-charts.h"
      g_signal_new ("step-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
#include "core/chart/rc-charts.h"
                    NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
#include "core/chart/rc-charts.h"
  gtk_widget_class_set_css_name (widget_class, "chart");
#include "core/chart/rc-charts.h"
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
rc_chart_init (RcChart *self)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  GtkEventController *motion = gtk_event_controller_motion_new ();
#include "core/chart/rc-charts.h"
  GtkGesture *click = gtk_gesture_click_new ();
#include "core/chart/rc-charts.h"
  GtkEventController *key = gtk_event_controller_key_new ();
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  self->focus = -1;
#include "core/chart/rc-charts.h"
  rc_chart_palette_init_default (&self->palette, FALSE);
#include "core/chart/rc-charts.h"
  for (RcChartPart part = 0; part < RC_CHART_N_PARTS; part++)
#include "core/chart/rc-charts.h"
    gtk_widget_set_parent (rc_chart_layer_new (part), GTK_WIDGET (self));
#include "core/chart/rc-charts.h"
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
#include "core/chart/rc-charts.h"
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
#include "core/chart/rc-charts.h"
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
#include "core/chart/rc-charts.h"
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
#include "core/chart/rc-charts.h"
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
#include "core/chart/rc-charts.h"
  gtk_widget_add_controller (GTK_WIDGET (self), key);
#include "core/chart/rc-charts.h"
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
#include "core/chart/rc-charts.h"
  /* libadwaita's view background: the chart reads as the same panel on screen as in files. */
#include "core/chart/rc-charts.h"
  gtk_widget_add_css_class (GTK_WIDGET (self), "view");
#include "core/chart/rc-charts.h"
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
GtkWidget *
#include "core/chart/rc-charts.h"
rc_chart_new (RcChartKind kind)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  RcChart *self = g_object_new (RC_TYPE_CHART, NULL);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  self->kind = kind;
#include "core/chart/rc-charts.h"
  rc_chart_set_model (self, NULL);
#include "core/chart/rc-charts.h"
  return GTK_WIDGET (self);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
RcChartKind
#include "core/chart/rc-charts.h"
rc_chart_get_kind (RcChart *self)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  g_return_val_if_fail (RC_IS_CHART (self), 0);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  return self->kind;
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
void
#include "core/chart/rc-charts.h"
rc_chart_set_model (RcChart *self, RcChartModel *model)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  g_return_if_fail (RC_IS_CHART (self));
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  g_clear_pointer (&self->model, rc_chart_model_free);
#include "core/chart/rc-charts.h"
  self->model = model != NULL ? model : rc_chart_model_build (self->kind, NULL, NULL, -1);
#include "core/chart/rc-charts.h"
  self->focus = -1;
#include "core/chart/rc-charts.h"
  update_accessible (self);
#include "core/chart/rc-charts.h"
  gtk_widget_queue_resize (GTK_WIDGET (self));
#include "core/chart/rc-charts.h"
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
#include "core/chart/rc-charts.h"
       child = gtk_widget_get_next_sibling (child))
#include "core/chart/rc-charts.h"
    gtk_widget_queue_draw (child);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
const RcChartModel *
#include "core/chart/rc-charts.h"
rc_chart_get_model (RcChart *self)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  g_return_val_if_fail (RC_IS_CHART (self), NULL);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  return self->model;
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
const RcChartPalette *
#include "core/chart/rc-charts.h"
rc_chart_get_palette (RcChart *self)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  g_return_val_if_fail (RC_IS_CHART (self), NULL);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  return &self->palette;
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
int
#include "core/chart/rc-charts.h"
rc_chart_get_focus_mark (RcChart *self)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  g_return_val_if_fail (RC_IS_CHART (self), -1);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  return self->focus;
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
gboolean
#include "core/chart/rc-charts.h"
rc_chart_save (RcChart *self, const char *path, int width, int height, GError **error)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  g_return_val_if_fail (RC_IS_CHART (self), FALSE);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  if (width <= 0)
#include "core/chart/rc-charts.h"
    width = MAX (gtk_widget_get_width (GTK_WIDGET (self)), RC_CHART_DEFAULT_WIDTH);
#include "core/chart/rc-charts.h"
  if (height <= 0)
#include "core/chart/rc-charts.h"
    height =
#include "core/chart/rc-charts.h"
        (int) rc_chart_natural_height_measured (self->model, width, rc_chart_legend_text_width,
#include "core/chart/rc-charts.h"
                                                gtk_widget_get_pango_context (GTK_WIDGET (self)));
#include "core/chart/rc-charts.h"
  return rc_chart_write_file (self->model, &self->palette,
#include "core/chart/rc-charts.h"
                              gtk_widget_get_pango_context (GTK_WIDGET (self)), width,
#include "core/chart/rc-charts.h"
                              MAX (height, 120), path, error);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"
