/* rc-export-provenance.c: which distribution and whether the controls held, in the exports. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/measurement/rc-control-engines.h"
#include "core/measurement/rc-measurement.h"
#include "core/export/rc-export-provenance.h"

/* The distinct distributions of the runs, in run order ("a; b"), or NULL when none says. */
static char *
distributions (const RcMeasurement *self)
{
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->runs->len; i++)
    {
      const RcRunRecord *run = self->runs->pdata[i];
      g_autofree char *text = rc_run_environment_describe_distribution (&run->env);
      gboolean known = FALSE;

      for (guint j = 0; text != NULL && j < seen->len; j++)
        known |= g_str_equal (seen->pdata[j], text);
      if (text != NULL && !known)
        g_ptr_array_add (seen, g_steal_pointer (&text));
    }
  if (seen->len == 0)
    return NULL;
  g_ptr_array_add (seen, NULL);
  return g_strjoinv ("; ", (char **) seen->pdata);
}

void
rc_measurement_append_provenance_markdown (const RcMeasurement *self, GString *out)
{
  g_autofree char *dist = distributions (self);

  if (dist != NULL)
    g_string_append_printf (out, _ ("Pyodide distribution: %s.\n"), dist);
  rc_controls_append_markdown (self->controls, out);
  if (dist != NULL || self->controls->len > 0)
    g_string_append_c (out, '\n');
}

void
rc_measurement_append_provenance_text (const RcMeasurement *self, GString *out)
{
  g_autofree char *dist = distributions (self);

  if (dist != NULL)
    g_string_append_printf (out, _ ("distribution: %s\n"), dist);
  rc_controls_append_text (self->controls, out);
}
