/* rc-boot-pane-runs.c: the pane's plans on the RcMeasureRunner `measure` uses, the report
 * they make, the status line while they run and the tables that show the report.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/record/rc-boot-progress.h"
#include "core/base/rc-diagnostic.h"
#include "core/analysis/rc-run-stats.h"
#include "core/base/rc-format.h"
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
set_status (RcBootPane *self, const char *icon, RcBootTone tone, const char *text, double fraction)
{
  rc_boot_status_show (self->status, icon, tone, text, fraction);
}

void
_rc_boot_pane_show_idle_status (RcBootPane *self)
{
  GPtrArray *diagnostics;
  guint errors;

  if (self->community == NULL)
    {
      set_status (self, "folder-open-symbolic", RC_BOOT_TONE_NEUTRAL,
                  _ ("Open a community to boot it"), 0);
      return;
    }
  if (self->engine != NULL && self->engine_error != NULL)
    {
      /* The title is one line; the message says how to install it. */
      set_status (self, "dialog-error-symbolic", RC_BOOT_TONE_ERROR,
                  _ ("The chosen engine cannot boot"), 0);
      rc_boot_status_set_diagnosis (self->status, self->engine_error);
      return;
    }
  if (self->engine != NULL)
    {
      set_status (self, "media-playback-start-symbolic", RC_BOOT_TONE_NEUTRAL, _ ("Ready to boot"),
                  0);
      return;
    }
  if (rc_community_get_dist_lock (self->community) == NULL)
    {
      set_status (self, "dialog-warning-symbolic", RC_BOOT_TONE_ERROR,
                  _ ("Pyodide is not set up: run tools/setup.sh or choose a Pyodide folder"), 0);
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

      set_status (self, "dialog-warning-symbolic", RC_BOOT_TONE_ERROR, text, 0);
      return;
    }
  set_status (self, "action-unavailable-symbolic", RC_BOOT_TONE_NEUTRAL,
              _ ("This community has no runtime.python to boot."), 0);
}

/* A run the engine retried says so under its status, ready or not: its figures are the second
 * attempt's. NULL when it was not retried. */
static char *
retry_text (const RcRunRecord *record)
{
  g_autofree char *reason = rc_run_record_dup_retry_reason (record);

  /* Translators: %s is why, "attempt 1 failed in the engine after 2.2 s (…); it was retried
   * once". */
  return reason != NULL ? g_strdup_printf (_ ("Booted twice: %s. The figures are the second "
                                              "attempt's."),
                                           reason)
                        : NULL;
}

static void
show_outcome (RcBootPane *self, const RcRunRecord *record)
{
  g_autofree char *title = NULL;
  g_autofree char *took = rc_format_duration_ms (record->boot_ms);
  g_autofree char *start = NULL;
  g_autofree char *retried = retry_text (record);
  const RcOutcome *outcome = &record->outcome;

  if (outcome->state == RC_OUTCOME_READY && record->start_ms >= 0)
    {
      start = rc_format_duration_ms (record->start_ms);
      /* Translators: "cold-1 ready: Pyodide 0.29.5 in 2.30 s, browser start 0.40 s apart": the
       * boot time is the page's own; starting the browser came before it. Keep it short: the
       * status title is one line. */
      title =
          g_strdup_printf (_ ("%s ready: Pyodide %s in %s, browser start %s apart"), record->run_id,
                           outcome->version != NULL ? outcome->version : "?", took, start);
      set_status (self, "emblem-ok-symbolic", RC_BOOT_TONE_SUCCESS, title, 1.0);
      rc_boot_status_set_diagnosis (self->status, retried);
      return;
    }
  if (outcome->state == RC_OUTCOME_READY)
    {
      /* Translators: "cold-1 ready: Pyodide 0.29.5 in 12.30 s". */
      title = g_strdup_printf (_ ("%s ready: Pyodide %s in %s"), record->run_id,
                               outcome->version != NULL ? outcome->version : "?", took);
      set_status (self, "emblem-ok-symbolic", RC_BOOT_TONE_SUCCESS, title, 1.0);
      rc_boot_status_set_diagnosis (self->status, retried);
      return;
    }
  {
    g_autofree char *text = NULL;

    /* Translators: "cold-1 failed (deadline) after 20.00 s". */
    title = g_strdup_printf (_ ("%s failed (%s) after %s"), record->run_id,
                             outcome->kind != NULL ? outcome->kind : "?", took);
    set_status (self, "dialog-error-symbolic", RC_BOOT_TONE_ERROR, title,
                rc_boot_status_get_fraction (self->status));
    text = g_strdup_printf ("%s%s%s%s%s", outcome->message != NULL ? outcome->message : "",
                            outcome->diagnosis != NULL ? "\n\n" : "",
                            outcome->diagnosis != NULL ? outcome->diagnosis : "",
                            retried != NULL ? "\n\n" : "", retried != NULL ? retried : "");
    rc_boot_status_set_diagnosis (self->status, text);
  }
}

