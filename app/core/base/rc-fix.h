/* rc-fix.h: a diagnostic's one obvious edit, as data: a byte range of the file and its
 * replacement (issue 14's quick fixes).
 *
 * The validator knows where a problem is as YAML positions (line and column in characters,
 * 1-based); it records the kind of edit there, and rc_diagnostics_resolve_fixes() turns that
 * into bytes once the file's text is at hand, dropping a fix it cannot place safely (a key in
 * a flow mapping, a position past the end). The window applies `start..end → replacement` to
 * its buffer; rc_fix_apply() does the same to a string.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  RC_FIX_REPLACE,     /* replace line:column..end_line:end_column */
  RC_FIX_REMOVE_ITEM, /* a list item: its whole line in a block list, else from the end of
                       * the previous item (end_line/end_column of prev) to its own end */
  RC_FIX_REMOVE_KEY,  /* a block mapping key at line:column with its value (the lines
                       * indented deeper than the key that follow it) */
} RcFixKind;

typedef struct
{
  RcFixKind kind;
  guint line, column;           /* 1-based, characters */
  guint end_line, end_column;   /* exclusive end (REPLACE, REMOVE_ITEM) */
  guint prev_line, prev_column; /* REMOVE_ITEM: the previous item's end; 0 when first */
  char *replacement;            /* REPLACE: the new text; else "" */
  char *label;                  /* what the action says, translated: "Quote the version" */
  gboolean resolved;
  gsize start, end; /* bytes, once resolved */
} RcFix;

RcFix *rc_fix_new (RcFixKind kind, guint line, guint column, guint end_line, guint end_column,
                   const char *replacement, const char *label);
RcFix *rc_fix_copy (const RcFix *self);
void rc_fix_free (RcFix *self);

/* Places @self in @text (bytes); FALSE when it cannot (the fix must then be dropped). */
gboolean rc_fix_resolve (RcFix *self, const char *text, gsize len);
/* @text with the resolved fix applied: a new string (length in *out_len when not NULL). */
char *rc_fix_apply (const RcFix *self, const char *text, gsize len, gsize *out_len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcFix, rc_fix_free)

G_END_DECLS
