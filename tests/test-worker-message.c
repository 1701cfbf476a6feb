/* test-worker-message.c: page messages as the engine reads them, without WebKit: limits,
 * numbers out of range (UBSan once saw them cast), and what a record gets from them. */
#include "config.h"

#include <string.h>

#include "core/record/rc-boot-progress.h"
#include "core/record/rc-worker-message.h"

static JsonObject *
parse_text (const char *text, GError **error)
{
  return rc_worker_message_parse (text, strlen (text), error);
}

static JsonObject *
parse_input (const char *name, GError **error)
{
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", "worker-message", name, NULL);
  g_autofree char *text = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  return rc_worker_message_parse (text, length, error);
}

static JsonObject *
data_of (JsonObject *message)
{
  JsonObject *data = rc_worker_message_object (message, "data");

  g_assert_nonnull (data);
  return data;
}

static void
test_progress_and_ready (void)
{
  g_autoptr (RcRunRecord) record = rc_run_record_new (RC_SCENARIO_COLD, 1);
  const char *files[] = { "progress.json", "runtime-loaded.json" };
  g_autoptr (JsonObject) ready = NULL;
  g_autoptr (GError) error = NULL;
  double t_ms, loaded_ms = -1;
  gint64 heap;

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr (JsonObject) message = parse_input (files[i], &error);

      g_autoptr (RcBootProgress) progress = NULL;

      g_assert_no_error (error);
      progress = rc_worker_message_read_progress (data_of (message), &error);
      g_assert_no_error (error);
      rc_worker_message_record_progress (record, progress);
      loaded_ms = t_ms = progress->t_ms;
      heap = progress->heap;
    }
  g_assert_cmpfloat (loaded_ms, ==, 2300);
  g_assert_cmpint (heap, ==, 19922944);
  g_assert_cmpuint (record->steps->len, ==, 1);

  ready = parse_input ("ready.json", &error);
  g_assert_no_error (error);
  g_assert_true (rc_worker_message_stamp (data_of (ready), &t_ms, &heap, &error));
  g_assert_true (rc_worker_message_record_resources (
      record, rc_worker_message_object (data_of (ready), "rc"), loaded_ms, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (record->timings->len, ==, 2);
  /* wasm from Resource Timing, wasm-compile from the hook, python-init up to runtime_loaded */
  g_assert_cmpuint (record->sub_phases->len, ==, 3);
}

static void
expect_invalid (GError *error, const char *want)
{
  g_assert_error (error, RC_WORKER_MESSAGE_ERROR, RC_WORKER_MESSAGE_ERROR_INVALID);
  if (strstr (error->message, want) == NULL)
    g_error ("“%s” does not say “%s”", error->message, want);
}

/* rc.heap 1e300 was cast to gint64 in rc-engine-messages.c (undefined behaviour). */
static void
test_huge_heap (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = parse_input ("regression-huge-heap.json", &error);
  g_autoptr (RcBootProgress) progress = NULL;
  double t_ms;
  gint64 heap;

  g_assert_no_error (error);
  g_assert_false (rc_worker_message_stamp (data_of (message), &t_ms, &heap, &error));
  expect_invalid (error, "worker message: rc.heap: 1e+300 is not in range");
  g_clear_error (&error);
  /* the one reading the engine emits refuses it too: no display sees a heap nobody has */
  progress = rc_worker_message_read_progress (data_of (message), &error);
  g_assert_null (progress);
  expect_invalid (error, "worker message: rc.heap: 1e+300 is not in range");
}

static void
test_huge_transfer_size (void)
{
  g_autoptr (RcRunRecord) record = rc_run_record_new (RC_SCENARIO_COLD, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = parse_input ("regression-huge-transfer-size.json", &error);

  g_assert_no_error (error);
  g_assert_false (rc_worker_message_record_resources (
      record, rc_worker_message_object (data_of (message), "rc"), 100, &error));
  expect_invalid (error, "rc.resources[0].transferSize: -1e+300 is not in range");
}

static void
test_bad_numbers (void)
{
  static const struct
  {
    const char *text, *want;
  } cases[] = {
    { "{\"type\": \"progress\", \"step\": 1e19, \"steps\": 4}", "step: 1e+19 is not in range" },
    { "{\"type\": \"progress\", \"step\": 1, \"steps\": -3}", "steps: -3 is not in range" },
    { "{\"type\": \"progress\", \"step\": 4294967296}", "step: 4.29497e+09 is not in range" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonObject) data = parse_text (cases[i].text, &error);
      g_autoptr (RcBootProgress) progress = NULL;

      g_assert_no_error (error);
      progress = rc_worker_message_read_progress (data, &error);
      g_assert_null (progress);
      expect_invalid (error, cases[i].want);
    }
}

static void
test_time_out_of_range (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) data =
      parse_text ("{\"type\": \"ready\", \"rc\": {\"t\": -1e13}}", &error);
  double t_ms;
  gint64 heap;

  g_assert_no_error (error);
  g_assert_false (rc_worker_message_stamp (data, &t_ms, &heap, &error));
  expect_invalid (error, "rc.t: -1e+13 is not a time in milliseconds");
}

static void
test_limits (void)
{
  g_autoptr (GString) deep = g_string_new ("{\"kind\": \"worker\", \"data\": ");
  gsize big_length = RC_WORKER_MESSAGE_MAX_BYTES + 1;
  g_autofree char *big = g_malloc (big_length);
  JsonObject *message;
  GError *error = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  message = rc_worker_message_parse (deep->str, deep->len, &error);
  g_assert_null (message);
  expect_invalid (error, "worker message:1:");
  expect_invalid (error, "nested too deeply");
  g_clear_error (&error);

  memset (big, ' ', big_length);
  g_assert_null (rc_worker_message_parse (big, big_length, &error));
  expect_invalid (error, "more than the 64 MiB allowed");
  g_clear_error (&error);

  g_assert_null (parse_text ("[1, 2]", &error));
  expect_invalid (error, "not a JSON object");
  g_clear_error (&error);
  g_assert_null (parse_text ("{\"kind\": \"worker\", ", &error));
  expect_invalid (error, "worker message:");
  g_clear_error (&error);
}

/* Members of the wrong type are absent, not criticals (json-glib's typed getters would
 * complain about {"rc": 5}). */
static void
test_wrong_types (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) data =
      parse_text ("{\"type\": \"progress\", \"rc\": 5, \"phase\": [], \"step\": \"2\"}", &error);
  g_autoptr (RcBootProgress) progress = NULL;
  double t_ms;
  gint64 heap;

  g_assert_no_error (error);
  progress = rc_worker_message_read_progress (data, &error);
  g_assert_no_error (error);
  g_assert_true (rc_worker_message_stamp (data, &t_ms, &heap, &error));
  g_assert_cmpfloat (t_ms, ==, -1);
  g_assert_cmpint (heap, ==, -1);
  g_assert_cmpfloat (progress->t_ms, ==, -1);
  g_assert_cmpint (progress->heap, ==, -1);
  g_assert_cmpstr (progress->phase_name, ==, "?");
  g_assert_cmpuint (progress->step, ==, 0);
  g_assert_null (progress->probe);
}

