/* rc-cli-boot-options.c: the options of the commands that boot (rc-cli-boot-options.h).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "core/record/rc-engine-info.h"
#include "rc-cli-boot-options.h"
#include "rc-cli-common.h"

void
rc_cli_boot_options_init (RcCliBootOptions *self)
{
  *self = (RcCliBootOptions){ .deadline = RC_ENGINE_DEFAULT_DEADLINE_SECONDS };
}

void
rc_cli_boot_options_clear (RcCliBootOptions *self)
{
  g_clear_pointer (&self->csp, g_free);
  g_clear_pointer (&self->csp_text, g_free);
  g_clear_pointer (&self->worker, g_free);
  g_clear_pointer (&self->deployment, g_free);
  g_clear_pointer (&self->distribution, g_free);
  g_clear_pointer (&self->engines, g_strfreev);
  g_clear_pointer (&self->data, g_strfreev);
  g_clear_pointer (&self->policy_name, g_free);
  g_clear_pointer (&self->policy, g_free);
  g_clear_pointer (&self->engine_kinds, g_array_unref);
}

void
rc_cli_boot_options_add (RcCliBootOptions *self, GOptionContext *context)
{
  const GOptionEntry entries[] = {
    { "csp", 0, 0, G_OPTION_ARG_STRING, &self->csp,
      N_ ("Policy preset: nemarlike, withpypi, withpypi_eval, strict, loose, control, none "
          "(default none)"),
      N_ ("PRESET") },
    { "csp-text", 0, 0, G_OPTION_ARG_STRING, &self->csp_text,
      N_ ("Policy text, verbatim (at most 64 KiB)"), N_ ("POLICY") },
    { "engine", 0, 0, G_OPTION_ARG_STRING_ARRAY, &self->engines,
      N_ ("webkit (default), chromium or firefox"), N_ ("ENGINE") },
    { "worker", 0, 0, G_OPTION_ARG_STRING, &self->worker, N_ ("builtin (default) or osa"),
      N_ ("KIND") },
    { "deployment", 0, 0, G_OPTION_ARG_STRING, &self->deployment,
      N_ ("production or develop (default: from the environment, as OSA)"), N_ ("D") },
    { "deadline", 0, 0, G_OPTION_ARG_DOUBLE, &self->deadline,
      N_ ("Deadline of each boot (default 120)"), N_ ("SECONDS") },
    { "distribution", 0, 0, G_OPTION_ARG_FILENAME, &self->distribution,
      N_ ("Serve this Pyodide 0.29.5 release folder (with its wheels) as the CDN (default: the "
          "npm distribution tools/setup.sh fetched)"),
      N_ ("DIR") },
    { "live", 0, 0, G_OPTION_ARG_NONE, &self->live,
      N_ ("Reach the real CDN and data hosts (for a machine that is online)"), NULL },
    { "data", 0, 0, G_OPTION_ARG_STRING_ARRAY, &self->data,
      N_ ("Serve a local folder at a data origin (repeatable)"), N_ ("URL=DIR") },
    { NULL },
  };

  /* the main group copies the entries, so the array may live on the stack */
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

static gboolean
check_engines (RcCliBootOptions *self, gboolean many_engines, GError **error)
{
  const char *const webkit[] = { "webkit", NULL };

  self->engine_kinds = rc_engine_kinds_parse (
      self->engines != NULL ? (const char *const *) self->engines : webkit, error);
  if (self->engine_kinds == NULL)
    return FALSE;
  if (!many_engines && self->engine_kinds->len > 1)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _ ("give one --engine (measure takes several)"));
      return FALSE;
    }
  return TRUE;
}

gboolean
rc_cli_boot_options_check (RcCliBootOptions *self, gboolean many_engines, GError **error)
{
  self->worker_kind = RC_WORKER_KIND_BUILTIN;
  if (self->worker != NULL && !rc_worker_kind_from_string (self->worker, &self->worker_kind))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--worker must be builtin or osa, not “%s”"), self->worker);
      return FALSE;
    }
  if (!(self->deadline > 0) || !isfinite (self->deadline))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--deadline must be a number of seconds above 0, not %g"), self->deadline);
      return FALSE;
    }
  g_clear_pointer (&self->policy, g_free);
  g_clear_pointer (&self->policy_name, g_free);
  if (!check_engines (self, many_engines, error)
      || !rc_cli_pick_deployment (self->deployment, &self->deployment_kind, error)
      || !rc_cli_pick_csp (self->csp, self->csp_text, &self->policy, &self->policy_name, error))
    return FALSE;
  /* the record names a --csp-text policy "custom", as the window names an edited one */
  if (self->csp_text != NULL)
    {
      g_free (self->policy_name);
      self->policy_name = g_strdup ("custom");
    }
  return rc_cli_check_network (self->distribution, self->live, self->data, error);
}

RcCommunity *
rc_cli_boot_options_load (const RcCliBootOptions *self, const char *dir, GError **error)
{
  return rc_community_load (dir, self->distribution, self->deployment_kind, error);
}

RcServer *
rc_cli_boot_options_new_server (const RcCliBootOptions *self)
{
  RcServer *server = rc_server_new ();

  rc_cli_apply_network (server, self->live, self->data);
  return server;
}

gboolean
rc_cli_boot_options_configure (const RcCliBootOptions *self, RcEngine *engine, RcEngineKind kind,
                               GError **error)
{
  rc_engine_set_csp (engine, self->policy_name, self->policy);
  rc_engine_set_deployment (engine, self->deployment_kind);
  rc_engine_set_deadline_seconds (engine, self->deadline);
  rc_engine_set_worker_kind (engine, self->worker_kind);
  return rc_engine_set_engine_kind (engine, kind, error);
}
