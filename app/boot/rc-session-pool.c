/* rc-session-pool.c: network sessions that are cleared and reused, never destroyed. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "boot/rc-session-pool.h"
#include "boot/rc-web-process.h"
#include "core/base/rc-paths.h"

typedef enum
{
  ENTRY_BUSY,     /* handed out */
  ENTRY_CLEARING, /* released; its website data is being removed */
  ENTRY_IDLE,     /* empty: can be handed out */
  ENTRY_BROKEN,   /* clearing failed: kept alive (see the header), never handed out */
} EntryState;

typedef struct
{
  WebKitNetworkSession *session; /* the pool's own reference, for the life of the process */
  EntryState state;
} Entry;

static GPtrArray *entries; /* Entry *, never shrinks */
static pid_t entries_owner;

/* Before the runtime folder goes (its atexit handler was registered earlier, so it runs
 * later): the network process would otherwise write its session data into the folder again
 * while it winds down after this process is gone, and the folder would stay. */
static void
end_webkit_at_exit (void)
{
  if (getpid () == entries_owner)
    rc_web_process_end_all (2000);
}

static Entry *
find_entry (WebKitNetworkSession *session)
{
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (entries, i);

      if (entry->session == session)
        return entry;
    }
  return NULL;
}

static WebKitNetworkSession *
new_session (GError **error)
{
  g_autofree char *dir = g_build_filename (rc_paths_runtime_dir (), "webkit-session-XXXXXX", NULL);
  g_autofree char *data = NULL;
  g_autofree char *cache = NULL;

  if (entries_owner == 0)
    {
      entries_owner = getpid ();
      atexit (end_webkit_at_exit);
    }
  if (g_mkdtemp (dir) == NULL)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _ ("Could not create a session folder under %s: %s"), rc_paths_runtime_dir (),
                   g_strerror (saved));
      return NULL;
    }
  data = g_build_filename (dir, "data", NULL);
  cache = g_build_filename (dir, "cache", NULL);
  return webkit_network_session_new (data, cache);
}

static void
configure (WebKitNetworkSession *session, const char *proxy_url)
{
  g_autoptr (WebKitNetworkProxySettings) proxy =
      webkit_network_proxy_settings_new (proxy_url, NULL);

  webkit_network_session_set_proxy_settings (session, WEBKIT_NETWORK_PROXY_MODE_CUSTOM, proxy);
  /* The server's CA is generated per run; every certificate comes from it. */
  webkit_network_session_set_tls_errors_policy (session, WEBKIT_TLS_ERRORS_POLICY_IGNORE);
}

WebKitNetworkSession *
rc_session_pool_acquire (const char *proxy_url, GError **error)
{
  Entry *entry = NULL;

  g_return_val_if_fail (proxy_url != NULL, NULL);
  if (entries == NULL)
    entries = g_ptr_array_new ();
  for (guint i = 0; entry == NULL && i < entries->len; i++)
    {
      Entry *candidate = g_ptr_array_index (entries, i);

      if (candidate->state == ENTRY_IDLE)
        entry = candidate;
    }
  if (entry == NULL)
    {
      WebKitNetworkSession *session = new_session (error);

      if (session == NULL)
        return NULL;
      entry = g_new0 (Entry, 1);
      entry->session = session;
      g_ptr_array_add (entries, entry);
    }
  entry->state = ENTRY_BUSY;
  configure (entry->session, proxy_url);
  return g_object_ref (entry->session);
}

static void
cleared_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Entry *entry = data;
  g_autoptr (GError) error = NULL;

  if (webkit_website_data_manager_clear_finish (WEBKIT_WEBSITE_DATA_MANAGER (source), result,
                                                &error))
    entry->state = ENTRY_IDLE;
  else
    {
      g_debug ("a released WebKit session could not be cleared, so it is not reused: %s",
               error->message);
      entry->state = ENTRY_BROKEN;
    }
}

void
rc_session_pool_release (WebKitNetworkSession *session)
{
  Entry *entry;

  if (session == NULL)
    return;
  entry = find_entry (session);
  g_return_if_fail (entry != NULL && entry->state == ENTRY_BUSY);
  entry->state = ENTRY_CLEARING;
  /* Timespan 0: everything, whenever it was stored (disk and memory caches, cookies, HSTS,
   * storage). The session is alive, so its cache folder monitor sees a live owner. */
  webkit_website_data_manager_clear (webkit_network_session_get_website_data_manager (session),
                                     WEBKIT_WEBSITE_DATA_ALL, 0, NULL, cleared_cb, entry);
  g_object_unref (session);
}

guint
rc_session_pool_get_size (void)
{
  return entries != NULL ? entries->len : 0;
}

guint
rc_session_pool_get_idle (void)
{
  guint idle = 0;

  for (guint i = 0; entries != NULL && i < entries->len; i++)
    idle += ((Entry *) g_ptr_array_index (entries, i))->state == ENTRY_IDLE;
  return idle;
}
