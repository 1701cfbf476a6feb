/* rc-cli-chart.c: `runtime-console chart REPORT.json --chart …`: the window's charts as files,
 * drawn from a saved report without booting, and the --chart options of measure and compare.
 *
 * The charts are drawn without a display (rc-chart-export.c renders on cairo), so `chart`
 * starts no Xvfb.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "core/chart/rc-chart-bytes.h"
#include "core/chart/rc-charts.h"
#include "rc-cli-chart.h"
#include "rc-cli-common.h"
#include "rc-cli.h"
#include "ui/rc-chart-export.h"
#include "ui/rc-chart-paint.h"

const char *
rc_cli_chart_help (void)
{
  return N_ ("Draw a chart into FILE.svg or FILE.png: timeline, heap, bytes, runs or compare, "
             "named by the file's stem or as KIND=FILE (repeatable)");
}

const char *
rc_cli_chart_size_help (void)
{
  return N_ ("Size of the chart files in pixels (default: 960 wide, as tall as the chart needs)");
}

void
rc_cli_chart_free (RcCliChart *self)
{
  if (self == NULL)
    return;
  g_free (self->path);
  g_free (self);
}

/* "timeline", "boot-timeline", "timeline-cold": a kind as the stem or one dash/underscore
 * separated word of it. */
static gboolean
kind_from_stem (const char *path, RcChartKind *out)
{
  g_autofree char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');
  g_auto (GStrv) words = NULL;

  if (dot != NULL)
    *dot = '\0';
  words = g_strsplit_set (base, "-_.", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *lower = g_ascii_strdown (words[i], -1);

      if (rc_chart_kind_from_string (lower, out))
        return TRUE;
    }
  return FALSE;
}

static RcCliChart *
parse_spec (const char *spec, const RcChartKind *fallback, GError **error)
{
  const char *eq = strchr (spec, '=');
  g_autofree char *kind_text = eq != NULL ? g_strndup (spec, eq - spec) : NULL;
  const char *path = eq != NULL ? eq + 1 : spec;
  RcChartFileFormat format;
  RcChartKind kind;
  RcCliChart *chart;

  if (*path == '\0' || !rc_chart_file_format_from_path (path, &format))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--chart %s: the file must end in .svg or .png"), spec);
      return NULL;
    }
  if (kind_text == NULL && !kind_from_stem (path, &kind) && fallback != NULL)
    kind = *fallback;
  else if (kind_text != NULL ? !rc_chart_kind_from_string (kind_text, &kind)
                             : !kind_from_stem (path, &kind))
    {
      if (kind_text != NULL)
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _ ("--chart %s: unknown chart “%s” (one of timeline, heap, bytes, runs, "
                        "compare)"),
                     spec, kind_text);
      else
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _ ("--chart %s: name the chart in the file name (timeline, heap, bytes, runs, "
                        "compare) or write KIND=FILE"),
                     spec);
      return NULL;
    }
  chart = g_new0 (RcCliChart, 1);
  chart->kind = kind;
  chart->path = g_strdup (path);
  return chart;
}

static gboolean
parse_size (const char *size, int *width, int *height, GError **error)
{
  char *end = NULL;
  gint64 w, h;

  *width = RC_CHART_DEFAULT_WIDTH;
  *height = 0;
  if (size == NULL)
    return TRUE;
  w = g_ascii_strtoll (size, &end, 10);
  if (end != NULL && (*end == 'x' || *end == 'X'))
    {
      h = g_ascii_strtoll (end + 1, &end, 10);
      if (end != NULL && *end == '\0' && w >= 200 && w <= 8000 && h >= 120 && h <= 8000)
        {
          *width = (int) w;
          *height = (int) h;
          return TRUE;
        }
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _ ("--chart-size %s: give WIDTHxHEIGHT in pixels, 200x120 to 8000x8000"), size);
  return FALSE;
}

static GPtrArray *
parse_charts (char **specs, const RcChartKind *fallback, const char *size, int *width, int *height,
              GError **error)
{
  g_autoptr (GPtrArray) charts =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_cli_chart_free);

  if (!parse_size (size, width, height, error))
    return NULL;
  for (guint i = 0; specs != NULL && specs[i] != NULL; i++)
    {
      RcCliChart *chart = parse_spec (specs[i], fallback, error);

      if (chart == NULL)
        return NULL;
      g_ptr_array_add (charts, chart);
    }
  if (size != NULL && charts->len == 0)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _ ("--chart-size needs a --chart to size"));
      return NULL;
    }
  return g_steal_pointer (&charts);
}

GPtrArray *
rc_cli_charts_parse (char **specs, const char *size, int *width, int *height, GError **error)
{
  return parse_charts (specs, NULL, size, width, height, error);
}

GPtrArray *
rc_cli_charts_parse_default (char **specs, RcChartKind default_kind, const char *size, int *width,
                             int *height, GError **error)
{
  return parse_charts (specs, &default_kind, size, width, height, error);
}

