/* rc-boot-pane-actions.c: the page's own boot.* action group, one handler per action.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include "rc-boot-pane-private.h"
#include "core/export/rc-export-text.h"

static void
cold_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  rc_boot_pane_boot_cold (self);
}

static void
warm_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  rc_boot_pane_boot_warm (self);
}

static void
cold_warm_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  rc_boot_pane_boot_cold_warm (self);
}

static void
runs_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  rc_boot_pane_ask_runs (self);
}

static void
stop_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  rc_boot_pane_stop (self);
}

static void
seal_audit_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  rc_boot_pane_seal_audit (self);
}

static void
inspector_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  rc_boot_pane_show_inspector (self);
}

static void
save_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  _rc_boot_pane_ask_save (self, (RcExportFormat) g_variant_get_uint32 (param));
}

static void
open_report_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  _rc_boot_pane_ask_open (self);
}

/* "": ask where; a path: write there (what the tests do, the dialog skipped). */
static void
save_bundle_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  const char *path = g_variant_get_string (param, NULL);
  g_autoptr (GFile) file = NULL;

  if (*path == '\0')
    {
      _rc_boot_pane_ask_save_bundle (self);
      return;
    }
  file = g_file_new_for_path (path);
  _rc_boot_pane_save_bundle_to (self, file);
}

static void
set_distribution_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  rc_boot_pane_set_distribution (self, g_variant_get_string (param, NULL));
}

static void
choose_distribution_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  _rc_boot_pane_ask_distribution (self);
}

static void
fix_policy_action (GSimpleAction *action, GVariant *param, gpointer self)
{
  _rc_boot_pane_fix_policy (self, g_variant_get_uint32 (param));
}

static const GActionEntry boot_actions[] = {
  { "cold", cold_action },
  { "warm", warm_action },
  { "cold-warm", cold_warm_action },
  { "runs", runs_action },
  { "stop", stop_action },
  { "seal-audit", seal_audit_action },
  { "inspector", inspector_action },
  { "save", save_action, "u" },
  { "open-report", open_report_action },
  { "save-bundle", save_bundle_action, "s" },
  { "set-distribution", set_distribution_action, "s" },
  { "choose-distribution", choose_distribution_action },
  { "fix-policy", fix_policy_action, "u" },
};

static void
set_enabled (RcBootPane *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
_rc_boot_pane_update_actions (RcBootPane *self)
{
  /* A chosen engine that is not installed boots nothing, rather than another engine. */
  gboolean has_engine = self->engine != NULL && self->engine_error == NULL;
  gboolean busy = _rc_boot_pane_is_busy (self) || self->probes != NULL;
  gboolean ready = has_engine && rc_engine_get_state (self->engine) == RC_ENGINE_STATE_READY;

  if (self->actions == NULL)
    return;
  set_enabled (self, "cold", has_engine && !busy);
  set_enabled (self, "warm", has_engine && !busy);
  set_enabled (self, "cold-warm", has_engine && !busy);
  set_enabled (self, "runs", has_engine && !busy);
  set_enabled (self, "stop", busy);
  set_enabled (self, "seal-audit", ready && !busy);
  /* The Web Inspector is WebKit's: a headless engine has no view to inspect. */
  set_enabled (self, "inspector",
               has_engine && rc_engine_get_engine_kind (self->engine) == RC_ENGINE_KIND_WEBKIT);
  set_enabled (self, "save", self->report != NULL && !_rc_boot_pane_is_busy (self));
  set_enabled (self, "open-report", !busy);
  /* The bundle holds the community folder: it needs one besides the report. */
  set_enabled (self, "save-bundle",
               self->report != NULL && self->community != NULL && !_rc_boot_pane_is_busy (self));
  /* A boot in progress keeps the distribution it started with. */
  set_enabled (self, "set-distribution", !busy);
  set_enabled (self, "choose-distribution", !busy);
}

void
_rc_boot_pane_setup_actions (RcBootPane *self)
{
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), boot_actions,
                                   G_N_ELEMENTS (boot_actions), self);
  /* The pane's own widgets find the group on themselves; the window inserts it too, for its
   * menu and shortcuts. */
  gtk_widget_insert_action_group (GTK_WIDGET (self), "boot", G_ACTION_GROUP (self->actions));
  _rc_boot_pane_update_actions (self);
}
