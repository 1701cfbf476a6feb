/* rc-chart-series.h: charts over every run of a report: the heap after each step (a line per
 * run, the web process RSS on a second axis, limits as reference lines) and the spread of
 * step times (median, min–max whiskers, a dot per run, outliers, the median run).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include "core/chart/rc-chart-model.h"

G_BEGIN_DECLS

#define RC_WASM32_HEAP_CEILING G_GINT64_CONSTANT (2147483648) /* 2 GiB: wasm32's address space */

/* @memory_limit_bytes: the community's memory_mb in bytes, -1 unknown. */
RcChartModel *rc_chart_heap_build (const RcMeasurement *report, gint64 memory_limit_bytes);
RcChartModel *rc_chart_runs_build (const RcMeasurement *report);

/* Tukey's fences over @n values: a value outside q1 − 1.5·IQR … q3 + 1.5·IQR is an outlier.
 * Fewer than 4 values have no outliers (the fences are −inf … inf). */
void rc_chart_fences (const double *values, guint n, double *low, double *high);

G_END_DECLS
