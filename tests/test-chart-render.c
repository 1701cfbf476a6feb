/* test-chart-render.c: every chart drawn from a recorded report (tests/fixtures/charts) into
 * PNG and SVG through the one drawing path (rc-chart-export.c). Checks what needs no eyes: the
 * size, the role colour at the centre of each mark where the layout puts it, one SVG shape per
 * bar, the labels as text. The PNGs and SVGs stay in _build/tests/screenshots to be looked at. */
#include "config.h"

#include <cairo.h>
#include <math.h>

#include "core/chart/rc-chart-bytes.h"
#include "core/chart/rc-charts.h"
#include "ui/rc-chart-export.h"
#include "ui/rc-chart-paint.h"

/* The font files are drawn with; the layout measures legend labels with it. */
static PangoContext *pango;

typedef struct
{
  const guint8 *data;
  gsize len, at;
} Reader;

static cairo_status_t
read_bytes (void *closure, unsigned char *out, unsigned int length)
{
  Reader *r = closure;

  if (r->at + length > r->len)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (out, r->data + r->at, length);
  r->at += length;
  return CAIRO_STATUS_SUCCESS;
}

static RcMeasurement *
load_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "charts", name, NULL);
  g_autoptr (GError) error = NULL;
  RcMeasurement *m = rc_measurement_load (path, &error);

  g_assert_no_error (error);
  return m;
}

static RcChartModel *
build (RcChartKind kind)
{
  g_autoptr (RcMeasurement) a = load_fixture ("demo-report.json");
  g_autoptr (RcMeasurement) b = load_fixture ("demo-report-b.json");

  if (kind == RC_CHART_COMPARE)
    return rc_chart_compare_build_labelled (a, b, "demo-report.json", "demo-report-b.json");
  return rc_chart_model_build (kind, a, NULL, 1536 * 1000 * 1000);
}

static char *
artifact (const char *name)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "screenshots", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  return g_build_filename (dir, name, NULL);
}

static void
save (GBytes *bytes, const char *name)
{
  g_autofree char *path = artifact (name);
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  g_assert_no_error (error);
  g_test_message ("chart: %s", path);
}

static void
pixel (cairo_surface_t *surface, int x, int y, int rgb[3])
{
  const guint8 *p =
      cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface) + x * 4;

  /* ARGB32 in native (little-endian) order: B G R A; the background is opaque. */
  rgb[0] = p[2], rgb[1] = p[1], rgb[2] = p[0];
}

static gboolean
close_to (const int rgb[3], const GdkRGBA *want)
{
  return abs (rgb[0] - (int) round (want->red * 255)) <= 3
         && abs (rgb[1] - (int) round (want->green * 255)) <= 3
         && abs (rgb[2] - (int) round (want->blue * 255)) <= 3;
}

static gboolean
covered_later (const RcChartModel *model, const RcChartGeometry *g, guint index, double x, double y)
{
  for (guint j = index + 1; j < model->marks->len; j++)
    {
      RcChartRect r =
          rc_chart_geometry_mark_rect (g, model, &g_array_index (model->marks, RcChartMark, j));

      if (x >= r.x - 1 && x <= r.x + r.width + 1 && y >= r.y - 1 && y <= r.y + r.height + 1)
        return TRUE;
    }
  return FALSE;
}

/* The mark's colour sits at the centre of every bar and dot the layout placed. */
static guint
check_pixels (const RcChartModel *model, const RcChartPalette *palette, cairo_surface_t *surface,
              int width, int height)
{
  RcChartGeometry g;
  guint checked = 0;

  rc_chart_geometry_compute_measured (model, width, height, rc_chart_legend_text_width, pango, &g);
  for (guint i = 0; i < model->marks->len; i++)
    {
      const RcChartMark *mark = &g_array_index (model->marks, RcChartMark, i);
      RcChartRect r = rc_chart_geometry_mark_rect (&g, model, mark);
      int x = (int) floor (r.x + r.width / 2), y = (int) floor (r.y + r.height / 2);
      int rgb[3];

      if ((mark->shape != RC_CHART_MARK_BAR && mark->shape != RC_CHART_MARK_DOT) || r.width < 3
          || r.height < 3 || covered_later (model, &g, i, x, y))
        continue;
      pixel (surface, x, y, rgb);
      if (!close_to (rgb, &palette->roles[mark->role]))
        g_error ("%s: mark %u (%s) at %d,%d is rgb(%d,%d,%d), not its role's colour",
                 rc_chart_kind_to_string (model->kind), i, mark->tooltip, x, y, rgb[0], rgb[1],
                 rgb[2]);
      checked++;
    }
  return checked;
}

