/* rc-page-report.c: serve's page's messages replayed into a run record, then diagnosed. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/analysis/rc-boot-diagnosis.h"
#include "core/plan/rc-boot-plan.h"
#include "core/policy/rc-csp.h"
#include "core/plan/rc-page-report.h"
#include "core/record/rc-worker-message.h"

typedef struct
{
  RcRunRecord *record;
  gboolean page_reported;
  JsonArray *failed_loads; /* the worker's rc.failed_loads, or NULL */
  guint steps;
  double deadline_s; /* the page's own deadline (its ?deadline=S) */
} Replay;

static gboolean
invalid (GError **error, const char *message)
{
  g_set_error_literal (error, RC_WORKER_MESSAGE_ERROR, RC_WORKER_MESSAGE_ERROR_INVALID, message);
  return FALSE;
}

/* Only the first message that ends the boot counts, as in the engines. */
static void
fail (Replay *r, const char *kind, const char *message, double t_ms)
{
  if (r->record->outcome.state == RC_OUTCOME_UNKNOWN)
    rc_run_record_failed (r->record, kind, message, NULL, t_ms);
}

static gboolean
replay_worker (Replay *r, JsonObject *data, GError **error)
{
  const char *type = rc_worker_message_string (data, "type");
  g_autoptr (RcBootProgress) progress = NULL;
  g_autoptr (GError) local = NULL;
  double t_ms = -1;
  gint64 heap = -1;

  if ((progress = rc_worker_message_read_progress (data, &local)) == NULL && local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (progress == NULL && !rc_worker_message_stamp (data, &t_ms, &heap, error))
    return FALSE;
  if (progress != NULL && r->record->outcome.state == RC_OUTCOME_UNKNOWN)
    {
      if (progress->phase == RC_BOOT_PHASE_READY)
        rc_run_record_ready (r->record, progress->version, progress->t_ms, progress->heap);
      else
        {
          r->steps++;
          rc_worker_message_record_progress (r->record, progress);
        }
    }
  else if (g_strcmp0 (type, "error") == 0 && r->record->outcome.state == RC_OUTCOME_UNKNOWN)
    {
      JsonObject *rc = rc_worker_message_object (data, "rc");
      JsonNode *loads = rc != NULL ? json_object_get_member (rc, "failed_loads") : NULL;

      if (loads != NULL && JSON_NODE_HOLDS_ARRAY (loads))
        r->failed_loads = json_array_ref (json_node_get_array (loads));
      fail (r, rc_worker_message_string (data, "kind"), rc_worker_message_string (data, "message"),
            t_ms);
    }
  else if (g_strcmp0 (type, "rc_wasm_failed") == 0
           && rc_boot_wasm_refusal (rc_worker_message_string (data, "error")))
    {
      g_autofree char *message = rc_boot_wasm_refused_message (
          rc_worker_message_string (data, "via"), rc_worker_message_string (data, "error"),
          rc_worker_message_double (data, "t", -1), r->deadline_s);

      fail (r, "wasm-refused", message, rc_worker_message_double (data, "t", -1));
    }
  else if (g_strcmp0 (type, "rc_violation") == 0)
    rc_run_record_add_violation (r->record, rc_worker_message_string (data, "directive"),
                                 rc_worker_message_string (data, "blockedURI"), "worker",
                                 rc_worker_message_double (data, "t", -1), NULL);
  return TRUE;
}

/* As the engines read a host_error: the same words (rc_worker_message_host_error()). */
static void
replay_host_error (Replay *r, JsonObject *message)
{
  const char *kind;
  g_autofree char *full = rc_worker_message_host_error (message, &kind);

  fail (r, kind, full, -1);
}

static gboolean
replay_message (Replay *r, JsonObject *message, guint index, GError **error)
{
  const char *kind = rc_worker_message_string (message, "kind");
  JsonObject *data = rc_worker_message_object (message, "data");

  r->page_reported = TRUE;
  if (g_strcmp0 (kind, "worker") == 0 && data != NULL)
    {
      g_autoptr (GError) local = NULL;

      if (!replay_worker (r, data, &local))
        {
          g_set_error (error, RC_WORKER_MESSAGE_ERROR, RC_WORKER_MESSAGE_ERROR_INVALID,
                       _ ("page report: messages[%u]: %s"), index, local->message);
          return FALSE;
        }
    }
  else if (g_strcmp0 (kind, "violation") == 0)
    rc_run_record_add_violation (r->record, rc_worker_message_string (message, "directive"),
                                 rc_worker_message_string (message, "blockedURI"), "page",
                                 rc_worker_message_double (message, "t", -1), NULL);
  else if (g_strcmp0 (kind, "worker_error") == 0)
    fail (r, "worker_error", rc_worker_message_string (message, "message"), -1);
  else if (g_strcmp0 (kind, "host_error") == 0)
    replay_host_error (r, message);
  return TRUE;
}

static gboolean
replay (Replay *r, JsonObject *report, GError **error)
{
  JsonNode *messages = json_object_get_member (report, "messages");
  JsonObject *outcome = rc_worker_message_object (report, "outcome");
  JsonArray *array;

  if (g_strcmp0 (rc_worker_message_string (report, "kind"), "page_report") != 0)
    return invalid (error, _ ("page report: kind must be “page_report”"));
  r->deadline_s = rc_worker_message_double (report, "deadline_s", 120);
  if (!(r->deadline_s > 0 && r->deadline_s <= 86400))
    r->deadline_s = 120;
  if (messages == NULL || !JSON_NODE_HOLDS_ARRAY (messages))
    return invalid (error, _ ("page report: messages: expected an array"));
  array = json_node_get_array (messages);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, RC_WORKER_MESSAGE_ERROR, RC_WORKER_MESSAGE_ERROR_INVALID,
                       _ ("page report: messages[%u]: expected an object"), i);
          return FALSE;
        }
      if (!replay_message (r, json_node_get_object (node), i, error))
        return FALSE;
    }
  /* The page's own deadline, or a stall after a violation: a refused runtime hangs. */
  if (r->record->outcome.state == RC_OUTCOME_UNKNOWN)
    {
      const char *kind = outcome != NULL ? rc_worker_message_string (outcome, "kind") : NULL;
      const char *message = outcome != NULL ? rc_worker_message_string (outcome, "message") : NULL;

      fail (r, kind != NULL ? kind : "timeout",
            message != NULL ? message : _ ("the page reported before the boot ended"), -1);
    }
  return TRUE;
}

