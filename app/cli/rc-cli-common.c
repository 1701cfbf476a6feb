/* rc-cli-common.c */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "core/rc-csp-presets.h"
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
