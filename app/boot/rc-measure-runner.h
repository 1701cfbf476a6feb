/* rc-measure-runner.h: runs measurement scenarios on an RcEngine into an RcMeasurement.
 *
 * One repetition boots, in this order, whichever of the chosen scenarios apply:
 *   cold           a new network session with empty data and cache dirs (engine COLD mode);
 *                  always booted, also when only warm scenarios were chosen, because every
 *                  warm scenario needs it first (it is then a priming boot, not a run);
 *   warm           the same session and view, the page loaded again (WARM);
 *   warm-restart   the same cache dirs, a new session, view and web process (WARM_RESTART);
 *   changed-wheel  warm, with the first overlay wheel served under a new file name (a build
 *                  tag added, as a rebuilt release would be): only that wheel may go back to
 *                  the network.
 * So each cold run has its own fresh session. Records get the run ids "<scenario>-<n>" and
 * the request log entries of their boot.
 */
#pragma once

#include "boot/rc-engine.h"
#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

#define RC_MEASURE_ERROR (rc_measure_error_quark ())
GQuark rc_measure_error_quark (void);

typedef enum
{
  RC_MEASURE_ERROR_NO_OVERLAY_WHEEL, /* changed-wheel, but the community has no overlay wheel */
  RC_MEASURE_ERROR_NO_SCENARIO,      /* nothing to run */
} RcMeasureError;

#define RC_TYPE_MEASURE_RUNNER (rc_measure_runner_get_type ())
G_DECLARE_FINAL_TYPE (RcMeasureRunner, rc_measure_runner, RC, MEASURE_RUNNER, GObject)

/* Properties: "engine" (RcEngine, construct-only), "runs" (uint, repetitions, default 1).
 * Signals:
 *   "boot-started" (const char *run_id, guint number, guint total): boot @number of @total
 *     starts; @run_id is "prime-<n>" for a priming cold boot that is not a run;
 *   "run-finished" (RcRunRecord *record): a run was recorded (not emitted for priming);
 *   "control-finished" (RcControl *control): the control boot ended (its run is set). */
RcMeasureRunner *rc_measure_runner_new (RcEngine *engine);

RcEngine *rc_measure_runner_get_engine (RcMeasureRunner *self);
void rc_measure_runner_set_runs (RcMeasureRunner *self, guint runs);
guint rc_measure_runner_get_runs (RcMeasureRunner *self);
/* An array of RcScenario (rc_scenarios_parse()); the order given does not matter. */
void rc_measure_runner_set_scenarios (RcMeasureRunner *self, GArray *scenarios);

/* The overlay wheel changed-wheel renames, and the name it gets in repetition @n (a build
 * tag: "demo_helpers-0.1.1-py3-none-any.whl" → "demo_helpers-0.1.1-1-py3-none-any.whl").
 * NULL when the community has no overlay wheel. */
char *rc_measure_runner_pick_wheel (RcCommunity *community);
char *rc_measure_wheel_new_name (const char *file_name, guint n);

/* After the runs, one control boot (rc-control.h): cold, under the policy under test minus
 * 'wasm-unsafe-eval' (or OSA's control preset), with a deadline derived from the runs; its
 * record goes to the measurement's control, and "control-finished" (RcControl *) is emitted.
 * Default TRUE. */
/* The snapshot scenarios' snapshot (rc-snapshot-maker.h): made by the first run that needs
 * it unless given here (one snapshot for several engines); copied. */
void rc_measure_runner_set_snapshot (RcMeasureRunner *self, const RcSnapshot *snapshot);
const RcSnapshot *rc_measure_runner_get_snapshot (RcMeasureRunner *self);

void rc_measure_runner_set_control (RcMeasureRunner *self, gboolean control);
gboolean rc_measure_runner_get_control (RcMeasureRunner *self);
/* Boots the control on @engine (the same community and server) instead of the measured one,
 * which keeps the session and the ready runtime of the last run: the window's console goes on
 * working in it, and a later warm boot is warm from the runs, not from the control. NULL (the
 * default, as `measure` runs it): the measured engine boots the control too. */
void rc_measure_runner_set_control_engine (RcMeasureRunner *self, RcEngine *engine);

/* Continues @report (NULL: a new report, the default): run numbers follow the ones @report
 * already holds per scenario ("warm-3" after "warm-2"), and the first repetition boots no
 * priming cold before its warm scenarios, because the engine's session is the one @report's
 * last run booted. @report is only read; the new runs are still returned in a new
 * measurement. The window uses it for Boot Warm after an earlier boot. */
void rc_measure_runner_set_continuation (RcMeasureRunner *self, const RcMeasurement *report);

/* Boots every run. A boot that FAILED is still a run of the measurement (see its outcome);
 * the GError is for a boot that could not be attempted, or a cancellation. */
void rc_measure_runner_run_async (RcMeasureRunner *self, GCancellable *cancellable,
                                  GAsyncReadyCallback callback, gpointer user_data);
RcMeasurement *rc_measure_runner_run_finish (RcMeasureRunner *self, GAsyncResult *result,
                                             GError **error);

G_END_DECLS
