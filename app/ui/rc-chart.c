/* rc-chart.c: the container. Every layer gets the full area (measure = max, allocate = all),
 * as sysprof's chart does; the chart itself hit-tests marks and draws the hover outline.
 *
 * SPDX-License-Identifier: MIT
 */
#include "core/chart/rc-charts.h"
#include "config.h"

#include <glib/gi18n.h>

#include "rc-chart-export.h"
#include "rc-chart-layer.h"
#include "rc-chart-paint.h"
#include "rc-chart.h"

struct _RcChart
{
  GtkWidget parent_instance;

  RcChartKind kind;
  RcChartModel *model;
  RcChartPalette palette;
  int focus;
};

G_DEFINE_FINAL_TYPE (RcChart, rc_chart, GTK_TYPE_WIDGET)

enum
{
  STEP_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
geometry (RcChart *self, RcChartGeometry *out)
{
  rc_chart_geometry_compute_measured (self->model, gtk_widget_get_width (GTK_WIDGET (self)),
                                      gtk_widget_get_height (GTK_WIDGET (self)),
                                      rc_chart_legend_text_width,
                                      gtk_widget_get_pango_context (GTK_WIDGET (self)), out);
}

static void
set_focus_mark (RcChart *self, int index)
{
  if (self->focus == index)
    return;
  self->focus = index;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
}

static void
activate_mark (RcChart *self, int index)
{
  const RcChartMark *mark;

  if (index < 0 || (guint) index >= self->model->marks->len)
    return;
  mark = &g_array_index (self->model->marks, RcChartMark, index);
  if (mark->step_key != NULL)
    g_signal_emit (self, signals[STEP_ACTIVATED], 0, mark->step_key);
}

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, RcChart *self)
{
  RcChartGeometry g;

  geometry (self, &g);
  set_focus_mark (self, rc_chart_geometry_hit (&g, self->model, x, y));
}

static void
pressed_cb (GtkGestureClick *click, int n_press, double x, double y, RcChart *self)
{
  RcChartGeometry g;

  geometry (self, &g);
  gtk_widget_grab_focus (GTK_WIDGET (self));
  activate_mark (self, rc_chart_geometry_hit (&g, self->model, x, y));
}

static int
next_mark (RcChart *self, int from, int direction)
{
  int n = (int) self->model->marks->len;

  for (int i = 1; i <= n; i++)
    {
      int k = ((from < 0 ? (direction > 0 ? -1 : 0) : from) + direction * i + n * 2) % n;

      if (g_array_index (self->model->marks, RcChartMark, k).tooltip != NULL)
        return k;
    }
  return -1;
}

static gboolean
key_pressed_cb (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
                RcChart *self)
{
  switch (keyval)
    {
    case GDK_KEY_Right:
    case GDK_KEY_Down:
      set_focus_mark (self, next_mark (self, self->focus, 1));
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_Up:
      set_focus_mark (self, next_mark (self, self->focus, -1));
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      activate_mark (self, self->focus);
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
rc_chart_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  RcChart *self = RC_CHART (widget);
  RcChartGeometry g;
  int index;

  geometry (self, &g);
  index = keyboard ? self->focus : rc_chart_geometry_hit (&g, self->model, x, y);
  if (index < 0)
    return FALSE;
  gtk_tooltip_set_text (tooltip, g_array_index (self->model->marks, RcChartMark, index).tooltip);
  return TRUE;
}

static void
rc_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  RcChart *self = RC_CHART (widget);
  RcChartCanvas canvas;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_snapshot_child (widget, child, snapshot);
  rc_chart_canvas_init (&canvas, snapshot, gtk_widget_get_pango_context (widget), &self->palette,
                        self->model, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  rc_chart_paint_focus (&canvas, self->focus);
}

static void
rc_chart_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                  int *natural, int *minimum_baseline, int *natural_baseline)
{
  RcChart *self = RC_CHART (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 360;
      *natural = 760;
    }
  else
    *minimum = *natural = (int) rc_chart_natural_height_measured (
        self->model, for_size > 0 ? for_size : 760, rc_chart_legend_text_width,
        gtk_widget_get_pango_context (widget));
}

