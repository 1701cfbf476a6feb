/* rc-origin-data.c: a community's data host (--data URL=DIR) reproduced from a folder.
 *
 * Data hosts are fetched cross-origin from the worker, so every answer carries CORS and
 * exposes the headers a ranged reader (zarr, HDF5 over HTTP) needs. Range requests are
 * answered by SoupServer itself from the complete body (206, or 416 when unsatisfiable).
 */
#include "config.h"

#include "rc-server-private.h"

void
rc_origin_data_handle (RcServer *self, SoupServerMessage *msg, RcOriginSpec *spec, const char *path)
{
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  g_autofree char *reason = NULL;
  g_autofree char *file = NULL;
  gboolean refused = FALSE;

  if (!rc_origin_open_to_all (msg, "data"))
    return;
  soup_message_headers_replace (response, "Access-Control-Expose-Headers",
                                "Accept-Ranges, Content-Length, Content-Range, ETag, "
                                "Last-Modified");
  soup_message_headers_replace (response, "Cache-Control", "no-cache");
  if (!rc_origin_check_method (msg))
    return;
  file = rc_origin_resolve (spec->dir, path, &refused, &reason);
  if (file == NULL && refused)
    {
      rc_request_log_set_note (msg, "%s", reason);
      rc_origin_set_text (msg, SOUP_STATUS_FORBIDDEN, "text/plain; charset=utf-8",
                          "Forbidden: the path leaves the data folder.\n");
      return;
    }
  if (file == NULL)
    {
      rc_request_log_set_note (msg, "%s is not in the data folder %s", path, spec->dir);
      rc_origin_set_text (msg, SOUP_STATUS_NOT_FOUND, "text/plain; charset=utf-8", "Not found.\n");
      return;
    }
  rc_origin_serve_file (msg, file);
}
