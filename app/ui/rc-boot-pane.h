/* rc-boot-pane.h: boot the community's runtime under a chosen CSP, and look inside.
 *
 * Every boot is a plan handed to the RcMeasureRunner `measure` uses; the page holds the
 * resulting report (RcMeasurement, what `measure --json` writes) and saves it with the
 * CLI's writers. Its actions are in its own group (rc_boot_pane_get_actions()), which the
 * window inserts as "boot": boot.cold, boot.warm, boot.cold-warm, boot.runs, boot.stop,
 * boot.seal-audit, boot.inspector, boot.save-json, boot.save-har, boot.save-markdown,
 * boot.open-report, boot.save-bundle, and the stateful boot.engine ("webkit", "chromium",
 * "firefox": the "engine" setting the sidebar's Engine row shows; every boot, the control boot
 * and the console run in it, and one that is not installed boots nothing in its place).
 *
 * The page is one composite widget per role (RcBootSettings, RcBootControls, RcBootStatus,
 * RcBootResults with RcPythonConsole and RcSealAudit); the pane owns the engine, the runner
 * and the report and hands each widget what it shows. With the control boot on, the control
 * boots on an engine of its own, so the runs' runtime stays ready for the console.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>

#include "boot/rc-engine.h"
#include "core/model/rc-community.h"
#include "core/measurement/rc-measurement.h"
#include "core/export/rc-export-text.h"

G_BEGIN_DECLS

#define RC_TYPE_BOOT_PANE (rc_boot_pane_get_type ())
G_DECLARE_FINAL_TYPE (RcBootPane, rc_boot_pane, RC, BOOT_PANE, GtkWidget)

/* Another community (or a runtime.python that changed) resets every result and gets a new
 * engine; a revalidation that leaves the runtime as it was keeps them. */
void rc_boot_pane_set_community (RcBootPane *self, RcCommunity *community);
/* The community the page boots: the folder and config.yaml text the window validated. */
RcCommunity *rc_boot_pane_get_community (RcBootPane *self);
GActionGroup *rc_boot_pane_get_actions (RcBootPane *self);

void rc_boot_pane_boot_cold (RcBootPane *self);
/* Warm from the current session; with none, offers Cold + Warm instead. */
void rc_boot_pane_boot_warm (RcBootPane *self);
void rc_boot_pane_boot_cold_warm (RcBootPane *self);
/* Asks how many cold + warm pairs to run, then runs them. */
void rc_boot_pane_ask_runs (RcBootPane *self);
void rc_boot_pane_run_pairs (RcBootPane *self, guint n);
/* Runs the last boot plan again (reboot on change). */
void rc_boot_pane_reboot (RcBootPane *self);
void rc_boot_pane_stop (RcBootPane *self);
void rc_boot_pane_show_inspector (RcBootPane *self);
void rc_boot_pane_seal_audit (RcBootPane *self);

/* The report of this session's runs (or of an opened file), or NULL. */
const RcMeasurement *rc_boot_pane_get_report (RcBootPane *self);
/* Writes the report with rc_measurement_write(), as `measure --json/--har/--markdown`. */
gboolean rc_boot_pane_save_report (RcBootPane *self, RcExportFormat format, GFile *file,
                                   GError **error);
/* Writes the reproduction bundle `runtime-console bundle DIR -o FILE --report` writes for the
 * page's report and the policy it ran under, in a thread; fails (G_IO_ERROR_NOT_FOUND) without
 * a report and (RC_BUNDLE_ERROR_FOLDER) for a @file inside the community folder.
 * boot.save-bundle does the same with a path as its parameter ("" asks with a file dialog)
 * and toasts the outcome. */
void rc_boot_pane_save_bundle_async (RcBootPane *self, GFile *file, GCancellable *cancellable,
                                     GAsyncReadyCallback callback, gpointer user_data);
gboolean rc_boot_pane_save_bundle_finish (RcBootPane *self, GAsyncResult *result, GError **error);
/* Shows a saved report instead of this session's runs. */
gboolean rc_boot_pane_open_report (RcBootPane *self, GFile *file, GError **error);
/* Shows run @run_id of the report in the tables; FALSE when there is none. */
gboolean rc_boot_pane_select_run (RcBootPane *self, const char *run_id);

/* Selects a CSP preset by name ("nemarlike", "control", "none"); FALSE when unknown. */
gboolean rc_boot_pane_select_preset (RcBootPane *self, const char *name);
RcEngine *rc_boot_pane_get_engine (RcBootPane *self);
/* Rows of the step table (RcTableItem: step, what, cold, warm, heap, growth). */
GListModel *rc_boot_pane_get_steps (RcBootPane *self);
/* The distribution boots use, as `boot --distribution DIR` / `--live` choose it: a Pyodide
 * release folder, "live", or ""/NULL for the bundled npm distribution (the "distribution"
 * setting; the window loads the community against it). boot.set-distribution does the same. */
void rc_boot_pane_set_distribution (RcBootPane *self, const char *choice);
/* The status card's lines: "Distribution: …", and the control's outcome ("" when none ran). */
const char *rc_boot_pane_get_distribution_text (RcBootPane *self);
const char *rc_boot_pane_get_control_text (RcBootPane *self);
/* Selects the step table's row for @step_key (rc_run_step_key(), what a chart mark's
 * ::step-activated carries) and scrolls to it; FALSE, and nothing selected, when no row has it. */
gboolean rc_boot_pane_select_step (RcBootPane *self, const char *step_key);
/* The step table's selected row, or GTK_INVALID_LIST_POSITION. */
guint rc_boot_pane_get_selected_step (RcBootPane *self);
/* Rows of the Requests table (RcTableItem: file, verdict, step, start, duration, wire,
 * decoded, status, URL). */
GListModel *rc_boot_pane_get_requests (RcBootPane *self);
/* The status line and diagnosis as shown. */
char *rc_boot_pane_dup_outcome_text (RcBootPane *self);
/* The CSP findings shown under the policy editor (RcCspFinding*), or NULL. */
GPtrArray *rc_boot_pane_get_findings (RcBootPane *self);

/* RcSealVerdict of the last seal audit, in probe order (rc_seal_probes_new()), or NULL. */
GPtrArray *rc_boot_pane_get_audit_verdicts (RcBootPane *self);

G_END_DECLS
