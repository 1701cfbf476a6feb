/* rc-boot-results.h: the Boot page's tabs: the steps of the selected run beside its other
 * scenario (with the charts of the whole report), its requests with their verdicts and totals,
 * its policy violations, and the Python console and seal audit of the booted runtime; above
 * them the run selector and the headline figure per scenario.
 *
 * The report is the pane's: it is handed in with rc_boot_results_set_report() and borrowed
 * until the next call (the pane sets it again, or NULL, before it frees it).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "core/measurement/rc-measurement.h"
#include "rc-python-console.h"
#include "rc-seal-audit.h"

G_BEGIN_DECLS

#define RC_TYPE_BOOT_RESULTS (rc_boot_results_get_type ())
G_DECLARE_FINAL_TYPE (RcBootResults, rc_boot_results, RC, BOOT_RESULTS, GtkWidget)

/* Properties: "page" (string: "steps", "requests", "violations", "python", "audit"),
 * "selected-run" (string, read-only: the run id the tables show, or NULL),
 * "show-tunnels" (boolean: CONNECT tunnel rows in the Requests table). */
GtkWidget *rc_boot_results_new (void);

/* Shows @report's runs (NULL: the empty states), the newest selected; @source is the file it
 * was opened from (its name heads the headline), or NULL. */
void rc_boot_results_set_report (RcBootResults *self, const RcMeasurement *report,
                                 const char *source);
/* While a boot runs: its steps so far in the cold or the warm column (both NULL: empty). */
void rc_boot_results_show_live_steps (RcBootResults *self, const RcRunRecord *cold,
                                      const RcRunRecord *warm);
/* While a boot runs: its violations so far. */
void rc_boot_results_show_live_violations (RcBootResults *self, const RcRunRecord *record);
/* Shows run @run_id of the report in the tables; FALSE when there is none. */
gboolean rc_boot_results_select_run (RcBootResults *self, const char *run_id);
const char *rc_boot_results_get_selected_run (RcBootResults *self);

void rc_boot_results_set_page (RcBootResults *self, const char *page);
const char *rc_boot_results_get_page (RcBootResults *self);

/* Rows of the step table (RcTableItem: step, what, cold, warm, heap, growth). */
GListModel *rc_boot_results_get_steps (RcBootResults *self);
/* Rows of the Requests table (RcTableItem: file, verdict, step, start, duration, wire,
 * decoded, status, URL). */
GListModel *rc_boot_results_get_requests (RcBootResults *self);
/* Selects the step table's row for @step_key (what a chart mark's ::step-activated carries),
 * shows the Steps tab and scrolls to it; FALSE, and nothing selected, when no row has it. */
gboolean rc_boot_results_select_step (RcBootResults *self, const char *step_key);
guint rc_boot_results_get_selected_step (RcBootResults *self);

RcPythonConsole *rc_boot_results_get_console (RcBootResults *self);
RcSealAudit *rc_boot_results_get_seal_audit (RcBootResults *self);

G_END_DECLS
