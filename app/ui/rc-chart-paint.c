/* rc-chart-paint.c: fractions to pixels, as sysprof's layers do; edges land on whole pixels.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <math.h>

#include "core/chart/rc-reader-waits.h"
#include "rc-chart-paint.h"

typedef enum
{
  ALIGN_START,
  ALIGN_CENTER,
  ALIGN_END,
} Align;

void
rc_chart_canvas_init (RcChartCanvas *self, GtkSnapshot *snapshot, PangoContext *pango,
                      const RcChartPalette *palette, const RcChartModel *model, double width,
                      double height)
{
  *self = (RcChartCanvas){ snapshot, pango, palette, model };
  rc_chart_geometry_compute_measured (model, width, height, rc_chart_legend_text_width, pango,
                                      &self->geometry);
}

static void
fill (RcChartCanvas *c, const GdkRGBA *color, double x, double y, double w, double h)
{
  gtk_snapshot_append_color (c->snapshot, color, &GRAPHENE_RECT_INIT (x, y, w, h));
}

/* Text nodes are made run by run (not with gtk_snapshot_append_layout) so the file writer
 * knows which node shows which label. */
static void
append_layout (RcChartCanvas *c, PangoLayout *layout, const char *text, double x, double y,
               const GdkRGBA *color)
{
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  gboolean first = TRUE;

  do
    {
      PangoLayoutRun *run = pango_layout_iter_get_run_readonly (iter);
      PangoRectangle logical;
      GskRenderNode *node;
      int baseline;

      if (run == NULL)
        continue;
      pango_layout_iter_get_run_extents (iter, NULL, &logical);
      baseline = pango_layout_iter_get_baseline (iter);
      node = gsk_text_node_new (run->item->analysis.font, run->glyphs, color,
                                &GRAPHENE_POINT_INIT (x + (double) logical.x / PANGO_SCALE,
                                                      y + (double) baseline / PANGO_SCALE));
      if (node == NULL)
        continue;
      if (c->texts != NULL)
        g_hash_table_insert (c->texts, gsk_render_node_ref (node), g_strdup (first ? text : ""));
      first = FALSE;
      gtk_snapshot_append_node (c->snapshot, node);
      gsk_render_node_unref (node);
    }
  while (pango_layout_iter_next_run (iter));
  pango_layout_iter_free (iter);
}

static PangoLayout *
make_layout (RcChartCanvas *c, const char *str, double scale, gboolean bold)
{
  PangoLayout *layout = pango_layout_new (c->pango);
  PangoFontDescription *font =
      pango_font_description_copy (pango_context_get_font_description (c->pango));

  pango_font_description_set_size (font, (int) (pango_font_description_get_size (font) * scale));
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, str, -1);
  return layout;
}

/* What an ellipsized label shows, for the SVG's <text>: the longest prefix that fits with
 * "…" (the layout's own runs do not say where pango cut). */
static char *
shown_text (RcChartCanvas *c, const char *str, double max_w, double scale, gboolean bold)
{
  glong lo = 0, hi = g_utf8_strlen (str, -1);

  while (lo < hi)
    {
      glong mid = (lo + hi + 1) / 2;
      g_autofree char *prefix = g_utf8_substring (str, 0, mid);
      g_autofree char *candidate = g_strconcat (prefix, "…", NULL);
      g_autoptr (PangoLayout) layout = make_layout (c, candidate, scale, bold);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      if (w <= max_w)
        lo = mid;
      else
        hi = mid - 1;
    }
  {
    g_autofree char *prefix = g_utf8_substring (str, 0, lo);

    return g_strconcat (prefix, "…", NULL);
  }
}

#define LEGEND_SCALE 0.9

double
rc_chart_legend_text_width (const char *text, gpointer pango_context)
{
  RcChartCanvas c = { .pango = pango_context };
  g_autoptr (PangoLayout) layout = make_layout (&c, text, LEGEND_SCALE, FALSE);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  return w + 2;
}

