/* rc-origin-page.c: the host page at the community's own origin, under the chosen CSP.
 *
 * The policy goes out verbatim on every page response (404s too), because the point is to
 * reproduce a production header byte for byte. Pages are never cached, so a changed
 * policy takes effect on the next load.
 */
#include "config.h"

#include "rc-server-private.h"

void
rc_origin_page_handle (RcServer *self, SoupServerMessage *msg, const char *path)
{
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  RcPageFile *file;

  rc_request_log_set_origin (msg, "page");
  if (self->csp != NULL)
    soup_message_headers_replace (response, "Content-Security-Policy", self->csp);
  soup_message_headers_replace (response, "Cache-Control", "no-store");
  if (g_str_equal (path, RC_DIAGNOSIS_PATH))
    {
      rc_origin_diagnosis_handle (self, msg);
      return;
    }
  if (!rc_origin_check_method (msg))
    return;
  file = g_hash_table_lookup (self->page_files, g_str_equal (path, "/") ? "/index.html" : path);
  if (file == NULL)
    {
      rc_request_log_set_note (msg, "%s is not a page file", path);
      rc_origin_set_text (msg, SOUP_STATUS_NOT_FOUND, "text/plain; charset=utf-8", "Not found.\n");
      return;
    }
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_message_headers_replace (response, "Content-Type", file->content_type);
  soup_message_body_append_bytes (soup_server_message_get_response_body (msg), file->bytes);
}
