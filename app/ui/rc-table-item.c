/* rc-table-item.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include "rc-table-item.h"

struct _RcTableItem
{
  GObject parent_instance;

  GStrv cells;
  char *css_class;
};

G_DEFINE_FINAL_TYPE (RcTableItem, rc_table_item, G_TYPE_OBJECT)

static void
rc_table_item_finalize (GObject *object)
{
  RcTableItem *self = RC_TABLE_ITEM (object);

  g_clear_pointer (&self->cells, g_strfreev);
  g_clear_pointer (&self->css_class, g_free);
  G_OBJECT_CLASS (rc_table_item_parent_class)->finalize (object);
}

static void
rc_table_item_class_init (RcTableItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rc_table_item_finalize;
}

static void
rc_table_item_init (RcTableItem *self)
{
}

RcTableItem *
rc_table_item_new (const char *const *cells)
{
  RcTableItem *self = g_object_new (RC_TYPE_TABLE_ITEM, NULL);

  self->cells = g_strdupv ((char **) cells);
  return self;
}

RcTableItem *
rc_table_item_new_va (const char *first, ...)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) cells = NULL;
  va_list args;

  va_start (args, first);
  for (const char *cell = first; cell != NULL; cell = va_arg (args, const char *))
    g_strv_builder_add (builder, cell);
  va_end (args);
  cells = g_strv_builder_end (builder);
  return rc_table_item_new ((const char *const *) cells);
}

const char *
rc_table_item_get_cell (RcTableItem *self, guint column)
{
  g_return_val_if_fail (RC_IS_TABLE_ITEM (self), NULL);

  return column < g_strv_length (self->cells) ? self->cells[column] : "";
}

void
rc_table_item_set_css_class (RcTableItem *self, const char *css_class)
{
  g_return_if_fail (RC_IS_TABLE_ITEM (self));

  g_free (self->css_class);
  self->css_class = g_strdup (css_class);
}

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  RcTableColumnFlags flags = GPOINTER_TO_UINT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), (flags & RC_TABLE_COLUMN_NUMERIC) ? 1.0 : 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), (flags & RC_TABLE_COLUMN_MONO)
                                                  ? PANGO_ELLIPSIZE_MIDDLE
                                                  : PANGO_ELLIPSIZE_END);
  if (flags & RC_TABLE_COLUMN_NUMERIC)
    gtk_widget_add_css_class (label, "numeric");
  if (flags & RC_TABLE_COLUMN_MONO)
    gtk_widget_add_css_class (label, "monospace");
  gtk_list_item_set_child (item, label);
}

static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  guint column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), "column"));
  RcTableItem *row = RC_TABLE_ITEM (gtk_list_item_get_item (item));
  GtkWidget *label = gtk_list_item_get_child (item);
  const char *css_class = g_object_get_data (G_OBJECT (label), "css-class");
  const char *text = rc_table_item_get_cell (row, column);

  if (css_class != NULL)
    gtk_widget_remove_css_class (label, css_class);
  if (row->css_class != NULL)
    gtk_widget_add_css_class (label, row->css_class);
  g_object_set_data_full (G_OBJECT (label), "css-class", g_strdup (row->css_class), g_free);
  gtk_label_set_label (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, text[0] != '\0' ? text : NULL);
}

void
rc_table_add_column (GtkColumnView *view, const char *title, guint column, RcTableColumnFlags flags)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr (GtkColumnViewColumn) col = NULL;

  g_object_set_data (G_OBJECT (factory), "column", GUINT_TO_POINTER (column));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GUINT_TO_POINTER (flags));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), NULL);
  col = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (col, (flags & RC_TABLE_COLUMN_EXPAND) != 0);
  gtk_column_view_column_set_resizable (col, TRUE);
  gtk_column_view_append_column (view, col);
}
