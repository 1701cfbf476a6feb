/* rc-boot-pane-bundle.c: boot.save-bundle, the page's report as the reproduction bundle
 * `runtime-console bundle` writes (rc_bundle_write(), ui/rc-bundle-writer.h).
 *
 * The report is copied (as its JSON) and the charts drawn on the main thread, where the
 * report and Pango live; reading the folder and writing the zip run in a GTask thread, so a
 * community with large wheels does not stall the window.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/policy/rc-csp-presets.h"
#include "rc-boot-pane-private.h"
#include "rc-bundle-writer.h"

/* The report's JSON as Save JSON writes it: `bundle --report` of that file bundles these bytes. */
static GBytes *
report_bytes (const RcMeasurement *report)
{
  g_autofree char *json = rc_measurement_to_json_string (report);
  g_autoptr (GString) text = g_string_new (json);

  if (!g_str_has_suffix (text->str, "\n"))
    g_string_append_c (text, '\n');
  return g_string_free_to_bytes (g_steal_pointer (&text));
}

/* The policy the report ran under: the sidebar's while its text is the one recorded (a custom
 * policy exists nowhere else), else the recorded preset's, as `bundle` picks it. */
static gboolean
pick_policy (RcBootPane *self, char **name, char **text, GError **error)
{
  const RcRunRecord *run = self->report->runs->len > 0 ? self->report->runs->pdata[0] : NULL;
  const char *recorded = run && run->env.policy_name ? run->env.policy_name : "none";
  g_autofree char *sidebar = rc_boot_settings_dup_policy (self->boot_settings);
  g_autofree char *sha = sidebar != NULL ? rc_csp_policy_sha256 (sidebar) : NULL;
  g_autoptr (RcCspPreset) preset = NULL;

  if (sha != NULL && run != NULL && g_strcmp0 (sha, run->env.policy_sha256) == 0)
    {
      *name = g_strdup (recorded);
      *text = g_steal_pointer (&sidebar);
      return TRUE;
    }
  if (g_str_equal (recorded, "custom"))
    {
      g_set_error_literal (error, RC_BUNDLE_ERROR, RC_BUNDLE_ERROR_POLICY,
                           _ ("The report ran under a custom policy that is no longer in the "
                              "sidebar; paste it there again to bundle it"));
      return FALSE;
    }
  if ((preset = rc_csp_presets_lookup (recorded, error)) == NULL)
    return FALSE;
  *name = g_strdup (recorded);
  *text = g_strdup (preset->policy);
  return TRUE;
}

typedef struct
{
  char *dir;
  char *output;
  GBytes *report_bytes;
  char *report_source;
  char *policy_name;
  char *policy_text;
  GPtrArray *charts;
  char *warning; /* set by the thread: rc_bundle_assemble()'s, or NULL */
} BundleJob;

static void
bundle_job_free (BundleJob *job)
{
  g_free (job->dir);
  g_free (job->output);
  g_bytes_unref (job->report_bytes);
  g_free (job->report_source);
  g_free (job->policy_name);
  g_free (job->policy_text);
  g_ptr_array_unref (job->charts);
  g_free (job->warning);
  g_free (job);
}

