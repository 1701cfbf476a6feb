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

/* How often a window draws while something runs: start when it runs (waits up to 5 s for
 * @widget's frame clock), end when it has finished; frames drawn a second in between. */
typedef struct
{
  GdkFrameClock *clock;
  gint64 frame0, time0;
} RcTestFrameRate;
void rc_test_frame_rate_start (RcTestFrameRate *rate, GtkWidget *widget);
double rc_test_frame_rate_end (RcTestFrameRate *rate);

/* The first open toplevel of @type (a dialog the window opened), or NULL. */
GtkWindow *rc_test_find_toplevel (GType type);

G_END_DECLS
