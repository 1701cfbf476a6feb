/* rc-boot-pane.c: controls, the engine's lifecycle, live progress and the run tables.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-boot-pane-private.h"
#include "rc-run-tables.h"
#include "rc-table-item.h"
#include "serve/rc-throttle.h"

enum
{
  TOAST,
  BOOT_FINISHED,
  AUDIT_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (RcBootPane, rc_boot_pane, GTK_TYPE_WIDGET)

static void rc_boot_pane_start_next (RcBootPane *self);
static void clear_engine (RcBootPane *self);
static void create_engine (RcBootPane *self);

void
_rc_boot_pane_toast (RcBootPane *self, const char *text)
{
  g_signal_emit (self, signals[TOAST], 0, text);
}

static gboolean
is_booting (RcBootPane *self)
{
  return self->engine != NULL && rc_engine_get_state (self->engine) == RC_ENGINE_STATE_BOOTING;
}

static void
set_action_enabled (RcBootPane *self, const char *name, gboolean enabled)
{
  GAction *action = self->actions != NULL ? g_action_map_lookup_action (self->actions, name) : NULL;

  if (G_IS_SIMPLE_ACTION (action))
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
_rc_boot_pane_update_actions (RcBootPane *self)
{
  gboolean has_engine = self->engine != NULL;
  gboolean busy = is_booting (self) || self->probes != NULL;
  gboolean ready = has_engine && rc_engine_get_state (self->engine) == RC_ENGINE_STATE_READY;

  set_action_enabled (self, "boot-cold", has_engine && !busy);
  set_action_enabled (self, "boot-warm", has_engine && !busy);
  set_action_enabled (self, "boot-cold-warm", has_engine && !busy);
  set_action_enabled (self, "runs", has_engine && !busy);
  set_action_enabled (self, "stop", busy || self->queue->len > 0);
  set_action_enabled (self, "seal-audit", ready && self->probes == NULL);
  set_action_enabled (self, "inspector", has_engine);
}

/* Boot progress and results */

static void
show_record (RcBootPane *self, const RcRunRecord *record)
{
  rc_run_tables_fill_steps (self->steps, record);
  rc_run_tables_fill_requests (self->requests, record);
  rc_run_tables_fill_violations (self->violations, record);
}

static void
show_outcome (RcBootPane *self, const RcRunRecord *record)
{
  g_autofree char *title = NULL;
  const RcOutcome *outcome = &record->outcome;

  gtk_widget_remove_css_class (GTK_WIDGET (self->phase_label), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->phase_label), "success");
  if (outcome->state == RC_OUTCOME_READY)
    {
      title = g_strdup_printf (_ ("Ready: Pyodide %s in %.2f s"),
                               outcome->version != NULL ? outcome->version : "?",
                               record->boot_ms / 1000.0);
      gtk_image_set_from_icon_name (self->state_icon, "emblem-ok-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self->phase_label), "success");
      gtk_progress_bar_set_fraction (self->progress_bar, 1.0);
      gtk_widget_set_visible (GTK_WIDGET (self->diagnosis_scroller), FALSE);
    }
  else
    {
      g_autofree char *text = NULL;

      title = g_strdup_printf (_ ("Failed (%s)"), outcome->kind != NULL ? outcome->kind : "?");
      gtk_image_set_from_icon_name (self->state_icon, "dialog-error-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self->phase_label), "error");
      text = g_strdup_printf ("%s%s%s", outcome->message != NULL ? outcome->message : "",
                              outcome->diagnosis != NULL ? "\n\n" : "",
                              outcome->diagnosis != NULL ? outcome->diagnosis : "");
      gtk_label_set_label (self->diagnosis_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->diagnosis_scroller), TRUE);
    }
  gtk_label_set_label (self->phase_label, title);
}

static void
engine_progress_cb (RcBootPane *self, JsonObject *message)
{
  const char *type = json_object_get_string_member_with_default (message, "type", "");
  const RcRunRecord *record = rc_engine_get_last_record (self->engine);

  if (g_str_equal (type, "progress"))
    {
      gint64 step = json_object_get_int_member_with_default (message, "step", 0);
      gint64 steps = json_object_get_int_member_with_default (message, "steps", 0);
      g_autofree char *what = rc_run_phase_describe (
          json_object_get_string_member_with_default (message, "phase", NULL),
          json_object_get_string_member_with_default (message, "package", NULL),
          json_object_get_string_member_with_default (message, "module", NULL));
      /* Translators: boot progress, "step 3 of 7". */
      g_autofree char *count = g_strdup_printf (_ ("step %u of %u"), (guint) step, (guint) steps);

      gtk_label_set_label (self->phase_label, what);
      gtk_label_set_label (self->step_label, count);
      gtk_progress_bar_set_fraction (self->progress_bar,
                                     steps > 0 ? CLAMP ((double) step / steps, 0, 1) : 0);
    }
  if (record != NULL)
    show_record (self, record);
}

