/* rc-format.c: byte figures as every report, chart and table writes them. Below the charts
 * and the exports, which both call it (it lived in the two exports, which called each other). */
#include "config.h"

#include <glib/gi18n.h>

#include "core/base/rc-format.h"

char *
rc_format_plain_spaces (char *text)
{
  GString *s = g_string_new (text);

  g_free (text);

  g_string_replace (s, "\u202f", " ", 0);
  g_string_replace (s, "\u00a0", " ", 0);
  return g_string_free (s, FALSE);
}

char *
rc_format_bytes (double bytes)
{
  if (bytes < 1)
    return g_strdup ("0 B");
  return rc_format_plain_spaces (g_format_size ((guint64) (bytes + 0.5)));
}

char *
rc_format_wire_bytes_text (const char *wire_text, double wire, double decoded)
{
  g_autofree char *text = NULL;

  if (decoded < 0)
    /* TRANSLATORS: %s is a byte figure, "5.5 MB" */
    return g_strdup_printf (_ ("%s (decoded size unknown)"), wire_text);
  if (decoded <= wire + 0.5)
    return g_strdup (wire_text);
  text = rc_format_bytes (decoded);
  /* TRANSLATORS: "5.5 MB (12.5 MB once decoded)": bytes on the wire, then the size once the
   * brotli/gzip Content-Encoding is undone */
  return g_strdup_printf (_ ("%s (%s once decoded)"), wire_text, text);
}

char *
rc_format_wire_bytes (gint64 wire, gint64 decoded)
{
  g_autofree char *text = rc_format_bytes ((double) wire);

  return rc_format_wire_bytes_text (text, (double) wire, decoded < 0 ? -1 : (double) decoded);
}
