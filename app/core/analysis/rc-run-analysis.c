/* rc-run-analysis.c: cache verdicts from two sources, step attribution, totals and flags. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "core/base/rc-diagnostic.h"
#include "core/record/rc-boot-progress.h"
#include "core/record/rc-run-connections.h"
#include "core/analysis/rc-run-analysis.h"
#include "core/record/rc-engine-info.h"

static const char *const verdict_names[] = { "network", "cache", "revalidated", "failed",
                                             "disagree" };

const char *
rc_verdict_to_string (RcVerdict verdict)
{
  g_return_val_if_fail ((guint) verdict < G_N_ELEMENTS (verdict_names), "failed");
  return verdict_names[verdict];
}

gboolean
rc_verdict_from_string (const char *text, RcVerdict *out)
{
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (verdict_names); i++)
    if (g_str_equal (text, verdict_names[i]))
      {
        *out = (RcVerdict) i;
        return TRUE;
      }
  return FALSE;
}

static void
resource_free (RcResourceVerdict *r)
{
  g_free (r->url);
  g_free (r->file_name);
  g_free (r->reason);
  g_free (r->step_key);
  g_free (r->group);
  g_free (r);
}

static void
total_free (RcByteTotal *t)
{
  g_free (t->key);
  g_free (t);
}

void
rc_run_analysis_free (RcRunAnalysis *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->resources);
  g_ptr_array_unref (self->step_totals);
  g_ptr_array_unref (self->group_totals);
  g_ptr_array_unref (self->flags);
  g_free (self);
}

static const RcRunStep *
find_step (const RcRunRecord *record, guint step)
{
  for (guint i = 0; i < record->steps->len; i++)
    if (((RcRunStep *) record->steps->pdata[i])->step == step)
      return record->steps->pdata[i];
  return NULL;
}

char *
rc_run_step_group (const RcRunRecord *record, guint step)
{
  const RcRunStep *s = find_step (record, step);

  if (s == NULL)
    return g_strdup ("page");
  if (rc_boot_phase_from_name (s->phase) == RC_BOOT_PHASE_LOADING_RUNTIME
      || rc_boot_phase_from_name (s->phase) == RC_BOOT_PHASE_RUNTIME_LOADED)
    return g_strdup ("interpreter");
  if (g_str_equal (s->phase, "loading_package"))
    return g_strdup_printf ("preload:%s", s->package != NULL ? s->package : "?");
  if (g_str_equal (s->phase, "installing"))
    return g_strdup_printf ("install:%s", s->package != NULL ? s->package : "?");
  if (g_str_equal (s->phase, "importing"))
    return g_strdup_printf ("import:%s", s->module != NULL ? s->module : "?");
  return g_strdup (s->phase);
}

static int
default_port (const char *scheme)
{
  if (g_strcmp0 (scheme, "http") == 0)
    return 80;
  if (g_strcmp0 (scheme, "https") == 0)
    return 443;
  return -1;
}

/* The proxy and the engine may spell one URL differently (":443", upper-case host, a
 * fragment): compare them in one canonical form. */
static char *
normalise_url (const char *url)
{
  g_autoptr (GUri) uri = url != NULL ? g_uri_parse (url, G_URI_FLAGS_ENCODED, NULL) : NULL;
  g_autofree char *scheme = NULL;
  g_autofree char *host = NULL;
  int port;

  if (url == NULL)
    return g_strdup ("");
  if (uri == NULL || g_uri_get_host (uri) == NULL)
    return g_strndup (url, strcspn (url, "#"));
  scheme = g_ascii_strdown (g_uri_get_scheme (uri), -1);
  host = g_ascii_strdown (g_uri_get_host (uri), -1);
  port = g_uri_get_port (uri);
  if (port == default_port (scheme))
    port = -1;
  return g_uri_join (G_URI_FLAGS_ENCODED, scheme, NULL, host, port,
                     *g_uri_get_path (uri) != '\0' ? g_uri_get_path (uri) : "/",
                     g_uri_get_query (uri), NULL);
}

