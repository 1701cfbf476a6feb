/* rc-origin-files.c: serving files from a folder without ever leaving it, and the CORS
 * answers every origin open to other pages gives.
 *
 * A request path is split on "/" while still percent-encoded, each segment is decoded on
 * its own and refused if it is empty, "." or "..", or decodes to a "/", "\" or NUL; the
 * result is then resolved with realpath() and must still lie inside the folder, which
 * refuses symlinks that point out of it.
 */
#include "config.h"

#include <stdlib.h>
#include <errno.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "rc-server-private.h"

void
rc_origin_set_text (SoupServerMessage *msg, guint status, const char *content_type,
                    const char *text)
{
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, content_type, SOUP_MEMORY_COPY, text, strlen (text));
}

static const struct
{
  const char *suffix;
  const char *type;
} content_types[] = {
  { ".wasm", "application/wasm" },
  { ".js", "application/javascript; charset=utf-8" },
  { ".mjs", "application/javascript; charset=utf-8" },
  { ".json", "application/json; charset=utf-8" },
  { ".map", "application/json; charset=utf-8" },
  { ".html", "text/html; charset=utf-8" },
  { ".css", "text/css; charset=utf-8" },
  { ".txt", "text/plain; charset=utf-8" },
  { ".md", "text/markdown; charset=utf-8" },
  { ".ts", "text/plain; charset=utf-8" },
  { ".py", "text/x-python; charset=utf-8" },
  { ".zip", "application/zip" },
  { ".whl", "application/zip" },
  { ".tar", "application/x-tar" },
  { ".gz", "application/gzip" },
  { ".svg", "image/svg+xml" },
  { ".png", "image/png" },
  { ".csv", "text/csv; charset=utf-8" },
  { ".nc", "application/x-netcdf" },
  { ".edf", "application/octet-stream" },
};

const char *
rc_origin_content_type (const char *file_name)
{
  for (guint i = 0; i < G_N_ELEMENTS (content_types); i++)
    if (g_str_has_suffix (file_name, content_types[i].suffix))
      return content_types[i].type;
  return "application/octet-stream";
}

