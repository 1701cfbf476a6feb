/* rc-boot-pane-private.h: the instance struct, shared by the pane's files. The page's widgets
 * are composites of their own (rc-boot-settings, rc-boot-controls, rc-boot-status,
 * rc-boot-results with rc-python-console and rc-seal-audit); these files are the pane's
 * code, one per role, which owns the engine, the runner and the report:
 *   rc-boot-pane.c          the engine's lifecycle, the community, the widgets' wiring
 *   rc-boot-pane-policy.c   the CSP editor and its analysis
 *   rc-boot-pane-runs.c     plans on the measure runner, the report, status line and tables
 *   rc-boot-pane-export.c   saving and opening reports
 *   rc-boot-pane-bundle.c   saving the report as a reproduction bundle
 *   rc-boot-pane-actions.c  the page's boot.* action group
 *   rc-boot-pane-probes.c   the seal audit and the Web Inspector
 *   rc-boot-pane-distribution.c  the Pyodide distribution (a release folder or live)
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtksourceview/gtksource.h>

#include "boot/rc-measure-runner.h"
#include "core/policy/rc-csp.h"
#include "core/export/rc-export-text.h"
#include "rc-boot-controls.h"
#include "rc-boot-pane.h"
#include "rc-boot-results.h"
#include "rc-boot-settings.h"
#include "rc-boot-status.h"

G_BEGIN_DECLS

struct _RcBootPane
{
  GtkWidget parent_instance;

  /* Template widgets, one per role */
  AdwFlap *flap;
  RcBootSettings *boot_settings; /* the sidebar: policy and boot settings */
  RcBootControls *controls;      /* the buttons (boot.* actions) */
  RcBootStatus *status;          /* the status card */
  GtkFrame *page_frame;          /* the engine's host page */
  GtkExpander *page_expander;
  GtkStack *page_stack; /* "view": WebKit's; "headless": where Chromium and Firefox run */
  AdwStatusPage *headless_page;
  RcBootResults *results; /* the tabs: steps, requests, violations, console, audit */
  /* The results' console and seal audit (not owned) */
  RcPythonConsole *python_console;
  RcSealAudit *seal_audit;

  /* Owned */
  GSettings *settings;
  RcCommunity *community;
  RcServer *server;
  RcEngine *engine;
  RcEngine *control_engine;    /* boots the control boot, so it leaves engine's runtime ready */
  GSimpleActionGroup *actions; /* boot.* */
  RcMeasureRunner *runner;     /* the plan in progress, NULL otherwise */
  GCancellable *cancellable;
  RcMeasurement *report; /* every run of the current session or opened file, or NULL */
  char *report_source;   /* the file the report was opened from, or NULL */
  char *boot_run_id;     /* of the boot in progress */
  guint boot_number, boot_total;
  GPtrArray *findings; /* the policy's analysis (RcCspFinding) */
  int last_plan;       /* RcBootPlanKind of the last plan, -1 none (reboot on change) */
  guint last_runs;
  GPtrArray *probes;         /* RcSealProbe of a running audit, NULL otherwise */
  GPtrArray *verdicts;       /* RcSealVerdict of the last audit, one per probe run */
  GPtrArray *audit_findings; /* the booted policy's analysis, for the audit */
  guint probe_index;
  char *engine_error;       /* the chosen engine could not be set (not installed), or NULL */
  guint engine_stale : 1;   /* the community was revalidated while the runtime was ready */
  guint session_booted : 1; /* a boot of this engine reached ready: there is a warm session */
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
/* Shows the report's runs (selector, tables, headline) and its control's outcome. */
void _rc_boot_pane_show_report (RcBootPane *self);
/* Replaces the report (taking @report; NULL: none) and shows it. */
void _rc_boot_pane_set_report (RcBootPane *self, RcMeasurement *report, char *source);
void _rc_boot_pane_setup_runs (RcBootPane *self);
void _rc_boot_pane_setup_actions (RcBootPane *self);
void _rc_boot_pane_engine_progress (RcBootPane *self, const RcBootProgress *progress,
                                    RcEngine *engine);
/* Emits ::toast with @text. */
void _rc_boot_pane_toast (RcBootPane *self, const char *text);
/* runtime.python.fetch_allow for the selected deployment, or NULL. */
GStrv _rc_boot_pane_dup_fetch_allow (RcBootPane *self);
/* Analyses the sidebar's policy and shows the findings there. */
void _rc_boot_pane_analyse (RcBootPane *self);
/* rc_csp_analyse() of @policy against this community's needs (RcCspFinding*), or NULL. */
GPtrArray *_rc_boot_pane_analyse_policy (RcBootPane *self, const char *policy);
/* Follows the sidebar's policy and deployment. */
void _rc_boot_pane_setup_policy (RcBootPane *self);
void _rc_boot_pane_dispose_runs (RcBootPane *self);
/* rc-boot-pane-export.c: the save and open dialogs. */
void _rc_boot_pane_ask_save (RcBootPane *self, RcExportFormat format);
void _rc_boot_pane_ask_open (RcBootPane *self);
/* rc-boot-pane-bundle.c: boot.save-bundle, asking for the file or to @file; toasts the end. */
void _rc_boot_pane_ask_save_bundle (RcBootPane *self);
void _rc_boot_pane_save_bundle_to (RcBootPane *self, GFile *file);
/* The engine the next plan boots (a stale one rebuilt), or NULL: no runtime to boot. */
RcEngine *_rc_boot_pane_ensure_engine (RcBootPane *self);
RcEngine *_rc_boot_pane_ensure_control_engine (RcBootPane *self);
void _rc_boot_pane_emit_boot_finished (RcBootPane *self, const RcRunRecord *record);
void _rc_boot_pane_emit_plan_finished (RcBootPane *self);

/* rc-boot-pane-engine.c: the chosen engine (the "engine" setting, boot.engine). */
void _rc_boot_pane_setup_engine (RcBootPane *self);
/* Sets the chosen engine on the engines (a change drops their sessions); FALSE, with the
 * status saying why, when it cannot boot. */
gboolean _rc_boot_pane_apply_engine (RcBootPane *self);
/* The Host Page area: WebKit's view, or what runs headless. */
void _rc_boot_pane_show_engine (RcBootPane *self);
/* rc-boot-pane-history.c: keeps a finished Cold + Warm or Runs… plan in the history. */
void _rc_boot_pane_keep_in_history (RcBootPane *self);
/* rc-boot-pane-policy.c: applies the quick fix of finding @index of the policy's analysis. */
void _rc_boot_pane_fix_policy (RcBootPane *self, guint index);
/* After @record failed on the policy: shows the sidebar and says which fix it offers. */
void _rc_boot_pane_offer_policy_fix (RcBootPane *self, const RcRunRecord *record);
/* FALSE, with a toast saying why, when the sidebar's policy cannot be booted (too long). */
gboolean _rc_boot_pane_policy_usable (RcBootPane *self);

/* rc-boot-pane-distribution.c */
void _rc_boot_pane_setup_distribution (RcBootPane *self);
void _rc_boot_pane_show_distribution (RcBootPane *self);
void _rc_boot_pane_ask_distribution (RcBootPane *self);
/* The "distribution" setting is "live": the server reaches the real CDN and data hosts. */
gboolean _rc_boot_pane_wants_live (RcBootPane *self);
char *_rc_boot_pane_describe_distribution (RcBootPane *self);

G_END_DECLS
