/* rc-engine-health.c: whose failure a failed boot is, and the engine's own failures.
 *
 * A browser can fail under a boot without saying so (WebKit relaunches a crashed network
 * process silently; the web process then fails the loads in flight, "Load failed", which the
 * worker reports as the community's runtime error, or the boot waits for its deadline and the
 * diagnosis blames the policy). So the engine asks its browser while booting
 * (rc_browser_check_failed()), names such a failure kind "engine", and retries the boot once
 * (the record says so) once the browser recovered. Every failed boot then gets a party and a
 * diagnosis; a required request the server refused ends the boot within seconds if the worker
 * does not.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-engine-private.h"
#include "core/analysis/rc-boot-blame.h"
#include "core/analysis/rc-boot-diagnosis.h"

#define HEALTH_POLL_MS        250
#define REFUSED_GRACE_MS      3000
#define WASM_REFUSED_GRACE_MS 1000
/* attempt 2 starts no sooner, and after the browser recovered (rc_browser_recover_async()) */
#define RETRY_DELAY_MS 1000

/* ---- the browser's health ----------------------------------------------------------------- */

static gboolean
poll_browser (gpointer data)
{
  RcEngine *self = data;

  if (self->boot_task == NULL)
    {
      self->health_id = 0;
      return G_SOURCE_REMOVE;
    }
  if (rc_engine_health_check (self))
    return G_SOURCE_REMOVE; /* health_id was cleared when the boot ended */
  return G_SOURCE_CONTINUE;
}

void
rc_engine_health_start (RcEngine *self)
{
  rc_engine_health_stop (self);
  self->health_id = g_timeout_add (HEALTH_POLL_MS, poll_browser, self);
  g_source_set_name_by_id (self->health_id, "[runtime-console] browser health watch");
}

void
rc_engine_health_stop (RcEngine *self)
{
  g_clear_handle_id (&self->health_id, g_source_remove);
  g_clear_handle_id (&self->refused_id, g_source_remove);
  g_clear_handle_id (&self->wasm_refused_id, g_source_remove);
  g_clear_pointer (&self->wasm_refusal, g_free);
}

gboolean
rc_engine_health_check (RcEngine *self)
{
  g_autofree char *what = NULL;

  if (self->boot_task == NULL || !rc_browser_check_failed (self->browser, &what))
    return FALSE;
  rc_engine_fail_engine (self, what);
  return TRUE;
}

/* What was in flight: the next URL a successful boot asks for, the step the worker was in. */
static char *
in_flight (RcEngine *self)
{
  const char *next = rc_boot_next_expected (self->expected_urls, self->record->requests);
  const RcRunStep *step =
      self->record->steps->len > 0
          ? g_ptr_array_index (self->record->steps, self->record->steps->len - 1)
          : NULL;
  g_autofree char *where = step != NULL ? g_strdup_printf (_ (" during step %u (%s)"), step->step,
                                                           step->phase != NULL ? step->phase : "?")
                                        : g_strdup ("");

  if (next != NULL)
    return g_strdup_printf (_ ("the loads in flight failed%s; the next request a successful boot "
                               "makes, %s, never reached the proxy"),
                            where, next);
  return g_strdup_printf (_ ("the loads in flight failed%s"), where);
}

void
rc_engine_fail_engine (RcEngine *self, const char *what)
{
  g_autofree char *flight = NULL;
  g_autofree char *message = NULL;

  if (self->boot_task == NULL)
    return;
  flight = in_flight (self);
  message = g_strdup_printf ("%s: %s", what, flight);
  rc_engine_stop_worker (self);
  rc_run_record_failed (self->record, "engine", message, NULL, -1);
  rc_engine_finish_boot (self);
}

/* The proxy's last answer to @url in this attempt, or NULL when it saw no request for it. */
static const RcRequestRecord *
proxy_answer (RcEngine *self, const char *url)
{
  const RcRequestRecord *found = NULL;

  for (guint i = 0; i < self->record->requests->len; i++)
    {
      const RcRequestRecord *request = g_ptr_array_index (self->record->requests, i);

      if (request->url != NULL && rc_boot_url_matches (request->url, url))
        found = request;
    }
  return found;
}

/* Why a load the worker says failed with no HTTP status (a network error, as the page saw
 * it) is the engine's, or NULL when it may not be. One the proxy never saw was failed inside
 * the engine; one the proxy answered with a success reached the engine and was lost there
 * (WebKit fails the loads in flight itself when its network process is relaunched,
 * "internallyFailedLoadTimerFired"). One the proxy refused may be that refusal, read by the
 * page as a network error (an error response without CORS headers): not the engine's. */
