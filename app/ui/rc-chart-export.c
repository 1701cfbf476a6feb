/* rc-chart-export.c
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
#include <cairo-svg.h>
#include "core/chart/rc-charts.h"
#include <glib/gi18n.h>
#include "core/chart/rc-charts.h"
#include <pango/pangocairo.h>
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
#include "rc-chart-export.h"
#include "core/chart/rc-charts.h"
#include "rc-chart-paint.h"
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
gboolean
#include "core/chart/rc-charts.h"
rc_chart_file_format_from_path (const char *path, RcChartFileFormat *out)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  g_autofree char *lower = g_ascii_strdown (path, -1);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  if (g_str_has_suffix (lower, ".png"))
#include "core/chart/rc-charts.h"
    *out = RC_CHART_FILE_PNG;
#include "core/chart/rc-charts.h"
  else if (g_str_has_suffix (lower, ".svg"))
#include "core/chart/rc-charts.h"
    *out = RC_CHART_FILE_SVG;
#include "core/chart/rc-charts.h"
  else
#include "core/chart/rc-charts.h"
    return FALSE;
#include "core/chart/rc-charts.h"
  return TRUE;
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
PangoContext *
#include "core/chart/rc-charts.h"
rc_chart_file_pango_context (void)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
#include "core/chart/rc-charts.h"
  PangoFontDescription *font = pango_font_description_from_string ("Sans 10");
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  pango_context_set_font_description (context, font);
#include "core/chart/rc-charts.h"
  pango_font_description_free (font);
#include "core/chart/rc-charts.h"
  return context;
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
GskRenderNode *
#include "core/chart/rc-charts.h"
rc_chart_render (const RcChartModel *model, const RcChartPalette *palette, PangoContext *pango,
#include "core/chart/rc-charts.h"
                 int width, int height, GHashTable *texts, GHashTable *strokes)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  GtkSnapshot *snapshot;
#include "core/chart/rc-charts.h"
  RcChartCanvas canvas;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  g_return_val_if_fail (model != NULL && palette != NULL && pango != NULL, NULL);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  /* Without gtk_init() GSK's node types are registered on first use of one of them. */
#include "core/chart/rc-charts.h"
  g_type_ensure (GSK_TYPE_COLOR_NODE);
#include "core/chart/rc-charts.h"
  snapshot = gtk_snapshot_new ();
#include "core/chart/rc-charts.h"
  gtk_snapshot_append_color (snapshot, &palette->bg, &GRAPHENE_RECT_INIT (0, 0, width, height));
#include "core/chart/rc-charts.h"
  rc_chart_canvas_init (&canvas, snapshot, pango, palette, model, width, height);
#include "core/chart/rc-charts.h"
  canvas.texts = texts;
#include "core/chart/rc-charts.h"
  canvas.strokes = strokes;
#include "core/chart/rc-charts.h"
  for (RcChartPart part = 0; part < RC_CHART_N_PARTS; part++)
#include "core/chart/rc-charts.h"
    rc_chart_paint_part (&canvas, part);
#include "core/chart/rc-charts.h"
  return gtk_snapshot_free_to_node (snapshot);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static gboolean
#include "core/chart/rc-charts.h"
check_size (int width, int height, GError **error)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  if (width >= 200 && height >= 120 && width <= 8000 && height <= 8000)
#include "core/chart/rc-charts.h"
    return TRUE;
#include "core/chart/rc-charts.h"
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
#include "core/chart/rc-charts.h"
               _ ("a chart must be 200×120 to 8000×8000 pixels, not %d×%d"), width, height);
#include "core/chart/rc-charts.h"
  return FALSE;
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static cairo_status_t
#include "core/chart/rc-charts.h"
append_bytes (void *closure, const unsigned char *data, unsigned int length)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  g_byte_array_append (closure, data, length);
#include "core/chart/rc-charts.h"
  return CAIRO_STATUS_SUCCESS;
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
GBytes *
#include "core/chart/rc-charts.h"
rc_chart_to_png (const RcChartModel *model, const RcChartPalette *palette, PangoContext *pango,
#include "core/chart/rc-charts.h"
                 int width, int height, GError **error)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  RcChartPalette light;