static const RcExpectedResource *
find_expected (const RcRunRecord *record, const char *file_name)
{
  for (guint i = 0; i < record->expected->len; i++)
    {
      const RcExpectedResource *e = record->expected->pdata[i];

      if (g_strcmp0 (e->file_name, file_name) == 0)
        return e;
    }
  return NULL;
}

/* A Resource Timing time on the worker's clock (page entries are shifted when both clock
 * origins are known). */
static double
timing_worker_ms (const RcRunRecord *record, const RcResourceTiming *t, double value)
{
  if (g_strcmp0 (t->context, "page") != 0)
    return value;
  if (record->worker_start_ms >= 0) /* both origins as the browser says them */
    return value - record->worker_start_ms;
  if (record->page_time_origin_us == 0 || record->worker_time_origin_us == 0)
    return NAN;
  return value + (record->page_time_origin_us - record->worker_time_origin_us) / 1000.0;
}

static double
request_worker_ms (const RcRunRecord *record, gint64 us)
{
  if (record->worker_time_origin_us == 0 || us == 0)
    return NAN;
  return (us - record->worker_time_origin_us) / 1000.0;
}

void
rc_add_known_bytes (gint64 *sum, gint64 value)
{
  if (*sum < 0 || value < 0)
    *sum = -1;
  else
    *sum += value;
}

/* GLib's 64-bit format macros cannot sit inside a msgid (xgettext stops at the macro), so
 * messages take the number as text. */
static char *
number_text (gint64 n)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, n);
}

/* The proxy answered 2xx/3xx with a body: network, unless Resource Timing saw a cache hit. */
static void
judge_network (RcResourceVerdict *r, const RcRequestRecord *req, const RcResourceTiming *t)
{
  g_autofree char *bytes = number_text ((gint64) req->bytes);
  g_autofree char *sent = g_strdup_printf (
      ngettext ("the proxy sent %s byte", "the proxy sent %s bytes", (gulong) req->bytes), bytes);

  if (t != NULL && t->transfer_size == 0 && t->encoded_body_size > 0)
    {
      g_autofree char *encoded = number_text (t->encoded_body_size);

      r->verdict = RC_VERDICT_DISAGREE;
      /* TRANSLATORS: the first %s is "the proxy sent 1200 bytes" */
      r->reason = g_strdup_printf (_ ("%s, but Resource Timing reports a cache hit (transferSize "
                                      "0, encodedBodySize %s)"),
                                   sent, encoded);
      return;
    }
  r->verdict = RC_VERDICT_NETWORK;
  r->reason = g_strdup_printf (t == NULL              ? _ ("%s; no Resource Timing entry")
                               : t->transfer_size > 0 ? _ ("%s; Resource Timing agrees")
                                                      : _ ("%s; Resource Timing reports no sizes"),
                               sent);
}

/* The verdict from what each source says. */
static void
judge (RcResourceVerdict *r, const RcRequestRecord *req, const RcResourceTiming *t)
{
  if (req != NULL)
    {
      r->status = req->status;
      r->bytes = req->bytes;
      r->decoded_bytes = req->bytes == 0 ? 0 : req->decoded_bytes;
      if (req->status == 304 || req->not_modified)
        {
          r->verdict = RC_VERDICT_REVALIDATED;
          r->reason = g_strdup (_ ("the proxy answered 304 Not Modified"));
        }
      else if (req->status == 0 || req->status >= 400)
        {
          r->verdict = RC_VERDICT_FAILED;
          r->reason = req->status == 0
                          ? g_strdup (_ ("the connection closed before a response"))
                          : g_strdup_printf (_ ("the proxy answered HTTP %u"), req->status);
        }
      else
        judge_network (r, req, t);
      return;
    }
  if (t->transfer_size > 0)
    {
      g_autofree char *bytes = number_text (t->transfer_size);

      r->verdict = RC_VERDICT_DISAGREE;
      r->reason = g_strdup_printf (ngettext ("Resource Timing reports %s byte transferred, but "
                                             "no request reached the proxy",
                                             "Resource Timing reports %s bytes transferred, but "
                                             "no request reached the proxy",
                                             (gulong) t->transfer_size),
                                   bytes);
    }
  else if (t->response_end <= 0 || t->response_end < t->start_time)
    {
      r->verdict = RC_VERDICT_FAILED;
      r->reason = g_strdup (_ ("Resource Timing has no response and no request reached the "
                               "proxy"));
    }
  else
    {
      r->verdict = RC_VERDICT_CACHE;
      r->reason = g_strdup (_ ("no request reached the proxy"));
    }
}

