/* rc-cli-bundle.c: `runtime-console bundle DIR -o repro.zip [--report REPORT.json]
 * [--csp PRESET|--csp-text POLICY]`: one zip with the community folder, the policy, the
 * report, its HAR and charts, the environment and a README saying how to replay it.
 *
 * The zip is written by libarchive (a new file renamed over the output, so a failed run never
 * leaves half a zip). Without --report the latest measurement in the community's history is
 * bundled (rc-history.h); the bundle never boots anything itself. Exit 0 written, 2 could not. */
#include "config.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/rc-bundle.h"
#include "core/rc-csp.h"
#include "core/rc-csp-presets.h"
#include "core/rc-history.h"
#include "core/rc-measurement.h"
#include "rc-cli-chart.h"
#include "rc-cli-common.h"
#include "rc-cli.h"

#define CHART_WIDTH 960

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

static void
add_file (GPtrArray *files, const char *name, GBytes *bytes)
{
  RcBundleFile *file = g_new0 (RcBundleFile, 1);

  file->name = g_strdup (name);
  file->bytes = bytes;
  g_ptr_array_add (files, file);
}

static void
add_text (GPtrArray *files, const char *name, char *text)
{
  add_file (files, name, g_bytes_new_take (text, strlen (text)));
}

/* The report, its HAR, its charts, the policy and the environment. */
static gboolean
add_report_files (GPtrArray *files, const RcMeasurement *report, GBytes *report_bytes,
                  const RcBundleReplay *replay, const char *source, GError **error)
{
  g_autoptr (JsonNode) har = rc_measurement_to_har (report);
  g_autoptr (JsonNode) environment = rc_bundle_environment (replay, report, source);
  static const RcChartKind kinds[] = { RC_CHART_TIMELINE, RC_CHART_HEAP, RC_CHART_BYTES,
                                       RC_CHART_RUNS };

  add_file (files, "report.json", g_bytes_ref (report_bytes));
  add_text (files, "report.har", json_to_string (har, TRUE));
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *name = g_strdup_printf ("charts/%s.svg", rc_chart_kind_to_string (kinds[i]));
      GBytes *svg = rc_cli_chart_svg (kinds[i], report, CHART_WIDTH, error);

      if (svg == NULL)
        return FALSE;
      add_file (files, name, svg);
    }
  if (replay->policy_text != NULL)
    add_text (files, "policy.txt", g_strdup (replay->policy_text));
  add_text (files, "environment.json", json_to_string (environment, TRUE));
  return TRUE;
}

static gboolean
archive_failed (struct archive *a, const char *path, GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("cannot write %s: %s"), path,
               archive_error_string (a) ? archive_error_string (a) : g_strerror (errno));
  return FALSE;
}

static gboolean
write_entries (struct archive *a, GPtrArray *files, gint64 mtime, const char *path, GError **error)
{
  for (guint i = 0; i < files->len; i++)
    {
      const RcBundleFile *file = files->pdata[i];
      gsize size;
      const void *data = g_bytes_get_data (file->bytes, &size);
      struct archive_entry *entry = archive_entry_new ();
      gboolean ok;

      archive_entry_set_pathname_utf8 (entry, file->name);
      archive_entry_set_filetype (entry, AE_IFREG);
      archive_entry_set_perm (entry, 0644);
      archive_entry_set_size (entry, (la_int64_t) size);
      archive_entry_set_mtime (entry, (time_t) mtime, 0);
      ok = archive_write_header (a, entry) == ARCHIVE_OK
           && (size == 0 || archive_write_data (a, data, size) == (la_ssize_t) size);
      archive_entry_free (entry);
      if (!ok)
        return archive_failed (a, path, error);
    }
  return TRUE;
}

static gboolean
write_zip (GPtrArray *files, gint64 mtime, const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *tmp = g_build_filename (dir, ".rc-bundle-XXXXXX", NULL);
  int fd = g_mkstemp (tmp);
  struct archive *a;
  gboolean ok;

  if (fd < 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), _ ("cannot write %s: %s"),
                   path, g_strerror (errno));
      return FALSE;
    }
  a = archive_write_new ();
  ok = (archive_write_set_format_zip (a) == ARCHIVE_OK
        && archive_write_open_fd (a, fd) == ARCHIVE_OK)
           ? write_entries (a, files, mtime, path, error)
           : archive_failed (a, path, error);
  if (archive_write_close (a) != ARCHIVE_OK && ok)
    ok = archive_failed (a, path, error);
  archive_write_free (a);
  close (fd);
  if (ok && g_rename (tmp, path) != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), _ ("cannot write %s: %s"),
                   path, g_strerror (errno));
      ok = FALSE;
    }
  if (!ok)
    g_unlink (tmp);
  return ok;
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

