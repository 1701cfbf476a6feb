/* rc-welcome-page.h: the empty state: open button and recent folders.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define RC_TYPE_WELCOME_PAGE (rc_welcome_page_get_type ())
G_DECLARE_FINAL_TYPE (RcWelcomePage, rc_welcome_page, RC, WELCOME_PAGE, GtkWidget)

/* Shows why the last folder could not be opened, or the default invitation for NULL. */
void rc_welcome_page_set_problem (RcWelcomePage *self, const char *title, const char *description);

G_END_DECLS
