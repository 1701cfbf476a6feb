/* rc-boot-pane-engine.c: the engine the page boots in, as `boot --engine` chooses it: the
 * "engine" setting, which the sidebar's Engine row and the stateful boot.engine action both
 * write. WebKit boots in the Host Page view; Chromium and Firefox boot headless, and the Host
 * Page area says so. Boots, the control boot and the Python console all use the chosen
 * engine. One that is not installed is never replaced by another: the boot actions wait for
 * it, and the status says how to install it.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/chart/rc-chart-engines.h"
#include "rc-boot-pane-private.h"

static RcEngineKind
chosen_kind (RcBootPane *self)
{
  return (RcEngineKind) g_settings_get_enum (self->settings, "engine");
}

/* Only a change: setting the kind again would drop the engine's session. */
static gboolean
set_kind (RcEngine *engine, RcEngineKind kind, GError **error)
{
  if (engine == NULL || rc_engine_get_engine_kind (engine) == kind)
    return TRUE;
  return rc_engine_set_engine_kind (engine, kind, error);
}

gboolean
_rc_boot_pane_apply_engine (RcBootPane *self)
{
  g_autoptr (GError) error = NULL;
  RcEngineKind kind = chosen_kind (self);
  gboolean changed = self->engine != NULL && rc_engine_get_engine_kind (self->engine) != kind;

  g_clear_pointer (&self->engine_error, g_free);
  /* the Boot settings' Import Times, as --importtime (the control boot's is only "no boot") */
  if (self->engine != NULL)
    rc_engine_set_importtime (self->engine, g_settings_get_boolean (self->settings, "importtime"));
  if (!set_kind (self->engine, kind, &error) || !set_kind (self->control_engine, kind, &error))
    self->engine_error = g_strdup (error->message);
  /* Another engine has no session to be warm from. */
  if (changed && self->engine_error == NULL)
    self->session_booted = FALSE;
  _rc_boot_pane_show_engine (self);
  return self->engine_error == NULL;
}

void
_rc_boot_pane_show_engine (RcBootPane *self)
{
  RcEngineKind kind =
      self->engine != NULL ? rc_engine_get_engine_kind (self->engine) : RC_ENGINE_KIND_WEBKIT;
  const char *name = rc_chart_engine_name (rc_engine_kind_to_string (kind));
  const char *version = self->engine != NULL ? rc_engine_get_engine_version (self->engine) : "";
  g_autofree char *title = NULL;
  g_autofree char *label = NULL;

  if (kind == RC_ENGINE_KIND_WEBKIT)
    {
      if (gtk_stack_get_child_by_name (self->page_stack, "view") != NULL)
        gtk_stack_set_visible_child_name (self->page_stack, "view");
      gtk_expander_set_label (self->page_expander, _ ("Host Page"));
      return;
    }
  /* Translators: where the WebKit view would be: "Chromium 156.0.8078.114 runs headless" */
  title = g_strdup_printf (_ ("%s %s runs headless"), name, version);
  /* Translators: the Host Page expander while a headless engine boots */
  label = g_strdup_printf (_ ("Host Page: %s %s, headless"), name, version);
  adw_status_page_set_title (self->headless_page, title);
  gtk_stack_set_visible_child_name (self->page_stack, "headless");
  gtk_expander_set_label (self->page_expander, label);
}

static void
engine_changed_cb (RcBootPane *self)
{
  gboolean had_error = self->engine_error != NULL;

  /* A plan in progress keeps its engine; the next one boots in the chosen one. */
  if (_rc_boot_pane_is_busy (self) || self->probes != NULL)
    return;
  _rc_boot_pane_apply_engine (self);
  if (had_error || self->engine_error != NULL)
    _rc_boot_pane_show_idle_status (self);
  _rc_boot_pane_update_actions (self);
}

static void
importtime_changed_cb (RcBootPane *self)
{
  if (self->engine != NULL)
    rc_engine_set_importtime (self->engine, g_settings_get_boolean (self->settings, "importtime"));
}

void
_rc_boot_pane_setup_engine (RcBootPane *self)
{
  g_autoptr (GAction) action = g_settings_create_action (self->settings, "engine");

  g_action_map_add_action (G_ACTION_MAP (self->actions), action);
  g_signal_connect_object (self->settings, "changed::engine", G_CALLBACK (engine_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::importtime",
                           G_CALLBACK (importtime_changed_cb), self, G_CONNECT_SWAPPED);
  _rc_boot_pane_show_engine (self);
}
