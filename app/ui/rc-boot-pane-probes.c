/* rc-boot-pane-probes.c: what the boot pane does with a booted runtime or several boots:
 * Runs… (N), the seal audit and the Web Inspector.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <webkit/webkit.h>

#include "core/rc-run-stats.h"
#include "core/rc-seal-probes.h"
#include "rc-boot-pane-private.h"

#define RC_RUNS_MAX 20

/* Runs… */

void
rc_boot_pane_run_pairs (RcBootPane *self, guint n)
{
  g_autoptr (GArray) plan = g_array_new (FALSE, FALSE, sizeof (RcBootMode));

  g_return_if_fail (RC_IS_BOOT_PANE (self));
  g_return_if_fail (n > 0);

  for (guint i = 0; i < n; i++)
    {
      RcBootMode pair[] = { RC_BOOT_MODE_COLD, RC_BOOT_MODE_WARM };

      g_array_append_vals (plan, pair, G_N_ELEMENTS (pair));
    }
  g_clear_pointer (&self->runs, g_ptr_array_unref);
  self->runs = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_run_record_free);
  _rc_boot_pane_start_plan (self, (RcBootMode *) (gpointer) plan->data, plan->len);
}

static void
runs_response_cb (AdwMessageDialog *dialog, const char *response, gpointer user_data)
{
  RcBootPane *self = RC_BOOT_PANE (user_data);
  GtkSpinButton *spin = GTK_SPIN_BUTTON (adw_message_dialog_get_extra_child (dialog));

  if (g_str_equal (response, "run"))
    rc_boot_pane_run_pairs (self, (guint) gtk_spin_button_get_value_as_int (spin));
}

void
rc_boot_pane_ask_runs (RcBootPane *self)
{
  GtkWidget *dialog;
  GtkWidget *spin = gtk_spin_button_new_with_range (1, RC_RUNS_MAX, 1);

  g_return_if_fail (RC_IS_BOOT_PANE (self));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 5);
  gtk_widget_set_halign (spin, GTK_ALIGN_CENTER);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _ ("Boot Several Times"),
                                   _ ("Each run boots cold, then warm. The step chart shows the "
                                      "median cold and warm runs."));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), spin);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "run",
                                    _ ("_Run"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "run",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "run");
  g_signal_connect_object (dialog, "response", G_CALLBACK (runs_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_rc_boot_pane_runs_finished (RcBootPane *self)
{
  g_autoptr (GPtrArray) runs = g_steal_pointer (&self->runs);
  g_autoptr (RcRunStats) cold = rc_run_stats_compute (runs, RC_SCENARIO_COLD);
  g_autoptr (RcRunStats) warm = rc_run_stats_compute (runs, RC_SCENARIO_WARM);
  g_autofree char *text = NULL;

  rc_charts_view_set_runs (self->charts, runs);
  /* Translators: the medians of a series of boots. */
  text = g_strdup_printf (_ ("%u runs: cold median %.2f s, warm median %.2f s, %u failed"),
                          cold->runs, cold->boot_ms.median / 1000.0, warm->boot_ms.median / 1000.0,
                          cold->failed + warm->failed);
  _rc_boot_pane_toast (self, text);
}

/* Seal audit */

static void run_next_probe (RcBootPane *self);

static void
add_audit_row (RcBootPane *self, const RcSealProbe *probe, const RcSealVerdict *verdict)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (verdict->passed ? "emblem-ok-symbolic"
                                                                  : "dialog-error-symbolic");
  GtkWidget *label = gtk_label_new (verdict->passed ? _ ("pass") : _ ("fail"));

  gtk_widget_add_css_class (icon, verdict->passed ? "success" : "error");
  gtk_widget_add_css_class (label, verdict->passed ? "success" : "error");
  gtk_widget_add_css_class (label, "heading");
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), probe->title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), verdict->detail);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 3);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  gtk_list_box_append (self->audit_list, row);
}

static void
probe_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (RcBootPane) self = RC_BOOT_PANE (user_data);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) answer = rc_engine_execute_finish (RC_ENGINE (source), result, &error);
  g_autoptr (RcSealVerdict) verdict = NULL;
  const RcSealProbe *probe;

  if (self->probes == NULL)
    return; /* stopped */
  probe = g_ptr_array_index (self->probes, self->probe_index);
  if (answer == NULL)
    {
      verdict = g_new0 (RcSealVerdict, 1);
      verdict->detail = g_strdup (error->message);
    }
  else
    verdict = rc_seal_probe_judge (probe, answer);
  self->audit_passed += verdict->passed ? 1 : 0;
  add_audit_row (self, probe, verdict);
  g_ptr_array_add (self->verdicts, g_steal_pointer (&verdict));
  self->probe_index++;
  /* A runtime the engine had to recycle (timeout) cannot take more probes. */
  if (answer == NULL)
    g_ptr_array_set_size (self->probes, self->probe_index);
  run_next_probe (self);
}

