/* rc-browser.h: where the engine's page runs: WebKitGTK in this process's own view
 * (rc-webkit-browser.h), Chromium over the DevTools protocol, Firefox over WebDriver BiDi.
 *
 * RcEngine owns every boot whatever the engine: the plan, the origin emulation, the record,
 * the deadline and the diagnosis. What differs per engine is only where the host page runs,
 * so that is what this interface abstracts: load the page for a boot mode, evaluate a script
 * in it, relay what the page posts (the "rc" message handler's JSON) and the engine's own view
 * of each response, and say when the browser itself failed, or the page could not run for a
 * reason that is the page's (it ran out of memory, it did not load). The engine has no branch
 * on which browser it has: what one engine has and another lacks is an optional method here.
 */
#pragma once

#include <gtk/gtk.h>

#include "boot/rc-boot-types.h"
#include "core/record/rc-run-record.h"
#include "serve/rc-server.h"

G_BEGIN_DECLS

#define RC_TYPE_BROWSER (rc_browser_get_type ())
G_DECLARE_INTERFACE (RcBrowser, rc_browser, RC, BROWSER, GObject)

/* Signals (the interface's):
 *   "message" (const char *json): what the host page posted to the "rc" handler;
 *   "response" (const char *url, gboolean from_cache, gint64 encoded_bytes, guint status):
 *     the engine's own view of a finished response (page or worker);
 *   "failed" (const char *what): the browser itself failed (it exited, its protocol broke);
 *   "connection" (const char *url, const char *connection, gboolean reused): the engine's
 *     own view of the connection a response from the network came on (@connection its id,
 *     or NULL when the engine gives none);
 *   "page-failed" (const char *kind, const char *message): the page could not go on for a
 *     reason that is not the browser's: "memory" (its process ran out of memory and was
 *     killed), "page" (the host page did not load). */
struct _RcBrowserInterface
{
  GTypeInterface parent_iface;

  /* Starts loading @url for a boot in @mode: cold = a fresh profile and browser, warm = the
   * same page loaded again, warm-restart = the same profile, a new browser. Returns at once;
   * what follows comes as signals. */
  gboolean (*load) (RcBrowser *self, RcBootMode mode, const char *url, GError **error);
  void (*evaluate) (RcBrowser *self, const char *script);
  /* Ends the browser and removes its profile. */
  void (*close) (RcBrowser *self);
  const char *(*get_version) (RcBrowser *self); /* "156.0.7531.2" */
  GPid (*get_renderer_pid) (RcBrowser *self);   /* 0 when unknown */

  /* Optional. The widget the page shows in (the browser's; NULL: headless, the default). */
  GtkWidget *(*get_widget) (RcBrowser *self);
  /* Optional. Whether the browser failed under the page in a way it cannot signal (WebKit's
   * network process died: WebKit relaunches it silently), checked now; @what says how. The
   * default: FALSE (the browser says it with "failed"). */
  gboolean (*check_failed) (RcBrowser *self, char **what);
  /* Optional. Before the load that retries a boot the browser failed: waits until it can
   * load again (WebKit: until the dead network process is reaped and a new one answers).
   * The default: at once. */
  void (*recover_async) (RcBrowser *self, GAsyncReadyCallback callback, gpointer user_data);
  /* Optional. Calls window.rcExecute (@call_id, @code) in the page and answers whether the
   * page took it: FALSE with G_IO_ERROR_NOT_FOUND when the page has no running worker, or
   * another error when the page could not run the call. The default evaluates the call and
   * answers TRUE at once (the worker's result message, or the execution limit, follows). */
  void (*execute_async) (RcBrowser *self, const char *call_id, const char *code,
                         GAsyncReadyCallback callback, gpointer user_data);
  gboolean (*execute_finish) (RcBrowser *self, GAsyncResult *result, GError **error);
  /* Optional. Trace the engine's WebAssembly code cache in the next boots (Chromium's
   * v8.wasm events); the default does nothing. */
  void (*set_wasm_trace) (RcBrowser *self, gboolean trace);
  /* Optional. What only this browser knows into a record's @env (WebKit: webkit_version and
   * jsc_version, which reports have kept since before engines were recorded). */
  void (*describe) (RcBrowser *self, RcRunEnvironment *env);
};

gboolean rc_browser_load (RcBrowser *self, RcBootMode mode, const char *url, GError **error);
void rc_browser_evaluate (RcBrowser *self, const char *script);
void rc_browser_close (RcBrowser *self);
const char *rc_browser_get_version (RcBrowser *self);
GPid rc_browser_get_renderer_pid (RcBrowser *self);
GtkWidget *rc_browser_get_widget (RcBrowser *self);
gboolean rc_browser_check_failed (RcBrowser *self, char **what);
void rc_browser_recover_async (RcBrowser *self, GAsyncReadyCallback callback, gpointer user_data);
void rc_browser_recover_finish (RcBrowser *self, GAsyncResult *result);
void rc_browser_execute_async (RcBrowser *self, const char *call_id, const char *code,
                               GAsyncReadyCallback callback, gpointer user_data);
gboolean rc_browser_execute_finish (RcBrowser *self, GAsyncResult *result, GError **error);
void rc_browser_set_wasm_trace (RcBrowser *self, gboolean trace);
void rc_browser_describe (RcBrowser *self, RcRunEnvironment *env);

/* For implementations. */
void rc_browser_emit_message (RcBrowser *self, const char *json);
void rc_browser_emit_response (RcBrowser *self, const char *url, gboolean from_cache,
                               gint64 encoded_bytes, guint status);
void rc_browser_emit_failed (RcBrowser *self, const char *what);
void rc_browser_emit_connection (RcBrowser *self, const char *url, const char *connection,
                                 gboolean reused);
void rc_browser_emit_page_failed (RcBrowser *self, const char *kind, const char *message);

/* Shared by the implementations (rc-browser.c): the program's version from
 * `PROGRAM --version` (the first token that starts with a digit), a fresh profile folder,
 * removing one, ending a process group, and the largest RSS of @group's processes whose
 * command line contains @marker. */
char *rc_browser_program_version (const char *program, GError **error);
char *rc_browser_make_profile (const char *prefix, GError **error);
/* A launcher for a headless browser: its output silenced, or with RC_BOOT_DEBUG set, all of
 * it on this process's stderr (never its stdout, which may be a `--json -` report). */
GSubprocessLauncher *rc_browser_new_launcher (void);
void rc_browser_remove_profile (const char *dir);
void rc_browser_kill_group (GPid pid);
/* What keeps a browser from calling home during a measurement, for the console's browsers and
 * the benchmark's plain ones alike (so their ratio compares like with like): Chromium's
 * switches (NULL-terminated; no proxy, certificate or remote-debugging switch among them) and
 * Firefox's user.js lines (no proxy or remote-agent preference among them). */
extern const char *const rc_browser_chromium_quiet_switches[];
extern const char rc_browser_firefox_quiet_prefs[];
GPid rc_browser_find_process (GPid group, const char *marker);

G_END_DECLS
