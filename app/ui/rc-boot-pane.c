/* rc-boot-pane.c: the engine's lifecycle, the community and the boot settings rows.
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
  PLAN_FINISHED,
  AUDIT_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void chart_step_activated_cb (RcBootPane *self, const char *step_key);

G_DEFINE_FINAL_TYPE (RcBootPane, rc_boot_pane, GTK_TYPE_WIDGET)

void
_rc_boot_pane_toast (RcBootPane *self, const char *text)
{
  g_signal_emit (self, signals[TOAST], 0, text);
}

/* Engine lifecycle */

static void
clear_engine (RcBootPane *self)
{
  if (self->engine == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  rc_engine_stop (self->engine);
  g_signal_handlers_disconnect_by_data (self->engine, self);
  gtk_frame_set_child (self->page_frame, NULL);
  rc_python_console_set_engine (self->python_console, NULL);
  g_clear_object (&self->engine);
  self->session_booted = FALSE;
}

static void
update_worker_row (RcBootPane *self)
{
  g_autofree char *bundle = rc_engine_find_osa_bundle (self->community);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->worker_row),
                               bundle != NULL ? bundle
                                              : _ ("OSA's bundle is not next to this community"));
}

static void
engine_violation_cb (RcBootPane *self)
{
  const RcRunRecord *record = rc_engine_get_last_record (self->engine);

  if (record != NULL && self->runner != NULL)
    rc_run_tables_fill_violations (self->violations, record);
}

static void
engine_state_changed_cb (RcBootPane *self)
{
  _rc_boot_pane_update_actions (self);
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
    return;
  self->engine = rc_engine_new (self->community, self->server);
  g_signal_connect_object (self->engine, "progress", G_CALLBACK (_rc_boot_pane_engine_progress),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine, "violation", G_CALLBACK (engine_violation_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine, "state-changed", G_CALLBACK (engine_state_changed_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_frame_set_child (self->page_frame, rc_engine_get_view (self->engine));
  rc_python_console_set_engine (self->python_console, self->engine);
  update_worker_row (self);
}

/* The engine a plan boots: a stale one (the community was revalidated) is rebuilt first. */
RcEngine *
_rc_boot_pane_ensure_engine (RcBootPane *self)
{
  if (self->engine_stale && !_rc_boot_pane_is_busy (self))
    {
      clear_engine (self);
      create_engine (self);
    }
  return self->engine;
}

static char *
dup_runtime_json (RcCommunity *community)
{
  g_autoptr (JsonObject) runtime = NULL;
  g_autoptr (JsonNode) node = NULL;

  if (community == NULL)
    return NULL;
  runtime = rc_community_get_runtime_python (community, rc_community_get_deployment (community));
  if (runtime == NULL)
    return NULL;
  node = json_node_init_object (json_node_alloc (), runtime);
  return json_to_string (node, FALSE);
}

void
rc_boot_pane_set_community (RcBootPane *self, RcCommunity *community)
{
  gboolean same_folder;
  g_autofree char *old_runtime = NULL;
  g_autofree char *new_runtime = NULL;

  g_return_if_fail (RC_IS_BOOT_PANE (self));
  g_return_if_fail (RC_IS_COMMUNITY (community));

  same_folder =
      self->community != NULL
      && g_strcmp0 (rc_community_get_dir (self->community), rc_community_get_dir (community)) == 0;
  old_runtime = dup_runtime_json (self->community);
  new_runtime = dup_runtime_json (community);
  g_set_object (&self->community, community);
  _rc_boot_pane_show_distribution (self);
  /* Revalidating after a save must not kill a booted runtime someone is working in, nor the
   * results of a runtime that did not change: keep both, and let the next boot build a new
   * engine from the new model. */
  if (same_folder && g_strcmp0 (old_runtime, new_runtime) == 0
      && (self->engine == NULL) == (new_runtime == NULL))
    {
      if (self->engine != NULL)
        self->engine_stale = TRUE;
      _rc_boot_pane_analyse (self);
      if (!_rc_boot_pane_is_busy (self) && self->report == NULL)
        _rc_boot_pane_show_idle_status (self);
      _rc_boot_pane_update_actions (self);
      return;
    }
  clear_engine (self);
  _rc_boot_pane_reset_results (self);
  create_engine (self);
  _rc_boot_pane_analyse (self);
  _rc_boot_pane_show_idle_status (self);
  _rc_boot_pane_update_actions (self);
}

GActionGroup *
rc_boot_pane_get_actions (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return G_ACTION_GROUP (self->actions);
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
  g_settings_bind (self->settings, "control-boot", self->control_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
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
      g_autoptr (GtkSelectionModel) selection = NULL;
      GListModel *model;

      *tables[i].store = g_list_store_new (RC_TYPE_TABLE_ITEM);
      model = G_LIST_MODEL (g_object_ref (*tables[i].store));
      /* The step table selects the step a chart mark was clicked for; nothing is selected
       * until then. */
      if (tables[i].view == self->steps_view)
        {
          GtkSingleSelection *single = gtk_single_selection_new (model);

          gtk_single_selection_set_autoselect (single, FALSE);
          gtk_single_selection_set_can_unselect (single, TRUE);
          gtk_single_selection_set_selected (single, GTK_INVALID_LIST_POSITION);
          selection = GTK_SELECTION_MODEL (single);
        }
      else
        selection = GTK_SELECTION_MODEL (gtk_no_selection_new (model));
      gtk_column_view_set_model (tables[i].view, selection);
    }
  rc_table_add_column (self->steps_view, _ ("Step"), 0, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->steps_view, _ ("What"), 1, RC_TABLE_COLUMN_EXPAND);
  rc_table_add_column (self->steps_view, _ ("Cold"), 2, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->steps_view, _ ("Warm"), 3, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->steps_view, _ ("Heap"), 4, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->steps_view, _ ("Growth"), 5, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("File"), 0,
                       RC_TABLE_COLUMN_EXPAND | RC_TABLE_COLUMN_MONO);
  rc_table_add_column (self->requests_view, _ ("Verdict"), 1, 0);
  rc_table_add_column (self->requests_view, _ ("Step"), 2, 0);
  rc_table_add_column (self->requests_view, _ ("Start"), 3, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("Time"), 4, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("Wire"), 5, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("Decoded"), 6, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("Status"), 7, RC_TABLE_COLUMN_NUMERIC);
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
  _rc_boot_pane_dispose_runs (self);
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
  g_clear_pointer (&self->probes, g_ptr_array_unref);
  g_clear_pointer (&self->verdicts, g_ptr_array_unref);
  g_clear_pointer (&self->audit_findings, g_ptr_array_unref);
  G_OBJECT_CLASS (rc_boot_pane_parent_class)->dispose (object);
}

static void
rc_boot_pane_finalize (GObject *object)
{
  RcBootPane *self = RC_BOOT_PANE (object);

  g_clear_pointer (&self->report, rc_measurement_free);
  g_free (self->report_source);
  g_free (self->boot_run_id);
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
   * RcBootPane::plan-finished:
   *
   * The plan (Boot Cold, Cold + Warm, Runs…) ended, finished, stopped or failed to start;
   * see rc_boot_pane_get_report().
   */
  signals[PLAN_FINISHED] = g_signal_new ("plan-finished", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

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
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, flap);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, flap_toggle);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, preset_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, policy_view);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, analysis_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, findings_list);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, throttle_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, worker_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, deployment_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, deadline_spin);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, control_switch);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, distribution_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, control_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, distribution_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, state_icon);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, phase_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, step_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, elapsed_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, run_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, headline_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, requests_totals);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, tunnels_check);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, steps_stack);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, requests_stack);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, violations_stack);
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
  self->last_plan = -1;
  setup_tables (self);
  setup_combos (self);
  _rc_boot_pane_setup_runs (self);
  _rc_boot_pane_setup_actions (self);
  _rc_boot_pane_setup_distribution (self);
  g_signal_connect_swapped (self->charts, "step-activated", G_CALLBACK (chart_step_activated_cb),
                            self);
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

