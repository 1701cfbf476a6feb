/* rc-browser.c: the RcBrowser interface and what Chromium's and Firefox's
 * drivers share about their processes (version, profile folder, process group). */
#define _GNU_SOURCE /* nftw */
#include "config.h"

#include <ftw.h>
#include <signal.h>
#include <sys/wait.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "boot/rc-browser.h"
#include "boot/rc-web-process.h"

G_DEFINE_INTERFACE (RcBrowser, rc_browser, G_TYPE_OBJECT)

enum
{
  SIGNAL_MESSAGE,
  SIGNAL_RESPONSE,
  SIGNAL_FAILED,
  SIGNAL_CONNECTION,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
rc_browser_default_init (RcBrowserInterface *iface)
{
  signals[SIGNAL_MESSAGE] = g_signal_new ("message", RC_TYPE_BROWSER, G_SIGNAL_RUN_LAST, 0, NULL,
                                          NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_RESPONSE] =
      g_signal_new ("response", RC_TYPE_BROWSER, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_BOOLEAN, G_TYPE_INT64, G_TYPE_UINT);
  signals[SIGNAL_FAILED] = g_signal_new ("failed", RC_TYPE_BROWSER, G_SIGNAL_RUN_LAST, 0, NULL,
                                         NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_CONNECTION] =
      g_signal_new ("connection", RC_TYPE_BROWSER, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_BOOLEAN);
}

gboolean
rc_browser_load (RcBrowser *self, RcBootMode mode, const char *url, GError **error)
{
  return RC_BROWSER_GET_IFACE (self)->load (self, mode, url, error);
}

void
rc_browser_evaluate (RcBrowser *self, const char *script)
{
  RC_BROWSER_GET_IFACE (self)->evaluate (self, script);
}

void
rc_browser_close (RcBrowser *self)
{
  RC_BROWSER_GET_IFACE (self)->close (self);
}

const char *
rc_browser_get_version (RcBrowser *self)
{
  return RC_BROWSER_GET_IFACE (self)->get_version (self);
}

GPid
rc_browser_get_renderer_pid (RcBrowser *self)
{
  return RC_BROWSER_GET_IFACE (self)->get_renderer_pid (self);
}

void
rc_browser_emit_message (RcBrowser *self, const char *json)
{
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, json);
}

void
rc_browser_emit_response (RcBrowser *self, const char *url, gboolean from_cache,
                          gint64 encoded_bytes, guint status)
{
  g_signal_emit (self, signals[SIGNAL_RESPONSE], 0, url, from_cache, encoded_bytes, status);
}

void
rc_browser_emit_connection (RcBrowser *self, const char *url, const char *connection,
                            gboolean reused)
{
  g_signal_emit (self, signals[SIGNAL_CONNECTION], 0, url, connection, reused);
}

void
rc_browser_emit_failed (RcBrowser *self, const char *what)
{
  g_signal_emit (self, signals[SIGNAL_FAILED], 0, what);
}

/* ---- processes ---------------------------------------------------------------------------- */

char *
rc_browser_program_version (const char *program, GError **error)
{
  const char *argv[] = { program, "--version", NULL };
  g_autofree char *out = NULL;
  g_auto (GStrv) words = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, &status, error))
    return NULL;
  words = g_strsplit_set (g_strstrip (out), " \t\n", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (g_ascii_isdigit (words[i][0]))
      return g_strdup (words[i]);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("“%s --version” printed no version: %s"),
               program, out);
  return NULL;
}

char *
rc_browser_make_profile (const char *prefix, GError **error)
{
  g_autofree char *template = g_strdup_printf ("rc-%s-XXXXXX", prefix);

  return g_dir_make_tmp (template, error);
}

static int
remove_entry (const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
  return g_remove (path) < 0 ? 0 : 0; /* go on: remove what can be removed */
}

void
rc_browser_remove_profile (const char *dir)
{
  if (dir != NULL && g_file_test (dir, G_FILE_TEST_IS_DIR))
    nftw (dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* The browser runs in a process group of its own (setpgid in the child), so its zygotes,
 * renderers and helpers all end with it. */
void
rc_browser_kill_group (GPid pid)
{
  if (pid > 0)
    kill (-pid, SIGKILL);
}

static char *
read_proc (GPid pid, const char *what, gsize *length)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/%s", (int) pid, what);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, length, NULL))
    return NULL;
  return text;
}

GPid
rc_browser_find_process (GPid group, const char *marker)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc", 0, NULL);
  const char *name;
  GPid best = 0;
  gint64 best_rss = -1;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      GPid pid = (GPid) g_ascii_strtoll (name, NULL, 10);
      g_autofree char *cmdline = NULL;
      gsize length = 0;
      gint64 rss;

      if (pid <= 0 || getpgid (pid) != group)
        continue;
      cmdline = read_proc (pid, "cmdline", &length);
      for (gsize i = 0; cmdline != NULL && i + 1 < length; i++)
        if (cmdline[i] == '\0')
          cmdline[i] = ' ';
      if (cmdline == NULL || strstr (cmdline, marker) == NULL)
        continue;
      rss = rc_web_process_rss (pid);
      if (rss > best_rss)
        {
          best = pid;
          best_rss = rss;
        }
    }
  return best;
}

const char *const rc_browser_chromium_quiet_switches[] = {
  "--host-resolver-rules=MAP *.google.com ~NOTFOUND, MAP *.googleapis.com ~NOTFOUND, "
  "MAP *.gstatic.com ~NOTFOUND",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-domain-reliability",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-extensions",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--metrics-recording-only",
  "--no-pings",
  "--disable-client-side-phishing-detection",
  "--disable-breakpad",
  "--disable-field-trial-config",
  "--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,"
  "AutofillServerCommunication,CertificateTransparencyComponentUpdater,"
  "PrivacySandboxSettings4,InterestFeedContentSuggestions,DnsOverHttps",
  "--password-store=basic",
  "--use-mock-keychain",
  "--dns-prefetch-disable",
  NULL,
};

const char rc_browser_firefox_quiet_prefs[] =
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
    /* Remote Settings to a closed loopback port: never through a proxy (loopback is never
     * proxied), refused at once */
    "user_pref(\"services.settings.server\", \"http://127.0.0.1:9/v1\");\n"
    "user_pref(\"app.update.disabledForTesting\", true);\n"
    "user_pref(\"datareporting.policy.dataSubmissionEnabled\", false);\n"
    "user_pref(\"toolkit.telemetry.enabled\", false);\n"
    "user_pref(\"browser.shell.checkDefaultBrowser\", false);\n"
    /* WebKit asks for no favicon: neither may Firefox, or its 404 is a failed resource */
    "user_pref(\"browser.chrome.site_icons\", false);\n"
    "user_pref(\"browser.startup.page\", 0);\n"
    "user_pref(\"browser.newtabpage.enabled\", false);\n"
    "user_pref(\"extensions.update.enabled\", false);\n"
    "user_pref(\"app.normandy.enabled\", false);\n";