static void
bundle_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  BundleJob *job = task_data;
  GError *error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (job->report_bytes, &length);
  g_autoptr (RcMeasurement) report = rc_measurement_load_data (data, length, "report.json", &error);
  RcBundleSource source = {
    .dir = job->dir,
    .report = report,
    .report_bytes = job->report_bytes,
    .report_source = job->report_source,
    .policy_name = job->policy_name,
    .policy_text = job->policy_text,
    .charts = job->charts,
  };

  if (report == NULL || !rc_bundle_write (&source, job->output, NULL, NULL, &job->warning, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* The job for @output, everything read from the page now; NULL and @error when it cannot be. */
static BundleJob *
bundle_job_new (RcBootPane *self, const char *output, GError **error)
{
  g_autofree char *name = NULL, *text = NULL;
  g_autoptr (GPtrArray) charts = NULL;
  const char *dir = self->community != NULL ? rc_community_get_dir (self->community) : NULL;
  BundleJob *job;

  if (self->report == NULL || dir == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _ ("There is no report to bundle: boot first"));
      return NULL;
    }
  /* Said before any work, in the words the page uses. */
  if (rc_bundle_output_inside (output, dir))
    {
      g_autofree char *base = g_path_get_basename (output);

      g_set_error (error, RC_BUNDLE_ERROR, RC_BUNDLE_ERROR_FOLDER,
                   _ ("Not saved: %s would be inside the community folder, which the console "
                      "never writes into; choose another folder"),
                   base);
      return NULL;
    }
  if (!pick_policy (self, &name, &text, error)
      || (charts = rc_bundle_draw_charts (self->report, error)) == NULL)
    return NULL;
  job = g_new0 (BundleJob, 1);
  job->dir = g_strdup (dir);
  job->output = g_strdup (output);
  job->report_bytes = report_bytes (self->report);
  /* README.md and environment.json say where the report came from (English, like them). */
  job->report_source = g_strdup (self->report_source ? self->report_source
                                                     : "the Boot page of the console's window");
  job->policy_name = g_steal_pointer (&name);
  job->policy_text = g_steal_pointer (&text);
  job->charts = g_steal_pointer (&charts);
  return job;
}

void
rc_boot_pane_save_bundle_async (RcBootPane *self, GFile *file, GCancellable *cancellable,
                                GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autofree char *path = NULL;
  GError *error = NULL;
  BundleJob *job;

  g_return_if_fail (RC_IS_BOOT_PANE (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, rc_boot_pane_save_bundle_async);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _ ("%s is not a local file; choose a folder on this computer"), uri);
      return;
    }
  if ((job = bundle_job_new (self, path, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_set_task_data (task, job, (GDestroyNotify) bundle_job_free);
  g_task_run_in_thread (task, bundle_thread);
}

gboolean
rc_boot_pane_save_bundle_finish (RcBootPane *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
saved_cb (GObject *object, GAsyncResult *result, gpointer user_data)
{
  RcBootPane *self = RC_BOOT_PANE (object);
  g_autoptr (GFile) file = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (rc_boot_pane_save_bundle_finish (self, result, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      BundleJob *job = g_task_get_task_data (G_TASK (result));

      if (job->warning != NULL)
        /* Translators: a toast after saving a reproduction bundle that holds a config.yaml
         * other than the report's: "Saved repro.zip, but the report was measured on …". */
        text = g_strdup_printf (_ ("Saved %s, but %s"), name, job->warning);
      else
        /* Translators: a toast after saving a reproduction bundle, "Saved repro.zip". */
        text = g_strdup_printf (_ ("Saved %s"), name);
    }
  else
    text = g_strdup (error->message);
  _rc_boot_pane_toast (self, text);
}

void
_rc_boot_pane_save_bundle_to (RcBootPane *self, GFile *file)
{
  rc_boot_pane_save_bundle_async (self, file, NULL, saved_cb, g_object_ref (file));
}

static void
ask_response_cb (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  RcBootPane *self = RC_BOOT_PANE (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      _rc_boot_pane_save_bundle_to (self, file);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

void
_rc_boot_pane_ask_save_bundle (RcBootPane *self)
{
  GtkFileChooserNative *dialog;
  const char *name = self->community != NULL ? rc_community_get_id (self->community) : NULL;
  g_autofree char *suggested = g_strdup_printf ("%s-repro.zip", name != NULL ? name : "runtime");

  if (self->report == NULL)
    return;
  dialog = gtk_file_chooser_native_new (_ ("Save Reproduction Bundle"),
                                        GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"), _ ("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), suggested);
  g_signal_connect (dialog, "response", G_CALLBACK (ask_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
