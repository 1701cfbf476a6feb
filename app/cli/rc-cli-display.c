/* rc-cli-display.c: a display for headless boots. Without DISPLAY or WAYLAND_DISPLAY the
 * console starts its own Xvfb (from the xvfb package) and stops it at exit. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <gtk/gtk.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "rc-cli.h"

static GPid xvfb_pid;

static void
stop_xvfb (void)
{
  if (xvfb_pid > 0)
    {
      kill (xvfb_pid, SIGTERM);
      g_spawn_close_pid (xvfb_pid);
      xvfb_pid = 0;
    }
}

static gboolean
start_xvfb (GError **error)
{
  int fds[2];
  int source_fds[1];
  int target_fds[1] = { 3 };
  const char *argv[] = { "Xvfb", "-displayfd",   "3", "-nolisten", "tcp", "-screen",
                         "0",    "1280x1024x24", NULL };
  char buffer[32] = { 0 };
  ssize_t n;
  g_autofree char *display = NULL;

  if (!g_unix_open_pipe (fds, FD_CLOEXEC, error))
    return FALSE;
  source_fds[0] = fds[1];
  if (!g_spawn_async_with_pipes_and_fds (
          NULL, argv, NULL,
          G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
          -1, -1, -1, source_fds, target_fds, 1, &xvfb_pid, NULL, NULL, NULL, error))
    {
      close (fds[0]);
      close (fds[1]);
      return FALSE;
    }
  close (fds[1]);
  n = read (fds[0], buffer, sizeof buffer - 1);
  close (fds[0]);
  if (n <= 0)
    {
      stop_xvfb ();
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("Xvfb did not report a display"));
      return FALSE;
    }
  display = g_strdup_printf (":%d", atoi (buffer));
  g_setenv ("DISPLAY", display, TRUE);
  atexit (stop_xvfb);
  return TRUE;
}

gboolean
rc_cli_init_display (void)
{
  g_autoptr (GError) error = NULL;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL && !start_xvfb (&error))
    {
      fprintf (stderr,
               _ ("runtime-console: no display, and Xvfb could not be started (%s). Run the "
                  "command under “xvfb-run -a”.\n"),
               error->message);
      return FALSE;
    }
  if (!gtk_init_check ())
    {
      fprintf (stderr,
               _ ("runtime-console: cannot open the display %s. Run the command under "
                  "“xvfb-run -a”.\n"),
               g_getenv ("DISPLAY"));
      return FALSE;
    }
  return TRUE;
}