static void
engine_violation_cb (RcBootPane *self)
{
  const RcRunRecord *record = rc_engine_get_last_record (self->engine);

  if (record != NULL)
    rc_run_tables_fill_violations (self->violations, record);
}

static void
engine_state_changed_cb (RcBootPane *self)
{
  _rc_boot_pane_update_actions (self);
}

static void
boot_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (RcBootPane) self = RC_BOOT_PANE (user_data);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcRunRecord) record = NULL;

  record = rc_engine_boot_finish (RC_ENGINE (source), result, &error);
  g_clear_object (&self->cancellable);
  if (record == NULL)
    {
      g_array_set_size (self->queue, 0);
      g_clear_pointer (&self->runs, g_ptr_array_unref);
      gtk_image_set_from_icon_name (self->state_icon, "process-stop-symbolic");
      gtk_label_set_label (self->phase_label, error->message);
      _rc_boot_pane_update_actions (self);
      g_signal_emit (self, signals[BOOT_FINISHED], 0, NULL);
      return;
    }
  show_record (self, record);
  show_outcome (self, record);
  if (rc_scenario_is_warm (record->scenario))
    {
      g_clear_pointer (&self->warm, rc_run_record_free);
      self->warm = rc_run_record_copy (record);
    }
  else
    {
      g_clear_pointer (&self->cold, rc_run_record_free);
      g_clear_pointer (&self->warm, rc_run_record_free);
      self->cold = rc_run_record_copy (record);
    }
  {
    g_autoptr (GPtrArray) pair = g_ptr_array_new ();

    if (self->cold != NULL)
      g_ptr_array_add (pair, self->cold);
    if (self->warm != NULL)
      g_ptr_array_add (pair, self->warm);
    rc_charts_view_set_runs (self->charts, pair);
  }
  if (self->runs != NULL)
    g_ptr_array_add (self->runs, rc_run_record_copy (record));
  g_signal_emit (self, signals[BOOT_FINISHED], 0, record);

  if (self->queue->len > 0)
    rc_boot_pane_start_next (self);
  else if (self->runs != NULL)
    _rc_boot_pane_runs_finished (self);
  _rc_boot_pane_update_actions (self);
}

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
}

static void
rc_boot_pane_start_next (RcBootPane *self)
{
  RcBootMode mode = g_array_index (self->queue, RcBootMode, 0);

  g_array_remove_index (self->queue, 0);
  apply_settings (self);
  gtk_image_set_from_icon_name (self->state_icon, "content-loading-symbolic");
  gtk_widget_remove_css_class (GTK_WIDGET (self->phase_label), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->phase_label), "success");
  gtk_label_set_label (self->phase_label, mode == RC_BOOT_MODE_COLD ? _ ("Starting a cold boot…")
                                                                    : _ ("Starting a warm boot…"));
  gtk_label_set_label (self->step_label, "");
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->diagnosis_scroller), FALSE);
  self->cancellable = g_cancellable_new ();
  rc_engine_boot_async (self->engine, mode, self->cancellable, boot_cb, g_object_ref (self));
  _rc_boot_pane_update_actions (self);
}

void
_rc_boot_pane_start_plan (RcBootPane *self, const RcBootMode *modes, guint n)
{
  if (self->engine_stale && !is_booting (self))
    {
      clear_engine (self);
      create_engine (self);
    }
  if (self->engine == NULL || is_booting (self))
    return;
  g_array_set_size (self->queue, 0);
  g_array_append_vals (self->queue, modes, n);
  g_array_set_size (self->last_plan, 0);
  g_array_append_vals (self->last_plan, modes, n);
  rc_boot_pane_start_next (self);
}

void
rc_boot_pane_boot (RcBootPane *self, RcBootMode mode)
{
  g_return_if_fail (RC_IS_BOOT_PANE (self));

  g_clear_pointer (&self->runs, g_ptr_array_unref);
  _rc_boot_pane_start_plan (self, &mode, 1);
}

