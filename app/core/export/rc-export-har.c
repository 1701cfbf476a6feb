/* rc-export-har.c: HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) of every run.
 *
 * One page per run, one entry per resource verdict. Custom fields start with "_" as HAR
 * allows: _run, _step, _verdict, _group, _reason, _reused (the proxy connection had carried a
 * request before), and _fromCache ("disk") on cache hits, which Chrome DevTools shows in its
 * Size column. "connection" is the proxy's connection id, as DevTools writes its own. bodySize is wire bytes, content.size the
 * decoded body, as DevTools writes them. Times not measured are -1, as HAR says.
 * startedDateTime is the run's date plus the entry's offset from the run's first resource
 * (the worker clock has no wall-clock anchor of its own).
 */
#include "config.h"

#include <math.h>

#include "core/measurement/rc-measurement.h"
#include "core/export/rc-export-har.h"

static void
set_string (JsonObject *o, const char *name, const char *value)
{
  json_object_set_string_member (o, name, value != NULL ? value : "");
}

/* ISO 8601 with milliseconds, the form JavaScript's Date (and so DevTools) parses. */
static char *
iso_at (GDateTime *base, double offset_ms)
{
  g_autoptr (GDateTime) t = g_date_time_add (base, (GTimeSpan) (offset_ms * 1000.0));
  g_autofree char *seconds = g_date_time_format (t, "%Y-%m-%dT%H:%M:%S");

  return g_strdup_printf ("%s.%03dZ", seconds, g_date_time_get_microsecond (t) / 1000);
}

static JsonArray *
empty_array (void)
{
  return json_array_new ();
}

static JsonObject *
request_object (const RcResourceVerdict *r, const RcRequestRecord *req)
{
  JsonObject *o = json_object_new ();
  g_autoptr (GUri) uri = g_uri_parse (r->url, G_URI_FLAGS_ENCODED, NULL);
  JsonArray *query = empty_array ();

  set_string (o, "method", req != NULL && req->method != NULL ? req->method : "GET");
  set_string (o, "url", r->url);
  set_string (o, "httpVersion", "HTTP/1.1");
  json_object_set_array_member (o, "cookies", empty_array ());
  json_object_set_array_member (o, "headers", empty_array ());
  if (uri != NULL && g_uri_get_query (uri) != NULL)
    {
      g_autoptr (GHashTable) params =
          g_uri_parse_params (g_uri_get_query (uri), -1, "&", G_URI_PARAMS_NONE, NULL);
      GHashTableIter iter;
      gpointer key, value;

      if (params != NULL)
        {
          g_hash_table_iter_init (&iter, params);
          while (g_hash_table_iter_next (&iter, &key, &value))
            {
              JsonObject *p = json_object_new ();

              set_string (p, "name", key);
              set_string (p, "value", value);
              json_array_add_object_element (query, p);
            }
        }
    }
  json_object_set_array_member (o, "queryString", query);
  json_object_set_int_member (o, "headersSize", -1);
  json_object_set_int_member (o, "bodySize", 0);
  return o;
}

