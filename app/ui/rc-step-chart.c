/* rc-step-chart.c: the layout is plain arithmetic on RcStepBars (computed in core); this file
 * only turns fractions into pixels, as sysprof's column layer does.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "rc-step-chart.h"

#define ROW_HEIGHT    30
#define BAR_HEIGHT    9
#define AXIS_HEIGHT   22
#define LABEL_WIDTH   210
#define VALUE_WIDTH   72
#define LEGEND_HEIGHT 24

struct _RcStepChart
{
  GtkWidget parent_instance;

  RcStepBars *bars;
  gboolean has_b;
};

G_DEFINE_FINAL_TYPE (RcStepChart, rc_step_chart, GTK_TYPE_WIDGET)

static char *
format_ms (double ms)
{
  if (ms < 0)
    return g_strdup ("–");
  if (ms >= 1000)
    return g_strdup_printf (_ ("%.2f s"), ms / 1000.0);
  return g_strdup_printf (_ ("%.0f ms"), ms);
}

static void
draw_text (GtkSnapshot *snapshot, PangoLayout *layout, const char *text, double x, double y,
           double max_width, gboolean right, const GdkRGBA *color)
{
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (
      snapshot, &GRAPHENE_POINT_INIT (floor (right ? x + max_width - w : x), floor (y - h / 2.0)));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

static void
rc_step_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  RcStepChart *self = RC_STEP_CHART (widget);
  int width = gtk_widget_get_width (widget);
  double plot_x = LABEL_WIDTH + 12;
  double plot_w = width - plot_x - VALUE_WIDTH - 8;
  g_autoptr (PangoLayout) layout = NULL;
  GdkRGBA fg, dim, grid, cold = { 0.208, 0.518, 0.894, 1 }, warm = { 0.149, 0.635, 0.412, 1 };

  if (self->bars == NULL || self->bars->bars->len == 0 || plot_w < 20)
    return;
  /* gtk_widget_get_color() is GTK 4.10; the style context is the 4.8 way. */
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  dim = fg;
  dim.alpha = 0.55;
  grid = fg;
  grid.alpha = 0.10;
  layout = gtk_widget_create_pango_layout (widget, NULL);
  if (self->has_b)
    {
      /* Legend: which colour is which run. */
      const struct
      {
        const GdkRGBA *color;
        const char *label;
      } legend[] = { { &cold, _ ("cold") }, { &warm, _ ("warm") } };
      double x = plot_x;

      for (guint i = 0; i < G_N_ELEMENTS (legend); i++)
        {
          int w, h;

          gtk_snapshot_append_color (snapshot, legend[i].color, &GRAPHENE_RECT_INIT (x, 7, 10, 10));
          draw_text (snapshot, layout, legend[i].label, x + 16, 12, 120, FALSE, &fg);
          pango_layout_get_pixel_size (layout, &w, &h);
          x += 16 + w + 20;
        }
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (0, LEGEND_HEIGHT));
    }

  /* Grid lines and tick labels along the bottom. */
  for (double t = 0; t <= self->bars->axis_max_ms + 0.5; t += self->bars->tick_ms)
    {
      double x = floor (plot_x + plot_w * t / self->bars->axis_max_ms);
      double bottom = self->bars->bars->len * ROW_HEIGHT;
      g_autofree char *label = format_ms (t);

      gtk_snapshot_append_color (snapshot, &grid, &GRAPHENE_RECT_INIT (x, 0, 1, bottom));
      draw_text (snapshot, layout, label, x - 40, bottom + AXIS_HEIGHT / 2.0, 80, FALSE, &dim);
    }

  for (guint i = 0; i < self->bars->bars->len; i++)
    {
      const RcStepBar *bar = &g_array_index (self->bars->bars, RcStepBar, i);
      double y = i * ROW_HEIGHT;
      double a_w = round (plot_w * bar->a_frac);
      double b_w = round (plot_w * bar->b_frac);
      g_autofree char *a_text = format_ms (bar->a_ms);
      g_autofree char *b_text = format_ms (bar->b_ms);

      draw_text (snapshot, layout, bar->key, 0, y + ROW_HEIGHT / 2.0, LABEL_WIDTH, TRUE, &fg);
      gtk_snapshot_append_color (
          snapshot, &cold,
          &GRAPHENE_RECT_INIT (plot_x, y + (self->has_b ? 5 : 10), MAX (a_w, 1), BAR_HEIGHT));
      if (self->has_b)
        gtk_snapshot_append_color (snapshot, &warm,
                                   &GRAPHENE_RECT_INIT (plot_x, y + 5 + BAR_HEIGHT + 2,
                                                        MAX (b_w, bar->b_ms >= 0 ? 1 : 0),
                                                        BAR_HEIGHT));
      draw_text (snapshot, layout, a_text, plot_x + plot_w + 8, y + (self->has_b ? 9 : 15),
                 VALUE_WIDTH, FALSE, &fg);
      if (self->has_b)
        draw_text (snapshot, layout, b_text, plot_x + plot_w + 8, y + 21, VALUE_WIDTH, FALSE, &dim);
    }
}

static void
rc_step_chart_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                       int *natural, int *minimum_baseline, int *natural_baseline)
{
  RcStepChart *self = RC_STEP_CHART (widget);
  guint rows = self->bars != NULL ? self->bars->bars->len : 0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = LABEL_WIDTH + VALUE_WIDTH + 120;
      *natural = LABEL_WIDTH + VALUE_WIDTH + 480;
    }
  else
    *minimum = *natural =
        rows > 0 ? (int) rows * ROW_HEIGHT + AXIS_HEIGHT + (self->has_b ? LEGEND_HEIGHT : 0) : 0;
}

static void
rc_step_chart_finalize (GObject *object)
{
  RcStepChart *self = RC_STEP_CHART (object);

  g_clear_pointer (&self->bars, rc_step_bars_free);
  G_OBJECT_CLASS (rc_step_chart_parent_class)->finalize (object);
}

static void
rc_step_chart_class_init (RcStepChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = rc_step_chart_finalize;
  widget_class->snapshot = rc_step_chart_snapshot;
  widget_class->measure = rc_step_chart_measure;
  gtk_widget_class_set_css_name (widget_class, "stepchart");
}

static void
rc_step_chart_init (RcStepChart *self)
{
}

GtkWidget *
rc_step_chart_new (void)
{
  return g_object_new (RC_TYPE_STEP_CHART, NULL);
}

void
rc_step_chart_set_runs (RcStepChart *self, const RcRunRecord *a, const RcRunRecord *b)
{
  g_return_if_fail (RC_IS_STEP_CHART (self));

  g_clear_pointer (&self->bars, rc_step_bars_free);
  if (a != NULL)
    self->bars = rc_step_bars_compute (a, b);
  self->has_b = b != NULL;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

guint
rc_step_chart_get_n_bars (RcStepChart *self)
{
  g_return_val_if_fail (RC_IS_STEP_CHART (self), 0);

  return self->bars != NULL ? self->bars->bars->len : 0;
}