void
rc_boot_pane_boot_cold_warm (RcBootPane *self)
{
  static const RcBootMode plan[] = { RC_BOOT_MODE_COLD, RC_BOOT_MODE_WARM };

  g_return_if_fail (RC_IS_BOOT_PANE (self));

  g_clear_pointer (&self->runs, g_ptr_array_unref);
  _rc_boot_pane_start_plan (self, plan, G_N_ELEMENTS (plan));
}

void
rc_boot_pane_reboot (RcBootPane *self)
{
  g_return_if_fail (RC_IS_BOOT_PANE (self));

  if (self->last_plan->len > 0)
    _rc_boot_pane_start_plan (self, (RcBootMode *) (gpointer) self->last_plan->data,
                              self->last_plan->len);
}

void
rc_boot_pane_stop (RcBootPane *self)
{
  g_return_if_fail (RC_IS_BOOT_PANE (self));

  g_array_set_size (self->queue, 0);
  g_clear_pointer (&self->probes, g_ptr_array_unref);
  if (self->engine != NULL)
    rc_engine_stop (self->engine);
  _rc_boot_pane_update_actions (self);
}

/* Engine lifecycle */

static void
clear_engine (RcBootPane *self)
{
  if (self->engine == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  rc_engine_stop (self->engine);
  g_signal_handlers_disconnect_by_data (self->engine, self);
  gtk_frame_set_child (self->page_frame, NULL);
  rc_python_console_set_engine (self->python_console, NULL);
  g_clear_object (&self->engine);
}

static void
update_worker_row (RcBootPane *self)
{
  g_autofree char *bundle = rc_engine_find_osa_bundle (self->community);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->worker_row),
                               bundle != NULL ? bundle
                                              : _ ("OSA's bundle is not next to this community"));
}

