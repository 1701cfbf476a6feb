/* rc-run-tables.h: run records as rows of the boot pane's tables, in one unit style.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gio/gio.h>

#include "core/record/rc-run-record.h"

G_BEGIN_DECLS

/* Each fills @store (RcTableItem) from its records, replacing what was there. */

/* Cold and warm side by side, one row per step key (cold order first, then warm-only):
 * step, what, cold duration, warm duration, heap (cold, else warm), heap growth, and a last,
 * hidden cell RC_RUN_TABLES_STEP_KEY_CELL with rc_run_step_key(). Either record may be NULL. */
#define RC_RUN_TABLES_STEP_KEY_CELL 6
void rc_run_tables_fill_steps (GListStore *store, const RcRunRecord *cold, const RcRunRecord *warm);
/* Every resource of @record with its verdict (cache hits included, from the analysis), then
 * requests no resource explains (CONNECT tunnels only when @show_tunnels):
 * file, verdict, step, start time, duration, wire bytes, decoded bytes, status, URL.
 * Returns the totals line ("12 resources · 5.5 MB (12.5 MB once decoded) · 10 network,
 * 2 cache") or NULL for no record. */
char *rc_run_tables_fill_requests (GListStore *store, const RcRunRecord *record,
                                   gboolean show_tunnels);
/* directive, blocked URI, source, time */
void rc_run_tables_fill_violations (GListStore *store, const RcRunRecord *record);

/* "Loading package numpy" for a worker progress message's phase and subject. */
char *rc_run_phase_describe (const char *phase, const char *package, const char *module);

G_END_DECLS
