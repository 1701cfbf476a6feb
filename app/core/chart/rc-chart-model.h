/* rc-chart-model.h: what a chart shows, laid out in fractions, and where it goes in pixels.
 *
 * Every chart of the console (timeline, heap, bytes, runs, compare) is built from a report
 * into one RcChartModel: rows with labels, marks (bars, outlines, dots, whiskers, ticks,
 * failure marks) placed in fractions of the x scale and of their row, polylines for XY
 * charts, reference lines, axes with their tick labels, a legend and an empty-state text.
 * rc_chart_geometry_compute() turns a model and a size into pixel rectangles, so the widget
 * (app/ui/rc-chart*.c), the file writer and the tests all agree where a bar is.
 *
 * Colours are roles here; the UI maps roles to libadwaita's palette.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include "core/chart/rc-chart-scale.h"
#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

/* The timeline's reader-waits lanes (rc-reader-waits.h). */
typedef struct _RcReaderWaits RcReaderWaits;

/* How wide a legend label is drawn, in pixels; the layout has no fonts, the UI does. */
typedef double (*RcChartTextWidthFunc) (const char *text, gpointer user_data);

/* What the model asks of the panel under the timeline (rc-reader-waits.c sets them when it
 * attaches): the model lays out and frees the panel without knowing its builder. */
typedef double (*RcChartPanelHeightFunc) (const RcReaderWaits *panel, double width,
                                          RcChartTextWidthFunc measure, gpointer data);

typedef enum
{
  RC_CHART_TIMELINE,
  RC_CHART_HEAP,
  RC_CHART_BYTES,
  RC_CHART_RUNS,
  RC_CHART_COMPARE,
  RC_CHART_N_KINDS,
} RcChartKind;

const char *rc_chart_kind_to_string (RcChartKind kind); /* "timeline", "heap", … */
gboolean rc_chart_kind_from_string (const char *text, RcChartKind *out);
const char *rc_chart_kind_title (RcChartKind kind); /* translated, "Boot timeline" */
const char *rc_chart_kind_label (RcChartKind kind); /* translated and short, "Timeline" */

typedef enum
{
  /* One per series (scenario or report): cold, warm, warm-restart, changed-wheel / A, B. */
  RC_CHART_ROLE_SERIES_0,
  RC_CHART_ROLE_SERIES_1,
  RC_CHART_ROLE_SERIES_2,
  RC_CHART_ROLE_SERIES_3,
  /* Verdicts, in RcVerdict order. */
  RC_CHART_ROLE_NETWORK,
  RC_CHART_ROLE_CACHE,
  RC_CHART_ROLE_REVALIDATED,
  RC_CHART_ROLE_FAILED,
  RC_CHART_ROLE_DISAGREE,
  RC_CHART_ROLE_FAILURE,   /* where a run failed */
  RC_CHART_ROLE_REFERENCE, /* limits: memory_mb, the wasm32 ceiling */
  RC_CHART_ROLE_NEUTRAL,   /* dots of single runs, decoded-size outlines */
  RC_CHART_N_ROLES,
} RcChartRole;

#define RC_CHART_ROLE_FOR_VERDICT(v) ((RcChartRole) (RC_CHART_ROLE_NETWORK + (v)))

typedef enum
{
  RC_CHART_MARK_BAR,     /* filled x0..x1 */
  RC_CHART_MARK_OUTLINE, /* hollow x0..x1 (a decoded size) */
  RC_CHART_MARK_DOT,     /* centred at x0 */
  RC_CHART_MARK_WHISKER, /* thin line x0..x1 with end caps (min–max) */
  RC_CHART_MARK_TICK,    /* a vertical line at x0 (a median) */
  RC_CHART_MARK_FAILURE, /* a cross at x0: the run failed here */
} RcChartMarkShape;

typedef struct
{
  RcChartMarkShape shape;
  RcChartRole role;
  guint row;
  double x0, x1;      /* fractions of the x scale; x1 >= x0 */
  double y0, y1;      /* fractions of the row's height, 0 = top */
  gboolean highlight; /* the median run, the selected step */
  char *label;        /* drawn in the value column at the mark's height (instead of the
                       * row's value when the slots are tall enough), or NULL */
  char *tooltip;      /* hover text */
  char *step_key;     /* the step this mark belongs to (click selects it), or NULL */
} RcChartMark;

typedef struct
{
  char *label;
  guint indent;      /* 0 step, 1 sub-phase or request under it */
  gboolean emphasis; /* totals, the boot */
  char *step_key;    /* or NULL */
  char *value;       /* drawn right of the plot: "2.24 s · 2.12 s", or NULL */
} RcChartRow;

typedef struct
{
  double x, y; /* fractions of the plot: x of the x scale, y of the y scale (0 = bottom) */
} RcChartPoint;

typedef struct
{
  RcChartRole role;
  gboolean bold;   /* the median run */
  gboolean dashed; /* a second series */
  gboolean points_only;
  GArray *points; /* RcChartPoint */
  char *tooltip;
} RcChartLine;

typedef struct
{
  double y;           /* fraction of the y scale; outside 0..1 when off scale */
  gboolean off_scale; /* drawn as a labelled marker at the top edge */
  char *label;
} RcChartReference;

typedef struct
{
  RcChartRole role;
  RcChartMarkShape shape;
  char *label;
} RcChartLegendItem;

typedef struct
{
  RcChartScale scale;
  char *title;            /* with its unit, "Heap (MB)" */
  GPtrArray *tick_labels; /* char * */
  GArray *tick_fracs;     /* double, same length */
} RcChartAxis;