#include "core/chart/rc-charts.h"
  g_autoptr (GObject) own = NULL; /* the PangoContext made here, if any */
#include "core/chart/rc-charts.h"
  GskRenderNode *node;
#include "core/chart/rc-charts.h"
  cairo_surface_t *surface;
#include "core/chart/rc-charts.h"
  cairo_t *cr;
#include "core/chart/rc-charts.h"
  GByteArray *out;
#include "core/chart/rc-charts.h"
  cairo_status_t status;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  if (!check_size (width, height, error))
#include "core/chart/rc-charts.h"
    return NULL;
#include "core/chart/rc-charts.h"
  out = g_byte_array_new ();
#include "core/chart/rc-charts.h"
  if (palette == NULL)
#include "core/chart/rc-charts.h"
    rc_chart_palette_init_default (&light, FALSE), palette = &light;
#include "core/chart/rc-charts.h"
  if (pango == NULL)
#include "core/chart/rc-charts.h"
    own = G_OBJECT (pango = rc_chart_file_pango_context ());
#include "core/chart/rc-charts.h"
  node = rc_chart_render (model, palette, pango, width, height, NULL, NULL);
#include "core/chart/rc-charts.h"
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
#include "core/chart/rc-charts.h"
  cr = cairo_create (surface);
#include "core/chart/rc-charts.h"
  gsk_render_node_draw (node, cr);
#include "core/chart/rc-charts.h"
  cairo_destroy (cr);
#include "core/chart/rc-charts.h"
  status = cairo_surface_write_to_png_stream (surface, append_bytes, out);
#include "core/chart/rc-charts.h"
  cairo_surface_destroy (surface);
#include "core/chart/rc-charts.h"
  gsk_render_node_unref (node);
#include "core/chart/rc-charts.h"
  if (status != CAIRO_STATUS_SUCCESS)
#include "core/chart/rc-charts.h"
    {
#include "core/chart/rc-charts.h"
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("could not encode the PNG: %s"),
#include "core/chart/rc-charts.h"
                   cairo_status_to_string (status));
#include "core/chart/rc-charts.h"
      g_byte_array_unref (out);
#include "core/chart/rc-charts.h"
      return NULL;
#include "core/chart/rc-charts.h"
    }
#include "core/chart/rc-charts.h"
  return g_byte_array_free_to_bytes (out);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
/* SVG: a walk over the node tree that keeps transforms and clips in cairo, draws every other
#include "core/chart/rc-charts.h"
 * node with gsk_render_node_draw() and collects the text nodes as <text> elements. */
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
svg_text (GString *labels, cairo_t *cr, GskRenderNode *node, const char *str)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  const graphene_point_t *offset = gsk_text_node_get_offset (node);
#include "core/chart/rc-charts.h"
  const GdkRGBA *color = gsk_text_node_get_color (node);
#include "core/chart/rc-charts.h"
  PangoFontDescription *font =
#include "core/chart/rc-charts.h"
      pango_font_describe_with_absolute_size (gsk_text_node_get_font (node));
#include "core/chart/rc-charts.h"
  double x = offset->x, y = offset->y;
#include "core/chart/rc-charts.h"
  g_autofree char *escaped = g_markup_escape_text (str, -1);
#include "core/chart/rc-charts.h"
  g_autofree char *family = g_markup_escape_text (pango_font_description_get_family (font), -1);
