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
#include "core/model/rc-checkout.h"
#include "core/model/rc-closure.h"
#include "core/model/rc-community.h"
#include "core/base/rc-diagnostic.h"
#include "rc-cli-common.h"
#include "rc-cli-signals.h"
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

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

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
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o->rest, NULL, NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = rc_cli_context_new (
      "validate", N_ ("DIR"),
      _ ("Checks a community folder (config.yaml, the lock overlay and its wheels) as OSA's\n"
         "server would. Exit status: 0 valid (warnings allowed), 1 invalid, 2 could not run."));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  return g_option_context_parse (context, &argc, &argv, error)
         && rc_cli_one_folder (o->rest, error);
}

/* The community's diagnostics; with --compile-prelude the oracle's findings replace the
 * "prelude-not-compiled" notes. A new array. */
static GPtrArray *
collect_diagnostics (RcCommunity *community, gboolean compile_prelude, GError **error)
{
  GPtrArray *own = rc_community_get_diagnostics (community);
  g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
  g_autoptr (GPtrArray) compiled = NULL;
  g_autoptr (GPtrArray) site = NULL;

  if (compile_prelude)
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();

      rc_cli_signals_set_cancellable (cancellable);
      compiled = rc_prelude_oracle_check (community, 120, cancellable, error);
      rc_cli_signals_set_cancellable (NULL);
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
  site = rc_checkout_check_site_lock_of (community);
  for (guint i = 0; i < site->len; i++)
    g_ptr_array_add (diags, rc_diagnostic_copy (g_ptr_array_index (site, i)));
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
      {
        g_autofree char *size = rc_closure_format_size (closure);

        printf (", %s", size);
      }
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
        /* TRANSLATORS: the indented line under each problem, "  hint: Remove the entry." */
        printf (_ ("  hint: %s\n"), d->hint);
    }
  print_summary (community, diags, dir);
}

static void
print_json (RcCommunity *community, GPtrArray *diags, const char *dir)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;

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
  rc_cli_print_json (root, TRUE);
}

int
rc_cli_validate (int argc, char **argv)
{
  g_auto (Options) o = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community = NULL;
  g_autoptr (GPtrArray) diags = NULL;
  RcDeployment deployment;

  if (!parse_options (argc, argv, &o, &error)
      || !rc_cli_pick_deployment (o.deployment, &deployment, &error))
    return rc_cli_cannot_run ("validate", error);
  community = rc_community_load (o.rest[0], o.distribution, deployment, &error);
  if (community == NULL)
    return rc_cli_cannot_run ("validate", error);
  /* A signal must not kill a boot: exit() stops Xvfb and removes the per-run folder. */
  if (o.compile_prelude)
    rc_cli_signals_watch ("validate");
  if (o.compile_prelude && !rc_cli_init_display ())
    return RC_EXIT_CANNOT_RUN;
  diags = collect_diagnostics (community, o.compile_prelude, &error);
  if (rc_cli_signals_caught ())
    return rc_cli_signals_exit_status ();
  if (diags == NULL)
    return rc_cli_cannot_run ("validate", error);
  if (o.json)
    print_json (community, diags, o.rest[0]);
  else
    print_human (community, diags, o.rest[0]);
  return rc_diagnostics_count (diags, RC_SEVERITY_ERROR) == 0 ? RC_EXIT_OK : RC_EXIT_FAILED;
}
