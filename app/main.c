/* main.c: the only file outside a static library. CLI and GUI share everything below. */
#include "config.h"

#include "cli/rc-cli.h"

int
main (int argc, char **argv)
{
  return rc_cli_main (argc, argv);
}
