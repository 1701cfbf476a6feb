/* rc-boot-pane-runs.c: the pane's plans on the RcMeasureRunner `measure` uses, the report
 * they make, the status line while they run and the tables that show the report.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/rc-boot-progress.h"
#include "core/rc-diagnostic.h"
#include "core/rc-run-stats.h"
#include "rc-boot-pane-private.h"
#include "rc-run-tables.h"
#include "serve/rc-throttle.h"

#define RC_RUNS_MAX 20

gboolean
_rc_boot_pane_is_busy (RcBootPane *self)
{
  return self->runner != NULL;
}

/* Status line */

static void
set_status (RcBootPane *self, const char *icon, const char *css, const char *text, double fraction)
{
  gtk_widget_remove_css_class (GTK_WIDGET (self->phase_label), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->phase_label), "success");
  if (css != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->phase_label), css);
  gtk_image_set_from_icon_name (self->state_icon, icon);
  gtk_label_set_label (self->phase_label, text);
  gtk_label_set_label (self->step_label, "");
  gtk_label_set_label (self->elapsed_label, "");
  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
  gtk_widget_set_visible (GTK_WIDGET (self->diagnosis_scroller), FALSE);
}

void
_rc_boot_pane_show_idle_status (RcBootPane *self)
{
  GPtrArray *diagnostics;
  guint errors;

  if (self->community == NULL)
    {
      set_status (self, "folder-open-symbolic", NULL, _ ("Open a community to boot it"), 0);
      return;
    }
  if (self->engine != NULL)
    {
      set_status (self, "media-playback-start-symbolic", NULL, _ ("Ready to boot"), 0);
      return;
    }
  diagnostics = rc_community_get_diagnostics (self->community);
  errors = rc_diagnostics_count (diagnostics, RC_SEVERITY_ERROR);
  if (errors > 0)
    {
      g_autofree char *text =
          g_strdup_printf (ngettext ("Fix %u problem on the Problems page to boot",
                                     "Fix %u problems on the Problems page to boot", errors),
                           errors);

      set_status (self, "dialog-warning-symbolic", "error", text, 0);
      return;
    }
  set_status (self, "action-unavailable-symbolic", NULL,
              _ ("This community has no runtime.python to boot."), 0);
}

static void
show_outcome (RcBootPane *self, const RcRunRecord *record)
{
  g_autofree char *title = NULL;
  g_autofree char *took = rc_format_duration_ms (record->boot_ms);
  const RcOutcome *outcome = &record->outcome;

  if (outcome->state == RC_OUTCOME_READY)
    {
      /* Translators: "cold-1 ready: Pyodide 0.29.5 in 12.30 s". */
      title = g_strdup_printf (_ ("%s ready: Pyodide %s in %s"), record->run_id,
                               outcome->version != NULL ? outcome->version : "?", took);
      set_status (self, "emblem-ok-symbolic", "success", title, 1.0);
      return;
    }
  {
    g_autofree char *text = NULL;

    /* Translators: "cold-1 failed (deadline) after 20.00 s". */
    title = g_strdup_printf (_ ("%s failed (%s) after %s"), record->run_id,
                             outcome->kind != NULL ? outcome->kind : "?", took);
    set_status (self, "dialog-error-symbolic", "error", title,
                gtk_progress_bar_get_fraction (self->progress_bar));
    text = g_strdup_printf ("%s%s%s", outcome->message != NULL ? outcome->message : "",
                            outcome->diagnosis != NULL ? "\n\n" : "",
                            outcome->diagnosis != NULL ? outcome->diagnosis : "");
    gtk_label_set_label (self->diagnosis_label, text);
    gtk_widget_set_visible (GTK_WIDGET (self->diagnosis_scroller), TRUE);
  }
}

static gboolean
tick_cb (gpointer user_data)
{
  RcBootPane *self = user_data;
  double elapsed = (g_get_monotonic_time () - self->boot_started_us) / 1e6;
  double deadline = self->engine != NULL ? rc_engine_get_deadline_seconds (self->engine) : 0;
  /* Translators: time into a boot against its deadline, "12 s of 120 s". */
  g_autofree char *text = g_strdup_printf (_ ("%.0f s of %.0f s"), elapsed, deadline);

  gtk_label_set_label (self->elapsed_label, text);
  return G_SOURCE_CONTINUE;
}

