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
/* The status of the last run ("ok", "error", "denied", "timeout"), or NULL. */
const char *rc_python_console_get_status (RcPythonConsole *self);

G_END_DECLS
