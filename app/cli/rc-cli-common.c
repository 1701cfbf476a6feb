/* rc-cli-common.c */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "boot/rc-webkit-browser.h"
#include "core/policy/rc-csp-presets.h"
#include "core/policy/rc-csp.h"
#include "rc-cli-common.h"
#include "rc-cli.h"

GOptionContext *
rc_cli_context_new (const char *command, const char *parameter, const char *summary)
{
  GOptionContext *context = g_option_context_new (parameter);

  /* GOption names the program in --help by its prgname, which would otherwise be the bare
   * subcommand ("validate") taken from argv[0]. */
  if (g_get_prgname () == NULL)
    {
      g_autofree char *name = g_strconcat ("runtime-console ", command, NULL);

      g_set_prgname (name);
    }
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary);
  return context;
}

gboolean
rc_cli_one_folder (char **rest, GError **error)
{
  if (rest != NULL && g_strv_length (rest) == 1)
    return TRUE;
  g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       rest == NULL ? _ ("give the community folder")
                                    : _ ("give only one community folder"));
  return FALSE;
}

gboolean
rc_cli_pick_deployment (const char *text, RcDeployment *out, GError **error)
{
  if (text == NULL)
    return rc_deployment_from_environment (out, error);
  if (rc_deployment_from_string (text, out))
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _ ("--deployment must be production or develop, not “%s”"), text);
  return FALSE;
}

gboolean
rc_cli_pick_csp (const char *preset, const char *text, char **policy, char **label, GError **error)
{
  g_autoptr (RcCspPreset) found = NULL;
  g_autoptr (GError) local_error = NULL;

  if (preset != NULL && text != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("give either --csp or --csp-text, not both"));
      return FALSE;
    }
  if (!rc_csp_policy_check_length (text, &local_error))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--csp-text: %s",
                   local_error->message);
      return FALSE;
    }
  if (text != NULL)
    {
      *policy = g_strdup (text);
      *label = g_strdup (_ ("custom (--csp-text)"));
      return TRUE;
    }
  /* an unknown preset is a bad option value: it gets the --help pointer like the others */
  if ((found = rc_csp_presets_lookup (preset != NULL ? preset : "none", &local_error)) == NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, local_error->message);
      return FALSE;
    }
  *policy = g_strdup (found->policy);
  *label = g_strdup (found->name);
  return TRUE;
}

gboolean
rc_cli_check_network (const char *distribution, gboolean live, char **data, GError **error)
{
  if (distribution != NULL && live)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _ ("give either --distribution or --live, not both"));
      return FALSE;
    }
  if (distribution != NULL && !g_file_test (distribution, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--distribution “%s” is not a folder (give a Pyodide release folder with "
                      "its pyodide-lock.json and wheels)"),
                   distribution);
      return FALSE;
    }
  for (guint i = 0; data != NULL && data[i] != NULL; i++)
    {
      const char *eq = strchr (data[i], '=');

      if (eq == NULL || eq == data[i] || !g_file_test (eq + 1, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("--data “%s”: write it as URL=DIR, with DIR an existing folder"),
                       data[i]);
          return FALSE;
        }
    }
  return TRUE;
}

void
rc_cli_apply_network (RcServer *server, gboolean live, char **data)
{
  for (guint i = 0; data != NULL && data[i] != NULL; i++)
    {
      const char *eq = strchr (data[i], '=');
      g_autofree char *url = g_strndup (data[i], eq - data[i]);

      rc_server_add_data_mapping (server, url, eq + 1);
    }
  rc_server_set_live (server, live);
  rc_server_set_live_cdn (server, live);
}

char *
rc_cli_describe_distribution (RcCommunity *community, gboolean live)
{
  if (live)
    return g_strdup (_ ("live (the real CDN)"));
  return g_strdup (rc_community_get_distribution_dir (community));
}

void
rc_cli_print_engine_options (FILE *to, RcEngineKind kind)
{
  g_autofree char *options =
      kind == RC_ENGINE_KIND_WEBKIT ? rc_webkit_browser_dup_options () : NULL;

  if (options != NULL)
    /* TRANSLATORS: "  engine options JSC_useOMGJIT=0 (from the environment; …)" */
    fprintf (to,
             _ ("  engine options %s (from the environment; a reader's browser does not set "
                "them, so these figures are not a reader's)\n"),
             options);
}

int
rc_cli_cannot_run (const char *command, const GError *error)
{
  fprintf (stderr, "runtime-console %s: %s\n", command, error->message);
  if (error->domain == G_OPTION_ERROR)
    fprintf (stderr, _ ("Run “runtime-console %s --help” for its options.\n"), command);
  return RC_EXIT_CANNOT_RUN;
}

void
rc_cli_print_json (JsonNode *node, gboolean pretty)
{
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (gen, node);
  json_generator_set_pretty (gen, pretty);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
}

void
rc_cli_on_message (GObject *source, const char *line, gpointer data)
{
  fprintf (stderr, "  %s\n", line);
}

gboolean
rc_cli_apply_throttle (RcServer *server, const char *profile, const char *model, GError **error)
{
  RcThrottleProfile p = RC_THROTTLE_NONE;
  RcThrottleModel m = RC_THROTTLE_MODEL_LINK;

  if (profile != NULL && !rc_throttle_profile_from_string (profile, &p))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--throttle must be none, cable, fast-4g, fast-3g or slow-3g, not “%s”"),
                   profile);
      return FALSE;
    }
  if (model != NULL && !rc_throttle_model_from_string (model, &m))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--throttle-model must be link or devtools, not “%s”"), model);
      return FALSE;
    }
  rc_server_set_throttle (server, p);
  rc_server_set_throttle_model (server, m);
  return TRUE;
}
