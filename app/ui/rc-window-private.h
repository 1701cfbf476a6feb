/* rc-window-private.h: the instance struct, shared by the window's files:
 *   rc-window.c          the folder, its validation, the pages and the window's actions
 *   rc-window-unsaved.c  the question before unsaved changes to config.yaml are dropped
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

  /* Owned */
  GSettings *settings;
  GFile *folder;
  RcCommunity *community;
  RcFolderWatch *watch;
  GCancellable *loading;
  GCancellable *prelude_check;
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

/* rc-window-unsaved.c */
/* Whether leaving for @folder (NULL: closing the window) drops unsaved changes. */
gboolean _rc_window_would_lose_changes (RcWindow *self, GFile *folder);
/* Asks Save / Discard / Cancel, then opens @folder (as a community with @as_community), or
 * closes the window when @folder is NULL. */
void _rc_window_ask_unsaved (RcWindow *self, GFile *folder, gboolean as_community);

G_END_DECLS
