/* rc-help.h: where the window's Help goes (F1, the main menu's Help) and opening it.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The help's id: its pages are installed as share/help/C/runtime-console (help/C/). */
#define RC_HELP_ID "runtime-console"
/* The manual's page on the window, where nothing of the help or the manual is installed. */
#define RC_HELP_ONLINE_URI                                                                         \
  "https://github.com/OpenScience-Collective/runtime-console/blob/main/docs/window.md"

/* The URI Help opens, first of:
 * - `help:runtime-console`, when @have_help_viewer (something handles help: URIs, yelp on
 *   GNOME) and the Mallard pages are installed in @datadir/help/C/runtime-console;
 * - `ghelp:SOURCE/help/C`, the source tree's pages, for an uninstalled build with a viewer;
 * - the manual's page on the window as a file: URI, installed in
 *   @datadir/doc/runtime-console/window.md, else in @source_dir/docs/window.md;
 * - RC_HELP_ONLINE_URI.
 * @source_dir may be NULL. Pure: it only looks at files, so tests can call it. */
char *rc_help_resolve_uri (gboolean have_help_viewer, const char *datadir, const char *source_dir);

/* rc_help_resolve_uri() for this installation: a viewer is an application registered for the
 * help: scheme, @datadir the console's prefix, the source tree the one it was built from. */
char *rc_help_get_uri (void);

/* Opens rc_help_get_uri() for @parent (may be NULL); shows a dialog saying why when it cannot
 * be opened. */
void rc_help_show (GtkWindow *parent);

G_END_DECLS
