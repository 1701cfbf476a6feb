/* rc-test-ui.h: helpers for window tests: wait on the main loop, save screenshots.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Iterates the default main context until *@flag is TRUE or @seconds pass; FALSE on timeout. */
gboolean rc_test_wait_for (const gboolean *flag, double seconds);
/* Iterates the default main context for @ms milliseconds. */
void rc_test_spin (guint ms);
/* Renders @widget with its window's renderer into build/tests/screenshots/@name.png and
 * returns the path. */
char *rc_test_save_screenshot (GtkWidget *widget, const char *name);

G_END_DECLS
