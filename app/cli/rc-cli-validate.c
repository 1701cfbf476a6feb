/* rc-cli-validate.c: `runtime-console validate DIR [--json] [--deployment D]
 * [--distribution DIR] [--compile-prelude]`: a community folder checked as OSA's server would
 * check it. --compile-prelude boots Pyodide (app/boot's prelude oracle) to compile preludes.
 *
 * Exit 0 valid (warnings and notes allowed), 1 invalid, 2 could not run. Never writes into
 * the folder. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "boot/rc-prelude-oracle.h"
#include "core/rc-closure.h"
#include "core/rc-community.h"
#include "core/rc-diagnostic.h"
#include "rc-cli.h"

typedef struct
{
  gboolean json;
  gboolean compile_prelude;
  char *deployment;
  char *distribution;
  GStrv rest;
} Options;

static void
options_clear (Options *o)
{
  g_free (o->deployment);
  g_free (o->distribution);
  g_strfreev (o->rest);
}

static gboolean
parse_options (int argc, char **argv, Options *o, GError **error)
{
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &o->json, N_ ("Print one JSON object instead of lines"),
      NULL },
    { "deployment", 0, 0, G_OPTION_ARG_STRING, &o->deployment,
      N_ ("Read per-deployment values for production or develop (default: as OSA resolves "
          "OSA_DEPLOYMENT and ROOT_PATH)"),
      N_ ("D") },
    { "compile-prelude", 0, 0, G_OPTION_ARG_NONE, &o->compile_prelude,
      N_ ("Compile every prelude with Pyodide itself, as OSA's server does (boots WebKit: "
          "needs a display or Xvfb)"),
      NULL },
    { "distribution", 0, 0, G_OPTION_ARG_FILENAME, &o->distribution,
      N_ ("The Pyodide 0.29.5 distribution folder (default: the one tools/setup.sh fetched)"),
      N_ ("DIR") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o->rest, NULL, N_ ("DIR") },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_ ("DIR — check a community folder"));

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (
      context, _ ("Checks config.yaml, the lock overlay and its wheels as OSA's server would.\n"
                  "Exit status: 0 valid (warnings allowed), 1 invalid, 2 could not run."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, error))
    return FALSE;
  if (o->rest == NULL || g_strv_length (o->rest) != 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("expected exactly one community folder"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
pick_deployment (const Options *o, RcDeployment *out, GError **error)
{
  if (o->deployment == NULL)
    return rc_deployment_from_environment (out, error);
  if (rc_deployment_from_string (o->deployment, out))
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _ ("--deployment must be production or develop, not “%s”"), o->deployment);
  return FALSE;
}

/* The community's diagnostics; with --compile-prelude the oracle's findings replace the
 * "prelude-not-compiled" notes. A new array. */
static GPtrArray *
collect_diagnostics (RcCommunity *community, gboolean compile_prelude, GError **error)
{
  GPtrArray *own = rc_community_get_diagnostics (community);
  g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
  g_autoptr (GPtrArray) compiled = NULL;

  if (compile_prelude)
    {
      compiled = rc_prelude_oracle_check (community, 120, error);
      if (compiled == NULL)
        return NULL;
    }
  for (guint i = 0; i < own->len; i++)
    {
      const RcDiagnostic *d = g_ptr_array_index (own, i);

      if (compiled == NULL || g_strcmp0 (d->rule, "prelude-not-compiled") != 0)
        g_ptr_array_add (diags, rc_diagnostic_copy (d));
    }
  for (guint i = 0; compiled != NULL && i < compiled->len; i++)
    g_ptr_array_add (diags, rc_diagnostic_copy (g_ptr_array_index (compiled, i)));
  rc_diagnostics_sort (diags);
  return g_steal_pointer (&diags);
}