/* The engine's own view of @url (Chromium's Network events, Firefox's network.*): a Resource
 * Timing entry of context "engine" whose initiator says cache or network. */
static const RcResourceTiming *
engine_view (const RcRunRecord *record, const char *url)
{
  for (guint j = 0; j < record->timings->len; j++)
    {
      const RcResourceTiming *t = record->timings->pdata[j];
      g_autofree char *name = NULL;

      if (g_strcmp0 (t->context, "engine") != 0)
        continue;
      name = normalise_url (t->name);
      if (g_str_equal (name, url))
        return t;
    }
  return NULL;
}

/* A cache hit the proxy contradicts, or a download it never saw, is a disagreement. */
static void
cross_check_engine (RcResourceVerdict *r, const RcRunRecord *record)
{
  const RcResourceTiming *e = engine_view (record, r->url);
  const char *engine = rc_engine_id_or_default (record->env.engine);
  gboolean cached = e != NULL && g_strcmp0 (e->initiator_type, "engine-cache") == 0;
  char *reason;

  if (e == NULL)
    return;
  if (r->verdict == RC_VERDICT_DISAGREE && r->request_index >= 0 && r->bytes > 0 && !cached
      && e->transfer_size > 0)
    {
      g_autofree char *bytes = number_text ((gint64) r->bytes);

      /* Resource Timing's "cache hit" was a CORS response without Timing-Allow-Origin (its
       * transferSize is 0 by the spec, its body sizes are not): the engine and the proxy agree
       * it came from the network. */
      r->verdict = RC_VERDICT_NETWORK;
      reason = g_strdup_printf (_ ("the proxy sent %s bytes and %s's own events agree; Resource "
                                   "Timing's transferSize 0 is a cross-origin response without "
                                   "Timing-Allow-Origin"),
                                bytes, engine);
    }
  else if (r->verdict == RC_VERDICT_NETWORK && cached)
    {
      r->verdict = RC_VERDICT_DISAGREE;
      /* TRANSLATORS: %s: the reason so far; then the engine's name ("chromium") */
      reason =
          g_strdup_printf (_ ("%s, but %s's own events report a cache hit"), r->reason, engine);
    }
  else if (r->verdict == RC_VERDICT_CACHE && !cached && e->transfer_size > 0)
    {
      g_autofree char *bytes = number_text (e->transfer_size);

      r->verdict = RC_VERDICT_DISAGREE;
      reason = g_strdup_printf (_ ("%s, but %s's own events report %s bytes from the network"),
                                r->reason, engine, bytes);
    }
  else if (r->verdict == RC_VERDICT_NETWORK || r->verdict == RC_VERDICT_CACHE)
    reason = g_strdup_printf (_ ("%s; %s's own events agree"), r->reason, engine);
  else
    return;
  g_free (r->reason);
  r->reason = reason;
}

static gboolean
is_after_ready (const RcRunRecord *record, double start_ms)
{
  return record->outcome.state == RC_OUTCOME_READY && record->ready_ms >= 0 && !isnan (start_ms)
         && start_ms > record->ready_ms;
}

static guint
last_step (const RcRunRecord *record)
{
  guint last = 0;

  for (guint i = 0; i < record->steps->len; i++)
    last = MAX (last, ((RcRunStep *) record->steps->pdata[i])->step);
  return last;
}

