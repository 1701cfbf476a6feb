/* rc-session-pool.c: network sessions that are cleared and reused, never destroyed.
 *
 * WebKit's disk cache writes a response about a second after it arrived (it delays writes
 * so as not to slow the page that is loading), and a clear does not cancel the writes that
 * are still pending. A session released right after a boot and cleared at once got the
 * last resources of that boot written back after the clear: measured, the third cold boot
 * of `measure -n 3` (the first to reuse a session) read all five of the ledger community's
 * wheels, 24 MB, from the cache. So a released session first settles (its cache folder
 * unchanged for SETTLE_MS), is cleared, and is handed out only while its cache folder holds
 * no record; otherwise it settles and is cleared again. */
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
  ENTRY_SETTLING, /* released; waiting until WebKit stops writing into its cache */
  ENTRY_CLEARING, /* released; its website data is being removed */
  ENTRY_IDLE,     /* empty: can be handed out */
  ENTRY_BROKEN,   /* clearing failed: kept alive (see the header), never handed out */
} EntryState;

typedef struct
{
  WebKitNetworkSession *session; /* the pool's own reference, for the life of the process */
  char *cache_dir;               /* the session's WebKitCache folder */
  EntryState state;
  guint64 signature; /* the cache folder's record count and bytes at the last look */
  guint quiet_ms;    /* how long the signature has not changed */
  guint clears;      /* clears since the release */
  guint timer;
} Entry;

#define SETTLE_TICK_MS 250
#define SETTLE_MS      2000 /* WebKit's write delay is 1 s; the writes themselves follow */
#define MAX_CLEARS     5

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

static void settle (Entry *entry);
static guint64 cache_signature (const char *dir);

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
new_session (char **cache_dir, GError **error)
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
  *cache_dir = g_build_filename (cache, "WebKitCache", NULL);
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

/* Idle sessions that WebKit wrote into after their clear are not cold: they settle and are
 * cleared again. The writes seen are speculative-loading records (a page's list of
 * subresources, Records/…/SubResources/, 1-2 kB), some arriving 10-20 s after the clear
 * while other sessions boot. */
static void
recheck_idle (void)
{
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (entries, i);

      if (entry->state == ENTRY_IDLE && cache_signature (entry->cache_dir) != 0)
        {
          g_debug ("an idle WebKit session holds cache records again (%s): it settles and is "
                   "cleared again",
                   entry->cache_dir);
          settle (entry);
        }
    }
}

WebKitNetworkSession *
rc_session_pool_acquire (const char *proxy_url, GError **error)
{
  Entry *entry = NULL;

  g_return_val_if_fail (proxy_url != NULL, NULL);
  if (entries == NULL)
    entries = g_ptr_array_new ();
  recheck_idle ();
  for (guint i = 0; entry == NULL && i < entries->len; i++)
    if (((Entry *) g_ptr_array_index (entries, i))->state == ENTRY_IDLE)
      entry = g_ptr_array_index (entries, i);
  if (entry == NULL)
    {
      char *cache_dir = NULL;
      WebKitNetworkSession *session = new_session (&cache_dir, error);

      if (session == NULL)
        return NULL;
      entry = g_new0 (Entry, 1);
      entry->session = session;
      entry->cache_dir = cache_dir;
      g_ptr_array_add (entries, entry);
    }
  entry->state = ENTRY_BUSY;
  configure (entry->session, proxy_url);
  return g_object_ref (entry->session);
}

/* The number of records in @dir's tree and their bytes, in one figure that changes when
 * either does; 0 when it holds none (the salt files a cleared cache keeps are not records). */
static guint64
cache_signature (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint64 signature = 0;
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      GStatBuf st;

      if (g_lstat (path, &st) != 0)
        continue;
      if (S_ISDIR (st.st_mode))
        signature += cache_signature (path);
      else if (S_ISREG (st.st_mode) && !g_str_equal (name, "salt"))
        signature += ((guint64) 1 << 40) + (guint64) st.st_size;
    }
  return signature;
}

static void
cleared_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Entry *entry = data;
  g_autoptr (GError) error = NULL;

  if (!webkit_website_data_manager_clear_finish (WEBKIT_WEBSITE_DATA_MANAGER (source), result,
                                                 &error))
    {
      g_debug ("a released WebKit session could not be cleared, so it is not reused: %s",
               error->message);
      entry->state = ENTRY_BROKEN;
    }
  else if (cache_signature (entry->cache_dir) == 0)
    entry->state = ENTRY_IDLE;
  else if (entry->clears >= MAX_CLEARS)
    {
      g_debug ("a released WebKit session kept cache records through %u clears, so it is not "
               "reused",
               entry->clears);
      entry->state = ENTRY_BROKEN;
    }
  else
    settle (entry);
}

static void
clear (Entry *entry)
{
  entry->state = ENTRY_CLEARING;
  entry->clears++;
  /* Timespan 0: everything, whenever it was stored (disk and memory caches, cookies, HSTS,
   * storage). The session is alive, so its cache folder monitor sees a live owner. */
  webkit_website_data_manager_clear (
      webkit_network_session_get_website_data_manager (entry->session), WEBKIT_WEBSITE_DATA_ALL, 0,
      NULL, cleared_cb, entry);
}

static gboolean
settle_tick (gpointer data)
{
  Entry *entry = data;
  guint64 signature = cache_signature (entry->cache_dir);

  if (signature != entry->signature)
    {
      entry->signature = signature;
      entry->quiet_ms = 0;
      return G_SOURCE_CONTINUE;
    }
  entry->quiet_ms += SETTLE_TICK_MS;
  if (entry->quiet_ms < SETTLE_MS)
    return G_SOURCE_CONTINUE;
  entry->timer = 0;
  clear (entry);
  return G_SOURCE_REMOVE;
}

/* Waits until WebKit has stopped writing into the session's cache, then clears it. */
static void
settle (Entry *entry)
{
  entry->state = ENTRY_SETTLING;
  entry->signature = cache_signature (entry->cache_dir);
  entry->quiet_ms = 0;
  if (entry->timer == 0)
    entry->timer = g_timeout_add (SETTLE_TICK_MS, settle_tick, entry);
}

void
rc_session_pool_release (WebKitNetworkSession *session)
{
  Entry *entry;

  if (session == NULL)
    return;
  entry = find_entry (session);
  g_return_if_fail (entry != NULL && entry->state == ENTRY_BUSY);
  entry->clears = 0;
  settle (entry);
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

  recheck_idle ();
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    idle += ((Entry *) g_ptr_array_index (entries, i))->state == ENTRY_IDLE;
  return idle;
}
