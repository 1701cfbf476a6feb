/* rc-advice-dialog.c: advise's window (rc-advice-dialog.h).
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-advise-runner.h"
#include "core/base/rc-paths.h"
#include "rc-advice-dialog.h"
#include "rc-elapsed-clock.h"

struct _RcAdviceDialog
{
  AdwWindow parent_instance;

  RcCommunity *community;
  RcAdviseRunner *runner;
  GCancellable *cancellable;
  RcAdvice *advice;
  RcThrottleProfile link; /* chosen on the setup page, for every side's server */
  GStrv candidates;       /* the fetched Pyodide versions the upgrade row offers */

  GtkStack *stack;
  AdwComboRow *link_row;
  AdwComboRow *candidate_row;
  GtkSpinButton *runs_spin;
  GtkButton *start_button;
  RcElapsedClock *clock;
  GtkLabel *status;
  GtkLabel *control;
  GtkButton *cancel_button;
  GtkListBox *changes;
  GtkTextView *log;
};

#define ADVICE_DEADLINE_SECONDS 300

G_DEFINE_FINAL_TYPE (RcAdviceDialog, rc_advice_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_FINISHED,
  SIGNAL_APPLY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
rc_advice_dialog_dispose (GObject *object)
{
  RcAdviceDialog *self = RC_ADVICE_DIALOG (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->runner);
  g_clear_object (&self->community);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->advice, rc_advice_free);
  g_clear_pointer (&self->candidates, g_strfreev);
  gtk_widget_dispose_template (GTK_WIDGET (object), RC_TYPE_ADVICE_DIALOG);
  G_OBJECT_CLASS (rc_advice_dialog_parent_class)->dispose (object);
}

static void
cancel_clicked_cb (RcAdviceDialog *self)
{
  rc_advice_dialog_cancel (self);
}

static void
rc_advice_dialog_class_init (RcAdviceDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = rc_advice_dialog_dispose;
  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_APPLY] = g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  g_type_ensure (RC_TYPE_ELAPSED_CLOCK);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-advice-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, RcAdviceDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, RcAdviceDialog, link_row);
  gtk_widget_class_bind_template_child (widget_class, RcAdviceDialog, candidate_row);
  gtk_widget_class_bind_template_child (widget_class, RcAdviceDialog, runs_spin);
  gtk_widget_class_bind_template_child (widget_class, RcAdviceDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, RcAdviceDialog, clock);
  gtk_widget_class_bind_template_child (widget_class, RcAdviceDialog, status);
  gtk_widget_class_bind_template_child (widget_class, RcAdviceDialog, control);
  gtk_widget_class_bind_template_child (widget_class, RcAdviceDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, RcAdviceDialog, changes);
  gtk_widget_class_bind_template_child (widget_class, RcAdviceDialog, log);
}

/* The setup page: every link profile, and "None" then each Pyodide `tools/setup.sh
 * --pyodide` fetched (the row is insensitive, saying how to fetch one, when there is none). */
static void
fill_setup (RcAdviceDialog *self)
{
  g_autoptr (GtkStringList) links = gtk_string_list_new (NULL);
  g_autoptr (GtkStringList) versions = gtk_string_list_new (NULL);
  guint n;

  for (guint i = 0; i < RC_THROTTLE_N_PROFILES; i++)
    gtk_string_list_append (links, rc_throttle_profile_get_label ((RcThrottleProfile) i));
  adw_combo_row_set_model (self->link_row, G_LIST_MODEL (links));
  self->candidates = rc_paths_fetched_versions (NULL);
  n = g_strv_length (self->candidates);
  /* TRANSLATORS: the upgrade row's choice for "no rehearsal" */
  gtk_string_list_append (versions, C_ ("pyodide upgrade", "None"));
  for (guint i = 0; i < n; i++)
    gtk_string_list_append (versions, self->candidates[i]);
  adw_combo_row_set_model (self->candidate_row, G_LIST_MODEL (versions));
  gtk_widget_set_sensitive (GTK_WIDGET (self->candidate_row), n > 0);
  adw_action_row_set_subtitle (
      ADW_ACTION_ROW (self->candidate_row),
      n > 0 ? _ ("Also boot the folder under a newer Pyodide, which OSA's worker cannot boot yet")
            : _ ("Fetch a candidate first: tools/setup.sh --pyodide 314.0.8"));
}

static void
start_clicked_cb (RcAdviceDialog *self)
{
  rc_advice_dialog_start (self);
}

static void
rc_advice_dialog_init (RcAdviceDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->cancel_button, "clicked", G_CALLBACK (cancel_clicked_cb), self);
  g_signal_connect_swapped (self->start_button, "clicked", G_CALLBACK (start_clicked_cb), self);
  self->cancellable = g_cancellable_new ();
  fill_setup (self);
}

static void
append_log (RcAdviceDialog *self, const char *text)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->log);
  GtkTextIter end;

  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert (buffer, &end, text, -1);
}

