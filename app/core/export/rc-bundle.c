/* rc-bundle.c: the contents of a reproduction bundle (rc-bundle.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "core/export/rc-bundle.h"
#include "core/model/rc-community-files.h"
#include "core/base/rc-paths.h"
#include "core/export/rc-export-har.h"

/* A community folder is config, an overlay and a few wheels: tens of MB at most. */
#define MAX_FILE_BYTES   (256 * 1024 * 1024)
#define MAX_FOLDER_BYTES (512 * 1024 * 1024)

/* Unformatted: clang-format would space the dashes of the quark's name. */
/* clang-format off */
G_DEFINE_QUARK (rc-bundle-error-quark, rc_bundle_error)
/* clang-format on */

void
rc_bundle_file_free (RcBundleFile *self)
{
  if (self == NULL)
    return;
  g_free (self->name);
  g_clear_pointer (&self->bytes, g_bytes_unref);
  g_free (self);
}

void
rc_bundle_replay_clear (RcBundleReplay *self)
{
  g_clear_pointer (&self->folder, g_free);
  g_clear_pointer (&self->policy_name, g_free);
  g_clear_pointer (&self->policy_text, g_free);
  g_clear_pointer (&self->worker, g_free);
  g_clear_pointer (&self->deployment, g_free);
  g_clear_pointer (&self->distribution, g_free);
}

static const RcRunEnvironment *
first_environment (const RcMeasurement *report)
{
  return report->runs->len > 0 ? &((RcRunRecord *) report->runs->pdata[0])->env : NULL;
}

void
rc_bundle_replay_from_report (RcBundleReplay *self, const RcMeasurement *report, const char *folder,
                              const char *policy_name, const char *policy_text)
{
  const RcRunEnvironment *env = first_environment (report);
  g_autofree char *npm = rc_paths_default_distribution ();

  rc_bundle_replay_clear (self);
  self->folder = g_strdup (folder);
  self->policy_name = g_strdup (policy_name ? policy_name : "none");
  self->policy_text = g_strdup (policy_text);
  self->worker = g_strdup (env && env->worker_kind ? env->worker_kind : "builtin");
  self->deployment = g_strdup (env && env->deployment ? env->deployment : "production");
  /* The npm distribution is what boot serves without the option. */
  if (env != NULL && env->distribution != NULL && g_strcmp0 (env->distribution, npm) != 0)
    self->distribution = g_strdup (env->distribution);
}

GStrv
rc_bundle_replay_argv (const RcBundleReplay *self)
{
  g_autoptr (GStrvBuilder) argv = g_strv_builder_new ();
  /* "community" is derived by the window from the community and its origins, no preset the
   * command line knows: the replay sends the policy's text itself */
  gboolean preset = g_strcmp0 (self->policy_name, "custom") != 0
                    && !(g_strcmp0 (self->policy_name, "community") == 0 && self->policy_text);

  g_strv_builder_add_many (argv, "runtime-console", "boot", self->folder, NULL);
  if (self->policy_text != NULL || g_strcmp0 (self->policy_name, "none") != 0)
    {
      g_strv_builder_add (argv, preset ? "--csp" : "--csp-text");
      g_strv_builder_add (argv, preset ? self->policy_name : self->policy_text);
    }
  g_strv_builder_add_many (argv, "--worker", self->worker, "--deployment", self->deployment, NULL);
  if (g_strcmp0 (self->distribution, "live") == 0)
    g_strv_builder_add (argv, "--live");
  else if (self->distribution != NULL)
    g_strv_builder_add_many (argv, "--distribution", self->distribution, NULL);
  return g_strv_builder_end (argv);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp ((*(RcBundleFile **) a)->name, (*(RcBundleFile **) b)->name);
}

