/* rc-cli-history.c: `runtime-console history DIR [--json]`: every measurement of a community
 * (`measure` keeps each one, rc-history.h), oldest first, with the headline medians per
 * scenario and the steps whose median left the earlier entries' noise band.
 *
 * Exit 0; 1 when the latest entry has a step slower than its band (for CI); 2 could not run. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "core/measurement/rc-history.h"
#include "rc-cli-common.h"
#include "rc-cli.h"

static gboolean
parse_options (int argc, char **argv, gboolean *json, GStrv *add, GStrv *rest, GError **error)
{
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, json, N_ ("Print one JSON object instead of lines"), NULL },
    { "add", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, add,
      N_ ("Keep a saved report (measure --json) in the history first, as measure would "
          "(repeatable)"),
      N_ ("REPORT.json") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, rest, NULL, NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = rc_cli_context_new (
      "history", N_ ("DIR"),
      _ ("Lists every measurement of a community kept by measure, oldest first, with the\n"
         "median boot per scenario, and marks a step whose median left the noise band of the\n"
         "earlier entries with the same key. history:DIR@N names entry N for compare.\n"
         "Exit status: 0, 1 when the latest entry is slower than its band, 2 could not run."));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  return g_option_context_parse (context, &argc, &argv, error) && rc_cli_one_folder (*rest, error);
}

/* "cold 3.09 s (2 runs), warm 2.47 s (1 run)" */
static char *
headline (const RcMeasurement *report)
{
  g_autoptr (GArray) scenarios = rc_measurement_scenarios (report);
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint i = 0; i < scenarios->len; i++)
    {
      RcScenario scenario = g_array_index (scenarios, RcScenario, i);
      g_autoptr (RcRunStats) stats = rc_measurement_stats (report, scenario);

      if (i > 0)
        g_string_append (out, ", ");
      /* TRANSLATORS: one scenario's median boot, "cold 3.09 s (2 runs)" */
      g_string_append_printf (
          out, ngettext ("%s %.2f s (%u run)", "%s %.2f s (%u runs)", stats->runs),
          rc_scenario_to_string (scenario), stats->boot_ms.median / 1000.0, stats->runs);
      if (stats->failed > 0)
        /* TRANSLATORS: after a scenario's median, how many of its runs failed */
        g_string_append_printf (out, _ (" %u failed"), stats->failed);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
print_mark (const RcHistoryMark *m)
{
  /* TRANSLATORS: "REGRESSION cold loading_runtime: median 5.20 s, outside the band
   * 2.95–3.45 s (2 earlier entries, tolerance 0.31 s)"; the second form says FASTER */
  printf (_ ("      %s %s %s: median %.2f s, outside the band %.2f–%.2f s (%u earlier entries, "
             "tolerance %.2f s)\n"),
          m->slower ? _ ("REGRESSION") : _ ("faster"), m->scenario, m->step, m->median_ms / 1000.0,
          m->band_min_ms / 1000.0, m->band_max_ms / 1000.0, m->earlier, m->tolerance_ms / 1000.0);
}

static void
print_human (GPtrArray *entries, const char *dir)
{
  g_autofree char *folder = rc_history_folder (dir);
  g_autoptr (GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);

  printf (ngettext ("%s: %u measurement in %s\n", "%s: %u measurements in %s\n", entries->len), dir,
          entries->len, folder);
  for (guint i = 0; i < entries->len; i++)
    {
      const RcHistoryEntry *e = entries->pdata[i];
      g_autofree char *line = headline (e->report);

      if (!g_hash_table_contains (keys, e->key))
        {
          g_hash_table_add (keys, e->key);
          /* TRANSLATORS: what a history key stands for */
          printf (_ ("  key %s: config.yaml %.12s, Pyodide %s, WebKitGTK %s, policy %s\n"), e->key,
                  e->config_sha256, e->pyodide_version, e->engine, e->policy);
        }
      printf ("  #%-3u %s  %s  %s%s\n", e->number, e->report->created ? e->report->created : "?",
              e->key, line, e->marks->len > 0 ? "  *" : "");
      for (guint j = 0; j < e->marks->len; j++)
        print_mark (e->marks->pdata[j]);
    }
}

static void
add_marks (JsonBuilder *b, const RcHistoryEntry *e)
{
  json_builder_set_member_name (b, "marks");
  json_builder_begin_array (b);
  for (guint j = 0; j < e->marks->len; j++)
    {
      const RcHistoryMark *m = e->marks->pdata[j];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "scenario");
      json_builder_add_string_value (b, m->scenario);
      json_builder_set_member_name (b, "step");
      json_builder_add_string_value (b, m->step);
      json_builder_set_member_name (b, "slower");
      json_builder_add_boolean_value (b, m->slower);
      json_builder_set_member_name (b, "median_ms");
      json_builder_add_double_value (b, m->median_ms);
      json_builder_set_member_name (b, "band_min_ms");
      json_builder_add_double_value (b, m->band_min_ms);
      json_builder_set_member_name (b, "band_max_ms");
      json_builder_add_double_value (b, m->band_max_ms);
      json_builder_set_member_name (b, "tolerance_ms");
      json_builder_add_double_value (b, m->tolerance_ms);
      json_builder_set_member_name (b, "earlier");
      json_builder_add_int_value (b, m->earlier);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_medians (JsonBuilder *b, const RcMeasurement *report)
{
  g_autoptr (GArray) scenarios = rc_measurement_scenarios (report);

  json_builder_set_member_name (b, "boot_ms");
  json_builder_begin_object (b);
  for (guint i = 0; i < scenarios->len; i++)
    {
      RcScenario scenario = g_array_index (scenarios, RcScenario, i);
      g_autoptr (RcRunStats) stats = rc_measurement_stats (report, scenario);

      json_builder_set_member_name (b, rc_scenario_to_string (scenario));
      json_builder_add_double_value (b, stats->boot_ms.median);
    }
  json_builder_end_object (b);
}

static void
print_json (GPtrArray *entries, const char *dir)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *folder = rc_history_folder (dir);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "community");
  json_builder_add_string_value (b, dir);
  json_builder_set_member_name (b, "folder");
  json_builder_add_string_value (b, folder);
  json_builder_set_member_name (b, "entries");
  json_builder_begin_array (b);
  for (guint i = 0; i < entries->len; i++)
    {
      const RcHistoryEntry *e = entries->pdata[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "number");
      json_builder_add_int_value (b, e->number);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, e->id);
      json_builder_set_member_name (b, "path");
      json_builder_add_string_value (b, e->path);
      json_builder_set_member_name (b, "created");
      json_builder_add_string_value (b, e->report->created);
      json_builder_set_member_name (b, "key");
      json_builder_add_string_value (b, e->key);
      json_builder_set_member_name (b, "policy");
      json_builder_add_string_value (b, e->policy);
      add_medians (b, e->report);
      add_marks (b, e);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  rc_cli_print_json (root, TRUE);
}