static void
check_png (RcChartKind kind, const RcChartModel *model, const RcChartPalette *palette, int width,
           int height, const char *suffix)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) png = rc_chart_to_png (model, palette, pango, width, height, &error);
  g_autofree char *name =
      g_strdup_printf ("chart-%s%s.png", rc_chart_kind_to_string (kind), suffix);
  Reader reader = { 0 };
  cairo_surface_t *surface;
  int bg[3];

  g_assert_no_error (error);
  save (png, name);
  reader.data = g_bytes_get_data (png, &reader.len);
  surface = cairo_image_surface_create_from_png_stream (read_bytes, &reader);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, height);
  cairo_surface_flush (surface);
  pixel (surface, 2, height - 2, bg);
  g_assert_true (close_to (bg, &palette->bg));
  /* Every chart of the fixture has marks to check, and they are where the layout says. */
  g_assert_cmpuint (check_pixels (model, palette, surface, width, height), >, 3);
  cairo_surface_destroy (surface);
}

/* Fill colours of the SVG's paths, as 0–255 triples, one entry per path. */
static GArray *
svg_fills (const char *svg)
{
  GArray *fills = g_array_new (FALSE, FALSE, sizeof (int) * 3);
  g_autoptr (GRegex) re = g_regex_new (
      "<path style=\"[^\"]*fill:rgb\\(([0-9.]+)%,([0-9.]+)%,([0-9.]+)%\\)", 0, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;

  g_regex_match (re, svg, 0, &match);
  while (g_match_info_matches (match))
    {
      int rgb[3];

      for (int i = 0; i < 3; i++)
        {
          g_autofree char *v = g_match_info_fetch (match, i + 1);

          rgb[i] = (int) round (g_ascii_strtod (v, NULL) * 2.55);
        }
      g_array_append_vals (fills, rgb, 1);
      g_match_info_next (match, NULL);
    }
  return fills;
}

static guint
count_role (GArray *fills, const GdkRGBA *color)
{
  guint n = 0;

  for (guint i = 0; i < fills->len; i++)
    n += close_to ((int *) (fills->data + i * sizeof (int) * 3), color);
  return n;
}

/* @text is a <text> element of @svg, in full or ellipsized as the PNG shows it: a prefix and
 * "…" in one element. */
static void
assert_label (const char *svg, const char *text)
{
  g_autofree char *label = g_markup_printf_escaped (">%s</text>", text);
  /* GLib 2.74's g_utf8_substring() reads past the string when asked for more than it has
   * (ASan showed it on a 2-byte tick label) */
  g_autofree char *head = g_utf8_substring (text, 0, MIN (6, g_utf8_strlen (text, -1)));
  g_autofree char *cut = g_markup_printf_escaped (">%s", head);
  gboolean found = strstr (svg, label) != NULL;

  for (const char *at = strstr (svg, cut); !found && at != NULL; at = strstr (at + 1, cut))
    {
      const char *end = strstr (at, "…</text>");

      found = end != NULL && end < strchr (at, '\n');
    }
  if (!found)
    g_error ("the SVG lacks the label “%s” (in full or ellipsized)", text);
}

static void
check_svg (RcChartKind kind, const RcChartModel *model, const RcChartPalette *palette, int width,
           int height)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = rc_chart_to_svg (model, palette, pango, width, height, &error);
  g_autofree char *name = g_strdup_printf ("chart-%s.svg", rc_chart_kind_to_string (kind));
  g_autofree char *svg = NULL;
  g_autofree char *size = g_strdup_printf ("width=\"%dpx\" height=\"%dpx\"", width, height);
  g_autofree char *title = NULL;
  g_autoptr (GArray) fills = NULL;

  g_assert_no_error (error);
  save (bytes, name);
  svg = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_assert_true (g_str_has_prefix (svg, "<?xml"));
  g_assert_nonnull (strstr (svg, size));
  g_assert_true (g_str_has_suffix (g_strchomp (svg), "</svg>"));
  /* Labels are text, not glyph outlines: the title, every row label, every tick label. */
  g_assert_null (strstr (svg, "<symbol"));
  title = g_markup_printf_escaped (">%s</text>", model->title);
  g_assert_nonnull (strstr (svg, title));
  for (guint i = 0; i < model->rows->len; i++)
    {
      assert_label (svg, ((RcChartRow *) model->rows->pdata[i])->label);
    }
  for (guint i = 0; i < model->x.tick_labels->len; i++)
    {
      assert_label (svg, model->x.tick_labels->pdata[i]);
    }
  /* One shape per bar: as many paths of a verdict's colour as bars of it, plus the legend
   * swatch (the verdict colours are used for nothing else). */
  fills = svg_fills (svg);
  for (RcChartRole role = RC_CHART_ROLE_NETWORK; role <= RC_CHART_ROLE_DISAGREE; role++)
    {
      guint bars = rc_chart_model_count_marks (model, RC_CHART_MARK_BAR, role);
      gboolean in_legend = FALSE;

      for (guint i = 0; i < model->legend->len; i++)
        in_legend |= ((RcChartLegendItem *) model->legend->pdata[i])->role == role;
      if (bars > 0 || in_legend)
        g_assert_cmpuint (count_role (fills, &palette->roles[role]), ==, bars + in_legend);
    }
}

