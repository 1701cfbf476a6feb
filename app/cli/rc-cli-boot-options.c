/* rc-cli-boot-options.c: the options of the commands that boot (rc-cli-boot-options.h).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "core/record/rc-engine-info.h"
#include "core/base/rc-diagnostic.h"
#include "core/base/rc-paths.h"
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
  g_clear_pointer (&self->pyodide, g_free);
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
    { "pyodide", 0, 0, G_OPTION_ARG_STRING, &self->pyodide,
      N_ ("Boot this Pyodide instead of the pinned one, from the npm distribution "
          "“tools/setup.sh --pyodide VERSION” fetched (rehearse an upgrade)"),
      N_ ("VERSION") },
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
                           _ ("give one --engine (measure and advise take several)"));
      return FALSE;
    }
  return TRUE;
}

/* A Pyodide version names a folder in the user's cache: an npm version, nothing that leaves
 * it. */
static gboolean
check_version (const char *option, const char *version, GError **error)
{
  if (g_regex_match_simple ("^[0-9]+\\.[0-9]+\\.[0-9]+([.-][0-9A-Za-z.]+)?$", version, 0, 0)
      && strstr (version, "..") == NULL)
    return TRUE;
  /* TRANSLATORS: "--pyodide must be a Pyodide version such as 314.0.8, not “x”" */
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _ ("%s must be a Pyodide version such as 314.0.8, not “%s”"), option, version);
  return FALSE;
}

gboolean
rc_cli_find_pyodide (const char *option, const char *version, char **dir_out, GError **error)
{
  g_autofree char *dir = NULL, *lock = NULL;

  if (!check_version (option, version, error))
    return FALSE;
  dir = rc_paths_distribution_for (version);
  lock = g_build_filename (dir, "pyodide-lock.json", NULL);
  if (!g_file_test (lock, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("%s %s: there is no Pyodide %s distribution at %s; fetch it with "
                      "“tools/setup.sh --pyodide %s”"),
                   option, version, version, dir, version);
      return FALSE;
    }
  if (dir_out != NULL)
    *dir_out = g_steal_pointer (&dir);
  return TRUE;
}

static gboolean
check_pyodide (RcCliBootOptions *self, GError **error)
{
  if (self->pyodide == NULL)
    return TRUE;
  if (self->distribution != NULL) /* that folder holds the candidate */
    return check_version ("--pyodide", self->pyodide, error);
  return rc_cli_find_pyodide ("--pyodide", self->pyodide, &self->distribution, error);
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
  if (!check_engines (self, many_engines, error) || !check_pyodide (self, error)
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

/* The ABI errors stop a boot (the validator's other errors do not: a boot shows what they
 * do), because Pyodide would only fail on the wheel deep in the boot, without naming tags. */
static gboolean
check_wheel_abi (RcCommunity *community, GError **error)
{
  GPtrArray *diagnostics = rc_community_get_diagnostics (community);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RcDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (g_strcmp0 (d->rule, "overlay-wheel-abi") == 0)
        {
          g_autofree char *where = rc_diagnostic_format (d);

          g_set_error (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_DISTRIBUTION, "%s/%s\n%s",
                       rc_community_get_dir (community), where, d->hint);
          return FALSE;
        }
    }
  return TRUE;
}

RcCommunity *
rc_cli_boot_options_load (const RcCliBootOptions *self, const char *dir, GError **error)
{
  g_autoptr (RcCommunity) community =
      rc_community_load (dir, self->distribution, self->deployment_kind, error);

  if (community == NULL || !check_wheel_abi (community, error))
    return NULL;
  return g_steal_pointer (&community);
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
  rc_engine_set_pyodide_version (engine, self->pyodide);
  return rc_engine_set_engine_kind (engine, kind, error);
}
