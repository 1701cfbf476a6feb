/* test-help.c: the window's Help (F1, the main menu): the app.help action and its key, the menu
 * item and the shortcuts window's entry, the URI it opens with yelp, without yelp, installed
 * and uninstalled (rc_help_resolve_uri()), and the action handing that URI to the help: handler
 * (a stand-in for yelp, registered in a private XDG_DATA_HOME, that writes down what it got).
 * Under Xvfb.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "rc-test-files.h"
#include "rc-test-ui.h"
#include "ui/rc-application.h"
#include "ui/rc-help.h"
#include "ui/rc-window.h"

static RcApplication *rc_test_app;
/* The stand-in help viewer writes the URI it was launched with here. */
static char *launched_uri_file;

static void
touch (const char *dir, const char *relative)
{
  g_autofree char *path = g_build_filename (dir, relative, NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_file_set_contents (path, "x\n", -1, &error);
  g_assert_no_error (error);
}

static char *
file_uri (const char *dir, const char *relative)
{
  g_autofree char *path = g_build_filename (dir, relative, NULL);

  return g_filename_to_uri (path, NULL, NULL);
}

static void
test_help_uri_installed (void)
{
  g_autofree char *datadir = g_dir_make_tmp ("rc-help-XXXXXX", NULL);
  g_autofree char *uri = NULL;
  g_autofree char *expected = NULL;

  touch (datadir, "help/C/runtime-console/index.page");
  touch (datadir, "doc/runtime-console/window.md");
  /* With yelp, the installed Mallard pages, by their id, as GNOME apps open theirs. */
  uri = rc_help_resolve_uri (TRUE, datadir, RC_SOURCE_DIR);
  g_assert_cmpstr (uri, ==, "help:runtime-console");
  g_clear_pointer (&uri, g_free);
  /* Without yelp, the manual's installed page on the window, never the source tree's. */
  uri = rc_help_resolve_uri (FALSE, datadir, RC_SOURCE_DIR);
  expected = file_uri (datadir, "doc/runtime-console/window.md");
  g_assert_cmpstr (uri, ==, expected);
  g_assert_true (g_str_has_prefix (uri, "file:///"));
  rc_test_remove_tree (datadir);
}

static void
test_help_uri_uninstalled (void)
{
  g_autofree char *datadir = g_dir_make_tmp ("rc-help-XXXXXX", NULL);
  g_autofree char *uri = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *source_help = g_build_filename (RC_SOURCE_DIR, "help", "C", NULL);

  /* An uninstalled build with yelp shows the source tree's pages (they exist: help/C/). */
  uri = rc_help_resolve_uri (TRUE, datadir, RC_SOURCE_DIR);
  expected = g_strconcat ("ghelp:", source_help, NULL);
  g_assert_cmpstr (uri, ==, expected);
  g_clear_pointer (&uri, g_free);
  g_clear_pointer (&expected, g_free);
  /* Without yelp, the source tree's docs/window.md. */
  uri = rc_help_resolve_uri (FALSE, datadir, RC_SOURCE_DIR);
  expected = file_uri (RC_SOURCE_DIR, "docs/window.md");
  g_assert_cmpstr (uri, ==, expected);
  g_clear_pointer (&uri, g_free);
  /* Nothing installed and no source tree: the manual's page online, never an empty URI. */
  uri = rc_help_resolve_uri (TRUE, datadir, NULL);
  g_assert_cmpstr (uri, ==, RC_HELP_ONLINE_URI);
  g_clear_pointer (&uri, g_free);
  /* This build's own answer is one of those, and opens a page that exists. */
  uri = rc_help_get_uri ();
  g_test_message ("this build's help: %s", uri);
  if (g_str_has_prefix (uri, "file:"))
    {
      g_autofree char *path = g_filename_from_uri (uri, NULL, NULL);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
  else
    g_assert_true (g_str_equal (uri, "help:runtime-console") || g_str_has_prefix (uri, "ghelp:/")
                   || g_str_equal (uri, RC_HELP_ONLINE_URI));
  rc_test_remove_tree (datadir);
}

static gboolean
menu_has_action (GMenuModel *menu, const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr (GMenuLinkIter) links = NULL;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_str_equal (name, action))
        return TRUE;
      links = g_menu_model_iterate_item_links (menu, i);
      while (g_menu_link_iter_next (links))
        {
          g_autoptr (GMenuModel) link = g_menu_link_iter_get_value (links);
          if (menu_has_action (link, action))
            return TRUE;
        }
    }
  return FALSE;
}

static GMenuModel *
find_primary_menu (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)))
    return gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GMenuModel *menu = find_primary_menu (child);
      if (menu != NULL)
        return menu;
    }
  return NULL;
}

