/* test-reader-waits.c: the reader-waits lanes under the timeline (rc-reader-waits.h): where
 * each preload_on value puts the model's turn and the boots, and their pixels. */
#include "config.h"

#include <string.h>

#include "core/chart/rc-chart-timeline.h"
#include "core/chart/rc-reader-waits.h"
#include "core/chart/rc-charts.h"
#include "rc-test-records.h"

static const RcWaitSegment *
segment (const RcWaitLane *lane, RcWaitKind kind, RcWaitTrack track)
{
  for (guint i = 0; i < lane->n_segments; i++)
    if (lane->segments[i].kind == kind && lane->segments[i].track == track)
      return &lane->segments[i];
  return NULL;
}

static const RcWaitBox *
box (const RcReaderWaitsGeometry *g, guint lane, RcWaitKind kind, RcWaitTrack track)
{
  for (guint i = 0; i < g->n_boxes; i++)
    if (g->boxes[i].lane == lane && g->boxes[i].kind == kind && g->boxes[i].track == track)
      return &g->boxes[i];
  return NULL;
}

/* The seed's 12.1 s cold and 3.0 s warm boots against OSA's 8.1 s model turn. */
static RcReaderWaits *
seed_waits (void)
{
  RcPreloadSim sim;

  rc_preload_sim_compute (&sim, 8100, 12100, 3000, 35.4e6);
  return rc_reader_waits_new (&sim);
}

/* first_message starts the boot with the message: it overlaps the model's turn and the
 * reader waits the longer of the two; first_run starts it after the turn. */
static void
test_lanes_overlap (void)
{
  RcReaderWaits *w = seed_waits ();
  const RcWaitLane *msg = &w->lanes[RC_PRELOAD_FIRST_MESSAGE];
  const RcWaitLane *run = &w->lanes[RC_PRELOAD_FIRST_RUN];
  const RcWaitSegment *s;

  s = segment (msg, RC_WAIT_MODEL, RC_WAIT_TRACK_MODEL);
  g_assert_cmpfloat (s->start_ms, ==, 0);
  g_assert_cmpfloat (s->end_ms, ==, 8100);
  s = segment (msg, RC_WAIT_BOOT, RC_WAIT_TRACK_COLD);
  g_assert_cmpfloat (s->start_ms, ==, 0);
  g_assert_cmpfloat (s->end_ms, ==, 12100);
  /* warm: the 3 s boot hides inside the turn; the result comes with the model */
  s = segment (msg, RC_WAIT_BOOT, RC_WAIT_TRACK_WARM);
  g_assert_cmpfloat (s->end_ms, ==, 3000);
  g_assert_cmpfloat (segment (msg, RC_WAIT_RESULT, RC_WAIT_TRACK_WARM)->start_ms, ==, 8100);
  g_assert_cmpfloat (segment (msg, RC_WAIT_RESULT, RC_WAIT_TRACK_COLD)->start_ms, ==, 12100);
  g_assert_true (msg->recommended);
  g_assert_false (msg->every_visitor);

  s = segment (run, RC_WAIT_BOOT, RC_WAIT_TRACK_COLD);
  g_assert_cmpfloat (s->start_ms, ==, 8100);
  g_assert_cmpfloat (s->end_ms, ==, 20200);
  g_assert_cmpfloat (run->wait_ms[0], ==, 20200);
  g_assert_cmpfloat (run->wait_ms[1], ==, 11100);
  g_assert_false (run->recommended);
  rc_reader_waits_free (w);
}

/* widget_open pays the boot before the message, so the axis reaches left of 0; a reader who
 * writes at once waits the rest of the cold boot (a whisker), never the warm one (shorter
 * than the turn). */
