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
/* The buffer shown: config.yaml's (the document's) or another file's. */
GtkSourceBuffer *rc_problems_view_get_buffer (RcProblemsView *self);
/* The file shown, relative to the folder ("config.yaml" by default). */
const char *rc_problems_view_get_shown_file (RcProblemsView *self);

/* config.yaml is edited in an RcConfigDocument of the folder last given to
 * rc_problems_view_set_problems(): another folder gets a new one, and the last one's
 * unsaved changes are dropped (the window asks first). */
GFile *rc_problems_view_get_folder (RcProblemsView *self);
/* config.yaml has changes not saved (the "modified" property). */
gboolean rc_problems_view_get_modified (RcProblemsView *self);

/* Quick fixes (issue 14): applies @d's fix (rc-fix.h) to config.yaml in the buffer as one
 * user action and emits "config-edited"; FALSE when @d has none or the buffer no longer holds
 * the text it was found in. Nothing is written until rc_problems_view_save_config(). */
gboolean rc_problems_view_apply_fix (RcProblemsView *self, const RcDiagnostic *d);
/* The same for a fix made elsewhere on the text shown (the seal probe's list). */
gboolean rc_problems_view_apply_text_fix (RcProblemsView *self, const RcFix *fix);
/* Undoes the last fix (emits "config-edited"); FALSE when there is nothing to undo. */
gboolean rc_problems_view_undo_fix (RcProblemsView *self);
/* config.yaml as edited by fixes and not saved yet, or NULL. */
char *rc_problems_view_dup_edited_text (RcProblemsView *self);
/* Writes the edited config.yaml into the folder it was edited for (the user asked); TRUE
 * when nothing to do. */
gboolean rc_problems_view_save_config (RcProblemsView *self, GError **error);
/* Back to config.yaml as last read or saved, with no undo history. */
void rc_problems_view_discard_changes (RcProblemsView *self);

G_END_DECLS
