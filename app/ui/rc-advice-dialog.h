/* rc-advice-dialog.h: `advise` in the window (boot/rc-advise-runner.h): it boots the
 * community and its variants in engines of its own, with progress and Cancel, then lists the
 * changes ranked, each with its proof (the saving and its noise band, the boots) and an Apply
 * button that hands the change to the window, which writes its edit into the editor as one
 * undoable action (saved only when the user saves).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>

#include "core/advice/rc-advice.h"
#include "core/model/rc-community.h"
#include "serve/rc-throttle.h"

G_BEGIN_DECLS

#define RC_TYPE_ADVICE_DIALOG (rc_advice_dialog_get_type ())
G_DECLARE_FINAL_TYPE (RcAdviceDialog, rc_advice_dialog, RC, ADVICE_DIALOG, AdwWindow)

/* Opens on its setup page (the reader's link, @link at first, and a Pyodide upgrade to
 * rehearse, none at first); Start boots @runs cold boots a side (the
 * first value of its Cold Boots a Side row; the user may change it). Signals:
 *   "finished" (): the advice is there (rc_advice_dialog_get_advice()), or it failed or was
 *     cancelled (the status says which);
 *   "apply" (gpointer change): the user asked for this RcAdviceChange's edit (borrowed). */
RcAdviceDialog *rc_advice_dialog_new (GtkWindow *parent, RcCommunity *community, guint runs,
                                      RcThrottleProfile link);
/* What choosing a version in the upgrade row does (for tests): @version must be one the row
 * offers (a fetched one), else none is chosen. */
void rc_advice_dialog_set_candidate (RcAdviceDialog *self, const char *version);
/* What Start does; once. */
void rc_advice_dialog_start (RcAdviceDialog *self);
/* NULL while running, or when it could not run. */
const RcAdvice *rc_advice_dialog_get_advice (RcAdviceDialog *self);
/* What a row's Apply button does (for tests): emits "apply" for change @index (rank order). */
void rc_advice_dialog_apply (RcAdviceDialog *self, guint index);
/* What Cancel does. */
void rc_advice_dialog_cancel (RcAdviceDialog *self);

G_END_DECLS
