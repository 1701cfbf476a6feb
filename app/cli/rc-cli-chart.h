/* rc-cli-chart.h: --chart and --chart-size as measure, compare and chart take them. */
#pragma once

#include <glib.h>

#include "core/chart/rc-chart-model.h"

G_BEGIN_DECLS

typedef struct
{
  RcChartKind kind;
  char *path;
} RcCliChart;

void rc_cli_chart_free (RcCliChart *self);

/* Parses every --chart value ("timeline.svg": the kind from the file's stem; "heap=out.png":
 * KIND=FILE; the format from the extension) and --chart-size ("WxH"; NULL: 960 wide and as
 * tall as the chart needs, *height 0). Errors are G_OPTION_ERROR naming the bad value.
 * Returns a GPtrArray of RcCliChart (empty when @specs is NULL). */
GPtrArray *rc_cli_charts_parse (char **specs, const char *size, int *width, int *height,
                                GError **error);
/* The same, where a file name that names no chart kind means @default_kind: compare's
 * --chart diff.png, and chart's with --compare B.json, where the comparison is the chart
 * that makes sense. */
GPtrArray *rc_cli_charts_parse_default (char **specs, RcChartKind default_kind, const char *size,
                                        int *width, int *height, GError **error);
/* Draws each chart of @charts from @report (@other: compare's B report) and writes it,
 * printing "chart: PATH" on stderr. @label_a/@label_b name the reports (NULL: community). */
gboolean rc_cli_charts_write (GPtrArray *charts, const RcMeasurement *report,
                              const RcMeasurement *other, const char *label_a, const char *label_b,
                              int width, int height, GError **error);

/* The --chart and --chart-size help texts (untranslated: GOption translates them), shared so
 * the three commands say the same. */
const char *rc_cli_chart_help (void);
const char *rc_cli_chart_size_help (void);

G_END_DECLS
