/* rc-chart-timeline.h: the boot timeline (a waterfall, as WebPageTest draws one).
 *
 * One row per boot step on a shared worker-clock axis, each bar at its real start; under the
 * interpreter step its sub-phases (downloads, wasm, python-init with python-startup and
 * python-imports under it, and under those the slowest imports from -X importtime, when the
 * run has them); under every step the
 * requests attributed to it, coloured by verdict. Two runs share each row (cold above warm),
 * aligned by step key and file name. A failed run draws up to where it failed and marks it.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include "core/chart/rc-chart-model.h"

G_BEGIN_DECLS

/* @a, @b: indices into report->runs; -1 picks the median run of the first scenario for @a
 * and of the second for @b (no second run when there is one scenario). */
RcChartModel *rc_chart_timeline_build (const RcMeasurement *report, int a, int b);

/* The worker-clock time a run ended (ready or failed): ready_ms, else the latest step end,
 * request end or sub-phase end; 0 when nothing is known. */
double rc_chart_run_end_ms (const RcRunRecord *run);

G_END_DECLS
