/* rc-json-builder-private.h: JSON helpers shared inside core, chiefly one-member JsonBuilder
 * helpers for the report writers.
 *
 * Every writer in core emits "name": value pairs, and most of them write null for a value
 * the run could not measure, so a reader never mistakes "unknown" for a measured zero. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* NULL becomes null. */
void rc_json_add_string (JsonBuilder *b, const char *name, const char *value);
void rc_json_add_int (JsonBuilder *b, const char *name, gint64 value);
void rc_json_add_double (JsonBuilder *b, const char *name, double value);
void rc_json_add_bool (JsonBuilder *b, const char *name, gboolean value);
/* null instead of @value when @unknown. */
void rc_json_add_int_or_null (JsonBuilder *b, const char *name, gint64 value, gboolean unknown);
void rc_json_add_double_or_null (JsonBuilder *b, const char *name, double value, gboolean unknown);
/* Records mark "not measured" with a negative number (-1); that becomes null. */
void rc_json_add_measured_int (JsonBuilder *b, const char *name, gint64 value);
void rc_json_add_measured_double (JsonBuilder *b, const char *name, double value);
/* A NULL-terminated string list as an array (NULL is an empty array). */
void rc_json_add_strv (JsonBuilder *b, const char *name, const char *const *values);

/* An array member with one value per item of @items, each written by @add_item. */
typedef void (*RcJsonAddItem) (JsonBuilder *b, gconstpointer item);
void rc_json_add_array (JsonBuilder *b, const char *name, GPtrArray *items, RcJsonAddItem add_item);

/* A copy that shares nothing with @node: json_node_copy() shares objects and arrays, and
 * callers that edit the copy must not change the original. */
JsonNode *rc_json_deep_copy (JsonNode *node);

G_END_DECLS