/* The host page's failure, as both the engine and a replayed page report word it. */
static void
test_host_error (void)
{
  static const struct
  {
    const char *text, *kind, *want;
  } cases[] = {
    { "{\"kind\": \"host_error\", \"stage\": \"plan\", \"url\": \"https://x.test/p\", "
      "\"status\": 404, \"message\": \"no plan\"}",
      "page", "no plan (plan: https://x.test/p answered HTTP 404)" },
    { "{\"kind\": \"host_error\", \"stage\": \"worker-start\", \"url\": \"blob:x\", "
      "\"message\": \"refused\"}",
      "worker_error", "refused (worker-start: blob:x)" },
    { "{\"kind\": \"host_error\", \"url\": \"https://x.test/s.js\"}", "page",
      " (host: https://x.test/s.js)" },
    { "{\"kind\": \"host_error\", \"message\": \"boom\"}", "page", "boom" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonObject) message = parse_text (cases[i].text, &error);
      const char *kind = NULL;
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      text = rc_worker_message_host_error (message, &kind);
      g_assert_cmpstr (kind, ==, cases[i].kind);
      g_assert_cmpstr (text, ==, cases[i].want);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/worker-message/progress-and-ready", test_progress_and_ready);
  g_test_add_func ("/worker-message/huge-heap", test_huge_heap);
  g_test_add_func ("/worker-message/huge-transfer-size", test_huge_transfer_size);
  g_test_add_func ("/worker-message/bad-numbers", test_bad_numbers);
  g_test_add_func ("/worker-message/host-error", test_host_error);
  g_test_add_func ("/worker-message/time-out-of-range", test_time_out_of_range);
  g_test_add_func ("/worker-message/limits", test_limits);
  g_test_add_func ("/worker-message/wrong-types", test_wrong_types);
  return g_test_run ();
}