/* Collects the relative paths of @relative (a folder below @dir; "" for @dir itself). */
static gboolean
list_folder (const char *dir, const char *relative, GPtrArray *out, GError **error)
{
  g_autofree char *path = g_build_filename (dir, relative, NULL);
  g_autoptr (GFile) folder = g_file_new_for_path (path);
  g_autoptr (GFileEnumerator) children = g_file_enumerate_children (
      folder, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
      G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, error);

  if (children == NULL)
    return FALSE;
  for (;;)
    {
      GFileInfo *info = NULL;
      const char *name;
      g_autofree char *child = NULL;

      if (!g_file_enumerator_iterate (children, &info, NULL, NULL, error))
        return FALSE;
      if (info == NULL)
        return TRUE;
      name = g_file_info_get_name (info);
      if (name[0] == '.')
        continue; /* .git and editors' files are no part of the community */
      child = relative[0] ? g_strconcat (relative, "/", name, NULL) : g_strdup (name);
      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
        {
          if (!list_folder (dir, child, out, error))
            return FALSE;
        }
      else if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR)
        g_ptr_array_add (out, g_steal_pointer (&child));
    }
}

GPtrArray *
rc_bundle_community_files (const char *dir, const char *prefix, GError **error)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) files =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_bundle_file_free);
  gsize total = 0;

  if (!list_folder (dir, "", names, error))
    return NULL;
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *problem = NULL;
      gboolean refused = FALSE;
      RcBundleFile *file;
      GBytes *bytes =
          rc_community_file_read (dir, names->pdata[i], MAX_FILE_BYTES, NULL, &refused, &problem);

      if (bytes == NULL || (total += g_bytes_get_size (bytes)) > MAX_FOLDER_BYTES)
        {
          g_set_error (error, RC_BUNDLE_ERROR, RC_BUNDLE_ERROR_FOLDER,
                       bytes == NULL ? _ ("%s/%s cannot be bundled: %s")
                                     : _ ("%s/%s cannot be bundled: %s (the folder holds more "
                                          "than 512 MB)"),
                       dir, (const char *) names->pdata[i], problem ? problem : "");
          g_clear_pointer (&bytes, g_bytes_unref);
          return NULL;
        }
      file = g_new0 (RcBundleFile, 1);
      file->name = g_strconcat (prefix, "/", (const char *) names->pdata[i], NULL);
      file->bytes = bytes;
      g_ptr_array_add (files, file);
    }
  g_ptr_array_sort (files, compare_names);
  return g_steal_pointer (&files);
}

