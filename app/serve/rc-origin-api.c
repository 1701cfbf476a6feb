/* rc-origin-api.c: the OSA API origin: GET {api}/{community}/ and the wheel route.
 *
 * The rules are community-config.md §5, byte for byte where a client can see them. */
#include "config.h"

#include "rc-server-private.h"

#define WHEEL_CACHE_CONTROL "public, max-age=31536000, immutable"

static void
set_json_detail (SoupServerMessage *msg, guint status, const char *detail)
{
  g_autofree char *body = g_strdup_printf ("{\"detail\":\"%s\"}", detail);

  rc_origin_set_text (msg, status, "application/json", body);
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
  else if (g_ascii_strcasecmp (origin, self->page->url) != 0)
    return;
  soup_message_headers_replace (response, "Access-Control-Allow-Origin", origin);
  soup_message_headers_append (response, "Vary", "Origin");
}

void
rc_origin_api_handle (RcServer *self, SoupServerMessage *msg, const char *path)
{
  const char *rest;

  rc_request_log_set_origin (msg, "api");
  set_cors (self, msg);
  if (soup_server_message_get_method (msg) == SOUP_METHOD_OPTIONS)
    {
      SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);

      if (soup_message_headers_get_one (response, "Access-Control-Allow-Origin") != NULL)
        rc_origin_cors_preflight (
            msg, soup_message_headers_get_one (response, "Access-Control-Allow-Origin"));
      else
        soup_server_message_set_status (msg, SOUP_STATUS_BAD_REQUEST, NULL);
      return;
    }
  if (!rc_origin_check_method (msg))
    return;
  if (!g_str_has_prefix (path, self->api->prefix))
    {
      set_json_detail (msg, SOUP_STATUS_NOT_FOUND, "Not Found");
      return;
    }
  rest = path + strlen (self->api->prefix);
  rc_request_log_set_note (msg, "no community is loaded");
  if (strstr (rest, "/runtime/") != NULL)
    set_json_detail (msg, SOUP_STATUS_NOT_FOUND, "No such runtime file");
  else
    set_json_detail (msg, SOUP_STATUS_NOT_FOUND, "Not Found");
}
