/* rc-test-window.c: what the window tests share: opening a window on a folder, finding the
 * Boot page's parts in its composite widgets, booting through the page's actions.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <string.h>

#include "rc-test-files.h"
#include "rc-test-ui.h"
#include "rc-test-window.h"
#include "ui/rc-boot-controls.h"
#include "ui/rc-table-item.h"

RcApplication *rc_test_app;

void
rc_test_window_init (int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;

  gtk_test_init (argc, argv, NULL);
  adw_init ();
  rc_test_app = rc_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (rc_test_app), NULL, &error));
  g_assert_no_error (error);
}

int
rc_test_window_run (void)
{
  int status = g_test_run ();

  g_clear_object (&rc_test_app);
  return status;
}

void
rc_test_set_true (gboolean *flag)
{
  *flag = TRUE;
}

gpointer
rc_test_window_child (RcWindow *window, const char *name)
{
  return gtk_widget_get_template_child (GTK_WIDGET (window), RC_TYPE_WINDOW, name);
}

/* The Boot page's parts, found where the page's composite widgets hold them. */
gpointer
rc_test_pane_child (RcBootPane *pane, const char *name)
{
  gpointer found = gtk_widget_get_template_child (GTK_WIDGET (pane), RC_TYPE_BOOT_PANE, name);

  g_assert_nonnull (found);
  return found;
}

RcBootResults *
rc_test_find_results (RcBootPane *pane)
{
  return RC_BOOT_RESULTS (rc_test_pane_child (pane, "results"));
}

RcPythonConsole *
rc_test_find_console (RcBootPane *pane)
{
  return rc_boot_results_get_console (rc_test_find_results (pane));
}

RcChartsView *
rc_test_find_charts (RcBootPane *pane)
{
  return RC_CHARTS_VIEW (gtk_widget_get_template_child (GTK_WIDGET (rc_test_find_results (pane)),
                                                        RC_TYPE_BOOT_RESULTS, "charts"));
}

GtkStack *
rc_test_results_stack (RcBootPane *pane)
{
  return GTK_STACK (gtk_widget_get_template_child (GTK_WIDGET (rc_test_find_results (pane)),
                                                   RC_TYPE_BOOT_RESULTS, "results_stack"));
}

void
rc_test_set_results_page (RcBootPane *pane, const char *name)
{
  rc_boot_results_set_page (rc_test_find_results (pane), name);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (rc_test_results_stack (pane)), ==, name);
}

AdwFlap *
rc_test_find_flap (RcBootPane *pane)
{
  return ADW_FLAP (rc_test_pane_child (pane, "flap"));
}

GtkWidget *
rc_test_find_flap_toggle (RcBootPane *pane)
{
  GtkWidget *toggle = GTK_WIDGET (gtk_widget_get_template_child (
      GTK_WIDGET (rc_test_pane_child (pane, "controls")), RC_TYPE_BOOT_CONTROLS, "flap_toggle"));

  g_assert_nonnull (toggle);
  return toggle;
}

RcWindow *
rc_test_open_window_at (const char *path)
{
  g_autoptr (GFile) folder = g_file_new_for_path (path);
  RcWindow *window = rc_window_new (GTK_APPLICATION (rc_test_app));
  gboolean loaded = FALSE;
  gulong id;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 820);
  gtk_window_present (GTK_WINDOW (window));
  id = g_signal_connect_swapped (window, "notify::community", G_CALLBACK (rc_test_set_true),
                                 &loaded);
  rc_window_open_folder (window, folder);
  g_assert_true (rc_test_wait_for (&loaded, 60));
  g_signal_handler_disconnect (window, id);
  g_assert_nonnull (rc_window_get_community (window));
  /* Let the window lay out and draw before anyone looks at it. */
  rc_test_spin (300);
  return window;
}

RcWindow *
rc_test_open_window (const char *relative)
{
  g_autofree char *path = g_build_filename (g_getenv ("RC_SOURCE_DIR"), relative, NULL);

  return rc_test_open_window_at (path);
}

