/* rc-boot-settings.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "core/policy/rc-csp-presets.h"
#include "core/policy/rc-csp.h"
#include "rc-boot-settings-private.h"
#include "rc-policy-fix.h"
#include "rc-source-style.h"

G_DEFINE_FINAL_TYPE (RcBootSettings, rc_boot_settings, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_PRESET,
  PROP_POLICY,
  PROP_POLICY_NAME,
  PROP_THROTTLE,
  PROP_ENGINE_KIND,
  PROP_WORKER_KIND,
  PROP_DEPLOYMENT,
  PROP_DEADLINE_SECONDS,
  PROP_CONTROL_BOOT,
  PROP_WORKER_NOTE,
  PROP_DISTRIBUTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  POLICY_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
_rc_boot_settings_engine_changed (RcBootSettings *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENGINE_KIND]);
}

GtkWidget *
rc_boot_settings_new (void)
{
  return g_object_new (RC_TYPE_BOOT_SETTINGS, NULL);
}

/* The policy */

char *
rc_boot_settings_dup_policy (RcBootSettings *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;
  char *text;

  g_return_val_if_fail (RC_IS_BOOT_SETTINGS (self), NULL);

  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->policy_view));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_strstrip (text);
  if (text[0] == '\0')
    g_clear_pointer (&text, g_free);
  return text;
}

static const RcCspPreset *
preset_at (RcBootSettings *self, guint index)
{
  if (self->presets == NULL || index >= self->presets->len)
    return NULL;
  return g_ptr_array_index (self->presets, index);
}

static const RcCspPreset *
selected_preset (RcBootSettings *self)
{
  return preset_at (self, adw_combo_row_get_selected (self->preset_row));
}

/* The preset name for the record: the selected preset while the text is unchanged. */
const char *
rc_boot_settings_get_policy_name (RcBootSettings *self, const char *policy)
{
  const RcCspPreset *preset;

  g_return_val_if_fail (RC_IS_BOOT_SETTINGS (self), NULL);

  preset = selected_preset (self);
  if (policy == NULL)
    return "none";
  if (preset == NULL)
    return "custom";
  return g_strcmp0 (preset->policy, policy) == 0 ? preset->name : "custom";
}

/* The combo row still names the preset the text came from; say when the text is no longer it. */
static void
show_custom (RcBootSettings *self)
{
  g_autofree char *policy = rc_boot_settings_dup_policy (self);
  const RcCspPreset *preset = selected_preset (self);
  gboolean custom = preset != NULL
                    && g_str_equal (rc_boot_settings_get_policy_name (self, policy), "custom")
                    && !g_str_equal (preset->name, "custom");
  g_autofree char *text =
      /* Translators: under the CSP preset row once the policy text was edited. */
      custom ? g_strdup_printf (_ ("Custom (edited from %s)"), preset->name) : NULL;

  /* else what the preset is */
  if (text == NULL && preset != NULL && preset->description != NULL)
    text = g_strdup (preset->description);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->preset_row), text != NULL ? text : "");
}

static void
pause_cb (gpointer user_data)
{
  RcBootSettings *self = RC_BOOT_SETTINGS (user_data);

  self->pause_id = 0;
  g_signal_emit (self, signals[POLICY_CHANGED], 0);
}

static void
policy_edited_cb (RcBootSettings *self)
{
  show_custom (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POLICY]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POLICY_NAME]);
  g_clear_handle_id (&self->pause_id, g_source_remove);
  /* Analyse once typing pauses; the analysis itself is cheap. */
  self->pause_id = g_timeout_add_once (150, pause_cb, self);
}

static void
preset_selected_cb (RcBootSettings *self)
{
  const RcCspPreset *preset = selected_preset (self);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->policy_view));

  if (preset == NULL)
    return;
  gtk_text_buffer_set_text (buffer, preset->policy != NULL ? preset->policy : "", -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->preset_row), preset->description);
  g_settings_set_string (self->settings, "csp-preset", preset->name);
  /* A chosen preset is analysed at once, not after a pause. */
  g_clear_handle_id (&self->pause_id, g_source_remove);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESET]);
  g_signal_emit (self, signals[POLICY_CHANGED], 0);
}