#include "core/chart/rc-charts.h"
  char xs[G_ASCII_DTOSTR_BUF_SIZE], ys[G_ASCII_DTOSTR_BUF_SIZE], ss[G_ASCII_DTOSTR_BUF_SIZE];
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  cairo_user_to_device (cr, &x, &y);
#include "core/chart/rc-charts.h"
  g_string_append_printf (
#include "core/chart/rc-charts.h"
      labels,
#include "core/chart/rc-charts.h"
      "<text x=\"%s\" y=\"%s\" font-family=\"%s, sans-serif\" font-size=\"%s\"%s "
#include "core/chart/rc-charts.h"
      "fill=\"rgb(%d,%d,%d)\" fill-opacity=\"%.3f\">%s</text>\n",
#include "core/chart/rc-charts.h"
      g_ascii_formatd (xs, sizeof xs, "%.2f", x), g_ascii_formatd (ys, sizeof ys, "%.2f", y),
#include "core/chart/rc-charts.h"
      family,
#include "core/chart/rc-charts.h"
      g_ascii_formatd (ss, sizeof ss, "%.2f",
#include "core/chart/rc-charts.h"
                       (double) pango_font_description_get_size (font) / PANGO_SCALE),
#include "core/chart/rc-charts.h"
      pango_font_description_get_weight (font) >= PANGO_WEIGHT_BOLD ? " font-weight=\"bold\"" : "",
#include "core/chart/rc-charts.h"
      (int) (color->red * 255 + 0.5), (int) (color->green * 255 + 0.5),
#include "core/chart/rc-charts.h"
      (int) (color->blue * 255 + 0.5), color->alpha, escaped);
#include "core/chart/rc-charts.h"
  pango_font_description_free (font);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
typedef struct
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  GHashTable *texts;
#include "core/chart/rc-charts.h"
  GHashTable *strokes;
#include "core/chart/rc-charts.h"
  GString *labels;
#include "core/chart/rc-charts.h"
} Walk;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
static void
#include "core/chart/rc-charts.h"
svg_walk (GskRenderNode *node, cairo_t *cr, const Walk *w)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  switch (gsk_render_node_get_node_type (node))
#include "core/chart/rc-charts.h"
    {
#include "core/chart/rc-charts.h"
    case GSK_CONTAINER_NODE:
#include "core/chart/rc-charts.h"
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
#include "core/chart/rc-charts.h"
        svg_walk (gsk_container_node_get_child (node, i), cr, w);
#include "core/chart/rc-charts.h"
      break;
#include "core/chart/rc-charts.h"
    case GSK_TRANSFORM_NODE:
#include "core/chart/rc-charts.h"
      {
#include "core/chart/rc-charts.h"
        float xx, yx, xy, yy, dx, dy;
#include "core/chart/rc-charts.h"
        cairo_matrix_t m;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
        gsk_transform_to_2d (gsk_transform_node_get_transform (node), &xx, &yx, &xy, &yy, &dx, &dy);
#include "core/chart/rc-charts.h"
        cairo_matrix_init (&m, xx, yx, xy, yy, dx, dy);
#include "core/chart/rc-charts.h"
        cairo_save (cr);
#include "core/chart/rc-charts.h"
        cairo_transform (cr, &m);
#include "core/chart/rc-charts.h"
        svg_walk (gsk_transform_node_get_child (node), cr, w);
#include "core/chart/rc-charts.h"
        cairo_restore (cr);
#include "core/chart/rc-charts.h"
      }
#include "core/chart/rc-charts.h"
      break;
#include "core/chart/rc-charts.h"
    case GSK_DEBUG_NODE:
#include "core/chart/rc-charts.h"
      svg_walk (gsk_debug_node_get_child (node), cr, w);
#include "core/chart/rc-charts.h"
      break;
#include "core/chart/rc-charts.h"
    case GSK_TEXT_NODE:
#include "core/chart/rc-charts.h"
      {
#include "core/chart/rc-charts.h"
        const char *str = g_hash_table_lookup (w->texts, node);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
        if (str == NULL)
#include "core/chart/rc-charts.h"
          gsk_render_node_draw (node, cr);
#include "core/chart/rc-charts.h"
        else if (*str != '\0')
#include "core/chart/rc-charts.h"
          svg_text (w->labels, cr, node, str);
#include "core/chart/rc-charts.h"
      }
#include "core/chart/rc-charts.h"
      break;
#include "core/chart/rc-charts.h"
    case GSK_CAIRO_NODE:
#include "core/chart/rc-charts.h"
      {
#include "core/chart/rc-charts.h"
        const RcChartStroke *stroke = g_hash_table_lookup (w->strokes, node);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
        if (stroke != NULL)
#include "core/chart/rc-charts.h"
          rc_chart_stroke_draw (stroke, cr);
#include "core/chart/rc-charts.h"
        else
#include "core/chart/rc-charts.h"
          gsk_render_node_draw (node, cr);
#include "core/chart/rc-charts.h"
      }
#include "core/chart/rc-charts.h"
      break;
#include "core/chart/rc-charts.h"
    default:
#include "core/chart/rc-charts.h"
      /* Colours, rounded clips (dots), cairo nodes (lines, crosses): cairo writes paths. */
#include "core/chart/rc-charts.h"
      gsk_render_node_draw (node, cr);
#include "core/chart/rc-charts.h"
      break;
#include "core/chart/rc-charts.h"
    }
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
GBytes *
#include "core/chart/rc-charts.h"
rc_chart_to_svg (const RcChartModel *model, const RcChartPalette *palette, PangoContext *pango,
#include "core/chart/rc-charts.h"
                 int width, int height, GError **error)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  RcChartPalette light;
