/* rc-engine-snapshot.c: the experimental snapshot scenario in the engine (rc-snapshot.h): the
 * server serves the snapshot, a snapshot run's plan names it, and its record says so. */
#include "config.h"

#include "boot/rc-engine-private.h"

void
rc_engine_set_snapshot (RcEngine *self, const RcSnapshot *snapshot)
{
  g_return_if_fail (RC_IS_ENGINE (self));
  g_clear_pointer (&self->snapshot, rc_snapshot_free);
  if (snapshot != NULL && snapshot->refused == NULL && snapshot->file != NULL)
    self->snapshot = rc_snapshot_copy (snapshot);
  rc_server_set_snapshot (self->server, self->snapshot != NULL ? self->snapshot->name : NULL,
                          self->snapshot != NULL ? self->snapshot->file : NULL);
}

/* Only the built-in worker takes the snapshot (rc-measure-runner.c refuses it for OSA's). */
void
rc_engine_apply_snapshot (RcEngine *self, JsonObject *plan, const RcBootRun *run)
{
  if (run != NULL && rc_scenario_is_snapshot (run->scenario) && self->snapshot != NULL
      && self->worker_kind == RC_WORKER_KIND_BUILTIN)
    json_object_set_string_member (plan, "snapshot", self->snapshot->url);
}

void
rc_engine_note_snapshot (RcEngine *self)
{
  g_autofree char *note = NULL;

  if (self->record == NULL || self->plan == NULL
      || !json_object_has_member (self->plan, "snapshot"))
    return;
  note = rc_snapshot_describe_boot (self->snapshot);
  rc_run_record_add_note (self->record, "%s", note);
}