static gboolean
latest_is_slower (GPtrArray *entries)
{
  const RcHistoryEntry *last = entries->len > 0 ? entries->pdata[entries->len - 1] : NULL;

  for (guint i = 0; last != NULL && i < last->marks->len; i++)
    if (((RcHistoryMark *) last->marks->pdata[i])->slower)
      return TRUE;
  return FALSE;
}

int
rc_cli_history (int argc, char **argv)
{
  gboolean json = FALSE;
  g_auto (GStrv) rest = NULL;
  g_auto (GStrv) add = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = NULL;

  if (!parse_options (argc, argv, &json, &add, &rest, &error))
    return rc_cli_cannot_run ("history", error);
  if (!g_file_test (rest[0], G_FILE_TEST_IS_DIR))
    {
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _ ("%s is not a community folder: no such directory"), rest[0]);
      return rc_cli_cannot_run ("history", error);
    }
  for (guint i = 0; add != NULL && add[i] != NULL; i++)
    {
      g_autoptr (RcMeasurement) report = rc_measurement_load (add[i], &error);
      g_autofree char *path = report ? rc_history_record (rest[0], report, &error) : NULL;

      if (path == NULL)
        return rc_cli_cannot_run ("history", error);
      /* TRANSLATORS: on stderr for each --add; %s is the history entry's file */
      fprintf (stderr, _ ("history: %s\n"), path);
    }
  if ((entries = rc_history_list (rest[0], &error)) == NULL)
    return rc_cli_cannot_run ("history", error);
  if (json)
    print_json (entries, rest[0]);
  else
    print_human (entries, rest[0]);
  return latest_is_slower (entries) ? RC_EXIT_FAILED : RC_EXIT_OK;
}
