/* rc-problem-row.h: one row of the Problems page: where, what, the hint, and the quick fix's
 * button when there is one.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "rc-problem.h"

G_BEGIN_DECLS

/* A GtkListBoxCreateWidgetFunc: @item is an RcProblem, @user_data the RcProblemsView whose
 * rc_problems_view_apply_fix() the fix button calls. */
GtkWidget *rc_problem_row_new (gpointer item, gpointer user_data);
/* @path with a zero-width space after each dot and before each "[" (the row's path label,
 * named "path": it breaks between keys). */
char *rc_problem_row_breakable_path (const char *path);

G_END_DECLS
