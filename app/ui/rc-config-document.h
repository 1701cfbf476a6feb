/* rc-config-document.h: one community folder's config.yaml as the window edits it.
 *
 * Quick fixes edit config.yaml in a buffer, and only Save writes it (issue 14). Each folder
 * has a document of its own (issue 23): its buffer, whose undo history holds only its fixes,
 * the text last read from or written to its folder, and whether the two differ. Save writes
 * into the folder the document was made for, never another.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtksourceview/gtksource.h>

#include "core/base/rc-fix.h"

G_BEGIN_DECLS

#define RC_TYPE_CONFIG_DOCUMENT (rc_config_document_get_type ())
G_DECLARE_FINAL_TYPE (RcConfigDocument, rc_config_document, RC, CONFIG_DOCUMENT, GObject)

/* @text: config.yaml as read from @folder (the saved text). */
RcConfigDocument *rc_config_document_new (GFile *folder, const char *text);
GFile *rc_config_document_get_folder (RcConfigDocument *self);
/* The buffer the view shows config.yaml in: a new one per document. */
GtkSourceBuffer *rc_config_document_get_buffer (RcConfigDocument *self);
/* The buffer's text. */
const char *rc_config_document_get_text (RcConfigDocument *self);
/* The buffer differs from the text last read or saved (the "modified" property). */
gboolean rc_config_document_get_modified (RcConfigDocument *self);
/* The edited text when modified, else NULL: the text to validate instead of the file. */
char *rc_config_document_dup_edited_text (RcConfigDocument *self);

/* The folder's file was read again: takes @text as the saved text and, unless modified, as
 * the buffer's (not undoable: the file changed, not the fixes). */
void rc_config_document_reload (RcConfigDocument *self, const char *text);
/* Applies the resolved @fix, made for the buffer's current text, as one undo step; FALSE
 * when it does not fit that text. */
gboolean rc_config_document_apply_fix (RcConfigDocument *self, const RcFix *fix);
/* Undoes the last fix; FALSE when there is none. */
gboolean rc_config_document_undo (RcConfigDocument *self);
/* Writes the buffer into the document's folder (the user asked); TRUE when not modified. */
gboolean rc_config_document_save (RcConfigDocument *self, GError **error);
/* Back to the saved text, with no undo history left. */
void rc_config_document_discard (RcConfigDocument *self);

G_END_DECLS
