/* rc-boot-pane.c: the engine's lifecycle, the community, and the wiring of the page's
 * composite widgets (each knows only what the pane hands it).
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-boot-pane-private.h"

enum
{
  TOAST,
  BOOT_FINISHED,
  PLAN_FINISHED,
  AUDIT_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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
  gtk_stack_remove (self->page_stack, rc_engine_get_view (self->engine));
  rc_python_console_set_engine (self->python_console, NULL);
  g_clear_object (&self->engine);
  if (self->control_engine != NULL)
    {
      rc_engine_stop (self->control_engine);
      g_signal_handlers_disconnect_by_data (self->control_engine, self);
      g_clear_object (&self->control_engine);
    }
  self->session_booted = FALSE;
}

static void
update_worker_row (RcBootPane *self)
{
  g_autofree char *bundle = rc_engine_find_osa_bundle (self->community);

  rc_boot_settings_set_worker_note (
      self->boot_settings,
      bundle != NULL ? bundle : _ ("OSA's bundle is not next to this community"));
}

static void
engine_violation_cb (RcBootPane *self)
{
  const RcRunRecord *record = rc_engine_get_last_record (self->engine);

  if (record != NULL && self->runner != NULL)
    rc_boot_results_show_live_violations (self->results, record);
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
  /* without a Pyodide distribution there is nothing to boot (the window says why) */
  if (runtime == NULL || rc_community_get_dist_lock (self->community) == NULL)
    return;
  self->engine = rc_engine_new (self->community, self->server);
  g_signal_connect_object (self->engine, "progress", G_CALLBACK (_rc_boot_pane_engine_progress),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine, "violation", G_CALLBACK (engine_violation_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine, "state-changed", G_CALLBACK (engine_state_changed_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_stack_add_named (self->page_stack, rc_engine_get_view (self->engine), "view");
  rc_python_console_set_engine (self->python_console, self->engine);
  update_worker_row (self);
  _rc_boot_pane_apply_engine (self);
}

/* The control boot's own engine (same community and server): booting the control on the
 * engine the console works in would take its ready runtime and its warm session away. */
RcEngine *
_rc_boot_pane_ensure_control_engine (RcBootPane *self)
{
  if (self->control_engine == NULL && self->engine != NULL)
    {
      self->control_engine = rc_engine_new (self->community, self->server);
      g_signal_connect_object (self->control_engine, "progress",
                               G_CALLBACK (_rc_boot_pane_engine_progress), self, G_CONNECT_SWAPPED);
      /* The control boots in the engine the runs boot in. */
      _rc_boot_pane_apply_engine (self);
    }
  return self->control_engine;
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

RcCommunity *
rc_boot_pane_get_community (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return self->community;
}

GActionGroup *
rc_boot_pane_get_actions (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return G_ACTION_GROUP (self->actions);
}

static void
rc_boot_pane_dispose (GObject *object)
{
  RcBootPane *self = RC_BOOT_PANE (object);

  _rc_boot_pane_dispose_runs (self);
  clear_engine (self);
  if (self->server != NULL)
    rc_server_stop (self->server);
  g_clear_object (&self->server);
  gtk_widget_dispose_template (GTK_WIDGET (self), RC_TYPE_BOOT_PANE);
  self->python_console = NULL;
  self->seal_audit = NULL;
  /* dispose_template() only unparents bound children; the root box is not bound. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->community);
  g_clear_object (&self->settings);
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
  g_free (self->engine_error);
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

  g_type_ensure (RC_TYPE_BOOT_SETTINGS);
  g_type_ensure (RC_TYPE_BOOT_CONTROLS);
  g_type_ensure (RC_TYPE_BOOT_STATUS);
  g_type_ensure (RC_TYPE_BOOT_RESULTS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-boot-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, flap);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, boot_settings);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, controls);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, status);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, page_frame);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, page_expander);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, page_stack);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, headless_page);
  gtk_widget_class_bind_template_child (widget_class, RcBootPane, results);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
rc_boot_pane_init (RcBootPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  self->python_console = rc_boot_results_get_console (self->results);
  self->seal_audit = rc_boot_results_get_seal_audit (self->results);
  self->last_plan = -1;
  _rc_boot_pane_setup_policy (self);
  _rc_boot_pane_setup_runs (self);
  _rc_boot_pane_setup_actions (self);
  _rc_boot_pane_setup_distribution (self);
  _rc_boot_pane_setup_engine (self);
  rc_boot_status_set_title (self->status, _ ("Open a community to boot it"));
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

  return rc_boot_results_get_steps (self->results);
}

gboolean
rc_boot_pane_select_step (RcBootPane *self, const char *step_key)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), FALSE);

  return rc_boot_results_select_step (self->results, step_key);
}

guint
rc_boot_pane_get_selected_step (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), GTK_INVALID_LIST_POSITION);

  return rc_boot_results_get_selected_step (self->results);
}

GListModel *
rc_boot_pane_get_requests (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return rc_boot_results_get_requests (self->results);
}

char *
rc_boot_pane_dup_outcome_text (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return rc_boot_status_dup_text (self->status);
}

const char *
rc_boot_pane_get_distribution_text (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return rc_boot_status_get_distribution_text (self->status);
}

const char *
rc_boot_pane_get_control_text (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return rc_boot_status_get_control_text (self->status);
}

gboolean
rc_boot_pane_select_preset (RcBootPane *self, const char *name)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), FALSE);

  return rc_boot_settings_select_preset (self->boot_settings, name);
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