static void
boot_started_cb (RcBootPane *self, const char *run_id, guint number, guint total)
{
  g_autofree char *text = NULL;

  g_free (self->boot_run_id);
  self->boot_run_id = g_strdup (run_id);
  self->boot_number = number;
  self->boot_total = total;
  /* Translators: "Booting warm-2 (4 of 6)…": which run of the plan. */
  text = g_strdup_printf (_ ("Booting %s (%u of %u)…"), run_id, number, total);
  set_status (self, "content-loading-symbolic", NULL, text, 0);
  self->boot_started_us = g_get_monotonic_time ();
  g_clear_handle_id (&self->tick_id, g_source_remove);
  self->tick_id = g_timeout_add_seconds (1, tick_cb, self);
  tick_cb (self);
  rc_run_tables_fill_steps (self->steps, NULL, NULL);
}

void
_rc_boot_pane_engine_progress (RcBootPane *self, JsonObject *message)
{
  g_autoptr (RcBootProgress) progress = rc_boot_progress_parse (message);
  const RcRunRecord *record = rc_engine_get_last_record (self->engine);
  g_autofree char *what = NULL;
  g_autofree char *title = NULL;
  g_autofree char *count = NULL;

  if (self->runner == NULL || progress == NULL || progress->phase == RC_BOOT_PHASE_READY)
    return;
  what = rc_run_phase_describe (progress->phase_name, progress->package, progress->module);
  /* Translators: "warm-2 (4 of 6): Loading package numpy". */
  title = g_strdup_printf (_ ("%s (%u of %u): %s"), self->boot_run_id, self->boot_number,
                           self->boot_total, what);
  /* Translators: boot progress, "step 3 of 7". */
  count = g_strdup_printf (_ ("step %u of %u"), progress->step, progress->steps);
  gtk_label_set_label (self->phase_label, title);
  gtk_label_set_label (self->step_label, count);
  gtk_progress_bar_set_fraction (
      self->progress_bar,
      progress->steps > 0 ? CLAMP ((double) progress->step / progress->steps, 0, 1) : 0);
  if (record != NULL)
    rc_run_tables_fill_steps (self->steps, rc_scenario_is_warm (record->scenario) ? NULL : record,
                              rc_scenario_is_warm (record->scenario) ? record : NULL);
}

/* The report */

static const RcRunRecord *
find_run (const RcMeasurement *report, RcScenario scenario, guint index)
{
  for (guint i = 0; report != NULL && i < report->runs->len; i++)
    {
      const RcRunRecord *run = g_ptr_array_index (report->runs, i);

      if (run->scenario == scenario && run->index == index)
        return run;
    }
  return NULL;
}

static const RcRunRecord *
selected_run (RcBootPane *self)
{
  guint i = gtk_drop_down_get_selected (self->run_dropdown);

  if (self->report == NULL || i == GTK_INVALID_LIST_POSITION || i >= self->report->runs->len)
    return NULL;
  return g_ptr_array_index (self->report->runs, i);
}

static void
show_selected_run (RcBootPane *self)
{
  const RcRunRecord *run = selected_run (self);
  const RcRunRecord *cold = NULL, *warm = NULL;
  g_autofree char *totals = NULL;

  /* The step table puts the selected run next to its repetition's other scenario. */
  if (run != NULL && rc_scenario_is_warm (run->scenario))
    {
      warm = run;
      cold = find_run (self->report, RC_SCENARIO_COLD, run->index);
    }
  else if (run != NULL)
    {
      cold = run;
      warm = find_run (self->report, RC_SCENARIO_WARM, run->index);
    }
  rc_run_tables_fill_steps (self->steps, cold, warm);
  /* The charts draw the whole report (medians, every run), not only the selected one. */
  rc_charts_view_set_runs (self->charts, self->report != NULL ? self->report->runs : NULL);
  totals = rc_run_tables_fill_requests (self->requests, run,
                                        gtk_check_button_get_active (self->tunnels_check));
  gtk_label_set_label (self->requests_totals, totals != NULL ? totals : "");
  rc_run_tables_fill_violations (self->violations, run);
  gtk_stack_set_visible_child_name (self->steps_stack, run != NULL ? "table" : "empty");
  gtk_stack_set_visible_child_name (self->requests_stack, run != NULL ? "table" : "empty");
  gtk_stack_set_visible_child_name (self->violations_stack,
                                    run != NULL && run->violations->len > 0 ? "table" : "empty");
}