static void
test_widget_open_paid_up_front (void)
{
  RcReaderWaits *w = seed_waits ();
  const RcWaitLane *open = &w->lanes[RC_PRELOAD_WIDGET_OPEN];
  const RcWaitSegment *s = segment (open, RC_WAIT_BOOT, RC_WAIT_TRACK_COLD);
  g_autofree char *label = rc_reader_waits_lane_label (w, RC_PRELOAD_WIDGET_OPEN);
  g_autofree char *value = rc_reader_waits_lane_value (w, RC_PRELOAD_WIDGET_OPEN);

  g_assert_cmpfloat (s->start_ms, ==, -12100);
  g_assert_cmpfloat (s->end_ms, ==, 0);
  g_assert_true (open->every_visitor);
  g_assert_cmpfloat (open->wait_ms[0], ==, 8100);
  s = segment (open, RC_WAIT_WORST, RC_WAIT_TRACK_COLD);
  g_assert_nonnull (s);
  g_assert_cmpfloat (s->start_ms, ==, 8100);
  g_assert_cmpfloat (s->end_ms, ==, 12100);
  g_assert_null (segment (open, RC_WAIT_WORST, RC_WAIT_TRACK_WARM));
  /* the axis: from the cold boot before the message to first_run's cold result */
  g_assert_cmpfloat (w->scale.min, <=, -12100);
  g_assert_cmpfloat (w->scale.max, >=, 20200);
  g_assert_cmpfloat (rc_reader_waits_fraction (w, -12100), <, rc_reader_waits_fraction (w, 0));
  g_assert_nonnull (strstr (label, "widget_open"));
  g_assert_cmpstr (value, ==, "8.1 s · 8.1 s");
  g_assert_true (g_str_has_prefix (w->recommendation, "preload_on: first_message"));
  rc_reader_waits_free (w);
}

/* Pixels: the boot of first_run starts where the turn ends, widget_open's ends at the
 * message, first_message's starts there; every box lies inside the plot. */
static void
test_layout (void)
{
  RcReaderWaits *w = seed_waits ();
  RcChartRect labels = { 12, 0, 200, 100 }, plot = { 220, 0, 500, 100 },
              values = { 728, 0, 150, 100 };
  RcReaderWaitsGeometry g, narrow;
  const RcWaitBox *model, *boot, *open;
  double height = rc_reader_waits_height (w, 866, NULL, NULL);

  rc_reader_waits_layout (w, 12, 866, 400, &labels, &plot, &values, NULL, NULL, &g);
  g_assert_cmpfloat (g.area.y, ==, 400);
  g_assert_cmpfloat (g.area.height, ==, height);
  g_assert_cmpfloat (g.note.y + g.note.height, <=, g.area.y + g.area.height + 0.5);
  g_assert_cmpfloat (g.plot.x, ==, 220);
  g_assert_cmpfloat (g.plot.width, ==, 500);
  g_assert_cmpfloat (g.plot.y, >, 400);
  model = box (&g, RC_PRELOAD_FIRST_RUN, RC_WAIT_MODEL, RC_WAIT_TRACK_MODEL);
  boot = box (&g, RC_PRELOAD_FIRST_RUN, RC_WAIT_BOOT, RC_WAIT_TRACK_COLD);
  g_assert_cmpfloat (boot->rect.x, ==, model->rect.x + model->rect.width);
  g_assert_cmpfloat (boot->rect.y, >, model->rect.y);
  open = box (&g, RC_PRELOAD_WIDGET_OPEN, RC_WAIT_BOOT, RC_WAIT_TRACK_COLD);
  g_assert_cmpfloat (open->rect.x + open->rect.width, ==, g.zero_x);
  g_assert_cmpfloat (open->rect.y, >=, g.plot.y + g.lane_height);
  g_assert_cmpfloat (box (&g, RC_PRELOAD_FIRST_MESSAGE, RC_WAIT_BOOT, RC_WAIT_TRACK_COLD)->rect.x,
                     ==, g.zero_x);
  g_assert_cmpfloat (g.zero_x, >, g.plot.x);
  for (guint i = 0; i < g.n_boxes; i++)
    {
      g_assert_cmpfloat (g.boxes[i].rect.x, >=, g.plot.x - 1);
      g_assert_cmpfloat (g.boxes[i].rect.x + g.boxes[i].rect.width, <=,
                         g.plot.x + g.plot.width + 2);
      g_assert_cmpfloat (g.boxes[i].rect.y, >=, g.plot.y);
      g_assert_cmpfloat (g.boxes[i].rect.y + g.boxes[i].rect.height, <=, g.plot.y + g.plot.height);
    }
  /* the recommendation wraps into more lines when the chart is narrower, and every byte of
   * it is on a line */
  rc_reader_waits_layout (w, 12, 300, 400, &labels, &plot, &values, NULL, NULL, &narrow);
  g_assert_cmpuint (narrow.n_note_lines, >, g.n_note_lines);
  g_assert_cmpfloat (rc_reader_waits_height (w, 300, NULL, NULL), >, height);
  {
    gsize total = 0, len = strlen (w->recommendation);

    for (guint i = 0; i < g.n_note_lines; i++)
      total += g.note_lines[i].length + (i + 1 < g.n_note_lines);
    g_assert_cmpuint (total, ==, len);
    g_assert_cmpuint (
        g.note_lines[g.n_note_lines - 1].start + g.note_lines[g.n_note_lines - 1].length, ==, len);
  }
  rc_reader_waits_free (w);
}

