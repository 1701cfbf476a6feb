/* rc-boot-pane-export.c: the page's report saved with the CLI's writers, or opened again.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-boot-pane-private.h"
#include "core/export/rc-export-text.h"

static const char *
format_extension (RcExportFormat format)
{
  switch (format)
    {
    case RC_EXPORT_HAR:
      return "har";
    case RC_EXPORT_MARKDOWN:
      return "md";
    case RC_EXPORT_JSON:
    default:
      return "json";
    }
}

gboolean
rc_boot_pane_save_report (RcBootPane *self, RcExportFormat format, GFile *file, GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (RC_IS_BOOT_PANE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->report == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _ ("There is no report to save: boot first"));
      return FALSE;
    }
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _ ("%s is not a local file; choose a folder on this computer"), uri);
      return FALSE;
    }
  /* The same writer as `measure --json/--har/--markdown`: the same bytes for the same report. */
  return rc_measurement_write (self->report, format, path, error);
}

gboolean
rc_boot_pane_open_report (RcBootPane *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL;
  RcMeasurement *report;

  g_return_val_if_fail (RC_IS_BOOT_PANE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (_rc_boot_pane_is_busy (self))
    {
      g_set_error_literal (error, RC_ENGINE_ERROR, RC_ENGINE_ERROR_BUSY,
                           _ ("A boot is running; stop it before opening a report"));
      return FALSE;
    }
  path = g_file_get_path (file);
  report = path != NULL ? rc_measurement_load (path, error) : NULL;
  if (report == NULL)
    {
      if (path == NULL)
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                             _ ("Only local files can be opened"));
      return FALSE;
    }
  _rc_boot_pane_set_report (self, report, g_steal_pointer (&path));
  _rc_boot_pane_update_actions (self);
  return TRUE;
}

static void
save_response_cb (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  RcBootPane *self = RC_BOOT_PANE (user_data);
  RcExportFormat format =
      GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "rc-export-format"));
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      if (rc_boot_pane_save_report (self, format, file, &error))
        {
          g_autofree char *name = g_file_get_basename (file);

          /* Translators: a toast after an export, "Saved demo-report.json". */
          text = g_strdup_printf (_ ("Saved %s"), name);
        }
      else
        text = g_strdup (error->message);
      _rc_boot_pane_toast (self, text);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

void
_rc_boot_pane_ask_save (RcBootPane *self, RcExportFormat format)
{
  GtkFileChooserNative *dialog;
  const char *name = self->community != NULL ? rc_community_get_id (self->community) : NULL;
  g_autofree char *suggested =
      g_strdup_printf ("%s-report.%s", name != NULL ? name : "runtime", format_extension (format));

  if (self->report == NULL)
    return;
  dialog = gtk_file_chooser_native_new (_ ("Save Report"),
                                        GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"), _ ("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), suggested);
  g_object_set_data (G_OBJECT (dialog), "rc-export-format", GUINT_TO_POINTER (format));
  g_signal_connect (dialog, "response", G_CALLBACK (save_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_response_cb (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  RcBootPane *self = RC_BOOT_PANE (user_data);
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      if (!rc_boot_pane_open_report (self, file, &error))
        _rc_boot_pane_toast (self, error->message);
      else
        {
          g_autofree char *name = g_file_get_basename (file);
          /* Translators: a toast after opening a saved report. */
          g_autofree char *text = g_strdup_printf (_ ("Opened %s"), name);

          _rc_boot_pane_toast (self, text);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

void
_rc_boot_pane_ask_open (RcBootPane *self)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      _ ("Open Report"), GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
      GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _ ("Run reports (JSON)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
