/* rc-run-connections.c: a run's proxy connections per origin, checked against the engine. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/record/rc-run-connections.h"

static void
origin_free (RcOriginConnections *o)
{
  g_free (o->origin);
  g_free (o);
}

void
rc_run_connections_free (RcRunConnections *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->origins);
  g_ptr_array_unref (self->disagreements);
  g_free (self);
}

/* "https://host[:port]" of a request: a CONNECT names "host:port", the tunnel's https origin. */
static char *
origin_of (const RcRequestRecord *r)
{
  g_autoptr (GUri) uri = NULL;
  g_autofree char *authority = NULL;

  if (r->url == NULL)
    return NULL;
  if (g_strcmp0 (r->method, "CONNECT") == 0)
    {
      authority = g_str_has_suffix (r->url, ":443")
                      ? g_strndup (r->url, strlen (r->url) - strlen (":443"))
                      : g_strdup (r->url);
      return g_strconcat ("https://", authority, NULL);
    }
  uri = g_uri_parse (r->url, G_URI_FLAGS_ENCODED, NULL);
  if (uri == NULL || g_uri_get_host (uri) == NULL)
    return NULL;
  if (g_uri_get_port (uri) > 0)
    return g_strdup_printf ("%s://%s:%d", g_uri_get_scheme (uri), g_uri_get_host (uri),
                            g_uri_get_port (uri));
  return g_strdup_printf ("%s://%s", g_uri_get_scheme (uri), g_uri_get_host (uri));
}

static RcOriginConnections *
origin_entry (RcRunConnections *self, const char *origin)
{
  RcOriginConnections *o;

  for (guint i = 0; i < self->origins->len; i++)
    if (g_strcmp0 (((RcOriginConnections *) self->origins->pdata[i])->origin, origin) == 0)
      return self->origins->pdata[i];
  o = g_new0 (RcOriginConnections, 1);
  o->origin = g_strdup (origin);
  g_ptr_array_add (self->origins, o);
  return o;
}

static void
disagree (RcRunConnections *self, char *text /* owned */)
{
  self->engine_disagree++;
  g_ptr_array_add (self->disagreements, text);
}

/* The engine's connection ids and the proxy's must group the requests alike: one engine id
 * is one proxy connection and back. FALSE (and the disagreement said) when they do not. */
static gboolean
same_grouping (RcRunConnections *self, GHashTable *by_engine, GHashTable *by_proxy,
               const RcEngineConnection *e, const RcRequestRecord *found)
{
  gpointer proxy = g_hash_table_lookup (by_engine, e->connection);
  const char *engine = g_hash_table_lookup (by_proxy, GUINT_TO_POINTER (found->connection));

  if (proxy == NULL && engine == NULL)
    {
      g_hash_table_insert (by_engine, e->connection, GUINT_TO_POINTER (found->connection));
      g_hash_table_insert (by_proxy, GUINT_TO_POINTER (found->connection), e->connection);
      return TRUE;
    }
  if (GPOINTER_TO_UINT (proxy) == found->connection && g_strcmp0 (engine, e->connection) == 0)
    return TRUE;
  disagree (self, g_strdup_printf (_ ("%s: the proxy answered it on connection #%u, which the "
                                      "engine does not hold for its connection %s"),
                                   e->url, found->connection, e->connection));
  return FALSE;
}

/* Each response the engine named is matched with the proxy's first unmatched request for
 * the same URL; a response the proxy never saw (the engine's cache) has nothing to check.
 * A request the proxy saw first on a connection may still be "reused" to the engine: a
 * browser opens connections ahead of the requests that will need them (Chromium's
 * preconnects, Firefox's speculative connections), and such a request waited for no set-up.
 * So that direction is no disagreement; one the proxy saw on a reused connection but the
 * engine on a new one is, and so is a different grouping of requests into connections
 * (Chromium names its connections). */
static void
check_engine (RcRunConnections *self, const RcRunRecord *record)
{
  g_autoptr (GHashTable) matched = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) by_engine = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) by_proxy = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < record->engine_connections->len; i++)
    {
      const RcEngineConnection *e = record->engine_connections->pdata[i];
      const RcRequestRecord *found = NULL;

      for (guint j = 0; j < record->requests->len && found == NULL; j++)
        {
          const RcRequestRecord *r = record->requests->pdata[j];

          if (r->connection != 0 && g_strcmp0 (r->method, "CONNECT") != 0
              && g_strcmp0 (r->url, e->url) == 0 && !g_hash_table_contains (matched, r))
            found = r;
        }
      if (found == NULL)
        continue;
      g_hash_table_add (matched, (gpointer) found);
      self->engine_checked++;
      if (e->connection != NULL && !same_grouping (self, by_engine, by_proxy, e, found))
        continue;
      if (found->reused && !e->reused)
        disagree (self, g_strdup_printf (_ ("%s: the proxy answered it on a reused connection "
                                            "(#%u), the engine says a new one"),
                                         e->url, found->connection));
    }
}

