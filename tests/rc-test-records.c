/* rc-test-records.c: the demo community's runs, with the npm distribution's real file sizes. */
#include "config.h"

#include "rc-test-records.h"

#define ORIGIN_US G_GINT64_CONSTANT (5000000000) /* monotonic µs of worker time 0 */

typedef struct
{
  const char *file;
  guint64 bytes;   /* decoded: the npm file's size */
  guint64 wire;    /* brotli (quality 9) as the CDN emulation sends it; == bytes: not encoded */
  double start_ms; /* worker clock */
  double duration_ms;
} Fetch;

/* The Content-Type the CDN emulation sends (rc-origin-files.c). */
static const char *
type_of (const char *url)
{
  if (g_str_has_suffix (url, ".wasm"))
    return "application/wasm";
  if (g_str_has_suffix (url, ".js"))
    return "application/javascript; charset=utf-8";
  if (g_str_has_suffix (url, ".json"))
    return "application/json; charset=utf-8";
  if (g_str_has_suffix (url, ".zip") || g_str_has_suffix (url, ".whl"))
    return "application/zip";
  return "text/html; charset=utf-8";
}

static void
add_encoded_request (RcRunRecord *run, const char *url, const char *origin, guint status,
                     guint64 bytes, guint64 wire, double start_ms, double duration_ms)
{
  g_autoptr (RcRequestRecord) r = rc_request_record_new ();

  r->run_id = g_strdup (run->run_id);
  r->method = g_strdup ("GET");
  r->url = g_strdup (url);
  r->origin = g_strdup (origin);
  r->status = status;
  r->content_type = status == 304 ? NULL : g_strdup (type_of (url));
  r->bytes = status == 304 ? 0 : wire;
  r->decoded_bytes = status == 304 ? 0 : (gint64) bytes;
  r->content_encoding = status != 304 && wire != bytes ? g_strdup ("br") : NULL;
  r->not_modified = status == 304;
  r->conditional = status == 304;
  r->start_us = ORIGIN_US + (gint64) (start_ms * 1000) + 300; /* the proxy sees it just after */
  r->first_byte_us = r->start_us + 800;
  r->end_us = ORIGIN_US + (gint64) ((start_ms + duration_ms) * 1000);
  rc_run_record_add_request (run, r);
}

static void
add_request (RcRunRecord *run, const char *url, const char *origin, guint status, guint64 bytes,
             double start_ms, double duration_ms)
{
  add_encoded_request (run, url, origin, status, bytes, bytes, start_ms, duration_ms);
}

static void
add_page (RcRunRecord *run, gboolean warm)
{
  g_autofree char *host_js = g_strconcat (RC_TEST_PAGE, "/host.js", NULL);

  /* the page loads before the worker exists: negative worker time */
  add_request (run, RC_TEST_PAGE "/", "page", 200, 1834, -140, 6);
  add_request (run, host_js, "page", warm ? 304 : 200, 7421, -120, 4);
  rc_run_record_add_timing (run, host_js, "script", "page", 24, 29, 0, 0, 0);
}

