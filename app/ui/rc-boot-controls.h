/* rc-boot-controls.h: the Boot page's buttons: the settings sidebar's toggle, Boot Cold, Boot
 * Warm, Cold + Warm, Runs…, the report menu (save as JSON, HAR, Markdown; open) and Stop.
 *
 * Each button is a boot.* action of the pane's group (rc_boot_pane_get_actions()), found on
 * the pane above it: the controls hold no state of the boots.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RC_TYPE_BOOT_CONTROLS (rc_boot_controls_get_type ())
G_DECLARE_FINAL_TYPE (RcBootControls, rc_boot_controls, RC, BOOT_CONTROLS, GtkWidget)

/* Properties: "settings-revealed" (boolean): the sidebar toggle, bound to the page's flap. */
GtkWidget *rc_boot_controls_new (void);
void rc_boot_controls_set_settings_revealed (RcBootControls *self, gboolean revealed);
gboolean rc_boot_controls_get_settings_revealed (RcBootControls *self);

G_END_DECLS
