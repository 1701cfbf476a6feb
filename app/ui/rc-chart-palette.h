/* rc-chart-palette.h: the colours of the chart roles, from libadwaita's named palette.
 *
 * On screen the colours are looked up by name in the widget's style (so they follow the
 * light and dark styles); files use the same names' published values.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

#include "core/chart/rc-chart-model.h"

G_BEGIN_DECLS

typedef struct
{
  GdkRGBA fg;   /* text */
  GdkRGBA dim;  /* tick labels, values */
  GdkRGBA grid; /* grid lines, row stripes */
  GdkRGBA bg;   /* the background files are painted on */
  GdkRGBA warning_bg;
  GdkRGBA roles[RC_CHART_N_ROLES];
  gboolean dark;
} RcChartPalette;

/* libadwaita's palette values, light or dark. */
void rc_chart_palette_init_default (RcChartPalette *self, gboolean dark);
/* The colours @widget's style gives the same names (falls back to the defaults). */
void rc_chart_palette_init_for_widget (RcChartPalette *self, GtkWidget *widget);
/* The libadwaita colour name a role uses ("blue_3"). */
const char *rc_chart_palette_role_name (RcChartRole role);

G_END_DECLS
