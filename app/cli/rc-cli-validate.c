/* rc-cli-validate.c: `runtime-console validate DIR` (being built). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "rc-cli.h"

int
rc_cli_validate (int argc, char **argv)
{
  fprintf (stderr, "%s\n", _ ("validate: not built yet"));
  return RC_EXIT_CANNOT_RUN;
}