static char *
diagnose (const RcPageReportContext *context, const RcRunRecord *record, RcParty *party,
          gboolean page_reported, JsonArray *failed_loads)
{
  g_autofree char *index_url = rc_boot_plan_index_url (context->plan);
  g_auto (GStrv) fetch_allow = rc_boot_plan_fetch_allow (context->plan);
  g_autoptr (GPtrArray) expected = rc_boot_plan_expected_urls (context->plan, context->page_origin);
  g_autoptr (GPtrArray) findings = NULL;
  g_autofree char *body = NULL;
  RcCspNeeds needs = { 0 };
  RcBlame blame = { 0 };

  /* the needs the engines analyse (rc-engine.c), from the same plan */
  needs.page_origin = context->page_origin;
  needs.cdn_origin = RC_PYODIDE_CDN_ORIGIN;
  needs.cdn_path = index_url + strlen (RC_PYODIDE_CDN_ORIGIN);
  needs.api_origin = context->api_origin;
  needs.fetch_allow = fetch_allow;
  findings = rc_csp_analyse_text (context->policy, &needs);
  blame.kind = record->outcome.kind;
  blame.policy_refusals = rc_boot_count_boot_refusals (findings);
  blame.violations = record->violations->len;
  blame.refused = rc_boot_find_refused (record->requests, expected);
  blame.page_reported = page_reported;
  blame.message = record->outcome.message;
  *party = rc_boot_blame (&blame);
  body = rc_boot_diagnose (context->policy, &needs, record, expected);
  return rc_boot_diagnosis_compose (*party, record->outcome.kind, page_reported, body,
                                    failed_loads);
}

RcPageDiagnosis *
rc_page_report_diagnose (const char *body, gsize length, const RcPageReportContext *context,
                         GError **error)
{
  g_autoptr (JsonObject) report = NULL;
  g_autoptr (RcPageDiagnosis) self = NULL;
  Replay r = { 0 };
  gboolean ok;

  if (length > RC_PAGE_REPORT_MAX_BYTES)
    {
      g_set_error (error, RC_WORKER_MESSAGE_ERROR, RC_WORKER_MESSAGE_ERROR_INVALID,
                   _ ("page report: more than the %u KiB allowed"),
                   (guint) (RC_PAGE_REPORT_MAX_BYTES >> 10));
      return NULL;
    }
  if ((report = rc_worker_message_parse (body, length, error)) == NULL)
    return NULL;
  r.record = rc_run_record_new (RC_SCENARIO_COLD, 1);
  for (guint i = 0; context->requests != NULL && i < context->requests->len; i++)
    rc_run_record_add_request (r.record, context->requests->pdata[i]);
  ok = replay (&r, report, error);
  if (ok)
    {
      self = g_new0 (RcPageDiagnosis, 1);
      self->steps = r.steps;
      self->violations = r.record->violations->len;
      self->ready = r.record->outcome.state == RC_OUTCOME_READY;
      if (!self->ready)
        {
          self->kind = g_strdup (r.record->outcome.kind);
          self->message = g_strdup (r.record->outcome.message);
          self->diagnosis =
              diagnose (context, r.record, &self->party, r.page_reported, r.failed_loads);
        }
    }
  g_clear_pointer (&r.failed_loads, json_array_unref);
  rc_run_record_free (r.record);
  return g_steal_pointer (&self);
}

JsonNode *
rc_page_diagnosis_to_json (const RcPageDiagnosis *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *sentence = self->ready ? NULL : rc_boot_party_sentence (self->party);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, "diagnosis");
  json_builder_set_member_name (b, "ready");
  json_builder_add_boolean_value (b, self->ready);
  json_builder_set_member_name (b, "outcome");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, self->ready ? "ready" : self->kind);
  json_builder_set_member_name (b, "message");
  json_builder_add_string_value (b, self->message);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "party");
  json_builder_add_string_value (b, rc_party_to_string (self->party));
  json_builder_set_member_name (b, "party_sentence");
  json_builder_add_string_value (b, sentence);
  json_builder_set_member_name (b, "text");
  json_builder_add_string_value (b, self->diagnosis);
  json_builder_set_member_name (b, "steps");
  json_builder_add_int_value (b, self->steps);
  json_builder_set_member_name (b, "violations");
  json_builder_add_int_value (b, self->violations);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

void
rc_page_diagnosis_free (RcPageDiagnosis *self)
{
  if (self == NULL)
    return;
  g_free (self->kind);
  g_free (self->message);
  g_free (self->diagnosis);
  g_free (self);
}
