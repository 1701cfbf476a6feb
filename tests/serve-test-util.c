/* serve-test-util.c */
#include "config.h"

#include <stdarg.h>

#include <glib/gstdio.h>

#include "serve-test-util.h"

void
curl_result_free (CurlResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->headers, soup_message_headers_unref);
  g_clear_pointer (&result->body, g_bytes_unref);
  g_free (result->stderr_text);
  g_free (result);
}

static void
communicate_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

/* The last header block of the dump (after any CONNECT answer). */
static SoupMessageHeaders *
parse_headers (const char *dump)
{
  SoupMessageHeaders *headers = soup_message_headers_new (SOUP_MESSAGE_HEADERS_RESPONSE);
  g_autofree char *normalized = NULL;
  const char *last = dump, *p;

  for (p = dump; (p = strstr (p, "HTTP/")) != NULL; p++)
    if (p == dump || p[-1] == '\n')
      last = p;
  normalized = g_strdup (last);
  if (!soup_headers_parse_response (normalized, strlen (normalized), headers, NULL, NULL, NULL))
    g_test_message ("could not parse headers: %s", dump);
  return headers;
}

CurlResult *
run_curlv (RcServer *server, const char *const *args)
{
  return run_curl_through (rc_server_get_proxy_url (server), rc_server_get_ca_file (server), args);
}

CurlResult *
run_curl_through (const char *proxy, const char *ca, const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = rc_test_make_tmp ("rc-serve-test");
  g_autofree char *header_file = g_build_filename (dir, "headers", NULL);
  g_autofree char *body_file = g_build_filename (dir, "body", NULL);
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GAsyncResult) async_result = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) out = NULL;
  g_autoptr (GBytes) err = NULL;
  g_autofree char *dump = NULL;
  char *body = NULL;
  gsize body_len = 0;
  g_autofree char *written = NULL;
  CurlResult *result = g_new0 (CurlResult, 1);
  const char *const base[] = {
    "curl",          "-sS",
    "--max-time",    "30",
    "--proxy",       proxy,
    "--cacert",      ca,
    "--dump-header", header_file,
    "--output",      body_file,
    "--write-out",   "%{http_code} %{http_connect} %{size_download} %{time_total}"
  };

  for (guint i = 0; i < G_N_ELEMENTS (base); i++)
    g_ptr_array_add (argv, g_strdup (base[i]));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);

  process =
      g_subprocess_newv ((const char *const *) argv->pdata,
                         G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_async (process, NULL, NULL, communicate_cb, &async_result);
  while (async_result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_subprocess_communicate_finish (process, async_result, &out, &err, &error);
  g_assert_no_error (error);
  g_subprocess_wait (process, NULL, NULL);

  result->exit_status = g_subprocess_get_exit_status (process);
  result->stderr_text = g_strndup (g_bytes_get_data (err, NULL), g_bytes_get_size (err));
  /* A request that got no response at all says why in the test log (curl's own words), so
   * an assertion on its status is not the only trace of it. */
  if (result->exit_status != 0)
    g_test_message ("curl exited %d for %s: %s", result->exit_status,
                    args[0] != NULL ? args[g_strv_length ((char **) args) - 1] : "?",
                    result->stderr_text);
  written = g_strndup (g_bytes_get_data (out, NULL), g_bytes_get_size (out));
  sscanf (written, "%u %u %" G_GUINT64_FORMAT " %lf", &result->status, &result->connect_status,
          &result->size_download, &result->time_total);
  if (g_file_get_contents (header_file, &dump, NULL, NULL))
    result->headers = parse_headers (dump);
  else
    result->headers = soup_message_headers_new (SOUP_MESSAGE_HEADERS_RESPONSE);
  if (g_file_get_contents (body_file, &body, &body_len, NULL))
    result->body = g_bytes_new_take (body, body_len);
  else
    result->body = g_bytes_new (NULL, 0);
  rc_test_remove_tree (dir);
  return result;
}

CurlResult *
run_curl (RcServer *server, const char *first, ...)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return run_curlv (server, (const char *const *) args->pdata);
}

static gboolean
timeout_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

gboolean
wait_for_requests (RcServer *server, guint n)
{
  gboolean expired = FALSE;
  guint id = g_timeout_add_seconds (5, timeout_cb, &expired);

  while (rc_server_get_requests (server)->len < n && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (!expired)
    g_source_remove (id);
  return rc_server_get_requests (server)->len >= n;
}

RcRequestRecord *
find_request (RcServer *server, const char *url)
{
  GPtrArray *requests;

  /* The record is logged when the server finished writing, which can trail curl's exit. */
  for (int attempt = 0; attempt < 2; attempt++)
    {
      requests = rc_server_get_requests (server);
      for (guint i = requests->len; i > 0; i--)
        {
          RcRequestRecord *record = requests->pdata[i - 1];

          if (g_strcmp0 (record->url, url) == 0 && g_strcmp0 (record->method, "CONNECT") != 0)
            return record;
        }
      wait_for_requests (server, requests->len + 1);
    }
  return NULL;
}
