/* rc-community-picker.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-community-picker.h"

struct _RcCommunityPicker
{
  GtkWidget parent_instance;

  AdwStatusPage *status_page;
  GtkListBox *list;
};

enum
{
  COMMUNITY_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (RcCommunityPicker, rc_community_picker, GTK_TYPE_WIDGET)

static void
rc_community_picker_row_activated_cb (RcCommunityPicker *self, GtkListBoxRow *row)
{
  GFile *folder = g_object_get_data (G_OBJECT (row), "folder");

  g_signal_emit (self, signals[COMMUNITY_ACTIVATED], 0, folder);
}

static GtkWidget *
create_row (GFile *folder)
{
  g_autofree char *name = g_file_get_basename (folder);
  g_autofree char *display = g_file_get_parse_name (folder);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), display);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  g_object_set_data_full (G_OBJECT (row), "folder", g_object_ref (folder), g_object_unref);
  return row;
}

static void
rc_community_picker_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), RC_TYPE_COMMUNITY_PICKER);
  G_OBJECT_CLASS (rc_community_picker_parent_class)->dispose (object);
}

static void
rc_community_picker_class_init (RcCommunityPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rc_community_picker_dispose;

  /**
   * RcCommunityPicker::community-activated:
   * @folder: the community folder (a #GFile)
   */
  signals[COMMUNITY_ACTIVATED] =
      g_signal_new ("community-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                    NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-community-picker.ui");
  gtk_widget_class_bind_template_child (widget_class, RcCommunityPicker, status_page);
  gtk_widget_class_bind_template_child (widget_class, RcCommunityPicker, list);
  gtk_widget_class_bind_template_callback (widget_class, rc_community_picker_row_activated_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
rc_community_picker_init (RcCommunityPicker *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

void
rc_community_picker_set_checkout (RcCommunityPicker *self, GFile *checkout, GPtrArray *communities)
{
  g_autofree char *name = NULL;
  g_autofree char *where = NULL;
  g_autofree char *description = NULL;
  GtkWidget *child;

  g_return_if_fail (RC_IS_COMMUNITY_PICKER (self));
  g_return_if_fail (G_IS_FILE (checkout));

  /* The status page's description is markup. */
  name = g_file_get_parse_name (checkout);
  where = g_markup_escape_text (name, -1);
  description =
      g_strdup_printf (ngettext ("%s is an OSA checkout with %u community.",
                                 "%s is an OSA checkout with %u communities.", communities->len),
                       where, communities->len);
  adw_status_page_set_description (self->status_page, description);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < communities->len; i++)
    gtk_list_box_append (self->list, create_row (g_ptr_array_index (communities, i)));
}
