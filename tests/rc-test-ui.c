/* rc-test-ui.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gstdio.h>

#include "rc-test-ui.h"

static void
timeout_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
}

gboolean
rc_test_wait_for (const gboolean *flag, double seconds)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_once ((guint) (seconds * 1000), timeout_cb, &timed_out);

  while (!*flag && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  return *flag;
}

void
rc_test_spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add_once (ms, timeout_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* The widget's current frame as a render node; NULL until the window has drawn. */
static GskRenderNode *
snapshot_widget (GtkWidget *widget, int width, int height)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  return gtk_snapshot_free_to_node (snapshot);
}

char *
rc_test_save_screenshot (GtkWidget *widget, const char *name)
{
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "screenshots", NULL);
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  char *path = g_build_filename (dir, file, NULL);
  GskRenderer *renderer;
  int width, height;

  /* A loaded machine may not have drawn the latest state yet: wait for a frame, and retry. */
  gtk_test_widget_wait_for_draw (widget);
  for (guint i = 0; i < 50 && node == NULL; i++)
    {
      width = gtk_widget_get_width (widget);
      height = gtk_widget_get_height (widget);
      if (width > 0 && height > 0)
        node = snapshot_widget (widget, width, height);
      if (node == NULL)
        rc_test_spin (100);
    }
  g_assert_nonnull (node);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
  return path;
}

void
rc_test_frame_rate_start (RcTestFrameRate *rate, GtkWidget *widget)
{
  for (guint i = 0; i < 100 && gtk_widget_get_frame_clock (widget) == NULL; i++)
    rc_test_spin (50);
  rate->clock = gtk_widget_get_frame_clock (widget);
  g_assert_nonnull (rate->clock);
  rate->frame0 = gdk_frame_clock_get_frame_counter (rate->clock);
  rate->time0 = g_get_monotonic_time ();
}

double
rc_test_frame_rate_end (RcTestFrameRate *rate)
{
  double seconds = (g_get_monotonic_time () - rate->time0) / (double) G_USEC_PER_SEC;

  return (gdk_frame_clock_get_frame_counter (rate->clock) - rate->frame0) / MAX (seconds, 1e-3);
}

GtkWindow *
rc_test_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* owned by GTK */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
        return GTK_WINDOW (w);
    }
  return NULL;
}
