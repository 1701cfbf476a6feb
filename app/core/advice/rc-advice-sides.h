/* rc-advice-sides.h: a side's boots (the baseline's, a variant's, the advised result's) as
 * advise reads them: one measurement gathering a run per round, its ready cold boots, its
 * wire bytes. */
#pragma once

#include "core/analysis/rc-run-stats.h"
#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

/* The median wire bytes of @m's ready runs (all of one scenario: cold, or snapshot), -1
 * unknown. */
double rc_advice_side_bytes (const RcMeasurement *m);
/* The ready runs' boot_ms; every run's id into @ids (replaced); the first failure, "cold-2:
 * message (kind)", into @failure (may be NULL; set only when still NULL). */
RcStat rc_advice_side_stat (const RcMeasurement *m, GStrv *ids, char **failure);
/* Moves @m's runs (taken, @m freed) to the end of *@into (NULL: @m becomes it), each named
 * by @round: "cold-2". */
void rc_advice_side_merge_round (RcMeasurement **into, RcMeasurement *m, guint round);
/* Each run's boot_ms in order, NAN where it did not get ready (@m NULL: none). */
GArray *rc_advice_side_rounds (const RcMeasurement *m);

G_END_DECLS