/* The report was measured on another config.yaml: the bundle still holds the folder as it is
 * now, but whoever replays it should know. */
static void
warn_config_changed (GPtrArray *files, const RcMeasurement *report, const char *folder)
{
  const RcRunRecord *run = report->runs->len > 0 ? report->runs->pdata[0] : NULL;
  g_autofree char *name = g_strconcat (folder, "/config.yaml", NULL);

  for (guint i = 0; run != NULL && run->env.config_sha256 != NULL && i < files->len; i++)
    {
      const RcBundleFile *file = files->pdata[i];
      g_autofree char *sha = NULL;

      if (!g_str_equal (file->name, name))
        continue;
      sha = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, file->bytes);
      if (!g_str_equal (sha, run->env.config_sha256))
        g_printerr (_ ("runtime-console bundle: warning: the report was measured on another "
                       "config.yaml (sha256 %.12s…, now %.12s…); the bundle holds the folder as it "
                       "is now\n"),
                    run->env.config_sha256, sha);
    }
}

/* Whether @path (which may not exist yet) lies below @dir. */
static gboolean
inside_folder (const char *path, const char *dir)
{
  g_autofree char *parent = g_path_get_dirname (path);
  g_autofree char *real_parent = realpath (parent, NULL);
  g_autofree char *real_dir = realpath (dir, NULL);
  gsize n = real_dir ? strlen (real_dir) : 0;

  return real_parent != NULL && real_dir != NULL && strncmp (real_parent, real_dir, n) == 0
         && (real_parent[n] == '\0' || real_parent[n] == '/');
}

static gint64
report_time (const RcMeasurement *report)
{
  g_autoptr (GDateTime) created =
      report->created ? g_date_time_new_from_iso8601 (report->created, NULL) : NULL;
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

  return g_date_time_to_unix (created ? created : now);
}

int
rc_cli_bundle (int argc, char **argv)
{
  g_auto (Options) o = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) report = NULL;
  g_autoptr (GBytes) report_bytes = NULL;
  g_autofree char *source = NULL, *policy_name = NULL, *policy_text = NULL, *folder = NULL;
  g_autofree char *absolute = NULL;
  g_autoptr (GPtrArray) files = NULL;
  g_auto (RcBundleReplay) replay = { 0 };
  guint64 total = 0;

  if (!parse_options (argc, argv, &o, &error))
    return rc_cli_cannot_run ("bundle", error);
  if (!g_file_test (o.rest[0], G_FILE_TEST_IS_DIR))
    {
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _ ("%s is not a community folder: no such directory"), o.rest[0]);
      return rc_cli_cannot_run ("bundle", error);
    }
  if (inside_folder (o.output, o.rest[0]))
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
  absolute = g_canonicalize_filename (o.rest[0], NULL);
  folder = g_path_get_basename (absolute);
  rc_bundle_replay_from_report (&replay, report, folder, policy_name, policy_text);
  if ((files = rc_bundle_community_files (o.rest[0], folder, &error)) == NULL
      || !add_report_files (files, report, report_bytes, &replay, source, &error))
    return rc_cli_cannot_run ("bundle", error);
  warn_config_changed (files, report, folder);
  add_text (files, "README.md", rc_bundle_readme (&replay, report, source, files));
  if (!write_zip (files, report_time (report), o.output, &error))
    return rc_cli_cannot_run ("bundle", error);
  for (guint i = 0; i < files->len; i++)
    total += g_bytes_get_size (((RcBundleFile *) files->pdata[i])->bytes);
  /* TRANSLATORS: "bundle: repro.zip (14 files, 3.2 MB before compression), report REPORT" */
  printf (_ ("bundle: %s (%u files, %.1f MB before compression), report %s\n"), o.output,
          files->len, (double) total / 1e6, source);
  return RC_EXIT_OK;
}
