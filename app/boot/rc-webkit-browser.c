/* rc-webkit-browser.c: the page in this process's own WebKitWebView (rc-webkit-browser.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-session-pool.h"
#include "boot/rc-web-process.h"
#include "boot/rc-webkit-browser.h"

/* Before a retry's load, WebKit's UI side must have noticed its network process died: a web
 * process started earlier is handed a connection to the dead one and fails every load
 * ("internallyFailedLoadTimerFired"). It has once it reaped the process. */
#define REAP_POLL_MS        250
#define RECOVER_MAX_WAIT_MS 5000

struct _RcWebKitBrowser
{
  GObject parent_instance;

  RcServer *server;
  char *version;
  GtkWidget *box; /* the view's parent, made on first use */
  WebKitWebView *view;
  WebKitNetworkSession *session; /* from rc-session-pool.c */
  GArray *pids_before_view;
  GPid web_pid;
  GPid network_pid;      /* WebKit's network process when the load started, or 0 */
  GPid dead_network_pid; /* the one that died under a load, until WebKit reaped it */
};

static void rc_webkit_browser_iface_init (RcBrowserInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (RcWebKitBrowser, rc_webkit_browser, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (RC_TYPE_BROWSER,
                                                      rc_webkit_browser_iface_init))

char *
rc_webkit_browser_version (void)
{
  return g_strdup_printf ("%u.%u.%u", webkit_get_major_version (), webkit_get_minor_version (),
                          webkit_get_micro_version ());
}

/* ---- view and session ---------------------------------------------------------------------- */

static void
drop_view (RcWebKitBrowser *self)
{
  if (self->view == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->view, self);
  g_signal_handlers_disconnect_by_data (webkit_web_view_get_user_content_manager (self->view),
                                        self);
  webkit_web_view_terminate_web_process (self->view);
  gtk_box_remove (GTK_BOX (self->box), GTK_WIDGET (self->view));
  g_clear_object (&self->view);
  g_clear_pointer (&self->pids_before_view, g_array_unref);
  self->web_pid = 0;
}

/* The session goes back to the pool, never away: see rc-session-pool.h for the crash that
 * destroying one causes. */
static void
drop_session (RcWebKitBrowser *self)
{
  drop_view (self);
  rc_session_pool_release (g_steal_pointer (&self->session));
}

static void
on_script_message (WebKitUserContentManager *ucm, JSCValue *value, RcWebKitBrowser *self)
{
  g_autofree char *text = jsc_value_to_string (value);

  rc_browser_emit_message (RC_BROWSER (self), text);
}

static void
on_web_process_terminated (WebKitWebView *view, WebKitWebProcessTerminationReason reason,
                           RcWebKitBrowser *self)
{
  switch (reason)
    {
    case WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT:
      /* out of memory is what the runtime asked for: the page's, not the browser's */
      rc_browser_emit_page_failed (RC_BROWSER (self), "memory",
                                   _ ("the web process exceeded its memory limit and was "
                                      "killed"));
      break;
    case WEBKIT_WEB_PROCESS_CRASHED:
      rc_browser_emit_failed (RC_BROWSER (self),
                              _ ("WebKit's web process crashed during the boot"));
      break;
    case WEBKIT_WEB_PROCESS_TERMINATED_BY_API:
    default:
      rc_browser_emit_failed (RC_BROWSER (self),
                              _ ("WebKit's web process was terminated during the boot"));
      break;
    }
}

static gboolean
on_load_failed (WebKitWebView *view, WebKitLoadEvent event, const char *uri, GError *error,
                RcWebKitBrowser *self)
{
  g_autofree char *text = NULL;

  if (g_error_matches (error, WEBKIT_NETWORK_ERROR, WEBKIT_NETWORK_ERROR_CANCELLED))
    return FALSE;
  text = g_strdup_printf (_ ("the host page %s did not load: %s"), uri, error->message);
  rc_browser_emit_page_failed (RC_BROWSER (self), "page", text);
  return FALSE;
}

static GtkWidget *
webkit_get_widget (RcBrowser *browser)
{
  RcWebKitBrowser *self = RC_WEBKIT_BROWSER (browser);

  if (self->box == NULL)
    {
      self->box = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
      gtk_widget_set_hexpand (self->box, TRUE);
      gtk_widget_set_vexpand (self->box, TRUE);
    }
  return self->box;
}

static void
new_view (RcWebKitBrowser *self)
{
  WebKitUserContentManager *ucm = webkit_user_content_manager_new ();
  g_autoptr (WebKitSettings) settings = webkit_settings_new ();

  webkit_user_content_manager_register_script_message_handler (ucm, "rc", NULL);
  g_signal_connect (ucm, "script-message-received::rc", G_CALLBACK (on_script_message), self);
  webkit_settings_set_enable_developer_extras (settings, TRUE);
  webkit_settings_set_enable_write_console_messages_to_stdout (settings,
                                                               g_getenv ("RC_BOOT_DEBUG") != NULL);

  self->pids_before_view = rc_web_process_list ();
  self->view =
      g_object_ref_sink (g_object_new (WEBKIT_TYPE_WEB_VIEW, "network-session", self->session,
                                       "user-content-manager", ucm, "settings", settings, NULL));
  g_object_unref (ucm);
  gtk_widget_set_hexpand (GTK_WIDGET (self->view), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->view), TRUE);
  g_signal_connect (self->view, "web-process-terminated", G_CALLBACK (on_web_process_terminated),
                    self);
  g_signal_connect (self->view, "load-failed", G_CALLBACK (on_load_failed), self);
  gtk_box_append (GTK_BOX (webkit_get_widget (RC_BROWSER (self))), GTK_WIDGET (self->view));
}

