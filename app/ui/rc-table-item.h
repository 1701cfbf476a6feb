/* rc-table-item.h: one row of preformatted cells for the console's GtkColumnViews.
 *
 * The core hands out plain structs (closure entries, steps, requests); the views only need
 * their text, so each row is formatted once into cells.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RC_TYPE_TABLE_ITEM (rc_table_item_get_type ())
G_DECLARE_FINAL_TYPE (RcTableItem, rc_table_item, RC, TABLE_ITEM, GObject)

/* @cells: NULL-terminated; NULL cells are not allowed (use ""). */
RcTableItem *rc_table_item_new (const char *const *cells);
RcTableItem *rc_table_item_new_va (const char *first, ...) G_GNUC_NULL_TERMINATED;
const char *rc_table_item_get_cell (RcTableItem *self, guint column);
/* An optional CSS class for the whole row's labels ("error", "dim-label"). */
void rc_table_item_set_css_class (RcTableItem *self, const char *css_class);

typedef enum
{
  RC_TABLE_COLUMN_EXPAND = 1 << 0,  /* takes the free width */
  RC_TABLE_COLUMN_NUMERIC = 1 << 1, /* right-aligned, tabular digits */
  RC_TABLE_COLUMN_MONO = 1 << 2,    /* monospace, ellipsized in the middle */
} RcTableColumnFlags;

/* Appends a column showing cell @column of each RcTableItem. */
void rc_table_add_column (GtkColumnView *view, const char *title, guint column,
                          RcTableColumnFlags flags);

G_END_DECLS
