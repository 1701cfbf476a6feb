/* rc-browsers.c: the browser factory and probes, one level above the classes they choose. */
#include "config.h"

#include "boot/rc-bidi-browser.h"
#include "boot/rc-browsers.h"
#include "boot/rc-cdp-browser.h"
#include "boot/rc-webkit-browser.h"

RcBrowser *
rc_browser_new (RcEngineKind kind, RcServer *server, GError **error)
{
  switch (kind)
    {
    case RC_ENGINE_KIND_CHROMIUM:
      return rc_cdp_browser_new (server, error);
    case RC_ENGINE_KIND_FIREFOX:
      return rc_bidi_browser_new (server, error);
    case RC_ENGINE_KIND_WEBKIT:
    default:
      return rc_webkit_browser_new (server);
    }
}

char *
rc_browser_probe (RcEngineKind kind, GError **error)
{
  switch (kind)
    {
    case RC_ENGINE_KIND_CHROMIUM:
      return rc_cdp_browser_probe (error);
    case RC_ENGINE_KIND_FIREFOX:
      return rc_bidi_browser_probe (error);
    case RC_ENGINE_KIND_WEBKIT:
    default:
      return rc_webkit_browser_version ();
    }
}

static void
probe_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  char *version = rc_browser_probe ((RcEngineKind) GPOINTER_TO_UINT (task_data), &error);

  if (version == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, version, g_free);
}

void
rc_browser_probe_async (RcEngineKind kind, GCancellable *cancellable, GAsyncReadyCallback callback,
                        gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, rc_browser_probe_async);
  g_task_set_task_data (task, GUINT_TO_POINTER (kind), NULL);
  g_task_run_in_thread (task, probe_thread);
}

char *
rc_browser_probe_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