/* The model of one chart and its height (@height 0: as tall as the chart needs). */
static RcChartModel *
build_chart (RcChartKind kind, const RcMeasurement *report, const RcMeasurement *other,
             const char *label_a, const char *label_b, int width, int height, PangoContext *pango,
             int *out_height)
{
  RcChartModel *model =
      kind == RC_CHART_COMPARE
          ? rc_chart_compare_build_labelled (report, other, label_a, label_b)
          : rc_chart_model_build (kind, report, NULL, rc_chart_memory_limit_bytes (report));

  *out_height = height > 0 ? height
                           : MAX ((int) rc_chart_natural_height_measured (
                                      model, width, rc_chart_legend_text_width, pango),
                                  240);
  return model;
}

gboolean
rc_cli_charts_write (GPtrArray *charts, const RcMeasurement *report, const RcMeasurement *other,
                     const char *label_a, const char *label_b, int width, int height,
                     GError **error)
{
  g_autoptr (GObject) own = NULL; /* the PangoContext files are drawn with */
  PangoContext *pango = rc_chart_file_pango_context ();

  own = G_OBJECT (pango);
  for (guint i = 0; i < charts->len; i++)
    {
      const RcCliChart *chart = g_ptr_array_index (charts, i);
      int h;
      g_autoptr (RcChartModel) model =
          build_chart (chart->kind, report, other, label_a, label_b, width, height, pango, &h);

      if (!rc_chart_write_file (model, NULL, pango, width, h, chart->path, error))
        return FALSE;
      /* TRANSLATORS: printed on stderr for each chart file written */
      fprintf (stderr, _ ("chart: %s (%d×%d)\n"), chart->path, width, h);
    }
  return TRUE;
}

int
rc_cli_chart (int argc, char **argv)
{
  g_auto (GStrv) specs = NULL;
  g_auto (GStrv) files = NULL;
  g_autofree char *size = NULL;
  g_autofree char *compare = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) charts = NULL;
  g_autoptr (RcMeasurement) report = NULL;
  g_autoptr (RcMeasurement) other = NULL;
  g_autofree char *label_a = NULL, *label_b = NULL;
  int width, height;
  double model_delay = -1;
  GOptionEntry entries[] = {
    { "chart", 'c', 0, G_OPTION_ARG_FILENAME_ARRAY, &specs, rc_cli_chart_help (), N_ ("FILE") },
    { "chart-size", 0, 0, G_OPTION_ARG_STRING, &size, rc_cli_chart_size_help (), N_ ("WxH") },
    { "compare", 0, 0, G_OPTION_ARG_FILENAME, &compare,
      N_ ("The second report of the compare chart"), N_ ("B.json") },
    { "model-delay", 0, 0, G_OPTION_ARG_DOUBLE, &model_delay,
      N_ ("The model's first turn for the timeline's reader-waits lanes (default: the "
          "report's, 8.1 unless measure --model-delay said otherwise)"),
      N_ ("SECONDS") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = rc_cli_context_new (
      "chart", N_ ("REPORT.json"),
      _ ("Draws the console's charts of a saved run report (runtime-console measure --json)\n"
         "as SVG or PNG files, without booting and without a display."));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return rc_cli_cannot_run ("chart", error);
  if (files == NULL || g_strv_length (files) != 1)
    g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _ ("give exactly one report file, REPORT.json"));
  /* with two reports, a file name that names no chart means the comparison */
  else if ((charts = compare != NULL ? rc_cli_charts_parse_default (specs, RC_CHART_COMPARE, size,
                                                                    &width, &height, &error)
                                     : rc_cli_charts_parse (specs, size, &width, &height, &error))
               != NULL
           && charts->len == 0)
    g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _ ("give at least one --chart FILE"));
  if (error == NULL && model_delay < 0 && model_delay != -1)
    g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _ ("--model-delay must be 0 or more seconds"));
  for (guint i = 0; error == NULL && i < charts->len; i++)
    if (((RcCliChart *) charts->pdata[i])->kind == RC_CHART_COMPARE && compare == NULL)
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _ ("the compare chart needs the second report: --compare B.json"));
  if (error != NULL)
    return rc_cli_cannot_run ("chart", error);
  if ((report = rc_measurement_load (files[0], &error)) == NULL
      || (compare != NULL && (other = rc_measurement_load (compare, &error)) == NULL))
    return rc_cli_cannot_run ("chart", error);
  if (model_delay >= 0)
    report->model_delay_ms = model_delay * 1000;
  label_a = g_path_get_basename (files[0]);
  label_b = compare != NULL ? g_path_get_basename (compare) : NULL;
  if (!rc_cli_charts_write (charts, report, other, label_a, label_b, width, height, &error))
    {
      fprintf (stderr, "runtime-console chart: %s\n", error->message);
      return RC_EXIT_CANNOT_RUN;
    }
  return RC_EXIT_OK;
}
