/* rc-boot-pane-private.h: the instance struct, shared by rc-boot-pane.c (controls, boots)
 * and rc-boot-pane-probes.c (runs, seal audit, inspector).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtksourceview/gtksource.h>

#include "core/rc-csp.h"
#include "rc-boot-pane.h"
#include "rc-python-console.h"
#include "rc-charts-view.h"

G_BEGIN_DECLS

struct _RcBootPane
{
  GtkWidget parent_instance;

  /* Template widgets */
  AdwComboRow *preset_row;
  GtkSourceView *policy_view;
  GtkLabel *analysis_label;
  GtkListBox *findings_list;
  AdwComboRow *throttle_row;
  AdwComboRow *worker_row;
  AdwComboRow *deployment_row;
  GtkSpinButton *deadline_spin;
  GtkImage *state_icon;
  GtkLabel *phase_label;
  GtkLabel *step_label;
  GtkProgressBar *progress_bar;
  GtkLabel *diagnosis_label;
  GtkWidget *diagnosis_scroller;
  GtkFrame *page_frame;
  GtkStack *results_stack;
  RcChartsView *charts;
  GtkColumnView *steps_view;
  GtkColumnView *requests_view;
  GtkColumnView *violations_view;
  RcPythonConsole *python_console;
  GtkListBox *audit_list;

  /* Borrowed */
  GActionMap *actions;

  /* Owned */
  GSettings *settings;
  RcCommunity *community;
  RcServer *server;
  RcEngine *engine;
  GCancellable *cancellable;
  GListStore *steps;
  GListStore *requests;
  GListStore *violations;
  GPtrArray *presets; /* RcCspPreset */
  GPtrArray *findings;
  RcRunRecord *cold;
  RcRunRecord *warm;
  GArray *queue;             /* RcBootMode still to run */
  GArray *last_plan;         /* RcBootMode of the last plan, for reboot on change */
  GPtrArray *runs;           /* RcRunRecord of a Runs… series, NULL otherwise */
  GPtrArray *probes;         /* RcSealProbe of a running audit, NULL otherwise */
  GPtrArray *verdicts;       /* RcSealVerdict of the last audit, one per probe run */
  GPtrArray *audit_findings; /* the booted policy's analysis, for the audit */
  guint probe_index;
  guint audit_passed;
  guint analysis_id;
  guint engine_stale : 1; /* the community was revalidated while the runtime was ready */
};

void _rc_boot_pane_update_actions (RcBootPane *self);
void _rc_boot_pane_start_plan (RcBootPane *self, const RcBootMode *modes, guint n);
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
/* Called when a plan of Runs… finished (all records are in self->runs). */
void _rc_boot_pane_runs_finished (RcBootPane *self);

G_END_DECLS
