/* rc-boot-pane-private.h: the instance struct, shared by the pane's files, one per role:
 *   rc-boot-pane.c          the engine's lifecycle, the community, the settings rows
 *   rc-boot-pane-policy.c   the CSP editor and its analysis
 *   rc-boot-pane-runs.c     plans on the measure runner, the report, status line and tables
 *   rc-boot-pane-export.c   saving and opening reports
 *   rc-boot-pane-actions.c  the page's boot.* action group
 *   rc-boot-pane-probes.c   the seal audit and the Web Inspector
 *   rc-boot-pane-distribution.c  the Pyodide distribution (a release folder or live)
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtksourceview/gtksource.h>

#include "boot/rc-measure-runner.h"
#include "core/rc-csp.h"
#include "rc-boot-pane.h"
#include "rc-python-console.h"
#include "rc-charts-view.h"

G_BEGIN_DECLS

struct _RcBootPane
{
  GtkWidget parent_instance;

  /* Template widgets */
  AdwFlap *flap;
  GtkToggleButton *flap_toggle;
  AdwComboRow *preset_row;
  GtkSourceView *policy_view;
  GtkLabel *analysis_label;
  GtkListBox *findings_list;
  AdwComboRow *throttle_row;
  AdwComboRow *worker_row;
  AdwComboRow *deployment_row;
  GtkSpinButton *deadline_spin;
  GtkSwitch *control_switch;
  AdwActionRow *distribution_row;
  GtkLabel *control_label;
  GtkLabel *distribution_label;
  GtkImage *state_icon;
  GtkLabel *phase_label;
  GtkLabel *step_label;
  GtkLabel *elapsed_label;
  GtkProgressBar *progress_bar;
  GtkLabel *diagnosis_label;
  GtkWidget *diagnosis_scroller;
  GtkFrame *page_frame;
  GtkStack *results_stack;
  RcChartsView *charts;
  GtkColumnView *steps_view;
  GtkDropDown *run_dropdown;
  GtkLabel *headline_label;
  GtkLabel *requests_totals;
  GtkCheckButton *tunnels_check;
  GtkStack *steps_stack;
  GtkStack *requests_stack;
  GtkStack *violations_stack;
  GtkColumnView *requests_view;
  GtkColumnView *violations_view;
  RcPythonConsole *python_console;
  GtkListBox *audit_list;

  /* Owned */
  GSettings *settings;
  RcCommunity *community;
  RcServer *server;
  RcEngine *engine;
  GSimpleActionGroup *actions; /* boot.* */
  RcMeasureRunner *runner;     /* the plan in progress, NULL otherwise */
  GCancellable *cancellable;
  RcMeasurement *report;  /* every run of the current session or opened file, or NULL */
  char *report_source;    /* the file the report was opened from, or NULL */
  GtkStringList *run_ids; /* the run selector's items: report->runs' ids */
  char *boot_run_id;      /* of the boot in progress */
  guint boot_number, boot_total;
  gint64 boot_started_us;
  guint tick_id;
  GListStore *steps;
  GListStore *requests;
  GListStore *violations;
  GPtrArray *presets; /* RcCspPreset */
  GPtrArray *findings;
  int last_plan; /* RcBootPlanKind of the last plan, -1 none (reboot on change) */
  guint last_runs;
  GPtrArray *probes;         /* RcSealProbe of a running audit, NULL otherwise */
  GPtrArray *verdicts;       /* RcSealVerdict of the last audit, one per probe run */
  GPtrArray *audit_findings; /* the booted policy's analysis, for the audit */
  guint probe_index;
  guint audit_passed;
  guint analysis_id;
  guint engine_stale : 1;   /* the community was revalidated while the runtime was ready */
  guint session_booted : 1; /* a boot of this engine reached ready: there is a warm session */
  guint recycling : 1;      /* the plan in progress recycles the runtime after an execution */
};

typedef enum
{
  RC_BOOT_PLAN_COLD,
  RC_BOOT_PLAN_WARM,
  RC_BOOT_PLAN_COLD_WARM,
  RC_BOOT_PLAN_RUNS,
} RcBootPlanKind;

void _rc_boot_pane_update_actions (RcBootPane *self);
/* Hands the plan to a new RcMeasureRunner; @runs repetitions (RUNS only). */
void _rc_boot_pane_start_plan (RcBootPane *self, RcBootPlanKind kind, guint runs);
gboolean _rc_boot_pane_is_busy (RcBootPane *self);
/* Forgets every result: report, tables, status, console, audit (another community). */
void _rc_boot_pane_reset_results (RcBootPane *self);
/* The status line when nothing runs: ready to boot, or why it cannot. */
void _rc_boot_pane_show_idle_status (RcBootPane *self);
/* Shows the report's runs (selector, tables, headline). */
void _rc_boot_pane_show_report (RcBootPane *self);
void _rc_boot_pane_setup_runs (RcBootPane *self);
void _rc_boot_pane_setup_actions (RcBootPane *self);
void _rc_boot_pane_engine_progress (RcBootPane *self, JsonObject *message);
/* Emits ::toast with @text. */
void _rc_boot_pane_toast (RcBootPane *self, const char *text);
/* runtime.python.fetch_allow for the selected deployment, or NULL. */
GStrv _rc_boot_pane_dup_fetch_allow (RcBootPane *self);
/* The policy in the editor (stripped; NULL when empty) and its name for the record. */
char *_rc_boot_pane_dup_policy_text (RcBootPane *self);
const char *_rc_boot_pane_policy_name (RcBootPane *self, const char *policy);
void _rc_boot_pane_analyse (RcBootPane *self);
/* rc_csp_analyse() of @policy against this community's needs (RcCspFinding*), or NULL. */
GPtrArray *_rc_boot_pane_analyse_policy (RcBootPane *self, const char *policy);
/* Loads the presets, selects @preset (else nemarlike) and follows edits. */
void _rc_boot_pane_setup_policy (RcBootPane *self, const char *preset);
void _rc_boot_pane_dispose_runs (RcBootPane *self);
/* rc-boot-pane-export.c: the save and open dialogs. */
void _rc_boot_pane_ask_save (RcBootPane *self, RcExportFormat format);
void _rc_boot_pane_ask_open (RcBootPane *self);
/* The engine the next plan boots (a stale one rebuilt), or NULL: no runtime to boot. */
RcEngine *_rc_boot_pane_ensure_engine (RcBootPane *self);
void _rc_boot_pane_emit_boot_finished (RcBootPane *self, const RcRunRecord *record);
void _rc_boot_pane_emit_plan_finished (RcBootPane *self);

/* rc-boot-pane-distribution.c */
void _rc_boot_pane_setup_distribution (RcBootPane *self);
void _rc_boot_pane_show_distribution (RcBootPane *self);
void _rc_boot_pane_ask_distribution (RcBootPane *self);
/* The "distribution" setting is "live": the server reaches the real CDN and data hosts. */
gboolean _rc_boot_pane_wants_live (RcBootPane *self);
char *_rc_boot_pane_describe_distribution (RcBootPane *self);

G_END_DECLS