/* GTK 4.8's GtkColumnView has no scroll_to(): its list view has the action. */
static void
scroll_to_step (RcBootPane *self, guint position)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->steps_view)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LIST_VIEW (c))
      gtk_widget_activate_action (c, "list.scroll-to-item", "u", position);
}

gboolean
rc_boot_pane_select_step (RcBootPane *self, const char *step_key)
{
  GtkSingleSelection *selection;

  g_return_val_if_fail (RC_IS_BOOT_PANE (self), FALSE);
  g_return_val_if_fail (step_key != NULL, FALSE);

  selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (self->steps_view));
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->steps)); i++)
    {
      g_autoptr (RcTableItem) item = g_list_model_get_item (G_LIST_MODEL (self->steps), i);

      if (g_strcmp0 (rc_table_item_get_cell (item, RC_RUN_TABLES_STEP_KEY_CELL), step_key) == 0)
        {
          gtk_single_selection_set_selected (selection, i);
          /* Bring the row into view; the Steps tab may be behind another one. */
          gtk_stack_set_visible_child_name (self->results_stack, "steps");
          scroll_to_step (self, i);
          return TRUE;
        }
    }
  gtk_single_selection_set_selected (selection, GTK_INVALID_LIST_POSITION);
  return FALSE;
}

guint
rc_boot_pane_get_selected_step (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), GTK_INVALID_LIST_POSITION);

  return gtk_single_selection_get_selected (
      GTK_SINGLE_SELECTION (gtk_column_view_get_model (self->steps_view)));
}

static void
chart_step_activated_cb (RcBootPane *self, const char *step_key)
{
  rc_boot_pane_select_step (self, step_key);
}

GListModel *
rc_boot_pane_get_requests (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return G_LIST_MODEL (self->requests);
}

char *
rc_boot_pane_dup_outcome_text (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->diagnosis_scroller)))
    return g_strdup_printf ("%s %s", gtk_label_get_label (self->phase_label),
                            gtk_label_get_label (self->step_label));
  return g_strdup_printf ("%s\n%s", gtk_label_get_label (self->phase_label),
                          gtk_label_get_label (self->diagnosis_label));
}

const char *
rc_boot_pane_get_distribution_text (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return gtk_label_get_label (self->distribution_label);
}

const char *
rc_boot_pane_get_control_text (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->control_label))
             ? gtk_label_get_label (self->control_label)
             : "";
}

GPtrArray *
rc_boot_pane_get_findings (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return self->findings;
}

void
_rc_boot_pane_emit_boot_finished (RcBootPane *self, const RcRunRecord *record)
{
  g_signal_emit (self, signals[BOOT_FINISHED], 0, record);
}

void
_rc_boot_pane_emit_plan_finished (RcBootPane *self)
{
  g_signal_emit (self, signals[PLAN_FINISHED], 0);
}
