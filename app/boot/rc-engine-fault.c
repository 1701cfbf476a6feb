/* rc-engine-fault.c: Pyodide's interpreter failing inside itself while it starts.
 *
 * Seen a few times in thousands of WebKit boots on a loaded machine, never reproduced on
 * demand: loadPyodide failed with a WebAssembly trap or with its own bootstrap modules
 * unable to import ("cannot import name 'open' from 'builtins'"), while every file it loaded
 * had been served whole (the proxy's sha256 matched the distribution's, and 360 parallel
 * downloads of the same files never differed). The community gives that step nothing but its
 * lock, so a failure there is the engine's execution of the bytes or the bytes themselves. A
 * second attempt with the same files tells which: ready, and attempt 1 was the engine's (the
 * record says so); the same failure again, and it is the distribution's files.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-engine-private.h"
#include "core/analysis/rc-boot-blame.h"

/* Nothing but the interpreter can have failed: no policy refusal or violation, no load the
 * worker saw fail, no required request the server refused, and the interpreter not up yet. */
static gboolean
only_the_interpreter (RcEngine *self)
{
  return self->runtime_loaded_ms < 0 && self->record->violations->len == 0
         && rc_engine_policy_refusals (self) == 0
         && (self->failed_loads == NULL || json_array_get_length (self->failed_loads) == 0)
         && rc_boot_find_refused (self->record->requests, self->expected_urls) == NULL;
}

gboolean
rc_engine_interpreter_failed (RcEngine *self, const char *kind, const char *worker_said,
                              double t_ms)
{
  g_autofree char *what = NULL;
  const char *as;

  if (self->boot_task == NULL || g_strcmp0 (kind, "runtime") != 0
      || !rc_boot_interpreter_fault (worker_said) || !only_the_interpreter (self))
    return FALSE;
  /* attempt 1's, or attempt 2's after attempt 1 failed in the engine otherwise */
  if (self->attempt == 1 || self->interpreter_fault == NULL)
    {
      g_free (self->interpreter_fault);
      self->interpreter_fault = g_strdup (worker_said);
      as = "engine";
      what = g_strdup_printf (_ ("Pyodide's interpreter failed inside itself while it started, "
                                 "with every file it loaded served whole and nothing refused: "
                                 "the engine's execution of its WebAssembly (the worker said: %s)"),
                              worker_said);
    }
  else if (g_strcmp0 (self->interpreter_fault, worker_said) == 0)
    {
      as = "distribution";
      what = g_strdup_printf (_ ("Pyodide's interpreter failed while it started, the same way on "
                                 "both attempts with the same files: the distribution's files do "
                                 "not start in this engine. Check them against the Pyodide "
                                 "release, or boot them in another engine (--engine) (the worker "
                                 "said: %s)"),
                              worker_said);
    }
  else
    {
      as = "engine";
      what = g_strdup_printf (_ ("Pyodide's interpreter failed inside itself on both attempts, "
                                 "differently each time with the same files: the engine's "
                                 "execution of its WebAssembly (attempt 1: %s; attempt 2: %s)"),
                              self->interpreter_fault, worker_said);
    }
  rc_run_record_failed (self->record, as, what, NULL, t_ms);
  rc_engine_finish_boot (self);
  return TRUE;
}
