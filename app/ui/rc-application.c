/* rc-application.c: placeholder until the console window lands. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

int rc_ui_run (int argc, char **argv);

int
rc_ui_run (int argc, char **argv)
{
  g_autoptr (AdwApplication) app = adw_application_new (APP_ID, G_APPLICATION_NON_UNIQUE);

  return g_application_run (G_APPLICATION (app), 1, argv);
}
