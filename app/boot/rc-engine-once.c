/* rc-engine-once.c: one page per run. A run that navigated the host page a second time,
 * started a second worker, or fetched one URL twice measured two boots at once (issue 19:
 * two interpreters on two cores, twice the bytes): it fails as the engine's, with what was
 * seen, and so never becomes a median. The proxy's request log is the ground truth for
 * "fetched twice"; the host page says each load (host_alive), that it is left (host_unload,
 * before a reload cuts the worker's loads off) and each worker (started). The
 * first attempt of a retried boot is not the run's: its requests carry another run id, and
 * what it still had in flight when the next attempt began is left out by its start time.
 * The page's account says why (a second page, a second worker) where the proxy's only says
 * what, so a repeat the proxy saw waits for the page's messages that already arrived: WebKit
 * hands them to the main loop below the proxy's sockets (G_PRIORITY_HIGH_IDLE), and a busy
 * proxy may otherwise finish the second worker's first fetch before they are read. */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-engine-private.h"

/* Up to this many URLs are named in the message (all of them in the diagnosis). */
#define MESSAGE_URLS 3

void
rc_engine_once_start (RcEngine *self)
{
  self->attempt_since_us = g_get_monotonic_time ();
  self->host_loads = 0;
  self->workers_started = 0;
  self->first_host_load_us = 0;
  self->first_worker_us = 0;
  self->once_failed = FALSE;
  g_clear_handle_id (&self->once_idle_id, g_source_remove);
}

void
rc_engine_once_stop (RcEngine *self)
{
  g_clear_handle_id (&self->once_idle_id, g_source_remove);
}

gboolean
rc_engine_owns_request (RcEngine *self, const RcRequestRecord *request)
{
  return self->record != NULL && g_strcmp0 (request->run_id, self->record->run_id) == 0
         && request->start_us >= self->attempt_since_us;
}

static double
seconds (RcEngine *self, gint64 us)
{
  return (us - self->attempt_since_us) / 1e6;
}

static void
fail_once (RcEngine *self, const char *message, const char *diagnosis)
{
  if (self->boot_task == NULL || self->retry_pending)
    return;
  self->once_failed = TRUE;
  rc_engine_stop_worker (self);
  rc_run_record_failed (self->record, "engine", message, diagnosis, -1);
  rc_engine_finish_boot (self);
}

gboolean
rc_engine_once_page_message (RcEngine *self, const char *kind)
{
  gint64 now = g_get_monotonic_time ();
  g_autofree char *message = NULL;

  if (self->boot_task == NULL)
    return FALSE;
  if (g_strcmp0 (kind, "host_alive") == 0 && self->host_loads++ > 0)
    message = g_strdup_printf (
        _ ("one page per run: the host page loaded %u times in this run (host_alive at %.2f s "
           "and %.2f s of the attempt): a second page measures a second boot"),
        self->host_loads, seconds (self, self->first_host_load_us), seconds (self, now));
  else if (g_strcmp0 (kind, "host_alive") == 0)
    self->first_host_load_us = now;
  /* this attempt's page leaves: the old page of a warm boot says so before the new one lives */
  else if (g_strcmp0 (kind, "host_unload") == 0 && self->host_loads > 0)
    message = g_strdup_printf (_ ("one page per run: the host page was left at %.2f s of the "
                                  "attempt (it loaded at %.2f s): the page was loaded again "
                                  "during the boot"),
                               seconds (self, now), seconds (self, self->first_host_load_us));
  else if (g_strcmp0 (kind, "started") == 0 && self->workers_started++ > 0)
    message = g_strdup_printf (
        _ ("one page per run: the host page started %u workers in this run (at %.2f s and "
           "%.2f s of the attempt): two interpreters booted at once"),
        self->workers_started, seconds (self, self->first_worker_us), seconds (self, now));
  else if (g_strcmp0 (kind, "started") == 0)
    self->first_worker_us = now;
  if (message == NULL)
    return FALSE;
  fail_once (self, message, NULL);
  return TRUE;
}

/* GET requests only: a CONNECT per connection is the proxy's, and a POST may repeat. */
static gboolean
counts (const RcRequestRecord *request)
{
  return g_strcmp0 (request->method, "GET") == 0 && request->url != NULL;
}

/* url → GArray of start_us, for the URLs the run fetched more than once, in first-seen order
 * (@order); NULL when none was. */
static GHashTable *
find_repeated (RcEngine *self, GPtrArray **order)
{
  g_autoptr (GHashTable) seen =
      g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_array_unref);
  g_autoptr (GPtrArray) urls = g_ptr_array_new ();
  gboolean any = FALSE;

  for (guint i = 0; i < self->record->requests->len; i++)
    {
      const RcRequestRecord *request = g_ptr_array_index (self->record->requests, i);
      GArray *times;

      if (!counts (request))
        continue;
      times = g_hash_table_lookup (seen, request->url);
      if (times == NULL)
        {
          times = g_array_new (FALSE, FALSE, sizeof (gint64));
          g_hash_table_insert (seen, request->url, times);
          g_ptr_array_add (urls, request->url);
        }
      g_array_append_val (times, request->start_us);
      any |= times->len > 1;
    }
  if (!any)
    return NULL;
  *order = g_ptr_array_new ();
  for (guint i = 0; i < urls->len; i++)
    if (((GArray *) g_hash_table_lookup (seen, urls->pdata[i]))->len > 1)
      g_ptr_array_add (*order, urls->pdata[i]);
  return g_steal_pointer (&seen);
}

