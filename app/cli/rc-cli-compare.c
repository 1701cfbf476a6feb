/* rc-cli-compare.c: `runtime-console compare A.json B.json [--scenario S]`. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "core/measurement/rc-history.h"
#include "core/measurement/rc-measurement.h"
#include "core/measurement/rc-compare.h"
#include "rc-cli-chart.h"
#include "rc-cli-common.h"
#include "rc-cli.h"

static gboolean
parse_options (int argc, char **argv, char **scenario_text, GStrv *files, GStrv *charts,
               char **chart_size, GError **error)
{
  GOptionEntry entries[] = {
    { "chart", 'c', 0, G_OPTION_ARG_FILENAME_ARRAY, charts, rc_cli_chart_help (), N_ ("FILE") },
    { "chart-size", 0, 0, G_OPTION_ARG_STRING, chart_size, rc_cli_chart_size_help (), N_ ("WxH") },
    { "scenario", 's', 0, G_OPTION_ARG_STRING, scenario_text,
      N_ ("Compare this scenario (cold, warm, warm-restart, changed-wheel; default: cold, or "
          "the first one both reports have)"),
      N_ ("S") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, files, NULL, NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = rc_cli_context_new (
      "compare", N_ ("A.json B.json"),
      _ ("Compares two run reports (runtime-console measure --json) step by step.\n"
         "Steps are matched by name, not by time. A WARNING line appears when the\n"
         "config, the Pyodide version or the engine differ."));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, error))
    return FALSE;
  if (*files == NULL || g_strv_length (*files) != 2)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _ ("give exactly two report files, A.json B.json"));
      return FALSE;
    }
  return TRUE;
}

/* -1 (let the comparison pick) when --scenario was not given. */
static gboolean
pick_scenario (const char *text, int *chosen, GError **error)
{
  RcScenario scenario;

  *chosen = -1;
  if (text == NULL)
    return TRUE;
  if (!rc_scenario_from_string (text, &scenario))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--scenario must be cold, warm, warm-restart or changed-wheel, not “%s”"),
                   text);
      return FALSE;
    }
  *chosen = scenario;
  return TRUE;
}

int
rc_cli_compare (int argc, char **argv)
{
  g_autofree char *scenario_text = NULL;
  g_auto (GStrv) files = NULL;
  g_auto (GStrv) chart_specs = NULL;
  g_autofree char *chart_size = NULL;
  g_autoptr (GPtrArray) charts = NULL;
  int width, height;
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) a = NULL;
  g_autoptr (RcMeasurement) b = NULL;
  g_autoptr (RcComparison) comparison = NULL;
  g_autofree char *text = NULL;
  int chosen;

  if (!parse_options (argc, argv, &scenario_text, &files, &chart_specs, &chart_size, &error)
      || !pick_scenario (scenario_text, &chosen, &error)
      /* the comparison is the chart compare draws: "diff.png" needs no kind in its name */
      || (charts = rc_cli_charts_parse_default (chart_specs, RC_CHART_COMPARE, chart_size, &width,
                                                &height, &error))
             == NULL)
    return rc_cli_cannot_run ("compare", error);
  /* history:DIR@N names an entry of a community's history (rc-history.h). */
  for (guint i = 0; i < 2; i++)
    {
      char *path = rc_history_resolve (files[i], &error);

      if (path == NULL)
        return rc_cli_cannot_run ("compare", error);
      g_free (files[i]);
      files[i] = path;
    }
  if ((a = rc_measurement_load (files[0], &error)) == NULL
      || (b = rc_measurement_load (files[1], &error)) == NULL)
    return rc_cli_cannot_run ("compare", error);
  comparison = rc_measurement_compare (a, b, chosen);
  text = rc_comparison_format (comparison);
  printf ("A: %s\nB: %s\n%s", files[0], files[1], text);
  fflush (stdout);
  {
    g_autofree char *la = g_path_get_basename (files[0]);
    g_autofree char *lb = g_path_get_basename (files[1]);

    /* Every chart kind draws report A; compare draws both. */
    if (!rc_cli_charts_write (charts, a, b, la, lb, width, height, &error))
      {
        fprintf (stderr, "runtime-console compare: %s\n", error->message);
        return RC_EXIT_CANNOT_RUN;
      }
  }
  return RC_EXIT_OK;
}
