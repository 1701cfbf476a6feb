/* rc-format.h: byte figures and durations as the reports, charts and tables write them. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @text (consumed) with its no-break spaces plain: g_format_size() separates with a no-break
 * space, a README wants a plain one. */
char *rc_format_plain_spaces (char *text);

/* "12.3 MB", "2.7 kB", "0 B": decimal units as the seed document's figures, plain spaces. */
char *rc_format_bytes (double bytes);

/* @wire_text followed by "(12.3 MB once decoded)" when @decoded exceeds @wire, or "(decoded
 * size unknown)" when @decoded is negative; @wire_text alone otherwise. */
char *rc_format_wire_bytes_text (const char *wire_text, double wire, double decoded);

/* A byte figure as the reports write it: wire bytes, then the decoded size when it differs,
 * "5.5 MB (12.5 MB once decoded)"; @decoded -1 (unknown) adds "(decoded size unknown)". */
char *rc_format_wire_bytes (gint64 wire, gint64 decoded);

/* "850 ms", "3.15 s": a duration as the Markdown tables write it, untranslated like them. */
char *rc_format_ms (double ms);
/* "3.2 s", or "—" when @ms is negative (not measured): a reader's wait. */
char *rc_format_seconds (double ms);
/* The window's one style for durations, translated: "850 ms" below a second, "12.35 s" from
 * there; a negative value or NAN is "–". */
char *rc_format_duration_ms (double ms);
/* "1:42", "1:02:05" from an hour on: time on a clock since something started; a negative
 * @seconds is "0:00". */
char *rc_format_clock (gint64 seconds);

typedef char *(*RcFormatFunc) (double value);
/* "3.15 s (3.05–3.35 s)": @median in @format, then the band of @n values when there are
 * several that differ; "—" when @n is 0. */
char *rc_format_range (guint n, double median, double min, double max, RcFormatFunc format);

G_END_DECLS