static RcResourceVerdict *
resource_new (const RcRunRecord *record, const char *url, int request_index, int timing_index)
{
  const RcRequestRecord *req = request_index >= 0 ? record->requests->pdata[request_index] : NULL;
  const RcResourceTiming *t = timing_index >= 0 ? record->timings->pdata[timing_index] : NULL;
  RcResourceVerdict *r = g_new0 (RcResourceVerdict, 1);
  const RcExpectedResource *expected;

  r->url = normalise_url (url);
  r->file_name = rc_url_file_name (r->url);
  r->request_index = request_index;
  r->timing_index = timing_index;
  r->start_ms = r->end_ms = NAN;
  if (t != NULL)
    {
      r->start_ms = timing_worker_ms (record, t, t->start_time);
      r->end_ms = timing_worker_ms (record, t, t->response_end);
    }
  if (isnan (r->start_ms) && req != NULL)
    {
      r->start_ms = request_worker_ms (record, req->start_us);
      r->end_ms = request_worker_ms (record, req->end_us);
    }
  judge (r, req, t);
  cross_check_engine (r, record);
  r->step = isnan (r->start_ms) ? 0 : rc_run_record_step_at (record, r->start_ms);
  expected = find_expected (record, r->file_name);
  if (is_after_ready (record, r->start_ms))
    {
      /* code run after the boot (osa.fetch, an import) is not boot cost */
      r->step = last_step (record) + 1;
      r->step_key = g_strdup (RC_STEP_AFTER_READY);
      r->group = g_strdup (RC_STEP_AFTER_READY);
      return r;
    }
  if (r->step == 0)
    r->step_key = g_strdup ("page");
  else
    r->step_key = rc_run_step_key (find_step (record, r->step));
  r->group = expected != NULL && expected->group != NULL ? g_strdup (expected->group)
                                                         : rc_run_step_group (record, r->step);
  return r;
}

static gboolean
is_resource_url (const char *url)
{
  return url != NULL && !g_str_has_prefix (url, "blob:") && !g_str_has_prefix (url, "data:");
}

/* Pairs each Resource Timing entry with the first unpaired proxy request for the same URL. */
static void
collect_resources (const RcRunRecord *record, GPtrArray *out)
{
  g_autofree int *paired_timing = g_new (int, record->requests->len + 1);

  for (guint i = 0; i < record->requests->len; i++)
    paired_timing[i] = -1;
  for (guint j = 0; j < record->timings->len; j++)
    {
      const RcResourceTiming *t = record->timings->pdata[j];
      g_autofree char *url = NULL;
      gboolean paired = FALSE;

      if (!is_resource_url (t->name) || g_strcmp0 (t->context, "engine") == 0)
        continue; /* the engine's own view only cross-checks (cross_check_engine ()) */
      url = normalise_url (t->name);
      for (guint i = 0; i < record->requests->len && !paired; i++)
        {
          const RcRequestRecord *req = record->requests->pdata[i];
          g_autofree char *req_url = normalise_url (req->url != NULL ? req->url : "");

          if (paired_timing[i] < 0 && g_str_equal (url, req_url))
            {
              paired_timing[i] = (int) j;
              paired = TRUE;
            }
        }
      if (!paired)
        g_ptr_array_add (out, resource_new (record, t->name, -1, (int) j));
    }
  for (guint i = 0; i < record->requests->len; i++)
    {
      const RcRequestRecord *req = record->requests->pdata[i];

      if (req->url == NULL || g_strcmp0 (req->method, "CONNECT") == 0)
        continue;
      g_ptr_array_add (out, resource_new (record, req->url, (int) i, paired_timing[i]));
    }
}

static int
compare_start (gconstpointer a, gconstpointer b)
{
  const RcResourceVerdict *ra = *(RcResourceVerdict **) a;
  const RcResourceVerdict *rb = *(RcResourceVerdict **) b;

  if (ra->step != rb->step)
    return ra->step < rb->step ? -1 : 1;
  double x = isnan (ra->start_ms) ? -G_MAXDOUBLE : ra->start_ms;
  double y = isnan (rb->start_ms) ? -G_MAXDOUBLE : rb->start_ms;

  return (x > y) - (x < y);
}

