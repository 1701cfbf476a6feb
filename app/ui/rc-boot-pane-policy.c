/* rc-boot-pane-policy.c: the CSP preset, the policy editor and the live static analysis
 * of that policy against what this community's runtime needs (rc_csp_analyse in core).
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/rc-csp-presets.h"
#include "core/rc-json-util.h"
#include "rc-boot-pane-private.h"
#include "rc-source-style.h"

char *
_rc_boot_pane_dup_policy_text (RcBootPane *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->policy_view));
  GtkTextIter start, end;
  char *text;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_strstrip (text);
  if (text[0] == '\0')
    g_clear_pointer (&text, g_free);
  return text;
}

static const RcCspPreset *
preset_at (RcBootPane *self, guint index)
{
  if (self->presets == NULL || index >= self->presets->len)
    return NULL;
  return g_ptr_array_index (self->presets, index);
}

/* The preset name for the record: the selected preset while the text is unchanged. */
const char *
_rc_boot_pane_policy_name (RcBootPane *self, const char *policy)
{
  const RcCspPreset *preset = preset_at (self, adw_combo_row_get_selected (self->preset_row));

  if (policy == NULL)
    return "none";
  if (preset == NULL)
    return "custom";
  return g_strcmp0 (preset->policy, policy) == 0 ? preset->name : "custom";
}

GStrv
_rc_boot_pane_dup_fetch_allow (RcBootPane *self)
{
  g_autoptr (JsonObject) runtime = NULL;

  if (self->community == NULL)
    return NULL;
  runtime = rc_community_get_runtime_python (
      self->community, (RcDeployment) adw_combo_row_get_selected (self->deployment_row));
  if (runtime == NULL)
    return NULL;
  return rc_json_object_dup_strv (runtime, "fetch_allow");
}

static GtkWidget *
create_finding_row (const RcCspFinding *finding)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (finding->granted ? "emblem-ok-symbolic"
                                                                   : "dialog-error-symbolic");

  gtk_widget_add_css_class (icon, finding->granted ? "success" : "error");
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), finding->message);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  if (finding->hint != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), finding->hint);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  return row;
}

GPtrArray *
_rc_boot_pane_analyse_policy (RcBootPane *self, const char *policy)
{
  g_autofree char *cdn = NULL;
  g_auto (GStrv) fetch_allow = NULL;
  g_autoptr (GUri) cdn_uri = NULL;
  g_autofree char *cdn_origin = NULL;
  RcCspNeeds needs = { 0 };

  if (self->server == NULL)
    return NULL;
  /* What the runtime needs comes from the origins the emulation really serves. */
  cdn = rc_server_get_cdn_base (self->server);
  cdn_uri = g_uri_parse (cdn, G_URI_FLAGS_NONE, NULL);
  if (cdn_uri != NULL)
    cdn_origin = g_strdup_printf ("%s://%s", g_uri_get_scheme (cdn_uri), g_uri_get_host (cdn_uri));
  fetch_allow = _rc_boot_pane_dup_fetch_allow (self);
  needs.page_origin = rc_server_get_page_origin (self->server);
  needs.cdn_origin = cdn_origin;
  needs.cdn_path = cdn_uri != NULL ? g_uri_get_path (cdn_uri) : NULL;
  needs.api_origin = rc_server_get_api_origin (self->server);
  needs.fetch_allow = fetch_allow;
  return rc_csp_analyse_text (policy, &needs);
}

