/* rc-cli-display.c: a display for headless boots. Without DISPLAY or WAYLAND_DISPLAY the
 * console starts its own Xvfb (from the xvfb package) and stops it at exit. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <gtk/gtk.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
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
      waitpid (xvfb_pid, NULL, 0);
      g_spawn_close_pid (xvfb_pid);
      xvfb_pid = 0;
    }
}

/* In the child, before exec. Its own process group: Ctrl-C reaches the console only, which
 * stops the boot and then Xvfb itself (killed by the terminal first, it would take GTK's
 * display away mid-cleanup). And it dies with the console however the console ends (killed,
 * crashed), instead of staying as an orphan. */
static void
xvfb_child_setup (gpointer data)
{
  pid_t parent = GPOINTER_TO_INT (data);

  setpgid (0, 0);
  prctl (PR_SET_PDEATHSIG, SIGTERM);
  if (getppid () != parent) /* the console died before prctl() */
    _exit (1);
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
  ssize_t n = 0;
  g_autofree char *display = NULL;

  if (!g_unix_open_pipe (fds, FD_CLOEXEC, error))
    return FALSE;
  source_fds[0] = fds[1];
  if (!g_spawn_async_with_pipes_and_fds (
          NULL, argv, NULL,
          /* our own child (no intermediate process), so PR_SET_PDEATHSIG watches us and
           * stop_xvfb() reaps it */
          G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL
              | G_SPAWN_STDERR_TO_DEV_NULL,
          xvfb_child_setup, GINT_TO_POINTER (getpid ()), -1, -1, -1, source_fds, target_fds, 1,
          &xvfb_pid, NULL, NULL, NULL, error))
    {
      close (fds[0]);
      close (fds[1]);
      return FALSE;
    }
  close (fds[1]);
  /* Read the whole line: Xvfb dies of SIGPIPE/EPIPE if the pipe closes before its newline. */
  for (gsize len = 0; len < sizeof buffer - 1; len += n)
    {
      n = read (fds[0], buffer + len, 1);
      if (n <= 0 || buffer[len] == '\n')
        break;
    }
  close (fds[0]);
  if (buffer[0] == '\0' || !g_ascii_isdigit (buffer[0]))
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

/* FALSE for no DISPLAY, or a local ":N" whose socket is gone (GTK cannot be initialised a
 * second time after it failed, so this is checked first). Remote displays are trusted. */
static gboolean
local_display_exists (const char *display)
{
  g_autofree char *socket = NULL;

  if (display == NULL || *display == '\0')
    return FALSE;
  if (display[0] != ':')
    return TRUE;
  socket = g_strdup_printf ("/tmp/.X11-unix/X%d", atoi (display + 1));
  return g_file_test (socket, G_FILE_TEST_EXISTS);
}

gboolean
rc_cli_init_display (void)
{
  g_autoptr (GError) error = NULL;

  if (g_getenv ("WAYLAND_DISPLAY") == NULL && !local_display_exists (g_getenv ("DISPLAY"))
      && !start_xvfb (&error))
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
