/* rc-test-records.h: realistic synthetic run records of the demo community, built in code. */
#pragma once

#include "core/rc-run-record.h"

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

G_END_DECLS
