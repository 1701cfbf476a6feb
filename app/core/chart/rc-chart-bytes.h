/* rc-chart-bytes.h: bar charts of what a boot costs and how two reports differ.
 *
 * Bytes: per resource group (interpreter, each preload with its closure, each overlay wheel,
 * the host page) the wire bytes of the median run of every scenario, decoded size marked,
 * coloured by the group's verdict; the totals; a strip of requests by verdict per run.
 * Compare: two reports aligned by step key, median bars with min–max whiskers, the
 * difference and whether it is within noise; a banner when their environments differ.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include "core/chart/rc-chart-model.h"

G_BEGIN_DECLS

RcChartModel *rc_chart_bytes_build (const RcMeasurement *report);
/* @label_a, @label_b name the reports in the legend (NULL: "A", "B"). */
RcChartModel *rc_chart_compare_build_labelled (const RcMeasurement *a, const RcMeasurement *b,
                                               const char *label_a, const char *label_b);
RcChartModel *rc_chart_compare_build (const RcMeasurement *a, const RcMeasurement *b);

/* The verdict a group's bar is coloured by: failed, disagree, network, revalidated, cache
 * (the first that any of its resources has, in that order). */
RcVerdict rc_chart_group_verdict (const RcRunAnalysis *analysis, const char *group);

G_END_DECLS
