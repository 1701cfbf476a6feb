/* rc-charts.h: the chart of a kind, built by its builder. The dispatcher sits above the
 * model and the builders that produce into it, so the model knows none of them (issue 22). */
#pragma once

#include "core/chart/rc-chart-model.h"

G_BEGIN_DECLS

/* The chart of @kind for @report; @other is the second report (compare only, may be NULL:
 * then compare shows its empty state). @memory_limit_bytes is the community's memory_mb
 * (heap only; -1 unknown). Never NULL. */
RcChartModel *rc_chart_model_build (RcChartKind kind, const RcMeasurement *report,
                                    const RcMeasurement *other, gint64 memory_limit_bytes);

G_END_DECLS