static void
boot_started_cb (RcBootPane *self, const char *run_id, guint number, guint total)
{
  g_autofree char *text = NULL;
  /* The control, the plan's last boot, boots on its own engine under its own deadline. */
  gboolean control = rc_measure_runner_get_control (self->runner) && number == total
                     && self->control_engine != NULL;
  RcEngine *engine = control ? self->control_engine : self->engine;

  g_free (self->boot_run_id);
  self->boot_run_id = g_strdup (run_id);
  self->boot_number = number;
  self->boot_total = total;
  /* Translators: "Booting warm-2 (4 of 6)…": which run of the plan. */
  text = g_strdup_printf (_ ("Booting %s (%u of %u)…"), run_id, number, total);
  set_status (self, "content-loading-symbolic", RC_BOOT_TONE_NEUTRAL, text, 0);
  rc_boot_status_set_deadline_seconds (self->status, rc_engine_get_deadline_seconds (engine));
  rc_boot_status_start_clock (self->status);
  if (!control)
    rc_boot_results_show_live_steps (self->results, NULL, NULL);
}

void
_rc_boot_pane_engine_progress (RcBootPane *self, const RcBootProgress *progress, RcEngine *engine)
{
  /* The control's steps are not the runs' steps: the table keeps showing the runs. */
  const RcRunRecord *record =
      engine == self->engine ? rc_engine_get_last_record (self->engine) : NULL;
  g_autofree char *what = NULL;
  g_autofree char *title = NULL;
  g_autofree char *count = NULL;

  if (self->runner == NULL || progress->phase == RC_BOOT_PHASE_READY)
    return;
  what = rc_run_phase_describe (progress->phase_name, progress->package, progress->module);
  /* Translators: "warm-2 (4 of 6): Loading package numpy". */
  title = g_strdup_printf (_ ("%s (%u of %u): %s"), self->boot_run_id, self->boot_number,
                           self->boot_total, what);
  /* Translators: boot progress, "step 3 of 7". */
  count = g_strdup_printf (_ ("step %u of %u"), progress->step, progress->steps);
  rc_boot_status_set_title (self->status, title);
  rc_boot_status_set_step_text (self->status, count);
  rc_boot_status_set_fraction (self->status,
                               progress->steps > 0 ? (double) progress->step / progress->steps : 0);
  if (record != NULL)
    rc_boot_results_show_live_steps (self->results,
                                     rc_scenario_is_warm (record->scenario) ? NULL : record,
                                     rc_scenario_is_warm (record->scenario) ? record : NULL);
}

/* The report */

/* The control's outcome (rc-control.h): held is what makes the report valid. */
static void
show_control (RcBootPane *self)
{
  const RcControl *control = self->report != NULL ? self->report->control : NULL;
  g_autofree char *text = NULL;
  gboolean booted;

  if (control == NULL || control->run == NULL)
    {
      rc_boot_status_set_control (self->status, NULL, FALSE);
      return;
    }
  booted = rc_control_booted (control);
  if (booted)
    text = g_strdup (_ ("Control booted: the policy under test was never applied — this report "
                        "is invalid"));
  else
    /* Translators: "Control held: did not boot under nemarlike minus 'wasm-unsafe-eval'
     * within 12 s". */
    text = g_strdup_printf (_ ("Control held: did not boot under %s within %.0f s"),
                            control->policy_name, control->deadline_ms / 1000);
  rc_boot_status_set_control (self->status, text, booted);
}

void
_rc_boot_pane_show_report (RcBootPane *self)
{
  show_control (self);
  rc_boot_results_set_report (self->results, self->report, self->report_source);
}

void
_rc_boot_pane_set_report (RcBootPane *self, RcMeasurement *report, char *source)
{
  /* The results borrow the report: let go of it there before it is freed. */
  rc_boot_results_set_report (self->results, NULL, NULL);
  g_clear_pointer (&self->report, rc_measurement_free);
  g_free (self->report_source);
  self->report = report;
  self->report_source = source;
  _rc_boot_pane_show_report (self);
}

/* The plan in progress no longer belongs to what the page shows (another community, the
 * pane going away): stop it and ignore whatever it still reports. */
