/* rc-chart-export.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "core/chart/rc-charts.h"
#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "rc-chart-export.h"
#include "rc-chart-paint.h"

gboolean
rc_chart_file_format_from_path (const char *path, RcChartFileFormat *out)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".png"))
    *out = RC_CHART_FILE_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *out = RC_CHART_FILE_SVG;
  else
    return FALSE;
  return TRUE;
}

PangoContext *
rc_chart_file_pango_context (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  PangoFontDescription *font = pango_font_description_from_string ("Sans 10");

  pango_context_set_font_description (context, font);
  pango_font_description_free (font);
  return context;
}

GskRenderNode *
rc_chart_render (const RcChartModel *model, const RcChartPalette *palette, PangoContext *pango,
                 int width, int height, GHashTable *texts, GHashTable *strokes)
{
  GtkSnapshot *snapshot;
  RcChartCanvas canvas;

  g_return_val_if_fail (model != NULL && palette != NULL && pango != NULL, NULL);

  /* Without gtk_init() GSK's node types are registered on first use of one of them. */
  g_type_ensure (GSK_TYPE_COLOR_NODE);
  snapshot = gtk_snapshot_new ();
  gtk_snapshot_append_color (snapshot, &palette->bg, &GRAPHENE_RECT_INIT (0, 0, width, height));
  rc_chart_canvas_init (&canvas, snapshot, pango, palette, model, width, height);
  canvas.texts = texts;
  canvas.strokes = strokes;
  for (RcChartPart part = 0; part < RC_CHART_N_PARTS; part++)
    rc_chart_paint_part (&canvas, part);
  return gtk_snapshot_free_to_node (snapshot);
}

static gboolean
check_size (int width, int height, GError **error)
{
  if (width >= 200 && height >= 120 && width <= 8000 && height <= 8000)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _ ("a chart must be 200×120 to 8000×8000 pixels, not %d×%d"), width, height);
  return FALSE;
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
rc_chart_to_png (const RcChartModel *model, const RcChartPalette *palette, PangoContext *pango,
                 int width, int height, GError **error)
{
  RcChartPalette light;
  g_autoptr (GObject) own = NULL; /* the PangoContext made here, if any */
  GskRenderNode *node;
  cairo_surface_t *surface;
  cairo_t *cr;
  GByteArray *out;
  cairo_status_t status;

  if (!check_size (width, height, error))
    return NULL;
  out = g_byte_array_new ();
  if (palette == NULL)
    rc_chart_palette_init_default (&light, FALSE), palette = &light;
  if (pango == NULL)
    own = G_OBJECT (pango = rc_chart_file_pango_context ());
  node = rc_chart_render (model, palette, pango, width, height, NULL, NULL);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  status = cairo_surface_write_to_png_stream (surface, append_bytes, out);
  cairo_surface_destroy (surface);
  gsk_render_node_unref (node);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("could not encode the PNG: %s"),
                   cairo_status_to_string (status));
      g_byte_array_unref (out);
      return NULL;
    }
  return g_byte_array_free_to_bytes (out);
}

/* SVG: a walk over the node tree that keeps transforms and clips in cairo, draws every other
 * node with gsk_render_node_draw() and collects the text nodes as <text> elements. */

static void
svg_text (GString *labels, cairo_t *cr, GskRenderNode *node, const char *str)
{
  const graphene_point_t *offset = gsk_text_node_get_offset (node);
  const GdkRGBA *color = gsk_text_node_get_color (node);
  PangoFontDescription *font =
      pango_font_describe_with_absolute_size (gsk_text_node_get_font (node));
  double x = offset->x, y = offset->y;
  g_autofree char *escaped = g_markup_escape_text (str, -1);
  g_autofree char *family = g_markup_escape_text (pango_font_description_get_family (font), -1);
  char xs[G_ASCII_DTOSTR_BUF_SIZE], ys[G_ASCII_DTOSTR_BUF_SIZE], ss[G_ASCII_DTOSTR_BUF_SIZE];

  cairo_user_to_device (cr, &x, &y);
  g_string_append_printf (
      labels,
      "<text x=\"%s\" y=\"%s\" font-family=\"%s, sans-serif\" font-size=\"%s\"%s "
      "fill=\"rgb(%d,%d,%d)\" fill-opacity=\"%.3f\">%s</text>\n",
      g_ascii_formatd (xs, sizeof xs, "%.2f", x), g_ascii_formatd (ys, sizeof ys, "%.2f", y),
      family,
      g_ascii_formatd (ss, sizeof ss, "%.2f",
                       (double) pango_font_description_get_size (font) / PANGO_SCALE),
      pango_font_description_get_weight (font) >= PANGO_WEIGHT_BOLD ? " font-weight=\"bold\"" : "",
      (int) (color->red * 255 + 0.5), (int) (color->green * 255 + 0.5),
      (int) (color->blue * 255 + 0.5), color->alpha, escaped);
  pango_font_description_free (font);
}

