/* rc-help.c: where the window's Help goes and opening it.
 *
 * GNOME apps ship their help as Mallard pages that yelp shows (`help:APP`); this console's are
 * help/C/, installed by meson's gnome.yelp(). Without yelp (or without the pages) Help opens
 * the manual's page on the window, installed with the docs, so F1 always leads somewhere.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "rc-help.h"

static char *
file_uri_if_exists (const char *path)
{
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return NULL;
  return g_filename_to_uri (path, NULL, NULL);
}

char *
rc_help_resolve_uri (gboolean have_help_viewer, const char *datadir, const char *source_dir)
{
  g_autofree char *installed_help = NULL;
  g_autofree char *source_help = NULL;
  g_autofree char *installed_doc = NULL;
  g_autofree char *source_doc = NULL;
  char *uri;

  g_return_val_if_fail (datadir != NULL, NULL);

  installed_help = g_build_filename (datadir, "help", "C", RC_HELP_ID, "index.page", NULL);
  if (have_help_viewer && g_file_test (installed_help, G_FILE_TEST_IS_REGULAR))
    return g_strdup ("help:" RC_HELP_ID);
  if (have_help_viewer && source_dir != NULL)
    {
      source_help = g_build_filename (source_dir, "help", "C", "index.page", NULL);
      if (g_file_test (source_help, G_FILE_TEST_IS_REGULAR))
        {
          g_autofree char *dir = g_path_get_dirname (source_help);
          return g_strconcat ("ghelp:", dir, NULL);
        }
    }
  installed_doc = g_build_filename (datadir, "doc", RC_HELP_ID, "window.md", NULL);
  if ((uri = file_uri_if_exists (installed_doc)) != NULL)
    return uri;
  if (source_dir != NULL)
    {
      source_doc = g_build_filename (source_dir, "docs", "window.md", NULL);
      if ((uri = file_uri_if_exists (source_doc)) != NULL)
        return uri;
    }
  return g_strdup (RC_HELP_ONLINE_URI);
}

char *
rc_help_get_uri (void)
{
  g_autoptr (GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");

  return rc_help_resolve_uri (viewer != NULL, DATADIR, RC_SOURCE_DIR);
}

typedef struct
{
  GtkWindow *parent; /* weak */
  char *uri;
} HelpLaunch;

static void
help_launch_free (HelpLaunch *launch)
{
  g_clear_weak_pointer (&launch->parent);
  g_free (launch->uri);
  g_free (launch);
}

static void
show_help_error (HelpLaunch *launch, const GError *error)
{
  const char *heading = _ ("Could Not Open the Help");
  AdwMessageDialog *dialog;

  g_warning ("Could not open the help %s: %s", launch->uri, error->message);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (launch->parent, heading, NULL));
  /* Translators: %s is the help's address, %s the reason. */
  adw_message_dialog_format_body (dialog, _ ("%s could not be opened: %s"), launch->uri,
                                  error->message);
  adw_message_dialog_add_response (dialog, "close", _ ("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
help_launched_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HelpLaunch *launch = user_data;
  g_autoptr (GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    show_help_error (launch, error);
  help_launch_free (launch);
}

void
rc_help_show (GtkWindow *parent)
{
  HelpLaunch *launch = g_new0 (HelpLaunch, 1);
  GdkDisplay *display =
      parent != NULL ? gtk_widget_get_display (GTK_WIDGET (parent)) : gdk_display_get_default ();
  g_autoptr (GdkAppLaunchContext) context = gdk_display_get_app_launch_context (display);

  g_set_weak_pointer (&launch->parent, parent);
  launch->uri = rc_help_get_uri ();
  /* GtkUriLauncher needs GTK 4.10; on 4.8 the app-info launch with the display's context is
   * what gtk_show_uri() does, with an error to show. */
  g_app_info_launch_default_for_uri_async (launch->uri, G_APP_LAUNCH_CONTEXT (context), NULL,
                                           help_launched_cb, launch);
}
