/* rc-boot-pane.h: boot the community's runtime under a chosen CSP, and look inside.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>

#include "boot/rc-engine.h"
#include "core/rc-community.h"

G_BEGIN_DECLS

#define RC_TYPE_BOOT_PANE (rc_boot_pane_get_type ())
G_DECLARE_FINAL_TYPE (RcBootPane, rc_boot_pane, RC, BOOT_PANE, GtkWidget)

/* A new engine for @community (the server is kept); a running boot is stopped. */
void rc_boot_pane_set_community (RcBootPane *self, RcCommunity *community);
/* The pane enables and disables the boot actions (boot-cold, stop, …) found in @actions. */
void rc_boot_pane_bind_actions (RcBootPane *self, GActionMap *actions);

void rc_boot_pane_boot (RcBootPane *self, RcBootMode mode);
void rc_boot_pane_boot_cold_warm (RcBootPane *self);
/* Asks how many cold + warm pairs to run, then runs them. */
void rc_boot_pane_ask_runs (RcBootPane *self);
void rc_boot_pane_run_pairs (RcBootPane *self, guint n);
/* Runs the last boot plan again (reboot on change). */
void rc_boot_pane_reboot (RcBootPane *self);
void rc_boot_pane_stop (RcBootPane *self);
void rc_boot_pane_show_inspector (RcBootPane *self);
void rc_boot_pane_seal_audit (RcBootPane *self);

/* Selects a CSP preset by name ("nemarlike", "control", "none"); FALSE when unknown. */
gboolean rc_boot_pane_select_preset (RcBootPane *self, const char *name);
RcEngine *rc_boot_pane_get_engine (RcBootPane *self);
/* Rows of the step table (RcTableItem: step, what, duration, heap, growth). */
GListModel *rc_boot_pane_get_steps (RcBootPane *self);
/* The outcome line and diagnosis as shown, "" before the first boot. */
char *rc_boot_pane_dup_outcome_text (RcBootPane *self);
/* The CSP findings shown under the policy editor (RcCspFinding*), or NULL. */
GPtrArray *rc_boot_pane_get_findings (RcBootPane *self);

/* RcSealVerdict of the last seal audit, in probe order (rc_seal_probes_new()), or NULL. */
GPtrArray *rc_boot_pane_get_audit_verdicts (RcBootPane *self);

G_END_DECLS