static void
abandon_runner (RcBootPane *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->status != NULL)
    rc_boot_status_stop_clock (self->status);
  if (self->runner != NULL)
    g_signal_handlers_disconnect_by_data (self->runner, self);
  g_clear_object (&self->runner);
}

void
_rc_boot_pane_reset_results (RcBootPane *self)
{
  abandon_runner (self);
  g_clear_pointer (&self->probes, g_ptr_array_unref);
  g_clear_pointer (&self->verdicts, g_ptr_array_unref);
  g_clear_pointer (&self->audit_findings, g_ptr_array_unref);
  rc_seal_audit_clear (self->seal_audit);
  rc_python_console_clear (self->python_console);
  self->last_plan = -1;
  _rc_boot_pane_set_report (self, NULL, NULL);
  _rc_boot_pane_show_idle_status (self);
}

/* Plans */

static void
apply_settings (RcBootPane *self)
{
  RcBootSettings *settings = self->boot_settings;
  g_autofree char *policy = rc_boot_settings_dup_policy (settings);
  RcThrottleProfile throttle = rc_boot_settings_get_throttle (settings);
  RcWorkerKind worker = rc_boot_settings_get_worker_kind (settings);
  g_autofree char *bundle = rc_engine_find_osa_bundle (self->community);

  rc_engine_set_csp (self->engine, rc_boot_settings_get_policy_name (settings, policy), policy);
  rc_engine_set_deployment (self->engine, rc_boot_settings_get_deployment (settings));
  rc_engine_set_deadline_seconds (self->engine, rc_boot_settings_get_deadline_seconds (settings));
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
  rc_boot_status_stop_clock (self->status);
  _rc_boot_pane_show_report (self);
  show_outcome (self, record);
  _rc_boot_pane_offer_policy_fix (self, record);
  _rc_boot_pane_emit_boot_finished (self, record);
}

static void
control_finished_cb (RcBootPane *self, RcControl *control)
{
  if (self->report == NULL)
    self->report = rc_measurement_new (control->run->env.community);
  rc_measurement_set_control (self->report, rc_control_copy (control));
  rc_boot_status_stop_clock (self->status);
  /* The control booted on its own engine: the runs' runtime is as the last run left it. */
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

      set_status (self, "process-stop-symbolic",
                  stopped ? RC_BOOT_TONE_NEUTRAL : RC_BOOT_TONE_ERROR,
                  stopped ? _ ("Stopped") : error->message, 0);
    }
  else if (self->last_plan == RC_BOOT_PLAN_RUNS && self->report != NULL)
    runs_summary_toast (self);
  if (error == NULL)
    _rc_boot_pane_keep_in_history (self);
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
  gboolean control;

  if (_rc_boot_pane_is_busy (self) || self->probes != NULL || !_rc_boot_pane_policy_usable (self)
      || _rc_boot_pane_ensure_engine (self) == NULL)
    return;
  /* The chosen engine, or nothing: never another one in its place. */
  if (!_rc_boot_pane_apply_engine (self))
    {
      _rc_boot_pane_show_idle_status (self);
      _rc_boot_pane_update_actions (self);
      return;
    }
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
    _rc_boot_pane_set_report (self, NULL, NULL);
  self->last_plan = kind;
  self->last_runs = runs;
  apply_settings (self);
  self->runner = rc_measure_runner_new (self->engine);
  rc_measure_runner_set_scenarios (self->runner, scenarios);
  rc_measure_runner_set_runs (self->runner, kind == RC_BOOT_PLAN_RUNS ? MAX (runs, 1) : 1);
  /* The control boot is `measure`'s validity check: offered for plans that measure (Cold +
   * Warm, Runs…), never for a single interactive boot. */
  control = (kind == RC_BOOT_PLAN_COLD_WARM || kind == RC_BOOT_PLAN_RUNS)
            && rc_boot_settings_get_control_boot (self->boot_settings);
  rc_measure_runner_set_control (self->runner, control);
  if (control)
    rc_measure_runner_set_control_engine (self->runner, _rc_boot_pane_ensure_control_engine (self));
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
  if (self->control_engine != NULL)
    rc_engine_stop (self->control_engine);
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

  return rc_boot_results_select_run (self->results, run_id);
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
  _rc_boot_pane_start_plan (self, RC_BOOT_PLAN_WARM, 1);
}

void
_rc_boot_pane_setup_runs (RcBootPane *self)
{
  g_signal_connect_object (self->python_console, "finished", G_CALLBACK (console_finished_cb), self,
                           G_CONNECT_SWAPPED);
  _rc_boot_pane_show_report (self);
}

void
_rc_boot_pane_dispose_runs (RcBootPane *self)
{
  abandon_runner (self);
}
