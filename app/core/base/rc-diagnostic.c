/* rc-diagnostic.c */
#include "config.h"

#include <glib/gi18n.h>

#include "core/base/rc-diagnostic.h"
#include "core/base/rc-json-builder-private.h"

G_DEFINE_BOXED_TYPE (RcDiagnostic, rc_diagnostic, rc_diagnostic_copy, rc_diagnostic_free)

RcDiagnostic *
rc_diagnostic_new (RcSeverity severity, const char *file, guint line, guint column,
                   const char *path, const char *rule, const char *message, const char *hint)
{
  RcDiagnostic *self = g_new0 (RcDiagnostic, 1);

  self->severity = severity;
  self->file = g_strdup (file ? file : "");
  self->line = line;
  self->column = column;
  self->path = g_strdup (path ? path : "");
  self->rule = g_strdup (rule ? rule : "");
  self->message = g_strdup (message ? message : "");
  self->hint = g_strdup (hint);
  return self;
}

RcDiagnostic *
rc_diagnostic_copy (const RcDiagnostic *self)
{
  RcDiagnostic *copy;

  g_return_val_if_fail (self != NULL, NULL);
  copy = rc_diagnostic_new (self->severity, self->file, self->line, self->column, self->path,
                            self->rule, self->message, self->hint);
  copy->fix = rc_fix_copy (self->fix);
  copy->caused_by = g_strdup (self->caused_by);
  return copy;
}

void
rc_diagnostic_set_fix (RcDiagnostic *self, RcFix *fix)
{
  rc_fix_free (self->fix);
  self->fix = fix;
}

void
rc_diagnostic_free (RcDiagnostic *self)
{
  if (self == NULL)
    return;
  g_free (self->file);
  g_free (self->path);
  g_free (self->rule);
  g_free (self->message);
  g_free (self->hint);
  rc_fix_free (self->fix);
  g_free (self->caused_by);
  g_free (self);
}

const char *
rc_severity_to_string (RcSeverity severity)
{
  switch (severity)
    {
    case RC_SEVERITY_ERROR:
      return "error";
    case RC_SEVERITY_WARNING:
      return "warning";
    case RC_SEVERITY_NOTE:
      return "note";
    default:
      g_return_val_if_reached ("error");
    }
}

gboolean
rc_severity_from_string (const char *text, RcSeverity *out)
{
  static const char *names[] = { "error", "warning", "note" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (text, names[i]) == 0)
      {
        *out = (RcSeverity) i;
        return TRUE;
      }
  return FALSE;
}

char *
rc_diagnostic_format (const RcDiagnostic *self)
{
  GString *out = g_string_new (self->file);

  if (self->line > 0)
    g_string_append_printf (out, ":%u:%u", self->line, MAX (self->column, 1));
  g_string_append_printf (out, ": %s: ", rc_severity_to_string (self->severity));
  if (self->path != NULL && self->path[0] != '\0')
    g_string_append_printf (out, "%s: ", self->path);
  g_string_append (out, self->message);
  return g_string_free (out, FALSE);
}

JsonNode *
rc_diagnostic_to_json (const RcDiagnostic *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  rc_json_add_string (b, "severity", rc_severity_to_string (self->severity));
  rc_json_add_string (b, "path", self->path);
  rc_json_add_string (b, "file", self->file);
  rc_json_add_int (b, "line", self->line);
  rc_json_add_int (b, "column", self->column);
  rc_json_add_string (b, "message", self->message);
  rc_json_add_string (b, "hint", self->hint ? self->hint : "");
  rc_json_add_string (b, "rule", self->rule);
  /* an addition, as "fix": the problem this one follows from (fix that first) */
  if (self->caused_by != NULL)
    rc_json_add_string (b, "caused_by", self->caused_by);
  if (self->fix != NULL && self->fix->resolved)
    {
      /* an addition: readers of the validate output that do not know it ignore it */
      json_builder_set_member_name (b, "fix");
      json_builder_begin_object (b);
      rc_json_add_int (b, "start", (gint64) self->fix->start);
      rc_json_add_int (b, "end", (gint64) self->fix->end);
      rc_json_add_string (b, "replacement", self->fix->replacement);
      rc_json_add_string (b, "label", self->fix->label);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

GPtrArray *
rc_diagnostics_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) rc_diagnostic_free);
}

