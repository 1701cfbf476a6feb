/* rc-welcome-page.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-welcome-page.h"

struct _RcWelcomePage
{
  GtkWidget parent_instance;

  /* Template widgets */
  AdwStatusPage *status_page;
  GtkWidget *recent_box;
  GtkListBox *recent_list;

  /* Owned */
  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (RcWelcomePage, rc_welcome_page, GTK_TYPE_WIDGET)

static void
rc_welcome_page_row_activated_cb (RcWelcomePage *self, GtkListBoxRow *row)
{
  const char *path = g_object_get_data (G_OBJECT (row), "path");

  gtk_widget_activate_action (GTK_WIDGET (self), "app.open-recent", "s", path);
}

static GtkWidget *
create_recent_row (const char *path)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *display = g_filename_display_name (path);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name ("edit-delete-symbolic");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), display);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("folder-symbolic"));
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _ ("Remove From Recent Folders"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (remove), "app.forget-recent");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (remove), "s", path);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  g_object_set_data_full (G_OBJECT (row), "path", g_strdup (path), g_free);
  return row;
}

static void
rc_welcome_page_fill_recent (RcWelcomePage *self)
{
  g_auto (GStrv) recent = g_settings_get_strv (self->settings, "recent-folders");
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))) != NULL)
    gtk_list_box_remove (self->recent_list, child);
  for (guint i = 0; recent[i] != NULL; i++)
    gtk_list_box_append (self->recent_list, create_recent_row (recent[i]));
  gtk_widget_set_visible (self->recent_box, recent[0] != NULL);
}

static void
rc_welcome_page_dispose (GObject *object)
{
  RcWelcomePage *self = RC_WELCOME_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), RC_TYPE_WELCOME_PAGE);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (rc_welcome_page_parent_class)->dispose (object);
}

static void
rc_welcome_page_class_init (RcWelcomePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rc_welcome_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-welcome-page.ui");
  gtk_widget_class_bind_template_child (widget_class, RcWelcomePage, status_page);
  gtk_widget_class_bind_template_child (widget_class, RcWelcomePage, recent_box);
  gtk_widget_class_bind_template_child (widget_class, RcWelcomePage, recent_list);
  gtk_widget_class_bind_template_callback (widget_class, rc_welcome_page_row_activated_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
rc_welcome_page_init (RcWelcomePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::recent-folders",
                           G_CALLBACK (rc_welcome_page_fill_recent), self, G_CONNECT_SWAPPED);
  rc_welcome_page_fill_recent (self);
}

void
rc_welcome_page_set_problem (RcWelcomePage *self, const char *title, const char *description)
{
  g_autofree char *escaped = NULL;

  g_return_if_fail (RC_IS_WELCOME_PAGE (self));

  if (title == NULL)
    {
      adw_status_page_set_icon_name (self->status_page, "earth.osc.RuntimeConsole-symbolic");
      adw_status_page_set_title (self->status_page, _ ("Open a Community"));
      adw_status_page_set_description (
          self->status_page,
          _ ("Drop a community folder here — or an OSA checkout to pick one of its communities."));
      return;
    }
  adw_status_page_set_icon_name (self->status_page, "folder-visiting-symbolic");
  adw_status_page_set_title (self->status_page, title);
  /* The status page's description is markup; paths and messages are not. */
  escaped = g_markup_escape_text (description, -1);
  adw_status_page_set_description (self->status_page, escaped);
}