static gboolean
webkit_load (RcBrowser *browser, RcBootMode mode, const char *url, GError **error)
{
  RcWebKitBrowser *self = RC_WEBKIT_BROWSER (browser);

  switch (mode)
    {
    case RC_BOOT_MODE_COLD:
      drop_session (self);
      break;
    case RC_BOOT_MODE_WARM_RESTART:
      drop_view (self);
      break;
    case RC_BOOT_MODE_WARM:
    default:
      break;
    }
  if (self->session == NULL
      && (self->session = rc_session_pool_acquire (rc_server_get_proxy_url (self->server), error))
             == NULL)
    return FALSE;
  if (self->view == NULL)
    new_view (self);
  /* 0 on the first load of a process: WebKit starts it with the first load; check_failed
   * adopts it then */
  self->network_pid = rc_web_process_find_network ();
  webkit_web_view_load_uri (self->view, url);
  return TRUE;
}

static void
webkit_evaluate (RcBrowser *browser, const char *script)
{
  RcWebKitBrowser *self = RC_WEBKIT_BROWSER (browser);

  if (self->view != NULL)
    webkit_web_view_evaluate_javascript (self->view, script, -1, NULL, NULL, NULL, NULL, NULL);
}

static void
webkit_close (RcBrowser *browser)
{
  drop_session (RC_WEBKIT_BROWSER (browser));
}

static const char *
webkit_get_version (RcBrowser *browser)
{
  return RC_WEBKIT_BROWSER (browser)->version;
}

static GPid
webkit_get_renderer_pid (RcBrowser *browser)
{
  RcWebKitBrowser *self = RC_WEBKIT_BROWSER (browser);
  GPid pid = self->pids_before_view != NULL ? rc_web_process_find_new (self->pids_before_view) : 0;

  if (pid != 0)
    self->web_pid = pid;
  return self->web_pid;
}

/* ---- the network process ------------------------------------------------------------------- */

static gboolean
webkit_check_failed (RcBrowser *browser, char **what)
{
  RcWebKitBrowser *self = RC_WEBKIT_BROWSER (browser);

  if (self->view == NULL)
    return FALSE;
  if (self->network_pid == 0)
    {
      self->network_pid = rc_web_process_find_network ();
      return FALSE;
    }
  if (rc_web_process_is_alive (self->network_pid))
    return FALSE;
  *what = g_strdup_printf (_ ("WebKit's network process (pid %d) died during the boot"),
                           (int) self->network_pid);
  self->dead_network_pid = self->network_pid;
  self->network_pid = 0;
  return TRUE;
}

typedef struct
{
  guint waited_ms;
  gboolean done;
} Recover;

static gboolean
reaped (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d", (int) pid);

  return pid <= 0 || !g_file_test (path, G_FILE_TEST_EXISTS);
}

/* Once: from the probe's answer, or from its timeout. */
static void
recovered (GTask *task)
{
  Recover *r = g_task_get_task_data (task);

  if (r->done)
    return;
  r->done = TRUE;
  g_task_return_boolean (task, TRUE);
}

static void
probed_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  GList *items =
      webkit_website_data_manager_fetch_finish (WEBKIT_WEBSITE_DATA_MANAGER (source), result, NULL);

  g_list_free_full (items, (GDestroyNotify) webkit_website_data_unref);
  recovered (task);
}

static gboolean
probe_timeout_cb (gpointer data)
{
  recovered (data);
  return G_SOURCE_REMOVE;
}

static gboolean
recover_poll (gpointer data)
{
  GTask *task = data;
  RcWebKitBrowser *self = g_task_get_source_object (task);
  Recover *r = g_task_get_task_data (task);

  if (!reaped (self->dead_network_pid) && r->waited_ms < RECOVER_MAX_WAIT_MS)
    {
      r->waited_ms += REAP_POLL_MS;
      g_timeout_add_full (G_PRIORITY_DEFAULT, REAP_POLL_MS, recover_poll, g_object_ref (task),
                          g_object_unref);
      return G_SOURCE_REMOVE;
    }
  /* A round trip through the session's data manager needs a network process that runs and
   * answers: WebKit relaunches it for this, and the next load then finds it. */
  if (self->dead_network_pid != 0 && self->session != NULL)
    {
      self->dead_network_pid = 0;
      webkit_website_data_manager_fetch (
          webkit_network_session_get_website_data_manager (self->session),
          WEBKIT_WEBSITE_DATA_COOKIES, NULL, probed_cb, g_object_ref (task));
      g_timeout_add_full (G_PRIORITY_DEFAULT, RECOVER_MAX_WAIT_MS, probe_timeout_cb,
                          g_object_ref (task), g_object_unref);
      return G_SOURCE_REMOVE;
    }
  self->dead_network_pid = 0;
  recovered (task);
  return G_SOURCE_REMOVE;
}