static void
print_summary (RcCommunity *community, GPtrArray *diags, const char *dir)
{
  GPtrArray *closure = rc_community_get_closure (community);
  guint errors = rc_diagnostics_count (diags, RC_SEVERITY_ERROR);
  guint warnings = rc_diagnostics_count (diags, RC_SEVERITY_WARNING);
  guint notes = rc_diagnostics_count (diags, RC_SEVERITY_NOTE);
  g_autofree char *e = g_strdup_printf (ngettext ("%u error", "%u errors", errors), errors);
  g_autofree char *w = g_strdup_printf (ngettext ("%u warning", "%u warnings", warnings), warnings);
  g_autofree char *n = g_strdup_printf (ngettext ("%u note", "%u notes", notes), notes);

  /* TRANSLATORS: "DIR: valid (0 errors, 1 warning, 2 notes), production deployment" */
  printf (_ ("%s: %s (%s, %s, %s), %s deployment"), dir, errors == 0 ? _ ("valid") : _ ("invalid"),
          e, w, n, rc_deployment_to_string (rc_community_get_deployment (community)));
  if (closure->len > 0)
    {
      g_autoptr (JsonObject) python =
          rc_community_get_runtime_python (community, rc_community_get_deployment (community));
      guint names = json_array_get_length (json_object_get_array_member (python, "preload"));

      /* TRANSLATORS: "; preload: 5 names → 24 packages" */
      printf (ngettext ("; preload: %u name", "; preload: %u names", names), names);
      printf (ngettext (" → %u package", " → %u packages", closure->len), closure->len);
    }
  printf ("\n");
}

static void
print_human (RcCommunity *community, GPtrArray *diags, const char *dir)
{

  for (guint i = 0; i < diags->len; i++)
    {
      const RcDiagnostic *d = g_ptr_array_index (diags, i);
      g_autofree char *line = rc_diagnostic_format (d);

      printf ("%s\n", line);
      if (d->hint != NULL && d->hint[0] != '\0')
        printf ("  hint: %s\n", d->hint);
    }
  print_summary (community, diags, dir);
}

static void
print_json (RcCommunity *community, GPtrArray *diags, const char *dir)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "community");
  json_builder_add_string_value (b, dir);
  json_builder_set_member_name (b, "valid");
  json_builder_add_boolean_value (b, rc_diagnostics_count (diags, RC_SEVERITY_ERROR) == 0);
  json_builder_set_member_name (b, "deployment");
  json_builder_add_string_value (b,
                                 rc_deployment_to_string (rc_community_get_deployment (community)));
  json_builder_set_member_name (b, "diagnostics");
  json_builder_begin_array (b);
  for (guint i = 0; i < diags->len; i++)
    json_builder_add_value (b, rc_diagnostic_to_json (g_ptr_array_index (diags, i)));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "closure");
  json_builder_add_value (b, rc_closure_to_json (rc_community_get_closure (community)));
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
}

int
rc_cli_validate (int argc, char **argv)
{
  Options o = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community = NULL;
  g_autoptr (GPtrArray) diags = NULL;
  RcDeployment deployment;
  int status;

  if (!parse_options (argc, argv, &o, &error) || !pick_deployment (&o, &deployment, &error))
    {
      fprintf (stderr, "runtime-console validate: %s\n", error->message);
      options_clear (&o);
      return RC_EXIT_CANNOT_RUN;
    }
  community = rc_community_load (o.rest[0], o.distribution, deployment, &error);
  if (community == NULL)
    {
      fprintf (stderr, "runtime-console validate: %s\n", error->message);
      options_clear (&o);
      return RC_EXIT_CANNOT_RUN;
    }
  if (o.compile_prelude && !rc_cli_init_display ())
    {
      options_clear (&o);
      return RC_EXIT_CANNOT_RUN;
    }
  diags = collect_diagnostics (community, o.compile_prelude, &error);
  if (diags == NULL)
    {
      fprintf (stderr, "runtime-console validate: %s\n", error->message);
      options_clear (&o);
      return RC_EXIT_CANNOT_RUN;
    }
  if (o.json)
    print_json (community, diags, o.rest[0]);
  else
    print_human (community, diags, o.rest[0]);
  status = rc_diagnostics_count (diags, RC_SEVERITY_ERROR) == 0 ? RC_EXIT_OK : RC_EXIT_FAILED;
  options_clear (&o);
  return status;
}
