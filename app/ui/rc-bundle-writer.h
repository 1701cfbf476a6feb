/* rc-bundle-writer.h: a reproduction bundle written as one zip, for `runtime-console bundle`
 * and the Boot page's boot.save-bundle alike.
 *
 * The contents are core's (rc_bundle_assemble()); this draws the charts with the chart writer
 * (rc-chart-export.h) and writes the zip with libarchive, a new file renamed over the output,
 * so a failed write never leaves half a zip. It lives in the ui layer because the charts do.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gio/gio.h>

#include "core/export/rc-bundle.h"

G_BEGIN_DECLS

/* The bundle's charts of @report (RcBundleFile "charts/KIND.svg", rc_bundle_chart_kinds()). */
GPtrArray *rc_bundle_draw_charts (const RcMeasurement *report, GError **error);

/* Writes the bundle of @source to @output: refuses an @output inside the community folder;
 * draws the charts when @source->charts is NULL. Fills @n_files, @total (bytes before
 * compression) and @warning (rc_bundle_assemble()) when not NULL. Safe to call from a worker
 * thread when @source->charts is given (the charts are drawn with Pango, best on one thread). */
gboolean rc_bundle_write (const RcBundleSource *source, const char *output, guint *n_files,
                          guint64 *total, char **warning, GError **error);

G_END_DECLS
