/* rc-importtime.h: Python's `-X importtime` output, parsed.
 *
 * CPython writes one stderr line per import as the import ends, after a header line printed
 * as the first import starts:
 *   import time: self [us] | cumulative | imported package
 *   import time:       269 |        269 |   marshal
 * The indentation of the name (two spaces a level) is its nesting: a line is printed before
 * the line of the import that caused it. Only real importtime lines are parsed; anything else
 * is a clear error naming the line, so a format change is noticed, never misread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char *module;
  gint64 self_us;       /* the import's own time */
  gint64 cumulative_us; /* with the imports it caused */
  guint depth;          /* 0: imported at the top level */
  double t_ms;          /* the worker clock of its line (its end), -1 unknown */
} RcImportTime;

RcImportTime *rc_import_time_new (const char *module, gint64 self_us, gint64 cumulative_us,
                                  guint depth, double t_ms);
RcImportTime *rc_import_time_copy (const RcImportTime *self);
void rc_import_time_free (RcImportTime *self);

#define RC_IMPORTTIME_ERROR (rc_importtime_error_quark ())
GQuark rc_importtime_error_quark (void);

typedef enum
{
  RC_IMPORTTIME_ERROR_INVALID, /* a line that is not importtime output */
} RcImporttimeError;

/* TRUE for the header line ("import time: self [us] | cumulative | imported package"). */
gboolean rc_importtime_is_header (const char *line);
/* One line: a new RcImportTime (t_ms -1), NULL for the header (no error), or NULL with an
 * error saying what is wrong with it. */
RcImportTime *rc_importtime_parse_line (const char *line, GError **error);
/* Whole output, one line each (the header and empty lines skipped): RcImportTime items in
 * the order printed, or NULL with an error naming the line number. */
GPtrArray *rc_importtime_parse (const char *text, GError **error);
/* The @n imports of @imports with the largest cumulative time, largest first (ties: the
 * earlier line first); copies. */
GPtrArray *rc_importtime_slowest (const GPtrArray *imports, guint n);
/* The time the top-level imports took in all (their cumulative µs summed). */
gint64 rc_importtime_total_us (const GPtrArray *imports);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcImportTime, rc_import_time_free)

G_END_DECLS