static void
test_render (gconstpointer data)
{
  RcChartKind kind = GPOINTER_TO_INT (data);
  g_autoptr (RcChartModel) model = build (kind);
  RcChartPalette light, dark;
  int height =
      (int) rc_chart_natural_height_measured (model, 960, rc_chart_legend_text_width, pango);

  g_assert_null (model->empty_text);
  rc_chart_palette_init_default (&light, FALSE);
  rc_chart_palette_init_default (&dark, TRUE);
  check_png (kind, model, &light, 960, height, "");
  check_png (kind, model, &dark, 960, height, "-dark");
  /* A fixed size (as --chart-size gives): the rows shrink to fit, the marks stay put. */
  check_png (kind, model, &light, 640, 400, "-640x400");
  check_svg (kind, model, &light, 960, height);
}

static const RcChartReference *
find_reference (const RcChartModel *model, const char *prefix)
{
  for (guint i = 0; i < model->references->len; i++)
    {
      const RcChartReference *r = model->references->pdata[i];

      if (g_str_has_prefix (r->label, prefix))
        return r;
    }
  return NULL;
}

/* The heap chart's memory_mb line comes from the runs' environment.memory_mb: none for a
 * report written before it was recorded, a dashed line with its label when the runs have it. */
static void
test_heap_memory_limit (void)
{
  g_autoptr (RcMeasurement) report = load_fixture ("demo-report.json");
  g_autoptr (RcChartModel) without = NULL, with = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) png = NULL, svg = NULL;
  g_autofree char *svg_text = NULL;
  const RcChartReference *ref;
  RcChartPalette light;
  RcChartGeometry g;
  Reader reader = { 0 };
  cairo_surface_t *surface;
  guint on_line = 0;
  int y;

  g_assert_cmpint (rc_chart_memory_limit_bytes (report), ==, -1);
  without =
      rc_chart_model_build (RC_CHART_HEAP, report, NULL, rc_chart_memory_limit_bytes (report));
  g_assert_null (find_reference (without, "memory_mb"));
  /* 64 MiB, the smallest limit a community may set, is on the demo's scale. */
  for (guint i = 0; i < report->runs->len; i++)
    ((RcRunRecord *) report->runs->pdata[i])->env.memory_mb = 64;
  with = rc_chart_model_build (RC_CHART_HEAP, report, NULL, rc_chart_memory_limit_bytes (report));
  ref = find_reference (with, "memory_mb");
  g_assert_nonnull (ref);
  g_assert_false (ref->off_scale);
  g_test_message ("reference: %s", ref->label);
  g_assert_cmpstr (ref->label, ==, "memory_mb limit 67.11 MB");

  rc_chart_palette_init_default (&light, FALSE);
  png = rc_chart_to_png (with, &light, pango, 960, 480, &error);
  g_assert_no_error (error);
  save (png, "chart-heap-memory-mb.png");
  reader.data = g_bytes_get_data (png, &reader.len);
  surface = cairo_image_surface_create_from_png_stream (read_bytes, &reader);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_flush (surface);
  rc_chart_geometry_compute_measured (with, 960, 480, rc_chart_legend_text_width, pango, &g);
  /* The dashed line: the reference colour along the plot's width at the limit's height. */
  y = (int) floor (rc_chart_geometry_y (&g, ref->y));
  for (int x = (int) g.plot.x; x < (int) (g.plot.x + g.plot.width); x++)
    for (int dy = 0; dy <= 1; dy++)
      {
        int rgb[3];

        pixel (surface, x, y + dy, rgb);
        if (close_to (rgb, &light.roles[RC_CHART_ROLE_REFERENCE]))
          {
            on_line++;
            break;
          }
      }
  cairo_surface_destroy (surface);
  g_test_message ("memory_mb line: %u of %.0f px at y %d", on_line, g.plot.width, y);
  g_assert_cmpuint (on_line, >, g.plot.width / 4);
  svg = rc_chart_to_svg (with, &light, pango, 960, 480, &error);
  g_assert_no_error (error);
  svg_text = g_strndup (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg));
  assert_label (svg_text, ref->label);
}

