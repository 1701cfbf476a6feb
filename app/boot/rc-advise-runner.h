/* rc-advise-runner.h: `advise`'s experiments, run (issue 20 §4).
 *
 * Boots the community cold @runs times (the baseline, with -X importtime so the preload
 * ledger has import times), measures the ledger from the median run, then runs every
 * experiment of rc-advise-experiments.h that applies: each change it proposes to boot is
 * booted @runs times cold from a temporary copy of the community folder with the change's
 * edit applied (the user's folder is never written; the copy is removed after), and its
 * saving computed against the baseline (rc-advice.h). With set_advised (TRUE), every proven
 * change is then applied at once and booted @runs times more: the advised result, which the
 * caller can check budgets on (rc_advise_runner_get_advised()).
 *
 * Every engine comes from the caller's RcAdviseEngineFunc, so the CLI and the window show
 * and configure them their way.
 */
#pragma once

#include "boot/rc-advise-experiments.h"

G_BEGIN_DECLS

#define RC_TYPE_ADVISE_RUNNER (rc_advise_runner_get_type ())
G_DECLARE_FINAL_TYPE (RcAdviseRunner, rc_advise_runner, RC, ADVISE_RUNNER, GObject)

/* Signals: "message" (const char *line): progress, one line for every boot and step. */
RcAdviseRunner *rc_advise_runner_new (RcCommunity *community, RcAdviseEngineFunc engine_func,
                                      gpointer engine_data, GDestroyNotify engine_destroy);
void rc_advise_runner_set_runs (RcAdviseRunner *self, guint runs); /* default 3, at least 1 */
void rc_advise_runner_set_model_delay (RcAdviseRunner *self, double model_delay_ms);
/* Boot the advised result too (default FALSE). */
void rc_advise_runner_set_advised (RcAdviseRunner *self, gboolean advised);
/* The version experiment: also boot the community under Pyodide @version (a distribution
 * rc_paths_distribution_for() finds; NULL: no such experiment, the default). */
void rc_advise_runner_set_candidate (RcAdviseRunner *self, const char *version);

/* The advice comes back also when variant boots failed (their changes say so), and when no
 * baseline boot got ready (then with the ledger the locks give, no change, and a note
 * saying why: base_boot.n is 0); a GError when an engine could not be made, or on
 * cancellation. */
void rc_advise_runner_run_async (RcAdviseRunner *self, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer user_data);
RcAdvice *rc_advise_runner_run_finish (RcAdviseRunner *self, GAsyncResult *result, GError **error);

/* After a run: the baseline's and the advised result's measurements (NULL when not booted);
 * owned by the runner. */
RcMeasurement *rc_advise_runner_get_baseline (RcAdviseRunner *self);
RcMeasurement *rc_advise_runner_get_advised (RcAdviseRunner *self);
/* The boots of the variant of the change with @change_id (RcAdviceChange.id), NULL when it
 * was not booted; owned by the runner. */
RcMeasurement *rc_advise_runner_get_variant (RcAdviseRunner *self, const char *change_id);

G_END_DECLS
