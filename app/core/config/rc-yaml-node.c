/* rc-yaml-node.c: reading an RcYamlNode tree. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "core/config/rc-yaml.h"

gboolean
rc_yaml_is_scalar (RcYamlNode *node)
{
  return node != NULL && node->kind != RC_YAML_SEQ && node->kind != RC_YAML_MAP;
}

const char *
rc_yaml_kind_describe (RcYamlKind kind)
{
  switch (kind)
    {
    case RC_YAML_NULL:
      return "null";
    case RC_YAML_BOOL:
      return "a boolean";
    case RC_YAML_INT:
      return "an integer";
    case RC_YAML_FLOAT:
      return "a float";
    case RC_YAML_STR:
      return "a string";
    case RC_YAML_TIMESTAMP:
      return "a date";
    case RC_YAML_BINARY:
      return "binary data";
    case RC_YAML_SEQ:
      return "a list";
    case RC_YAML_MAP:
      return "a mapping";
    default:
      return "a value";
    }
}

const char *
rc_yaml_key_text (RcYamlNode *key)
{
  if (key == NULL)
    return "";
  if (key->kind == RC_YAML_SEQ)
    return "[…]";
  if (key->kind == RC_YAML_MAP)
    return "{…}";
  return key->text ? key->text : "";
}

RcYamlPair *
rc_yaml_map_get_pair (RcYamlNode *map, const char *key)
{
  if (map == NULL || map->kind != RC_YAML_MAP)
    return NULL;
  for (guint i = map->items->len; i > 0; i--)
    {
      RcYamlPair *pair = g_ptr_array_index (map->items, i - 1);

      if (pair->key->kind == RC_YAML_STR && g_strcmp0 (pair->key->text, key) == 0)
        return pair;
    }
  return NULL;
}

RcYamlNode *
rc_yaml_map_get (RcYamlNode *map, const char *key)
{
  RcYamlPair *pair = rc_yaml_map_get_pair (map, key);

  return pair ? pair->value : NULL;
}

JsonNode *
rc_yaml_node_to_json (RcYamlNode *node)
{
  JsonNode *out;

  switch (node->kind)
    {
    case RC_YAML_BOOL:
      return json_node_init_boolean (json_node_alloc (), node->boolean);
    case RC_YAML_INT:
      if (node->overflow)
        return json_node_init_double (json_node_alloc (), g_ascii_strtod (node->text, NULL));
      return json_node_init_int (json_node_alloc (), node->integer);
    case RC_YAML_FLOAT:
      if (!isfinite (node->number))
        return json_node_init_null (json_node_alloc ());
      return json_node_init_double (json_node_alloc (), node->number);
    case RC_YAML_STR:
    case RC_YAML_TIMESTAMP:
    case RC_YAML_BINARY:
      return json_node_init_string (json_node_alloc (), node->text);
    case RC_YAML_SEQ:
      {
        JsonArray *array = json_array_sized_new (node->items->len);

        for (guint i = 0; i < node->items->len; i++)
          json_array_add_element (array, rc_yaml_node_to_json (node->items->pdata[i]));
        out = json_node_init_array (json_node_alloc (), array);
        json_array_unref (array);
        return out;
      }
    case RC_YAML_MAP:
      {
        JsonObject *object = json_object_new ();

        for (guint i = 0; i < node->items->len; i++)
          {
            RcYamlPair *pair = node->items->pdata[i];

            json_object_set_member (object, rc_yaml_key_text (pair->key),
                                    rc_yaml_node_to_json (pair->value));
          }
        out = json_node_init_object (json_node_alloc (), object);
        json_object_unref (object);
        return out;
      }
    case RC_YAML_NULL:
    default:
      return json_node_init_null (json_node_alloc ());
    }
}

/* One step of a key path: "name", then any "[i]". */
static RcYamlNode *
lookup_step (RcYamlNode *node, const char *segment)
{
  const char *bracket = strchr (segment, '[');
  g_autofree char *name =
      g_strndup (segment, bracket ? (gsize) (bracket - segment) : strlen (segment));

  if (name[0] != '\0')
    node = rc_yaml_map_get (node, name);
  while (node != NULL && bracket != NULL)
    {
      char *end = NULL;
      guint64 index = g_ascii_strtoull (bracket + 1, &end, 10);

      if (end == NULL || *end != ']' || node->kind != RC_YAML_SEQ || index >= node->items->len)
        return NULL;
      node = node->items->pdata[index];
      bracket = strchr (end, '[');
    }
  return node;
}

RcYamlNode *
rc_yaml_lookup (RcYamlNode *root, const char *path)
{
  g_auto (GStrv) segments = NULL;
  RcYamlNode *node = root;

  if (path == NULL || path[0] == '\0')
    return root;
  segments = g_strsplit (path, ".", -1);
  for (guint i = 0; node != NULL && segments[i] != NULL; i++)
    node = lookup_step (node, segments[i]);
  return node;
}
