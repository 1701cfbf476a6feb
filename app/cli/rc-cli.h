/* rc-cli.h: the subcommands of runtime-console. main.c only dispatches here. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit codes shared by every subcommand. */
enum
{
  RC_EXIT_OK = 0,
  RC_EXIT_FAILED = 1,    /* invalid community, failed boot, exceeded budget */
  RC_EXIT_CANNOT_RUN = 2 /* bad arguments, missing folder, unreadable distribution */
};

typedef int (*RcCliCommandFunc) (int argc, char **argv);

typedef struct
{
  const char *name;
  const char *summary; /* translatable, N_() */
  RcCliCommandFunc run;
} RcCliCommand;

/* Entry point: argv[0] is the program, argv[1] the subcommand (or none). */
int rc_cli_main (int argc, char **argv);

/* Subcommands. Each receives argv starting at the subcommand name. */
int rc_cli_validate (int argc, char **argv);
int rc_cli_compare (int argc, char **argv);
int rc_cli_measure (int argc, char **argv);
int rc_cli_serve (int argc, char **argv);
int rc_cli_boot (int argc, char **argv);
int rc_cli_chart (int argc, char **argv);
int rc_cli_probe (int argc, char **argv);
int rc_cli_advise (int argc, char **argv);
int rc_cli_bundle (int argc, char **argv);
int rc_cli_history (int argc, char **argv);

/* A display for commands that boot WebKit: starts Xvfb when there is none, then gtk_init.
 * Prints the reason and returns FALSE when it cannot. */
gboolean rc_cli_init_display (void);

G_END_DECLS
