/* rc-test-records.h: realistic synthetic run records of the demo community, built in code. */
#pragma once

#include "core/measurement/rc-measurement.h"
#include "core/record/rc-run-record.h"

G_BEGIN_DECLS

#define RC_TEST_CDN   "https://cdn.jsdelivr.net/pyodide/v0.29.5/full/"
#define RC_TEST_PAGE  "https://demo.example.org"
#define RC_TEST_WHEEL "demo_helpers-0.1.1-py3-none-any.whl"
/* The five interpreter files: decoded (the npm package's sizes) and on the wire (brotli for
 * all but python_stdlib.zip, which goes as it is). */
#define RC_TEST_INTERPRETER_DECODED 12286633
#define RC_TEST_INTERPRETER_WIRE    5102352
#define RC_TEST_WHEEL_RENAMED       "demo_helpers-0.1.1-1-py3-none-any.whl"

/* A run of the demo community (preload demo-helpers, import_before_seal demo_helpers, a
 * prelude: 4 steps). @slowdown_ms is added to the interpreter step, so runs differ. Cold runs
 * fetch everything; warm runs get the interpreter and the wheel from the cache (no proxy
 * request) and revalidate host.js; changed-wheel fetches only the renamed wheel. */
RcRunRecord *rc_test_demo_run (RcScenario scenario, guint index, double slowdown_ms);
/* The same run booted in @engine ("webkit", "chromium", "firefox") at @version, named as
 * `measure --engine a,b` names it ("chromium/cold-1"); only WebKit runs keep the WebKitGTK
 * versions. */
RcRunRecord *rc_test_engine_run (const char *engine, const char *version, RcScenario scenario,
                                 guint index, double slowdown_ms);
/* A report of the three engines, each with a cold and a warm run, @step_ms apart per engine
 * (WebKit, then Chromium, then Firefox). */
RcMeasurement *rc_test_three_engines (double step_ms);

G_END_DECLS
