/* rc-chart-palette.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <adwaita.h>

#include "rc-chart-palette.h"

/* Role → libadwaita palette name and its published value (libadwaita 1.2 named colours).
 * Cold and warm are one hue, dark and light; verdicts get hues of their own. */
static const struct
{
  const char *name;
  const char *value;
} roles[RC_CHART_N_ROLES] = {
  [RC_CHART_ROLE_SERIES_0] = { "blue_3", "#3584e4" },
  [RC_CHART_ROLE_SERIES_1] = { "blue_1", "#99c1f1" },
  [RC_CHART_ROLE_SERIES_2] = { "purple_1", "#dc8add" },
  [RC_CHART_ROLE_SERIES_3] = { "brown_2", "#b5835a" },
  [RC_CHART_ROLE_NETWORK] = { "orange_4", "#e66100" },
  [RC_CHART_ROLE_CACHE] = { "green_4", "#2ec27e" },
  [RC_CHART_ROLE_REVALIDATED] = { "yellow_4", "#f5c211" },
  [RC_CHART_ROLE_FAILED] = { "red_3", "#e01b24" },
  [RC_CHART_ROLE_DISAGREE] = { "purple_3", "#9141ac" },
  [RC_CHART_ROLE_FAILURE] = { "red_4", "#c01c28" },
  [RC_CHART_ROLE_REFERENCE] = { "yellow_5", "#e5a50a" },
  [RC_CHART_ROLE_NEUTRAL] = { "dark_2", "#5e5c64" },
};

const char *
rc_chart_palette_role_name (RcChartRole role)
{
  g_return_val_if_fail (role < RC_CHART_N_ROLES, NULL);

  return roles[role].name;
}

static void
derive (RcChartPalette *self)
{
  self->dim = self->fg;
  self->dim.alpha *= 0.62;
  self->grid = self->fg;
  self->grid.alpha *= 0.10;
}

void
rc_chart_palette_init_default (RcChartPalette *self, gboolean dark)
{
  g_return_if_fail (self != NULL);

  self->dark = dark;
  /* window_fg_color and view_bg_color of the light and dark styles */
  gdk_rgba_parse (&self->fg, dark ? "#ffffff" : "rgba(0,0,0,0.8)");
  gdk_rgba_parse (&self->bg, dark ? "#1e1e1e" : "#ffffff");
  gdk_rgba_parse (&self->warning_bg, dark ? "rgba(205,147,9,0.3)" : "rgba(229,165,10,0.25)");
  for (guint i = 0; i < RC_CHART_N_ROLES; i++)
    gdk_rgba_parse (&self->roles[i], roles[i].value);
  if (dark)
    gdk_rgba_parse (&self->roles[RC_CHART_ROLE_NEUTRAL], "#c0bfbc"); /* light_4 */
  derive (self);
}

void
rc_chart_palette_init_for_widget (RcChartPalette *self, GtkWidget *widget)
{
  GtkStyleContext *style;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  g_return_if_fail (GTK_IS_WIDGET (widget));

  rc_chart_palette_init_default (self, dark);
  /* GTK 4.8 has no gtk_widget_get_color(); the style context is how 4.8 reads CSS colours. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  style = gtk_widget_get_style_context (widget);
  gtk_style_context_get_color (style, &self->fg);
  gtk_style_context_lookup_color (style, "view_bg_color", &self->bg);
  for (guint i = 0; i < RC_CHART_N_ROLES; i++)
    gtk_style_context_lookup_color (style, roles[i].name, &self->roles[i]);
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (dark)
    gdk_rgba_parse (&self->roles[RC_CHART_ROLE_NEUTRAL], "#c0bfbc");
  derive (self);
}
