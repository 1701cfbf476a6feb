/* rc-python-console.h: run Python in the booted, sealed runtime and show what came back.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>

#include "boot/rc-engine.h"

G_BEGIN_DECLS

#define RC_TYPE_PYTHON_CONSOLE (rc_python_console_get_type ())
G_DECLARE_FINAL_TYPE (RcPythonConsole, rc_python_console, RC, PYTHON_CONSOLE, GtkWidget)

void rc_python_console_set_engine (RcPythonConsole *self, RcEngine *engine);
/* Puts @code in the input and runs it; ::finished fires with the worker's result. */
void rc_python_console_run (RcPythonConsole *self, const char *code);
/* Cancels the running code: ::finished comes with status "cancelled", and the engine
 * recycles the worker. */
void rc_python_console_stop (RcPythonConsole *self);
gboolean rc_python_console_is_running (RcPythonConsole *self);
/* Forgets the output (another community). */
void rc_python_console_clear (RcPythonConsole *self);
/* Replaces the status line, e.g. to say the runtime is being recycled. */
void rc_python_console_set_note (RcPythonConsole *self, const char *note);
/* The status of the last run ("ok", "error", "denied", "timeout"), or NULL. */
const char *rc_python_console_get_status (RcPythonConsole *self);

G_END_DECLS
