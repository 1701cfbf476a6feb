/* rc-source-style.h: GtkSourceView colours that follow libadwaita's light or dark style.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtksourceview/gtksource.h>

G_BEGIN_DECLS

/* Uses the Adwaita or Adwaita-dark scheme on @buffer now and whenever the style changes. */
void rc_source_style_follow (GtkSourceBuffer *buffer);

G_END_DECLS
