/* test-preload-sim.c: the preload_on arithmetic (rc-preload-sim.h) and its place in the
 * report. */
#include "config.h"

#include <string.h>

#include "core/measurement/rc-measurement.h"
#include "core/analysis/rc-preload-sim.h"
#include "core/export/rc-export-markdown.h"
#include "core/export/rc-export-text.h"
#include "rc-test-records.h"

/* The seed's figures: a 12.1 s cold and 3.0 s warm boot against OSA's 8.1 s model turn. */
static void
test_arithmetic_slow_boot (void)
{
  RcPreloadSim sim;
  g_autofree char *line = NULL;

  rc_preload_sim_compute (&sim, 8100, 12100, 3000, 35.4e6);
  g_assert_cmpfloat (sim.cold[RC_PRELOAD_FIRST_RUN].wait_ms, ==, 20200);
  g_assert_cmpfloat (sim.cold[RC_PRELOAD_FIRST_RUN].added_ms, ==, 12100);
  g_assert_cmpfloat (sim.cold[RC_PRELOAD_FIRST_MESSAGE].wait_ms, ==, 12100);
  g_assert_cmpfloat (sim.cold[RC_PRELOAD_FIRST_MESSAGE].added_ms, ==, 4000);
  g_assert_cmpfloat (sim.cold[RC_PRELOAD_WIDGET_OPEN].wait_ms, ==, 8100);
  g_assert_cmpfloat (sim.cold[RC_PRELOAD_WIDGET_OPEN].worst_wait_ms, ==, 12100);
  g_assert_true (sim.cold[RC_PRELOAD_WIDGET_OPEN].every_visitor);
  g_assert_false (sim.cold[RC_PRELOAD_FIRST_MESSAGE].every_visitor);
  /* warm: the 3 s boot fits inside the model's turn under first_message */
  g_assert_cmpfloat (sim.warm[RC_PRELOAD_FIRST_RUN].wait_ms, ==, 11100);
  g_assert_cmpfloat (sim.warm[RC_PRELOAD_FIRST_MESSAGE].wait_ms, ==, 8100);
  g_assert_cmpfloat (sim.warm[RC_PRELOAD_FIRST_MESSAGE].added_ms, ==, 0);
  g_assert_cmpint (sim.recommended, ==, RC_PRELOAD_FIRST_MESSAGE);
  line = rc_preload_sim_recommendation (&sim);
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (line, "preload_on: first_message"));
  g_assert_nonnull (strstr (line, "12.1 s cold / 8.1 s warm"));
  g_assert_nonnull (strstr (line, "first_run: 20.2 s cold / 11.1 s warm"));
  g_assert_nonnull (strstr (line, "35.4 MB"));
}

static void
test_arithmetic_fast_boot (void)
{
  RcPreloadSim sim;
  g_autofree char *line = NULL;

  /* only a cold boot measured, shorter than the model's turn: hidden entirely */
  rc_preload_sim_compute (&sim, 8100, 3050, -1, -1);
  g_assert_cmpfloat (sim.cold[RC_PRELOAD_FIRST_MESSAGE].wait_ms, ==, 8100);
  g_assert_cmpfloat (sim.cold[RC_PRELOAD_WIDGET_OPEN].worst_wait_ms, ==, 8100);
  g_assert_cmpfloat (sim.cold[RC_PRELOAD_FIRST_RUN].wait_ms, ==, 11150);
  g_assert_cmpfloat (sim.warm[RC_PRELOAD_FIRST_RUN].wait_ms, ==, -1);
  g_assert_cmpfloat (sim.warm[RC_PRELOAD_FIRST_MESSAGE].added_ms, ==, -1);
  line = rc_preload_sim_recommendation (&sim);
  g_assert_nonnull (strstr (line, "hides behind"));
  g_assert_nonnull (strstr (line, "waits 8.1 s cold ("));
  g_assert_nonnull (strstr (line, "first_run: 11.2 s cold"));
  /* a model delay of 0 makes the boot the whole wait under every value but widget_open */
  g_assert_cmpfloat (rc_preload_sim_wait (RC_PRELOAD_FIRST_RUN, 0, 3050, FALSE), ==, 3050);
  g_assert_cmpfloat (rc_preload_sim_wait (RC_PRELOAD_FIRST_MESSAGE, 0, 3050, FALSE), ==, 3050);
  g_assert_cmpfloat (rc_preload_sim_wait (RC_PRELOAD_WIDGET_OPEN, 0, 3050, FALSE), ==, 0);
  /* nothing measured: no recommendation */
  rc_preload_sim_compute (&sim, 8100, -1, -1, -1);
  g_assert_null (rc_preload_sim_recommendation (&sim));
}

/* The report takes the median cold and warm boots and the model delay it was given, and the
 * JSON keeps only the delay across a round trip. */
static void
test_report (void)
{
  g_autoptr (RcMeasurement) m = rc_measurement_new ("demo");
  g_autoptr (RcMeasurement) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL, *text = NULL, *md = NULL;
  g_autoptr (JsonNode) node = NULL;
  JsonObject *sim;
  RcPreloadSim s;

  for (guint i = 0; i < 3; i++)
    rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_COLD, i + 1, 50 + i * 100.0));
  rc_measurement_add_run (m, rc_test_demo_run (RC_SCENARIO_WARM, 1, 50));
  m->model_delay_ms = 2000;
  rc_measurement_preload_sim (m, &s);
  /* rc_test_demo_run: 2900 + slowdown + 150 ms cold, 2300 + slowdown + 150 warm */
  g_assert_cmpfloat (s.cold_boot_ms, ==, 3200);
  g_assert_cmpfloat (s.warm_boot_ms, ==, 2500);
  g_assert_cmpfloat (s.cold[RC_PRELOAD_FIRST_MESSAGE].wait_ms, ==, 3200);
  g_assert_cmpfloat (s.warm[RC_PRELOAD_FIRST_RUN].wait_ms, ==, 4500);
  json = rc_measurement_to_json_string (m);
  node = json_from_string (json, &error);
  g_assert_no_error (error);
  sim = json_object_get_object_member (json_node_get_object (node), "preload_on");
  g_assert_cmpfloat (json_object_get_double_member (sim, "model_delay_ms"), ==, 2000);
  g_assert_cmpstr (json_object_get_string_member (sim, "recommended"), ==, "first_message");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (sim, "options")), ==, 3);
  back = rc_measurement_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (back->model_delay_ms, ==, 2000);
  text = rc_measurement_format_summary (m);
  g_assert_nonnull (strstr (text, "first_run      cold 5.2 s  warm 4.5 s"));
  g_assert_nonnull (strstr (text, "preload_on: first_message"));
  md = rc_measurement_to_markdown (m);
  g_assert_nonnull (strstr (md, "| `first_message` | 3.2 s | 2.5 s | readers who write |"));
  g_assert_nonnull (strstr (md, "| `widget_open` | 2.0 s (3.2 s if the reader writes at once)"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/preload-sim/slow-boot", test_arithmetic_slow_boot);
  g_test_add_func ("/preload-sim/fast-boot", test_arithmetic_fast_boot);
  g_test_add_func ("/preload-sim/report", test_report);
  return g_test_run ();
}
