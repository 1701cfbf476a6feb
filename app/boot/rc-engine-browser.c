/* rc-engine-browser.c: where the engine's pages run (rc-browser.h: WebKit's view, Chromium,
 * Firefox): choosing the browser, and what it reports. */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-browsers.h"
#include "boot/rc-engine-private.h"

void
rc_engine_drop_browser (RcEngine *self)
{
  GtkWidget *widget;

  if (self->browser == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->browser, self);
  /* without a container no widget was made (an engine that only serves needs no GTK) */
  if (self->container != NULL && (widget = rc_browser_get_widget (self->browser)) != NULL
      && gtk_widget_get_parent (widget) == self->container)
    gtk_box_remove (GTK_BOX (self->container), widget);
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

/* The browser failed: the engine's failure in a boot (retried once); after one, the runtime
 * the user was running code in is gone. */
static void
on_browser_failed (RcBrowser *browser, const char *what, RcEngine *self)
{
  if (self->boot_task != NULL && !self->retry_pending)
    rc_engine_fail_engine (self, what);
  else if (self->boot_task == NULL && self->state == RC_ENGINE_STATE_READY)
    rc_engine_page_gone (self, what);
}

/* The page could not go on for a reason of its own (out of memory, a host page that did not
 * load): the boot's failure of that kind, not the engine's. */
static void
on_page_failed (RcBrowser *browser, const char *kind, const char *message, RcEngine *self)
{
  if (self->boot_task != NULL)
    rc_engine_fail_boot (self, kind, message);
  else if (self->state == RC_ENGINE_STATE_READY)
    rc_engine_page_gone (self, message);
}

void
rc_engine_use_browser (RcEngine *self, RcEngineKind kind, RcBrowser *browser)
{
  GtkWidget *widget;

  rc_engine_drop_browser (self);
  self->kind = kind;
  self->browser = browser;
  g_free (self->engine_version);
  self->engine_version = g_strdup (rc_browser_get_version (browser));
  g_signal_connect (browser, "message", G_CALLBACK (on_browser_message), self);
  g_signal_connect (browser, "response", G_CALLBACK (on_browser_response), self);
  g_signal_connect (browser, "failed", G_CALLBACK (on_browser_failed), self);
  g_signal_connect (browser, "page-failed", G_CALLBACK (on_page_failed), self);
  g_signal_connect (browser, "connection", G_CALLBACK (on_browser_connection), self);
  /* an engine without a view yet gets the widget when it makes one (rc_engine_get_view()) */
  if (self->container != NULL && (widget = rc_browser_get_widget (browser)) != NULL)
    gtk_box_append (GTK_BOX (self->container), widget);
}

gboolean
rc_engine_set_engine_kind (RcEngine *self, RcEngineKind kind, GError **error)
{
  RcBrowser *browser;

  g_return_val_if_fail (RC_IS_ENGINE (self), FALSE);
  if (self->boot_task != NULL)
    {
      g_set_error (error, RC_ENGINE_ERROR, RC_ENGINE_ERROR_BUSY,
                   _ ("A boot or an execution is already running"));
      return FALSE;
    }
  if ((browser = rc_browser_new (kind, self->server, error)) == NULL)
    return FALSE;
  rc_engine_use_browser (self, kind, browser);
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