static void
on_message (RcAdviseRunner *runner, const char *line, RcAdviceDialog *self)
{
  gtk_label_set_label (self->status, line);
  append_log (self, line);
  append_log (self, "\n");
}

/* ---- the rows ------------------------------------------------------------------------------ */

static void
apply_clicked_cb (GtkButton *button, RcAdviceDialog *self)
{
  rc_advice_dialog_apply (self,
                          GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "rc-change")));
}

/* "reader −2.02 s (band −1.61 … −2.43 s), boot −2.02 s, 24.0 MB fewer; proven over cold-1, …" */
static char *
proof_text (const RcAdviceChange *c)
{
  GString *out = g_string_new (NULL);
  g_autofree char *runs = g_strjoinv (", ", c->variant_runs);

  gboolean banded = rc_advice_change_has_band (c);

  if (banded)
    /* TRANSLATORS: a change's saving for the reader, with its noise band */
    g_string_append_printf (out, _ ("Reader saves %+.2f s (band %+.2f … %+.2f s) under %s"),
                            c->reader_saving.median / 1000, c->reader_saving.lo / 1000,
                            c->reader_saving.hi / 1000, rc_preload_on_to_string (c->preload_on));
  else
    /* TRANSLATORS: the same from one boot a side, which gives no band */
    g_string_append_printf (out, _ ("Reader saves %+.2f s (one boot a side: no band) under %s"),
                            c->reader_saving.median / 1000,
                            rc_preload_on_to_string (c->preload_on));
  if (c->booted && c->variant_boot.n > 0)
    {
      g_autofree char *bytes = rc_ledger_format_bytes (ABS (c->bytes_saving));

      if (banded)
        g_string_append_printf (out, _ ("; boot %+.2f s (band %+.2f … %+.2f s) over %s"),
                                c->boot_saving.median / 1000, c->boot_saving.lo / 1000,
                                c->boot_saving.hi / 1000, runs);
      else
        g_string_append_printf (out, _ ("; boot %+.2f s over %s"), c->boot_saving.median / 1000,
                                runs);
      g_string_append_printf (
          out, c->bytes_saving >= 0 ? _ ("; %s fewer bytes") : _ ("; %s more bytes"), bytes);
    }
  else if (!c->booted)
    g_string_append (out, _ ("; from the baseline boots and the preload_on model"));
  if (c->failure != NULL)
    g_string_append_printf (out, _ ("; the variant failed: %s"), c->failure);
  if (c->caveat != NULL)
    g_string_append_printf (out, _ (". Caveat: %s"), c->caveat);
  return g_string_free (out, FALSE);
}

static GtkWidget *
change_row (RcAdviceDialog *self, guint index, const RcAdviceChange *c)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *verdict = gtk_label_new (rc_advice_verdict_to_string (c->verdict));
  GtkWidget *apply = gtk_button_new_with_mnemonic (_ ("_Apply"));
  g_autofree char *title = g_strdup_printf ("%u. %s", index + 1, c->title);
  g_autofree char *proof = proof_text (c);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), proof);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  gtk_widget_add_css_class (verdict, c->verdict == RC_ADVICE_PROVEN ? "success" : "dim-label");
  gtk_widget_set_valign (apply, GTK_ALIGN_CENTER);
  gtk_widget_set_sensitive (apply, c->fixes->len > 0 && c->verdict != RC_ADVICE_FAILED);
  gtk_widget_set_tooltip_text (apply, _ ("Write this change into config.yaml in the editor, as "
                                         "one undoable action; saved when you save"));
  g_object_set_data (G_OBJECT (apply), "rc-change", GUINT_TO_POINTER (index));
  g_signal_connect (apply, "clicked", G_CALLBACK (apply_clicked_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), verdict);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), apply);
  return row;
}

static void
show_advice (RcAdviceDialog *self)
{
  g_autofree char *text = rc_advice_format (self->advice);

  for (guint i = 0; i < self->advice->changes->len; i++)
    gtk_list_box_append (self->changes, change_row (self, i, self->advice->changes->pdata[i]));
  append_log (self, "\n");
  append_log (self, text);
  if (self->advice->control != NULL && self->advice->control->verdict != RC_ADVICE_FAILED)
    {
      const RcSaving *c = &self->advice->control->boot_saving;
      g_autofree char *line =
          rc_advice_change_has_band (self->advice->control)
              ? g_strdup_printf (
                  _ ("%s The control, a copy of the folder with nothing changed, seemed to "
                     "save %+.2f s (band %+.2f … %+.2f s): a change is proven only above "
                     "%+.2f s."),
                  gtk_label_get_label (self->control), c->median / 1000, c->lo / 1000, c->hi / 1000,
                  c->hi / 1000)
              : g_strdup_printf (
                  _ ("%s The control, a copy of the folder with nothing changed, seemed to "
                     "save %+.2f s (one boot a side: no band): a change is proven only above "
                     "it."),
                  gtk_label_get_label (self->control), c->median / 1000);

      gtk_label_set_label (self->control, line);
    }
  gtk_label_set_label (self->status, self->advice->changes->len > 0
                                         ? _ ("Changes ranked by the reader's wait they save")
                                         : _ ("No experiment found a change to make"));
}

