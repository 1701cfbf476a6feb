/* fuzz-worker-message.c: a message the host page relays, as the engine reads it
 * (rc-engine-messages.c keeps only the boot's state; the reading is rc-worker-message.c):
 * the typed progress it emits, the record it fills, and that record's analysis and JSON. */
#include "config.h"

#include "core/record/rc-boot-progress.h"
#include "core/analysis/rc-run-analysis.h"
#include "core/record/rc-worker-message.h"
#include "fuzz-common.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  rc_fuzz_init ();
  return 0;
}

static void
apply (RcRunRecord *record, JsonObject *data)
{
  const char *type = rc_worker_message_string (data, "type");
  g_autoptr (GError) error = NULL;
  g_autoptr (RcBootProgress) progress = rc_worker_message_read_progress (data, &error);
  g_autoptr (RcBootProgress) copy = progress != NULL ? rc_boot_progress_copy (progress) : NULL;
  double t_ms;
  gint64 heap;

  if (error != NULL || type == NULL || !rc_worker_message_stamp (data, &t_ms, &heap, &error))
    return;
  if (progress != NULL)
    {
      rc_boot_progress_subject (copy);
      rc_boot_progress_step_phase (copy);
    }
  if (t_ms >= 0)
    rc_run_record_note_clock (record, G_GINT64_CONSTANT (5000000000), t_ms);
  if (progress != NULL && progress->phase != RC_BOOT_PHASE_READY)
    rc_worker_message_record_progress (record, progress);
  else if (progress != NULL
           && rc_worker_message_record_resources (record, rc_worker_message_object (data, "rc"),
                                                  t_ms, &error))
    rc_run_record_ready (record, progress->version, t_ms, heap);
  else if (g_str_equal (type, "error"))
    rc_run_record_failed (record, rc_worker_message_string (data, "kind"),
                          rc_worker_message_string (data, "message"), NULL, t_ms);
  else if (g_str_equal (type, "rc_violation"))
    rc_run_record_add_violation (record, rc_worker_message_string (data, "directive"),
                                 rc_worker_message_string (data, "blockedURI"), "worker",
                                 rc_worker_message_double (data, "t", -1), NULL);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = rc_worker_message_parse ((const char *) data, size, &error);
  g_autoptr (RcRunRecord) record = NULL;
  g_autoptr (RcRunAnalysis) analysis = NULL;
  g_autoptr (JsonNode) json = NULL;
  JsonObject *payload;

  if (message == NULL)
    {
      g_assert_nonnull (error);
      return 0;
    }
  if ((payload = rc_worker_message_object (message, "data")) == NULL)
    return 0;
  /* twice: a second progress or ready message meets a record that has seen one */
  record = rc_run_record_new (RC_SCENARIO_COLD, 1);
  apply (record, payload);
  apply (record, payload);
  analysis = rc_run_analyse (record);
  json = rc_run_record_to_json (record);
  return 0;
}
