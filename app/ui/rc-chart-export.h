/* rc-chart-export.h: charts as PNG and SVG files, drawn by the same code as on screen.
 *
 * rc_chart_render() paints every layer (rc-chart-paint.c) into one GskRenderNode;
 * PNG is that node drawn by gsk_render_node_draw() onto a cairo image surface, SVG the same
 * onto a cairo SVG surface, except that text nodes become <text> elements (cairo would write
 * glyph outlines, and a label nobody can search or copy is a worse chart). Neither needs a
 * display or gtk_init().
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "rc-chart-palette.h"

G_BEGIN_DECLS

typedef enum
{
  RC_CHART_FILE_PNG,
  RC_CHART_FILE_SVG,
} RcChartFileFormat;

/* From the file's extension (.png, .svg, any case). */
gboolean rc_chart_file_format_from_path (const char *path, RcChartFileFormat *out);

/* The font files are drawn with ("Sans 10" on a fresh cairo font map). */
PangoContext *rc_chart_file_pango_context (void);

/* The whole chart at @width × @height on @palette's background. @texts, @strokes: see
 * RcChartCanvas (NULL: not recorded). */
GskRenderNode *rc_chart_render (const RcChartModel *model, const RcChartPalette *palette,
                                PangoContext *pango, int width, int height, GHashTable *texts,
                                GHashTable *strokes);

/* @palette NULL: libadwaita's light palette; @pango NULL: rc_chart_file_pango_context(). */
GBytes *rc_chart_to_png (const RcChartModel *model, const RcChartPalette *palette,
                         PangoContext *pango, int width, int height, GError **error);
GBytes *rc_chart_to_svg (const RcChartModel *model, const RcChartPalette *palette,
                         PangoContext *pango, int width, int height, GError **error);
/* Writes @path (atomically) in the format its extension names. */
gboolean rc_chart_write_file (const RcChartModel *model, const RcChartPalette *palette,
                              PangoContext *pango, int width, int height, const char *path,
                              GError **error);

/* One chart of @report (not compare) as SVG, @width wide and as tall as it needs, drawn with
 * the files' font: what `chart`, `bundle` and the window's bundle write. */
GBytes *rc_chart_report_svg (RcChartKind kind, const RcMeasurement *report, int width,
                             GError **error);

G_END_DECLS
