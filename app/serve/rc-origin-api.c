/* rc-origin-api.c: the OSA API origin: GET {api}/{community}[/] and the wheel route.
 *
 * The rules are community-config.md §5, as a client can observe them: the /config subset
 * from RcCommunity, and wheels only by exact file_name from the *verified* overlay, whose
 * bytes were read once at load (a file changed on disk since is never sent).
 */
#include "config.h"

#include "core/model/rc-lock-overlay.h"
#include "rc-server-private.h"

#define WHEEL_CACHE_CONTROL "public, max-age=31536000, immutable"
#define NO_SUCH_FILE        "No such runtime file"
#define UNAVAILABLE         "This community's browser runtime is unavailable"

/* FastAPI's JSONResponse: compact separators. */
static void
set_json_detail (SoupServerMessage *msg, guint status, const char *detail)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *body = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "detail");
  json_builder_add_string_value (builder, detail);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  body = json_to_string (root, FALSE);
  rc_origin_set_text (msg, status, "application/json", body);
}

static gboolean
origin_allowed (RcServer *self, const char *origin)
{
  g_auto (GStrv) origins = NULL;

  if (g_ascii_strcasecmp (origin, self->page->url) == 0)
    return TRUE;
  origins = self->community != NULL ? rc_community_get_cors_origins (self->community) : NULL;
  return origins != NULL && g_strv_contains ((const char *const *) origins, origin);
}

/* CORS as OSA's middleware does it: echo an allowed Origin; without one, the page's. */
static void
set_cors (RcServer *self, SoupServerMessage *msg)
{
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  const char *origin = soup_message_headers_get_one (request, "Origin");

  if (origin == NULL)
    origin = self->page->url;
  else if (!origin_allowed (self, origin))
    {
      rc_request_log_set_note (msg, "Origin %s is neither the page nor in cors_origins", origin);
      return;
    }
  soup_message_headers_replace (response, "Access-Control-Allow-Origin", origin);
  soup_message_headers_append (response, "Vary", "Origin");
}

/* OSA_CLIENT_TOOLS_DISABLED, the kill switch, read live as OSA's server does. */
static gboolean
kill_switch_on (void)
{
  g_autofree char *value = g_strdup (g_getenv ("OSA_CLIENT_TOOLS_DISABLED"));
  g_autofree char *lower = NULL;

  if (value == NULL)
    return FALSE;
  lower = g_ascii_strdown (g_strstrip (value), -1);
  return g_str_equal (lower, "1") || g_str_equal (lower, "true") || g_str_equal (lower, "yes")
         || g_str_equal (lower, "on");
}

/* rc_server_rename_wheel(): runtime_lock names the new file, as a rebuilt release would. */
static void
apply_renames (RcServer *self, JsonNode *payload)
{
  JsonObject *root = JSON_NODE_HOLDS_OBJECT (payload) ? json_node_get_object (payload) : NULL;
  JsonNode *lock = root != NULL ? json_object_get_member (root, "runtime_lock") : NULL;
  JsonObject *packages;
  GHashTableIter iter;
  gpointer new_name, old_name;

  if (lock == NULL || !JSON_NODE_HOLDS_OBJECT (lock)
      || (packages = json_object_get_object_member (json_node_get_object (lock), "packages"))
             == NULL)
    return;
  g_hash_table_iter_init (&iter, self->wheel_renames);
  while (g_hash_table_iter_next (&iter, &new_name, &old_name))
    {
      g_autoptr (GList) entries = json_object_get_values (packages);

      for (GList *l = entries; l != NULL; l = l->next)
        {
          JsonObject *entry =
              JSON_NODE_HOLDS_OBJECT (l->data) ? json_node_get_object (l->data) : NULL;

          if (entry != NULL
              && g_strcmp0 (json_object_get_string_member_with_default (entry, "file_name", ""),
                            old_name)
                     == 0)
            json_object_set_string_member (entry, "file_name", new_name);
        }
    }
}

static void
answer_config (RcServer *self, SoupServerMessage *msg)
{
  g_autoptr (JsonNode) payload =
      rc_community_build_config_payload (self->community, self->deployment);
  RcLockOverlay *overlay = rc_community_get_overlay (self->community);
  g_autofree char *body = NULL;

  apply_renames (self, payload);
  body = json_to_string (payload, FALSE);
  rc_origin_set_text (msg, SOUP_STATUS_OK, "application/json", body);
  if (overlay != NULL && !rc_lock_overlay_is_verified (overlay))
    rc_request_log_set_note (msg, "the runtime lock overlay does not verify, so client_tools, "
                                  "runtime and runtime_lock are sent empty");
}