static void
append_headline (GString *out, const RcMeasurement *report, RcScenario scenario)
{
  g_autoptr (RcRunStats) stats = rc_measurement_stats (report, scenario);
  g_autofree char *median = NULL, *min = NULL, *max = NULL;

  if (stats == NULL || stats->runs == 0)
    return;
  median = rc_format_duration_ms (stats->boot_ms.median);
  min = rc_format_duration_ms (stats->boot_ms.min);
  max = rc_format_duration_ms (stats->boot_ms.max);
  if (out->len > 0)
    g_string_append (out, "   ");
  if (stats->runs == 1)
    /* Translators: the headline of one scenario, "cold: 12.30 s". */
    g_string_append_printf (out, _ ("%s: %s"), rc_scenario_to_string (scenario), median);
  else
    /* Translators: "cold: median 12.30 s (11.90 s–13.00 s), 5 runs". */
    g_string_append_printf (out, _ ("%s: median %s (%s–%s), %u runs"),
                            rc_scenario_to_string (scenario), median, min, max, stats->runs);
  if (stats->failed > 0)
    g_string_append_printf (out, ngettext (", %u failed", ", %u failed", stats->failed),
                            stats->failed);
}

/* The control's outcome (rc-control.h): held is what makes the report valid. */
static void
show_control (RcBootPane *self)
{
  const RcControl *control = self->report != NULL ? self->report->control : NULL;
  g_autofree char *text = NULL;
  gboolean booted;

  gtk_widget_set_visible (GTK_WIDGET (self->control_label),
                          control != NULL && control->run != NULL);
  if (control == NULL || control->run == NULL)
    return;
  booted = rc_control_booted (control);
  if (booted)
    text = g_strdup (_ ("Control booted: the policy under test was never applied — this report "
                        "is invalid"));
  else
    /* Translators: "Control held: did not boot under nemarlike minus 'wasm-unsafe-eval'
     * within 12 s". */
    text = g_strdup_printf (_ ("Control held: did not boot under %s within %.0f s"),
                            control->policy_name, control->deadline_ms / 1000);
  gtk_label_set_label (self->control_label, text);
  if (booted)
    gtk_widget_add_css_class (GTK_WIDGET (self->control_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->control_label), "error");
}

void
_rc_boot_pane_show_report (RcBootPane *self)
{
  g_autoptr (GString) headline = g_string_new (NULL);
  guint n = self->report != NULL ? self->report->runs->len : 0;
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->run_ids));
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (ids, ((RcRunRecord *) g_ptr_array_index (self->report->runs, i))->run_id);
  g_ptr_array_add (ids, NULL);
  gtk_string_list_splice (self->run_ids, 0, old, (const char *const *) ids->pdata);
  /* The newest run is the one to look at. */
  gtk_drop_down_set_selected (self->run_dropdown, n > 0 ? n - 1 : GTK_INVALID_LIST_POSITION);
  gtk_widget_set_sensitive (GTK_WIDGET (self->run_dropdown), n > 1);
  gtk_widget_set_visible (GTK_WIDGET (self->run_dropdown), n > 0);
  if (self->report != NULL)
    {
      g_autoptr (GArray) scenarios = rc_measurement_scenarios (self->report);

      for (guint i = 0; i < scenarios->len; i++)
        append_headline (headline, self->report, g_array_index (scenarios, RcScenario, i));
    }
  if (self->report_source != NULL)
    {
      g_autofree char *base = g_path_get_basename (self->report_source);

      /* Translators: the headline of a report opened from a file. */
      g_string_prepend (headline, " · ");
      g_string_prepend (headline, base);
    }
  show_control (self);
  gtk_label_set_label (self->headline_label, headline->str);
  gtk_widget_set_visible (GTK_WIDGET (self->headline_label), headline->len > 0);
  show_selected_run (self);
}

/* The plan in progress no longer belongs to what the page shows (another community, the
 * pane going away): stop it and ignore whatever it still reports. */
static void
abandon_runner (RcBootPane *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (self->runner != NULL)
    g_signal_handlers_disconnect_by_data (self->runner, self);
  g_clear_object (&self->runner);
  self->recycling = FALSE;
}

