/* rc-reader-waits.h: the "reader waits" lanes under the boot timeline: for each preload_on
 * value, what a reader waits from sending the first message to the first result
 * (rc-preload-sim.h's arithmetic), laid out on a time axis whose 0 is the message.
 *
 * One lane per preload_on value, three tracks in each: the model's first turn, the cold boot
 * and the warm boot, plus a result tick per boot where the first result arrives:
 *   first_run      the boot follows the model's turn:           model 0..M, boot M..M+B
 *   first_message  the boot overlaps the model's turn:          model 0..M, boot 0..B
 *   widget_open    the boot was paid on page open, before 0:    boot -B..0, model 0..M; a
 *                  whisker M..max (M, B) is the reader who writes at once
 * Pure layout (fractions, then pixels in a rectangle the chart gives), no drawing: the
 * painter (app/ui/rc-chart-paint.c) only fills the boxes this computes.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include "core/chart/rc-chart-model.h"
#include "core/analysis/rc-preload-sim.h"

G_BEGIN_DECLS

typedef enum
{
  RC_WAIT_MODEL,  /* the model's first turn */
  RC_WAIT_BOOT,   /* a boot (cold or warm) */
  RC_WAIT_WORST,  /* widget_open: the extra wait of a reader who writes at once */
  RC_WAIT_RESULT, /* the first result: a tick at the end of the reader's wait */
} RcWaitKind;

typedef enum
{
  RC_WAIT_TRACK_MODEL,
  RC_WAIT_TRACK_COLD,
  RC_WAIT_TRACK_WARM,
  RC_WAIT_N_TRACKS,
} RcWaitTrack;

typedef struct
{
  RcWaitKind kind;
  RcWaitTrack track;
  double start_ms, end_ms; /* from the message (0); negative: before it was sent */
} RcWaitSegment;

#define RC_WAIT_MAX_SEGMENTS 8

typedef struct
{
  RcPreloadOn on;
  gboolean recommended;
  gboolean every_visitor;
  double wait_ms[2]; /* cold, warm: message to first result; -1 not measured */
  RcWaitSegment segments[RC_WAIT_MAX_SEGMENTS];
  guint n_segments;
} RcWaitLane;

struct _RcReaderWaits
{
  double model_delay_ms;
  double boot_ms[2];                     /* cold, warm; -1 not measured */
  RcWaitLane lanes[RC_PRELOAD_N_VALUES]; /* in RcPreloadOn order */
  RcChartScale scale;                    /* min < 0 when a boot is paid before the message */
  RcChartAxis axis; /* its ticks and title, as the chart's own axes have them */
  char *heading;
  char *recommendation;
};

/* NULL when neither boot was measured (nothing to wait for). */
RcReaderWaits *rc_reader_waits_new (const RcPreloadSim *sim);
void rc_reader_waits_free (RcReaderWaits *self);
/* The fraction of the lane's axis at @ms (0 = the axis' left end), not clamped. */
double rc_reader_waits_fraction (const RcReaderWaits *self, double ms);
/* A lane's label ("first_run") and value ("20.2 s · 11.1 s", cold · warm). New strings. */
char *rc_reader_waits_lane_label (const RcReaderWaits *self, guint lane);
char *rc_reader_waits_lane_value (const RcReaderWaits *self, guint lane);

/* Gives the timeline @model its lanes, from @report's median cold and warm boots and its
 * model delay; nothing when the report has no ready boot or the model is empty. */
void rc_reader_waits_attach (RcChartModel *model, const RcMeasurement *report);

/* Pixel layout inside the chart, in the timeline's own columns. */
typedef struct
{
  RcWaitKind kind;
  RcWaitTrack track;
  guint lane;
  RcChartRect rect;
} RcWaitBox;

#define RC_WAIT_MAX_BOXES      (RC_PRELOAD_N_VALUES * RC_WAIT_MAX_SEGMENTS)
#define RC_WAIT_MAX_NOTE_LINES 4

typedef struct
{
  RcChartRect area;    /* the whole section */
  RcChartRect heading; /* one line over the lanes */
  RcChartRect labels, plot, values;
  RcChartRect axis; /* tick labels under the lanes */
  RcChartRect note; /* the recommendation, wrapped */
  double lane_height;
  double zero_x; /* where the message is sent */
  RcWaitBox boxes[RC_WAIT_MAX_BOXES];
  guint n_boxes;
  struct
  {
    gsize start, length; /* bytes of the recommendation */
  } note_lines[RC_WAIT_MAX_NOTE_LINES];
  guint n_note_lines;
} RcReaderWaitsGeometry;

/* The section's height when the recommendation wraps at @width (@measure NULL: an estimate
 * of 7 px per character). */
double rc_reader_waits_height (const RcReaderWaits *self, double width,
                               RcChartTextWidthFunc measure, gpointer data);
/* Lays the section out at @top, in the chart's @labels, @plot and @values columns and the
 * chart's inner width @x..@x+@width. */
void rc_reader_waits_layout (const RcReaderWaits *self, double x, double width, double top,
                             const RcChartRect *labels, const RcChartRect *plot,
                             const RcChartRect *values, RcChartTextWidthFunc measure, gpointer data,
                             RcReaderWaitsGeometry *out);
/* The x of @ms in @geometry's plot. */
double rc_reader_waits_x (const RcReaderWaits *self, const RcReaderWaitsGeometry *geometry,
                          double ms);

G_END_DECLS
