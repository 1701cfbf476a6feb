/* rc-browser.c: the RcBrowser interface and what Chromium's and Firefox's
 * drivers share about their processes (version, profile folder, process group). */
#define _GNU_SOURCE /* nftw */
#include "config.h"

#include <ftw.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include <json-glib/json-glib.h>

#include "boot/rc-browser.h"
#include "boot/rc-web-process.h"

G_DEFINE_INTERFACE (RcBrowser, rc_browser, G_TYPE_OBJECT)

enum
{
  SIGNAL_MESSAGE,
  SIGNAL_RESPONSE,
  SIGNAL_FAILED,
  SIGNAL_CONNECTION,
  SIGNAL_PAGE_FAILED,
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
  signals[SIGNAL_PAGE_FAILED] =
      g_signal_new ("page-failed", RC_TYPE_BROWSER, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
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

GtkWidget *
rc_browser_get_widget (RcBrowser *self)
{
  RcBrowserInterface *iface = RC_BROWSER_GET_IFACE (self);

  return iface->get_widget != NULL ? iface->get_widget (self) : NULL;
}

gboolean
rc_browser_check_failed (RcBrowser *self, char **what)
{
  RcBrowserInterface *iface = RC_BROWSER_GET_IFACE (self);

  return iface->check_failed != NULL && iface->check_failed (self, what);
}

void
rc_browser_recover_async (RcBrowser *self, GAsyncReadyCallback callback, gpointer user_data)
{
  RcBrowserInterface *iface = RC_BROWSER_GET_IFACE (self);
  g_autoptr (GTask) task = NULL;

  if (iface->recover_async != NULL)
    {
      iface->recover_async (self, callback, user_data);
      return;
    }
  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, rc_browser_recover_async);
  g_task_return_boolean (task, TRUE);
}

void
rc_browser_recover_finish (RcBrowser *self, GAsyncResult *result)
{
  g_task_propagate_boolean (G_TASK (result), NULL);
}

void
rc_browser_execute_async (RcBrowser *self, const char *call_id, const char *code,
                          GAsyncReadyCallback callback, gpointer user_data)
{
  RcBrowserInterface *iface = RC_BROWSER_GET_IFACE (self);
  g_autoptr (JsonNode) id = NULL, text = NULL;
  g_autofree char *id_json = NULL, *code_json = NULL, *script = NULL;
  g_autoptr (GTask) task = NULL;

  if (iface->execute_async != NULL)
    {
      iface->execute_async (self, call_id, code, callback, user_data);
      return;
    }
  /* evaluated without an answer: the worker's result message completes the execution, and a
   * page without a worker runs into the execution limit, as a hung run does */
  id = json_node_init_string (json_node_alloc (), call_id);
  text = json_node_init_string (json_node_alloc (), code);
  id_json = json_to_string (id, FALSE);
  code_json = json_to_string (text, FALSE);
  script = g_strdup_printf ("window.rcExecute(%s, %s);", id_json, code_json);
  rc_browser_evaluate (self, script);
  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, rc_browser_execute_async);
  g_task_return_boolean (task, TRUE);
}

gboolean
rc_browser_execute_finish (RcBrowser *self, GAsyncResult *result, GError **error)
{
  RcBrowserInterface *iface = RC_BROWSER_GET_IFACE (self);

  if (iface->execute_async != NULL)
    return iface->execute_finish (self, result, error);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
rc_browser_set_wasm_trace (RcBrowser *self, gboolean trace)
{
  RcBrowserInterface *iface = RC_BROWSER_GET_IFACE (self);

  if (iface->set_wasm_trace != NULL)
    iface->set_wasm_trace (self, trace);
}

void
rc_browser_describe (RcBrowser *self, RcRunEnvironment *env)
{
  RcBrowserInterface *iface = RC_BROWSER_GET_IFACE (self);

  if (iface->describe != NULL)
    iface->describe (self, env);
}

void
rc_browser_emit_page_failed (RcBrowser *self, const char *kind, const char *message)
{
  g_signal_emit (self, signals[SIGNAL_PAGE_FAILED], 0, kind, message);
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

GSubprocessLauncher *
rc_browser_new_launcher (void)
{
  GSubprocessLauncher *launcher;

  if (g_getenv ("RC_BOOT_DEBUG") == NULL)
    return g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE
                                      | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  /* Firefox logs its RemoteAgent to stdout: seen inside `advise --json`'s output */
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_subprocess_launcher_take_stdout_fd (launcher, dup (STDERR_FILENO));
  return launcher;
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