void
_rc_boot_pane_reset_results (RcBootPane *self)
{
  abandon_runner (self);
  g_clear_pointer (&self->report, rc_measurement_free);
  g_clear_pointer (&self->report_source, g_free);
  g_clear_pointer (&self->probes, g_ptr_array_unref);
  g_clear_pointer (&self->verdicts, g_ptr_array_unref);
  g_clear_pointer (&self->audit_findings, g_ptr_array_unref);
  for (GtkWidget *row; (row = gtk_widget_get_first_child (GTK_WIDGET (self->audit_list))) != NULL;)
    gtk_list_box_remove (self->audit_list, row);
  rc_python_console_clear (self->python_console);
  self->last_plan = -1;
  _rc_boot_pane_show_report (self);
  _rc_boot_pane_show_idle_status (self);
}

/* Plans */

static void
apply_settings (RcBootPane *self)
{
  g_autofree char *policy = _rc_boot_pane_dup_policy_text (self);
  RcThrottleProfile throttle = (RcThrottleProfile) adw_combo_row_get_selected (self->throttle_row);
  RcWorkerKind worker = (RcWorkerKind) adw_combo_row_get_selected (self->worker_row);
  g_autofree char *bundle = rc_engine_find_osa_bundle (self->community);

  rc_engine_set_csp (self->engine, _rc_boot_pane_policy_name (self, policy), policy);
  rc_engine_set_deployment (self->engine,
                            (RcDeployment) adw_combo_row_get_selected (self->deployment_row));
  rc_engine_set_deadline_seconds (self->engine, gtk_spin_button_get_value (self->deadline_spin));
  /* OSA's own worker needs its bundle next to the community; say so rather than guess. */
  if (worker == RC_WORKER_KIND_OSA && bundle == NULL)
    {
      _rc_boot_pane_toast (self, _ ("No OSA bundle next to this community: booting the built-in "
                                    "worker"));
      worker = RC_WORKER_KIND_BUILTIN;
    }
  rc_engine_set_worker_kind (self->engine, worker);
  rc_server_set_throttle (self->server, throttle);
  /* As `boot --live`: the real CDN and the real data hosts. */
  rc_server_set_live (self->server, _rc_boot_pane_wants_live (self));
  rc_server_set_live_cdn (self->server, _rc_boot_pane_wants_live (self));
}

static void
run_finished_cb (RcBootPane *self, RcRunRecord *record)
{
  if (self->report == NULL)
    self->report = rc_measurement_new (record->env.community);
  rc_measurement_add_run (self->report, rc_run_record_copy (record));
  if (record->outcome.state == RC_OUTCOME_READY)
    self->session_booted = TRUE;
  g_clear_handle_id (&self->tick_id, g_source_remove);
  _rc_boot_pane_show_report (self);
  show_outcome (self, record);
  _rc_boot_pane_emit_boot_finished (self, record);
}

static void
control_finished_cb (RcBootPane *self, RcControl *control)
{
  if (self->report == NULL)
    self->report = rc_measurement_new (control->run->env.community);
  rc_measurement_set_control (self->report, rc_control_copy (control));
  g_clear_handle_id (&self->tick_id, g_source_remove);
  /* The control boot was the engine's last: the runtime the console used is gone. */
  rc_python_console_set_note (self->python_console,
                              _ ("The control boot replaced the runtime: Boot Warm to run code "
                                 "again"));
  /* The control's progress filled the step table; show the runs again, and their outcome. */
  _rc_boot_pane_show_report (self);
  if (self->report->runs->len > 0)
    show_outcome (self, g_ptr_array_index (self->report->runs, self->report->runs->len - 1));
}

static void
runs_summary_toast (RcBootPane *self)
{
  g_autoptr (RcRunStats) cold = rc_measurement_stats (self->report, RC_SCENARIO_COLD);
  g_autoptr (RcRunStats) warm = rc_measurement_stats (self->report, RC_SCENARIO_WARM);
  g_autofree char *c = rc_format_duration_ms (cold->boot_ms.median);
  g_autofree char *w = rc_format_duration_ms (warm->boot_ms.median);
  g_autofree char *text = NULL;

  /* Translators: the medians of a series of boots. */
  text = g_strdup_printf (_ ("%u runs: cold median %s, warm median %s, %u failed"), cold->runs, c,
                          w, cold->failed + warm->failed);
  _rc_boot_pane_toast (self, text);
}

