/* rc-cli.c: subcommand dispatch, --help and --version. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <locale.h>

#include "rc-cli.h"

int rc_ui_run (int argc, char **argv);

static const RcCliCommand commands[] = {
  { "boot", N_ ("Boot a community's runtime once, headless, and report each step"), rc_cli_boot },
  { "validate", N_ ("Check a community folder as OSA's server would"), rc_cli_validate },
  { "measure", N_ ("Measure cold and warm boots: verdicts, bytes, heap, budgets, exports"),
    rc_cli_measure },
  { "compare", N_ ("Compare two measurement reports step by step"), rc_cli_compare },
  { "probe", N_ ("Import every preloaded module under the seal; recommend import_before_seal"),
    rc_cli_probe },
  { "advise", N_ ("Propose changes that cut the reader's wait, each proven with boots"),
    rc_cli_advise },
  { "chart", N_ ("Draw the charts of a saved report as SVG or PNG files"), rc_cli_chart },
  { "serve", N_ ("Emulate a community's origins on loopback, for a browser or curl"),
    rc_cli_serve },
  { "history", N_ ("List a community's kept measurements, with regressions marked"),
    rc_cli_history },
  { "bundle", N_ ("Write one zip that reproduces a measurement: folder, policy, report, README"),
    rc_cli_bundle },
};

static void
print_help (FILE *out)
{
  fprintf (out, "%s\n  runtime-console [open DIR]\n  runtime-console COMMAND [OPTION…]\n\n",
           _ ("Usage:"));
  fprintf (out, "%s\n", _ ("Commands:"));
  fprintf (out, "  %-10s %s\n", "open", _ ("Open the console window (the default)"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-10s %s\n", commands[i].name, _ (commands[i].summary));
  fprintf (out, "\n%s\n", _ ("Run “runtime-console COMMAND --help” for the options of a command."));
}

int
rc_cli_main (int argc, char **argv)
{
  const char *name = argc > 1 ? argv[1] : NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (name != NULL
      && (g_str_equal (name, "--help") || g_str_equal (name, "-h") || g_str_equal (name, "help")))
    {
      print_help (stdout);
      return RC_EXIT_OK;
    }
  if (name != NULL && (g_str_equal (name, "--version") || g_str_equal (name, "version")))
    {
      printf ("runtime-console %s (Pyodide %s)\n", PACKAGE_VERSION, PYODIDE_VERSION);
      return RC_EXIT_OK;
    }
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (name, commands[i].name))
      return commands[i].run (argc - 1, argv + 1);

  if (name == NULL || g_str_equal (name, "open") || name[0] != '-')
    {
      if (name != NULL && !g_str_equal (name, "open") && !g_file_test (name, G_FILE_TEST_IS_DIR))
        {
          fprintf (stderr, _ ("runtime-console: unknown command “%s”\n\n"), name);
          print_help (stderr);
          return RC_EXIT_CANNOT_RUN;
        }
      return rc_ui_run (argc, argv);
    }
  fprintf (stderr, _ ("runtime-console: unknown option “%s”\n\n"), name);
  print_help (stderr);
  return RC_EXIT_CANNOT_RUN;
}
