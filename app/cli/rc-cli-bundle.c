/* rc-cli-bundle.c: `runtime-console bundle DIR -o repro.zip [--report REPORT.json]
 * [--csp PRESET|--csp-text POLICY]`: one zip with the community folder, the policy, the
 * report, its HAR and charts, the environment and a README saying how to replay it.
 *
 * The zip is written by rc_bundle_write() (ui/rc-bundle-writer.h), which the window's
 * boot.save-bundle calls too. Without --report the latest measurement in the community's
 * history is bundled (rc-history.h); the bundle never boots anything itself. Exit 0 written,
 * 2 could not. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "core/export/rc-bundle.h"
#include "core/policy/rc-csp.h"
#include "core/policy/rc-csp-presets.h"
#include "core/measurement/rc-history.h"
#include "core/measurement/rc-measurement.h"
#include "rc-cli-common.h"
#include "rc-cli.h"
#include "ui/rc-bundle-writer.h"

typedef struct
{
  char *output;
  char *report;
  char *csp;
  char *csp_text;
  GStrv rest;
} Options;

static void
options_clear (Options *o)
{
  g_free (o->output);
  g_free (o->report);
  g_free (o->csp);
  g_free (o->csp_text);
  g_strfreev (o->rest);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

static gboolean
parse_options (int argc, char **argv, Options *o, GError **error)
{
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->output, N_ ("Write the zip to FILE (required)"),
      N_ ("FILE") },
    { "report", 0, 0, G_OPTION_ARG_FILENAME, &o->report,
      N_ ("The report to bundle (runtime-console measure --json; default: the latest "
          "measurement in the community's history)"),
      N_ ("REPORT.json") },
    { "csp", 0, 0, G_OPTION_ARG_STRING, &o->csp,
      N_ ("The policy the report was measured under, as a preset (default: the report's own "
          "preset)"),
      N_ ("PRESET") },
    { "csp-text", 0, 0, G_OPTION_ARG_STRING, &o->csp_text,
      N_ ("The policy the report was measured under, verbatim (needed when it was given as "
          "--csp-text)"),
      N_ ("POLICY") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o->rest, NULL, NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = rc_cli_context_new (
      "bundle", N_ ("DIR"),
      _ ("Writes one zip to reproduce a measurement: the community folder, the policy, the\n"
         "report, its HAR and charts, the environment and a README with the replay command.\n"
         "Exit status: 0 written, 2 could not."));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, error) || !rc_cli_one_folder (o->rest, error))
    return FALSE;
  if (o->output == NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _ ("give the zip to write with -o FILE"));
      return FALSE;
    }
  return TRUE;
}

/* The policy the report ran under: from --csp/--csp-text, else the report's own preset. */
static gboolean
pick_policy (const Options *o, const RcMeasurement *report, char **name, char **text,
             GError **error)
{
  const RcRunRecord *run = report->runs->len > 0 ? report->runs->pdata[0] : NULL;
  const char *recorded = run && run->env.policy_name ? run->env.policy_name : "none";
  g_autofree char *label = NULL;

  if (o->csp != NULL || o->csp_text != NULL)
    {
      if (!rc_cli_pick_csp (o->csp, o->csp_text, text, &label, error))
        return FALSE;
      *name = g_strdup (o->csp_text != NULL ? "custom" : o->csp);
    }
  else if (g_str_equal (recorded, "custom"))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _ ("the report's policy was given as text; pass it again with "
                              "--csp-text so the bundle can hold it"));
      return FALSE;
    }
  else if (!rc_cli_pick_csp (recorded, NULL, text, &label, error))
    return FALSE;
  else
    *name = g_strdup (recorded);
  if (run != NULL && run->env.policy_sha256 != NULL && *text != NULL)
    {
      g_autofree char *sha = rc_csp_policy_sha256 (*text);

      if (g_strcmp0 (sha, run->env.policy_sha256) != 0)
        /* TRANSLATORS: a warning of `bundle`; %s is the policy's name */
        g_printerr (_ ("runtime-console bundle: warning: the policy %s is not the one the report "
                       "recorded (its sha256 differs); the replay uses this one\n"),
                    *name);
    }
  return TRUE;
}

/* The report named by --report, or the latest one in the history. */
static RcMeasurement *
load_report (const Options *o, GBytes **bytes, char **source, GError **error)
{
  g_autofree char *contents = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  gsize length = 0;
  RcMeasurement *report;
  g_autofree char *path = o->report ? g_strdup (o->report) : rc_history_latest (o->rest[0], error);

  if (path == NULL)
    {
      if (error != NULL && *error != NULL)
        {
          /* TRANSLATORS: appended to "DIR has no measurement in its history (FOLDER): run
           * measure first" */
          char *message =
              g_strconcat ((*error)->message, _ (", or pass --report REPORT.json"), NULL);

          g_free ((*error)->message);
          (*error)->message = message;
        }
      return NULL;
    }
  if (!g_file_get_contents (path, &contents, &length, error)
      || !json_parser_load_from_data (parser, contents, (gssize) length, error)
      || (report = rc_measurement_from_json (json_parser_get_root (parser), error)) == NULL)
    {
      g_prefix_error (error, "%s: ", path);
      return NULL;
    }
  *bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  *source = g_steal_pointer (&path);
  return report;
}

int
rc_cli_bundle (int argc, char **argv)
{
  g_auto (Options) o = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) report = NULL;
  g_autoptr (GBytes) report_bytes = NULL;
  g_autofree char *source = NULL, *policy_name = NULL, *policy_text = NULL, *warning = NULL;
  RcBundleSource bundle = { 0 };
  guint n_files = 0;
  guint64 total = 0;

  if (!parse_options (argc, argv, &o, &error))
    return rc_cli_cannot_run ("bundle", error);
  if (!g_file_test (o.rest[0], G_FILE_TEST_IS_DIR))
    {
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _ ("%s is not a community folder: no such directory"), o.rest[0]);
      return rc_cli_cannot_run ("bundle", error);
    }
  if (rc_bundle_output_inside (o.output, o.rest[0]))
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("-o %s is inside the community folder; the console never writes there "
                      "(and the next bundle would hold this one)"),
                   o.output);
      return rc_cli_cannot_run ("bundle", error);
    }
  if ((report = load_report (&o, &report_bytes, &source, &error)) == NULL
      || !pick_policy (&o, report, &policy_name, &policy_text, &error))
    return rc_cli_cannot_run ("bundle", error);
  bundle.dir = o.rest[0];
  bundle.report = report;
  bundle.report_bytes = report_bytes;
  bundle.report_source = source;
  bundle.policy_name = policy_name;
  bundle.policy_text = policy_text;
  if (!rc_bundle_write (&bundle, o.output, &n_files, &total, &warning, &error))
    return rc_cli_cannot_run ("bundle", error);
  if (warning != NULL)
    /* TRANSLATORS: a warning of `bundle`; %s says what is wrong */
    g_printerr (_ ("runtime-console bundle: warning: %s\n"), warning);
  /* TRANSLATORS: "bundle: repro.zip (14 files, 3.2 MB before compression), report REPORT" */
  printf (_ ("bundle: %s (%u files, %.1f MB before compression), report %s\n"), o.output, n_files,
          (double) total / 1e6, source);
  return RC_EXIT_OK;
}
