/* rc-json-util.h: small json-glib conveniences shared by every layer. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The string items of the array member @member of @object, in order (items of other types
 * are skipped). An absent member, or one that is not an array, gives an empty vector. */
GStrv rc_json_object_dup_strv (JsonObject *object, const char *member);

G_END_DECLS
