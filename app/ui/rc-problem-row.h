/* rc-problem-row.h: one row of the Problems page: where, what, the hint, and the quick fix's
 * button when there is one.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "rc-problem.h"

G_BEGIN_DECLS

/* What a row's fix button does: the list's owner applies the fix (the row knows no view). */
typedef struct
{
  void (*apply) (const RcDiagnostic *diagnostic, gpointer user_data);
  gpointer user_data;
} RcProblemRowFix;

/* A GtkListBoxCreateWidgetFunc: @item is an RcProblem, @user_data the RcProblemRowFix its fix
 * button calls (it must outlive the rows). */
GtkWidget *rc_problem_row_new (gpointer item, gpointer user_data);
/* @path with a zero-width space after each dot and before each "[" (the row's path label,
 * named "path": it breaks between keys). */
char *rc_problem_row_breakable_path (const char *path);

G_END_DECLS
