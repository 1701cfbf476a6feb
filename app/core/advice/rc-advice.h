/* rc-advice.h: `runtime-console advise`'s result: the changes an experiment proposes, each
 * with the boots that prove it, the config edit and the saving's noise band, ranked by the
 * reader's wait they save (issue 20 §4).
 *
 * The arithmetic, for a change measured as baseline runs B (cold boots, ms) and variant runs
 * V, under the community's preload_on and the model's first turn M (rc-preload-sim.h):
 *   boot saving      booted interleaved (B1 V1 B2 V2 …): the median of the paired
 *                    differences B[i] - V[i], its noise band their min … max
 *   reader saving    the same over wait (on, M, B[i]) - wait (on, M, V[i])
 *   verdict          proven when the band's low end is above 0 (the variant won every
 *                    round), noise when only the median saves, worse when it does not,
 *                    failed when a variant run did not get ready
 * A preload_on change boots no variant: its figures are the model's over the baseline runs.
 * Ranked by reader saving, then boot saving, then the experiment's order; failed last.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "core/base/rc-fix.h"
#include "core/advice/rc-preload-ledger.h"
#include "core/analysis/rc-preload-sim.h"
#include "core/analysis/rc-run-stats.h"

G_BEGIN_DECLS

#define RC_ADVICE_SCHEMA  "runtime-console/advice"
#define RC_ADVICE_VERSION 1

typedef enum
{
  RC_ADVICE_PROVEN,
  RC_ADVICE_NOISE,
  RC_ADVICE_WORSE,
  RC_ADVICE_FAILED,
} RcAdviceVerdict;

const char *rc_advice_verdict_to_string (RcAdviceVerdict verdict); /* "proven", … */

typedef struct
{
  double median, lo, hi; /* ms; the band's ends */
} RcSaving;

typedef struct
{
  char *experiment; /* the table entry that proposed it: "preload", "seal", "preload-on" */
  char *id;         /* unique in the advice: "drop:ledger-archive" */
  char *title;      /* translated: "Drop ledger-archive from preload" */
  char *caveat;     /* translated, or NULL */
  GPtrArray *fixes; /* RcFix, resolved against the baseline's config.yaml, not overlapping */
  gboolean booted;  /* variant runs were booted (FALSE: the model alone, preload_on) */
  /* How a variant boots: cold, or cold from the snapshot experiment's memory snapshot (a
   * change to how the runtime is served, with no config edit) */
  RcScenario scenario;
  /* The Pyodide version a variant boots (a rehearsed upgrade, advise --candidate), NULL the
   * baseline's */
  char *pyodide;
  RcStat variant_boot;
  double variant_bytes;   /* median wire bytes of the variant's ready runs; -1 unknown */
  double bytes_saving;    /* baseline's median wire bytes minus the variant's; 0 unknown */
  GStrv variant_runs;     /* run ids of the variant boots */
  char *failure;          /* why a variant run failed, or NULL */
  RcPreloadOn preload_on; /* the preload_on the reader saving is computed under */
  RcSaving boot_saving;
  RcSaving reader_saving;
  RcAdviceVerdict verdict;
} RcAdviceChange;

RcAdviceChange *rc_advice_change_new (const char *experiment, const char *id, const char *title);
void rc_advice_change_free (RcAdviceChange *self);
/* Takes @fix (resolved). */
void rc_advice_change_add_fix (RcAdviceChange *self, RcFix *fix);
/* @text with every fix applied (from the last in the file to the first, so each fix's bytes
 * stay valid): a new string, or NULL when a fix does not fit @len. */
char *rc_advice_change_apply (const RcAdviceChange *self, const char *text, gsize len);

/* The change's edits as one fix (resolved against @text): the span from the first edit's
 * start to the last one's end, replaced by what the edits make of it, so the window applies
 * it as one undoable action. NULL when the edits do not fit @text. */
RcFix *rc_advice_change_to_fix (const RcAdviceChange *self, const char *text, gsize len);

/* Whether the change's savings have a band: more than one boot a side (a band from one pair,
 * or from one baseline boot for a model change, is a single figure, its ends equal). */
gboolean rc_advice_change_has_band (const RcAdviceChange *self);

typedef struct
{
  char *community;
  char *engine;
  char *config_sha256;
  RcPreloadOn preload_on; /* the community's */
  double model_delay_ms;
  guint runs;              /* per side */
  RcStat base_boot;        /* cold boot_ms of the baseline */
  double base_bytes;       /* median wire bytes of its ready runs; -1 unknown */
  GStrv base_runs;         /* their run ids */
  RcPreloadLedger *ledger; /* NULL when the community preloads nothing */
  GPtrArray *changes;      /* RcAdviceChange, ranked once rc_advice_rank() ran */
  GPtrArray *notes;        /* char *: experiments that did not apply, and why */
  /* The control: a copy of the baseline with no edit, booted in the rounds as a variant.
   * Its "saving" is what a change with no effect shows on this machine in this run (first
   * boot of the process, order, load); NULL when it was not booted. */
  RcAdviceChange *control;
  /* --budget: the advised result (every proven change at once), booted; NULL otherwise */
  RcStat advised_boot;
  GStrv advised_runs;
} RcAdvice;

RcAdvice *rc_advice_new (const char *community, const char *engine);
void rc_advice_free (RcAdvice *self);
void rc_advice_add_note (RcAdvice *self, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* A change's savings and verdict from the baseline's and its variant's cold boots (in ms;
 * a variant with n 0 never got ready: failed). Bytes come from the members already set
 * (variant_bytes, the advice's base_bytes) through rc_advice_change_set_bytes(). */
void rc_advice_change_measure (RcAdviceChange *self, const RcStat *base, const RcStat *variant,
                               RcPreloadOn on, double model_delay_ms);
/* The same from interleaved rounds: @base[i] and @variant[i] booted in round i, one after
 * the other (NAN: not ready). The savings are the median and the min … max of the paired
 * differences base[i] - variant[i], so a drift of the machine's load between rounds cancels. */
void rc_advice_change_measure_paired (RcAdviceChange *self, const double *base,
                                      const double *variant, guint rounds, RcPreloadOn on,
                                      double model_delay_ms);
void rc_advice_change_set_bytes (RcAdviceChange *self, double base_bytes, double variant_bytes);
/* A preload_on change to @to, from the baseline boots alone. */
void rc_advice_change_model (RcAdviceChange *self, const RcStat *base, RcPreloadOn from,
                             RcPreloadOn to, double model_delay_ms);
/* Takes @control (booted and measured like a change): a booted change is proven only when
 * its band lies above the control's too (lo > the control's hi); one that beat the baseline
 * by no more than the control did becomes noise. */
void rc_advice_set_control (RcAdvice *self, RcAdviceChange *control);
/* Orders the changes as the header says. */
void rc_advice_rank (RcAdvice *self);
/* The changes whose verdict is proven, in rank order (borrowed). */
GPtrArray *rc_advice_proven (const RcAdvice *self);

/* data/schema/advice-v1.schema.json */
JsonNode *rc_advice_to_json (const RcAdvice *self);
/* What `advise` prints. A new string. */
char *rc_advice_format (const RcAdvice *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcAdviceChange, rc_advice_change_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcAdvice, rc_advice_free)

G_END_DECLS
