/* rc-history-dialog.h: the community's measurement history (rc-history.h) in a window, as
 * `runtime-console history DIR` lists it: newest first, each entry's date, key, policy and
 * median boot per scenario, and the steps that left the earlier entries' noise band.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define RC_TYPE_HISTORY_DIALOG (rc_history_dialog_get_type ())
G_DECLARE_FINAL_TYPE (RcHistoryDialog, rc_history_dialog, RC, HISTORY_DIALOG, AdwWindow)

/* A modal window over @parent listing @community_dir's history. */
RcHistoryDialog *rc_history_dialog_new (GtkWindow *parent, const char *community_dir);
/* The entries shown, and how many are marked slower (for tests). */
guint rc_history_dialog_get_n_entries (RcHistoryDialog *self);
guint rc_history_dialog_get_n_regressions (RcHistoryDialog *self);

G_END_DECLS
