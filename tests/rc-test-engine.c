/* rc-test-engine.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <webkit/webkit.h>

#include "rc-test-engine.h"

GtkWidget *
rc_test_engine_web_view (RcEngine *engine)
{
  GtkWidget *widget = rc_engine_get_view (engine);

  while (widget != NULL && !WEBKIT_IS_WEB_VIEW (widget))
    widget = gtk_widget_get_first_child (widget);
  return widget;
}
