/* rc-origin-cdn.c: https://cdn.jsdelivr.net/pyodide/v{version}/full/ from a local folder.
 *
 * Answers with the headers jsDelivr sends for versioned files (CORS "*", a year of
 * max-age, Timing-Allow-Origin, validators), so cache and CORS behaviour match the real
 * CDN. A file the folder lacks is a plain 404 whose log note names it.
 */
#include "config.h"

#include "rc-server-private.h"

#define CDN_CACHE_CONTROL "public, max-age=31536000"

void
rc_origin_cors_preflight (SoupServerMessage *msg, const char *allow_origin)
{
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  const char *asked = soup_message_headers_get_one (request, "Access-Control-Request-Headers");

  soup_message_headers_replace (response, "Access-Control-Allow-Origin", allow_origin);
  soup_message_headers_replace (response, "Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
  soup_message_headers_replace (response, "Access-Control-Allow-Headers",
                                asked != NULL ? asked : "Range");
  soup_message_headers_replace (response, "Access-Control-Max-Age", "86400");
  soup_server_message_set_status (msg, SOUP_STATUS_NO_CONTENT, NULL);
}

gboolean
rc_origin_open_to_all (SoupServerMessage *msg, const char *name)
{
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);

  rc_request_log_set_origin (msg, name);
  if (soup_server_message_get_method (msg) == SOUP_METHOD_OPTIONS)
    {
      rc_origin_cors_preflight (msg, "*");
      return FALSE;
    }
  soup_message_headers_replace (response, "Access-Control-Allow-Origin", "*");
  soup_message_headers_replace (response, "Timing-Allow-Origin", "*");
  return TRUE;
}

static char *
describe_missing (const char *relative)
{
  const char *name = strrchr (relative, '/') != NULL ? strrchr (relative, '/') + 1 : relative;
  g_autofree char *decoded = g_uri_unescape_string (name, NULL);
  const char *shown = decoded != NULL ? decoded : name;
  const char *dash = strchr (shown, '-');

  if (g_str_has_suffix (shown, ".whl") && dash != NULL)
    {
      g_autofree char *package = g_strndup (shown, dash - shown);

      return g_strdup_printf ("%s is not in this distribution mirror (package %s)", shown, package);
    }
  return g_strdup_printf ("%s is not in this distribution mirror", shown);
}

void
rc_origin_cdn_handle (RcServer *self, SoupServerMessage *msg, const char *path)
{
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  g_autofree char *base = g_strdup_printf ("/pyodide/v%s/full/", PYODIDE_VERSION);
  g_autofree char *reason = NULL;
  g_autofree char *file = NULL;
  gboolean refused = FALSE;

  if (!rc_origin_open_to_all (msg, "cdn"))
    return;
  soup_message_headers_replace (response, "Cross-Origin-Resource-Policy", "cross-origin");
  soup_message_headers_replace (response, "X-Content-Type-Options", "nosniff");
  if (!rc_origin_check_method (msg))
    return;
  if (!g_str_has_prefix (path, base))
    {
      rc_request_log_set_note (msg, "only %s is mirrored (Pyodide %s)", base, PYODIDE_VERSION);
      rc_origin_set_text (msg, SOUP_STATUS_NOT_FOUND, "text/plain; charset=utf-8",
                          "Couldn't find the requested file.\n");
      return;
    }
  file = rc_origin_resolve (self->distribution_dir, path + strlen (base), &refused, &reason);
  if (file == NULL && refused)
    {
      rc_request_log_set_note (msg, "%s", reason);
      rc_origin_set_text (msg, SOUP_STATUS_FORBIDDEN, "text/plain; charset=utf-8",
                          "Forbidden: the path leaves the distribution mirror.\n");
      return;
    }
  if (file == NULL)
    {
      g_autofree char *note = describe_missing (path + strlen (base));

      rc_request_log_set_note (msg, "%s", note);
      rc_origin_set_text (msg, SOUP_STATUS_NOT_FOUND, "text/plain; charset=utf-8",
                          "Couldn't find the requested file.\n");
      return;
    }
  soup_message_headers_replace (response, "Cache-Control", CDN_CACHE_CONTROL);
  rc_origin_serve_file (msg, file);
}