/* A new engine for self->community, or none when it has no runtime to boot. */
static void
create_engine (RcBootPane *self)
{
  g_autoptr (JsonObject) runtime = NULL;

  g_assert (self->engine == NULL);

  self->engine_stale = FALSE;
  if (self->server == NULL)
    self->server = rc_server_new ();
  runtime = rc_community_get_runtime_python (self->community,
                                             rc_community_get_deployment (self->community));
  if (runtime == NULL)
    {
      gtk_image_set_from_icon_name (self->state_icon, "action-unavailable-symbolic");
      gtk_label_set_label (self->phase_label, _ ("This community has no runtime.python to boot."));
      return;
    }
  self->engine = rc_engine_new (self->community, self->server);
  g_signal_connect_object (self->engine, "progress", G_CALLBACK (engine_progress_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine, "violation", G_CALLBACK (engine_violation_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine, "state-changed", G_CALLBACK (engine_state_changed_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_frame_set_child (self->page_frame, rc_engine_get_view (self->engine));
  rc_python_console_set_engine (self->python_console, self->engine);
  update_worker_row (self);
  if (self->cold == NULL)
    {
      gtk_image_set_from_icon_name (self->state_icon, "media-playback-start-symbolic");
      gtk_label_set_label (self->phase_label, _ ("Ready to boot"));
    }
}

void
rc_boot_pane_set_community (RcBootPane *self, RcCommunity *community)
{
  gboolean same_folder;

  g_return_if_fail (RC_IS_BOOT_PANE (self));
  g_return_if_fail (RC_IS_COMMUNITY (community));

  same_folder =
      self->community != NULL
      && g_strcmp0 (rc_community_get_dir (self->community), rc_community_get_dir (community)) == 0;
  g_set_object (&self->community, community);
  /* Revalidating after a save must not kill a booted runtime someone is working in: keep it,
   * and let the next boot build a new engine from the new model. */
  if (same_folder && self->engine != NULL
      && rc_engine_get_state (self->engine) == RC_ENGINE_STATE_READY)
    {
      self->engine_stale = TRUE;
      _rc_boot_pane_analyse (self);
      _rc_boot_pane_update_actions (self);
      return;
    }
  clear_engine (self);
  g_array_set_size (self->queue, 0);
  create_engine (self);
  _rc_boot_pane_analyse (self);
  _rc_boot_pane_update_actions (self);
}

void
rc_boot_pane_bind_actions (RcBootPane *self, GActionMap *actions)
{
  g_return_if_fail (RC_IS_BOOT_PANE (self));

  self->actions = actions;
  _rc_boot_pane_update_actions (self);
}

static void
combo_selected_cb (RcBootPane *self, GParamSpec *pspec, AdwComboRow *row)
{
  guint selected = adw_combo_row_get_selected (row);

  if (row == self->throttle_row)
    g_settings_set_string (self->settings, "throttle",
                           rc_throttle_profile_to_string ((RcThrottleProfile) selected));
  else if (row == self->worker_row)
    g_settings_set_enum (self->settings, "worker", (int) selected);
  else if (row == self->deployment_row)
    {
      g_settings_set_string (self->settings, "deployment",
                             rc_deployment_to_string ((RcDeployment) selected));
      _rc_boot_pane_analyse (self);
    }
}

static void
setup_combos (RcBootPane *self)
{
  g_autoptr (GtkStringList) throttles = gtk_string_list_new (NULL);
  const char *workers[] = { _ ("Built-in"), _ ("OSA bundle"), NULL };
  const char *deployments[] = { "production", "develop", NULL };
  g_autoptr (GtkStringList) worker_list = gtk_string_list_new (workers);
  g_autoptr (GtkStringList) deployment_list = gtk_string_list_new (deployments);
  g_autofree char *throttle = g_settings_get_string (self->settings, "throttle");
  g_autofree char *deployment = g_settings_get_string (self->settings, "deployment");
  g_autofree char *preset = g_settings_get_string (self->settings, "csp-preset");
  RcThrottleProfile profile = RC_THROTTLE_NONE;
  RcDeployment d = RC_DEPLOYMENT_PRODUCTION;

  for (guint i = 0; i < RC_THROTTLE_N_PROFILES; i++)
    gtk_string_list_append (throttles, rc_throttle_profile_get_label ((RcThrottleProfile) i));
  adw_combo_row_set_model (self->throttle_row, G_LIST_MODEL (throttles));
  adw_combo_row_set_model (self->worker_row, G_LIST_MODEL (worker_list));
  adw_combo_row_set_model (self->deployment_row, G_LIST_MODEL (deployment_list));
  rc_throttle_profile_from_string (throttle, &profile);
  rc_deployment_from_string (deployment, &d);
  adw_combo_row_set_selected (self->throttle_row, profile);
  adw_combo_row_set_selected (self->worker_row,
                              (guint) g_settings_get_enum (self->settings, "worker"));
  adw_combo_row_set_selected (self->deployment_row, d);
  g_settings_bind (self->settings, "deadline", gtk_spin_button_get_adjustment (self->deadline_spin),
                   "value", G_SETTINGS_BIND_DEFAULT);
  _rc_boot_pane_setup_policy (self, preset);
  g_signal_connect_swapped (self->throttle_row, "notify::selected", G_CALLBACK (combo_selected_cb),
                            self);
  g_signal_connect_swapped (self->worker_row, "notify::selected", G_CALLBACK (combo_selected_cb),
                            self);
  g_signal_connect_swapped (self->deployment_row, "notify::selected",
                            G_CALLBACK (combo_selected_cb), self);
}

static void
setup_tables (RcBootPane *self)
{
  struct
  {
    GtkColumnView *view;
    GListStore **store;
  } tables[] = {
    { self->steps_view, &self->steps },
    { self->requests_view, &self->requests },
    { self->violations_view, &self->violations },
  };

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_autoptr (GtkNoSelection) selection = NULL;

      *tables[i].store = g_list_store_new (RC_TYPE_TABLE_ITEM);
      selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (*tables[i].store)));
      gtk_column_view_set_model (tables[i].view, GTK_SELECTION_MODEL (selection));
    }
  rc_table_add_column (self->steps_view, _ ("Step"), 0, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->steps_view, _ ("What"), 1, RC_TABLE_COLUMN_EXPAND);
  rc_table_add_column (self->steps_view, _ ("Duration"), 2, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->steps_view, _ ("Heap"), 3, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->steps_view, _ ("Growth"), 4, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("URL"), 0,
                       RC_TABLE_COLUMN_EXPAND | RC_TABLE_COLUMN_MONO);
  rc_table_add_column (self->requests_view, _ ("Origin"), 1, 0);
  rc_table_add_column (self->requests_view, _ ("Status"), 2, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("Bytes"), 3, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("Verdict"), 4, 0);
  rc_table_add_column (self->violations_view, _ ("Directive"), 0, 0);
  rc_table_add_column (self->violations_view, _ ("Blocked"), 1,
                       RC_TABLE_COLUMN_EXPAND | RC_TABLE_COLUMN_MONO);
  rc_table_add_column (self->violations_view, _ ("Source"), 2, 0);
  rc_table_add_column (self->violations_view, _ ("Time"), 3, RC_TABLE_COLUMN_NUMERIC);
}

static void
rc_boot_pane_dispose (GObject *object)
{
  RcBootPane *self = RC_BOOT_PANE (object);

  g_clear_handle_id (&self->analysis_id, g_source_remove);
  clear_engine (self);
  if (self->server != NULL)
    rc_server_stop (self->server);
  g_clear_object (&self->server);
  gtk_widget_dispose_template (GTK_WIDGET (self), RC_TYPE_BOOT_PANE);
  /* dispose_template() only unparents bound children; the root box is not bound. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->community);
  g_clear_object (&self->settings);
  g_clear_object (&self->steps);
  g_clear_object (&self->requests);
  g_clear_object (&self->violations);
  g_clear_pointer (&self->presets, g_ptr_array_unref);
  g_clear_pointer (&self->findings, g_ptr_array_unref);
  g_clear_pointer (&self->runs, g_ptr_array_unref);
  g_clear_pointer (&self->probes, g_ptr_array_unref);
  g_clear_pointer (&self->verdicts, g_ptr_array_unref);
  g_clear_pointer (&self->audit_findings, g_ptr_array_unref);
  G_OBJECT_CLASS (rc_boot_pane_parent_class)->dispose (object);
}

static void
rc_boot_pane_finalize (GObject *object)
{
  RcBootPane *self = RC_BOOT_PANE (object);

  g_clear_pointer (&self->cold, rc_run_record_free);
  g_clear_pointer (&self->warm, rc_run_record_free);
  g_clear_pointer (&self->queue, g_array_unref);
  g_clear_pointer (&self->last_plan, g_array_unref);
  G_OBJECT_CLASS (rc_boot_pane_parent_class)->finalize (object);
}

static void
rc_boot_pane_class_init (RcBootPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rc_boot_pane_dispose;
  object_class->finalize = rc_boot_pane_finalize;

  /**
   * RcBootPane::toast:
   * @text: a short, transient message for the window's toast overlay
   */
  signals[TOAST] = g_signal_new ("toast", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                 NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * RcBootPane::boot-finished:
   * @record: (nullable): the run record, or %NULL when the boot could not run or was stopped
   */
  signals[BOOT_FINISHED] =
      g_signal_new ("boot-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 1, RC_TYPE_RUN_RECORD | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * RcBootPane::audit-finished:
   *
   * The seal audit ran its last probe; see rc_boot_pane_get_audit_verdicts().
   */
  signals[AUDIT_FINISHED] = g_signal_new ("audit-finished", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  g_type_ensure (RC_TYPE_CHARTS_VIEW);
  g_type_ensure (RC_TYPE_PYTHON_CONSOLE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-boot-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, preset_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, policy_view);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, analysis_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, findings_list);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, throttle_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, worker_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, deployment_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, deadline_spin);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, state_icon);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, phase_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, step_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, diagnosis_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, diagnosis_scroller);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, page_frame);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, results_stack);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, charts);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, steps_view);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, requests_view);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, violations_view);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, python_console);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, audit_list);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
rc_boot_pane_init (RcBootPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  self->queue = g_array_new (FALSE, FALSE, sizeof (RcBootMode));
  self->last_plan = g_array_new (FALSE, FALSE, sizeof (RcBootMode));
  setup_tables (self);
  setup_combos (self);
  gtk_label_set_label (self->phase_label, _ ("Open a community to boot it"));
}

RcEngine *
rc_boot_pane_get_engine (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return self->engine;
}

GListModel *
rc_boot_pane_get_steps (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return G_LIST_MODEL (self->steps);
}

char *
rc_boot_pane_dup_outcome_text (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->diagnosis_scroller)))
    return g_strdup (gtk_label_get_label (self->phase_label));
  return g_strdup_printf ("%s\n%s", gtk_label_get_label (self->phase_label),
                          gtk_label_get_label (self->diagnosis_label));
}

GPtrArray *
rc_boot_pane_get_findings (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return self->findings;
}