static void
rc_chart_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
rc_chart_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  RcChart *self = RC_CHART (widget);

  GTK_WIDGET_CLASS (rc_chart_parent_class)->css_changed (widget, change);
  /* Light/dark switches arrive here: read the named colours again. */
  rc_chart_palette_init_for_widget (&self->palette, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_queue_draw (child);
}

static void
update_accessible (RcChart *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  self->model->title, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->model->empty_text != NULL    ? self->model->empty_text
                                  : self->model->description != NULL ? self->model->description
                                                                     : "",
                                  -1);
}

static void
rc_chart_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (rc_chart_parent_class)->dispose (object);
}

static void
rc_chart_finalize (GObject *object)
{
  g_clear_pointer (&RC_CHART (object)->model, rc_chart_model_free);
  G_OBJECT_CLASS (rc_chart_parent_class)->finalize (object);
}

static void
rc_chart_class_init (RcChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rc_chart_dispose;
  object_class->finalize = rc_chart_finalize;
  widget_class->snapshot = rc_chart_snapshot;
  widget_class->measure = rc_chart_measure;
  widget_class->size_allocate = rc_chart_size_allocate;
  widget_class->css_changed = rc_chart_css_changed;
  widget_class->query_tooltip = rc_chart_query_tooltip;

  /**
   * RcChart::step-activated:
   * @key: the step key of the clicked mark ("loading_package numpy")
   */
  signals[STEP_ACTIVATED] =
      g_signal_new ("step-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_css_name (widget_class, "chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
rc_chart_init (RcChart *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *key = gtk_event_controller_key_new ();

  self->focus = -1;
  rc_chart_palette_init_default (&self->palette, FALSE);
  for (RcChartPart part = 0; part < RC_CHART_N_PARTS; part++)
    gtk_widget_set_parent (rc_chart_layer_new (part, &self->palette), GTK_WIDGET (self));
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* libadwaita's view background: the chart reads as the same panel on screen as in files. */
  gtk_widget_add_css_class (GTK_WIDGET (self), "view");
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
}

GtkWidget *
rc_chart_new (RcChartKind kind)
{
  RcChart *self = g_object_new (RC_TYPE_CHART, NULL);

  self->kind = kind;
  rc_chart_set_model (self, NULL);
  return GTK_WIDGET (self);
}

RcChartKind
rc_chart_get_kind (RcChart *self)
{
  g_return_val_if_fail (RC_IS_CHART (self), 0);

  return self->kind;
}

void
rc_chart_set_model (RcChart *self, RcChartModel *model)
{
  g_return_if_fail (RC_IS_CHART (self));

  g_clear_pointer (&self->model, rc_chart_model_free);
  self->model = model != NULL ? model : rc_chart_model_build (self->kind, NULL, NULL, -1);
  self->focus = -1;
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (RC_IS_CHART_LAYER (child))
      rc_chart_layer_set_model (RC_CHART_LAYER (child), self->model);
}

const RcChartModel *
rc_chart_get_model (RcChart *self)
{
  g_return_val_if_fail (RC_IS_CHART (self), NULL);

  return self->model;
}

const RcChartPalette *
rc_chart_get_palette (RcChart *self)
{
  g_return_val_if_fail (RC_IS_CHART (self), NULL);

  return &self->palette;
}

int
rc_chart_get_focus_mark (RcChart *self)
{
  g_return_val_if_fail (RC_IS_CHART (self), -1);

  return self->focus;
}

gboolean
rc_chart_save (RcChart *self, const char *path, int width, int height, GError **error)
{
  g_return_val_if_fail (RC_IS_CHART (self), FALSE);

  if (width <= 0)
    width = MAX (gtk_widget_get_width (GTK_WIDGET (self)), RC_CHART_DEFAULT_WIDTH);
  if (height <= 0)
    height =
        (int) rc_chart_natural_height_measured (self->model, width, rc_chart_legend_text_width,
                                                gtk_widget_get_pango_context (GTK_WIDGET (self)));
  return rc_chart_write_file (self->model, &self->palette,
                              gtk_widget_get_pango_context (GTK_WIDGET (self)), width,
                              MAX (height, 120), path, error);
}
