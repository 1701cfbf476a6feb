/* rc-boot-pane-distribution.c: which Pyodide distribution the boots use, as `boot
 * --distribution DIR` and `--live` choose it. The choice is the "distribution" setting: the
 * window loads the community against that folder's lock (and loads it again when the setting
 * changes); the pane points the server at the live network when it is "live".
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-boot-pane-private.h"

gboolean
_rc_boot_pane_wants_live (RcBootPane *self)
{
  g_autofree char *choice = g_settings_get_string (self->settings, "distribution");

  return g_str_equal (choice, "live");
}

/* "Live network …", the loaded community's distribution folder, or what the setting asks for
 * while the community has not been loaded against it yet. */
char *
_rc_boot_pane_describe_distribution (RcBootPane *self)
{
  g_autofree char *choice = g_settings_get_string (self->settings, "distribution");
  const char *dir =
      self->community != NULL ? rc_community_get_distribution_dir (self->community) : NULL;

  if (g_str_equal (choice, "live"))
    return g_strdup (_ ("Live network (the real CDN and data hosts)"));
  if (dir == NULL)
    dir = *choice != '\0' ? choice : NULL;
  if (dir == NULL)
    return g_strdup (_ ("The bundled npm distribution"));
  return g_strdup (dir);
}

void
_rc_boot_pane_show_distribution (RcBootPane *self)
{
  g_autofree char *what = _rc_boot_pane_describe_distribution (self);

  rc_boot_settings_set_distribution (self->boot_settings, what);
  rc_boot_status_set_distribution (self->status, what);
}

void
rc_boot_pane_set_distribution (RcBootPane *self, const char *choice)
{
  g_return_if_fail (RC_IS_BOOT_PANE (self));

  /* The window follows the setting and loads the community against the new lock. */
  g_settings_set_string (self->settings, "distribution", choice != NULL ? choice : "");
}

static void
choose_response_cb (GtkNativeDialog *dialog, int response, RcBootPane *self)
{
  g_autoptr (GFile) folder = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT
      && (folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog))) != NULL
      && (path = g_file_get_path (folder)) != NULL)
    {
      g_autofree char *lock = g_build_filename (path, "pyodide-lock.json", NULL);

      if (g_file_test (lock, G_FILE_TEST_IS_REGULAR))
        rc_boot_pane_set_distribution (self, path);
      else
        _rc_boot_pane_toast (self, _ ("That folder has no pyodide-lock.json: choose a Pyodide "
                                      "release folder"));
    }
  g_object_unref (dialog);
}

void
_rc_boot_pane_ask_distribution (RcBootPane *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      _ ("Choose a Pyodide Release Folder"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
      GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _ ("_Select"), _ ("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (choose_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
_rc_boot_pane_setup_distribution (RcBootPane *self)
{
  g_signal_connect_object (self->settings, "changed::distribution",
                           G_CALLBACK (_rc_boot_pane_show_distribution), self, G_CONNECT_SWAPPED);
  _rc_boot_pane_show_distribution (self);
}