static RcByteTotal *
total_for (GPtrArray *totals, const char *key, guint step)
{
  RcByteTotal *t;

  for (guint i = 0; i < totals->len; i++)
    if (g_str_equal (((RcByteTotal *) totals->pdata[i])->key, key))
      return totals->pdata[i];
  t = g_new0 (RcByteTotal, 1);
  t->key = g_strdup (key);
  t->step = step;
  g_ptr_array_add (totals, t);
  return t;
}

/* download_ms is a span, not a sum: a package's files download in parallel. */
static void
add_to_total (RcByteTotal *t, GArray *spans, guint index, const RcResourceVerdict *r)
{
  double *span;

  t->requests++;
  t->network += r->verdict == RC_VERDICT_NETWORK;
  t->bytes += r->bytes;
  rc_add_known_bytes (&t->decoded_bytes, r->decoded_bytes);
  if (r->verdict != RC_VERDICT_NETWORK || isnan (r->start_ms) || isnan (r->end_ms))
    return;
  if (spans->len <= index * 2)
    {
      double none[2] = { NAN, NAN };

      while (spans->len <= index * 2)
        g_array_append_vals (spans, none, 2);
    }
  span = &g_array_index (spans, double, index * 2);
  span[0] = isnan (span[0]) ? r->start_ms : MIN (span[0], r->start_ms);
  span[1] = isnan (span[1]) ? r->end_ms : MAX (span[1], r->end_ms);
  t->download_ms = span[1] - span[0];
}

static guint
total_index (GPtrArray *totals, RcByteTotal *t)
{
  guint index = 0;

  g_ptr_array_find (totals, t, &index);
  return index;
}

static void
compute_totals (const RcRunRecord *record, RcRunAnalysis *self)
{
  g_autoptr (GArray) step_spans = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) group_spans = g_array_new (FALSE, FALSE, sizeof (double));

  total_for (self->step_totals, "page", 0);
  for (guint i = 0; i < record->steps->len; i++)
    {
      const RcRunStep *s = record->steps->pdata[i];
      g_autofree char *key = rc_run_step_key (s);

      total_for (self->step_totals, key, s->step);
    }
  for (guint i = 0; i < self->resources->len; i++)
    {
      const RcResourceVerdict *r = self->resources->pdata[i];

      RcByteTotal *st = total_for (self->step_totals, r->step_key, r->step);
      RcByteTotal *gt = total_for (self->group_totals, r->group, r->step);

      add_to_total (st, step_spans, total_index (self->step_totals, st), r);
      add_to_total (gt, group_spans, total_index (self->group_totals, gt), r);
      if (g_str_equal (r->step_key, RC_STEP_AFTER_READY))
        {
          self->after_ready_bytes += r->bytes;
          rc_add_known_bytes (&self->after_ready_decoded_bytes, r->decoded_bytes);
        }
      else
        {
          self->total_bytes += r->bytes;
          rc_add_known_bytes (&self->total_decoded_bytes, r->decoded_bytes);
        }
      self->counts[r->verdict]++;
    }
}

static void
flag (RcRunAnalysis *self, const RcRunRecord *record, RcSeverity severity, const char *rule,
      const char *hint, char *message /* owned */)
{
  g_ptr_array_add (self->flags,
                   rc_diagnostic_new (severity, "", 0, 0, record->run_id, rule, message, hint));
  g_free (message);
}

