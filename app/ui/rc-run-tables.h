/* rc-run-tables.h: an RcRunRecord as rows of the boot pane's tables.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gio/gio.h>

#include "core/rc-run-record.h"

G_BEGIN_DECLS

/* Each fills @store (RcTableItem) from @record, replacing what was there. */
/* step, what, duration, heap, heap growth */
void rc_run_tables_fill_steps (GListStore *store, const RcRunRecord *record);
/* URL, origin, status, bytes, verdict (from rc_run_analyse) */
void rc_run_tables_fill_requests (GListStore *store, const RcRunRecord *record);
/* directive, blocked URI, source, time */
void rc_run_tables_fill_violations (GListStore *store, const RcRunRecord *record);

/* "Loading package numpy" for a worker progress message's phase and subject. */
char *rc_run_phase_describe (const char *phase, const char *package, const char *module);

G_END_DECLS
