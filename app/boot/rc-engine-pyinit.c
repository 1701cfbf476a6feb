/* rc-engine-pyinit.c: what the record says about the interpreter step beyond its downloads:
 * Python's -X importtime when asked for (opt-in: it slows imports a little), how each engine
 * compiles WebAssembly (so wasm-compile is read right), whether it reused compiled code, and
 * which Pyodide boots (a candidate given with --pyodide). */
#include "config.h"

#include "boot/rc-cdp-browser.h"
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
  if (self->browser != NULL && RC_IS_CDP_BROWSER (self->browser))
    rc_cdp_browser_set_wasm_trace (RC_CDP_BROWSER (self->browser), self->importtime);
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

/* A candidate Pyodide replaces the configured one in the plan, and the CDN mirrors it: the
 * community was loaded against its distribution (--pyodide). */
void
rc_engine_apply_pyodide (RcEngine *self, JsonObject *plan)
{
  if (self->pyodide_version != NULL)
    rc_boot_plan_set_pyodide (plan, self->pyodide_version);
  rc_server_set_pyodide_version (self->server, self->pyodide_version);
}

/* How the engine compiles WebAssembly, from its makers' documentation: wasm-compile is the
 * time from the WebAssembly call to its promise, and that covers different work in each. */
static const char *
compile_note (RcEngineKind kind)
{
  switch (kind)
    {
    case RC_ENGINE_KIND_CHROMIUM:
      return "chromium: V8 compiles WebAssembly functions lazily with Liftoff on their first "
             "call and tiers hot ones up to TurboFan (v8.dev/docs/wasm-compilation-pipeline): "
             "wasm-compile is mostly decoding and validation, and function compilation falls "
             "into python-init";
    case RC_ENGINE_KIND_FIREFOX:
      return "firefox: SpiderMonkey compiles the whole module with its baseline compiler "
             "before the promise resolves and optimises with Ion in the background (tiered): "
             "wasm-compile is the baseline compile";
    case RC_ENGINE_KIND_WEBKIT:
    default:
      return "webkit: JavaScriptCore starts WebAssembly in a lower tier and tiers hot "
             "functions up (BBQ, OMG) while Python runs: wasm-compile is the first tier only";
    }
}

/* Engines that do not tell: recorded as such, with why; Chromium says it in its trace. */
static void
note_wasm_cache (RcEngine *self)
{
  RcInterpreterFacts *facts = &self->record->interpreter;

  if (facts->wasm_cache != NULL)
    return;
  if (self->kind == RC_ENGINE_KIND_FIREFOX)
    rc_run_record_set_wasm_cache (self->record, "not-reported",
                                  "firefox: WebDriver BiDi has no event for compiled "
                                  "WebAssembly reuse; compare wasm-compile cold and warm");
  else if (self->kind == RC_ENGINE_KIND_WEBKIT)
    rc_run_record_set_wasm_cache (self->record, "not-reported",
                                  "webkit: WebKitGTK has no API or event for compiled "
                                  "WebAssembly reuse; compare wasm-compile cold and warm");
  else
    rc_run_record_set_wasm_cache (
        self->record, "not-reported",
        self->importtime && self->boot_mode == RC_BOOT_MODE_WARM
            ? "chromium: no v8.wasm trace event for pyodide.asm.wasm had arrived when the boot "
              "ended (Chromium sends its trace after it ends, late on a busy machine)"
            : "chromium: its trace (v8.wasm events) is taken on warm boots with --importtime "
              "only; compare wasm-compile cold and warm");
}

void
rc_engine_note_interpreter (RcEngine *self)
{
  if (self->record == NULL || self->record->outcome.state != RC_OUTCOME_READY
      || rc_run_record_find_sub_phase (self->record, "wasm-compile") == NULL)
    return;
  rc_run_record_add_note (self->record, "%s", compile_note (self->kind));
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
