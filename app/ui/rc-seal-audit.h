/* rc-seal-audit.h: the seal audit's page: what the audit checks, its button (boot.seal-audit)
 * and one row per probe with its verdict and its detail, readable in full.
 *
 * The probes run in the pane, which owns the engine; this widget shows their verdicts.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "core/seal/rc-seal-probes.h"

G_BEGIN_DECLS

#define RC_TYPE_SEAL_AUDIT (rc_seal_audit_get_type ())
G_DECLARE_FINAL_TYPE (RcSealAudit, rc_seal_audit, RC, SEAL_AUDIT, GtkWidget)

/* Properties: "n-verdicts", "n-passed" (uint, read-only): the rows shown and how many pass. */
GtkWidget *rc_seal_audit_new (void);
void rc_seal_audit_clear (RcSealAudit *self);
void rc_seal_audit_add (RcSealAudit *self, const RcSealProbe *probe, const RcSealVerdict *verdict);
guint rc_seal_audit_get_n_verdicts (RcSealAudit *self);
guint rc_seal_audit_get_n_passed (RcSealAudit *self);

G_END_DECLS