static void
plan_finished_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (RcBootPane) self = RC_BOOT_PANE (user_data);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) measurement = NULL;

  /* The runs are in self->report already, one per run-finished. */
  measurement = rc_measure_runner_run_finish (RC_MEASURE_RUNNER (source), result, &error);
  if (self->runner != RC_MEASURE_RUNNER (source))
    return; /* abandoned */
  abandon_runner (self);
  if (error != NULL)
    {
      gboolean stopped = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                         || g_error_matches (error, RC_ENGINE_ERROR, RC_ENGINE_ERROR_STOPPED);

      set_status (self, "process-stop-symbolic", stopped ? NULL : "error",
                  stopped ? _ ("Stopped") : error->message, 0);
    }
  else if (self->last_plan == RC_BOOT_PLAN_RUNS && self->report != NULL)
    runs_summary_toast (self);
  _rc_boot_pane_update_actions (self);
  _rc_boot_pane_emit_plan_finished (self);
}

static void
offer_cold_warm_cb (AdwMessageDialog *dialog, const char *response, gpointer user_data)
{
  if (g_str_equal (response, "cold-warm"))
    rc_boot_pane_boot_cold_warm (RC_BOOT_PANE (user_data));
}

/* Boot Warm with no session to be warm from would silently boot cold: ask instead. */
static void
offer_cold_warm (RcBootPane *self)
{
  GtkWidget *dialog = adw_message_dialog_new (
      GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), _ ("Nothing to Boot Warm From"),
      _ ("A warm boot reuses the cache and the session of an earlier boot of this runtime, and "
         "there is none yet. Cold + Warm boots cold first, then warm."));

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"),
                                    "cold-warm", _ ("Cold + _Warm"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "cold-warm",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cold-warm");
  g_signal_connect_object (dialog, "response", G_CALLBACK (offer_cold_warm_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_rc_boot_pane_start_plan (RcBootPane *self, RcBootPlanKind kind, guint runs)
{
  g_autoptr (GArray) scenarios = g_array_new (FALSE, FALSE, sizeof (RcScenario));
  RcScenario cold = RC_SCENARIO_COLD, warm = RC_SCENARIO_WARM;

  if (_rc_boot_pane_is_busy (self) || self->probes != NULL
      || _rc_boot_pane_ensure_engine (self) == NULL)
    return;
  if (kind == RC_BOOT_PLAN_WARM && !self->session_booted)
    {
      offer_cold_warm (self);
      return;
    }
  if (kind != RC_BOOT_PLAN_WARM)
    g_array_append_val (scenarios, cold);
  if (kind != RC_BOOT_PLAN_COLD)
    g_array_append_val (scenarios, warm);
  /* A cold boot starts a new session, so a new report; warm continues the current one. */
  if (kind != RC_BOOT_PLAN_WARM || self->report_source != NULL)
    {
      g_clear_pointer (&self->report, rc_measurement_free);
      g_clear_pointer (&self->report_source, g_free);
      _rc_boot_pane_show_report (self);
    }
  self->last_plan = kind;
  self->last_runs = runs;
  apply_settings (self);
  self->runner = rc_measure_runner_new (self->engine);
  rc_measure_runner_set_scenarios (self->runner, scenarios);
  rc_measure_runner_set_runs (self->runner, kind == RC_BOOT_PLAN_RUNS ? MAX (runs, 1) : 1);
  /* The control boot is `measure`'s validity check: offered for plans that measure (Cold +
   * Warm, Runs…), never for a single interactive boot. */
  rc_measure_runner_set_control (self->runner,
                                 (kind == RC_BOOT_PLAN_COLD_WARM || kind == RC_BOOT_PLAN_RUNS)
                                     && g_settings_get_boolean (self->settings, "control-boot"));
  if (kind == RC_BOOT_PLAN_WARM)
    rc_measure_runner_set_continuation (self->runner, self->report);
  g_signal_connect_object (self->runner, "boot-started", G_CALLBACK (boot_started_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->runner, "run-finished", G_CALLBACK (run_finished_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->runner, "control-finished", G_CALLBACK (control_finished_cb), self,
                           G_CONNECT_SWAPPED);
  self->cancellable = g_cancellable_new ();
  rc_measure_runner_run_async (self->runner, self->cancellable, plan_finished_cb,
                               g_object_ref (self));
  _rc_boot_pane_update_actions (self);
}

void
rc_boot_pane_boot_cold (RcBootPane *self)
{
  g_return_if_fail (RC_IS_BOOT_PANE (self));
  _rc_boot_pane_start_plan (self, RC_BOOT_PLAN_COLD, 1);
}

void
rc_boot_pane_boot_warm (RcBootPane *self)
{
  g_return_if_fail (RC_IS_BOOT_PANE (self));
  _rc_boot_pane_start_plan (self, RC_BOOT_PLAN_WARM, 1);
}

void
rc_boot_pane_boot_cold_warm (RcBootPane *self)
{
  g_return_if_fail (RC_IS_BOOT_PANE (self));
  _rc_boot_pane_start_plan (self, RC_BOOT_PLAN_COLD_WARM, 1);
}

void
rc_boot_pane_run_pairs (RcBootPane *self, guint n)
{
  g_return_if_fail (RC_IS_BOOT_PANE (self));
  g_return_if_fail (n > 0);
  _rc_boot_pane_start_plan (self, RC_BOOT_PLAN_RUNS, n);
}

void
rc_boot_pane_reboot (RcBootPane *self)
{
  g_return_if_fail (RC_IS_BOOT_PANE (self));

  if (self->last_plan >= 0)
    _rc_boot_pane_start_plan (self, (RcBootPlanKind) self->last_plan, self->last_runs);
}

void
rc_boot_pane_stop (RcBootPane *self)
{
  g_return_if_fail (RC_IS_BOOT_PANE (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_pointer (&self->probes, g_ptr_array_unref);
  if (self->engine != NULL)
    rc_engine_stop (self->engine);
  _rc_boot_pane_update_actions (self);
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
                                   _ ("Each run boots cold, then warm. The run selector shows "
                                      "every run; the headline gives the median and range."));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), spin);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "run",
                                    _ ("_Run"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "run",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "run");
  g_signal_connect_object (dialog, "response", G_CALLBACK (runs_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
rc_boot_pane_select_run (RcBootPane *self, const char *run_id)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), FALSE);

  for (guint i = 0; self->report != NULL && i < self->report->runs->len; i++)
    if (g_strcmp0 (((RcRunRecord *) g_ptr_array_index (self->report->runs, i))->run_id, run_id)
        == 0)
      {
        gtk_drop_down_set_selected (self->run_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

const RcMeasurement *
rc_boot_pane_get_report (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return self->report;
}

/* A console execution that hit its limit or was stopped cost the worker (the engine recycles
 * it, as OSA's host does): boot warm again so Run works, and say so. */
static void
console_finished_cb (RcBootPane *self, JsonObject *result)
{
  const char *status =
      result != NULL ? json_object_get_string_member_with_default (result, "status", "") : "";

  if (!g_str_equal (status, "timeout") && !g_str_equal (status, "cancelled"))
    return;
  if (self->engine == NULL || rc_engine_get_state (self->engine) == RC_ENGINE_STATE_READY
      || _rc_boot_pane_is_busy (self) || !self->session_booted)
    return;
  rc_python_console_set_note (self->python_console,
                              g_str_equal (status, "timeout")
                                  ? _ ("The execution limit ended the run; the runtime is "
                                       "booting warm again…")
                                  : _ ("Stopped; the runtime is booting warm again…"));
  self->recycling = TRUE;
  _rc_boot_pane_start_plan (self, RC_BOOT_PLAN_WARM, 1);
}

void
_rc_boot_pane_setup_runs (RcBootPane *self)
{
  self->run_ids = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->run_dropdown, G_LIST_MODEL (self->run_ids));
  g_signal_connect_swapped (self->run_dropdown, "notify::selected", G_CALLBACK (show_selected_run),
                            self);
  g_signal_connect_swapped (self->tunnels_check, "toggled", G_CALLBACK (show_selected_run), self);
  g_signal_connect_swapped (self->python_console, "finished", G_CALLBACK (console_finished_cb),
                            self);
  _rc_boot_pane_show_report (self);
}

void
_rc_boot_pane_dispose_runs (RcBootPane *self)
{
  abandon_runner (self);
  g_clear_object (&self->run_ids);
}
