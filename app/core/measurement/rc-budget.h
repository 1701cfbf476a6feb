/* rc-budget.h: budgets a report must meet (`measure --budget`). */
#pragma once

#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

/* Budgets: "boot_ms=9000", "cold_bytes=40MB", "heap_mb=200". Units: B, KB, MB (10^3, 10^6
 * bytes, as the seed document's figures are), ms, s. Keys:
 *  boot_ms     median cold boot time (all runs when there is no cold run)
 *  warm_ms     median warm boot time
 *  cold_bytes  median bytes over the network (wire bytes, still encoded) of a cold run
 *  warm_bytes  the same for a warm run
 *  cold_decoded_bytes, warm_decoded_bytes  the same once decoded (not measured when a run's
 *              decoded size is unknown, e.g. in a report written before they existed)
 *  heap_mb     median heap after boot (MB = 10^6 bytes)
 *  rss_mb      median web process RSS after boot */
typedef struct
{
  char *key;
  double limit; /* in the key's base unit: ms, bytes or MB */
  char *text;   /* as given */
} RcBudget;

#define RC_BUDGET_ERROR (rc_budget_error_quark ())
GQuark rc_budget_error_quark (void);

RcBudget *rc_budget_parse (const char *text, GError **error);
void rc_budget_free (RcBudget *self);
/* Parses every "--budget" value; each may hold several budgets separated by spaces or commas
 * ("boot_ms=9000 cold_bytes=40MB"). Returns a GPtrArray of RcBudget, or NULL and the first
 * error. */
GPtrArray *rc_budgets_parse (const char *const *texts, GError **error);

typedef struct
{
  char *key;
  double figure;
  double limit;
  gboolean measured; /* FALSE when no run gave the figure: counts as exceeded */
  char *message;     /* "boot_ms: 9812 ms exceeds the budget of 9000 ms" */
} RcBudgetResult;

void rc_budget_result_free (RcBudgetResult *self);
/* One result per exceeded (or unmeasurable) budget; empty when all are met. */
GPtrArray *rc_measurement_check_budgets (const RcMeasurement *self, GPtrArray *budgets);
/* The figure a budget key measures, or FALSE when the report cannot give it. */
gboolean rc_measurement_figure (const RcMeasurement *self, const char *key, double *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcBudget, rc_budget_free)

G_END_DECLS
