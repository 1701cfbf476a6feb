/* rc-overview-page.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/model/rc-closure.h"
#include "rc-overview-page.h"
#include "rc-table-item.h"

struct _RcOverviewPage
{
  GtkWidget parent_instance;

  /* Template widgets */
  AdwPreferencesGroup *community_group;
  AdwPreferencesGroup *tools_group;
  AdwPreferencesGroup *runtime_group;
  AdwPreferencesGroup *closure_group;
  GtkColumnView *closure_view;

  /* Owned: rows we added, to remove them on the next community */
  GPtrArray *rows;
  GListStore *closure;
};

G_DEFINE_FINAL_TYPE (RcOverviewPage, rc_overview_page, GTK_TYPE_WIDGET)

static GtkWidget *
add_row (RcOverviewPage *self, AdwPreferencesGroup *group, const char *title, const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL && subtitle[0] != '\0')
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_preferences_group_add (group, row);
  g_ptr_array_add (self->rows, g_object_ref (row));
  g_object_set_data (G_OBJECT (row), "group", group);
  return row;
}

static void
add_tag (GtkWidget *row, const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (label, "rc-tag");
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
}

static char *
format_value (JsonNode *node)
{
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      const char *text = json_node_get_string (node);
      /* An empty string is a value too; show it as such. */
      return g_strdup (text[0] != '\0' ? text : "\"\"");
    }
  if (JSON_NODE_HOLDS_ARRAY (node) && json_array_get_length (json_node_get_array (node)) == 0)
    return g_strdup (_ ("(empty list)"));
  return json_to_string (node, FALSE);
}

static void
clear_rows (RcOverviewPage *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);

      adw_preferences_group_remove (g_object_get_data (G_OBJECT (row), "group"), row);
    }
  g_ptr_array_set_size (self->rows, 0);
}

static void
fill_community (RcOverviewPage *self, RcCommunity *community)
{
  const char *id = rc_community_get_id (community);
  const char *description = rc_community_get_description (community);

  add_row (self, self->community_group, _ ("Identifier"), id != NULL ? id : _ ("(missing)"));
  add_row (self, self->community_group, _ ("Folder"), rc_community_get_dir (community));
  if (description != NULL)
    add_row (self, self->community_group, _ ("Description"), description);
  add_row (self, self->community_group, _ ("Deployment"),
           rc_deployment_to_string (rc_community_get_deployment (community)));
}

static void
fill_tools (RcOverviewPage *self, RcCommunity *community)
{
  g_autoptr (JsonArray) tools = rc_community_get_client_tools (community);
  guint n = tools != NULL ? json_array_get_length (tools) : 0;

  if (n == 0)
    add_row (self, self->tools_group, _ ("No client tools"),
             _ ("Without a client tool the assistant never runs Python in the browser."));
  for (guint i = 0; i < n; i++)
    {
      JsonObject *tool = json_array_get_object_element (tools, i);
      GtkWidget *row = add_row (
          self, self->tools_group, json_object_get_string_member_with_default (tool, "name", ""),
          json_object_get_string_member_with_default (tool, "description", ""));
      const char *runtime = json_object_get_string_member_with_default (tool, "runtime", "");

      add_tag (row, runtime, NULL);
      if (json_object_get_boolean_member_with_default (tool, "requires_permission", TRUE))
        add_tag (row, _ ("asks permission"), "warning");
    }
}

static void
add_runtime_field (RcOverviewPage *self, RcCommunity *community, const char *key, JsonNode *node)
{
  g_autofree char *value = format_value (node);
  GtkWidget *row = add_row (self, self->runtime_group, key, value);

  gtk_widget_add_css_class (row, "property");
  if (rc_community_runtime_field_is_default (community, key))
    add_tag (row, _ ("default"), "dim-label");
}

static void
fill_runtime (RcOverviewPage *self, RcCommunity *community)
{
  g_autoptr (JsonObject) runtime = NULL;
  g_autoptr (GList) members = NULL;

  runtime = rc_community_get_runtime_python (community, rc_community_get_deployment (community));
  if (runtime == NULL)
    {
      add_row (self, self->runtime_group, _ ("No runtime"),
               _ ("config.yaml has no runtime.python, so there is nothing to boot."));
      return;
    }
  members = json_object_get_members (runtime);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (runtime, l->data);

      if (g_str_equal (l->data, "limits") && JSON_NODE_HOLDS_OBJECT (node))
        {
          JsonObject *limits = json_node_get_object (node);
          g_autoptr (GList) names = json_object_get_members (limits);

          for (GList *n = names; n != NULL; n = n->next)
            {
              g_autofree char *key = g_strconcat ("limits.", n->data, NULL);

              add_runtime_field (self, community, key, json_object_get_member (limits, n->data));
            }
          continue;
        }
      add_runtime_field (self, community, l->data, node);
    }
}

