/* rc-origin-cdn.c: https://cdn.jsdelivr.net/pyodide/v{version}/full/ from a local folder.
 *
 * Answers with the headers jsDelivr sends for versioned files (CORS "*", a year of
 * max-age, Timing-Allow-Origin, validators), so cache and CORS behaviour match the real
 * CDN. A file the folder lacks is a plain 404 whose log note names it.
 *
 * Like jsDelivr, text-like files and wasm go brotli- or gzip-encoded when the request
 * accepts it (rc-encoder.c), with Vary: Accept-Encoding; archives and images go as they are.
 * A request with a Range header gets identity, as many CDNs do: a range then means bytes of
 * the file itself, and the encoded copy never has to be sliced.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-server-private.h"

#define CDN_CACHE_CONTROL "public, max-age=31536000"

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

typedef struct
{
  RcServer *server;
  SoupServerMessage *msg;
  char *file;
  RcCoding coding;
  gint64 asked_us;
} Deferred;

static void
deferred_free (Deferred *d)
{
  g_object_unref (d->server);
  g_object_unref (d->msg);
  g_free (d->file);
  g_free (d);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Deferred, deferred_free)

/* The first request for a file waits for its encoded copy (later ones find it ready); the
 * wait is part of what this boot saw, so the log says how long it was. */
static void
encoded_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (Deferred) d = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *encoded = rc_encoder_encode_finish (RC_ENCODER (source), result, &error);
  const char *coding = rc_coding_to_string (d->coding);

  if (rc_request_log_is_closed (d->msg))
    return;
  if (encoded == NULL)
    {
      /* a full cache disk must not break the boot: the file goes as it is, and says why */
      rc_request_log_set_note (d->msg, "sent unencoded: no %s copy (%s)", coding, error->message);
      rc_origin_serve_file (d->msg, d->file);
    }
  else
    {
      rc_request_log_set_note (d->msg, "waited %.1f s for the %s copy to be made (first use)",
                               (g_get_monotonic_time () - d->asked_us) / (double) G_USEC_PER_SEC,
                               coding);
      rc_origin_serve_encoded (d->msg, d->file, encoded, coding);
    }
  rc_server_resume (d->server, d->msg);
}

/* TRUE when answered now; FALSE when deferred until the encoded copy exists. */
static gboolean
serve (RcServer *self, SoupServerMessage *msg, const char *file)
{
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  RcCoding coding = RC_CODING_IDENTITY;
  g_autofree char *encoded = NULL;
  Deferred *d;

  if (rc_coding_type_is_compressible (rc_origin_content_type (file)))
    {
      soup_message_headers_append (response, "Vary", "Accept-Encoding");
      if (soup_message_headers_get_one (request, "Range") == NULL)
        coding = rc_coding_negotiate (soup_message_headers_get_list (request, "Accept-Encoding"));
    }
  if (coding == RC_CODING_IDENTITY)
    {
      rc_origin_serve_file (msg, file);
      return TRUE;
    }
  if ((encoded = rc_encoder_lookup (self->encoder, file, coding)) != NULL)
    {
      rc_origin_serve_encoded (msg, file, encoded, rc_coding_to_string (coding));
      return TRUE;
    }
  d = g_new0 (Deferred, 1);
  d->server = g_object_ref (self);
  d->msg = g_object_ref (msg);
  d->file = g_strdup (file);
  d->coding = coding;
  d->asked_us = g_get_monotonic_time ();
  soup_server_message_pause (msg);
  rc_encoder_encode_async (self->encoder, file, coding, encoded_ready, d);
  return FALSE;
}

gboolean
rc_origin_cdn_handle (RcServer *self, SoupServerMessage *msg, const char *path)
{
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  const char *version = rc_server_get_pyodide_version (self);
  g_autofree char *base = g_strdup_printf ("/pyodide/v%s/full/", version);
  g_autofree char *reason = NULL;
  g_autofree char *file = NULL;
  gboolean refused = FALSE;

  if (!rc_origin_open_to_all (msg, "cdn"))
    return TRUE;
  soup_message_headers_replace (response, "Cross-Origin-Resource-Policy", "cross-origin");
  soup_message_headers_replace (response, "X-Content-Type-Options", "nosniff");
  if (!rc_origin_check_method (msg))
    return TRUE;
  if (!g_str_has_prefix (path, base))
    {
      rc_request_log_set_note (msg, "only %s is mirrored (Pyodide %s)", base, version);
      rc_origin_set_text (msg, SOUP_STATUS_NOT_FOUND, "text/plain; charset=utf-8",
                          "Couldn't find the requested file.\n");
      return TRUE;
    }
  if (self->snapshot_name != NULL && g_str_equal (path + strlen (base), self->snapshot_name))
    file = g_strdup (self->snapshot_file);
  else
    file = rc_origin_resolve (self->distribution_dir, path + strlen (base), &refused, &reason);
  if (file == NULL && refused)
    {
      rc_request_log_set_note (msg, "%s", reason);
      rc_origin_set_text (msg, SOUP_STATUS_FORBIDDEN, "text/plain; charset=utf-8",
                          "Forbidden: the path leaves the distribution mirror.\n");
      return TRUE;
    }
  if (file == NULL)
    {
      g_autofree char *note = describe_missing (path + strlen (base));

      rc_request_log_set_note (msg, "%s", note);
      rc_origin_set_text (msg, SOUP_STATUS_NOT_FOUND, "text/plain; charset=utf-8",
                          "Couldn't find the requested file.\n");
      return TRUE;
    }
  soup_message_headers_replace (response, "Cache-Control", CDN_CACHE_CONTROL);
  return serve (self, msg, file);
}

/* The interpreter's files are what every cold boot fetches first: make their brotli copies
 * as soon as the server starts, so the first boot on a fresh machine waits the least. */
void
rc_origin_cdn_prepare (RcServer *self)
{
  /* in the order a boot asks for them: the encoder makes one copy at a time; a distribution
   * with pyodide.asm.mjs (314 and later) boots as a module, from pyodide.mjs */
  static const char *const classic[] = { "pyodide.js", "pyodide-lock.json", "pyodide.asm.js",
                                         "pyodide.asm.wasm", NULL };
  static const char *const module[] = { "pyodide.mjs", "pyodide-lock.json", "pyodide.asm.mjs",
                                        "pyodide.asm.wasm", NULL };
  g_autofree char *asm_mjs = g_build_filename (self->distribution_dir, "pyodide.asm.mjs", NULL);
  const char *const *core = g_file_test (asm_mjs, G_FILE_TEST_IS_REGULAR) ? module : classic;

  for (guint i = 0; core[i] != NULL; i++)
    {
      g_autofree char *file = g_build_filename (self->distribution_dir, core[i], NULL);

      if (g_file_test (file, G_FILE_TEST_IS_REGULAR))
        rc_encoder_prepare (self->encoder, file, RC_CODING_BR);
    }
}
