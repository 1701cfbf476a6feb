/* rc-application.h: the console's AdwApplication: app actions, settings, its windows.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define RC_TYPE_APPLICATION (rc_application_get_type ())
G_DECLARE_FINAL_TYPE (RcApplication, rc_application, RC, APPLICATION, AdwApplication)

RcApplication *rc_application_new (void);
GSettings *rc_application_get_settings (RcApplication *self);

/* The entry point of `runtime-console [open] [DIR]`, called by app/cli/rc-cli.c. */
int rc_ui_run (int argc, char **argv);

G_END_DECLS