static void
fill_closure (RcOverviewPage *self, RcCommunity *community)
{
  GPtrArray *closure = rc_community_get_closure (community);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; closure != NULL && i < closure->len; i++)
    {
      const RcClosureEntry *entry = g_ptr_array_index (closure, i);
      g_autofree char *imports =
          entry->imports != NULL ? g_strjoinv (", ", entry->imports) : g_strdup ("");
      g_autofree char *size =
          entry->size >= 0 ? g_format_size ((guint64) entry->size) : g_strdup (_ ("unknown"));
      g_autofree char *required = entry->required_by != NULL
                                      ? g_strdup_printf (_ ("by %s"), entry->required_by)
                                      : g_strdup (_ ("preload"));

      g_ptr_array_add (items, rc_table_item_new_va (entry->name, entry->version,
                                                    entry->overlay ? _ ("overlay") : _ ("stock"),
                                                    imports, size, required, NULL));
    }
  g_list_store_splice (self->closure, 0, g_list_model_get_n_items (G_LIST_MODEL (self->closure)),
                       items->pdata, items->len);
  if (closure == NULL || closure->len == 0)
    adw_preferences_group_set_description (self->closure_group,
                                           _ ("Nothing is preloaded, or the preload list does not "
                                              "resolve (see Problems)."));
  else
    {
      g_autofree char *size = rc_closure_format_size (closure);
      g_autofree char *text = NULL;

      text = g_strdup_printf (
          ngettext ("%u package, %s in boot order", "%u packages, %s in boot order", closure->len),
          closure->len, size);
      adw_preferences_group_set_description (self->closure_group, text);
    }
}

static void
rc_overview_page_dispose (GObject *object)
{
  RcOverviewPage *self = RC_OVERVIEW_PAGE (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), RC_TYPE_OVERVIEW_PAGE);
  /* dispose_template() only unparents bound children; the root box is not bound. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->closure);
  G_OBJECT_CLASS (rc_overview_page_parent_class)->dispose (object);
}

static void
rc_overview_page_class_init (RcOverviewPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rc_overview_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-overview-page.ui");
  gtk_widget_class_bind_template_child (widget_class, RcOverviewPage, community_group);
  gtk_widget_class_bind_template_child (widget_class, RcOverviewPage, tools_group);
  gtk_widget_class_bind_template_child (widget_class, RcOverviewPage, runtime_group);
  gtk_widget_class_bind_template_child (widget_class, RcOverviewPage, closure_group);
  gtk_widget_class_bind_template_child (widget_class, RcOverviewPage, closure_view);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
rc_overview_page_init (RcOverviewPage *self)
{
  GtkNoSelection *selection;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
  self->closure = g_list_store_new (RC_TYPE_TABLE_ITEM);
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->closure)));
  gtk_column_view_set_model (self->closure_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  rc_table_add_column (self->closure_view, _ ("Package"), 0, RC_TABLE_COLUMN_EXPAND);
  rc_table_add_column (self->closure_view, _ ("Version"), 1, 0);
  rc_table_add_column (self->closure_view, _ ("Source"), 2, 0);
  rc_table_add_column (self->closure_view, _ ("Imports"), 3, RC_TABLE_COLUMN_EXPAND);
  rc_table_add_column (self->closure_view, _ ("Size"), 4, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->closure_view, _ ("Required"), 5, 0);
}

void
rc_overview_page_set_community (RcOverviewPage *self, RcCommunity *community)
{
  g_return_if_fail (RC_IS_OVERVIEW_PAGE (self));
  g_return_if_fail (RC_IS_COMMUNITY (community));

  clear_rows (self);
  fill_community (self, community);
  fill_tools (self, community);
  fill_runtime (self, community);
  fill_closure (self, community);
}

GListModel *
rc_overview_page_get_closure (RcOverviewPage *self)
{
  g_return_val_if_fail (RC_IS_OVERVIEW_PAGE (self), NULL);

  return G_LIST_MODEL (self->closure);
}