/* The name a request asks for is served from the overlay entry it stands for. */
static const char *
served_name (RcServer *self, const char *requested)
{
  const char *renamed_from = g_hash_table_lookup (self->wheel_renames, requested);
  GHashTableIter iter;
  gpointer old_name;

  if (renamed_from != NULL)
    return renamed_from;
  g_hash_table_iter_init (&iter, self->wheel_renames);
  while (g_hash_table_iter_next (&iter, NULL, &old_name))
    if (g_str_equal (old_name, requested))
      return NULL; /* renamed away */
  return requested;
}

static void
answer_wheel (RcServer *self, SoupServerMessage *msg, const char *encoded_name)
{
  g_autofree char *name = g_uri_unescape_string (encoded_name, NULL);
  RcLockOverlay *overlay = NULL;
  GBytes *bytes = NULL;
  const char *served;

  if (!rc_community_has_client_tools (self->community) || kill_switch_on ())
    {
      rc_request_log_set_note (msg, "no client tools are offered");
      set_json_detail (msg, SOUP_STATUS_NOT_FOUND, NO_SUCH_FILE);
      return;
    }
  if ((overlay = rc_community_get_overlay (self->community)) == NULL)
    {
      rc_request_log_set_note (msg, "the community has no lockfile");
      set_json_detail (msg, SOUP_STATUS_NOT_FOUND, NO_SUCH_FILE);
      return;
    }
  if (!rc_lock_overlay_is_verified (overlay))
    {
      rc_request_log_set_note (msg, "the runtime lock overlay does not verify");
      set_json_detail (msg, SOUP_STATUS_SERVICE_UNAVAILABLE, UNAVAILABLE);
      return;
    }
  served = name != NULL ? served_name (self, name) : NULL;
  if (served == NULL || (bytes = rc_lock_overlay_get_wheel (overlay, served)) == NULL)
    {
      rc_request_log_set_note (msg, "%s is not a wheel of the verified overlay",
                               name != NULL ? name : encoded_name);
      set_json_detail (msg, SOUP_STATUS_NOT_FOUND, NO_SUCH_FILE);
      return;
    }
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Cache-Control",
                                WHEEL_CACHE_CONTROL);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Content-Type",
                                "application/octet-stream");
  soup_message_body_append_bytes (soup_server_message_get_response_body (msg), bytes);
}

static void
answer_preflight (SoupServerMessage *msg)
{
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  g_autofree char *allowed =
      g_strdup (soup_message_headers_get_one (response, "Access-Control-Allow-Origin"));

  if (allowed != NULL)
    rc_origin_cors_preflight (msg, allowed);
  else
    rc_origin_set_text (msg, SOUP_STATUS_BAD_REQUEST, "text/plain; charset=utf-8",
                        "Disallowed CORS origin");
}

void
rc_origin_api_handle (RcServer *self, SoupServerMessage *msg, const char *path)
{
  const char *id = self->community != NULL ? rc_community_get_id (self->community) : NULL;
  g_auto (GStrv) parts = NULL;

  rc_request_log_set_origin (msg, "api");
  set_cors (self, msg);
  if (soup_server_message_get_method (msg) == SOUP_METHOD_OPTIONS)
    {
      answer_preflight (msg);
      return;
    }
  if (!rc_origin_check_method (msg))
    return;
  /* {prefix}{id}, {prefix}{id}/, {prefix}{id}/runtime/{file_name}; nothing else. */
  parts = g_str_has_prefix (path, self->api->prefix)
              ? g_strsplit (path + strlen (self->api->prefix), "/", 4)
              : g_new0 (char *, 1);
  if (id == NULL || g_strcmp0 (parts[0], id) != 0)
    {
      gboolean wheel_route = parts[0] != NULL && parts[1] != NULL && parts[2] != NULL
                             && parts[3] == NULL && g_str_equal (parts[1], "runtime");

      /* OSA answers its wheel route's 404 for a community it has no config for. */
      rc_request_log_set_note (msg, id == NULL ? "no community is loaded"
                                               : "not a route of this community");
      set_json_detail (msg, SOUP_STATUS_NOT_FOUND, wheel_route ? NO_SUCH_FILE : "Not Found");
      return;
    }
  if (parts[1] == NULL || (parts[1][0] == '\0' && parts[2] == NULL))
    answer_config (self, msg);
  else if (g_str_equal (parts[1], "runtime") && parts[2] != NULL && parts[3] == NULL)
    answer_wheel (self, msg, parts[2]);
  else
    {
      rc_request_log_set_note (msg, "not a route of this community");
      set_json_detail (msg, SOUP_STATUS_NOT_FOUND, "Not Found");
    }
}
