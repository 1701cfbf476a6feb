/* rc-boot-pane-policy.c: the live static analysis of the sidebar's policy against what this
 * community's runtime needs (rc_csp_analyse in core), shown back in the sidebar. The editor
 * and the presets are the sidebar's (rc-boot-settings.c); the needs come from the community
 * and the server, which are the pane's.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/policy/rc-csp-fix.h"
#include "core/base/rc-json-util.h"
#include "rc-boot-pane-private.h"

GStrv
_rc_boot_pane_dup_fetch_allow (RcBootPane *self)
{
  g_autoptr (JsonObject) runtime = NULL;

  if (self->community == NULL)
    return NULL;
  runtime = rc_community_get_runtime_python (self->community,
                                             rc_boot_settings_get_deployment (self->boot_settings));
  if (runtime == NULL)
    return NULL;
  return rc_json_object_dup_strv (runtime, "fetch_allow");
}

/* What this community's runtime needs from the page's policy, with the origins the emulation
 * really serves; FALSE without a server. @cdn_origin and @fetch_allow are the caller's. */
static gboolean
pane_needs (RcBootPane *self, RcCspNeeds *needs, char **cdn_origin, GUri **cdn_uri,
            GStrv *fetch_allow)
{
  g_autofree char *cdn = NULL;

  if (self->server == NULL)
    return FALSE;
  cdn = rc_server_get_cdn_base (self->server);
  *cdn_uri = g_uri_parse (cdn, G_URI_FLAGS_NONE, NULL);
  if (*cdn_uri != NULL)
    *cdn_origin =
        g_strdup_printf ("%s://%s", g_uri_get_scheme (*cdn_uri), g_uri_get_host (*cdn_uri));
  *fetch_allow = _rc_boot_pane_dup_fetch_allow (self);
  needs->page_origin = rc_server_get_page_origin (self->server);
  needs->cdn_origin = *cdn_origin;
  needs->cdn_path = *cdn_uri != NULL ? g_uri_get_path (*cdn_uri) : NULL;
  needs->api_origin = rc_server_get_api_origin (self->server);
  needs->fetch_allow = *fetch_allow;
  return TRUE;
}

GPtrArray *
_rc_boot_pane_analyse_policy (RcBootPane *self, const char *policy)
{
  g_auto (GStrv) fetch_allow = NULL;
  g_autoptr (GUri) cdn_uri = NULL;
  g_autofree char *cdn_origin = NULL;
  RcCspNeeds needs = { 0 };

  if (!pane_needs (self, &needs, &cdn_origin, &cdn_uri, &fetch_allow))
    return NULL;
  return rc_csp_analyse_text (policy, &needs);
}

/* The sidebar's "community" preset: the least policy this community (in this deployment)
 * boots and fetches under, so the shipped example opens clean under the window's default. */
static void
update_community_policy (RcBootPane *self)
{
  g_auto (GStrv) fetch_allow = NULL;
  g_autoptr (GUri) cdn_uri = NULL;
  g_autofree char *cdn_origin = NULL;
  g_autofree char *policy = NULL;
  RcCspNeeds needs = { 0 };

  if (self->community == NULL || !pane_needs (self, &needs, &cdn_origin, &cdn_uri, &fetch_allow))
    return;
  policy = rc_csp_policy_for_needs (&needs);
  rc_boot_settings_set_community_policy (self->boot_settings, policy);
}

/* The same limit as the CLI's --csp-text (rc_csp_policy_check_length()): a pasted policy of
 * megabytes is refused with the reason, not analysed nor sent to the engine. */
static char *
policy_error (const char *policy)
{
  g_autoptr (GError) error = NULL;

  if (rc_csp_policy_check_length (policy, &error))
    return NULL;
  /* Translators: under the policy editor; %s says how long it is and the limit */
  return g_strdup_printf (_ ("This policy cannot be used: %s."), error->message);
}

void
_rc_boot_pane_analyse (RcBootPane *self)
{
  g_autofree char *policy = NULL;
  g_autofree char *error = NULL;

  /* may change the editor's text (and analyse it through "policy-changed") */
  update_community_policy (self);
  policy = rc_boot_settings_dup_policy (self->boot_settings);
  error = policy_error (policy);

  g_clear_pointer (&self->findings, g_ptr_array_unref);
  if (error != NULL)
    {
      rc_boot_settings_show_policy_error (self->boot_settings, error);
      return;
    }
  if (self->server == NULL)
    return;
  self->findings = _rc_boot_pane_analyse_policy (self, policy);
  rc_boot_settings_show_findings (self->boot_settings, self->findings);
}

gboolean
_rc_boot_pane_policy_usable (RcBootPane *self)
{
  g_autofree char *policy = rc_boot_settings_dup_policy (self->boot_settings);
  g_autofree char *error = policy_error (policy);

  if (error == NULL)
    return TRUE;
  _rc_boot_pane_toast (self, error);
  return FALSE;
}

void
_rc_boot_pane_offer_policy_fix (RcBootPane *self, const RcRunRecord *record)
{
  g_autofree char *policy = NULL;
  g_autofree char *text = NULL;

  if (record->outcome.state == RC_OUTCOME_READY || g_strcmp0 (record->outcome.party, "policy") != 0
      || self->findings == NULL)
    return;
  policy = rc_boot_settings_dup_policy (self->boot_settings);
  for (guint i = 0; i < self->findings->len && text == NULL; i++)
    {
      g_autoptr (RcFix) fix = rc_csp_fix_finding (policy, g_ptr_array_index (self->findings, i));

      if (fix != NULL)
        /* Translators: a toast after a boot the policy refused; %s is the fix, "Add
         * 'wasm-unsafe-eval' to script-src" */
        text = g_strdup_printf (_ ("The policy refused the boot: Fix in the sidebar (%s)"),
                                fix->label);
    }
  if (text == NULL)
    return;
  /* the fix buttons are in the sidebar: show it */
  adw_flap_set_reveal_flap (self->flap, TRUE);
  _rc_boot_pane_toast (self, text);
}

void
_rc_boot_pane_fix_policy (RcBootPane *self, guint index)
{
  /* the findings are those the buttons were made from; a fix is re-analysed at once
   * (::policy-changed), which replaces them */
  if (self->findings == NULL || index >= self->findings->len)
    return;
  rc_boot_settings_apply_policy_fix (self->boot_settings,
                                     g_ptr_array_index (self->findings, index));
}

GPtrArray *
rc_boot_pane_get_findings (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return self->findings;
}

void
_rc_boot_pane_setup_policy (RcBootPane *self)
{
  /* fetch_allow depends on the deployment: another one is another analysis. */
  g_signal_connect_object (self->boot_settings, "policy-changed",
                           G_CALLBACK (_rc_boot_pane_analyse), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->boot_settings, "notify::deployment",
                           G_CALLBACK (_rc_boot_pane_analyse), self, G_CONNECT_SWAPPED);
}
