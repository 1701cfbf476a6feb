/* rc-engine-browser.c: an engine that boots in an external browser (Chromium, Firefox;
 * rc-browser.h) instead of the WebKit view: choosing it, and what the browser reports. */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-browsers.h"
#include "boot/rc-engine-private.h"

void
rc_engine_drop_browser (RcEngine *self)
{
  if (self->browser == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->browser, self);
  rc_browser_close (self->browser);
  g_clear_object (&self->browser);
}

static void
on_browser_message (RcBrowser *browser, const char *json, RcEngine *self)
{
  rc_engine_handle_page_message (self, json);
}

static void
on_browser_response (RcBrowser *browser, const char *url, gboolean from_cache, gint64 encoded_bytes,
                     guint status, RcEngine *self)
{
  rc_engine_note_engine_response (self, url, from_cache, encoded_bytes, status);
}

static void
on_browser_connection (RcBrowser *browser, const char *url, const char *connection, gboolean reused,
                       RcEngine *self)
{
  rc_engine_note_engine_connection (self, url, connection, reused);
}

static void
on_browser_failed (RcBrowser *browser, const char *what, RcEngine *self)
{
  if (self->boot_task != NULL && !self->retry_pending)
    rc_engine_fail_engine (self, what);
}

gboolean
rc_engine_set_engine_kind (RcEngine *self, RcEngineKind kind, GError **error)
{
  g_autoptr (RcBrowser) browser = NULL;

  g_return_val_if_fail (RC_IS_ENGINE (self), FALSE);
  if (self->boot_task != NULL)
    {
      g_set_error (error, RC_ENGINE_ERROR, RC_ENGINE_ERROR_BUSY,
                   _ ("A boot or an execution is already running"));
      return FALSE;
    }
  if (kind != RC_ENGINE_KIND_WEBKIT
      && (browser = rc_browser_new (kind, self->server, error)) == NULL)
    return FALSE;
  rc_engine_drop_browser (self);
  rc_engine_drop_session (self);
  self->kind = kind;
  g_free (self->engine_version);
  self->engine_version =
      browser != NULL ? g_strdup (rc_browser_get_version (browser))
                      : g_strdup_printf ("%u.%u.%u", webkit_get_major_version (),
                                         webkit_get_minor_version (), webkit_get_micro_version ());
  if (browser == NULL)
    return TRUE;
  self->browser = g_steal_pointer (&browser);
  g_signal_connect (self->browser, "message", G_CALLBACK (on_browser_message), self);
  g_signal_connect (self->browser, "response", G_CALLBACK (on_browser_response), self);
  g_signal_connect (self->browser, "failed", G_CALLBACK (on_browser_failed), self);
  g_signal_connect (self->browser, "connection", G_CALLBACK (on_browser_connection), self);
  return TRUE;
}

RcEngineKind
rc_engine_get_engine_kind (RcEngine *self)
{
  return self->kind;
}

const char *
rc_engine_get_engine_version (RcEngine *self)
{
  return self->engine_version;
}