static gboolean
shortcuts_name_action (GtkWidget *widget, const char *action)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *name = NULL;

      g_object_get (widget, "action-name", &name, NULL);
      if (g_strcmp0 (name, action) == 0)
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shortcuts_name_action (child, action))
      return TRUE;
  return FALSE;
}

static void
test_help_action_menu_and_key (void)
{
  RcWindow *window = rc_window_new (GTK_APPLICATION (rc_test_app));
  g_auto (GStrv) accels = NULL;
  g_auto (GStrv) actions = NULL;
  GMenuModel *menu;
  GtkShortcutsWindow *overlay;

  gtk_window_present (GTK_WINDOW (window));
  rc_test_spin (200);
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (rc_test_app), "help"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (rc_test_app), "help"));
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (rc_test_app), "app.help");
  g_assert_nonnull (accels);
  g_assert_cmpstr (accels[0], ==, "F1");
  /* F1 is not taken by another action. */
  actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (rc_test_app), "F1");
  g_assert_cmpuint (g_strv_length (actions), ==, 1);
  g_assert_cmpstr (actions[0], ==, "app.help");
  menu = find_primary_menu (GTK_WIDGET (window));
  g_assert_nonnull (menu);
  g_assert_true (menu_has_action (menu, "app.help"));
  g_assert_true (menu_has_action (menu, "app.shortcuts"));
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  g_assert_true (shortcuts_name_action (GTK_WIDGET (overlay), "app.help"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_help_action_launches_viewer (void)
{
  RcWindow *window = rc_window_new (GTK_APPLICATION (rc_test_app));
  g_autofree char *expected = rc_help_get_uri ();
  g_autofree char *launched = NULL;
  gint64 until = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  gtk_window_present (GTK_WINDOW (window));
  /* What F1 and the menu item do. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.help", NULL));
  while (!g_file_get_contents (launched_uri_file, &launched, NULL, NULL)
         && g_get_monotonic_time () < until)
    rc_test_spin (100);
  g_assert_nonnull (launched);
  g_strchomp (launched);
  g_test_message ("the help: handler was launched with %s", launched);
  g_assert_cmpstr (launched, ==, expected);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A help: handler of our own, ahead of yelp (the user's mimeapps.list wins), so activating
 * app.help launches something harmless that says what it was given. Before GTK starts: GIO
 * reads the desktop files once. */
static char *
install_stand_in_viewer (void)
{
  g_autofree char *home = g_dir_make_tmp ("rc-help-viewer-XXXXXX", NULL);
  g_autofree char *apps = g_build_filename (home, "data", "applications", NULL);
  g_autofree char *config = g_build_filename (home, "config", NULL);
  g_autofree char *script = g_build_filename (home, "viewer.sh", NULL);
  g_autofree char *desktop = g_build_filename (apps, "rc-test-help-viewer.desktop", NULL);
  g_autofree char *mimeapps = g_build_filename (config, "mimeapps.list", NULL);
  g_autofree char *data_home = g_build_filename (home, "data", NULL);
  g_autofree char *script_text = NULL;
  g_autofree char *desktop_text = NULL;

  g_assert_cmpint (g_mkdir_with_parents (apps, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (config, 0700), ==, 0);
  launched_uri_file = g_build_filename (home, "launched-uri", NULL);
  script_text = g_strdup_printf ("#!/bin/sh\nprintf '%%s\\n' \"$1\" > '%s.part'\n"
                                 "mv '%s.part' '%s'\n",
                                 launched_uri_file, launched_uri_file, launched_uri_file);
  g_assert_true (g_file_set_contents (script, script_text, -1, NULL));
  g_assert_cmpint (g_chmod (script, 0700), ==, 0);
  desktop_text = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Help stand-in\n"
                                  "Exec=%s %%u\nNoDisplay=true\n"
                                  "MimeType=x-scheme-handler/help;x-scheme-handler/ghelp;\n",
                                  script);
  g_assert_true (g_file_set_contents (desktop, desktop_text, -1, NULL));
  g_assert_true (g_file_set_contents (mimeapps,
                                      "[Default Applications]\n"
                                      "x-scheme-handler/help=rc-test-help-viewer.desktop\n"
                                      "x-scheme-handler/ghelp=rc-test-help-viewer.desktop\n",
                                      -1, NULL));
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  return g_steal_pointer (&home);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *viewer_home = install_stand_in_viewer ();
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  rc_test_app = rc_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (rc_test_app), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/ui/help/uri-installed", test_help_uri_installed);
  g_test_add_func ("/ui/help/uri-uninstalled", test_help_uri_uninstalled);
  g_test_add_func ("/ui/help/action-menu-and-key", test_help_action_menu_and_key);
  g_test_add_func ("/ui/help/action-launches-viewer", test_help_action_launches_viewer);
  status = g_test_run ();
  g_clear_object (&rc_test_app);
  rc_test_remove_tree (viewer_home);
  return status;
}
