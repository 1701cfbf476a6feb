/* rc-source-style.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <adwaita.h>

#include "rc-source-style.h"

static void
update_scheme (GtkSourceBuffer *buffer, GParamSpec *pspec, AdwStyleManager *style)
{
  GtkSourceStyleSchemeManager *schemes = gtk_source_style_scheme_manager_get_default ();
  const char *id = adw_style_manager_get_dark (style) ? "Adwaita-dark" : "Adwaita";

  gtk_source_buffer_set_style_scheme (buffer,
                                      gtk_source_style_scheme_manager_get_scheme (schemes, id));
}

void
rc_source_style_follow (GtkSourceBuffer *buffer)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  g_return_if_fail (GTK_SOURCE_IS_BUFFER (buffer));

  update_scheme (buffer, NULL, style);
  g_signal_connect_object (style, "notify::dark", G_CALLBACK (update_scheme), buffer,
                           G_CONNECT_SWAPPED);
}