#include "core/chart/rc-charts.h"
  g_autoptr (GObject) own = NULL; /* the PangoContext made here, if any */
#include "core/chart/rc-charts.h"
  g_autoptr (GHashTable) texts = NULL;
#include "core/chart/rc-charts.h"
  g_autoptr (GHashTable) strokes = NULL;
#include "core/chart/rc-charts.h"
  g_autoptr (GString) labels = g_string_new ("<g id=\"labels\">\n");
#include "core/chart/rc-charts.h"
  GByteArray *out;
#include "core/chart/rc-charts.h"
  GskRenderNode *node;
#include "core/chart/rc-charts.h"
  cairo_surface_t *surface;
#include "core/chart/rc-charts.h"
  cairo_t *cr;
#include "core/chart/rc-charts.h"
  const char *end;
#include "core/chart/rc-charts.h"
  gsize at;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  if (!check_size (width, height, error))
#include "core/chart/rc-charts.h"
    return NULL;
#include "core/chart/rc-charts.h"
  if (palette == NULL)
#include "core/chart/rc-charts.h"
    rc_chart_palette_init_default (&light, FALSE), palette = &light;
#include "core/chart/rc-charts.h"
  if (pango == NULL)
#include "core/chart/rc-charts.h"
    own = G_OBJECT (pango = rc_chart_file_pango_context ());
#include "core/chart/rc-charts.h"
  texts = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) gsk_render_node_unref, g_free);
#include "core/chart/rc-charts.h"
  strokes = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) gsk_render_node_unref,
#include "core/chart/rc-charts.h"
                                   (GDestroyNotify) rc_chart_stroke_free);
#include "core/chart/rc-charts.h"
  node = rc_chart_render (model, palette, pango, width, height, texts, strokes);
#include "core/chart/rc-charts.h"
  out = g_byte_array_new ();
#include "core/chart/rc-charts.h"
  surface = cairo_svg_surface_create_for_stream (append_bytes, out, width, height);
#include "core/chart/rc-charts.h"
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
#include "core/chart/rc-charts.h"
  cr = cairo_create (surface);
#include "core/chart/rc-charts.h"
  {
#include "core/chart/rc-charts.h"
    Walk walk = { texts, strokes, labels };
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
    svg_walk (node, cr, &walk);
#include "core/chart/rc-charts.h"
  }
#include "core/chart/rc-charts.h"
  cairo_destroy (cr);
#include "core/chart/rc-charts.h"
  cairo_surface_finish (surface);
