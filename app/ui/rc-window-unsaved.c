/* rc-window-unsaved.c: the question GNOME Text Editor asks before it drops a document's
 * changes, asked before the window leaves a folder whose config.yaml has unsaved quick fixes
 * (another folder opened by Ctrl+O, the picker, a recent folder or a drop; the window closed).
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-window-private.h"

/* Changes to config.yaml that leaving @folder (NULL: closing) would lose. */
gboolean
_rc_window_would_lose_changes (RcWindow *self, GFile *folder)
{
  GFile *edited = rc_problems_view_get_folder (self->problems_view);

  return rc_problems_view_get_modified (self->problems_view) && edited != NULL
         && (folder == NULL || !g_file_equal (edited, folder));
}

static gboolean
close_idle_cb (gpointer user_data)
{
  /* nothing to lose now: saves the size and closes */
  gtk_window_close (GTK_WINDOW (user_data));
  return G_SOURCE_REMOVE;
}

static void
rc_window_do_pending (RcWindow *self)
{
  g_autoptr (GFile) folder = g_steal_pointer (&self->pending_open);

  /* Once the question is gone: it is transient for this window. At the default priority, not
   * an idle one: a boot in progress (the prelude's background compile) keeps the main loop
   * busy with default-priority work, and an idle close waited for it to end (~10 s). */
  if (folder == NULL)
    _rc_window_clear_prelude (self);
  if (folder == NULL)
    g_timeout_add_full (G_PRIORITY_DEFAULT, 0, close_idle_cb, g_object_ref (self), g_object_unref);
  else if (self->opening_community)
    _rc_window_open_community (self, folder);
  else
    _rc_window_open_folder_now (self, folder);
}

static void
unsaved_response_cb (AdwMessageDialog *dialog, const char *response, RcWindow *self)
{
  g_autoptr (GError) error = NULL;

  self->unsaved_dialog = NULL;
  if (g_str_equal (response, "save"))
    {
      if (!rc_problems_view_save_config (self->problems_view, &error))
        {
          g_autofree char *text =
              g_strdup_printf (_ ("config.yaml was not saved: %s"), error->message);

          g_clear_object (&self->pending_open);
          rc_window_add_toast (self, text);
          return;
        }
    }
  else if (g_str_equal (response, "discard"))
    rc_problems_view_discard_changes (self->problems_view);
  else
    {
      g_clear_object (&self->pending_open);
      return;
    }
  rc_window_do_pending (self);
}

/* As GNOME Text Editor asks before it drops a document's changes. */
void
_rc_window_ask_unsaved (RcWindow *self, GFile *folder, gboolean as_community)
{
  GFile *edited = rc_problems_view_get_folder (self->problems_view);
  g_autofree char *where = g_file_get_parse_name (edited);
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  g_set_object (&self->pending_open, folder);
  self->opening_community = as_community;
  if (self->unsaved_dialog != NULL)
    return; /* still asking: the answer goes to the latest folder */
  body = g_strdup_printf (_ ("config.yaml in %s has quick fixes that are not saved. If you "
                             "do not save them, they are lost."),
                          where);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Save Changes?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "discard",
                                    _ ("_Discard"), "save", _ ("_Save"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (unsaved_response_cb), self, 0);
  self->unsaved_dialog = ADW_MESSAGE_DIALOG (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}
