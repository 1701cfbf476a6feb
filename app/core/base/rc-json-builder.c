/* rc-json-builder.c */
#include "config.h"

#include "core/base/rc-json-builder-private.h"

void
rc_json_add_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
rc_json_add_int (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

void
rc_json_add_double (JsonBuilder *b, const char *name, double value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_double_value (b, value);
}

void
rc_json_add_bool (JsonBuilder *b, const char *name, gboolean value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

void
rc_json_add_int_or_null (JsonBuilder *b, const char *name, gint64 value, gboolean unknown)
{
  json_builder_set_member_name (b, name);
  if (unknown)
    json_builder_add_null_value (b);
  else
    json_builder_add_int_value (b, value);
}

void
rc_json_add_double_or_null (JsonBuilder *b, const char *name, double value, gboolean unknown)
{
  json_builder_set_member_name (b, name);
  if (unknown)
    json_builder_add_null_value (b);
  else
    json_builder_add_double_value (b, value);
}

void
rc_json_add_measured_int (JsonBuilder *b, const char *name, gint64 value)
{
  rc_json_add_int_or_null (b, name, value, value < 0);
}

void
rc_json_add_measured_double (JsonBuilder *b, const char *name, double value)
{
  rc_json_add_double_or_null (b, name, value, value < 0);
}

void
rc_json_add_strv (JsonBuilder *b, const char *name, const char *const *values)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; values != NULL && values[i] != NULL; i++)
    json_builder_add_string_value (b, values[i]);
  json_builder_end_array (b);
}

void
rc_json_add_array (JsonBuilder *b, const char *name, GPtrArray *items, RcJsonAddItem add_item)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; items != NULL && i < items->len; i++)
    add_item (b, g_ptr_array_index (items, i));
  json_builder_end_array (b);
}

JsonNode *
rc_json_deep_copy (JsonNode *node)
{
  JsonNode *copy;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_object_new ();
      g_autoptr (GList) members = json_object_get_members (json_node_get_object (node));

      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (
            object, l->data,
            rc_json_deep_copy (json_object_get_member (json_node_get_object (node), l->data)));
      copy = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (copy, object);
      return copy;
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *source = json_node_get_array (node);
      JsonArray *array = json_array_sized_new (json_array_get_length (source));

      for (guint i = 0; i < json_array_get_length (source); i++)
        json_array_add_element (array, rc_json_deep_copy (json_array_get_element (source, i)));
      copy = json_node_new (JSON_NODE_ARRAY);
      json_node_take_array (copy, array);
      return copy;
    }
  copy = json_node_copy (node);
  return copy;
}