static void
on_advised (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (RcAdviceDialog) self = user_data;
  g_autoptr (GError) error = NULL;
  RcAdvice *advice = rc_advise_runner_run_finish (RC_ADVISE_RUNNER (source), result, &error);

  /* closed while it ran: dispose cancelled it */
  if (self->runner == NULL)
    {
      rc_advice_free (advice);
      return;
    }
  self->advice = advice;
  rc_elapsed_clock_stop (self->clock);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cancel_button), FALSE);
  if (advice == NULL)
    {
      g_autofree char *problem =
          g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
              ? g_strdup (_ ("Cancelled"))
              : g_strdup_printf (_ ("Advise could not run: %s"), error->message);

      gtk_label_set_label (self->status, problem);
    }
  else
    show_advice (self);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

/* Each side boots in its own engine and server; the views are never shown. */
static void
stop_server (gpointer server)
{
  rc_server_stop (server);
  g_object_unref (server);
}

static RcEngine *
new_engine (RcCommunity *community, gpointer data, GError **error)
{
  RcAdviceDialog *self = data; /* it owns the runner that calls this */
  RcServer *server = rc_server_new ();
  RcEngine *engine = rc_engine_new (community, server);

  rc_server_set_throttle (server, self->link);
  g_object_set_data_full (G_OBJECT (engine), "rc-advice-server", server, stop_server);
  rc_engine_set_deployment (engine, rc_community_get_deployment (community));
  /* advice boots a dozen times in the background: on a busy machine a boot can take
   * several times its usual time, and a variant that times out proves nothing */
  rc_engine_set_deadline_seconds (engine, ADVICE_DEADLINE_SECONDS);
  return engine;
}

RcAdviceDialog *
rc_advice_dialog_new (GtkWindow *parent, RcCommunity *community, guint runs, RcThrottleProfile link)
{
  RcAdviceDialog *self = g_object_new (RC_TYPE_ADVICE_DIALOG, NULL);

  gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  self->community = g_object_ref (community);
  gtk_spin_button_set_value (self->runs_spin, runs);
  adw_combo_row_set_selected (self->link_row, link);
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->start_button));
  return self;
}

void
rc_advice_dialog_set_candidate (RcAdviceDialog *self, const char *version)
{
  g_return_if_fail (RC_IS_ADVICE_DIALOG (self));
  for (guint i = 0; self->candidates[i] != NULL; i++)
    if (g_strcmp0 (self->candidates[i], version) == 0)
      {
        adw_combo_row_set_selected (self->candidate_row, i + 1);
        return;
      }
  adw_combo_row_set_selected (self->candidate_row, 0);
}

void
rc_advice_dialog_start (RcAdviceDialog *self)
{
  guint candidate;

  g_return_if_fail (RC_IS_ADVICE_DIALOG (self));
  if (self->runner != NULL)
    return;
  self->link = (RcThrottleProfile) adw_combo_row_get_selected (self->link_row);
  candidate = adw_combo_row_get_selected (self->candidate_row);
  self->runner = rc_advise_runner_new (self->community, new_engine, self, NULL);
  rc_advise_runner_set_runs (self->runner,
                             (guint) gtk_spin_button_get_value_as_int (self->runs_spin));
  if (candidate > 0 && candidate <= g_strv_length (self->candidates))
    rc_advise_runner_set_candidate (self->runner, self->candidates[candidate - 1]);
  g_signal_connect (self->runner, "message", G_CALLBACK (on_message), self);
  gtk_stack_set_visible_child_name (self->stack, "run");
  rc_elapsed_clock_start (self->clock);
  rc_advise_runner_run_async (self->runner, self->cancellable, on_advised, g_object_ref (self));
}

const RcAdvice *
rc_advice_dialog_get_advice (RcAdviceDialog *self)
{
  g_return_val_if_fail (RC_IS_ADVICE_DIALOG (self), NULL);
  return self->advice;
}

void
rc_advice_dialog_apply (RcAdviceDialog *self, guint index)
{
  g_return_if_fail (RC_IS_ADVICE_DIALOG (self));

  if (self->advice != NULL && index < self->advice->changes->len)
    g_signal_emit (self, signals[SIGNAL_APPLY], 0, self->advice->changes->pdata[index]);
}

void
rc_advice_dialog_cancel (RcAdviceDialog *self)
{
  g_return_if_fail (RC_IS_ADVICE_DIALOG (self));
  g_cancellable_cancel (self->cancellable);
  gtk_label_set_label (self->status, _ ("Cancelling…"));
}