static void
flag_overlay (RcRunAnalysis *self, const RcRunRecord *record)
{
  g_autoptr (GString) missing = g_string_new (NULL);
  guint expected = 0, observed = 0;

  for (guint i = 0; i < record->expected->len; i++)
    {
      const RcExpectedResource *e = record->expected->pdata[i];

      if (!e->overlay)
        continue;
      expected++;
      if (rc_run_analysis_find (self, e->file_name) != NULL)
        observed++;
      else
        g_string_append_printf (missing, "%s%s", missing->len > 0 ? ", " : "", e->file_name);
    }
  if (expected == 0)
    flag (self, record, RC_SEVERITY_NOTE, "no-overlay-expected", NULL,
          g_strdup (_ ("no overlay wheels are expected, so the warm wheel check does not "
                       "apply")));
  else if (observed == 0)
    flag (self, record, RC_SEVERITY_ERROR, "warm-overlay-unobserved",
          _ ("Check that the boot loaded the overlay at all; an unobserved wheel fails, it "
             "does not pass vacuously."),
          g_strdup_printf (ngettext ("the %u expected overlay wheel was not observed in this run",
                                     "none of the %u expected overlay wheels was observed in "
                                     "this run",
                                     expected),
                           expected));
  else if (observed < expected)
    flag (self, record, RC_SEVERITY_ERROR, "warm-overlay-unobserved",
          _ ("Check that the boot loaded the overlay at all; an unobserved wheel fails, it "
             "does not pass vacuously."),
          /* TRANSLATORS: the plural follows the second number, "1 of 3 expected overlay
           * wheels were not observed: a.whl" */
          g_strdup_printf (ngettext ("%u of %u expected overlay wheel was not observed: %s",
                                     "%u of %u expected overlay wheels were not observed: %s",
                                     expected),
                           expected - observed, expected, missing->str));
}

/* An expected resource neither source saw in a boot that reached ready: it was loaded (the
 * boot needed it), so its verdict is unknown, and says so instead of vanishing. Overlay
 * wheels in warm runs and renamed wheels have their own rules. */
static void
flag_unobserved (RcRunAnalysis *self, const RcRunRecord *record, gboolean warm)
{
  if (record->outcome.state != RC_OUTCOME_READY)
    return;
  for (guint i = 0; i < record->expected->len; i++)
    {
      const RcExpectedResource *e = record->expected->pdata[i];

      if ((warm && e->overlay) || e->fresh || rc_run_analysis_find (self, e->file_name) != NULL)
        continue;
      flag (self, record, RC_SEVERITY_WARNING, "expected-unobserved",
            _ ("WebKit leaves memory-cache hits out of Resource Timing, so a worker that reports "
               "no loads of its own hides them; its verdict is unknown, not cache."),
            g_strdup_printf (_ ("%s was expected, but neither the proxy's request log nor the "
                                "worker (Resource Timing or its load wrappers) saw it"),
                             e->file_name));
    }
}

/* The page's clock and the console's must tell one story: the browser's start plus the boot
 * is the console's wall time, less a message's relay (rc-boot-clock.h). */
#define CLOCK_SLACK_MS 250

static void
flag_clocks (RcRunAnalysis *self, const RcRunRecord *record)
{
  double gap;

  if (g_strcmp0 (record->boot_clock, "navigation") != 0 || record->start_ms < 0
      || record->wall_ms < 0 || record->boot_ms < 0)
    return;
  gap = record->wall_ms - record->start_ms - record->boot_ms;
  if (gap > -CLOCK_SLACK_MS && gap < CLOCK_SLACK_MS)
    return;
  flag (self, record, RC_SEVERITY_WARNING, "boot-clocks-disagree",
        _ ("The boot time is the page's own; a gap this large means a message was held up on "
           "its way to the console."),
        g_strdup_printf (_ ("browser start %.0f ms + boot %.0f ms from navigation is %.0f ms off "
                            "the console's wall clock of %.0f ms"),
                         record->start_ms, record->boot_ms, gap, record->wall_ms));
}

