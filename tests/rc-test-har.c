/* rc-test-har.c: HAR 1.2 shape checks shared by the export and measure tests. */
#include "rc-test-har.h"

void
rc_test_assert_har_entry (JsonObject *e)
{
  JsonObject *request = json_object_get_object_member (e, "request");
  JsonObject *response = json_object_get_object_member (e, "response");
  JsonObject *timings = json_object_get_object_member (e, "timings");
  g_autoptr (GDateTime) started =
      g_date_time_new_from_iso8601 (json_object_get_string_member (e, "startedDateTime"), NULL);
  double sum = 0;

  g_assert_nonnull (started);
  g_assert_true (g_regex_match_simple ("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$",
                                       json_object_get_string_member (e, "startedDateTime"), 0, 0));
  g_assert_nonnull (json_object_get_string_member (request, "method"));
  g_assert_nonnull (json_object_get_string_member (request, "httpVersion"));
  g_assert_nonnull (json_object_get_array_member (request, "headers"));
  g_assert_nonnull (json_object_get_array_member (request, "queryString"));
  g_assert_nonnull (json_object_get_array_member (request, "cookies"));
  g_assert_true (json_object_has_member (request, "headersSize"));
  g_assert_true (json_object_has_member (request, "bodySize"));
  g_assert_nonnull (json_object_get_string_member (request, "url"));
  g_assert_true (json_object_has_member (response, "status"));
  g_assert_nonnull (json_object_get_string_member (response, "statusText"));
  g_assert_nonnull (json_object_get_string_member (response, "httpVersion"));
  g_assert_nonnull (json_object_get_array_member (response, "headers"));
  g_assert_nonnull (json_object_get_array_member (response, "cookies"));
  g_assert_true (json_object_has_member (response, "headersSize"));
  g_assert_true (json_object_has_member (response, "bodySize"));
  g_assert_nonnull (json_object_get_object_member (response, "content"));
  g_assert_true (
      json_object_has_member (json_object_get_object_member (response, "content"), "size"));
  g_assert_nonnull (json_object_get_string_member (
      json_object_get_object_member (response, "content"), "mimeType"));
  g_assert_true (json_object_has_member (e, "time"));
  g_assert_true (json_object_has_member (response, "redirectURL"));
  g_assert_nonnull (json_object_get_object_member (e, "cache"));
  for (guint i = 0; i < 3; i++)
    {
      const char *name = (const char *[]){ "send", "wait", "receive" }[i];

      g_assert_cmpfloat (json_object_get_double_member (timings, name), >=, 0);
      sum += json_object_get_double_member (timings, name);
    }
  /* HAR 1.2: time sums every timing that is not -1; ssl is inside connect */
  for (guint i = 0; i < 3; i++)
    {
      const char *name = (const char *[]){ "blocked", "dns", "connect" }[i];

      if (json_object_get_double_member (timings, name) >= 0)
        sum += json_object_get_double_member (timings, name);
    }
  g_assert_cmpfloat (ABS (sum - json_object_get_double_member (e, "time")), <, 1e-6);
  g_assert_nonnull (json_object_get_string_member (e, "_step"));
  g_assert_nonnull (json_object_get_string_member (e, "_verdict"));
}

void
rc_test_assert_har_log (JsonNode *har)
{
  JsonObject *log;
  JsonArray *entries;

  g_assert_true (JSON_NODE_HOLDS_OBJECT (har));
  log = json_object_get_object_member (json_node_get_object (har), "log");
  g_assert_nonnull (log);
  g_assert_cmpstr (json_object_get_string_member (log, "version"), ==, "1.2");
  g_assert_nonnull (
      json_object_get_string_member (json_object_get_object_member (log, "creator"), "name"));
  g_assert_nonnull (
      json_object_get_string_member (json_object_get_object_member (log, "creator"), "version"));
  g_assert_nonnull (json_object_get_array_member (log, "pages"));
  entries = json_object_get_array_member (log, "entries");
  g_assert_nonnull (entries);
  for (guint i = 0; i < json_array_get_length (entries); i++)
    rc_test_assert_har_entry (json_array_get_object_element (entries, i));
}

JsonObject *
rc_test_har_entry (JsonArray *entries, const char *run, const char *file)
{
  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      JsonObject *e = json_array_get_object_element (entries, i);
      const char *url =
          json_object_get_string_member (json_object_get_object_member (e, "request"), "url");

      if (g_str_equal (json_object_get_string_member (e, "_run"), run)
          && g_str_has_suffix (url, file))
        return e;
    }
  g_error ("no HAR entry for %s in %s", file, run);
}