static void
webkit_recover_async (RcBrowser *browser, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (browser, NULL, callback, user_data);

  g_task_set_source_tag (task, webkit_recover_async);
  g_task_set_task_data (task, g_new0 (Recover, 1), g_free);
  recover_poll (task);
}

/* ---- executions ---------------------------------------------------------------------------- */

static void
on_called (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  GError *error = NULL;
  g_autoptr (JSCValue) value =
      webkit_web_view_call_async_javascript_function_finish (WEBKIT_WEB_VIEW (source), res, &error);

  if (value == NULL)
    g_task_return_error (task, error);
  else if (!jsc_value_to_boolean (value))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                             _ ("The page has no running worker"));
  else
    g_task_return_boolean (task, TRUE);
}

static void
webkit_execute_async (RcBrowser *browser, const char *call_id, const char *code,
                      GAsyncReadyCallback callback, gpointer user_data)
{
  RcWebKitBrowser *self = RC_WEBKIT_BROWSER (browser);
  g_autoptr (GTask) task = g_task_new (self, NULL, callback, user_data);
  GVariantBuilder args;

  g_task_set_source_tag (task, webkit_execute_async);
  if (self->view == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _ ("The page has no running worker"));
      return;
    }
  g_variant_builder_init (&args, G_VARIANT_TYPE ("a{sv}"));
  g_variant_builder_add (&args, "{sv}", "callId", g_variant_new_string (call_id));
  g_variant_builder_add (&args, "{sv}", "code", g_variant_new_string (code));
  webkit_web_view_call_async_javascript_function (
      self->view, "return window.rcExecute(callId, code);", -1, g_variant_builder_end (&args), NULL,
      NULL, NULL, on_called, g_steal_pointer (&task));
}

static gboolean
webkit_execute_finish (RcBrowser *browser, GAsyncResult *result, GError **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

char *
rc_webkit_browser_dup_options (void)
{
  g_auto (GStrv) environ = g_get_environ ();
  g_autoptr (GPtrArray) options = g_ptr_array_new ();

  for (guint i = 0; environ[i] != NULL; i++)
    if (g_str_has_prefix (environ[i], "JSC_"))
      g_ptr_array_add (options, environ[i]);
  if (options->len == 0)
    return NULL;
  g_ptr_array_sort (options, compare_strings);
  g_ptr_array_add (options, NULL);
  return g_strjoinv (" ", (char **) options->pdata);
}

static void
webkit_describe (RcBrowser *browser, RcRunEnvironment *env)
{
  env->engine_options = rc_webkit_browser_dup_options ();
  env->webkit_version = g_strdup (RC_WEBKIT_BROWSER (browser)->version);
  env->jsc_version = g_strdup_printf ("%u.%u.%u", jsc_get_major_version (),
                                      jsc_get_minor_version (), jsc_get_micro_version ());
}

/* ---- GObject ------------------------------------------------------------------------------- */

static void
rc_webkit_browser_iface_init (RcBrowserInterface *iface)
{
  iface->load = webkit_load;
  iface->evaluate = webkit_evaluate;
  iface->close = webkit_close;
  iface->get_version = webkit_get_version;
  iface->get_renderer_pid = webkit_get_renderer_pid;
  iface->get_widget = webkit_get_widget;
  iface->check_failed = webkit_check_failed;
  iface->recover_async = webkit_recover_async;
  iface->execute_async = webkit_execute_async;
  iface->execute_finish = webkit_execute_finish;
  iface->describe = webkit_describe;
}

static void
rc_webkit_browser_dispose (GObject *object)
{
  RcWebKitBrowser *self = RC_WEBKIT_BROWSER (object);

  drop_session (self);
  g_clear_object (&self->box);
  g_clear_object (&self->server);
  G_OBJECT_CLASS (rc_webkit_browser_parent_class)->dispose (object);
}

static void
rc_webkit_browser_finalize (GObject *object)
{
  g_free (RC_WEBKIT_BROWSER (object)->version);
  G_OBJECT_CLASS (rc_webkit_browser_parent_class)->finalize (object);
}

static void
rc_webkit_browser_class_init (RcWebKitBrowserClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = rc_webkit_browser_dispose;
  G_OBJECT_CLASS (klass)->finalize = rc_webkit_browser_finalize;
}

static void
rc_webkit_browser_init (RcWebKitBrowser *self)
{
  self->version = rc_webkit_browser_version ();
}

RcBrowser *
rc_webkit_browser_new (RcServer *server)
{
  RcWebKitBrowser *self = g_object_new (RC_TYPE_WEBKIT_BROWSER, NULL);

  self->server = g_object_ref (server);
  return RC_BROWSER (self);
}
