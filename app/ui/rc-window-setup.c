/* rc-window-setup.c: a first run without tools/setup.sh. The community is checked as far as
 * it can be without a Pyodide distribution (rc_community_load_without_distribution()), and a
 * bar above the pages says what is missing, in words, with the way out: the command to run,
 * or a folder to choose (the "distribution" setting, which validates again).
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/base/rc-paths.h"
#include "rc-window-private.h"

/* What is wrong with @dir, in words. */
static char *
describe_missing (const char *dir)
{
  g_autofree char *shown = g_filename_display_name (dir);
  g_autofree char *lock = g_build_filename (dir, "pyodide-lock.json", NULL);

  if (!g_file_test (dir, G_FILE_TEST_EXISTS))
    /* Translators: %s is a folder */
    return g_strdup_printf (_ ("There is no Pyodide distribution at %s yet."), shown);
  if (!g_file_test (lock, G_FILE_TEST_IS_REGULAR))
    /* Translators: %s is a folder */
    return g_strdup_printf (_ ("%s holds no Pyodide release: it has no pyodide-lock.json."), shown);
  /* Translators: %s is a folder */
  return g_strdup_printf (_ ("The Pyodide lock in %s cannot be read."), shown);
}

void
_rc_window_show_setup (RcWindow *self, const char *missing_dir)
{
  g_autofree char *what = NULL;
  g_autofree char *description = NULL;

  gtk_revealer_set_reveal_child (self->setup_revealer, missing_dir != NULL);
  if (missing_dir == NULL)
    return;
  what = describe_missing (missing_dir);
  description = g_strdup_printf (
      /* Translators: %s says what is missing; "tools/setup.sh" follows on its own line */
      _ ("%s The preloads are looked up in it and the runtime boots from it, so only "
         "config.yaml's rules and the lock overlay's wheels were checked. Run this in the "
         "Runtime Console source folder, or choose a folder that holds a Pyodide %s release:"),
      what, PYODIDE_VERSION);
  gtk_label_set_label (self->setup_title, _ ("Pyodide Is Not Set Up"));
  gtk_label_set_label (self->setup_description, description);
  gtk_label_set_label (self->setup_command, "tools/setup.sh");
}

static void
choose_response_cb (GtkNativeDialog *dialog, int response, RcWindow *self)
{
  g_autoptr (GFile) folder = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT
      && (folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog))) != NULL
      && (path = g_file_get_path (folder)) != NULL)
    _rc_window_use_distribution (self, path);
  g_object_unref (dialog);
}

gboolean
_rc_window_use_distribution (RcWindow *self, const char *path)
{
  g_autofree char *lock = g_build_filename (path, "pyodide-lock.json", NULL);

  if (!g_file_test (lock, G_FILE_TEST_IS_REGULAR))
    {
      rc_window_add_toast (self, _ ("That folder has no pyodide-lock.json: choose a Pyodide "
                                    "release folder"));
      return FALSE;
    }
  /* the window validates again on the change (rc_window_init()) */
  g_settings_set_string (self->settings, "distribution", path);
  return TRUE;
}

/* GtkFileDialog needs GTK 4.10; the native chooser is the 4.8 way (rc-application.c). */
static void
choose_distribution_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  RcWindow *self = RC_WINDOW (user_data);
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      _ ("Choose a Pyodide Release Folder"), GTK_WINDOW (self),
      GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _ ("_Select"), _ ("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (choose_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static const GActionEntry setup_actions[] = {
  { "choose-distribution", choose_distribution_action },
};

void
_rc_window_setup_setup (RcWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), setup_actions, G_N_ELEMENTS (setup_actions),
                                   self);
}