static void
compute_flags (const RcRunRecord *record, RcRunAnalysis *self)
{
  gboolean warm = rc_scenario_is_warm (record->scenario);

  flag_clocks (self, record);

  for (guint i = 0; i < self->resources->len; i++)
    {
      const RcResourceVerdict *r = self->resources->pdata[i];
      const RcExpectedResource *e = find_expected (record, r->file_name);

      if (warm && e != NULL && e->immutable && !e->fresh && r->verdict == RC_VERDICT_NETWORK)
        {
          g_autofree char *bytes = number_text ((gint64) r->bytes);

          flag (self, record, RC_SEVERITY_ERROR, "warm-immutable-network",
                _ ("An immutable resource must come from the HTTP cache on a warm boot."),
                g_strdup_printf (ngettext ("%s is immutable but went to the network in a %s run "
                                           "(%s byte)",
                                           "%s is immutable but went to the network in a %s run "
                                           "(%s bytes)",
                                           (gulong) r->bytes),
                                 r->file_name, rc_scenario_to_string (record->scenario), bytes));
        }
      if (!warm && r->verdict == RC_VERDICT_CACHE)
        flag (self, record, RC_SEVERITY_WARNING, "cold-cache-hit",
              _ ("A cold run needs a fresh, empty HTTP cache."),
              g_strdup_printf (_ ("%s came from the cache in a cold run"), r->file_name));
      if (r->verdict == RC_VERDICT_DISAGREE)
        flag (self, record, RC_SEVERITY_WARNING, "verdict-disagree", NULL,
              g_strdup_printf ("%s: %s", r->file_name, r->reason));
      if (r->verdict == RC_VERDICT_FAILED)
        flag (self, record, RC_SEVERITY_WARNING, "resource-failed", NULL,
              g_strdup_printf ("%s: %s", r->file_name, r->reason));
    }
  if (warm)
    flag_overlay (self, record);
  flag_unobserved (self, record, warm);
  {
    /* the engine's own view of connection reuse, checked as a cache verdict is */
    g_autoptr (RcRunConnections) c = rc_run_connections_summarise (record);

    for (guint i = 0; i < c->disagreements->len; i++)
      flag (self, record, RC_SEVERITY_WARNING, "connection-disagree", NULL,
            g_strdup (c->disagreements->pdata[i]));
  }
  for (guint i = 0; record->scenario == RC_SCENARIO_CHANGED_WHEEL && i < record->expected->len; i++)
    {
      const RcExpectedResource *e = record->expected->pdata[i];
      const RcResourceVerdict *r = e->fresh ? rc_run_analysis_find (self, e->file_name) : NULL;

      if (e->fresh && (r == NULL || r->verdict != RC_VERDICT_NETWORK))
        flag (self, record, RC_SEVERITY_ERROR, "changed-wheel-cached",
              _ ("A wheel under a new file name must be fetched from the network."),
              g_strdup_printf (_ ("the renamed wheel %s was %s"), e->file_name,
                               r == NULL ? _ ("not observed") : rc_verdict_to_string (r->verdict)));
    }
}

RcRunAnalysis *
rc_run_analyse (const RcRunRecord *record)
{
  RcRunAnalysis *self = g_new0 (RcRunAnalysis, 1);

  self->resources = g_ptr_array_new_with_free_func ((GDestroyNotify) resource_free);
  self->step_totals = g_ptr_array_new_with_free_func ((GDestroyNotify) total_free);
  self->group_totals = g_ptr_array_new_with_free_func ((GDestroyNotify) total_free);
  self->flags = rc_diagnostics_new ();
  collect_resources (record, self->resources);
  g_ptr_array_sort (self->resources, compare_start);
  compute_totals (record, self);
  compute_flags (record, self);
  return self;
}

const RcResourceVerdict *
rc_run_analysis_find (const RcRunAnalysis *self, const char *file_name)
{
  for (guint i = 0; i < self->resources->len; i++)
    {
      const RcResourceVerdict *r = self->resources->pdata[i];

      if (g_strcmp0 (r->file_name, file_name) == 0)
        return r;
    }
  return NULL;
}

const RcByteTotal *
rc_run_analysis_group (const RcRunAnalysis *self, const char *group)
{
  for (guint i = 0; i < self->group_totals->len; i++)
    {
      const RcByteTotal *t = self->group_totals->pdata[i];

      if (g_str_equal (t->key, group))
        return t;
    }
  return NULL;
}
