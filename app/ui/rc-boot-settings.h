/* rc-boot-settings.h: the Boot page's sidebar: the Content-Security-Policy (a preset, the
 * editor, what its analysis finds) and the boot settings (network profile, worker,
 * deployment, deadline, control boot, distribution), each kept in the app's GSettings.
 *
 * The analysis needs the community and the server, which are the pane's: the sidebar says
 * when the policy changed (::policy-changed, once typing pauses) and shows the findings it
 * is given (rc_boot_settings_show_findings()).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "boot/rc-engine.h"
#include "core/model/rc-community.h"
#include "core/policy/rc-csp.h"
#include "serve/rc-throttle.h"

G_BEGIN_DECLS

#define RC_TYPE_BOOT_SETTINGS (rc_boot_settings_get_type ())
G_DECLARE_FINAL_TYPE (RcBootSettings, rc_boot_settings, RC, BOOT_SETTINGS, GtkWidget)

/* Properties: "preset" (string: the chosen preset's name), "policy" (string, read-only: the
 * editor's text, stripped; NULL when empty), "policy-name" (string, read-only: the preset's
 * name while the text is the preset's, "custom" once edited, "none" when empty),
 * "throttle" (uint, RcThrottleProfile), "engine-kind" (uint, RcEngineKind, the "engine"
 * setting; notified again once the engine's installation is known), "worker-kind" (uint, RcWorkerKind), "deployment"
 * (uint, RcDeployment), "deadline-seconds" (double), "control-boot" (boolean),
 * "worker-note" (string: under the worker row), "distribution" (string: under the
 * distribution row).
 * Signals: "policy-changed": a preset was chosen, or the text was edited and typing paused. */
GtkWidget *rc_boot_settings_new (void);

/* Selects a CSP preset by name ("community", "nemarlike", "control", "none"); FALSE when unknown. */
gboolean rc_boot_settings_select_preset (RcBootSettings *self, const char *name);
char *rc_boot_settings_dup_policy (RcBootSettings *self);
/* The "community" preset's text (the first preset, the default): the least policy this
 * community's runtime needs (rc_csp_policy_for_needs()). The editor follows it while that
 * preset is chosen and its text is unedited (emitting "policy-changed"). */
void rc_boot_settings_set_community_policy (RcBootSettings *self, const char *policy);
/* The name the record gives @policy (the editor's text, as dup_policy() returns it). */
const char *rc_boot_settings_get_policy_name (RcBootSettings *self, const char *policy);

RcThrottleProfile rc_boot_settings_get_throttle (RcBootSettings *self);
RcEngineKind rc_boot_settings_get_engine_kind (RcBootSettings *self);
/* Why @kind cannot boot (not installed, and how to install it), or NULL: installed or not
 * probed yet. */
const char *rc_boot_settings_get_engine_missing (RcBootSettings *self, RcEngineKind kind);
RcWorkerKind rc_boot_settings_get_worker_kind (RcBootSettings *self);
RcDeployment rc_boot_settings_get_deployment (RcBootSettings *self);
double rc_boot_settings_get_deadline_seconds (RcBootSettings *self);
gboolean rc_boot_settings_get_control_boot (RcBootSettings *self);
void rc_boot_settings_set_worker_note (RcBootSettings *self, const char *note);
void rc_boot_settings_set_distribution (RcBootSettings *self, const char *distribution);

/* The analysis of the policy (RcCspFinding*): a summary, and the refused requirements. */
void rc_boot_settings_show_findings (RcBootSettings *self, GPtrArray *findings);
/* Applies @finding's quick fix (rc-policy-fix.h) to the editor as one undoable edit and
 * emits ::policy-changed at once; FALSE when it has none. */
gboolean rc_boot_settings_apply_policy_fix (RcBootSettings *self, const RcCspFinding *finding);
/* Shows why the policy cannot be used (too long) instead of an analysis. */
void rc_boot_settings_show_policy_error (RcBootSettings *self, const char *message);

G_END_DECLS
