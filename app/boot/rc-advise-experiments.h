/* rc-advise-experiments.h: the experiments `advise` runs, as a table of entries with one
 * interface (issue 20 §4):
 *
 *   applies (ctx, &why_not)   whether it has anything to try on this community
 *   propose (ctx) async       the candidate changes (RcAdviceChange), each with its config
 *                             edit; a change with booted TRUE is then proven by the runner
 *                             (variant boots from a temporary copy with the edit applied);
 *                             one with booted FALSE comes back with its figures already
 *                             computed (preload_on: the model over the baseline boots)
 *
 * So a `snapshot` or a `version` experiment is one more entry: its applies, and a propose
 * that returns changes to boot.
 */
#pragma once

#include "boot/rc-engine.h"
#include "core/advice/rc-advice.h"
#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

/* Creates the engine a side boots in for @community, configured (policy, engine kind,
 * deadline, importtime) and shown where the caller keeps its view; a new reference. */
typedef RcEngine *(*RcAdviseEngineFunc) (RcCommunity *community, gpointer data, GError **error);

typedef void (*RcAdviseSayFunc) (const char *line, gpointer data);

typedef struct
{
  RcCommunity *community;  /* the baseline: the user's folder, never written */
  RcAdvice *advice;        /* the ledger and the baseline boots are in it */
  RcMeasurement *baseline; /* the baseline's runs */
  RcAdviseEngineFunc engine_func;
  gpointer engine_data;
  RcAdviseSayFunc say; /* progress, one line at a time */
  gpointer say_data;
  const char *candidate; /* the Pyodide version to rehearse an upgrade to, or NULL */
} RcAdviseContext;

typedef struct
{
  const char *id; /* "preload", "seal", "preload-on", "snapshot", "version" */
  gboolean (*applies) (RcAdviseContext *ctx, char **why_not);
  void (*propose_async) (RcAdviseContext *ctx, GCancellable *cancellable,
                         GAsyncReadyCallback callback, gpointer user_data);
  /* A GPtrArray of RcAdviceChange (maybe empty), or NULL with an error. */
  GPtrArray *(*propose_finish) (RcAdviseContext *ctx, GAsyncResult *result, GError **error);
} RcAdviseExperiment;

/* The table, in the order a tie in the ranking keeps. */
const RcAdviseExperiment *rc_advise_experiments (guint *n_experiments);

/* The ledger of @community's preload (NULL when it has no runtime.python or no distribution
 * lock), before any boot: the boots' bytes and times are added to it. */
RcPreloadLedger *rc_advise_ledger (RcCommunity *community);
/* The community's runtime.python.preload_on (its default first_run when unset). */
RcPreloadOn rc_advise_preload_on (RcCommunity *community);
gboolean rc_preload_on_from_string (const char *text, RcPreloadOn *out);

G_END_DECLS