static char *
engine_lost_load (RcEngine *self, const char *url, const char *worker_said)
{
  const RcRequestRecord *answer = proxy_answer (self, url);
  const char *engine = rc_engine_short_name (rc_engine_kind_to_string (self->kind));
  const char *said = worker_said != NULL ? worker_said : "?";

  if (answer == NULL)
    return g_strdup_printf (_ ("%s failed the load of %s itself: it never reached the proxy, "
                               "and the policy refuses nothing this boot needs (the worker "
                               "said: %s)"),
                            engine, url, said);
  if (answer->status < 200 || answer->status >= 400)
    return NULL;
  return g_strdup_printf (_ ("%s lost the load of %s: the proxy answered it (HTTP %u, "
                             "%" G_GUINT64_FORMAT " bytes sent) and the policy refuses nothing "
                             "this boot needs, yet the worker's load failed without a status "
                             "(the worker said: %s)"),
                          engine, url, answer->status, answer->bytes, said);
}

gboolean
rc_engine_failed_internally (RcEngine *self, const char *worker_said)
{
  guint n = self->failed_loads != NULL ? json_array_get_length (self->failed_loads) : 0;

  if (self->boot_task == NULL || self->record->violations->len > 0
      || rc_engine_policy_refusals (self) > 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (self->failed_loads, i);
      JsonObject *load = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *url =
          load != NULL ? json_object_get_string_member_with_default (load, "url", NULL) : NULL;
      const char *error =
          load != NULL ? json_object_get_string_member_with_default (load, "error", "") : "";
      g_autofree char *what = NULL;

      /* The worker's own egress guard refuses before any request: not WebKit's doing. */
      if (url == NULL || json_object_get_int_member_with_default (load, "status", 0) != 0
          || !g_str_has_prefix (url, "https://") || strstr (error, "egress") != NULL
          || (what = engine_lost_load (self, url, worker_said)) == NULL)
        continue;
      rc_engine_stop_worker (self);
      rc_run_record_failed (self->record, "engine", what, NULL, -1);
      rc_engine_finish_boot (self);
      return TRUE;
    }
  return FALSE;
}

/* ---- a request the server refused --------------------------------------------------------- */

static gboolean
refused_timeout (gpointer data)
{
  RcEngine *self = data;
  const RcRequestRecord *refused;
  g_autofree char *message = NULL;

  self->refused_id = 0;
  if (self->boot_task == NULL
      || (refused = rc_boot_find_refused (self->record->requests, self->expected_urls)) == NULL)
    return G_SOURCE_REMOVE;
  message = g_strdup_printf (_ ("%s %s answered HTTP %u%s%s, and the boot cannot go on without "
                                "it (the worker did not report within %.0f s)"),
                             refused->method, refused->url, refused->status,
                             refused->note != NULL ? ": " : "",
                             refused->note != NULL ? refused->note : "", REFUSED_GRACE_MS / 1000.0);
  rc_engine_stop_worker (self);
  rc_run_record_failed (self->record, g_strcmp0 (refused->origin, "page") == 0 ? "page" : "runtime",
                        message, NULL, -1);
  rc_engine_finish_boot (self);
  return G_SOURCE_REMOVE;
}

/* The worker usually reports the failure itself, with its own words: give it a moment. */
void
rc_engine_note_refused (RcEngine *self, const RcRequestRecord *request)
{
  g_autoptr (GPtrArray) one = g_ptr_array_new ();

  if (self->boot_task == NULL || self->refused_id != 0 || request->status < 400)
    return;
  g_ptr_array_add (one, (gpointer) request);
  if (rc_boot_find_refused (one, self->expected_urls) == NULL)
    return;
  self->refused_id = g_timeout_add (REFUSED_GRACE_MS, refused_timeout, self);
  g_source_set_name_by_id (self->refused_id, "[runtime-console] refused request grace");
}

/* ---- WebAssembly the policy refused -------------------------------------------------------- */

static gboolean
wasm_refused_timeout (gpointer data)
{
  RcEngine *self = data;
  g_autofree char *message = g_steal_pointer (&self->wasm_refusal);

  self->wasm_refused_id = 0;
  if (self->boot_task == NULL)
    return G_SOURCE_REMOVE;
  rc_engine_stop_worker (self);
  rc_run_record_failed (self->record, "wasm-refused", message, NULL, self->wasm_refused_t);
  rc_engine_finish_boot (self);
  return G_SOURCE_REMOVE;
}