RcRunRecord *
rc_test_demo_run (RcScenario scenario, guint index, double slowdown_ms)
{
  RcRunRecord *run = rc_run_record_new (scenario, index);
  gboolean warm = rc_scenario_is_warm (scenario);
  const char *wheel = scenario == RC_SCENARIO_CHANGED_WHEEL ? RC_TEST_WHEEL_RENAMED : RC_TEST_WHEEL;
  double s = slowdown_ms;
  const Fetch interpreter[] = {
    { "pyodide.js", 18597, 7119, 14, 21 },
    { "pyodide-lock.json", 122027, 26061, 52, 18 },
    { "pyodide.asm.js", 1074322, 201802, 75, 95 },
    { "pyodide.asm.wasm", 8647684, 2443367, 180, 610 },
    { "python_stdlib.zip", 2424003, 2424003, 820 + s, 160 },
  };
  g_autofree char *wheel_url = g_strconcat ("https://widget.osc.earth/demo/runtime/", wheel, NULL);
  double t_wheel = 2310 + s;

  run->env.webkit_version = g_strdup ("2.50.6");
  run->env.jsc_version = g_strdup ("2.50.6");
  run->env.pyodide_version = g_strdup ("0.29.5");
  run->env.worker_kind = g_strdup ("builtin");
  run->env.community = g_strdup ("demo");
  run->env.config_sha256 =
      g_strdup ("4f0c2b1a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b");
  run->env.policy_name = g_strdup ("nemarlike");
  run->env.policy_sha256 =
      g_strdup ("b1e2d3c4a5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90");
  run->env.throttle_profile = g_strdup ("none");
  run->env.deployment = g_strdup ("production");
  run->env.page_origin = g_strdup (RC_TEST_PAGE);
  run->env.machine_cores = 2;
  run->env.machine_memory_bytes = G_GUINT64_CONSTANT (8321499136);
  run->env.date = g_strdup ("2026-11-29T09:30:00Z");
  run->worker_time_origin_us = ORIGIN_US;
  run->page_time_origin_us = ORIGIN_US - 150000;
  run->web_process_rss_bytes = 212000000 + index * 1000000;
  run->boot_ms = (warm ? 2300 : 2900) + s + 150;
  /* timed from the page's navigation start, the browser's start apart (rc-boot-clock.h) */
  run->boot_clock = g_strdup ("navigation");
  run->start_ms = warm ? 40 : 400;
  run->wall_ms = run->start_ms + run->boot_ms + 3;

  add_page (run, warm);
  rc_run_record_progress (run, 1, 4, "loading_runtime", NULL, NULL, 10, -1);
  for (guint i = 0; i < G_N_ELEMENTS (interpreter); i++)
    {
      g_autofree char *url = g_strconcat (RC_TEST_CDN, interpreter[i].file, NULL);

      if (!warm)
        add_encoded_request (run, url, "cdn", 200, interpreter[i].bytes, interpreter[i].wire,
                             interpreter[i].start_ms, interpreter[i].duration_ms);
      /* WebKitGTK 2.50 reports 0 for every size: recorded as reported */
      rc_run_record_add_timing (
          run, url, i < 1 ? "other" : "fetch", "worker", interpreter[i].start_ms,
          interpreter[i].start_ms + (warm ? 2 : interpreter[i].duration_ms), 0, 0, 0);
    }
  rc_run_record_add_sub_phase (run, "pyodide.js", "resource-timing", 14, 35);
  rc_run_record_add_sub_phase (run, "wasm", "resource-timing", 180, 1400 + s);
  rc_run_record_add_sub_phase (run, "python-init", "hook", 1400 + s, 2250 + s);
  rc_run_record_progress (run, 1, 4, "runtime_loaded", NULL, NULL, 2250 + s, 19922944);
  rc_run_record_progress (run, 2, 4, "loading_package", "demo-helpers", NULL, 2300 + s, 19922944);
  if (!warm || scenario == RC_SCENARIO_CHANGED_WHEEL)
    add_request (run, wheel_url, "api", 200, 2726, t_wheel, 9);
  rc_run_record_add_timing (run, wheel_url, "fetch", "worker", t_wheel, t_wheel + 9, 0, 0, 0);
  rc_run_record_progress (run, 3, 4, "importing", NULL, "demo_helpers", 2360 + s, 20381696);
  rc_run_record_progress (run, 4, 4, "prelude", NULL, NULL, 2410 + s, 20709376);
  rc_run_record_ready (run, "0.29.5", 2450 + s, 20971520);
  rc_run_record_note_clock (run, ORIGIN_US + (gint64) ((2450 + s) * 1000) + 700, 2450 + s);

  for (guint i = 0; i < G_N_ELEMENTS (interpreter); i++)
    rc_run_record_expect (run, interpreter[i].file, "interpreter", TRUE, FALSE, FALSE);
  rc_run_record_expect (run, wheel, "overlay:demo-helpers", TRUE, TRUE,
                        scenario == RC_SCENARIO_CHANGED_WHEEL);
  rc_run_record_add_note (run, "synthetic record built by the test suite");
  return run;
}

RcRunRecord *
rc_test_engine_run (const char *engine, const char *version, RcScenario scenario, guint index,
                    double slowdown_ms)
{
  RcRunRecord *run = rc_test_demo_run (scenario, index, slowdown_ms);
  char *id = g_strdup_printf ("%s/%s", engine, run->run_id);

  g_free (run->run_id);
  run->run_id = id;
  run->env.engine = g_strdup (engine);
  run->env.engine_version = g_strdup (version);
  if (g_strcmp0 (engine, "webkit") != 0)
    {
      g_clear_pointer (&run->env.webkit_version, g_free);
      g_clear_pointer (&run->env.jsc_version, g_free);
    }
  return run;
}

RcMeasurement *
rc_test_three_engines (double step_ms)
{
  static const char *const engines[][2] = { { "webkit", "2.50.6" },
                                            { "chromium", "156.0.8078.114" },
                                            { "firefox", "153.8.0esr" } };
  RcMeasurement *m = rc_measurement_new ("demo");

  for (guint e = 0; e < G_N_ELEMENTS (engines); e++)
    {
      rc_measurement_add_run (
          m, rc_test_engine_run (engines[e][0], engines[e][1], RC_SCENARIO_COLD, 1, step_ms * e));
      rc_measurement_add_run (
          m, rc_test_engine_run (engines[e][0], engines[e][1], RC_SCENARIO_WARM, 1, step_ms * e));
    }
  return m;
}
