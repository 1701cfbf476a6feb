/* rc-reader-waits.c: the reader-waits lanes of the timeline (rc-reader-waits.h).
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "core/base/rc-format.h"
#include "core/chart/rc-reader-waits.h"

#define GAP          10.0 /* above the section, under the timeline's axis */
#define HEADING      24.0
#define LANE         36.0
#define AXIS         40.0 /* tick labels and the axis title */
#define NOTE_LINE    18.0
#define CHAR_WIDTH   7.0  /* the wrap estimate without a font, as the chart layout's */
#define TRACK_TOP    0.12 /* of a lane: where the first track starts */
#define TRACK_HEIGHT 0.22 /* of a lane: each track; the three leave small gaps */
#define TRACK_STEP   0.26

static void
add (RcWaitLane *lane, RcWaitKind kind, RcWaitTrack track, double start, double end)
{
  g_return_if_fail (lane->n_segments < RC_WAIT_MAX_SEGMENTS);

  lane->segments[lane->n_segments++] = (RcWaitSegment){ kind, track, start, end };
}

/* The tracks of one preload_on value: the model's turn, then each measured boot where that
 * value starts it, and the reader's first result (rc-preload-sim.h's arithmetic). */
static void
fill_lane (RcWaitLane *lane, const RcPreloadSim *sim, RcPreloadOn on)
{
  double model = sim->model_delay_ms;
  const double boots[2] = { sim->cold_boot_ms, sim->warm_boot_ms };
  const RcPreloadWait *waits[2] = { &sim->cold[on], &sim->warm[on] };

  lane->on = on;
  lane->recommended = on == sim->recommended;
  lane->every_visitor = waits[0]->every_visitor;
  add (lane, RC_WAIT_MODEL, RC_WAIT_TRACK_MODEL, 0, model);
  for (guint s = 0; s < 2; s++)
    {
      RcWaitTrack track = s == 0 ? RC_WAIT_TRACK_COLD : RC_WAIT_TRACK_WARM;
      double b = boots[s];

      lane->wait_ms[s] = waits[s]->wait_ms;
      if (b < 0)
        continue;
      if (on == RC_PRELOAD_FIRST_RUN)
        add (lane, RC_WAIT_BOOT, track, model, model + b);
      else if (on == RC_PRELOAD_FIRST_MESSAGE)
        add (lane, RC_WAIT_BOOT, track, 0, b);
      else
        {
          /* paid on page open, before the message; a reader who writes at once waits the
           * rest of it */
          add (lane, RC_WAIT_BOOT, track, -b, 0);
          if (waits[s]->worst_wait_ms > waits[s]->wait_ms)
            add (lane, RC_WAIT_WORST, track, waits[s]->wait_ms, waits[s]->worst_wait_ms);
        }
      add (lane, RC_WAIT_RESULT, track, waits[s]->wait_ms, waits[s]->wait_ms);
    }
}

RcReaderWaits *
rc_reader_waits_new (const RcPreloadSim *sim)
{
  RcReaderWaits *self;
  double lo = 0, hi;

  g_return_val_if_fail (sim != NULL, NULL);

  if (sim->cold_boot_ms < 0 && sim->warm_boot_ms < 0)
    return NULL;
  hi = sim->model_delay_ms;
  self = g_new0 (RcReaderWaits, 1);
  self->model_delay_ms = sim->model_delay_ms;
  self->boot_ms[0] = sim->cold_boot_ms;
  self->boot_ms[1] = sim->warm_boot_ms;
  for (guint i = 0; i < RC_PRELOAD_N_VALUES; i++)
    {
      fill_lane (&self->lanes[i], sim, (RcPreloadOn) i);
      for (guint s = 0; s < self->lanes[i].n_segments; s++)
        {
          lo = MIN (lo, self->lanes[i].segments[s].start_ms);
          hi = MAX (hi, self->lanes[i].segments[s].end_ms);
        }
    }
  /* six ticks at most: the panel shares the timeline's width, and its span (before 0 and
   * after) writes wider labels ("-4000") than ten would leave room for */
  rc_chart_scale_init (&self->scale, lo, hi, 6, RC_CHART_UNIT_MS);
  self->axis.tick_labels = g_ptr_array_new_with_free_func (g_free);
  self->axis.tick_fracs = g_array_new (FALSE, FALSE, sizeof (double));
  rc_chart_axis_set_scale (
      &self->axis, &self->scale,
      _ ("Time from sending the first message (left of 0: paid when the page opened)"));
  /* TRANSLATORS: the heading of the lanes under the boot timeline; %.1f is seconds */
  self->heading = g_strdup_printf (_ ("What a reader waits, from the first message to the first "
                                      "result (model's first turn %.1f s)"),
                                   sim->model_delay_ms / 1000.0);
  self->recommendation = rc_preload_sim_recommendation (sim);
  return self;
}

