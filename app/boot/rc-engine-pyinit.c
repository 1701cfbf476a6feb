/* rc-engine-pyinit.c: what the record says about the interpreter step beyond its downloads:
 * Python's -X importtime when asked for (opt-in: it slows imports a little), how each engine
 * compiles WebAssembly (so wasm-compile is read right), whether it reused compiled code, and
 * which Pyodide boots (a candidate given with --pyodide). */
#include "config.h"

#include "boot/rc-engine-private.h"
#include "core/plan/rc-boot-plan.h"

void
rc_engine_set_importtime (RcEngine *self, gboolean enabled)
{
  g_return_if_fail (RC_IS_ENGINE (self));
  self->importtime = enabled;
}

gboolean
rc_engine_get_importtime (RcEngine *self)
{
  g_return_val_if_fail (RC_IS_ENGINE (self), FALSE);
  return self->importtime;
}

/* The built-in worker passes loadPyodide's args itself; for OSA's bundle, which builds its
 * own call, the heap probe extends the options that call passes (host.js hands it the flag). */
void
rc_engine_apply_importtime (RcEngine *self, JsonObject *plan)
{
  if (self->importtime)
    json_object_set_boolean_member (plan, "importtime", TRUE);
  rc_browser_set_wasm_trace (self->browser, self->importtime);
}

void
rc_engine_set_pyodide_version (RcEngine *self, const char *version)
{
  g_return_if_fail (RC_IS_ENGINE (self));
  g_free (self->pyodide_version);
  self->pyodide_version = g_strdup (version);
}

const char *
rc_engine_get_pyodide_version (RcEngine *self)
{
  g_return_val_if_fail (RC_IS_ENGINE (self), NULL);
  return self->pyodide_version;
}

void
rc_engine_point_cdn (RcEngine *self)
{
  g_return_if_fail (RC_IS_ENGINE (self));
  rc_server_set_distribution_dir (self->server,
                                  rc_community_get_distribution_dir (self->community));
  rc_server_set_pyodide_version (self->server, self->pyodide_version);
}

/* A candidate Pyodide replaces the configured one in the plan (the community was loaded
 * against its distribution, --pyodide); prepare_server() points the CDN at it. */
void
rc_engine_apply_pyodide (RcEngine *self, JsonObject *plan)
{
  if (self->pyodide_version != NULL)
    rc_boot_plan_set_pyodide (plan, self->pyodide_version);
}

/* Engines that do not tell: recorded as such, with why (rc-engine-info.c); Chromium says it
 * in its trace. */
static void
note_wasm_cache (RcEngine *self)
{
  const RcEngineInfo *info = rc_engine_info_get (self->kind);
  gboolean traced = self->importtime && self->boot_mode == RC_BOOT_MODE_WARM;

  if (self->record->interpreter.wasm_cache != NULL)
    return;
  rc_run_record_set_wasm_cache (self->record, "not-reported",
                                traced && info->wasm_trace_late_note != NULL
                                    ? info->wasm_trace_late_note
                                    : info->wasm_cache_note);
}

void
rc_engine_note_interpreter (RcEngine *self)
{
  if (self->record == NULL || self->record->outcome.state != RC_OUTCOME_READY
      || rc_run_record_find_sub_phase (self->record, "wasm-compile") == NULL)
    return;
  rc_run_record_add_note (self->record, "%s", rc_engine_info_get (self->kind)->compile_note);
  if (self->record->interpreter.importtime)
    rc_run_record_add_note (self->record,
                            "Python ran with -X importtime (--importtime): each import writes "
                            "a line to stderr, which costs a little python-init time");
  note_wasm_cache (self);
}

void
rc_engine_note_wasm_cache (RcEngine *self, const char *state, const char *source, gboolean previous)
{
  if (self->boot_task == NULL || self->record == NULL || state == NULL || source == NULL)
    return;
  if (previous)
    rc_run_record_add_note (self->record,
                            "wasm code cache of the previous boot in this browser: %s (%s; its "
                            "trace arrived during this boot)",
                            state, source);
  else
    rc_run_record_set_wasm_cache (self->record, state, source);
}
