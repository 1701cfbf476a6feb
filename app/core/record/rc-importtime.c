/* rc-importtime.c: Python's `-X importtime` lines into RcImportTime items. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/record/rc-importtime.h"

#define PREFIX "import time:"

/* clang-format off */
G_DEFINE_QUARK (rc-importtime-error-quark, rc_importtime_error)
/* clang-format on */

RcImportTime *
rc_import_time_new (const char *module, gint64 self_us, gint64 cumulative_us, guint depth,
                    double t_ms)
{
  RcImportTime *self = g_new0 (RcImportTime, 1);

  self->module = g_strdup (module);
  self->self_us = self_us;
  self->cumulative_us = cumulative_us;
  self->depth = depth;
  self->t_ms = t_ms;
  return self;
}

RcImportTime *
rc_import_time_copy (const RcImportTime *self)
{
  return rc_import_time_new (self->module, self->self_us, self->cumulative_us, self->depth,
                             self->t_ms);
}

void
rc_import_time_free (RcImportTime *self)
{
  if (self == NULL)
    return;
  g_free (self->module);
  g_free (self);
}

gboolean
rc_importtime_is_header (const char *line)
{
  g_autofree char *squeezed = NULL;

  if (line == NULL || !g_str_has_prefix (line, PREFIX))
    return FALSE;
  squeezed = g_strstrip (g_strdup (line + strlen (PREFIX)));
  return g_str_has_prefix (squeezed, "self [us]");
}

/* A whole field of digits (spaces around it allowed) as µs. */
static gboolean
parse_us (const char *field, gint64 *out)
{
  g_autofree char *text = g_strstrip (g_strdup (field));

  return text[0] != '\0' && g_ascii_string_to_signed (text, 10, 0, G_MAXINT64, out, NULL);
}

RcImportTime *
rc_importtime_parse_line (const char *line, GError **error)
{
  g_auto (GStrv) fields = NULL;
  gint64 self_us, cumulative_us;
  char *name;
  guint indent = 0;

  if (rc_importtime_is_header (line))
    return NULL;
  if (line == NULL || !g_str_has_prefix (line, PREFIX))
    {
      g_set_error (error, RC_IMPORTTIME_ERROR, RC_IMPORTTIME_ERROR_INVALID,
                   _ ("does not start with “%s”"), PREFIX);
      return NULL;
    }
  fields = g_strsplit (line + strlen (PREFIX), "|", 3);
  if (g_strv_length (fields) != 3 || !parse_us (fields[0], &self_us)
      || !parse_us (fields[1], &cumulative_us))
    {
      g_set_error (error, RC_IMPORTTIME_ERROR, RC_IMPORTTIME_ERROR_INVALID,
                   _ ("expected “self µs | cumulative µs | module”"));
      return NULL;
    }
  /* one space after the bar, then two a level */
  name = g_strchomp (fields[2][0] == ' ' ? fields[2] + 1 : fields[2]);
  while (name[indent] == ' ')
    indent++;
  name += indent;
  if (name[0] == '\0' || strchr (name, ' ') != NULL || indent % 2 != 0 || cumulative_us < self_us)
    {
      g_set_error (error, RC_IMPORTTIME_ERROR, RC_IMPORTTIME_ERROR_INVALID,
                   _ ("the module name or its times are not what -X importtime prints"));
      return NULL;
    }
  return rc_import_time_new (name, self_us, cumulative_us, indent / 2, -1);
}

GPtrArray *
rc_importtime_parse (const char *text, GError **error)
{
  g_autoptr (GPtrArray) imports =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_import_time_free);
  g_auto (GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (GError) local = NULL;
      RcImportTime *item;

      g_strchomp (lines[i]);
      if (lines[i][0] == '\0' || rc_importtime_is_header (lines[i]))
        continue;
      item = rc_importtime_parse_line (lines[i], &local);
      if (item == NULL)
        {
          g_set_error (error, RC_IMPORTTIME_ERROR, RC_IMPORTTIME_ERROR_INVALID,
                       _ ("importtime line %u: %s"), i + 1, local->message);
          return NULL;
        }
      g_ptr_array_add (imports, item);
    }
  return g_steal_pointer (&imports);
}

static gint
by_cumulative (gconstpointer a, gconstpointer b)
{
  const RcImportTime *x = *(RcImportTime *const *) a;
  const RcImportTime *y = *(RcImportTime *const *) b;

  return (y->cumulative_us > x->cumulative_us) - (y->cumulative_us < x->cumulative_us);
}

GPtrArray *
rc_importtime_slowest (const GPtrArray *imports, guint n)
{
  g_autoptr (GPtrArray) sorted = g_ptr_array_copy ((GPtrArray *) imports, NULL, NULL);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_import_time_free);

  g_ptr_array_set_free_func (sorted, NULL); /* the copy borrows; it inherits the free func */
  g_ptr_array_sort (sorted, by_cumulative); /* stable: ties keep the order printed */
  for (guint i = 0; i < sorted->len && i < n; i++)
    g_ptr_array_add (out, rc_import_time_copy (sorted->pdata[i]));
  return out;
}

gint64
rc_importtime_total_us (const GPtrArray *imports)
{
  gint64 total = 0;

  for (guint i = 0; i < imports->len; i++)
    {
      const RcImportTime *item = imports->pdata[i];

      if (item->depth == 0)
        total += item->cumulative_us;
    }
  return total;
}
