/* rc-chart-paint.h: turns an RcChartModel and its geometry into render nodes.
 *
 * The only drawing code of the charts: the widget's layers call it from snapshot(), and the
 * file writer (rc-chart-export.c) calls it on a fresh GtkSnapshot, so the screen, PNG and SVG
 * show the same pixels. It needs no display: text is shaped on any PangoContext.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "rc-chart-palette.h"

G_BEGIN_DECLS

/* The layers of a chart, bottom to top (rc-chart-layer.c stacks one widget per part). */
typedef enum
{
  RC_CHART_PART_AXES,   /* stripes, grid lines, tick labels, axis titles, reference lines */
  RC_CHART_PART_MARKS,  /* bars, outlines, whiskers, dots, lines */
  RC_CHART_PART_LABELS, /* title, banner, legend, row labels and values, empty state */
  RC_CHART_N_PARTS,
} RcChartPart;

typedef struct
{
  GtkSnapshot *snapshot;
  PangoContext *pango;
  const RcChartPalette *palette;
  const RcChartModel *model;
  RcChartGeometry geometry;
  /* GskRenderNode (text) → the label it shows; NULL on screen. The SVG writer turns those
   * nodes into <text> elements so labels stay text. */
  GHashTable *texts;
  /* GskRenderNode (cairo) → the RcChartStroke it draws; NULL on screen. The table owns both. */
  GHashTable *strokes;
} RcChartCanvas;

/* A polyline (or, with @segments, pairs of points as separate segments) in pixels. */
typedef struct
{
  GdkRGBA color;
  double width;
  gboolean segments;
  GArray *points; /* graphene_point_t */
} RcChartStroke;

void rc_chart_stroke_draw (const RcChartStroke *self, cairo_t *cr);
void rc_chart_stroke_free (RcChartStroke *self);

/* RcChartTextWidthFunc for a PangoContext: a legend label's width as painted. */
double rc_chart_legend_text_width (const char *text, gpointer pango_context);

void rc_chart_canvas_init (RcChartCanvas *self, GtkSnapshot *snapshot, PangoContext *pango,
                           const RcChartPalette *palette, const RcChartModel *model, double width,
                           double height);
void rc_chart_paint_part (RcChartCanvas *self, RcChartPart part);
/* An outline around mark @index (hover, keyboard focus). */
void rc_chart_paint_focus (RcChartCanvas *self, int index);

G_END_DECLS