gboolean
rc_boot_settings_select_preset (RcBootSettings *self, const char *name)
{
  g_return_val_if_fail (RC_IS_BOOT_SETTINGS (self), FALSE);

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
rc_boot_settings_set_community_policy (RcBootSettings *self, const char *policy)
{
  RcCspPreset *community;
  g_autofree char *shown = NULL;
  gboolean follow;

  g_return_if_fail (RC_IS_BOOT_SETTINGS (self));

  if (self->presets == NULL || self->presets->len == 0)
    return;
  community = g_ptr_array_index (self->presets, 0);
  if (g_strcmp0 (community->policy, policy) == 0)
    return;
  /* the text follows while it is the preset's, not once it was edited */
  shown = rc_boot_settings_dup_policy (self);
  follow = selected_preset (self) == community && g_strcmp0 (shown, community->policy) == 0;
  g_free (community->policy);
  community->policy = g_strdup (policy);
  if (follow)
    preset_selected_cb (self);
  else
    show_custom (self);
}

static void
load_presets (RcBootSettings *self)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr (GError) error = NULL;
  RcCspPreset *community;

  self->presets = rc_csp_presets_load (&error);
  if (self->presets == NULL)
    {
      g_warning ("%s", error->message);
      return;
    }
  /* First, and the default: derived from the community (rc_csp_policy_for_needs()), its
   * text set by the Boot page (rc_boot_settings_set_community_policy()). */
  community = g_new0 (RcCspPreset, 1);
  community->name = g_strdup ("community");
  community->description =
      g_strdup (_ ("The least policy this community's runtime needs: the CDN, the API and its "
                   "fetch_allow origins"));
  g_ptr_array_insert (self->presets, 0, community);
  for (guint i = 0; i < self->presets->len; i++)
    gtk_string_list_append (names, preset_at (self, i)->name);
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (names));
}

/* The findings */

static GtkWidget *
create_finding_row (RcBootSettings *self, const RcCspFinding *finding, guint index)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *fix = rc_policy_fix_button_new (
      gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->policy_view)), finding, index);
  GtkWidget *icon = gtk_image_new_from_icon_name (finding->granted ? "emblem-ok-symbolic"
                                                                   : "dialog-error-symbolic");

  gtk_widget_add_css_class (icon, finding->granted ? "success" : "error");
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), finding->message);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  if (finding->hint != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), finding->hint);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  if (fix != NULL)
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), fix);
  return row;
}

static char *
summarise (GPtrArray *findings, guint refused)
{
  guint fatal = 0;

  for (guint i = 0; i < findings->len; i++)
    {
      const RcCspFinding *finding = g_ptr_array_index (findings, i);

      /* A refused fetch_allow origin only narrows osa.fetch; everything else stops the boot. */
      if (!finding->granted && !g_str_equal (finding->requirement, "connect-fetch-allow"))
        fatal++;
    }
  if (refused == 0)
    return g_strdup_printf (ngettext ("The policy grants all %u requirement of this runtime.",
                                      "The policy grants all %u requirements of this runtime.",
                                      findings->len),
                            findings->len);
  if (fatal > 0)
    return g_strdup_printf (ngettext ("%u requirement of the boot is refused: it will fail.",
                                      "%u requirements of the boot are refused: it will fail.",
                                      fatal),
                            fatal);
  return g_strdup_printf (ngettext ("The runtime boots, but %u fetch_allow URL is refused.",
                                    "The runtime boots, but %u fetch_allow URLs are refused.",
                                    refused),
                          refused);
}

void
rc_boot_settings_show_findings (RcBootSettings *self, GPtrArray *findings)
{
  g_autofree char *summary = NULL;
  GtkWidget *child;
  guint refused;

  g_return_if_fail (RC_IS_BOOT_SETTINGS (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->findings_list))) != NULL)
    gtk_list_box_remove (self->findings_list, child);
  if (findings == NULL)
    {
      gtk_label_set_label (self->analysis_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->findings_list), FALSE);
      return;
    }
  for (guint i = 0; i < findings->len; i++)
    {
      const RcCspFinding *finding = g_ptr_array_index (findings, i);

      /* Granted requirements are the normal case; list what is missing first and only. */
      if (!finding->granted)
        gtk_list_box_append (self->findings_list, create_finding_row (self, finding, i));
    }
  refused = rc_csp_findings_count_refused (findings);
  summary = summarise (findings, refused);
  gtk_label_set_label (self->analysis_label, summary);
  gtk_widget_remove_css_class (GTK_WIDGET (self->analysis_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->findings_list), refused > 0);
}

/* The quick fixes and the policy's own errors (rc-policy-fix.h) */

