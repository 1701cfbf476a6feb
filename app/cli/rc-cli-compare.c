/* rc-cli-compare.c: `runtime-console compare A.json B.json [--scenario S]`. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "core/rc-measurement.h"
#include "rc-cli.h"

int
rc_cli_compare (int argc, char **argv)
{
  g_autofree char *scenario_text = NULL;
  g_auto (GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "scenario", 's', 0, G_OPTION_ARG_STRING, &scenario_text,
      N_ ("Compare this scenario (cold, warm, warm-restart, changed-wheel); default: cold, or "
          "the first one both reports have"),
      N_ ("S") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (N_ ("A.json B.json"));
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) a = NULL;
  g_autoptr (RcMeasurement) b = NULL;
  g_autoptr (RcComparison) comparison = NULL;
  g_autofree char *text = NULL;
  RcScenario scenario;
  int chosen = -1;

  g_option_context_set_summary (
      context, _ ("Compares two run reports (runtime-console measure --json) step by step.\n"
                  "Steps are matched by name, not by time. A WARNING line appears when the\n"
                  "config, the Pyodide version or the engine differ."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "compare: %s\n", error->message);
      return RC_EXIT_CANNOT_RUN;
    }
  if (files == NULL || g_strv_length (files) != 2)
    {
      fprintf (stderr, "%s\n", _ ("compare: give exactly two report files, A.json B.json"));
      return RC_EXIT_CANNOT_RUN;
    }
  if (scenario_text != NULL)
    {
      if (!rc_scenario_from_string (scenario_text, &scenario))
        {
          fprintf (stderr,
                   _ ("compare: --scenario “%s” is not one of cold, warm, "
                      "warm-restart, changed-wheel\n"),
                   scenario_text);
          return RC_EXIT_CANNOT_RUN;
        }
      chosen = scenario;
    }
  if ((a = rc_measurement_load (files[0], &error)) == NULL
      || (b = rc_measurement_load (files[1], &error)) == NULL)
    {
      fprintf (stderr, "compare: %s\n", error->message);
      return RC_EXIT_CANNOT_RUN;
    }
  comparison = rc_measurement_compare (a, b, chosen);
  text = rc_comparison_format (comparison);
  printf ("A: %s\nB: %s\n%s", files[0], files[1], text);
  return RC_EXIT_OK;
}
