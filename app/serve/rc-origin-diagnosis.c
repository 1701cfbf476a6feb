/* rc-origin-diagnosis.c: POST /rc-diagnosis at the page origin: serve's page, booted in a
 * reader's own browser, posts what it saw and gets the console's diagnosis back
 * (rc-page-report.h), the same text and party the engines give. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/plan/rc-page-report.h"
#include "rc-server-private.h"

static void
answer_json (SoupServerMessage *msg, guint status, JsonNode *node)
{
  g_autofree char *text = json_to_string (node, FALSE);

  rc_origin_set_text (msg, status, "application/json; charset=utf-8", text);
}

static void
answer_error (SoupServerMessage *msg, guint status, const char *message)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) node = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "error");
  json_builder_add_string_value (b, message);
  json_builder_end_object (b);
  node = json_builder_get_root (b);
  rc_request_log_set_note (msg, "%s", message);
  answer_json (msg, status, node);
}

/* The plan the page read: our own /boot-plan.json page file. */
static JsonObject *
served_plan (RcServer *self)
{
  RcPageFile *file = g_hash_table_lookup (self->page_files, "/boot-plan.json");
  g_autoptr (JsonParser) parser = json_parser_new ();
  gsize length = 0;
  const char *data;

  if (file == NULL)
    return NULL;
  data = g_bytes_get_data (file->bytes, &length);
  if (!json_parser_load_from_data (parser, data, (gssize) length, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static gboolean
is_page_load (const RcRequestRecord *r)
{
  return g_strcmp0 (r->origin, "page") == 0 && g_strcmp0 (r->method, "GET") == 0 && r->url != NULL
         && (g_str_has_suffix (r->url, "/") || g_str_has_suffix (r->url, "/index.html"));
}

/* The requests of the latest page load: from its GET of the page on (the log is in completion
 * order; a reader reproducing a failure has one page open). Copies: "/" is logged as asked,
 * and named /index.html (what it serves), as a boot plan expects it. */
static GPtrArray *
page_load_requests (RcServer *self)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_request_record_free);
  guint first = 0;

  for (guint i = 0; i < self->requests->len; i++)
    if (is_page_load (self->requests->pdata[i]))
      first = i;
  for (guint i = first; i < self->requests->len; i++)
    {
      const RcRequestRecord *r = self->requests->pdata[i];
      g_autoptr (GUri) uri = NULL;
      RcRequestRecord *copy;

      if (r->url != NULL && strstr (r->url, RC_DIAGNOSIS_PATH) != NULL)
        continue;
      copy = rc_request_record_copy (r);
      uri = copy->url != NULL ? g_uri_parse (copy->url, G_URI_FLAGS_NONE, NULL) : NULL;
      if (g_strcmp0 (copy->origin, "page") == 0 && uri != NULL
          && g_str_equal (g_uri_get_path (uri), "/"))
        {
          g_autoptr (GUri) named =
              g_uri_build (G_URI_FLAGS_NONE, g_uri_get_scheme (uri), NULL, g_uri_get_host (uri),
                           g_uri_get_port (uri), "/index.html", g_uri_get_query (uri), NULL);

          g_free (copy->url);
          copy->url = g_uri_to_string (named);
        }
      g_ptr_array_add (out, copy);
    }
  return out;
}

void
rc_origin_diagnosis_handle (RcServer *self, SoupServerMessage *msg)
{
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr (JsonObject) plan = NULL;
  g_autoptr (GPtrArray) requests = NULL;
  g_autoptr (RcPageDiagnosis) diagnosis = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  RcPageReportContext context = { 0 };
  gsize length = 0;
  const char *data;

  if (soup_server_message_get_method (msg) != SOUP_METHOD_POST)
    {
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Allow",
                                    "POST");
      answer_error (msg, SOUP_STATUS_METHOD_NOT_ALLOWED,
                    _ ("POST the page's report (its rcMessages) here; see rc-page-report.h"));
      return;
    }
  if ((gsize) body->length > RC_PAGE_REPORT_MAX_BYTES)
    {
      g_autofree char *text = g_strdup_printf (_ ("the page report is larger than %u KiB"),
                                               (guint) (RC_PAGE_REPORT_MAX_BYTES >> 10));

      answer_error (msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE, text);
      return;
    }
  if ((plan = served_plan (self)) == NULL)
    {
      answer_error (msg, SOUP_STATUS_NOT_FOUND,
                    _ ("this page boots nothing (the community has no runtime), so there is "
                       "nothing to diagnose"));
      return;
    }
  bytes = soup_message_body_flatten (body);
  data = g_bytes_get_data (bytes, &length);
  requests = page_load_requests (self);
  context.policy = self->csp;
  context.plan = plan;
  context.page_origin = rc_server_get_page_origin (self);
  context.api_origin = rc_server_get_api_origin (self);
  context.requests = requests;
  diagnosis = rc_page_report_diagnose (data != NULL ? data : "", length, &context, &error);
  if (diagnosis == NULL)
    {
      answer_error (msg, SOUP_STATUS_BAD_REQUEST, error->message);
      return;
    }
  rc_request_log_set_note (msg, "diagnosis: %s",
                           diagnosis->ready ? "ready" : rc_party_to_string (diagnosis->party));
  node = rc_page_diagnosis_to_json (diagnosis);
  answer_json (msg, SOUP_STATUS_OK, node);
}