/* Only the cold boot measured: the warm track stays empty and says so. */
static void
test_cold_only (void)
{
  RcPreloadSim sim;
  RcReaderWaits *w;
  g_autofree char *value = NULL;

  rc_preload_sim_compute (&sim, 8100, 3050, -1, -1);
  w = rc_reader_waits_new (&sim);
  g_assert_nonnull (w);
  g_assert_null (segment (&w->lanes[RC_PRELOAD_FIRST_RUN], RC_WAIT_BOOT, RC_WAIT_TRACK_WARM));
  value = rc_reader_waits_lane_value (w, RC_PRELOAD_FIRST_RUN);
  g_assert_cmpstr (value, ==, "11.2 s · —");
  rc_reader_waits_free (w);
  rc_preload_sim_compute (&sim, 8100, -1, -1, -1);
  g_assert_null (rc_reader_waits_new (&sim));
}

/* The timeline of a report gets the lanes, from the median boots and the report's model
 * delay; the chart reserves their height under its axis. */
static void
test_timeline_attach (void)
{
  g_autoptr (RcMeasurement) m = rc_measurement_new ("demo");
  g_autoptr (RcChartModel) model = NULL;
  g_autoptr (RcChartModel) bare = NULL;
  g_autoptr (RcMeasurement) empty = rc_measurement_new ("demo");
  g_autoptr (RcChartModel) none = NULL;
  RcChartGeometry geometry;

  rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_COLD, 1, 50));
  rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_WARM, 1, 50));
  m->model_delay_ms = 2000;
  model = rc_chart_model_build (RC_CHART_TIMELINE, m, NULL, -1);
  g_assert_nonnull (model->waits);
  g_assert_cmpfloat (model->waits->model_delay_ms, ==, 2000);
  /* rc_test_demo_run: 2900 + 50 + 150 ms cold */
  g_assert_cmpfloat (model->waits->boot_ms[0], ==, 3100);
  g_assert_cmpfloat (model->waits->lanes[RC_PRELOAD_FIRST_RUN].wait_ms[0], ==, 5100);
  g_assert_nonnull (strstr (model->description, "preload_on: first_message"));
  bare = rc_chart_timeline_build (m, -1, -1);
  g_assert_null (bare->waits);
  g_assert_cmpfloat (rc_chart_natural_height (model, 960), >,
                     rc_chart_natural_height (bare, 960) + 100);
  rc_chart_geometry_compute (model, 960, rc_chart_natural_height (model, 960), &geometry);
  g_assert_cmpfloat (geometry.waits.y, >=, geometry.x_axis.y + geometry.x_axis.height);
  g_assert_cmpfloat (geometry.waits.height, ==,
                     rc_reader_waits_height (model->waits, 936, NULL, NULL));
  g_assert_cmpfloat (geometry.waits.y + geometry.waits.height, <=, geometry.height);
  /* a chart too short for both keeps its rows readable and leaves the lanes out */
  rc_chart_geometry_compute (model, 640, 300, &geometry);
  g_assert_cmpfloat (geometry.waits.height, ==, 0);
  g_assert_cmpfloat (geometry.row_height, >=, 6);
  /* other charts, and an empty timeline, have none */
  none = rc_chart_model_build (RC_CHART_TIMELINE, empty, NULL, -1);
  g_assert_null (none->waits);
  g_clear_pointer (&none, rc_chart_model_free);
  none = rc_chart_model_build (RC_CHART_RUNS, m, NULL, -1);
  g_assert_null (none->waits);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/reader-waits/first-message-overlaps", test_lanes_overlap);
  g_test_add_func ("/reader-waits/widget-open-paid-up-front", test_widget_open_paid_up_front);
  g_test_add_func ("/reader-waits/layout", test_layout);
  g_test_add_func ("/reader-waits/cold-only", test_cold_only);
  g_test_add_func ("/reader-waits/timeline-attach", test_timeline_attach);
  return g_test_run ();
}
