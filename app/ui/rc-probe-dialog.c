/* rc-probe-dialog.c: the seal probe's window (rc-probe-dialog.h).
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-seal-probe.h"
#include "rc-elapsed-clock.h"
#include "rc-probe-dialog.h"

struct _RcProbeDialog
{
  AdwWindow parent_instance;

  RcCommunity *community;
  RcServer *server;
  RcEngine *engine;
  RcSealProbe *probe;
  GCancellable *cancellable;
  RcSealReport *report;

  GtkLabel *status;
  GtkTextBuffer *text;
  GtkButton *apply_button;
  RcElapsedClock *clock;
};

G_DEFINE_FINAL_TYPE (RcProbeDialog, rc_probe_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_FINISHED,
  SIGNAL_APPLY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
rc_probe_dialog_dispose (GObject *object)
{
  RcProbeDialog *self = RC_PROBE_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  if (self->engine != NULL)
    rc_engine_stop (self->engine);
  g_clear_object (&self->probe);
  g_clear_object (&self->engine);
  if (self->server != NULL)
    rc_server_stop (self->server);
  g_clear_object (&self->server);
  g_clear_object (&self->community);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->report, rc_seal_report_free);
  G_OBJECT_CLASS (rc_probe_dialog_parent_class)->dispose (object);
}

static void
rc_probe_dialog_class_init (RcProbeDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = rc_probe_dialog_dispose;
  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_APPLY] = g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRV);
}

static void
apply_clicked_cb (RcProbeDialog *self)
{
  rc_probe_dialog_apply (self);
}

static void
rc_probe_dialog_init (RcProbeDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *view = gtk_text_view_new ();

  gtk_window_set_title (GTK_WINDOW (self), _ ("Seal Probe"));
  gtk_window_set_default_size (GTK_WINDOW (self), 760, 520);
  self->cancellable = g_cancellable_new ();
  self->clock = RC_ELAPSED_CLOCK (rc_elapsed_clock_new ());
  self->status = GTK_LABEL (gtk_label_new (_ ("Booting…")));
  gtk_label_set_xalign (self->status, 0);
  gtk_label_set_wrap (self->status, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->status), TRUE);
  self->apply_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_ ("_Write to config.yaml")));
  gtk_widget_add_css_class (GTK_WIDGET (self->apply_button), "suggested-action");
  gtk_widget_set_sensitive (GTK_WIDGET (self->apply_button), FALSE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->apply_button),
                               _ ("Set import_before_seal to the recommendation in the editor; "
                                  "saved when you save"));
  g_signal_connect_swapped (self->apply_button, "clicked", G_CALLBACK (apply_clicked_cb), self);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->clock));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->status));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->apply_button));
  gtk_text_view_set_editable (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  self->text = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_widget_set_margin_start (content, 12);
  gtk_widget_set_margin_end (content, 12);
  gtk_widget_set_margin_top (content, 12);
  gtk_widget_set_margin_bottom (content, 12);
  gtk_box_append (GTK_BOX (content), row);
  gtk_box_append (GTK_BOX (content), scroller);
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), content);
  adw_window_set_content (ADW_WINDOW (self), box);
}

static void
on_message (RcSealProbe *probe, const char *line, RcProbeDialog *self)
{
  GtkTextIter end;

  gtk_label_set_label (self->status, line);
  gtk_text_buffer_get_end_iter (self->text, &end);
  gtk_text_buffer_insert (self->text, &end, line, -1);
  gtk_text_buffer_insert (self->text, &end, "\n", -1);
}

static gboolean
recommends_change (const RcSealReport *report)
{
  return report != NULL && report->recommended != NULL && report->tried != NULL
         && !g_strv_equal ((const char *const *) report->recommended,
                           (const char *const *) report->configured);
}

static void
on_probed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (RcProbeDialog) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  RcSealReport *report = rc_seal_probe_run_finish (RC_SEAL_PROBE (source), result, &error);

  /* closed while it ran: dispose stopped the engine */
  if (self->probe == NULL)
    {
      rc_seal_report_free (report);
      return;
    }
  self->report = report;
  rc_elapsed_clock_stop (self->clock);
  if (self->report == NULL)
    {
      g_autofree char *problem =
          g_strdup_printf (_ ("The probe could not run: %s"), error->message);

      gtk_label_set_label (self->status, problem);
    }
  else
    {
      text = rc_seal_report_format (self->report);
      gtk_text_buffer_set_text (self->text, text, -1);
      gtk_label_set_label (self->status, rc_seal_report_ok (self->report)
                                             ? _ ("Every module imports under the seal")
                                             : _ ("Some modules still fail under the seal"));
      gtk_widget_set_sensitive (GTK_WIDGET (self->apply_button), recommends_change (self->report));
    }
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

RcProbeDialog *
rc_probe_dialog_new (GtkWindow *parent, RcCommunity *community)
{
  RcProbeDialog *self = g_object_new (RC_TYPE_PROBE_DIALOG, NULL);

  gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  self->community = g_object_ref (community);
  self->server = rc_server_new ();
  self->engine = rc_engine_new (community, self->server);
  rc_engine_set_deployment (self->engine, rc_community_get_deployment (community));
  self->probe = rc_seal_probe_new (self->engine);
  g_signal_connect (self->probe, "message", G_CALLBACK (on_message), self);
  rc_elapsed_clock_start (self->clock);
  rc_seal_probe_run_async (self->probe, self->cancellable, on_probed, g_object_ref (self));
  return self;
}

const RcSealReport *
rc_probe_dialog_get_report (RcProbeDialog *self)
{
  g_return_val_if_fail (RC_IS_PROBE_DIALOG (self), NULL);
  return self->report;
}

void
rc_probe_dialog_apply (RcProbeDialog *self)
{
  g_return_if_fail (RC_IS_PROBE_DIALOG (self));

  if (recommends_change (self->report))
    g_signal_emit (self, signals[SIGNAL_APPLY], 0, self->report->recommended);
}
