/* rc-bidi-browser.c: Firefox over WebDriver BiDi. */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-bidi-browser.h"

RcBrowser *
rc_bidi_browser_new (RcServer *server, GError **error)
{
  g_set_error (error, RC_ENGINE_ERROR, RC_ENGINE_ERROR_NO_BROWSER,
               _ ("the Firefox engine is not implemented yet"));
  return NULL;
}