/* The marker that stands for what was dropped: as severe as the worst of it, so a flood
 * of warnings that ends in an error still makes the community invalid. Its line holds the
 * first dropped problem's position; the count is in its message. */
static void
note_dropped (GPtrArray *list, RcSeverity severity, const char *file, guint line, guint column)
{
  RcDiagnostic *last = list->pdata[list->len - 1];
  g_autofree char *count = NULL;
  guint64 dropped = 1;

  if (g_strcmp0 (last->rule, RC_DIAGNOSTICS_TOO_MANY) == 0)
    dropped = g_ascii_strtoull (last->message, NULL, 10) + 1;
  else
    {
      last = rc_diagnostic_new (
          severity, file, line, column, "", RC_DIAGNOSTICS_TOO_MANY, "",
          _ ("Fix the problems listed first; so many are most often one mistake repeated."));
      g_ptr_array_add (list, last);
    }
  last->severity = MIN (last->severity, severity);
  g_free (last->message);
  count = g_strdup_printf ("%" G_GUINT64_FORMAT, dropped);
  /* the count comes first: the next drop reads it back */
  last->message = g_strdup_printf (_ ("%s more problems are not listed (at most %u are)"), count,
                                   RC_DIAGNOSTICS_MAX);
}

RcDiagnostic *
rc_diagnostics_add (GPtrArray *list, RcSeverity severity, const char *file, guint line,
                    guint column, const char *path, const char *rule, const char *hint,
                    const char *message_format, ...)
{
  g_autofree char *message = NULL;
  RcDiagnostic *d;
  va_list args;

  if (list->len >= RC_DIAGNOSTICS_MAX)
    {
      note_dropped (list, severity, file, line, column);
      return NULL;
    }
  va_start (args, message_format);
  message = g_strdup_vprintf (message_format, args);
  va_end (args);

  d = rc_diagnostic_new (severity, file, line, column, path, rule, message, hint);
  g_ptr_array_add (list, d);
  return d;
}

guint
rc_diagnostics_count (GPtrArray *list, RcSeverity severity)
{
  guint n = 0;

  for (guint i = 0; i < list->len; i++)
    if (((RcDiagnostic *) g_ptr_array_index (list, i))->severity == severity)
      n++;
  return n;
}

static int
compare_diagnostics (gconstpointer a, gconstpointer b)
{
  const RcDiagnostic *x = *(RcDiagnostic *const *) a;
  const RcDiagnostic *y = *(RcDiagnostic *const *) b;
  int c = g_strcmp0 (x->file, y->file);

  if (c != 0)
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->column != y->column)
    return x->column < y->column ? -1 : 1;
  return 0;
}

void
rc_diagnostics_sort (GPtrArray *list)
{
  /* g_ptr_array_sort is a merge sort in practice, but insertion order matters for equal
   * positions, so sort a copy with explicit tie-breaking by original index. */
  g_autoptr (GPtrArray) copy = g_ptr_array_new ();
  guint n = list->len;

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (copy, g_ptr_array_index (list, i));
  /* Stable insertion sort: lists are short (tens of items). */
  for (guint i = 1; i < n; i++)
    {
      gpointer item = g_ptr_array_index (copy, i);
      guint j = i;

      while (j > 0 && compare_diagnostics (&g_ptr_array_index (copy, j - 1), &item) > 0)
        {
          copy->pdata[j] = copy->pdata[j - 1];
          j--;
        }
      copy->pdata[j] = item;
    }
  for (guint i = 0; i < n; i++)
    list->pdata[i] = copy->pdata[i];
}

const RcDiagnostic *
rc_diagnostics_find_rule (GPtrArray *list, const char *rule)
{
  for (guint i = 0; i < list->len; i++)
    {
      const RcDiagnostic *d = g_ptr_array_index (list, i);

      if (g_strcmp0 (d->rule, rule) == 0)
        return d;
    }
  return NULL;
}

void
rc_diagnostics_resolve_fixes (GPtrArray *list, const char *file, const char *text, gsize len)
{
  for (guint i = 0; i < list->len; i++)
    {
      RcDiagnostic *d = list->pdata[i];

      if (d->fix != NULL && g_strcmp0 (d->file, file) == 0 && !rc_fix_resolve (d->fix, text, len))
        g_clear_pointer (&d->fix, rc_fix_free);
    }
}
