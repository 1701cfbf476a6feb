/* rc-test-window.h: what the window tests share (test-window.c, test-window-boot.c,
 * test-window-fix.c, test-window-bundle.c, test-history-dialog.c).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>

#include "ui/rc-application.h"
#include "ui/rc-boot-pane.h"
#include "ui/rc-boot-results.h"
#include "ui/rc-charts-view.h"
#include "ui/rc-python-console.h"
#include "ui/rc-window.h"

G_BEGIN_DECLS

/* The application every test window belongs to (registered by rc_test_window_init()). */
extern RcApplication *rc_test_app;

/* A window test's main(): gtk_test_init(), adw_init() and rc_test_app, registered. */
void rc_test_window_init (int *argc, char ***argv);
/* g_test_run(), then drops rc_test_app; the exit status. */
int rc_test_window_run (void);

/* A signal handler that sets *@flag. */
void rc_test_set_true (gboolean *flag);
/* RcPythonConsole::finished: sets *@done. */
void rc_test_set_done_cb (RcPythonConsole *console, JsonObject *result, gboolean *done);
/* The window's template child @name. */
gpointer rc_test_window_child (RcWindow *window, const char *name);

/* The Boot page's parts, where its composite widgets hold them. */
gpointer rc_test_pane_child (RcBootPane *pane, const char *name);
RcBootResults *rc_test_find_results (RcBootPane *pane);
RcPythonConsole *rc_test_find_console (RcBootPane *pane);
RcChartsView *rc_test_find_charts (RcBootPane *pane);
GtkStack *rc_test_results_stack (RcBootPane *pane);
void rc_test_set_results_page (RcBootPane *pane, const char *name);
AdwFlap *rc_test_find_flap (RcBootPane *pane);
GtkWidget *rc_test_find_flap_toggle (RcBootPane *pane);

/* A 1280×820 window on the folder at @path (or @relative to the source tree), loaded. */
RcWindow *rc_test_open_window_at (const char *path);
RcWindow *rc_test_open_window (const char *relative);
void rc_test_show_page (RcWindow *window, const char *name);
/* Asks for @width × @height and waits (at most 15 s) until the window is allocated at most
 * that wide and high: the X server resizes it asynchronously, later on a loaded machine. */
void rc_test_resize_window (RcWindow *window, int width, int height);
/* A copy of the source tree's folder @relative in a new temporary folder, keeping its name. */
char *rc_test_copy_tree (const char *relative);
/* Removes a copy rc_test_copy_tree() made, with its temporary folder. */
void rc_test_remove_copy (const char *dir);
/* Waits for the window's next ::notify::community. */
void rc_test_wait_community (RcWindow *window, double seconds);
/* Activates boot.@action as the window's menu does and waits for the plan to end; returns a
 * copy of the report's last run. */
RcRunRecord *rc_test_boot_and_wait (RcWindow *window, const char *action, double seconds);
/* Some row of @model has @text in cell @column. */
gboolean rc_test_any_cell_is (GListModel *model, guint column, const char *text);

/* test-window-boot.c */
void rc_test_window_add_boot_tests (void);

G_END_DECLS
