/* bench-plain-browser.c: Chromium and Firefox started plainly for bench-measure-overhead. */
#include "config.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "bench-plain-browser.h"
#include "boot/rc-browser.h"

/* A group of its own, so its helpers end with it, and it dies with the bench. */
static void
child_setup (gpointer data)
{
  setpgid (0, 0);
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

/* The console's Firefox profile (rc-bidi-browser.c) without the proxy and the CA. */
static gboolean
write_firefox_profile (const char *profile, GError **error)
{
  g_autofree char *path = g_build_filename (profile, "user.js", NULL);

  return g_file_set_contents (path, rc_browser_firefox_quiet_prefs, -1, error);
}

gboolean
bench_plain_browser_start (BenchPlainBrowser *self, RcEngineKind kind, const char *url,
                           GError **error)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autofree char *profile_arg = NULL;
  const char *program = kind == RC_ENGINE_KIND_CHROMIUM ? "chromium" : "firefox-esr";

  self->profile = rc_browser_make_profile (
      kind == RC_ENGINE_KIND_CHROMIUM ? "bench-chromium" : "bench-firefox", error);
  if (self->profile == NULL)
    return FALSE;
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE
                                        | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  g_subprocess_launcher_setenv (launcher, "TMPDIR", self->profile, TRUE); /* as the console's */
  if (kind == RC_ENGINE_KIND_CHROMIUM)
    {
      /* rc-cdp-browser.c's switches, less --proxy-server, the SPKI list and the pipe */
      g_autoptr (GPtrArray) argv = g_ptr_array_new ();
      const char *head[] = { program, "--headless=new", "--no-sandbox", NULL };

      profile_arg = g_strdup_printf ("--user-data-dir=%s", self->profile);
      head[3] = profile_arg;

      for (guint i = 0; i < G_N_ELEMENTS (head); i++)
        g_ptr_array_add (argv, (gpointer) head[i]);
      for (guint i = 0; rc_browser_chromium_quiet_switches[i] != NULL; i++)
        g_ptr_array_add (argv, (gpointer) rc_browser_chromium_quiet_switches[i]);
      g_ptr_array_add (argv, (gpointer) url);
      g_ptr_array_add (argv, NULL);
      self->process =
          g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, error);
    }
  else
    {
      if (!write_firefox_profile (self->profile, error))
        return FALSE;
      g_subprocess_launcher_setenv (launcher, "MOZ_CRASHREPORTER_DISABLE", "1", TRUE);
      self->process =
          g_subprocess_launcher_spawn (launcher, error, program, "--headless", "--profile",
                                       self->profile, "--no-remote", url, NULL);
    }
  if (self->process == NULL)
    return FALSE;
  self->pid = (GPid) g_ascii_strtoll (g_subprocess_get_identifier (self->process), NULL, 10);
  return TRUE;
}

void
bench_plain_browser_stop (BenchPlainBrowser *self)
{
  if (self->process != NULL)
    {
      rc_browser_kill_group (self->pid);
      g_subprocess_wait (self->process, NULL, NULL);
    }
  g_clear_object (&self->process);
  self->pid = 0;
  rc_browser_remove_profile (self->profile);
  g_clear_pointer (&self->profile, g_free);
}
