/* rc-probe-dialog.h: the seal probe (boot/rc-seal-probe.h) in the window: it boots the
 * community in its own engine, shows the report as `runtime-console probe` prints it, and
 * offers to write the recommended import_before_seal into config.yaml (as a quick fix: in the
 * buffer, saved only when the user saves).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>

#include "core/model/rc-community.h"
#include "core/seal/rc-seal-report.h"

G_BEGIN_DECLS

#define RC_TYPE_PROBE_DIALOG (rc_probe_dialog_get_type ())
G_DECLARE_FINAL_TYPE (RcProbeDialog, rc_probe_dialog, RC, PROBE_DIALOG, AdwWindow)

/* Starts the probe at once. Signals:
 *   "finished" (): the report is there (rc_probe_dialog_get_report()), or the probe failed;
 *   "apply" (GStrv modules): the user asked for the recommended list in config.yaml. */
RcProbeDialog *rc_probe_dialog_new (GtkWindow *parent, RcCommunity *community);
/* The report, NULL while running or when the probe could not run. */
const RcSealReport *rc_probe_dialog_get_report (RcProbeDialog *self);
/* What the Apply button does (for tests): emits "apply" when there is a recommendation that
 * differs from the configured list. */
void rc_probe_dialog_apply (RcProbeDialog *self);

G_END_DECLS