static void
test_failed_and_empty (void)
{
  g_autoptr (RcMeasurement) report = rc_measurement_new ("demo");
  RcRunRecord *run = rc_run_record_new (RC_SCENARIO_COLD, 1);
  g_autoptr (RcChartModel) failed = NULL;
  g_autoptr (RcChartModel) empty = rc_chart_model_build (RC_CHART_TIMELINE, NULL, NULL, -1);
  g_autoptr (GBytes) svg = NULL;
  g_autoptr (GBytes) png = NULL;
  g_autoptr (GError) error = NULL;
  RcChartPalette light;

  rc_run_record_progress (run, 1, 2, "loading_runtime", NULL, NULL, 10, -1);
  rc_run_record_failed (run, "timeout", "the deadline passed", NULL, 900);
  rc_measurement_add_run (report, run);
  failed = rc_chart_model_build (RC_CHART_TIMELINE, report, NULL, -1);
  rc_chart_palette_init_default (&light, FALSE);
  png = rc_chart_to_png (failed, &light, NULL, 640, 240, &error);
  g_assert_no_error (error);
  save (png, "chart-timeline-failed.png");
  svg = rc_chart_to_svg (empty, &light, NULL, 640, 200, &error);
  g_assert_no_error (error);
  save (svg, "chart-timeline-empty.svg");
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg),
                                  ">Boot cold and warm to see the timeline.</text>"));
  g_assert_null (rc_chart_to_png (failed, &light, NULL, 10, 10, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  pango = rc_chart_file_pango_context ();
  for (RcChartKind k = 0; k < RC_CHART_N_KINDS; k++)
    {
      g_autofree char *path = g_strdup_printf ("/chart-render/%s", rc_chart_kind_to_string (k));

      g_test_add_data_func (path, GINT_TO_POINTER (k), test_render);
    }
  g_test_add_func ("/chart-render/failed-and-empty", test_failed_and_empty);
  g_test_add_func ("/chart-render/heap-memory-limit", test_heap_memory_limit);
  return g_test_run ();
}