void
rc_test_show_page (RcWindow *window, const char *name)
{
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-page",
                                  g_variant_new_string (name));
  rc_test_spin (300);
}

void
rc_test_resize_window (RcWindow *window, int width, int height)
{
  GtkWidget *widget = GTK_WIDGET (window);
  guint waited = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  for (; waited < 15000; waited += 50)
    {
      /* Asked again each second: a window once stayed 1270 px wide for the whole 15 s under
       * ASan and two other runs, a lost request (likely its first configure at the old size
       * arriving after it, which GTK takes as the new default size). */
      if (waited > 0 && waited % 1000 == 0)
        gtk_window_set_default_size (GTK_WINDOW (window), width, height);
      rc_test_spin (50);
      if (gtk_widget_get_width (widget) <= width && gtk_widget_get_height (widget) <= height)
        break;
    }
  g_test_message ("resized to %d × %d after %u ms", gtk_widget_get_width (widget),
                  gtk_widget_get_height (widget), waited);
  g_assert_cmpint (gtk_widget_get_width (widget), <=, width);
  g_assert_cmpint (gtk_widget_get_height (widget), <=, height);
  /* the new size laid out and drawn */
  rc_test_spin (300);
}

char *
rc_test_copy_tree (const char *relative)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *src = g_build_filename (g_getenv ("RC_SOURCE_DIR"), relative, NULL);
  g_autofree char *root = g_dir_make_tmp ("rc-window-XXXXXX", &error);
  g_autofree char *name = g_path_get_basename (relative);
  char *dir = g_build_filename (root, name, NULL);
  const char *argv[] = { "cp", "-r", src, dir, NULL };
  int status = -1;

  g_assert_no_error (error);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status,
                &error);
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  return dir;
}

void
rc_test_remove_copy (const char *dir)
{
  g_autofree char *root = g_path_get_dirname (dir);

  rc_test_remove_tree (root);
}

void
rc_test_wait_community (RcWindow *window, double seconds)
{
  gboolean loaded = FALSE;
  gulong id = g_signal_connect_swapped (window, "notify::community", G_CALLBACK (rc_test_set_true),
                                        &loaded);

  g_assert_true (rc_test_wait_for (&loaded, seconds));
  g_signal_handler_disconnect (window, id);
  rc_test_spin (200);
}

/* Activates boot.@action as the window's menu does and waits for the plan to end; returns a
 * copy of the report's last run. */
RcRunRecord *
rc_test_boot_and_wait (RcWindow *window, const char *action, double seconds)
{
  RcBootPane *pane = rc_test_window_child (window, "boot_pane");
  GActionGroup *actions = rc_boot_pane_get_actions (pane);
  const RcMeasurement *report;
  gboolean finished = FALSE;
  RcTestFrameRate frames;
  gulong id =
      g_signal_connect_swapped (pane, "plan-finished", G_CALLBACK (rc_test_set_true), &finished);

  g_assert_true (g_action_group_get_action_enabled (actions, strchr (action, '.') + 1));
  /* Through the window, as its menu and shortcuts reach the page's group. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  rc_test_frame_rate_start (&frames, GTK_WIDGET (window));
  g_assert_true (rc_test_wait_for (&finished, seconds));
  g_test_message ("%s: the window drew %.2f frames a second", action,
                  rc_test_frame_rate_end (&frames));
  g_signal_handler_disconnect (pane, id);
  report = rc_boot_pane_get_report (pane);
  g_assert_nonnull (report);
  g_assert_cmpuint (report->runs->len, >, 0);
  rc_test_spin (300);
  return rc_run_record_copy (g_ptr_array_index (report->runs, report->runs->len - 1));
}

gboolean
rc_test_any_cell_is (GListModel *model, guint column, const char *text)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (RcTableItem) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (rc_table_item_get_cell (item, column), text) == 0)
        return TRUE;
    }
  return FALSE;
}

void
rc_test_set_done_cb (RcPythonConsole *console, JsonObject *result, gboolean *done)
{
  *done = TRUE;
}
