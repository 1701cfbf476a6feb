/* rc-export-private.h: formatting shared by the text and Markdown exports. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "12.3 MB", "2.7 kB", "0 B": decimal units as the seed document's figures, plain spaces. */
char *rc_format_bytes (double bytes);

G_END_DECLS
