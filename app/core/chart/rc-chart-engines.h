/* rc-chart-engines.h: a report's runs grouped by the engine that booted them (issue 13).
 *
 * `measure --engine webkit,chromium,firefox` puts the runs of every engine in one report (run
 * ids "chromium/cold-1", each record's environment naming its engine). The charts give each
 * engine a column of its own: the bytes and runs charts a row per engine under every group or
 * step, the timeline a lane per engine, each labelled with the engine and its version. A report
 * of one engine (also one written before engines were recorded, read as WebKit) is charted as
 * before.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

typedef struct
{
  const char *engine; /* "webkit", "chromium", "firefox" (borrowed from the report's runs) */
  char *label;        /* with its exact version: "Chromium 156.0.8078.114" */
  char *short_label;  /* with its major version, for row labels: "Chromium 156" (WebKitGTK's
                       * minor too: "WebKitGTK 2.50") */
  GArray *medians;    /* int: this engine's median run of each scenario it booted, in the
                       * report's scenario order, as indices into report->runs */
  GArray *scenarios;  /* RcScenario of each of medians */
} RcChartEngine;

/* The engine that booted @run: "webkit" for records that do not say. */
const char *rc_chart_run_engine (const RcRunRecord *run);
/* "WebKitGTK", "Chromium", "Firefox" (product names, not translated); @engine otherwise. */
const char *rc_chart_engine_name (const char *engine);

/* Each engine of @report once, in the order its first run booted (RcChartEngine *); empty for
 * a report without runs. */
GPtrArray *rc_chart_engines (const RcMeasurement *report);
/* The engine of @engines that booted @run, or NULL. */
const RcChartEngine *rc_chart_engines_find (GPtrArray *engines, const RcRunRecord *run);
/* The most scenarios any engine booted (the slots of an engine's row). */
guint rc_chart_engines_max_scenarios (GPtrArray *engines);
/* @run is the median run of its scenario in its engine. */
gboolean rc_chart_engines_is_median (GPtrArray *engines, guint run);

G_END_DECLS