void
rc_reader_waits_free (RcReaderWaits *self)
{
  if (self == NULL)
    return;
  g_free (self->heading);
  g_free (self->recommendation);
  g_free (self->axis.title);
  g_ptr_array_unref (self->axis.tick_labels);
  g_array_unref (self->axis.tick_fracs);
  g_free (self);
}

double
rc_reader_waits_fraction (const RcReaderWaits *self, double ms)
{
  return rc_chart_scale_fraction (&self->scale, ms);
}

char *
rc_reader_waits_lane_label (const RcReaderWaits *self, guint lane)
{
  g_return_val_if_fail (lane < RC_PRELOAD_N_VALUES, NULL);

  if (self->lanes[lane].every_visitor)
    /* TRANSLATORS: a lane of the reader-waits chart; keep "%s" (a preload_on value) */
    return g_strdup_printf (_ ("%s (every visitor)"), rc_preload_on_to_string (lane));
  return g_strdup (rc_preload_on_to_string (lane));
}

char *
rc_reader_waits_lane_value (const RcReaderWaits *self, guint lane)
{
  g_autofree char *cold = NULL, *warm = NULL;

  g_return_val_if_fail (lane < RC_PRELOAD_N_VALUES, NULL);

  cold = rc_format_seconds (self->lanes[lane].wait_ms[0]);
  warm = rc_format_seconds (self->lanes[lane].wait_ms[1]);
  /* the timeline's own convention for its values: cold · warm */
  return g_strdup_printf ("%s · %s", cold, warm);
}

void
rc_reader_waits_attach (RcChartModel *model, const RcMeasurement *report)
{
  RcPreloadSim sim;
  RcReaderWaits *waits;
  char *description;

  if (model == NULL || report == NULL || model->empty_text != NULL || model->waits != NULL)
    return;
  rc_measurement_preload_sim (report, &sim);
  if ((waits = rc_reader_waits_new (&sim)) == NULL)
    return;
  model->waits = waits;
  model->waits_height = rc_reader_waits_height;
  model->waits_free = (GDestroyNotify) rc_reader_waits_free;
  rc_chart_model_add_legend (model, RC_CHART_ROLE_NEUTRAL, RC_CHART_MARK_BAR,
                             _ ("model's first turn"));
  description = g_strdup_printf ("%s %s", model->description != NULL ? model->description : "",
                                 waits->recommendation != NULL ? waits->recommendation : "");
  g_free (model->description);
  model->description = g_strstrip (description);
}

/* Layout */

static double
text_width (const char *text, gsize length, RcChartTextWidthFunc measure, gpointer data)
{
  g_autofree char *part = g_strndup (text, length);

  return measure != NULL ? measure (part, data) : CHAR_WIDTH * g_utf8_strlen (part, -1);
}

/* Greedy word wrap of the recommendation at @width into at most RC_WAIT_MAX_NOTE_LINES
 * lines (the last one takes the rest; the painter ellipsizes it). */