gboolean
rc_boot_settings_apply_policy_fix (RcBootSettings *self, const RcCspFinding *finding)
{
  GtkTextBuffer *buffer;
  g_autoptr (RcFix) fix = NULL;

  g_return_val_if_fail (RC_IS_BOOT_SETTINGS (self) && finding != NULL, FALSE);

  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->policy_view));
  if ((fix = rc_policy_fix_for_buffer (buffer, finding)) == NULL
      || !rc_policy_fix_apply (buffer, fix))
    return FALSE;
  /* a fix is analysed at once, not after a typing pause */
  g_clear_handle_id (&self->pause_id, g_source_remove);
  g_signal_emit (self, signals[POLICY_CHANGED], 0);
  return TRUE;
}

void
rc_boot_settings_show_policy_error (RcBootSettings *self, const char *message)
{
  GtkWidget *child;

  g_return_if_fail (RC_IS_BOOT_SETTINGS (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->findings_list))) != NULL)
    gtk_list_box_remove (self->findings_list, child);
  gtk_widget_set_visible (GTK_WIDGET (self->findings_list), FALSE);
  gtk_label_set_label (self->analysis_label, message);
  gtk_widget_add_css_class (GTK_WIDGET (self->analysis_label), "error");
}

/* The boot settings */

RcThrottleProfile
rc_boot_settings_get_throttle (RcBootSettings *self)
{
  g_return_val_if_fail (RC_IS_BOOT_SETTINGS (self), RC_THROTTLE_NONE);

  return (RcThrottleProfile) adw_combo_row_get_selected (self->throttle_row);
}

RcWorkerKind
rc_boot_settings_get_worker_kind (RcBootSettings *self)
{
  g_return_val_if_fail (RC_IS_BOOT_SETTINGS (self), RC_WORKER_KIND_BUILTIN);

  return (RcWorkerKind) adw_combo_row_get_selected (self->worker_row);
}

RcDeployment
rc_boot_settings_get_deployment (RcBootSettings *self)
{
  g_return_val_if_fail (RC_IS_BOOT_SETTINGS (self), RC_DEPLOYMENT_PRODUCTION);

  return (RcDeployment) adw_combo_row_get_selected (self->deployment_row);
}

double
rc_boot_settings_get_deadline_seconds (RcBootSettings *self)
{
  g_return_val_if_fail (RC_IS_BOOT_SETTINGS (self), 0);

  return gtk_spin_button_get_value (self->deadline_spin);
}

gboolean
rc_boot_settings_get_control_boot (RcBootSettings *self)
{
  g_return_val_if_fail (RC_IS_BOOT_SETTINGS (self), FALSE);

  return gtk_switch_get_active (self->control_switch);
}

void
rc_boot_settings_set_worker_note (RcBootSettings *self, const char *note)
{
  g_return_if_fail (RC_IS_BOOT_SETTINGS (self));

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->worker_row), note != NULL ? note : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WORKER_NOTE]);
}

void
rc_boot_settings_set_distribution (RcBootSettings *self, const char *distribution)
{
  g_return_if_fail (RC_IS_BOOT_SETTINGS (self));

  adw_action_row_set_subtitle (self->distribution_row, distribution != NULL ? distribution : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISTRIBUTION]);
}

static void
row_selected_cb (RcBootSettings *self, GParamSpec *pspec, AdwComboRow *row)
{
  guint selected = adw_combo_row_get_selected (row);

  if (row == self->throttle_row)
    {
      g_settings_set_string (self->settings, "throttle",
                             rc_throttle_profile_to_string ((RcThrottleProfile) selected));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THROTTLE]);
    }
  else if (row == self->worker_row)
    {
      g_settings_set_enum (self->settings, "worker", (int) selected);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WORKER_KIND]);
    }
  else if (row == self->deployment_row)
    {
      g_settings_set_string (self->settings, "deployment",
                             rc_deployment_to_string ((RcDeployment) selected));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEPLOYMENT]);
    }
}