#include "core/chart/rc-charts.h"
  cairo_surface_destroy (surface);
#include "core/chart/rc-charts.h"
  gsk_render_node_unref (node);
#include "core/chart/rc-charts.h"
  g_string_append (labels, "</g>\n");
#include "core/chart/rc-charts.h"
  /* The labels go last, above every shape, just before the closing tag. */
#include "core/chart/rc-charts.h"
  end = g_strrstr_len ((const char *) out->data, out->len, "</svg>");
#include "core/chart/rc-charts.h"
  if (end == NULL)
#include "core/chart/rc-charts.h"
    {
#include "core/chart/rc-charts.h"
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("cairo wrote no SVG"));
#include "core/chart/rc-charts.h"
      g_byte_array_unref (out);
#include "core/chart/rc-charts.h"
      return NULL;
#include "core/chart/rc-charts.h"
    }
#include "core/chart/rc-charts.h"
  at = (gsize) (end - (const char *) out->data);
#include "core/chart/rc-charts.h"
  g_array_insert_vals ((GArray *) out, at, labels->str, labels->len);
#include "core/chart/rc-charts.h"
  return g_byte_array_free_to_bytes (out);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
gboolean
#include "core/chart/rc-charts.h"
rc_chart_write_file (const RcChartModel *model, const RcChartPalette *palette, PangoContext *pango,
#include "core/chart/rc-charts.h"
                     int width, int height, const char *path, GError **error)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  RcChartFileFormat format;
#include "core/chart/rc-charts.h"
  g_autoptr (GBytes) bytes = NULL;
#include "core/chart/rc-charts.h"
  g_autoptr (GFile) file = g_file_new_for_path (path);
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  if (!rc_chart_file_format_from_path (path, &format))
#include "core/chart/rc-charts.h"
    {
#include "core/chart/rc-charts.h"
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
#include "core/chart/rc-charts.h"
                   _ ("%s: a chart file ends in .png or .svg"), path);
#include "core/chart/rc-charts.h"
      return FALSE;
#include "core/chart/rc-charts.h"
    }
#include "core/chart/rc-charts.h"
  bytes = format == RC_CHART_FILE_PNG
#include "core/chart/rc-charts.h"
              ? rc_chart_to_png (model, palette, pango, width, height, error)
#include "core/chart/rc-charts.h"
              : rc_chart_to_svg (model, palette, pango, width, height, error);
#include "core/chart/rc-charts.h"
  if (bytes == NULL)
#include "core/chart/rc-charts.h"
    return FALSE;
#include "core/chart/rc-charts.h"
  return g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
#include "core/chart/rc-charts.h"
                                  NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, error);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
GBytes *
#include "core/chart/rc-charts.h"
rc_chart_report_svg (RcChartKind kind, const RcMeasurement *report, int width, GError **error)
#include "core/chart/rc-charts.h"
{
#include "core/chart/rc-charts.h"
  g_autoptr (GObject) own = NULL; /* the PangoContext files are drawn with */
#include "core/chart/rc-charts.h"
  PangoContext *pango = rc_chart_file_pango_context ();
#include "core/chart/rc-charts.h"
  g_autoptr (RcChartModel) model = NULL;
#include "core/chart/rc-charts.h"
  int height;
#include "core/chart/rc-charts.h"

#include "core/chart/rc-charts.h"
  own = G_OBJECT (pango);
#include "core/chart/rc-charts.h"
  model = rc_chart_model_build (kind, report, NULL, rc_chart_memory_limit_bytes (report));
#include "core/chart/rc-charts.h"
  height =
#include "core/chart/rc-charts.h"
      MAX ((int) rc_chart_natural_height_measured (model, width, rc_chart_legend_text_width, pango),
#include "core/chart/rc-charts.h"
           240);
#include "core/chart/rc-charts.h"
  return rc_chart_to_svg (model, NULL, pango, width, height, error);
#include "core/chart/rc-charts.h"
}
#include "core/chart/rc-charts.h"