JsonNode *
rc_bundle_environment (const RcBundleReplay *replay, const RcMeasurement *report,
                       const char *report_source)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_auto (GStrv) argv = rc_bundle_replay_argv (replay);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "schema");
  json_builder_add_string_value (b, "runtime-console/bundle");
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "tool_version");
  json_builder_add_string_value (b, PACKAGE_VERSION);
  json_builder_set_member_name (b, "report_source");
  json_builder_add_string_value (b, report_source);
  json_builder_set_member_name (b, "policy_name");
  json_builder_add_string_value (b, replay->policy_name);
  json_builder_set_member_name (b, "replay");
  json_builder_begin_array (b);
  for (guint i = 0; argv[i] != NULL; i++)
    json_builder_add_string_value (b, argv[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "runs");
  json_builder_begin_array (b);
  for (guint i = 0; i < report->runs->len; i++)
    {
      const RcRunRecord *run = report->runs->pdata[i];
      g_autoptr (JsonNode) record = rc_run_record_to_json (run);
      JsonObject *o = json_node_get_object (record);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "run_id");
      json_builder_add_string_value (b, run->run_id);
      json_builder_set_member_name (b, "environment");
      json_builder_add_value (b, json_node_copy (json_object_get_member (o, "environment")));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* A shell word: as it is when it is plain, else in single quotes. */
static char *
shell_word (const char *word)
{
  for (const char *p = word; *p; p++)
    if (!g_ascii_isalnum (*p) && strchr ("-_./=:,@", *p) == NULL)
      return g_shell_quote (word);
  return g_strdup (word);
}

static char *
replay_command (const RcBundleReplay *replay)
{
  g_auto (GStrv) argv = rc_bundle_replay_argv (replay);
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint i = 0; argv[i] != NULL; i++)
    {
      g_autofree char *word = NULL;

      if (i > 0 && g_str_equal (argv[i - 1], "--csp-text"))
        word = g_strdup ("\"$(cat policy.txt)\"");
      else
        word = shell_word (argv[i]);
      g_string_append_printf (out, "%s%s", i > 0 ? " " : "", word);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
append_outcomes (GString *out, const RcMeasurement *report)
{
  for (guint i = 0; i < report->runs->len; i++)
    {
      const RcRunRecord *run = report->runs->pdata[i];

      if (run->outcome.state == RC_OUTCOME_READY)
        g_string_append_printf (out, "- `%s`: ready in %.2f s\n", run->run_id,
                                run->boot_ms / 1000.0);
      else
        g_string_append_printf (out, "- `%s`: failed (%s%s%s): %s\n", run->run_id,
                                run->outcome.kind ? run->outcome.kind : "unknown",
                                run->outcome.party ? ", " : "",
                                run->outcome.party ? run->outcome.party : "",
                                run->outcome.message ? run->outcome.message : "");
      if (run->outcome.state != RC_OUTCOME_READY && run->outcome.diagnosis != NULL)
        {
          g_auto (GStrv) lines = g_strsplit (run->outcome.diagnosis, "\n", -1);

          for (guint j = 0; lines[j] != NULL; j++)
            g_string_append_printf (out, "    %s\n", lines[j]);
        }
    }
}

char *
rc_bundle_readme (const RcBundleReplay *replay, const RcMeasurement *report,
                  const char *report_source, GPtrArray *files)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *command = replay_command (replay);

  /* The README is for whoever receives the bundle, in the language of the issue tracker:
   * English, like the report and the HAR. */
  g_string_append_printf (out,
                          "# Reproduction bundle: %s\n\n"
                          "Made by runtime-console %s from %s (measured %s).\n\n",
                          report->community ? report->community : replay->folder, PACKAGE_VERSION,
                          report_source, report->created ? report->created : "at an unknown time");
  g_string_append (out, "## Replay\n\nUnpack the bundle and boot the community folder with the "
                        "options the report was measured with:\n\n");
  g_string_append_printf (out, "    unzip repro.zip -d repro && cd repro\n    %s\n\n", command);
  if (replay->policy_text != NULL)
    g_string_append_printf (out,
                            "The policy (`policy.txt`, %s) is sent verbatim as the page's "
                            "Content-Security-Policy header.\n",
                            replay->policy_name);
  else
    g_string_append (out, "The runs sent no Content-Security-Policy.\n");
  if (g_strcmp0 (replay->distribution, "live") == 0)
    g_string_append (out, "The runs loaded Pyodide from the real CDN (`--live`): the replay "
                          "needs the network.\n");
  else if (replay->distribution != NULL)
    g_string_append_printf (out,
                            "The runs used the Pyodide distribution folder `%s`, which is not in "
                            "the bundle: pass `--distribution` with a full Pyodide 0.29.5 release "
                            "folder.\n",
                            replay->distribution);
  if (g_strcmp0 (replay->worker, "osa") == 0)
    g_string_append (out, "`--worker osa` needs the community inside an OSA checkout "
                          "(`src/assistants/<id>/`, with `frontend/osa-runtime.bundle.js`).\n");
  g_string_append (out, "`environment.json` holds the exact command as `replay` and every run's "
                        "environment; `runtime-console validate` checks the folder first.\n\n"
                        "## The runs\n\n");
  append_outcomes (out, report);
  g_string_append (out, "\n## Files\n\n");
  for (guint i = 0; i < files->len; i++)
    g_string_append_printf (out, "- `%s`\n", ((RcBundleFile *) files->pdata[i])->name);
  g_string_append (out, "- `README.md`\n");
  return g_string_free (g_steal_pointer (&out), FALSE);
}

const RcChartKind *
rc_bundle_chart_kinds (guint *n_kinds)
{
  static const RcChartKind kinds[] = { RC_CHART_TIMELINE, RC_CHART_HEAP, RC_CHART_BYTES,
                                       RC_CHART_RUNS };

  *n_kinds = G_N_ELEMENTS (kinds);
  return kinds;
}

gboolean
rc_bundle_output_inside (const char *output, const char *dir)
{
  g_autofree char *parent = g_path_get_dirname (output);
  g_autofree char *real_parent = realpath (parent, NULL);
  g_autofree char *real_dir = realpath (dir, NULL);
  gsize n = real_dir ? strlen (real_dir) : 0;

  return real_parent != NULL && real_dir != NULL && strncmp (real_parent, real_dir, n) == 0
         && (real_parent[n] == '\0' || real_parent[n] == '/');
}

gint64
rc_bundle_report_time (const RcMeasurement *report)
{
  g_autoptr (GDateTime) created =
      report->created ? g_date_time_new_from_iso8601 (report->created, NULL) : NULL;
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

  return g_date_time_to_unix (created ? created : now);
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

/* The report was measured on another config.yaml: the bundle still holds the folder as it is
 * now, but whoever replays it should know. */
static char *
config_changed (GPtrArray *files, const RcMeasurement *report, const char *folder)
{
  const RcRunEnvironment *env = first_environment (report);
  g_autofree char *name = g_strconcat (folder, "/config.yaml", NULL);

  for (guint i = 0; env != NULL && env->config_sha256 != NULL && i < files->len; i++)
    {
      const RcBundleFile *file = files->pdata[i];
      g_autofree char *sha = NULL;

      if (!g_str_equal (file->name, name))
        continue;
      sha = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, file->bytes);
      if (!g_str_equal (sha, env->config_sha256))
        return g_strdup_printf (_ ("the report was measured on another config.yaml (sha256 "
                                   "%.12s…, now %.12s…); the bundle holds the folder as it is now"),
                                env->config_sha256, sha);
    }
  return NULL;
}

GPtrArray *
rc_bundle_assemble (const RcBundleSource *source, char **warning, GError **error)
{
  g_autofree char *absolute = g_canonicalize_filename (source->dir, NULL);
  g_autofree char *folder = g_path_get_basename (absolute);
  g_auto (RcBundleReplay) replay = { 0 };
  g_autoptr (GPtrArray) files = NULL;
  g_autoptr (JsonNode) har = NULL;
  g_autoptr (JsonNode) environment = NULL;

  rc_bundle_replay_from_report (&replay, source->report, folder, source->policy_name,
                                source->policy_text);
  if ((files = rc_bundle_community_files (source->dir, folder, error)) == NULL)
    return NULL;
  har = rc_measurement_to_har (source->report);
  environment = rc_bundle_environment (&replay, source->report, source->report_source);
  add_file (files, "report.json", g_bytes_ref (source->report_bytes));
  add_text (files, "report.har", json_to_string (har, TRUE));
  for (guint i = 0; source->charts != NULL && i < source->charts->len; i++)
    {
      const RcBundleFile *chart = source->charts->pdata[i];

      add_file (files, chart->name, g_bytes_ref (chart->bytes));
    }
  if (replay.policy_text != NULL)
    add_text (files, "policy.txt", g_strdup (replay.policy_text));
  add_text (files, "environment.json", json_to_string (environment, TRUE));
  if (warning != NULL)
    *warning = config_changed (files, source->report, folder);
  add_text (files, "README.md",
            rc_bundle_readme (&replay, source->report, source->report_source, files));
  return g_steal_pointer (&files);
}
