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
  static const char prefs[] =
      "user_pref(\"app.update.auto\", false);\n"
      "user_pref(\"media.gmp-manager.updateEnabled\", false);\n"
      "user_pref(\"network.dns.disablePrefetch\", true);\n"
      "user_pref(\"network.prefetch-next\", false);\n"
      "user_pref(\"network.captive-portal-service.enabled\", false);\n"
      "user_pref(\"network.connectivity-service.enabled\", false);\n"
      "user_pref(\"security.OCSP.enabled\", 0);\n"
      "user_pref(\"security.remote_settings.crlite_filters.enabled\", false);\n"
      "user_pref(\"browser.safebrowsing.malware.enabled\", false);\n"
      "user_pref(\"browser.safebrowsing.phishing.enabled\", false);\n"
      "user_pref(\"browser.safebrowsing.downloads.enabled\", false);\n"
      "user_pref(\"browser.safebrowsing.update.enabled\", false);\n"
      "user_pref(\"services.settings.server\", \"http://127.0.0.1:9/v1\");\n"
      "user_pref(\"app.update.disabledForTesting\", true);\n"
      "user_pref(\"datareporting.policy.dataSubmissionEnabled\", false);\n"
      "user_pref(\"toolkit.telemetry.enabled\", false);\n"
      "user_pref(\"browser.shell.checkDefaultBrowser\", false);\n"
      "user_pref(\"browser.chrome.site_icons\", false);\n"
      "user_pref(\"browser.startup.page\", 0);\n"
      "user_pref(\"browser.newtabpage.enabled\", false);\n"
      "user_pref(\"extensions.update.enabled\", false);\n"
      "user_pref(\"app.normandy.enabled\", false);\n";

  return g_file_set_contents (path, prefs, -1, error);
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
  if (kind == RC_ENGINE_KIND_CHROMIUM)
    {
      /* rc-cdp-browser.c's switches, less --proxy-server, the SPKI list and the pipe */
      profile_arg = g_strdup_printf ("--user-data-dir=%s", self->profile);
      self->process = g_subprocess_launcher_spawn (
          launcher, error, program, "--headless=new", "--no-sandbox", profile_arg,
          "--host-resolver-rules=MAP *.google.com ~NOTFOUND, MAP *.googleapis.com "
          "~NOTFOUND, MAP *.gstatic.com ~NOTFOUND",
          "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
          "--disable-component-update", "--disable-domain-reliability", "--disable-sync",
          "--disable-default-apps", "--disable-extensions", "--disable-gpu",
          "--disable-dev-shm-usage", "--metrics-recording-only", "--no-pings",
          "--disable-client-side-phishing-detection", "--disable-breakpad",
          "--disable-field-trial-config",
          "--disable-features=Translate,OptimizationHints,MediaRouter,"
          "DialMediaRouteProvider,AutofillServerCommunication,"
          "CertificateTransparencyComponentUpdater,PrivacySandboxSettings4,"
          "InterestFeedContentSuggestions,DnsOverHttps",
          "--password-store=basic", "--use-mock-keychain", "--dns-prefetch-disable", url, NULL);
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
