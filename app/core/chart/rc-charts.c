/* rc-charts.c: rc_chart_model_build, the one place that knows every chart builder. */
#include "config.h"

#include "core/chart/rc-chart-bytes.h"
#include "core/chart/rc-chart-series.h"
#include "core/chart/rc-chart-timeline.h"
#include "core/chart/rc-charts.h"
#include "core/chart/rc-reader-waits.h"

RcChartModel *
rc_chart_model_build (RcChartKind kind, const RcMeasurement *report, const RcMeasurement *other,
                      gint64 memory_limit_bytes)
{
  switch (kind)
    {
    case RC_CHART_TIMELINE:
      {
        RcChartModel *model = rc_chart_timeline_build (report, -1, -1);

        rc_reader_waits_attach (model, report);
        return model;
      }
    case RC_CHART_HEAP:
      return rc_chart_heap_build (report, memory_limit_bytes);
    case RC_CHART_BYTES:
      return rc_chart_bytes_build (report);
    case RC_CHART_RUNS:
      return rc_chart_runs_build (report);
    case RC_CHART_COMPARE:
      return rc_chart_compare_build (report, other);
    case RC_CHART_N_KINDS:
    default:
      g_return_val_if_reached (NULL);
    }
}
