/* rc-problems-view.h: the problems list beside the file they point into.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>
#include <gtksourceview/gtksource.h>

#include "rc-problem.h"

G_BEGIN_DECLS

#define RC_TYPE_PROBLEMS_VIEW (rc_problems_view_get_type ())
G_DECLARE_FINAL_TYPE (RcProblemsView, rc_problems_view, RC, PROBLEMS_VIEW, GtkWidget)

/* Shows @diagnostics (RcDiagnostic elements, copied) found in @folder, with @config_text as
 * the text of config.yaml (NULL: read from disk). The selected problem and the scroll
 * position survive when the same problem and file are still there. */
void rc_problems_view_set_problems (RcProblemsView *self, GFile *folder, GPtrArray *diagnostics,
                                    const char *config_text);
/* All problems (RcProblem), before the severity filter. */
GListModel *rc_problems_view_get_problems (RcProblemsView *self);
/* Selects the @index-th visible problem: shows its file, scrolls to and highlights it. */
void rc_problems_view_select (RcProblemsView *self, guint index);
/* The selected problem (a new reference), or NULL. */
RcProblem *rc_problems_view_dup_selected (RcProblemsView *self);
GtkSourceBuffer *rc_problems_view_get_buffer (RcProblemsView *self);
/* The file shown, relative to the folder ("config.yaml" by default). */
const char *rc_problems_view_get_shown_file (RcProblemsView *self);

G_END_DECLS