void
_rc_boot_pane_analyse (RcBootPane *self)
{
  g_autofree char *policy = _rc_boot_pane_dup_policy_text (self);
  g_autofree char *summary = NULL;
  GtkWidget *child;
  guint refused, fatal = 0;

  if (self->server == NULL)
    return;
  g_clear_pointer (&self->findings, g_ptr_array_unref);
  self->findings = _rc_boot_pane_analyse_policy (self, policy);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->findings_list))) != NULL)
    gtk_list_box_remove (self->findings_list, child);
  for (guint i = 0; i < self->findings->len; i++)
    {
      const RcCspFinding *finding = g_ptr_array_index (self->findings, i);

      /* Granted requirements are the normal case; list what is missing first and only. */
      if (!finding->granted)
        gtk_list_box_append (self->findings_list, create_finding_row (finding));
    }
  refused = rc_csp_findings_count_refused (self->findings);
  for (guint i = 0; i < self->findings->len; i++)
    {
      const RcCspFinding *finding = g_ptr_array_index (self->findings, i);

      /* A refused fetch_allow origin only narrows osa.fetch; everything else stops the boot. */
      if (!finding->granted && !g_str_equal (finding->requirement, "connect-fetch-allow"))
        fatal++;
    }
  if (refused == 0)
    summary = g_strdup_printf (ngettext ("The policy grants all %u requirement of this runtime.",
                                         "The policy grants all %u requirements of this runtime.",
                                         self->findings->len),
                               self->findings->len);
  else if (fatal > 0)
    summary =
        g_strdup_printf (ngettext ("%u requirement of the boot is refused: it will fail.",
                                   "%u requirements of the boot are refused: it will fail.", fatal),
                         fatal);
  else
    summary = g_strdup_printf (ngettext ("The runtime boots, but %u fetch_allow URL is refused.",
                                         "The runtime boots, but %u fetch_allow URLs are refused.",
                                         refused),
                               refused);
  gtk_label_set_label (self->analysis_label, summary);
  gtk_widget_set_visible (GTK_WIDGET (self->findings_list), refused > 0);
}

static void
analysis_timeout_cb (gpointer user_data)
{
  RcBootPane *self = RC_BOOT_PANE (user_data);

  self->analysis_id = 0;
  _rc_boot_pane_analyse (self);
}

/* The combo row still names the preset the text came from; say when the text is no longer it. */
static void
show_custom (RcBootPane *self)
{
  g_autofree char *policy = _rc_boot_pane_dup_policy_text (self);
  const RcCspPreset *preset = preset_at (self, adw_combo_row_get_selected (self->preset_row));
  gboolean custom = preset != NULL
                    && g_str_equal (_rc_boot_pane_policy_name (self, policy), "custom")
                    && !g_str_equal (preset->name, "custom");
  g_autofree char *text =
      /* Translators: under the CSP preset row once the policy text was edited. */
      custom ? g_strdup_printf (_ ("Custom (edited from %s)"), preset->name) : NULL;

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->preset_row), text != NULL ? text : "");
}

static void
policy_changed_cb (RcBootPane *self)
{
  show_custom (self);
  g_clear_handle_id (&self->analysis_id, g_source_remove);
  /* Re-analyse once typing pauses; the analysis itself is cheap. */
  self->analysis_id = g_timeout_add_once (150, analysis_timeout_cb, self);
}

static void
preset_selected_cb (RcBootPane *self)
{
  const RcCspPreset *preset = preset_at (self, adw_combo_row_get_selected (self->preset_row));
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->policy_view));

  if (preset == NULL)
    return;
  gtk_text_buffer_set_text (buffer, preset->policy != NULL ? preset->policy : "", -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->preset_row), preset->description);
  g_settings_set_string (self->settings, "csp-preset", preset->name);
  _rc_boot_pane_analyse (self);
}

static void
load_presets (RcBootPane *self)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr (GError) error = NULL;

  self->presets = rc_csp_presets_load (&error);
  if (self->presets == NULL)
    {
      g_warning ("%s", error->message);
      return;
    }
  for (guint i = 0; i < self->presets->len; i++)
    gtk_string_list_append (names, preset_at (self, i)->name);
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (names));
}

gboolean
rc_boot_pane_select_preset (RcBootPane *self, const char *name)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), FALSE);

  for (guint i = 0; self->presets != NULL && i < self->presets->len; i++)
    if (g_strcmp0 (preset_at (self, i)->name, name) == 0)
      {
        if (adw_combo_row_get_selected (self->preset_row) == i)
          preset_selected_cb (self);
        else
          adw_combo_row_set_selected (self->preset_row, i);
        return TRUE;
      }
  return FALSE;
}

void
_rc_boot_pane_setup_policy (RcBootPane *self, const char *preset)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->policy_view));

  rc_source_style_follow (GTK_SOURCE_BUFFER (buffer));
  load_presets (self);
  g_signal_connect_swapped (self->preset_row, "notify::selected", G_CALLBACK (preset_selected_cb),
                            self);
  g_signal_connect_swapped (buffer, "changed", G_CALLBACK (policy_changed_cb), self);
  if (!rc_boot_pane_select_preset (self, preset))
    rc_boot_pane_select_preset (self, "nemarlike");
}