RcRunConnections *
rc_run_connections_summarise (const RcRunRecord *record)
{
  RcRunConnections *self = g_new0 (RcRunConnections, 1);
  g_autoptr (GHashTable) opened = g_hash_table_new (NULL, NULL); /* connection → its origin */

  self->origins = g_ptr_array_new_with_free_func ((GDestroyNotify) origin_free);
  self->disagreements = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < record->requests->len; i++)
    {
      const RcRequestRecord *r = record->requests->pdata[i];
      gboolean connect = g_strcmp0 (r->method, "CONNECT") == 0;
      g_autofree char *origin = NULL;
      RcOriginConnections *o;

      if (r->connection == 0 || r->method == NULL || (origin = origin_of (r)) == NULL)
        continue;
      self->known = TRUE;
      o = origin_entry (self, origin);
      /* a connection is opened by its CONNECT, or by its first request when it has none */
      if ((connect || !r->reused)
          && g_hash_table_insert (opened, GUINT_TO_POINTER (r->connection), o))
        {
          o->opened++;
          self->opened++;
        }
      if (connect && r->status == 200 && g_strcmp0 (r->origin, "tunnel") == 0)
        {
          o->tls_handshakes++;
          self->tls_handshakes++;
        }
      else if (!connect)
        {
          o->requests++;
          self->requests++;
        }
    }
  check_engine (self, record);
  return self;
}

char *
rc_run_connections_ratio (guint requests, guint opened)
{
  if (opened == 0)
    return g_strdup ("—");
  return g_strdup_printf ("%.1f", requests / (double) opened);
}

static void
add_origin (JsonBuilder *b, gconstpointer item)
{
  const RcOriginConnections *o = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "origin", o->origin);
  rc_json_add_int (b, "opened", o->opened);
  rc_json_add_int (b, "tls_handshakes", o->tls_handshakes);
  rc_json_add_int (b, "requests", o->requests);
  json_builder_end_object (b);
}

static void
add_engine_connection (JsonBuilder *b, gconstpointer item)
{
  const RcEngineConnection *c = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "url", c->url);
  rc_json_add_string (b, "connection", c->connection);
  rc_json_add_bool (b, "reused", c->reused);
  json_builder_end_object (b);
}

void
rc_run_connections_add_json (JsonBuilder *b, const RcRunRecord *record)
{
  g_autoptr (RcRunConnections) c = rc_run_connections_summarise (record);

  json_builder_set_member_name (b, "connections");
  if (!c->known)
    json_builder_add_null_value (b);
  else
    {
      json_builder_begin_object (b);
      rc_json_add_int (b, "opened", c->opened);
      rc_json_add_int (b, "tls_handshakes", c->tls_handshakes);
      rc_json_add_int (b, "requests", c->requests);
      rc_json_add_double_or_null (b, "requests_per_connection",
                                  c->opened > 0 ? c->requests / (double) c->opened : 0,
                                  c->opened == 0);
      rc_json_add_int (b, "engine_checked", c->engine_checked);
      rc_json_add_int (b, "engine_disagree", c->engine_disagree);
      rc_json_add_array (b, "origins", c->origins, add_origin);
      json_builder_end_object (b);
    }
  rc_json_add_array (b, "engine_connections", record->engine_connections, add_engine_connection);
}

gboolean
rc_run_connections_read_json (JsonObject *o, const char *path, RcRunRecord *record, GError **error)
{
  JsonNode *node = json_object_get_member (o, "engine_connections");
  JsonArray *array;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE; /* reports before it */
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("%s.engine_connections: expected an array"), path);
      return FALSE;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      JsonObject *e = JSON_NODE_HOLDS_OBJECT (element) ? json_node_get_object (element) : NULL;
      JsonNode *url = e != NULL ? json_object_get_member (e, "url") : NULL;
      JsonNode *reused = e != NULL ? json_object_get_member (e, "reused") : NULL;

      if (url == NULL || json_node_get_value_type (url) != G_TYPE_STRING || reused == NULL
          || json_node_get_value_type (reused) != G_TYPE_BOOLEAN)
        {
          g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                       _ ("%s.engine_connections[%u]: expected an object with url and reused"),
                       path, i);
          return FALSE;
        }
      rc_run_record_add_engine_connection (
          record, json_node_get_string (url),
          json_object_get_string_member_with_default (e, "connection", NULL),
          json_node_get_boolean (reused));
    }
  return TRUE;
}