static guint
wrap (const char *text, double width, RcChartTextWidthFunc measure, gpointer data,
      RcReaderWaitsGeometry *out)
{
  gsize len = text != NULL ? strlen (text) : 0, start = 0;
  guint n = 0;

  while (start < len && n < RC_WAIT_MAX_NOTE_LINES)
    {
      gsize fit = 0;

      if (n == RC_WAIT_MAX_NOTE_LINES - 1)
        fit = len - start;
      for (gsize end = start; fit < len - start;)
        {
          const char *space = strchr (text + end + 1, ' ');
          gsize next = space != NULL ? (gsize) (space - text) : len;

          /* a word longer than the line still gets a line of its own */
          if (fit > 0 && text_width (text + start, next - start, measure, data) > width)
            break;
          fit = next - start;
          end = next;
        }
      if (out != NULL)
        {
          out->note_lines[n].start = start;
          out->note_lines[n].length = fit;
        }
      n++;
      start += fit;
      while (start < len && text[start] == ' ')
        start++;
    }
  return n;
}

double
rc_reader_waits_height (const RcReaderWaits *self, double width, RcChartTextWidthFunc measure,
                        gpointer data)
{
  if (self == NULL)
    return 0;
  return GAP + HEADING + RC_PRELOAD_N_VALUES * LANE + AXIS
         + wrap (self->recommendation, width, measure, data, NULL) * NOTE_LINE;
}

static RcChartRect
rect (double x, double y, double w, double h)
{
  return (RcChartRect){ x, y, MAX (w, 0), MAX (h, 0) };
}

double
rc_reader_waits_x (const RcReaderWaits *self, const RcReaderWaitsGeometry *geometry, double ms)
{
  double frac = CLAMP (rc_reader_waits_fraction (self, ms), 0, 1);

  return geometry->plot.x + round (frac * geometry->plot.width);
}

static void
layout_boxes (const RcReaderWaits *self, RcReaderWaitsGeometry *out)
{
  for (guint l = 0; l < RC_PRELOAD_N_VALUES; l++)
    {
      const RcWaitLane *lane = &self->lanes[l];
      double top = out->plot.y + l * out->lane_height;

      for (guint s = 0; s < lane->n_segments; s++)
        {
          const RcWaitSegment *seg = &lane->segments[s];
          double x0 = rc_reader_waits_x (self, out, seg->start_ms);
          double x1 = rc_reader_waits_x (self, out, seg->end_ms);
          double y = round (top + (TRACK_TOP + seg->track * TRACK_STEP) * out->lane_height);
          double h = MAX (round (TRACK_HEIGHT * out->lane_height), 2);
          RcWaitBox *box = &out->boxes[out->n_boxes++];

          box->kind = seg->kind;
          box->track = seg->track;
          box->lane = l;
          if (seg->kind == RC_WAIT_RESULT)
            /* a tick across the whole lane, centred on the result */
            box->rect = rect (x0 - 1, round (top + 2), 3, out->lane_height - 4);
          else
            box->rect = rect (x0, y, MAX (x1 - x0, 1), h);
        }
    }
}

void
rc_reader_waits_layout (const RcReaderWaits *self, double x, double width, double top,
                        const RcChartRect *labels, const RcChartRect *plot,
                        const RcChartRect *values, RcChartTextWidthFunc measure, gpointer data,
                        RcReaderWaitsGeometry *out)
{
  double y = top + GAP;
  double lanes_h = RC_PRELOAD_N_VALUES * LANE;

  g_return_if_fail (self != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->n_note_lines = wrap (self->recommendation, width, measure, data, out);
  out->area = rect (x, top, width, rc_reader_waits_height (self, width, measure, data));
  out->heading = rect (x, y, width, HEADING);
  y += HEADING;
  out->lane_height = LANE;
  out->labels = rect (labels->x, y, labels->width, lanes_h);
  out->plot = rect (plot->x, y, plot->width, lanes_h);
  out->values = rect (values->x, y, values->width, lanes_h);
  y += lanes_h;
  out->axis = rect (plot->x, y, plot->width, AXIS);
  y += AXIS;
  out->note = rect (x, y, width, out->n_note_lines * NOTE_LINE);
  out->zero_x = rc_reader_waits_x (self, out, 0);
  layout_boxes (self, out);
}