/* @y is the vertical centre of the text; it is ellipsized to @max_w. */
static void
text (RcChartCanvas *c, const char *str, double x, double y, double max_w, Align align,
      const GdkRGBA *color, double scale, gboolean bold)
{
  g_autoptr (PangoLayout) layout = NULL;
  int w, h;
  double left;

  if (str == NULL || *str == '\0' || max_w < 4)
    return;
  layout = make_layout (c, str, scale, bold);
  pango_layout_set_width (layout, (int) (max_w * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_get_pixel_size (layout, &w, &h);
  left = align == ALIGN_START ? x : align == ALIGN_CENTER ? x + (max_w - w) / 2 : x + max_w - w;
  if (c->texts != NULL && pango_layout_is_ellipsized (layout))
    {
      g_autofree char *shown = shown_text (c, str, max_w, scale, bold);

      append_layout (c, layout, shown, floor (left), floor (y - h / 2.0), color);
    }
  else
    append_layout (c, layout, str, floor (left), floor (y - h / 2.0), color);
}

/* Axes layer. */

/* A tick label that would run into the one drawn before it is left out (its grid line stays):
 * a narrow plot has room for fewer labels than the scale has ticks. */
static gboolean
tick_label_fits (RcChartCanvas *c, const char *label, double x, double *last_end)
{
  g_autoptr (PangoLayout) layout = make_layout (c, label, 0.85, FALSE);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  if (x - w / 2.0 < *last_end + 6)
    return FALSE;
  *last_end = x + w / 2.0;
  return TRUE;
}

static void
paint_row_axes (RcChartCanvas *c)
{
  const RcChartGeometry *g = &c->geometry;
  const RcChartModel *m = c->model;
  GdkRGBA stripe = c->palette->grid;
  double last_end = -G_MAXDOUBLE;

  stripe.alpha *= 0.45;
  for (guint r = 0; r < m->rows->len; r += 2)
    fill (c, &stripe, g->labels.x, g->plot.y + r * g->row_height,
          g->values.x + g->values.width - g->labels.x, g->row_height);
  for (guint i = 0; i < m->x.tick_fracs->len; i++)
    {
      double x = rc_chart_geometry_x (g, g_array_index (m->x.tick_fracs, double, i));

      fill (c, &c->palette->grid, x, g->plot.y, 1, g->plot.height + 4);
      if (tick_label_fits (c, m->x.tick_labels->pdata[i], x, &last_end))
        text (c, m->x.tick_labels->pdata[i], x - 50, g->x_axis.y + 12, 100, ALIGN_CENTER,
              &c->palette->dim, 0.85, FALSE);
    }
  text (c, m->x.title, g->x_axis.x, g->x_axis.y + 32, g->x_axis.width, ALIGN_CENTER,
        &c->palette->fg, 0.9, FALSE);
}

static void
dashed_line (RcChartCanvas *c, const GdkRGBA *color, double x0, double x1, double y)
{
  for (double x = x0; x < x1; x += 8)
    fill (c, color, x, y, MIN (5, x1 - x), 1.5);
}

static void
paint_y_axis (RcChartCanvas *c, const RcChartAxis *axis, gboolean right)
{
  const RcChartGeometry *g = &c->geometry;

  for (guint i = 0; i < axis->tick_fracs->len; i++)
    {
      double y = rc_chart_geometry_y (g, g_array_index (axis->tick_fracs, double, i));

      if (!right)
        fill (c, &c->palette->grid, g->plot.x - 4, y, g->plot.width + 4, 1);
      text (c, axis->tick_labels->pdata[i], right ? g->values.x : g->labels.x, y,
            right ? g->values.width : g->labels.width, right ? ALIGN_START : ALIGN_END,
            &c->palette->dim, 0.85, FALSE);
    }
  text (c, axis->title, right ? g->plot.x + g->plot.width / 2 : g->labels.x, g->plot.y - 11,
        right ? g->plot.width / 2 + g->values.width : g->plot.width / 2,
        right ? ALIGN_END : ALIGN_START, &c->palette->fg, 0.9, FALSE);
}

static void
paint_xy_axes (RcChartCanvas *c)
{
  const RcChartGeometry *g = &c->geometry;
  const RcChartModel *m = c->model;
  guint n = m->x.tick_fracs->len;
  const GdkRGBA *ref = &c->palette->roles[RC_CHART_ROLE_REFERENCE];
  guint off_scale = 0;

  paint_y_axis (c, &m->y, FALSE);
  if (m->y2.scale.max > m->y2.scale.min)
    paint_y_axis (c, &m->y2, TRUE);
  for (guint i = 0; i < n; i++)
    {
      double x = rc_chart_geometry_x (g, g_array_index (m->x.tick_fracs, double, i));
      double w = g->plot.width / MAX (n, 1);

      text (c, m->x.tick_labels->pdata[i], x - w / 2 + 2, g->x_axis.y + 12, w - 4, ALIGN_CENTER,
            &c->palette->dim, 0.85, FALSE);
    }
  text (c, m->x.title, g->x_axis.x, g->x_axis.y + 32, g->x_axis.width, ALIGN_CENTER,
        &c->palette->fg, 0.9, FALSE);
  for (guint i = 0; i < m->references->len; i++)
    {
      const RcChartReference *r = g_ptr_array_index (m->references, i);

      if (r->off_scale)
        {
          /* Off the scale: a labelled marker along the plot's top edge. */
          text (c, r->label, g->plot.x, g->plot.y + 9 + 16 * off_scale++, g->plot.width - 4,
                ALIGN_END, ref, 0.85, FALSE);
          continue;
        }
      dashed_line (c, ref, g->plot.x, g->plot.x + g->plot.width, rc_chart_geometry_y (g, r->y));
      text (c, r->label, g->plot.x, rc_chart_geometry_y (g, r->y) - 9, g->plot.width - 4, ALIGN_END,
            ref, 0.85, FALSE);
    }
  fill (c, &c->palette->grid, g->plot.x, g->plot.y + g->plot.height, g->plot.width, 1);
}

/* Marks layer. */

static void
outline (RcChartCanvas *c, const GdkRGBA *color, const RcChartRect *r, double width)
{
  fill (c, color, r->x, r->y, r->width, width);
  fill (c, color, r->x, r->y + r->height - width, r->width, width);
  fill (c, color, r->x, r->y, width, r->height);
  fill (c, color, r->x + r->width - width, r->y, width, r->height);
}

static void
dot (RcChartCanvas *c, const GdkRGBA *color, const RcChartRect *r)
{
  GskRoundedRect round;

  gsk_rounded_rect_init_from_rect (&round, &GRAPHENE_RECT_INIT (r->x, r->y, r->width, r->height),
                                   r->width / 2);
  gtk_snapshot_push_rounded_clip (c->snapshot, &round);
  fill (c, color, r->x, r->y, r->width, r->height);
  gtk_snapshot_pop (c->snapshot);
}

void
rc_chart_stroke_draw (const RcChartStroke *self, cairo_t *cr)
{
  gdk_cairo_set_source_rgba (cr, &self->color);
  cairo_set_line_width (cr, self->width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < self->points->len; i++)
    {
      const graphene_point_t *p = &g_array_index (self->points, graphene_point_t, i);

      /* A cross is two segments: every other point starts a new one. */
      if (self->segments && i % 2 == 0)
        cairo_move_to (cr, p->x, p->y);
      else
        cairo_line_to (cr, p->x, p->y);
    }
  cairo_stroke (cr);
}

void
rc_chart_stroke_free (RcChartStroke *self)
{
  g_array_unref (self->points);
  g_free (self);
}

static RcChartStroke *
stroke_new (const GdkRGBA *color, double width, gboolean segments)
{
  RcChartStroke *self = g_new0 (RcChartStroke, 1);

  self->color = *color;
  self->width = width;
  self->segments = segments;
  self->points = g_array_new (FALSE, FALSE, sizeof (graphene_point_t));
  return self;
}

static void
stroke_add (RcChartStroke *self, double x, double y)
{
  graphene_point_t p = GRAPHENE_POINT_INIT (x, y);

  g_array_append_val (self->points, p);
}

/* A cairo node drawn from @stroke; the SVG writer draws the stroke itself (cairo 1.16 writes
 * a cairo node's recording surface to SVG without its offset). Takes @stroke. */
static void
append_stroke (RcChartCanvas *c, const graphene_rect_t *bounds, RcChartStroke *stroke)
{
  GskRenderNode *node = gsk_cairo_node_new (bounds);
  cairo_t *cr = gsk_cairo_node_get_draw_context (node);

  rc_chart_stroke_draw (stroke, cr);
  cairo_destroy (cr);
  gtk_snapshot_append_node (c->snapshot, node);
  if (c->strokes != NULL)
    g_hash_table_insert (c->strokes, node, stroke);
  else
    {
      rc_chart_stroke_free (stroke);
      gsk_render_node_unref (node);
    }
}

static void
cross (RcChartCanvas *c, const GdkRGBA *color, const RcChartRect *r)
{
  RcChartStroke *stroke = stroke_new (color, 2.5, TRUE);

  stroke_add (stroke, r->x, r->y);
  stroke_add (stroke, r->x + r->width, r->y + r->height);
  stroke_add (stroke, r->x + r->width, r->y);
  stroke_add (stroke, r->x, r->y + r->height);
  append_stroke (c, &GRAPHENE_RECT_INIT (r->x - 2, r->y - 2, r->width + 4, r->height + 4), stroke);
}

static void
paint_mark (RcChartCanvas *c, const RcChartMark *mark)
{
  RcChartRect r = rc_chart_geometry_mark_rect (&c->geometry, c->model, mark);
  const GdkRGBA *color = &c->palette->roles[mark->role];

  switch (mark->shape)
    {
    case RC_CHART_MARK_BAR:
      fill (c, color, r.x, r.y, r.width, r.height);
      break;
    case RC_CHART_MARK_OUTLINE:
      if (c->model->xy)
        dot (c, color, &r), r.x += 2, r.y += 2, r.width -= 4, r.height -= 4,
            dot (c, &c->palette->bg, &r);
      else
        outline (c, color, &r, 1);
      break;
    case RC_CHART_MARK_DOT:
      dot (c, color, &r);
      break;
    case RC_CHART_MARK_WHISKER:
      fill (c, color, r.x, round (r.y + r.height / 2) - 1, r.width, 2);
      fill (c, color, r.x, r.y, 1, r.height);
      fill (c, color, r.x + r.width - 1, r.y, 1, r.height);
      break;
    case RC_CHART_MARK_TICK:
      fill (c, &c->palette->fg, r.x, r.y, r.width, r.height);
      break;
    case RC_CHART_MARK_FAILURE:
      cross (c, color, &r);
      break;
    default:
      break;
    }
}

static void
paint_line (RcChartCanvas *c, const RcChartLine *line)
{
  const RcChartGeometry *g = &c->geometry;
  GdkRGBA color = c->palette->roles[line->role];
  RcChartStroke *stroke;

  if (line->points_only || line->points->len < 2)
    return;
  if (!line->bold)
    color.alpha *= 0.45;
  stroke = stroke_new (&color, line->bold ? 2.5 : 1.2, FALSE);
  for (guint i = 0; i < line->points->len; i++)
    {
      const RcChartPoint *p = &g_array_index (line->points, RcChartPoint, i);

      stroke_add (stroke, rc_chart_geometry_x (g, p->x) + 0.5, rc_chart_geometry_y (g, p->y) + 0.5);
    }
  append_stroke (
      c, &GRAPHENE_RECT_INIT (g->plot.x - 4, g->plot.y - 4, g->plot.width + 8, g->plot.height + 8),
      stroke);
}

static void
paint_marks (RcChartCanvas *c)
{
  const RcChartModel *m = c->model;

  for (guint i = 0; i < m->lines->len; i++)
    {
      const RcChartLine *line = g_ptr_array_index (m->lines, i);

      /* Median runs last, on top of the others. */
      if (!line->bold)
        paint_line (c, line);
    }
  for (guint i = 0; i < m->lines->len; i++)
    if (((RcChartLine *) g_ptr_array_index (m->lines, i))->bold)
      paint_line (c, g_ptr_array_index (m->lines, i));
  for (guint i = 0; i < m->marks->len; i++)
    paint_mark (c, &g_array_index (m->marks, RcChartMark, i));
}

/* Labels layer. */

static void
paint_legend (RcChartCanvas *c)
{
  const RcChartGeometry *g = &c->geometry;
  double x = g->legend.x, y = g->legend.y + 11;

  for (guint i = 0; i < c->model->legend->len; i++)
    {
      const RcChartLegendItem *item = g_ptr_array_index (c->model->legend, i);
      const GdkRGBA *color = &c->palette->roles[item->role];
      /* The same widths and wrapping as the layout's legend height (rc-chart-model.c). */
      double tw = rc_chart_legend_text_width (item->label, c->pango);
      double w = RC_CHART_LEGEND_SWATCH + tw + RC_CHART_LEGEND_GAP;
      RcChartRect swatch;

      if (x > g->legend.x && x + w > g->legend.x + g->legend.width)
        x = g->legend.x, y += 22;
      swatch = (RcChartRect){ x, y - 5, 10, 10 };
      if (item->shape == RC_CHART_MARK_DOT)
        dot (c, color, &swatch);
      else if (item->shape == RC_CHART_MARK_OUTLINE)
        outline (c, color, &swatch, 1.5);
      else if (item->shape == RC_CHART_MARK_WHISKER)
        fill (c, color, x, y - 1, 10, 2), fill (c, color, x, y - 5, 1, 10),
            fill (c, color, x + 9, y - 5, 1, 10);
      else if (item->shape == RC_CHART_MARK_FAILURE)
        cross (c, color, &swatch);
      else
        fill (c, color, swatch.x, swatch.y, swatch.width, swatch.height);
      text (c, item->label, x + RC_CHART_LEGEND_SWATCH, y, tw, ALIGN_START, &c->palette->fg,
            LEGEND_SCALE, FALSE);
      x += w;
    }
}

/* Marks with labels of their own write them in the value column at their height. */
static gboolean
paint_mark_labels (RcChartCanvas *c, guint row)
{
  const RcChartGeometry *g = &c->geometry;
  gboolean any = FALSE;

  for (guint i = 0; i < c->model->marks->len; i++)
    {
      const RcChartMark *mark = &g_array_index (c->model->marks, RcChartMark, i);
      double h = (mark->y1 - mark->y0) * g->row_height;

      if (mark->row != row || mark->label == NULL || h < 9)
        continue;
      text (c, mark->label, g->values.x,
            g->plot.y + (row + (mark->y0 + mark->y1) / 2) * g->row_height, g->values.width,
            ALIGN_START, &c->palette->dim, CLAMP (h / 13, 0.6, 0.85), FALSE);
      any = TRUE;
    }
  return any;
}

static void
paint_rows (RcChartCanvas *c)
{
  const RcChartGeometry *g = &c->geometry;
  double scale = CLAMP (g->row_height / 22.0, 0.55, 1.0);

  if (g->row_height < 7)
    return; /* too dense for text: the tooltips still name every row */
  for (guint r = 0; r < c->model->rows->len; r++)
    {
      const RcChartRow *row = g_ptr_array_index (c->model->rows, r);
      double y = g->plot.y + (r + 0.5) * g->row_height;
      double indent = row->indent * 14;

      text (c, row->label, g->labels.x + indent, y, g->labels.width - indent, ALIGN_START,
            row->indent > 0 ? &c->palette->dim : &c->palette->fg, scale * (row->indent ? 0.9 : 1),
            row->emphasis);
      if (!paint_mark_labels (c, r))
        text (c, row->value, g->values.x, y, g->values.width, ALIGN_START, &c->palette->dim,
              scale * 0.85, row->emphasis);
    }
}

static void
paint_labels (RcChartCanvas *c)
{
  const RcChartGeometry *g = &c->geometry;

  text (c, c->model->title, g->title.x, g->title.y + 12, g->title.width, ALIGN_START,
        &c->palette->fg, 1.1, TRUE);
  if (c->model->empty_text != NULL)
    {
      text (c, c->model->empty_text, 0, g->height / 2 + 10, g->width, ALIGN_CENTER,
            &c->palette->dim, 1.0, FALSE);
      return;
    }
  if (c->model->banner != NULL)
    {
      fill (c, &c->palette->warning_bg, g->banner.x, g->banner.y + 2, g->banner.width,
            g->banner.height - 4);
      text (c, c->model->banner, g->banner.x + 8, g->banner.y + g->banner.height / 2,
            g->banner.width - 16, ALIGN_START, &c->palette->fg, 0.9, FALSE);
    }
  paint_legend (c);
  if (!c->model->xy)
    paint_rows (c);
  for (guint i = 0; i < c->model->summary->len; i++)
    text (c, c->model->summary->pdata[i], g->summary.x, g->summary.y + (i + 0.5) * 18,
          g->summary.width, ALIGN_START, &c->palette->dim, 0.9, FALSE);
}

/* The waits axis's tick labels: its 0 (the first message) always, and of the others those
 * that run into neither it nor the one drawn before (a narrow plot has room for fewer). */
static void
paint_reader_waits_ticks (RcChartCanvas *c, const RcReaderWaits *w, const RcReaderWaitsGeometry *wg)
{
  guint n = w->axis.tick_labels->len, zero = G_MAXUINT;
  double zero_lo = 0, zero_hi = 0, last_end = -G_MAXDOUBLE;
  g_autofree double *xs = g_new (double, MAX (n, 1));
  g_autofree double *half = g_new (double, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (PangoLayout) layout = make_layout (c, w->axis.tick_labels->pdata[i], 0.8, FALSE);
      int lw, lh;

      pango_layout_get_pixel_size (layout, &lw, &lh);
      half[i] = lw / 2.0 + 3; /* 6 px between two labels */
      xs[i] =
          wg->plot.x
          + round (CLAMP (g_array_index (w->axis.tick_fracs, double, i), 0, 1) * wg->plot.width);
      if (i < rc_chart_scale_n_ticks (&w->scale) && rc_chart_scale_tick (&w->scale, i) == 0)
        zero = i, zero_lo = xs[i] - half[i], zero_hi = xs[i] + half[i];
    }
  for (guint i = 0; i < n; i++)
    {
      gboolean clear = xs[i] - half[i] >= last_end
                       && (zero == G_MAXUINT || i == zero || xs[i] + half[i] <= zero_lo
                           || xs[i] - half[i] >= zero_hi);

      if (!clear)
        continue;
      text (c, w->axis.tick_labels->pdata[i], xs[i] - 40, wg->axis.y + 12, 80, ALIGN_CENTER,
            &c->palette->dim, 0.8, FALSE);
      last_end = xs[i] + half[i];
    }
}

static void
paint_reader_waits_axes (RcChartCanvas *c, const RcReaderWaits *w, const RcReaderWaitsGeometry *wg)
{
  GdkRGBA stripe = c->palette->grid;
  double centre = wg->plot.x + wg->plot.width / 2, half;

  stripe.alpha *= 0.45;
  for (guint l = 0; l < RC_PRELOAD_N_VALUES; l += 2)
    fill (c, &stripe, wg->labels.x, wg->plot.y + l * wg->lane_height,
          wg->values.x + wg->values.width - wg->labels.x, wg->lane_height);
  for (guint i = 0; i < w->axis.tick_labels->len; i++)
    {
      double x =
          wg->plot.x
          + round (CLAMP (g_array_index (w->axis.tick_fracs, double, i), 0, 1) * wg->plot.width);

      fill (c, &c->palette->grid, x, wg->plot.y, 1, wg->plot.height + 4);
    }
  paint_reader_waits_ticks (c, w, wg);
  /* the title is longer than the timeline's: centred under the plot, using the room the label
   * and value columns leave */
  half = MIN (centre - wg->area.x, wg->area.x + wg->area.width - centre);
  text (c, w->axis.title, centre - half, wg->axis.y + 30, 2 * half, ALIGN_CENTER, &c->palette->fg,
        0.85, FALSE);
  /* the message is sent at 0: what lies left of it was paid on page open */
  fill (c, &c->palette->fg, wg->zero_x - 1, wg->plot.y - 4, 2, wg->plot.height + 8);
}

static void
paint_reader_waits_marks (RcChartCanvas *c, const RcReaderWaitsGeometry *wg)
{
  for (guint i = 0; i < wg->n_boxes; i++)
    {
      const RcWaitBox *box = &wg->boxes[i];
      const RcChartRect *r = &box->rect;
      RcChartRole role = box->track == RC_WAIT_TRACK_MODEL ? RC_CHART_ROLE_NEUTRAL
                         : box->track == RC_WAIT_TRACK_COLD
                             ? rc_chart_role_for_scenario (RC_SCENARIO_COLD)
                             : rc_chart_role_for_scenario (RC_SCENARIO_WARM);
      const GdkRGBA *color = &c->palette->roles[role];

      switch (box->kind)
        {
        case RC_WAIT_WORST:
          /* a whisker: the wait of a reader who writes the moment the page opens */
          fill (c, color, r->x, round (r->y + r->height / 2) - 1, r->width, 2);
          fill (c, color, r->x + r->width - 1, r->y, 1, r->height);
          break;
        case RC_WAIT_RESULT:
          fill (c, color, r->x, r->y, r->width, r->height);
          break;
        case RC_WAIT_MODEL:
        case RC_WAIT_BOOT:
        default:
          fill (c, color, r->x, r->y, r->width, r->height);
          break;
        }
    }
}

static void
paint_reader_waits_labels (RcChartCanvas *c, const RcReaderWaits *w,
                           const RcReaderWaitsGeometry *wg)
{
  text (c, w->heading, wg->heading.x, wg->heading.y + wg->heading.height / 2, wg->heading.width,
        ALIGN_START, &c->palette->fg, 0.95, TRUE);
  for (guint l = 0; l < RC_PRELOAD_N_VALUES; l++)
    {
      g_autofree char *label = rc_reader_waits_lane_label (w, l);
      g_autofree char *value = rc_reader_waits_lane_value (w, l);
      double y = wg->plot.y + (l + 0.5) * wg->lane_height;

      text (c, label, wg->labels.x, y, wg->labels.width, ALIGN_START, &c->palette->fg, 0.95,
            w->lanes[l].recommended);
      text (c, value, wg->values.x, y, wg->values.width, ALIGN_START, &c->palette->dim, 0.85,
            w->lanes[l].recommended);
    }
  for (guint i = 0; i < wg->n_note_lines; i++)
    {
      g_autofree char *line =
          g_strndup (w->recommendation + wg->note_lines[i].start, wg->note_lines[i].length);

      text (c, line, wg->note.x, wg->note.y + (i + 0.5) * 18, wg->note.width, ALIGN_START,
            &c->palette->fg, 0.9, FALSE);
    }
}

/* The reader-waits lanes under the timeline (core/rc-reader-waits.h lays them out): each
 * part paints its share, as the rows above do. */
static void
paint_reader_waits (RcChartCanvas *c, RcChartPart part)
{
  const RcReaderWaits *w = c->model->waits;
  const RcChartGeometry *g = &c->geometry;
  RcReaderWaitsGeometry wg;

  if (w == NULL || g->waits.height <= 0)
    return;
  rc_reader_waits_layout (w, g->waits.x, g->waits.width, g->waits.y, &g->labels, &g->plot,
                          &g->values, rc_chart_legend_text_width, c->pango, &wg);
  if (part == RC_CHART_PART_AXES)
    paint_reader_waits_axes (c, w, &wg);
  else if (part == RC_CHART_PART_MARKS)
    paint_reader_waits_marks (c, &wg);
  else
    paint_reader_waits_labels (c, w, &wg);
}

void
rc_chart_paint_part (RcChartCanvas *self, RcChartPart part)
{
  g_return_if_fail (self != NULL && self->model != NULL);

  if (self->model->empty_text != NULL && part != RC_CHART_PART_LABELS)
    return;
  switch (part)
    {
    case RC_CHART_PART_AXES:
      if (self->model->xy)
        paint_xy_axes (self);
      else
        paint_row_axes (self);
      break;
    case RC_CHART_PART_MARKS:
      paint_marks (self);
      break;
    case RC_CHART_PART_LABELS:
      paint_labels (self);
      break;
    case RC_CHART_N_PARTS:
    default:
      g_return_if_reached ();
    }
  paint_reader_waits (self, part);
}

void
rc_chart_paint_focus (RcChartCanvas *self, int index)
{
  RcChartRect r;

  if (index < 0 || (guint) index >= self->model->marks->len)
    return;
  r = rc_chart_geometry_mark_rect (&self->geometry, self->model,
                                   &g_array_index (self->model->marks, RcChartMark, index));
  r.x -= 2, r.y -= 2, r.width += 4, r.height += 4;
  outline (self, &self->palette->fg, &r, 1.5);
}