static const char *
status_text (guint status)
{
  static const struct
  {
    guint status;
    const char *text;
  } texts[] = {
    { 200, "OK" },           { 204, "No Content" },          { 206, "Partial Content" },
    { 304, "Not Modified" }, { 400, "Bad Request" },         { 403, "Forbidden" },
    { 404, "Not Found" },    { 405, "Method Not Allowed" },  { 500, "Internal Server Error" },
    { 502, "Bad Gateway" },  { 503, "Service Unavailable" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    if (texts[i].status == status)
      return texts[i].text;
  return "";
}

static void
add_header (JsonArray *headers, const char *name, const char *value)
{
  JsonObject *h = json_object_new ();

  set_string (h, "name", name);
  set_string (h, "value", value);
  json_array_add_object_element (headers, h);
}

/* The response headers the log knows of @req: the ones the engine's cache keeps with it. */
static JsonArray *
response_headers (const RcRequestRecord *req)
{
  JsonArray *headers = empty_array ();
  g_autofree char *length = NULL;

  if (req == NULL)
    return headers;
  if (req->content_type != NULL)
    add_header (headers, "Content-Type", req->content_type);
  if (req->content_encoding != NULL)
    add_header (headers, "Content-Encoding", req->content_encoding);
  if (req->status != 304)
    {
      length = g_strdup_printf ("%" G_GUINT64_FORMAT, req->bytes);
      add_header (headers, "Content-Length", length);
    }
  return headers;
}

/* A cache hit's response is the one an earlier run fetched: the last 200 for the same URL
 * in the runs before @run (the engine's cache holds what the proxy sent then). */
static const RcRequestRecord *
cached_response (const RcMeasurement *m, const RcRunRecord *run, const char *url)
{
  const RcRequestRecord *found = NULL;

  for (guint i = 0; i < m->runs->len && m->runs->pdata[i] != run; i++)
    {
      const RcRunRecord *earlier = m->runs->pdata[i];

      for (guint j = 0; j < earlier->requests->len; j++)
        {
          const RcRequestRecord *req = earlier->requests->pdata[j];

          if (req->status == 200 && g_strcmp0 (req->url, url) == 0)
            found = req;
        }
    }
  return found;
}

/* bodySize is what crossed the wire (still encoded), content.size the body once decoded,
 * content.compression their difference (HAR 1.2 §content). A cache hit transferred nothing
 * but its content is the cached response's. */
static JsonObject *
response_object (const RcResourceVerdict *r, const RcRequestRecord *req,
                 const RcRequestRecord *cached)
{
  JsonObject *o = json_object_new ();
  JsonObject *content = json_object_new ();
  const RcRequestRecord *shown = r->verdict == RC_VERDICT_CACHE ? cached : req;
  guint status = r->status;
  gint64 size;

  /* a cache hit never reached the proxy: the status is the cached response's */
  if (r->verdict == RC_VERDICT_CACHE)
    status = 200;
  json_object_set_int_member (o, "status", status);
  set_string (o, "statusText", status_text (status));
  set_string (o, "httpVersion", "HTTP/1.1");
  json_object_set_array_member (o, "cookies", empty_array ());
  json_object_set_array_member (o, "headers", response_headers (shown));
  if (r->verdict == RC_VERDICT_CACHE)
    size = cached != NULL ? cached->decoded_bytes : -1;
  else
    size = r->decoded_bytes;
  /* unknown (an older report): the wire size is the best lower bound HAR can carry */
  json_object_set_int_member (content, "size", size >= 0 ? size : (gint64) r->bytes);
  if (r->verdict != RC_VERDICT_CACHE && size > (gint64) r->bytes)
    json_object_set_int_member (content, "compression", size - (gint64) r->bytes);
  set_string (content, "mimeType",
              shown != NULL && shown->content_type != NULL ? shown->content_type
                                                           : "application/octet-stream");
  json_object_set_object_member (o, "content", content);
  set_string (o, "redirectURL", "");
  json_object_set_int_member (o, "headersSize", -1);
  json_object_set_int_member (o, "bodySize",
                              r->verdict == RC_VERDICT_CACHE ? 0 : (gint64) r->bytes);
  return o;
}

static void
set_ms_or_unknown (JsonObject *t, const char *name, gint64 us)
{
  if (us >= 0)
    json_object_set_double_member (t, name, us / 1000.0);
  else
    json_object_set_int_member (t, name, -1);
}

/* HAR timings: send/wait/receive are required and non-negative; time is their sum, with
 * connect (which includes ssl, HAR 1.2 says) on a connection's first request: its CONNECT
 * and TLS handshake. A reused connection has neither: -1. */
static double
timings_object (JsonObject *entry, const RcResourceVerdict *r, const RcRequestRecord *req)
{
  JsonObject *t = json_object_new ();
  double wait = 0, receive = 0, connect = 0;

  if (req != NULL && req->first_byte_us > 0 && req->end_us >= req->first_byte_us)
    {
      wait = MAX (0, (req->first_byte_us - req->start_us) / 1000.0);
      receive = (req->end_us - req->first_byte_us) / 1000.0;
    }
  else if (!isnan (r->start_ms) && !isnan (r->end_ms) && r->end_ms >= r->start_ms)
    receive = r->end_ms - r->start_ms;
  json_object_set_int_member (t, "blocked", -1);
  json_object_set_int_member (t, "dns", -1);
  if (req != NULL && req->connection != 0 && !req->reused && req->connect_us >= 0)
    {
      connect = req->connect_us / 1000.0;
      set_ms_or_unknown (t, "connect", req->connect_us);
      set_ms_or_unknown (t, "ssl", req->ssl_us);
    }
  else
    {
      json_object_set_int_member (t, "connect", -1);
      json_object_set_int_member (t, "ssl", -1);
    }
  json_object_set_double_member (t, "send", 0);
  json_object_set_double_member (t, "wait", wait);
  json_object_set_double_member (t, "receive", receive);
  json_object_set_object_member (entry, "timings", t);
  return connect + wait + receive;
}

static JsonObject *
entry_object (const RcMeasurement *m, const RcRunRecord *run, const RcResourceVerdict *r,
              GDateTime *base, double first)
{
  const RcRequestRecord *req =
      r->request_index >= 0 ? run->requests->pdata[r->request_index] : NULL;
  JsonObject *e = json_object_new ();
  g_autofree char *started = iso_at (base, isnan (r->start_ms) ? 0 : r->start_ms - first);
  double time;

  set_string (e, "pageref", run->run_id);
  set_string (e, "startedDateTime", started);
  json_object_set_object_member (e, "request", request_object (r, req));
  json_object_set_object_member (
      e, "response",
      response_object (r, req,
                       r->verdict == RC_VERDICT_CACHE ? cached_response (m, run, r->url) : NULL));
  json_object_set_object_member (e, "cache", json_object_new ());
  time = timings_object (e, r, req);
  json_object_set_double_member (e, "time", time);
  /* a cache hit used no connection */
  if (req != NULL && req->connection != 0 && r->verdict != RC_VERDICT_CACHE)
    {
      g_autofree char *connection = g_strdup_printf ("%u", req->connection);

      set_string (e, "connection", connection);
      json_object_set_boolean_member (e, "_reused", req->reused);
    }
  set_string (e, "_run", run->run_id);
  set_string (e, "_step", r->step_key);
  set_string (e, "_verdict", rc_verdict_to_string (r->verdict));
  set_string (e, "_group", r->group);
  set_string (e, "_reason", r->reason);
  if (r->verdict == RC_VERDICT_CACHE)
    set_string (e, "_fromCache", "disk");
  return e;
}

static GDateTime *
run_date (const RcRunRecord *run)
{
  GDateTime *date = NULL;

  if (run->env.date != NULL)
    date = g_date_time_new_from_iso8601 (run->env.date, NULL);
  return date != NULL ? date : g_date_time_new_from_unix_utc (0);
}

static JsonObject *
page_object (const RcRunRecord *run, const char *community, GDateTime *base)
{
  JsonObject *p = json_object_new ();
  JsonObject *timings = json_object_new ();
  g_autofree char *started = iso_at (base, 0);
  g_autofree char *title =
      g_strdup_printf ("%s %s (%s)", community != NULL ? community : "", run->run_id,
                       run->outcome.state == RC_OUTCOME_READY ? "ready" : "failed");

  set_string (p, "startedDateTime", started);
  set_string (p, "id", run->run_id);
  set_string (p, "title", title);
  json_object_set_int_member (timings, "onContentLoad", -1);
  if (run->boot_ms >= 0)
    json_object_set_double_member (timings, "onLoad", run->boot_ms);
  else
    json_object_set_int_member (timings, "onLoad", -1);
  json_object_set_object_member (p, "pageTimings", timings);
  set_string (p, "_scenario", rc_scenario_to_string (run->scenario));
  return p;
}

JsonNode *
rc_measurement_to_har (const RcMeasurement *self)
{
  JsonObject *root = json_object_new ();
  JsonObject *log = json_object_new ();
  JsonObject *creator = json_object_new ();
  JsonObject *browser = json_object_new ();
  JsonArray *pages = json_array_new ();
  JsonArray *entries = json_array_new ();
  const RcRunRecord *first_run = self->runs->len > 0 ? self->runs->pdata[0] : NULL;
  JsonNode *node;

  set_string (log, "version", "1.2");
  set_string (creator, "name", "runtime-console");
  set_string (creator, "version", self->tool_version);
  json_object_set_object_member (log, "creator", creator);
  set_string (browser, "name", "WebKitGTK");
  set_string (browser, "version", first_run != NULL ? first_run->env.webkit_version : "");
  json_object_set_object_member (log, "browser", browser);
  for (guint i = 0; i < self->runs->len; i++)
    {
      const RcRunRecord *run = self->runs->pdata[i];
      const RcRunAnalysis *a = rc_measurement_get_analysis (self, i);
      g_autoptr (GDateTime) base = run_date (run);
      double first = G_MAXDOUBLE;

      json_array_add_object_element (pages, page_object (run, self->community, base));
      for (guint j = 0; j < a->resources->len; j++)
        {
          const RcResourceVerdict *r = a->resources->pdata[j];

          if (!isnan (r->start_ms))
            first = MIN (first, r->start_ms);
        }
      if (first == G_MAXDOUBLE)
        first = 0;
      for (guint j = 0; j < a->resources->len; j++)
        json_array_add_object_element (
            entries, entry_object (self, run, a->resources->pdata[j], base, first));
    }
  json_object_set_array_member (log, "pages", pages);
  json_object_set_array_member (log, "entries", entries);
  json_object_set_object_member (root, "log", log);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, root);
  return node;
}
