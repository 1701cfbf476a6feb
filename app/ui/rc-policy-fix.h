/* rc-policy-fix.h: the policy editor's quick fixes (issue 14): the source a refused
 * requirement needs (core/rc-csp-fix.h), offered as a button on the finding's row and applied
 * to the editor's buffer as one undoable edit. The policy is not in the community folder, so
 * nothing is written; the pane re-analyses the edited text at once.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "core/policy/rc-csp.h"
#include "core/base/rc-fix.h"

G_BEGIN_DECLS

/* The fix of @finding on @buffer's text, or NULL (granted, or no obvious edit). Its byte
 * offsets are into the buffer's whole text. */
RcFix *rc_policy_fix_for_buffer (GtkTextBuffer *buffer, const RcCspFinding *finding);
/* A button saying what the fix does, activating boot.fix-policy(@index), or NULL when
 * @finding has no fix on @buffer's text. */
GtkWidget *rc_policy_fix_button_new (GtkTextBuffer *buffer, const RcCspFinding *finding,
                                     guint index);
/* Applies @fix to @buffer as one user action (one undo step); FALSE when it does not fit the
 * text any more. */
gboolean rc_policy_fix_apply (GtkTextBuffer *buffer, const RcFix *fix);

G_END_DECLS