/* A fetch_allow URL that the booted page's connect-src refuses cannot be read, and under
 * WebKit the refused fetch may never settle (runtime-worker.md §3.3): say so from the
 * policy analysis instead of waiting for the execution limit. */
static RcSealVerdict *
refused_by_policy (RcBootPane *self, const RcSealProbe *probe)
{
  const RcCspFinding *finding;
  RcSealVerdict *verdict;

  if (probe->kind != RC_SEAL_PROBE_ALLOWED_READABLE || self->audit_findings == NULL)
    return NULL;
  finding = rc_csp_findings_find (self->audit_findings, "connect-fetch-allow", probe->subject);
  if (finding == NULL || finding->granted)
    return NULL;
  verdict = g_new0 (RcSealVerdict, 1);
  verdict->detail = g_strdup_printf (_ ("not run: %s"), finding->message);
  return verdict;
}

static void
run_next_probe (RcBootPane *self)
{
  const RcSealProbe *probe;
  RcSealVerdict *refused;

  if (self->probe_index >= self->probes->len)
    {
      g_autofree char *text =
          g_strdup_printf (ngettext ("Seal audit: %u of %u probe passed",
                                     "Seal audit: %u of %u probes passed", self->probes->len),
                           self->audit_passed, self->probes->len);

      g_clear_pointer (&self->probes, g_ptr_array_unref);
      g_clear_pointer (&self->audit_findings, g_ptr_array_unref);
      _rc_boot_pane_toast (self, text);
      g_signal_emit_by_name (self, "audit-finished");
      _rc_boot_pane_update_actions (self);
      return;
    }
  probe = g_ptr_array_index (self->probes, self->probe_index);
  refused = refused_by_policy (self, probe);
  if (refused != NULL)
    {
      add_audit_row (self, probe, refused);
      g_ptr_array_add (self->verdicts, refused);
      self->probe_index++;
      run_next_probe (self);
      return;
    }
  rc_engine_execute_async (self->engine, probe->code, NULL, probe_cb, g_object_ref (self));
}

void
rc_boot_pane_seal_audit (RcBootPane *self)
{
  g_auto (GStrv) fetch_allow = NULL;
  GtkWidget *child;

  g_return_if_fail (RC_IS_BOOT_PANE (self));

  if (self->engine == NULL || rc_engine_get_state (self->engine) != RC_ENGINE_STATE_READY
      || self->probes != NULL)
    {
      _rc_boot_pane_toast (self, _ ("Boot the runtime before auditing its seal"));
      return;
    }
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->audit_list))) != NULL)
    gtk_list_box_remove (self->audit_list, child);
  gtk_stack_set_visible_child_name (self->results_stack, "audit");
  fetch_allow = _rc_boot_pane_dup_fetch_allow (self);
  self->probes = rc_seal_probes_new ((const char *const *) fetch_allow);
  g_clear_pointer (&self->verdicts, g_ptr_array_unref);
  self->verdicts = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_seal_verdict_free);
  g_clear_pointer (&self->audit_findings, g_ptr_array_unref);
  self->audit_findings = _rc_boot_pane_analyse_policy (self, rc_engine_get_csp (self->engine));
  self->probe_index = 0;
  self->audit_passed = 0;
  _rc_boot_pane_update_actions (self);
  run_next_probe (self);
}

GPtrArray *
rc_boot_pane_get_audit_verdicts (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return self->verdicts;
}

/* Web Inspector */

static WebKitWebView *
find_web_view (GtkWidget *widget)
{
  if (WEBKIT_IS_WEB_VIEW (widget))
    return WEBKIT_WEB_VIEW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      WebKitWebView *view = find_web_view (child);

      if (view != NULL)
        return view;
    }
  return NULL;
}

void
rc_boot_pane_show_inspector (RcBootPane *self)
{
  WebKitWebView *view;

  g_return_if_fail (RC_IS_BOOT_PANE (self));

  view = self->engine != NULL ? find_web_view (rc_engine_get_view (self->engine)) : NULL;
  if (view == NULL)
    {
      _rc_boot_pane_toast (self, _ ("Boot once to have a page to inspect"));
      return;
    }
  /* Developer extras are off by default; the inspector needs them on the view's settings. */
  webkit_settings_set_enable_developer_extras (webkit_web_view_get_settings (view), TRUE);
  webkit_web_inspector_show (webkit_web_view_get_inspector (view));
}