/* Pyodide cannot recover from a refused compile (every later one is refused as well) and says
 * nothing: the boot would only wait out its deadline. The policy's violation events are queued
 * with the refusal, so let them arrive before the boot ends. */
void
rc_engine_note_wasm_failed (RcEngine *self, const char *via, const char *error, double t_ms)
{
  if (self->boot_task == NULL || self->wasm_refused_id != 0)
    return;
  if (!rc_boot_wasm_refusal (error))
    {
      g_debug ("WebAssembly.%s failed, not refused by a policy: %s", via != NULL ? via : "?",
               error != NULL ? error : "?");
      return;
    }
  g_free (self->wasm_refusal);
  self->wasm_refusal = rc_boot_wasm_refused_message (via, error, t_ms, self->deadline_seconds);
  self->wasm_refused_t = t_ms;
  self->wasm_refused_id = g_timeout_add (WASM_REFUSED_GRACE_MS, wasm_refused_timeout, self);
  g_source_set_name_by_id (self->wasm_refused_id, "[runtime-console] refused compile grace");
}

/* ---- party and diagnosis ------------------------------------------------------------------ */

void
rc_engine_conclude_failure (RcEngine *self)
{
  RcOutcome *outcome = &self->record->outcome;
  RcBlame blame = { 0 };
  RcParty party;
  g_autofree char *body = NULL;

  if (g_strcmp0 (outcome->kind, "cancelled") == 0 || g_strcmp0 (outcome->kind, "stopped") == 0)
    return;
  blame.kind = outcome->kind;
  blame.policy_refusals = rc_engine_policy_refusals (self);
  blame.violations = self->record->violations->len;
  blame.refused = rc_boot_find_refused (self->record->requests, self->expected_urls);
  blame.page_reported = self->page_reported;
  blame.message = outcome->message;
  party = rc_boot_blame (&blame);
  g_free (outcome->party);
  outcome->party = g_strdup (rc_party_to_string (party));

  body = outcome->diagnosis != NULL ? g_strdup (outcome->diagnosis) : rc_engine_diagnose (self);
  g_free (outcome->diagnosis);
  /* the same text serve's page gets from rc-page-report.c */
  outcome->diagnosis = rc_boot_diagnosis_compose (party, outcome->kind, self->page_reported, body,
                                                  self->failed_loads);
}

/* ---- one retry ---------------------------------------------------------------------------- */

/* Once the browser recovered. */
static void
recovered_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (RcEngine) self = user_data;
  g_autoptr (GError) error = NULL;

  rc_browser_recover_finish (RC_BROWSER (source), result);
  if (!self->retry_pending)
    return;
  self->retry_pending = FALSE;
  if (self->boot_task == NULL || self->attempt != 2)
    return;
  if (!rc_engine_start_attempt (self, &error))
    {
      g_autoptr (GTask) task = g_steal_pointer (&self->boot_task);

      rc_engine_set_state (self, RC_ENGINE_STATE_FAILED);
      g_task_return_error (task, g_steal_pointer (&error));
    }
}

static gboolean
retry_idle (gpointer data)
{
  RcEngine *self = data;

  if (self->boot_task != NULL && self->retry_pending)
    rc_browser_recover_async (self->browser, recovered_cb, g_object_ref (self));
  return G_SOURCE_REMOVE;
}

gboolean
rc_engine_retry_if_engine (RcEngine *self)
{
  g_autofree char *old_id = NULL;

  if (self->attempt != 1 || g_strcmp0 (self->record->outcome.kind, "engine") != 0)
    return FALSE;
  self->attempt = 2;
  self->retry_pending = TRUE;
  g_free (self->retry_note);
  self->retry_note =
      g_strdup_printf (RC_RUN_RECORD_RETRY_NOTE
                       "attempt 1 failed in the engine after %.1f s (%s); it was retried once",
                       self->record->boot_ms / 1000.0, self->record->outcome.message);
  old_id = g_strdup_printf ("%s#attempt-1", self->record->run_id);
  rc_server_relabel_run (self->server, self->record->run_id, old_id);
  /* What the first attempt's page still fetches until the next attempt starts is its own. */
  rc_server_set_run_id (self->server, old_id);
  /* Not from inside the browser's signal (the next attempt may replace its view), and not
   * before the browser noticed what died. */
  g_timeout_add_full (G_PRIORITY_DEFAULT, RETRY_DELAY_MS, retry_idle, g_object_ref (self),
                      g_object_unref);
  return TRUE;
}
