/* rc-fix.c: placing and applying quick fixes (rc-fix.h). */
#include "config.h"

#include <string.h>

#include "core/base/rc-fix.h"

RcFix *
rc_fix_new (RcFixKind kind, guint line, guint column, guint end_line, guint end_column,
            const char *replacement, const char *label)
{
  RcFix *self = g_new0 (RcFix, 1);

  self->kind = kind;
  self->line = line;
  self->column = column;
  self->end_line = end_line;
  self->end_column = end_column;
  self->replacement = g_strdup (replacement != NULL ? replacement : "");
  self->label = g_strdup (label);
  return self;
}

RcFix *
rc_fix_copy (const RcFix *self)
{
  RcFix *copy;

  if (self == NULL)
    return NULL;
  copy = g_memdup2 (self, sizeof *self);
  copy->replacement = g_strdup (self->replacement);
  copy->label = g_strdup (self->label);
  return copy;
}

void
rc_fix_free (RcFix *self)
{
  if (self == NULL)
    return;
  g_free (self->replacement);
  g_free (self->label);
  g_free (self);
}

/* Byte offset where @line (1-based) starts, or FALSE past the end. */
static gboolean
line_start (const char *text, gsize len, guint line, gsize *out)
{
  gsize at = 0;

  for (guint l = 1; l < line; l++)
    {
      const char *nl = memchr (text + at, '\n', len - at);

      if (nl == NULL)
        return FALSE;
      at = (gsize) (nl - text) + 1;
    }
  *out = at;
  return TRUE;
}

static gsize
line_end (const char *text, gsize len, gsize from)
{
  const char *nl = memchr (text + from, '\n', len - from);

  return nl != NULL ? (gsize) (nl - text) : len;
}

/* Byte offset of @line:@column (characters, 1-based), or FALSE. */
static gboolean
position (const char *text, gsize len, guint line, guint column, gsize *out)
{
  gsize start, stop;
  const char *p;

  if (line == 0 || column == 0 || !line_start (text, len, line, &start))
    return FALSE;
  stop = line_end (text, len, start);
  p = text + start;
  for (guint c = 1; c < column; c++)
    {
      if (p >= text + stop)
        return FALSE;
      p = g_utf8_next_char (p);
    }
  if (p > text + stop)
    return FALSE;
  *out = (gsize) (p - text);
  return TRUE;
}

/* The line of @at holds only blanks before it (and "- " for a block list item). */
static gboolean
only_blanks_before (const char *text, gsize line_at, gsize at, gboolean allow_dash)
{
  gboolean dash = FALSE;

  for (gsize i = line_at; i < at; i++)
    {
      if (text[i] == ' ')
        continue;
      if (allow_dash && text[i] == '-' && !dash)
        {
          dash = TRUE;
          continue;
        }
      return FALSE;
    }
  return !allow_dash || dash;
}

static gsize
next_line (const char *text, gsize len, gsize from)
{
  gsize end = line_end (text, len, from);

  return end < len ? end + 1 : len;
}

/* The lines after the key's that belong to its value: blank, or indented deeper than the
 * key. A comment at the key's indentation or less ends it. */
static gsize
value_end (const char *text, gsize len, gsize after, gsize indent)
{
  gsize at = after;

  while (at < len)
    {
      gsize stop = line_end (text, len, at), i = at;

      while (i < stop && text[i] == ' ')
        i++;
      if (i < stop && i - at <= indent)
        break;
      at = next_line (text, len, at);
    }
  return at;
}

static gboolean
resolve_item (RcFix *self, const char *text, gsize len, gsize start, gsize end)
{
  gsize line_at;

  if (!line_start (text, len, self->line, &line_at))
    return FALSE;
  if (only_blanks_before (text, line_at, start, TRUE)
      && only_blanks_before (text, end, line_end (text, len, end), FALSE))
    {
      self->start = line_at;
      self->end = next_line (text, len, end);
      return TRUE;
    }
  /* a flow list: the separator before the item goes with it */
  if (self->prev_line == 0 || !position (text, len, self->prev_line, self->prev_column, &start))
    return FALSE;
  self->start = start;
  self->end = end;
  return TRUE;
}

gboolean
rc_fix_resolve (RcFix *self, const char *text, gsize len)
{
  gsize start, end, line_at = 0;

  self->resolved = FALSE;
  if (!position (text, len, self->line, self->column, &start))
    return FALSE;
  switch (self->kind)
    {
    case RC_FIX_REPLACE:
      if (!position (text, len, self->end_line, self->end_column, &end) || end < start)
        return FALSE;
      self->start = start;
      self->end = end;
      break;
    case RC_FIX_REMOVE_ITEM:
      if (!position (text, len, self->end_line, self->end_column, &end) || end < start
          || !resolve_item (self, text, len, start, end))
        return FALSE;
      break;
    case RC_FIX_REMOVE_KEY:
    default:
      line_start (text, len, self->line, &line_at);
      /* only a block mapping key starts its line */
      if (!only_blanks_before (text, line_at, start, FALSE))
        return FALSE;
      self->start = line_at;
      self->end = value_end (text, len, next_line (text, len, start), start - line_at);
      break;
    }
  self->resolved = TRUE;
  return TRUE;
}

char *
rc_fix_apply (const RcFix *self, const char *text, gsize len, gsize *out_len)
{
  GString *out;

  g_return_val_if_fail (self->resolved && self->end <= len, NULL);
  out = g_string_sized_new (len + strlen (self->replacement));
  g_string_append_len (out, text, (gssize) self->start);
  g_string_append (out, self->replacement);
  g_string_append_len (out, text + self->end, (gssize) (len - self->end));
  if (out_len != NULL)
    *out_len = out->len;
  return g_string_free (out, FALSE);
}
