/* rc-boot-settings-engine.c: the Engine row of the boot settings: which engine boots, and
 * whether each is installed (probed off the main loop).
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-browsers.h"
#include "rc-boot-settings-private.h"

static char *
engine_item (RcBootSettings *self, RcEngineKind kind)
{
  /* Short, so the row's value fits beside its title at any width: the subtitle under the row
   * says how the engine runs (embedded view, headless) and its version. */
  const RcEngineInfo *info = rc_engine_info_get (kind);

  if (self->engine_errors[kind] != NULL)
    /* Translators: an item of the Engine row: "Chromium (missing)"; keep it short */
    return g_strdup_printf (_ ("%s (missing)"), info->short_name);
  return g_strdup (info->short_name);
}

static void
show_engine (RcBootSettings *self)
{
  RcEngineKind kind = rc_boot_settings_get_engine_kind (self);
  const char *version = self->engine_versions[kind];
  const char *missing = self->engine_errors[kind];
  g_autofree char *text = NULL;

  if (missing != NULL)
    text = g_strdup (missing);
  else if (!rc_engine_info_get (kind)->headless)
    /* Translators: under the Engine row: "WebKitGTK 2.50.6, embedded: in the Host Page view" */
    text = g_strdup_printf (_ ("WebKitGTK %s, embedded: in the Host Page view"),
                            version ? version : "");
  else
    /* Translators: under the Engine row: "Chromium 156.0.8078.114, headless: …" */
    text =
        g_strdup_printf (_ ("%s %s, headless: its steps, requests and console are shown here"),
                         rc_engine_info_get (kind)->display_name, version != NULL ? version : "");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->engine_row), text);
  if (missing != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->engine_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->engine_row), "error");
}

static void
engine_probed_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *version = rc_browser_probe_finish (result, &error);
  RcBootSettings *self;
  RcEngineKind kind;
  GtkStringList *items;
  g_autofree char *item = NULL;
  guint selected;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = RC_BOOT_SETTINGS (user_data);
  kind = (RcEngineKind) GPOINTER_TO_UINT (g_task_get_task_data (G_TASK (result)));
  self->engine_versions[kind] = g_steal_pointer (&version);
  self->engine_errors[kind] = error != NULL ? g_strdup (error->message) : NULL;
  /* Replacing the item keeps the selection; the setting does not change. */
  items = GTK_STRING_LIST (adw_combo_row_get_model (self->engine_row));
  item = engine_item (self, kind);
  selected = adw_combo_row_get_selected (self->engine_row);
  g_signal_handlers_block_matched (self->engine_row, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  gtk_string_list_splice (items, kind, 1, (const char *const[]){ item, NULL });
  adw_combo_row_set_selected (self->engine_row, selected);
  g_signal_handlers_unblock_matched (self->engine_row, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  show_engine (self);
  _rc_boot_settings_engine_changed (self);
}

RcEngineKind
rc_boot_settings_get_engine_kind (RcBootSettings *self)
{
  g_return_val_if_fail (RC_IS_BOOT_SETTINGS (self), RC_ENGINE_KIND_WEBKIT);

  return (RcEngineKind) MIN (adw_combo_row_get_selected (self->engine_row), RC_ENGINE_KIND_FIREFOX);
}

const char *
rc_boot_settings_get_engine_missing (RcBootSettings *self, RcEngineKind kind)
{
  g_return_val_if_fail (RC_IS_BOOT_SETTINGS (self) && kind <= RC_ENGINE_KIND_FIREFOX, NULL);

  return self->engine_errors[kind];
}

/* The "engine" setting changed (the row, or the boot.engine action): follow it. */
static void
engine_setting_cb (RcBootSettings *self)
{
  guint kind = (guint) g_settings_get_enum (self->settings, "engine");

  if (adw_combo_row_get_selected (self->engine_row) != kind)
    adw_combo_row_set_selected (self->engine_row, kind);
}

static void
engine_selected_cb (RcBootSettings *self)
{
  g_settings_set_enum (self->settings, "engine", (int) rc_boot_settings_get_engine_kind (self));
  show_engine (self);
  _rc_boot_settings_engine_changed (self);
}

void
_rc_boot_settings_setup_engine_row (RcBootSettings *self)
{
  g_autoptr (GtkStringList) items = gtk_string_list_new (NULL);

  self->probes = g_cancellable_new ();
  for (RcEngineKind kind = RC_ENGINE_KIND_WEBKIT; kind <= RC_ENGINE_KIND_FIREFOX; kind++)
    {
      g_autofree char *item = engine_item (self, kind);

      gtk_string_list_append (items, item);
      /* `chromium --version` takes a moment: not on the main loop. */
      rc_browser_probe_async (kind, self->probes, engine_probed_cb, self);
    }
  adw_combo_row_set_model (self->engine_row, G_LIST_MODEL (items));
  adw_combo_row_set_selected (self->engine_row,
                              (guint) g_settings_get_enum (self->settings, "engine"));
  show_engine (self);
  g_signal_connect_swapped (self->engine_row, "notify::selected", G_CALLBACK (engine_selected_cb),
                            self);
  g_signal_connect_object (self->settings, "changed::engine", G_CALLBACK (engine_setting_cb), self,
                           G_CONNECT_SWAPPED);
}