static void
setup_rows (RcBootSettings *self)
{
  g_autoptr (GtkStringList) throttles = gtk_string_list_new (NULL);
  const char *workers[] = { _ ("Built-in"), _ ("OSA bundle"), NULL };
  const char *deployments[] = { "production", "develop", NULL };
  g_autoptr (GtkStringList) worker_list = gtk_string_list_new (workers);
  g_autoptr (GtkStringList) deployment_list = gtk_string_list_new (deployments);
  g_autofree char *throttle = g_settings_get_string (self->settings, "throttle");
  g_autofree char *deployment = g_settings_get_string (self->settings, "deployment");
  RcThrottleProfile profile = RC_THROTTLE_NONE;
  RcDeployment d = RC_DEPLOYMENT_PRODUCTION;
  AdwComboRow *rows[] = { self->throttle_row, self->worker_row, self->deployment_row };

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
  /* read by the Boot page for each boot (rc-boot-pane-engine.c) */
  g_settings_bind (self->settings, "importtime", self->importtime_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    g_signal_connect_swapped (rows[i], "notify::selected", G_CALLBACK (row_selected_cb), self);
}

static void
deadline_changed_cb (RcBootSettings *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEADLINE_SECONDS]);
}

static void
control_changed_cb (RcBootSettings *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTROL_BOOT]);
}

/* GObject */

