/* rc-json-util.c */
#include "config.h"

#include "core/base/rc-json-util.h"

GStrv
rc_json_object_dup_strv (JsonObject *object, const char *member)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *item = json_array_get_element (array, i);

          if (JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_STRING)
            g_strv_builder_add (builder, json_node_get_string (item));
        }
    }
  return g_strv_builder_end (builder);
}

gboolean
rc_json_node_to_int64 (JsonNode *node, gint64 *out)
{
  GType type;
  double d;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    {
      *out = json_node_get_int (node);
      return TRUE;
    }
  if (type != G_TYPE_DOUBLE)
    return FALSE;
  d = json_node_get_double (node);
  /* -2^63 and 2^63 are exact doubles; every double in [-2^63, 2^63) converts. */
  if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
    return FALSE;
  *out = (gint64) d;
  return TRUE;
}
