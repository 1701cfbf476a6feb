/* rc-cli-signals.c */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "rc-cli-signals.h"

static guint source_ids[2];
static int caught;
static char *command_name;
static GCancellable *watched;

static gboolean
on_signal (gpointer data)
{
  int signum = GPOINTER_TO_INT (data);

  if (caught != 0)
    {
      /* Stopping takes too long for the user: exit() still stops Xvfb and removes the
       * per-run folder, only the boot is not wound down. */
      exit (128 + caught);
    }
  caught = signum;
  /* TRANSLATORS: "runtime-console boot: interrupted (SIGINT): stopping the boot" */
  fprintf (stderr, _ ("runtime-console %s: interrupted (%s): stopping the boot\n"), command_name,
           signum == SIGINT ? "SIGINT" : "SIGTERM");
  if (watched != NULL)
    g_cancellable_cancel (watched);
  return G_SOURCE_CONTINUE;
}

void
rc_cli_signals_watch (const char *command)
{
  g_return_if_fail (source_ids[0] == 0);
  g_free (command_name);
  command_name = g_strdup (command);
  caught = 0;
  source_ids[0] = g_unix_signal_add (SIGINT, on_signal, GINT_TO_POINTER (SIGINT));
  source_ids[1] = g_unix_signal_add (SIGTERM, on_signal, GINT_TO_POINTER (SIGTERM));
}

void
rc_cli_signals_set_cancellable (GCancellable *cancellable)
{
  g_set_object (&watched, cancellable);
  if (caught != 0 && watched != NULL)
    g_cancellable_cancel (watched);
}

void
rc_cli_signals_unwatch (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (source_ids); i++)
    g_clear_handle_id (&source_ids[i], g_source_remove);
  g_clear_object (&watched);
}

int
rc_cli_signals_caught (void)
{
  return caught;
}

int
rc_cli_signals_exit_status (void)
{
  return caught != 0 ? 128 + caught : 0;
}
