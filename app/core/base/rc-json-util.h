/* rc-json-util.h: small json-glib conveniences shared by every layer. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The string items of the array member @member of @object, in order (items of other types
 * are skipped). An absent member, or one that is not an array, gives an empty vector. */
GStrv rc_json_object_dup_strv (JsonObject *object, const char *member);

/* @node's number as a 64-bit integer: an integer as it is, a double truncated toward zero.
 * FALSE when @node is no number or a double outside the range of gint64 (casting such a
 * double is undefined behaviour in C, so it is refused rather than converted). */
gboolean rc_json_node_to_int64 (JsonNode *node, gint64 *out);

G_END_DECLS
