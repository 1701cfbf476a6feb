/* rc-browser.h: a browser outside this process that hosts the engine's page (Chromium over
 * the DevTools protocol, Firefox over WebDriver BiDi).
 *
 * RcEngine owns every boot whatever the engine: the plan, the origin emulation, the record,
 * the deadline and the diagnosis. What differs per engine is only where the host page runs,
 * so that is what this interface abstracts: load the page for a boot mode, evaluate a script
 * in it, relay what the page posts (the "rc" message handler's JSON) and the engine's own view
 * of each response, and say when the browser itself failed. WebKit is the engine's embedded
 * view and needs no RcBrowser.
 */
#pragma once

#include <gio/gio.h>

#include "boot/rc-engine.h"

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
 *     or NULL when the engine gives none). */
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
};

gboolean rc_browser_load (RcBrowser *self, RcBootMode mode, const char *url, GError **error);
void rc_browser_evaluate (RcBrowser *self, const char *script);
void rc_browser_close (RcBrowser *self);
const char *rc_browser_get_version (RcBrowser *self);
GPid rc_browser_get_renderer_pid (RcBrowser *self);

/* For implementations. */
void rc_browser_emit_message (RcBrowser *self, const char *json);
void rc_browser_emit_response (RcBrowser *self, const char *url, gboolean from_cache,
                               gint64 encoded_bytes, guint status);
void rc_browser_emit_failed (RcBrowser *self, const char *what);
void rc_browser_emit_connection (RcBrowser *self, const char *url, const char *connection,
                                 gboolean reused);

/* Shared by the implementations (rc-browser.c): the program's version from
 * `PROGRAM --version` (the first token that starts with a digit), a fresh profile folder,
 * removing one, ending a process group, and the largest RSS of @group's processes whose
 * command line contains @marker. */
char *rc_browser_program_version (const char *program, GError **error);
char *rc_browser_make_profile (const char *prefix, GError **error);
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
