/* rc-export-text.h: the terminal summary of a report, and writing any export to a file. */
#pragma once

#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

typedef enum
{
  RC_EXPORT_JSON,
  RC_EXPORT_HAR,
  RC_EXPORT_MARKDOWN,
} RcExportFormat;

/* Writes the report in @format to @path ("-" is stdout), atomically for files. */
gboolean rc_measurement_write (const RcMeasurement *self, RcExportFormat format, const char *path,
                               GError **error);
/* Plain text for a terminal: per scenario the run count, median boot time (min–max), bytes,
 * heap and verdict counts, then every error or warning flag. `measure` prints it on stdout. */
char *rc_measurement_format_summary (const RcMeasurement *self);

G_END_DECLS
