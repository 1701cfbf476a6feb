/* rc-chart-model.c: the chart model's bookkeeping and its pixel layout.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "core/chart/rc-chart-model.h"

#define MARGIN        12.0
#define TITLE_HEIGHT  26.0
#define BANNER_HEIGHT 26.0
#define LEGEND_LINE   22.0
#define AXIS_HEIGHT   42.0
#define SUMMARY_LINE  18.0
#define ROW_NATURAL   22.0
#define ROW_MAX       28.0
#define XY_NATURAL    320.0
#define XY_TOP        20.0 /* room for the y axis titles above the plot */
#define CHAR_WIDTH    7.0  /* an estimate for legend wrapping; labels are ellipsized anyway */
#define VALUES_PAD    4.0  /* right of the widest figure */
#define VALUES_MAX    0.36 /* of the width, at most, for the figures right of the plot */
#define WAITS_MIN_ROW 12.0 /* the least row height the reader-waits lanes leave the rows */

static const char *const kind_names[] = { "timeline", "heap", "bytes", "runs", "compare" };

const char *
rc_chart_kind_to_string (RcChartKind kind)
{
  g_return_val_if_fail (kind < RC_CHART_N_KINDS, NULL);

  return kind_names[kind];
}

gboolean
rc_chart_kind_from_string (const char *text, RcChartKind *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_names); i++)
    if (g_strcmp0 (text, kind_names[i]) == 0)
      {
        *out = (RcChartKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
rc_chart_kind_title (RcChartKind kind)
{
  switch (kind)
    {
    case RC_CHART_TIMELINE:
      return _ ("Boot timeline");
    case RC_CHART_HEAP:
      return _ ("Heap after each step");
    case RC_CHART_BYTES:
      return _ ("Bytes and cache hits");
    case RC_CHART_RUNS:
      return _ ("Step times over all runs");
    case RC_CHART_COMPARE:
      return _ ("Comparison of two reports");
    case RC_CHART_N_KINDS:
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
rc_chart_kind_label (RcChartKind kind)
{
  switch (kind)
    {
    case RC_CHART_TIMELINE:
      return _ ("Timeline");
    case RC_CHART_HEAP:
      return _ ("Heap");
    case RC_CHART_BYTES:
      return _ ("Bytes");
    case RC_CHART_RUNS:
      return _ ("Runs");
    case RC_CHART_COMPARE:
      return _ ("Compare");
    case RC_CHART_N_KINDS:
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
row_free (gpointer data)
{
  RcChartRow *row = data;

  g_free (row->label);
  g_free (row->step_key);
  g_free (row->value);
  g_free (row);
}

static void
mark_clear (gpointer data)
{
  RcChartMark *mark = data;

  g_free (mark->label);
  g_free (mark->tooltip);
  g_free (mark->step_key);
}

static void
line_free (gpointer data)
{
  RcChartLine *line = data;

  g_array_unref (line->points);
  g_free (line->tooltip);
  g_free (line);
}

static void
reference_free (gpointer data)
{
  RcChartReference *ref = data;

  g_free (ref->label);
  g_free (ref);
}

static void
legend_free (gpointer data)
{
  RcChartLegendItem *item = data;

  g_free (item->label);
  g_free (item);
}

static void
axis_init (RcChartAxis *axis)
{
  axis->tick_labels = g_ptr_array_new_with_free_func (g_free);
  axis->tick_fracs = g_array_new (FALSE, FALSE, sizeof (double));
}

static void
axis_clear (RcChartAxis *axis)
{
  g_free (axis->title);
  g_ptr_array_unref (axis->tick_labels);
  g_array_unref (axis->tick_fracs);
}

RcChartModel *
rc_chart_model_new (RcChartKind kind)
{
  RcChartModel *self = g_new0 (RcChartModel, 1);

  self->kind = kind;
  self->title = g_strdup (rc_chart_kind_title (kind));
  self->row_natural = ROW_NATURAL;
  axis_init (&self->x);
  axis_init (&self->y);
  axis_init (&self->y2);
  self->rows = g_ptr_array_new_with_free_func (row_free);
  self->marks = g_array_new (FALSE, TRUE, sizeof (RcChartMark));
  g_array_set_clear_func (self->marks, mark_clear);
  self->lines = g_ptr_array_new_with_free_func (line_free);
  self->references = g_ptr_array_new_with_free_func (reference_free);
  self->legend = g_ptr_array_new_with_free_func (legend_free);
  self->summary = g_ptr_array_new_with_free_func (g_free);
  return self;
}

void
rc_chart_model_free (RcChartModel *self)
{
  if (self == NULL)
    return;
  g_free (self->title);
  g_free (self->empty_text);
  g_free (self->banner);
  g_free (self->description);
  axis_clear (&self->x);
  axis_clear (&self->y);
  axis_clear (&self->y2);
  g_ptr_array_unref (self->rows);
  g_array_unref (self->marks);
  g_ptr_array_unref (self->lines);
  g_ptr_array_unref (self->references);
  g_ptr_array_unref (self->legend);
  g_ptr_array_unref (self->summary);
  if (self->waits != NULL)
    self->waits_free (self->waits);
  g_free (self);
}

guint
rc_chart_model_add_row (RcChartModel *self, const char *label, guint indent, gboolean emphasis,
                        const char *step_key)
{
  RcChartRow *row = g_new0 (RcChartRow, 1);

  row->label = g_strdup (label);
  row->indent = indent;
  row->emphasis = emphasis;
  row->step_key = g_strdup (step_key);
  g_ptr_array_add (self->rows, row);
  return self->rows->len - 1;
}

void
rc_chart_model_set_row_value (RcChartModel *self, guint row, const char *value)
{
  RcChartRow *r;

  g_return_if_fail (row < self->rows->len);

  r = g_ptr_array_index (self->rows, row);
  g_free (r->value);
  r->value = g_strdup (value);
}

double
rc_chart_slot_row_height (guint n_slots)
{
  return MAX (ROW_NATURAL, 14.0 * n_slots + 8);
}

void
rc_chart_slot (guint slot, guint n_slots, double *y0, double *y1)
{
  double band = 0.78 / MAX (n_slots, 1);

  *y0 = 0.11 + slot * band;
  *y1 = *y0 + band - (n_slots > 1 ? 0.05 : 0);
}

const char *
rc_chart_verdict_label (RcVerdict verdict)
{
  switch (verdict)
    {
    case RC_VERDICT_NETWORK:
      return _ ("network");
    case RC_VERDICT_CACHE:
      return _ ("cache");
    case RC_VERDICT_REVALIDATED:
      return _ ("revalidated (304)");
    case RC_VERDICT_FAILED:
      return _ ("failed");
    case RC_VERDICT_DISAGREE:
    default:
      return _ ("sources disagree");
    }
}

RcChartMark *
rc_chart_model_add_mark (RcChartModel *self, RcChartMarkShape shape, RcChartRole role, guint row,
                         double x0, double x1, double y0, double y1)
{
  RcChartMark mark = { shape, role, row, MIN (x0, x1), MAX (x0, x1), y0, y1 };

  g_array_append_val (self->marks, mark);
  return &g_array_index (self->marks, RcChartMark, self->marks->len - 1);
}

void
rc_chart_model_add_legend (RcChartModel *self, RcChartRole role, RcChartMarkShape shape,
                           const char *label)
{
  RcChartLegendItem *item = g_new0 (RcChartLegendItem, 1);

  item->role = role;
  item->shape = shape;
  item->label = g_strdup (label);
  g_ptr_array_add (self->legend, item);
}

void
rc_chart_axis_set_scale (RcChartAxis *axis, const RcChartScale *scale, const char *what)
{
  double magnitude = MAX (fabs (scale->min), fabs (scale->max));
  guint n = rc_chart_scale_n_ticks (scale);

  axis->scale = *scale;
  g_free (axis->title);
  axis->title = rc_chart_axis_title (what, scale);
  g_ptr_array_set_size (axis->tick_labels, 0);
  g_array_set_size (axis->tick_fracs, 0);
  for (guint i = 0; i < n; i++)
    {
      double value = rc_chart_scale_tick (scale, i);
      double frac = rc_chart_scale_fraction (scale, value);

      g_ptr_array_add (axis->tick_labels,
                       rc_chart_format_value (scale->unit, value, magnitude, scale->tick));
      g_array_append_val (axis->tick_fracs, frac);
    }
}

GArray *
rc_chart_median_runs (const RcMeasurement *report)
{
  GArray *picked = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) scenarios = NULL;

  if (report == NULL || report->runs->len == 0)
    return picked;
  scenarios = rc_measurement_scenarios (report);
  for (guint i = 0; i < scenarios->len; i++)
    {
      RcScenario scenario = g_array_index (scenarios, RcScenario, i);
      int index = rc_run_stats_median_run (report->runs, scenario);

      for (guint r = 0; index < 0 && r < report->runs->len; r++)
        if (((RcRunRecord *) report->runs->pdata[r])->scenario == scenario)
          index = (int) r;
      if (index >= 0)
        g_array_append_val (picked, index);
    }
  return picked;
}

RcChartRole
rc_chart_role_for_scenario (RcScenario scenario)
{
  return (RcChartRole) (RC_CHART_ROLE_SERIES_0 + MIN ((guint) scenario, 3));
}

guint
rc_chart_model_count_marks (const RcChartModel *self, RcChartMarkShape shape, RcChartRole role)
{
  guint n = 0;

  for (guint i = 0; i < self->marks->len; i++)
    {
      const RcChartMark *mark = &g_array_index (self->marks, RcChartMark, i);

      n += mark->shape == shape && mark->role == role;
    }
  return n;
}

gint64
rc_chart_memory_limit_bytes (const RcMeasurement *report)
{
  for (guint i = 0; report != NULL && i < report->runs->len; i++)
    {
      const RcRunRecord *run = g_ptr_array_index (report->runs, i);

      if (run->env.memory_mb > 0)
        return run->env.memory_mb * 1024 * 1024;
    }
  return -1;
}

/* Layout. */

static double
panel_height (const RcChartModel *self, double width, RcChartTextWidthFunc measure, gpointer data)
{
  return self->waits != NULL ? self->waits_height (self->waits, width, measure, data) : 0;
}

static double
legend_lines (const RcChartModel *self, double width, RcChartTextWidthFunc measure, gpointer data)
{
  double x = 0;
  guint lines = self->legend->len > 0 ? 1 : 0;

  for (guint i = 0; i < self->legend->len; i++)
    {
      const RcChartLegendItem *item = g_ptr_array_index (self->legend, i);
      double text = measure != NULL ? measure (item->label, data)
                                    : CHAR_WIDTH * g_utf8_strlen (item->label, -1);
      double w = RC_CHART_LEGEND_SWATCH + text + RC_CHART_LEGEND_GAP;

      if (x > 0 && x + w > width)
        {
          lines++;
          x = 0;
        }
      x += w;
    }
  return lines;
}

static double
fixed_height (const RcChartModel *self, double width, RcChartTextWidthFunc measure, gpointer data)
{
  return panel_height (self, width - 2 * MARGIN, measure, data) + MARGIN + TITLE_HEIGHT
         + (self->banner != NULL ? BANNER_HEIGHT : 0)
         + legend_lines (self, width - 2 * MARGIN, measure, data) * LEGEND_LINE + AXIS_HEIGHT
         + (self->summary->len > 0 ? 6 + self->summary->len * SUMMARY_LINE : 0) + MARGIN
         + (self->xy ? XY_TOP : 0);
}

double
rc_chart_natural_height_measured (const RcChartModel *self, double width,
                                  RcChartTextWidthFunc measure, gpointer data)
{
  if (self->empty_text != NULL)
    return 160;
  if (self->xy)
    return fixed_height (self, width, measure, data) + XY_NATURAL;
  return fixed_height (self, width, measure, data) + MAX (self->rows->len, 1) * self->row_natural;
}

double
rc_chart_natural_height (const RcChartModel *self, double width)
{
  return rc_chart_natural_height_measured (self, width, NULL, NULL);
}

static double
text_width (const char *text, RcChartTextWidthFunc measure, gpointer data)
{
  return measure != NULL ? measure (text, data) : CHAR_WIDTH * g_utf8_strlen (text, -1);
}

/* The value column of a row chart: what its widest figure (a row's value or a mark's label)
 * needs, at least the share it always had, and at most VALUES_MAX of the width, so the plot
 * keeps the rest. Figures wider than that are ellipsized (their tooltips say them in full). */
static double
values_width (const RcChartModel *self, double inner, RcChartTextWidthFunc measure, gpointer data)
{
  double need = 0;

  for (guint i = 0; i < self->rows->len; i++)
    {
      const RcChartRow *row = g_ptr_array_index (self->rows, i);

      if (row->value != NULL)
        need = MAX (need, text_width (row->value, measure, data));
    }
  for (guint i = 0; i < self->marks->len; i++)
    {
      const RcChartMark *mark = &g_array_index (self->marks, RcChartMark, i);

      if (mark->label != NULL)
        need = MAX (need, text_width (mark->label, measure, data));
    }
  return MIN (MAX (CLAMP (floor (inner * 0.2), 70, 230), ceil (need) + VALUES_PAD),
              MAX (floor (inner * VALUES_MAX), 70));
}

/* The reader-waits lanes' height at @width × @height: 0 when the chart is too short to give
 * them room and still draw its own rows readably (a fixed --chart-size), so they never squeeze
 * the timeline into lines. */
static double
waits_height (const RcChartModel *self, double width, double height, RcChartTextWidthFunc measure,
              gpointer data)
{
  double waits = panel_height (self, width - 2 * MARGIN, measure, data);
  double rows_h = height - fixed_height (self, width, measure, data);

  if (waits <= 0 || rows_h < MAX (self->rows->len, 1) * WAITS_MIN_ROW)
    return 0;
  return waits;
}

static RcChartRect
rect (double x, double y, double w, double h)
{
  return (RcChartRect){ x, y, MAX (w, 0), MAX (h, 0) };
}

void
rc_chart_geometry_compute (const RcChartModel *self, double width, double height,
                           RcChartGeometry *out)
{
  rc_chart_geometry_compute_measured (self, width, height, NULL, NULL, out);
}

void
rc_chart_geometry_compute_measured (const RcChartModel *self, double width, double height,
                                    RcChartTextWidthFunc measure, gpointer data,
                                    RcChartGeometry *out)
{
  double inner = width - 2 * MARGIN;
  double y = MARGIN, left_w, right_w, plot_h, bottom, waits_h;

  g_return_if_fail (self != NULL && out != NULL);

  *out = (RcChartGeometry){ .width = width, .height = height };
  out->title = rect (MARGIN, y, inner, TITLE_HEIGHT);
  y += TITLE_HEIGHT;
  out->banner = rect (MARGIN, y, inner, self->banner != NULL ? BANNER_HEIGHT : 0);
  y += out->banner.height;
  out->legend = rect (MARGIN, y, inner, legend_lines (self, inner, measure, data) * LEGEND_LINE);
  y += out->legend.height;
  if (self->xy)
    {
      left_w = 72;
      right_w = self->y2.scale.max > self->y2.scale.min ? 72 : 24;
      y += XY_TOP;
    }
  else
    {
      left_w = CLAMP (floor (inner * 0.26), 110, 260);
      right_w = values_width (self, inner, measure, data);
    }
  waits_h = waits_height (self, width, height, measure, data);
  bottom = height - MARGIN - (self->summary->len > 0 ? 6 + self->summary->len * SUMMARY_LINE : 0)
           - waits_h;
  plot_h = MAX (bottom - AXIS_HEIGHT - y, 1);
  if (!self->xy)
    {
      guint rows = MAX (self->rows->len, 1);

      out->row_height = CLAMP (floor (plot_h / rows), 1, MAX (ROW_MAX, self->row_natural));
      plot_h = out->row_height * rows;
    }
  out->labels = rect (MARGIN, y, left_w, plot_h);
  out->plot = rect (MARGIN + left_w + 8, y, inner - left_w - right_w - 16, plot_h);
  out->values = rect (out->plot.x + out->plot.width + 8, y, right_w, plot_h);
  out->x_axis = rect (out->plot.x, y + plot_h, out->plot.width, AXIS_HEIGHT);
  out->waits = rect (MARGIN, y + plot_h + AXIS_HEIGHT, inner, waits_h);
  out->summary =
      rect (MARGIN, out->waits.y + out->waits.height + 6, inner, self->summary->len * SUMMARY_LINE);
}

double
rc_chart_geometry_x (const RcChartGeometry *geometry, double frac)
{
  return geometry->plot.x + round (CLAMP (frac, 0, 1) * geometry->plot.width);
}

double
rc_chart_geometry_y (const RcChartGeometry *geometry, double frac)
{
  return geometry->plot.y + round ((1 - CLAMP (frac, 0, 1)) * geometry->plot.height);
}

static RcChartRect
centred (double cx, double cy, double size)
{
  return rect (round (cx - size / 2), round (cy - size / 2), size, size);
}

RcChartRect
rc_chart_geometry_mark_rect (const RcChartGeometry *geometry, const RcChartModel *self,
                             const RcChartMark *mark)
{
  double x0 = rc_chart_geometry_x (geometry, mark->x0);
  double x1 = rc_chart_geometry_x (geometry, mark->x1);
  double top, h, size;

  if (self->xy)
    return centred (x0, rc_chart_geometry_y (geometry, mark->y0), mark->highlight ? 9 : 7);
  top = geometry->plot.y + mark->row * geometry->row_height;
  h = (mark->y1 - mark->y0) * geometry->row_height;
  size = CLAMP (floor (h), 3, 10);
  switch (mark->shape)
    {
    case RC_CHART_MARK_DOT:
      return centred (x0, top + (mark->y0 + mark->y1) / 2 * geometry->row_height,
                      mark->highlight ? size + 2 : size);
    case RC_CHART_MARK_FAILURE:
      return centred (x0, top + (mark->y0 + mark->y1) / 2 * geometry->row_height,
                      CLAMP (geometry->row_height * 0.8, 6, 14));
    case RC_CHART_MARK_TICK:
      return rect (x0 - 1, round (top + mark->y0 * geometry->row_height), 2, MAX (round (h), 1));
    case RC_CHART_MARK_BAR:
    case RC_CHART_MARK_OUTLINE:
    case RC_CHART_MARK_WHISKER:
    default:
      /* Never narrower than a pixel: a 2 ms step of a 3 s boot must still show. */
      return rect (x0, round (top + mark->y0 * geometry->row_height), MAX (x1 - x0, 1),
                   MAX (round (h), 1));
    }
}

int
rc_chart_geometry_hit (const RcChartGeometry *geometry, const RcChartModel *self, double x,
                       double y)
{
  int best = -1;
  double best_area = G_MAXDOUBLE;

  for (guint i = 0; i < self->marks->len; i++)
    {
      const RcChartMark *mark = &g_array_index (self->marks, RcChartMark, i);
      RcChartRect r = rc_chart_geometry_mark_rect (geometry, self, mark);
      double area = r.width * r.height;

      /* Two pixels of slack: a 1 px bar is hard to hit otherwise. */
      if (mark->tooltip != NULL && x >= r.x - 2 && x <= r.x + r.width + 2 && y >= r.y - 2
          && y <= r.y + r.height + 2 && area < best_area)
        {
          best = (int) i;
          best_area = area;
        }
    }
  return best;
}