typedef struct
{
  RcChartKind kind;
  char *title;
  char *empty_text;   /* non-NULL: nothing to draw, say what to do */
  char *banner;       /* non-NULL: a warning strip (compare: environments differ) */
  gboolean xy;        /* heap: an XY chart with categories on x, else a row chart */
  double row_natural; /* row charts: a row's height when there is room (default 22 px) */
  RcChartAxis x;
  RcChartAxis y;         /* xy only */
  RcChartAxis y2;        /* xy only, right side; scale.max == 0 when unused */
  GPtrArray *rows;       /* RcChartRow (row charts) */
  GArray *marks;         /* RcChartMark */
  GPtrArray *lines;      /* RcChartLine (xy charts) */
  GPtrArray *references; /* RcChartReference (xy charts) */
  GPtrArray *legend;     /* RcChartLegendItem */
  GPtrArray *summary;    /* char *: lines under the chart (requests by verdict per run) */
  char *description;     /* one paragraph for the accessible description */
  RcReaderWaits *waits;  /* timeline: what a reader waits under each preload_on, or NULL */
  RcChartPanelHeightFunc waits_height; /* set with @waits */
  GDestroyNotify waits_free;           /* set with @waits */
} RcChartModel;

RcChartModel *rc_chart_model_new (RcChartKind kind);
void rc_chart_model_free (RcChartModel *self);

/* Builders (rc-chart-timeline.c, rc-chart-series.c, rc-chart-bytes.c) use these. */
guint rc_chart_model_add_row (RcChartModel *self, const char *label, guint indent,
                              gboolean emphasis, const char *step_key);
void rc_chart_model_set_row_value (RcChartModel *self, guint row, const char *value);
RcChartMark *rc_chart_model_add_mark (RcChartModel *self, RcChartMarkShape shape, RcChartRole role,
                                      guint row, double x0, double x1, double y0, double y1);
void rc_chart_model_add_legend (RcChartModel *self, RcChartRole role, RcChartMarkShape shape,
                                const char *label);
/* Fills @axis's tick labels from its scale. */
void rc_chart_axis_set_scale (RcChartAxis *axis, const RcChartScale *scale, const char *what);
/* Where series @slot of @n_slots sits in a row: y0..y1 fractions of the row; and a row
 * height that gives each slot room (for RcChartModel.row_natural). */
double rc_chart_slot_row_height (guint n_slots);
void rc_chart_slot (guint slot, guint n_slots, double *y0, double *y1);
/* Translated legend text of a verdict: "network", "cache", "revalidated (304)", … */
const char *rc_chart_verdict_label (RcVerdict verdict);
/* The median run of each scenario the report holds, in first-run order (int indices into
 * report->runs); a scenario whose runs all failed gives its first run. */
GArray *rc_chart_median_runs (const RcMeasurement *report);
RcChartRole rc_chart_role_for_scenario (RcScenario scenario);
guint rc_chart_model_count_marks (const RcChartModel *self, RcChartMarkShape shape,
                                  RcChartRole role);

/* The community's memory_mb limit the report's runs recorded (environment.memory_mb, MiB) in
 * bytes, or -1 when no run says (reports written before it was recorded). */
gint64 rc_chart_memory_limit_bytes (const RcMeasurement *report);

/* Pixel layout. */
typedef struct
{
  double x, y, width, height;
} RcChartRect;

typedef struct
{
  double width, height;
  RcChartRect title;
  RcChartRect banner; /* height 0 without banner */
  RcChartRect legend;
  RcChartRect labels; /* row labels (row charts) or the left y axis (xy) */
  RcChartRect plot;
  RcChartRect values; /* right of the plot: bar labels (row charts) or the y2 axis (xy) */
  RcChartRect x_axis; /* tick labels and the axis title */
  RcChartRect summary;
  RcChartRect waits; /* the reader-waits lanes under the x axis; height 0 without them */
  double row_height;
} RcChartGeometry;

#define RC_CHART_DEFAULT_WIDTH  960
#define RC_CHART_DEFAULT_HEIGHT 600

#define RC_CHART_LEGEND_SWATCH 16.0 /* a legend entry: swatch + text + gap */
#define RC_CHART_LEGEND_GAP    18.0

/* The height at which every row gets its natural height at @width (the widget's request).
 * @measure NULL: an estimate of 8 px per character. */
double rc_chart_natural_height (const RcChartModel *self, double width);
double rc_chart_natural_height_measured (const RcChartModel *self, double width,
                                         RcChartTextWidthFunc measure, gpointer data);
void rc_chart_geometry_compute (const RcChartModel *self, double width, double height,
                                RcChartGeometry *out);
/* With the legend laid out by the drawn text widths (what the painter uses). */
void rc_chart_geometry_compute_measured (const RcChartModel *self, double width, double height,
                                         RcChartTextWidthFunc measure, gpointer data,
                                         RcChartGeometry *out);
/* The pixel rectangle of a mark (dots, ticks and failure marks get their drawn extent). */
RcChartRect rc_chart_geometry_mark_rect (const RcChartGeometry *geometry, const RcChartModel *self,
                                         const RcChartMark *mark);
/* Pixel x of scale fraction @frac, rounded to whole pixels like the drawing does. */
double rc_chart_geometry_x (const RcChartGeometry *geometry, double frac);
double rc_chart_geometry_y (const RcChartGeometry *geometry, double frac); /* xy: 0 = bottom */
/* The index of the mark under (@x, @y) (smallest area wins), or -1. */
int rc_chart_geometry_hit (const RcChartGeometry *geometry, const RcChartModel *self, double x,
                           double y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcChartModel, rc_chart_model_free)

G_END_DECLS
