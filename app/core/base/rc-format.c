/* rc-format.c: byte figures and durations as every report, chart and table writes them.
 * Below the charts and the exports, which both call it (it lived in the two exports, which
 * called each other); the exports and the window had copies of the durations. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

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

char *
rc_format_ms (double ms)
{
  if (ms >= 1000)
    return g_strdup_printf ("%.2f s", ms / 1000.0);
  return g_strdup_printf ("%.0f ms", ms);
}

char *
rc_format_seconds (double ms)
{
  return ms < 0 ? g_strdup ("—") : g_strdup_printf ("%.1f s", ms / 1000.0);
}

char *
rc_format_duration_ms (double ms)
{
  if (ms < 0 || isnan (ms))
    return g_strdup ("–");
  if (ms < 1000)
    return g_strdup_printf (_ ("%.0f ms"), ms);
  return g_strdup_printf (_ ("%.2f s"), ms / 1000);
}

char *
rc_format_clock (gint64 seconds)
{
  seconds = MAX (seconds, 0);
  if (seconds >= 3600)
    return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d", seconds / 3600,
                            (int) (seconds / 60 % 60), (int) (seconds % 60));
  return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d", seconds / 60, (int) (seconds % 60));
}

char *
rc_format_range (guint n, double median, double min, double max, RcFormatFunc format)
{
  g_autofree char *median_text = NULL;
  g_autofree char *min_text = NULL;
  g_autofree char *max_text = NULL;

  if (n == 0)
    return g_strdup ("—");
  median_text = format (median);
  if (n < 2 || min == max)
    return g_steal_pointer (&median_text);
  min_text = format (min);
  max_text = format (max);
  return g_strdup_printf ("%s (%s–%s)", median_text, min_text, max_text);
}