typedef struct
{
  GHashTable *texts;
  GHashTable *strokes;
  GString *labels;
} Walk;

static void
svg_walk (GskRenderNode *node, cairo_t *cr, const Walk *w)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        svg_walk (gsk_container_node_get_child (node, i), cr, w);
      break;
    case GSK_TRANSFORM_NODE:
      {
        float xx, yx, xy, yy, dx, dy;
        cairo_matrix_t m;

        gsk_transform_to_2d (gsk_transform_node_get_transform (node), &xx, &yx, &xy, &yy, &dx, &dy);
        cairo_matrix_init (&m, xx, yx, xy, yy, dx, dy);
        cairo_save (cr);
        cairo_transform (cr, &m);
        svg_walk (gsk_transform_node_get_child (node), cr, w);
        cairo_restore (cr);
      }
      break;
    case GSK_DEBUG_NODE:
      svg_walk (gsk_debug_node_get_child (node), cr, w);
      break;
    case GSK_TEXT_NODE:
      {
        const char *str = g_hash_table_lookup (w->texts, node);

        if (str == NULL)
          gsk_render_node_draw (node, cr);
        else if (*str != '\0')
          svg_text (w->labels, cr, node, str);
      }
      break;
    case GSK_CAIRO_NODE:
      {
        const RcChartStroke *stroke = g_hash_table_lookup (w->strokes, node);

        if (stroke != NULL)
          rc_chart_stroke_draw (stroke, cr);
        else
          gsk_render_node_draw (node, cr);
      }
      break;
    default:
      /* Colours, rounded clips (dots), cairo nodes (lines, crosses): cairo writes paths. */
      gsk_render_node_draw (node, cr);
      break;
    }
}

GBytes *
rc_chart_to_svg (const RcChartModel *model, const RcChartPalette *palette, PangoContext *pango,
                 int width, int height, GError **error)
{
  RcChartPalette light;
  g_autoptr (GObject) own = NULL; /* the PangoContext made here, if any */
  g_autoptr (GHashTable) texts = NULL;
  g_autoptr (GHashTable) strokes = NULL;
  g_autoptr (GString) labels = g_string_new ("<g id=\"labels\">\n");
  GByteArray *out;
  GskRenderNode *node;
  cairo_surface_t *surface;
  cairo_t *cr;
  const char *end;
  gsize at;

  if (!check_size (width, height, error))
    return NULL;
  if (palette == NULL)
    rc_chart_palette_init_default (&light, FALSE), palette = &light;
  if (pango == NULL)
    own = G_OBJECT (pango = rc_chart_file_pango_context ());
  texts = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) gsk_render_node_unref, g_free);
  strokes = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) gsk_render_node_unref,
                                   (GDestroyNotify) rc_chart_stroke_free);
  node = rc_chart_render (model, palette, pango, width, height, texts, strokes);
  out = g_byte_array_new ();
  surface = cairo_svg_surface_create_for_stream (append_bytes, out, width, height);
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  cr = cairo_create (surface);
  {
    Walk walk = { texts, strokes, labels };

    svg_walk (node, cr, &walk);
  }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  gsk_render_node_unref (node);
  g_string_append (labels, "</g>\n");
  /* The labels go last, above every shape, just before the closing tag. */
  end = g_strrstr_len ((const char *) out->data, out->len, "</svg>");
  if (end == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("cairo wrote no SVG"));
      g_byte_array_unref (out);
      return NULL;
    }
  at = (gsize) (end - (const char *) out->data);
  g_array_insert_vals ((GArray *) out, at, labels->str, labels->len);
  return g_byte_array_free_to_bytes (out);
}

gboolean
rc_chart_write_file (const RcChartModel *model, const RcChartPalette *palette, PangoContext *pango,
                     int width, int height, const char *path, GError **error)
{
  RcChartFileFormat format;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (path);

  if (!rc_chart_file_format_from_path (path, &format))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _ ("%s: a chart file ends in .png or .svg"), path);
      return FALSE;
    }
  bytes = format == RC_CHART_FILE_PNG
              ? rc_chart_to_png (model, palette, pango, width, height, error)
              : rc_chart_to_svg (model, palette, pango, width, height, error);
  if (bytes == NULL)
    return FALSE;
  return g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, error);
}

GBytes *
rc_chart_report_svg (RcChartKind kind, const RcMeasurement *report, int width, GError **error)
{
  g_autoptr (GObject) own = NULL; /* the PangoContext files are drawn with */
  PangoContext *pango = rc_chart_file_pango_context ();
  g_autoptr (RcChartModel) model = NULL;
  int height;

  own = G_OBJECT (pango);
  model = rc_chart_model_build (kind, report, NULL, rc_chart_memory_limit_bytes (report));
  height =
      MAX ((int) rc_chart_natural_height_measured (model, width, rc_chart_legend_text_width, pango),
           240);
  return rc_chart_to_svg (model, NULL, pango, width, height, error);
}
