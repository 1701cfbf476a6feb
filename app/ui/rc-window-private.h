/* rc-window-private.h: the instance struct, shared by the window's files:
 *   rc-window.c          the folder, its validation, the pages and the window's actions
 *   rc-window-unsaved.c  the question before unsaved changes to config.yaml are dropped
 *   rc-window-setup.c    a first run without a Pyodide distribution
 *   rc-window-prelude.c  the prelude compiled in the background
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include "rc-boot-pane.h"
#include "rc-community-picker.h"
#include "rc-folder-watch.h"
#include "rc-overview-page.h"
#include "rc-problems-view.h"
#include "rc-welcome-page.h"
#include "rc-window.h"

G_BEGIN_DECLS

struct _RcWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets */
  AdwToastOverlay *toast_overlay;
  AdwViewSwitcherTitle *switcher_title;
  AdwViewSwitcherBar *switcher_bar;
  GtkSpinner *spinner;
  GtkStack *main_stack;
  AdwViewStack *view_stack;
  AdwViewStackPage *problems_page;
  RcWelcomePage *welcome_page;
  RcCommunityPicker *picker;
  RcProblemsView *problems_view;
  RcOverviewPage *overview_page;
  RcBootPane *boot_pane;
  GtkRevealer *setup_revealer;
  GtkLabel *setup_title;
  GtkLabel *setup_description;
  GtkLabel *setup_command;

  /* Owned */
  GSettings *settings;
  GFile *folder;
  RcCommunity *community;
  RcFolderWatch *watch;
  GCancellable *loading;
  GCancellable *prelude_check;
  /* rc-window-prelude.c: the background compile, its results and what they were of */
  GCancellable *prelude_background;
  guint prelude_timeout;
  GPtrArray *prelude_found;
  char *prelude_compiled;
  char *prelude_compiling;
  /* What to do once the unsaved-changes question is answered: open this folder (as a
   * community when opening_community), or close the window when NULL. */
  GFile *pending_open;
  gboolean opening_community;
  AdwMessageDialog *unsaved_dialog;
};

/* rc-window.c */
void _rc_window_open_community (RcWindow *self, GFile *folder);
/* Opens @folder as rc_window_open_folder() does, without asking. */
void _rc_window_open_folder_now (RcWindow *self, GFile *folder);

/* rc-window-setup.c */
/* The bar above the pages: no usable Pyodide distribution at @missing_dir (NULL: hidden). */
void _rc_window_show_setup (RcWindow *self, const char *missing_dir);
/* Sets the "distribution" setting to @path when it holds a Pyodide release (else a toast). */
gboolean _rc_window_use_distribution (RcWindow *self, const char *path);
/* win.choose-distribution */
void _rc_window_setup_setup (RcWindow *self);

/* rc-window-prelude.c */
/* The community's diagnostics as the Problems page shows them: with the background compile's
 * findings instead of the "not compiled" note once the prelude shown was compiled. A new
 * array of borrowed elements. */
GPtrArray *_rc_window_dup_diagnostics (RcWindow *self);
/* Compiles the prelude after a pause, unless it was compiled (or is being) as it is now. */
void _rc_window_schedule_prelude (RcWindow *self);
/* The menu's Check the Prelude Compiles: @found (taken) are the results for the prelude now. */
void _rc_window_take_prelude_results (RcWindow *self, GPtrArray *found);
/* Stops a compile and forgets its results (another folder). */
void _rc_window_clear_prelude (RcWindow *self);
/* rc-window-advise.c: the Advice dialog (win.advise). */
void _rc_window_advise (RcWindow *self);

/* rc-window.c */
/* The Problems page and its badge for self->community (_rc_window_dup_diagnostics()). */
void _rc_window_show_problems (RcWindow *self);

/* rc-window-unsaved.c */
/* Whether leaving for @folder (NULL: closing the window) drops unsaved changes. */
gboolean _rc_window_would_lose_changes (RcWindow *self, GFile *folder);
/* Asks Save / Discard / Cancel, then opens @folder (as a community with @as_community), or
 * closes the window when @folder is NULL. */
void _rc_window_ask_unsaved (RcWindow *self, GFile *folder, gboolean as_community);

G_END_DECLS