static gboolean
is_inside (const char *root, const char *path)
{
  gsize n = strlen (root);

  return strncmp (root, path, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

char *
rc_origin_resolve (const char *root, const char *encoded_path, gboolean *refused, char **reason)
{
  g_auto (GStrv) segments = g_strsplit (encoded_path, "/", -1);
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *real_root = realpath (root, NULL);
  g_autofree char *relative = NULL;
  g_autofree char *joined = NULL;
  g_autofree char *real = NULL;

  *refused = TRUE;
  if (*encoded_path == '\0' || *encoded_path == '/')
    {
      *reason = g_strdup ("refused: an empty or absolute path");
      return NULL;
    }
  for (guint i = 0; segments[i] != NULL; i++)
    {
      char *part = g_uri_unescape_string (segments[i], "/\\");

      if (part == NULL || *part == '\0' || g_str_equal (part, ".") || g_str_equal (part, "..")
          || strchr (part, '\\') != NULL)
        {
          *reason = g_strdup_printf ("refused: the path segment “%s” could leave the folder",
                                     segments[i]);
          g_free (part);
          return NULL;
        }
      g_ptr_array_add (parts, part);
    }
  g_ptr_array_add (parts, NULL);
  *refused = FALSE;
  if (real_root == NULL)
    {
      *reason = g_strdup_printf ("the folder %s does not exist", root);
      return NULL;
    }
  relative = g_strjoinv ("/", (char **) parts->pdata);
  joined = g_build_filename (real_root, relative, NULL);
  real = realpath (joined, NULL);
  if (real == NULL || !g_file_test (real, G_FILE_TEST_IS_REGULAR))
    {
      *reason = g_strdup ("missing");
      return NULL;
    }
  if (!is_inside (real_root, real))
    {
      *refused = TRUE;
      *reason = g_strdup ("refused: the file resolves outside its folder (a symlink?)");
      return NULL;
    }
  return g_steal_pointer (&real);
}

gboolean
rc_origin_check_method (SoupServerMessage *msg)
{
  const char *method = soup_server_message_get_method (msg);

  if (method == SOUP_METHOD_GET || method == SOUP_METHOD_HEAD)
    return TRUE;
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Allow",
                                "GET, HEAD, OPTIONS");
  rc_origin_set_text (msg, SOUP_STATUS_METHOD_NOT_ALLOWED, "text/plain; charset=utf-8",
                      "Method not allowed\n");
  return FALSE;
}

static gboolean
etag_matches (const char *if_none_match, const char *etag)
{
  g_auto (GStrv) tags = g_strsplit (if_none_match, ",", -1);

  for (guint i = 0; tags[i] != NULL; i++)
    {
      const char *tag = g_strstrip (tags[i]);

      if (g_str_equal (tag, "*"))
        return TRUE;
      if (g_str_has_prefix (tag, "W/"))
        tag += 2;
      if (g_str_equal (tag, etag))
        return TRUE;
    }
  return FALSE;
}

static gboolean
not_modified (SoupMessageHeaders *request, const char *etag, GDateTime *modified)
{
  const char *inm = soup_message_headers_get_one (request, "If-None-Match");
  const char *ims = soup_message_headers_get_one (request, "If-Modified-Since");
  g_autoptr (GDateTime) since = NULL;

  /* RFC 9110 §13.1.3: If-None-Match, when present, decides alone. */
  if (inm != NULL)
    return etag_matches (inm, etag);
  if (ims == NULL || (since = soup_date_time_new_from_http_string (ims)) == NULL)
    return FALSE;
  return g_date_time_compare (modified, since) <= 0;
}

/* Sets ETag and Last-Modified for @file (a representation of it with @coding: a strong ETag
 * must differ between encodings, RFC 9110 §8.8.3) and answers 304 when the request's
 * validators match. FALSE when the file cannot be read (500 sent). */
static gboolean
set_validators (SoupServerMessage *msg, const char *file, const char *coding,
                gboolean *out_not_modified)
{
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  g_autoptr (GDateTime) modified = NULL;
  g_autofree char *etag = NULL;
  g_autofree char *last_modified = NULL;
  GStatBuf st;

  *out_not_modified = FALSE;
  if (g_stat (file, &st) != 0)
    {
      rc_request_log_set_note (msg, "cannot read %s: %s", file, g_strerror (errno));
      rc_origin_set_text (msg, SOUP_STATUS_INTERNAL_SERVER_ERROR, "text/plain; charset=utf-8",
                          "The file cannot be read.\n");
      return FALSE;
    }
  modified = g_date_time_new_from_unix_utc (st.st_mtime);
  etag = g_strdup_printf ("\"%" G_GINT64_MODIFIER "x-%" G_GINT64_MODIFIER "x%s%s\"",
                          (gint64) st.st_size, (gint64) st.st_mtime, coding != NULL ? "-" : "",
                          coding != NULL ? coding : "");
  last_modified = soup_date_time_to_string (modified, SOUP_DATE_HTTP);
  soup_message_headers_replace (response, "ETag", etag);
  soup_message_headers_replace (response, "Last-Modified", last_modified);
  if (not_modified (soup_server_message_get_request_headers (msg), etag, modified))
    {
      soup_server_message_set_status (msg, SOUP_STATUS_NOT_MODIFIED, NULL);
      *out_not_modified = TRUE;
    }
  return TRUE;
}

static GBytes *
read_mapped (SoupServerMessage *msg, const char *file)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GMappedFile) mapped = g_mapped_file_new (file, FALSE, &error);

  if (mapped != NULL)
    return g_mapped_file_get_bytes (mapped);
  rc_request_log_set_note (msg, "cannot read %s: %s", file, error->message);
  rc_origin_set_text (msg, SOUP_STATUS_INTERNAL_SERVER_ERROR, "text/plain; charset=utf-8",
                      "The file cannot be read.\n");
  return NULL;
}

void
rc_origin_serve_file (SoupServerMessage *msg, const char *file)
{
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  g_autoptr (GBytes) bytes = NULL;
  gboolean is_304 = FALSE;

  if (!set_validators (msg, file, NULL, &is_304) || is_304
      || (bytes = read_mapped (msg, file)) == NULL)
    return;
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_message_headers_replace (response, "Accept-Ranges", "bytes");
  soup_message_headers_replace (response, "Content-Type", rc_origin_content_type (file));
  soup_message_body_append_bytes (soup_server_message_get_response_body (msg), bytes);
}

void
rc_origin_serve_encoded (SoupServerMessage *msg, const char *file, const char *encoded,
                         const char *coding)
{
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  RcRequestRecord *record = rc_request_log_lookup (msg);
  g_autoptr (GBytes) bytes = NULL;
  gboolean is_304 = FALSE;
  GStatBuf st;

  if (!set_validators (msg, file, coding, &is_304) || is_304 || g_stat (file, &st) != 0
      || (bytes = read_mapped (msg, encoded)) == NULL)
    return;
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  /* Ranges of an encoded body would count encoded bytes; rc-origin-cdn.c serves identity to
   * any request with a Range header, so none is advertised here. */
  soup_message_headers_replace (response, "Content-Type", rc_origin_content_type (file));
  soup_message_headers_replace (response, "Content-Encoding", coding);
  soup_message_body_append_bytes (soup_server_message_get_response_body (msg), bytes);
  if (record != NULL)
    {
      g_free (record->content_encoding);
      record->content_encoding = g_strdup (coding);
      record->decoded_bytes = (gint64) st.st_size;
    }
}

/* ---- CORS --------------------------------------------------------------------------------- */

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
