/* rc-engine-missing.c: a preload wheel the distribution lacks fails the boot at once.
 *
 * The emulated CDN answers 404 for a wheel its folder does not have (the npm distribution has
 * none) and says so in the request log. Pyodide then fails with no more than "Load failed", or
 * worse, waits; the proxy's refusal is the truth, so the boot ends on it with a diagnosis that
 * names the package, the URL and the fix. Kept apart from rc-engine.c, which only calls in.
 */
#include "config.h"

#include "core/analysis/rc-boot-diagnosis.h"
#include "boot/rc-engine-private.h"

#define MISSING_KIND "distribution"

/* Only a wheel the plan needs (a closure member) fails the boot. */
static gboolean
is_required (RcEngine *self, const RcRequestRecord *request)
{
  g_autofree char *file = rc_url_file_name (request->url);
  g_autofree char *decoded = file != NULL ? g_uri_unescape_string (file, NULL) : NULL;

  for (guint i = 0; decoded != NULL && i < self->record->expected->len; i++)
    {
      const RcExpectedResource *e = g_ptr_array_index (self->record->expected, i);

      if (g_strcmp0 (e->file_name, decoded) == 0 && g_strcmp0 (e->group, "interpreter") != 0)
        return TRUE;
    }
  return FALSE;
}

static void
fail_missing (RcEngine *self, const RcRequestRecord *request, const char *worker_said)
{
  g_autofree char *message = rc_boot_missing_wheel_message (request);
  g_autofree char *diagnosis =
      rc_boot_diagnose_missing_wheel (request, rc_community_get_distribution_dir (self->community));
  g_autofree char *full =
      worker_said != NULL ? g_strdup_printf ("%s (the worker reported %s)", message, worker_said)
                          : g_strdup (message);

  rc_run_record_failed (self->record, MISSING_KIND, full, diagnosis, -1);
}

typedef struct
{
  RcEngine *engine;
  char *run_id;
} Pending;

static void
pending_free (Pending *pending)
{
  g_object_unref (pending->engine);
  g_free (pending->run_id);
  g_free (pending);
}

/* From an idle: the request log signal is no place to end a boot (and start the next). */
static gboolean
fail_idle (gpointer data)
{
  Pending *pending = data;
  RcEngine *self = pending->engine;
  const RcRequestRecord *request;

  if (self->boot_task == NULL || self->record == NULL
      || g_strcmp0 (self->record->run_id, pending->run_id) != 0
      || (request = rc_boot_find_missing_wheel (self->record->requests)) == NULL)
    return G_SOURCE_REMOVE;
  rc_engine_stop_worker (self);
  fail_missing (self, request, NULL);
  rc_engine_finish_boot (self);
  return G_SOURCE_REMOVE;
}

void
rc_engine_check_missing_wheel (RcEngine *self, const RcRequestRecord *request)
{
  g_autofree char *package = NULL;
  Pending *pending;

  if (self->boot_task == NULL || self->record == NULL
      || (package = rc_boot_missing_wheel_package (request)) == NULL
      || !is_required (self, request))
    return;
  pending = g_new0 (Pending, 1);
  pending->engine = g_object_ref (self);
  pending->run_id = g_strdup (self->record->run_id);
  g_idle_add_full (G_PRIORITY_DEFAULT, fail_idle, pending, (GDestroyNotify) pending_free);
}

void
rc_engine_explain_missing_wheel (RcEngine *self)
{
  const RcRequestRecord *request;
  g_autofree char *worker_said = NULL;
  double ready_ms;

  if (self->record == NULL || self->record->outcome.state != RC_OUTCOME_FAILED
      || g_strcmp0 (self->record->outcome.kind, MISSING_KIND) == 0
      || (request = rc_boot_find_missing_wheel (self->record->requests)) == NULL
      || !is_required (self, request))
    return;
  /* The worker's failure arrived first: keep what it said, but name the cause. */
  worker_said =
      g_strdup_printf ("%s: %s", self->record->outcome.kind,
                       self->record->outcome.message != NULL ? self->record->outcome.message : "");
  ready_ms = self->record->ready_ms;
  fail_missing (self, request, worker_said);
  self->record->ready_ms = ready_ms;
}