static void
rc_boot_settings_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RcBootSettings *self = RC_BOOT_SETTINGS (object);

  switch (prop_id)
    {
    case PROP_PRESET:
      g_value_set_string (value,
                          selected_preset (self) != NULL ? selected_preset (self)->name : NULL);
      break;
    case PROP_POLICY:
      g_value_take_string (value, rc_boot_settings_dup_policy (self));
      break;
    case PROP_POLICY_NAME:
      {
        g_autofree char *policy = rc_boot_settings_dup_policy (self);

        g_value_set_string (value, rc_boot_settings_get_policy_name (self, policy));
      }
      break;
    case PROP_THROTTLE:
      g_value_set_uint (value, rc_boot_settings_get_throttle (self));
      break;
    case PROP_ENGINE_KIND:
      g_value_set_uint (value, rc_boot_settings_get_engine_kind (self));
      break;
    case PROP_WORKER_KIND:
      g_value_set_uint (value, rc_boot_settings_get_worker_kind (self));
      break;
    case PROP_DEPLOYMENT:
      g_value_set_uint (value, rc_boot_settings_get_deployment (self));
      break;
    case PROP_DEADLINE_SECONDS:
      g_value_set_double (value, rc_boot_settings_get_deadline_seconds (self));
      break;
    case PROP_CONTROL_BOOT:
      g_value_set_boolean (value, rc_boot_settings_get_control_boot (self));
      break;
    case PROP_WORKER_NOTE:
      g_value_set_string (value, adw_action_row_get_subtitle (ADW_ACTION_ROW (self->worker_row)));
      break;
    case PROP_DISTRIBUTION:
      g_value_set_string (value, adw_action_row_get_subtitle (self->distribution_row));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_boot_settings_set_property (GObject *object, guint prop_id, const GValue *value,
                               GParamSpec *pspec)
{
  RcBootSettings *self = RC_BOOT_SETTINGS (object);

  switch (prop_id)
    {
    case PROP_PRESET:
      rc_boot_settings_select_preset (self, g_value_get_string (value));
      break;
    case PROP_THROTTLE:
      adw_combo_row_set_selected (self->throttle_row, g_value_get_uint (value));
      break;
    case PROP_ENGINE_KIND:
      adw_combo_row_set_selected (self->engine_row, g_value_get_uint (value));
      break;
    case PROP_WORKER_KIND:
      adw_combo_row_set_selected (self->worker_row, g_value_get_uint (value));
      break;
    case PROP_DEPLOYMENT:
      adw_combo_row_set_selected (self->deployment_row, g_value_get_uint (value));
      break;
    case PROP_DEADLINE_SECONDS:
      gtk_spin_button_set_value (self->deadline_spin, g_value_get_double (value));
      break;
    case PROP_CONTROL_BOOT:
      gtk_switch_set_active (self->control_switch, g_value_get_boolean (value));
      break;
    case PROP_WORKER_NOTE:
      rc_boot_settings_set_worker_note (self, g_value_get_string (value));
      break;
    case PROP_DISTRIBUTION:
      rc_boot_settings_set_distribution (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_boot_settings_dispose (GObject *object)
{
  RcBootSettings *self = RC_BOOT_SETTINGS (object);

  g_clear_handle_id (&self->pause_id, g_source_remove);
  g_cancellable_cancel (self->probes);
  g_clear_object (&self->probes);
  gtk_widget_dispose_template (GTK_WIDGET (self), RC_TYPE_BOOT_SETTINGS);
  /* dispose_template() only unparents bound children; the scrolled window is not bound. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->presets, g_ptr_array_unref);
  G_OBJECT_CLASS (rc_boot_settings_parent_class)->dispose (object);
}

static void
rc_boot_settings_finalize (GObject *object)
{
  RcBootSettings *self = RC_BOOT_SETTINGS (object);

  for (guint i = 0; i < G_N_ELEMENTS (self->engine_versions); i++)
    {
      g_free (self->engine_versions[i]);
      g_free (self->engine_errors[i]);
    }
  G_OBJECT_CLASS (rc_boot_settings_parent_class)->finalize (object);
}

static void
install_properties (GObjectClass *object_class)
{
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  properties[PROP_PRESET] = g_param_spec_string ("preset", NULL, NULL, NULL, rw);
  properties[PROP_POLICY] = g_param_spec_string ("policy", NULL, NULL, NULL, ro);
  properties[PROP_POLICY_NAME] = g_param_spec_string ("policy-name", NULL, NULL, NULL, ro);
  properties[PROP_THROTTLE] =
      g_param_spec_uint ("throttle", NULL, NULL, 0, RC_THROTTLE_N_PROFILES - 1, 0, rw);
  properties[PROP_ENGINE_KIND] =
      g_param_spec_uint ("engine-kind", NULL, NULL, 0, RC_ENGINE_KIND_FIREFOX, 0, rw);
  properties[PROP_WORKER_KIND] =
      g_param_spec_uint ("worker-kind", NULL, NULL, 0, RC_WORKER_KIND_OSA, 0, rw);
  properties[PROP_DEPLOYMENT] =
      g_param_spec_uint ("deployment", NULL, NULL, 0, RC_DEPLOYMENT_DEVELOP, 0, rw);
  properties[PROP_DEADLINE_SECONDS] =
      g_param_spec_double ("deadline-seconds", NULL, NULL, 1, 600, 120, rw);
  properties[PROP_CONTROL_BOOT] = g_param_spec_boolean ("control-boot", NULL, NULL, FALSE, rw);
  properties[PROP_WORKER_NOTE] = g_param_spec_string ("worker-note", NULL, NULL, NULL, rw);
  properties[PROP_DISTRIBUTION] = g_param_spec_string ("distribution", NULL, NULL, NULL, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
rc_boot_settings_class_init (RcBootSettingsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = rc_boot_settings_get_property;
  object_class->set_property = rc_boot_settings_set_property;
  object_class->dispose = rc_boot_settings_dispose;
  object_class->finalize = rc_boot_settings_finalize;
  install_properties (object_class);

  /**
   * RcBootSettings::policy-changed:
   *
   * A preset was chosen, or the policy text was edited and typing paused: analyse it again.
   */
  signals[POLICY_CHANGED] = g_signal_new ("policy-changed", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-boot-settings.ui");
  gtk_widget_class_bind_template_child (widget_class, RcBootSettings, preset_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootSettings, policy_view);
  gtk_widget_class_bind_template_child (widget_class, RcBootSettings, analysis_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootSettings, findings_list);
  gtk_widget_class_bind_template_child (widget_class, RcBootSettings, engine_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootSettings, throttle_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootSettings, worker_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootSettings, deployment_row);
  gtk_widget_class_bind_template_child (widget_class, RcBootSettings, deadline_spin);
  gtk_widget_class_bind_template_child (widget_class, RcBootSettings, control_switch);
  gtk_widget_class_bind_template_child (widget_class, RcBootSettings, importtime_switch);
  gtk_widget_class_bind_template_child (widget_class, RcBootSettings, distribution_row);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
rc_boot_settings_init (RcBootSettings *self)
{
  GtkTextBuffer *buffer;
  g_autofree char *preset = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->policy_view));
  rc_source_style_follow (GTK_SOURCE_BUFFER (buffer));
  setup_rows (self);
  _rc_boot_settings_setup_engine_row (self);
  g_signal_connect_swapped (self->deadline_spin, "value-changed", G_CALLBACK (deadline_changed_cb),
                            self);
  g_signal_connect_swapped (self->control_switch, "notify::active", G_CALLBACK (control_changed_cb),
                            self);
  load_presets (self);
  g_signal_connect_swapped (self->preset_row, "notify::selected", G_CALLBACK (preset_selected_cb),
                            self);
  g_signal_connect_swapped (buffer, "changed", G_CALLBACK (policy_edited_cb), self);
  preset = g_settings_get_string (self->settings, "csp-preset");
  if (!rc_boot_settings_select_preset (self, preset))
    rc_boot_settings_select_preset (self, "community");
}
