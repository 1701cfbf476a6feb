/* rc-export-private.h: formatting shared by the text and Markdown exports. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "12.3 MB", "2.7 kB", "0 B": decimal units as the seed document's figures, plain spaces. */
char *rc_format_bytes (double bytes);

/* @wire_text followed by "(12.3 MB once decoded)" when @decoded exceeds @wire, or "(decoded
 * size unknown)" when @decoded is negative; @wire_text alone otherwise. */
char *rc_format_wire_bytes_text (const char *wire_text, double wire, double decoded);

G_END_DECLS