static char *
describe_url (RcEngine *self, const char *url, GArray *times)
{
  GString *text = g_string_new (NULL);

  /* TRANSLATORS: "https://…/pyodide.asm.wasm 2 times (at 0.31 s, 1.42 s)" */
  g_string_append_printf (text, _ ("%s %u times (at "), url, times->len);
  for (guint i = 0; i < times->len; i++)
    g_string_append_printf (text, "%s%.2f s", i > 0 ? ", " : "",
                            seconds (self, g_array_index (times, gint64, i)));
  g_string_append_c (text, ')');
  return g_string_free (text, FALSE);
}

/* The message names the first URLs; the diagnosis lists them all. */
static void
describe (RcEngine *self, GHashTable *seen, GPtrArray *order, char **message, char **diagnosis)
{
  g_autoptr (GString) named = g_string_new (NULL);
  g_autoptr (GString) all = g_string_new (NULL);

  for (guint i = 0; i < order->len; i++)
    {
      g_autofree char *one =
          describe_url (self, order->pdata[i], g_hash_table_lookup (seen, order->pdata[i]));

      if (i < MESSAGE_URLS)
        g_string_append_printf (named, "%s%s", i > 0 ? "; " : "", one);
      g_string_append_printf (all, "\n  %s", one);
    }
  if (order->len > MESSAGE_URLS)
    *message = g_strdup_printf (
        _ ("one page per run: %u URLs were fetched more than once in this run (outside a "
           "retry): %s; and %u more"),
        order->len, named->str, order->len - MESSAGE_URLS);
  else
    *message = g_strdup_printf (_ ("one page per run: a URL was fetched more than once in this "
                                   "run (outside a retry): %s"),
                                named->str);
  *diagnosis = g_strdup_printf (
      _ ("The proxy saw this run fetch the same URL more than once (seconds from the start of "
         "the attempt):%s\nA run loads the page once and starts one worker: a second page load "
         "or a second worker measured two boots at once, so this run is not a measurement."),
      all->str);
}

static gboolean
repeat_verdict (gpointer data)
{
  RcEngine *self = data;
  g_autoptr (GHashTable) seen = NULL;
  g_autoptr (GPtrArray) order = NULL;
  g_autofree char *message = NULL, *diagnosis = NULL;

  self->once_idle_id = 0;
  if (self->boot_task == NULL || self->retry_pending || self->record == NULL
      || (seen = find_repeated (self, &order)) == NULL)
    return G_SOURCE_REMOVE;
  describe (self, seen, order, &message, &diagnosis);
  fail_once (self, message, diagnosis);
  return G_SOURCE_REMOVE;
}

void
rc_engine_once_check_request (RcEngine *self, const RcRequestRecord *request)
{
  g_autoptr (GHashTable) seen = NULL;
  g_autoptr (GPtrArray) order = NULL;

  if (self->boot_task == NULL || self->retry_pending || !counts (request)
      || self->once_idle_id != 0)
    return;
  seen = find_repeated (self, &order);
  if (seen == NULL)
    return;
  self->once_idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, repeat_verdict, self, NULL);
  g_source_set_name_by_id (self->once_idle_id, "[runtime-console] one page per run");
}

gboolean
rc_engine_once_check (RcEngine *self)
{
  g_autoptr (GHashTable) seen = NULL;
  g_autoptr (GPtrArray) order = NULL;
  g_autofree char *message = NULL, *diagnosis = NULL;

  rc_engine_once_stop (self);
  if (self->record == NULL || self->once_failed || (seen = find_repeated (self, &order)) == NULL)
    return FALSE;
  describe (self, seen, order, &message, &diagnosis);
  /* A run that failed already keeps its own failure, the repeat said beside it; unless the
   * engine failed it: a second page or worker explains what the engine did to the first
   * (a reload cuts its loads off), so the repeat is the failure and the engine's word the
   * note. */
  if (self->record->outcome.state == RC_OUTCOME_FAILED
      && g_strcmp0 (self->record->outcome.kind, "engine") != 0)
    {
      rc_run_record_add_note (self->record, "%s", message);
      return FALSE;
    }
  if (self->record->outcome.state == RC_OUTCOME_FAILED)
    rc_run_record_add_note (self->record, _ ("the engine's failure in this attempt: %s"),
                            self->record->outcome.message);
  self->once_failed = TRUE;
  rc_run_record_failed (self->record, "engine", message, diagnosis, -1);
  return TRUE;
}
