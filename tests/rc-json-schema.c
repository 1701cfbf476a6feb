/* rc-json-schema.c: see rc-json-schema.h. */
#include "config.h"

#include <string.h>

#include "rc-json-schema.h"

static const char *const known_keywords[] = {
  "$schema", "$id",      "$defs",      "title", "description", "type", "const",
  "enum",    "required", "properties", "items", "minimum",     "$ref",
};

typedef struct
{
  JsonObject *root;
  GPtrArray *problems;
} Validator;

static void validate (Validator *v, JsonObject *schema, JsonNode *node, const char *path);

static const char *
type_of (JsonNode *node)
{
  GType t;

  if (JSON_NODE_HOLDS_NULL (node))
    return "null";
  if (JSON_NODE_HOLDS_OBJECT (node))
    return "object";
  if (JSON_NODE_HOLDS_ARRAY (node))
    return "array";
  t = json_node_get_value_type (node);
  if (t == G_TYPE_STRING)
    return "string";
  if (t == G_TYPE_BOOLEAN)
    return "boolean";
  if (t == G_TYPE_INT64)
    return "integer";
  return "number";
}

static gboolean
has_type (JsonNode *node, const char *want)
{
  const char *t = type_of (node);

  return g_str_equal (t, want) || (g_str_equal (want, "number") && g_str_equal (t, "integer"));
}

static gboolean
nodes_equal (JsonNode *a, JsonNode *b)
{
  if (g_str_equal (type_of (a), "integer") && g_str_equal (type_of (b), "integer"))
    return json_node_get_int (a) == json_node_get_int (b);
  return json_node_equal (a, b);
}

static void problem (Validator *v, const char *path, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
problem (Validator *v, const char *path, const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (v->problems, g_strdup_printf ("%s: %s", path, text));
}

static void
check_type (Validator *v, JsonNode *type, JsonNode *node, const char *path)
{
  if (JSON_NODE_HOLDS_ARRAY (type))
    {
      JsonArray *list = json_node_get_array (type);

      for (guint i = 0; i < json_array_get_length (list); i++)
        if (has_type (node, json_array_get_string_element (list, i)))
          return;
      problem (v, path, "type %s is not one of the allowed types", type_of (node));
    }
  else if (!has_type (node, json_node_get_string (type)))
    problem (v, path, "expected %s, found %s", json_node_get_string (type), type_of (node));
}

static void
check_object (Validator *v, JsonObject *schema, JsonNode *node, const char *path)
{
  JsonObject *o = json_node_get_object (node);

  if (json_object_has_member (schema, "required"))
    {
      JsonArray *required = json_object_get_array_member (schema, "required");

      for (guint i = 0; i < json_array_get_length (required); i++)
        if (!json_object_has_member (o, json_array_get_string_element (required, i)))
          problem (v, path, "missing required member “%s”",
                   json_array_get_string_element (required, i));
    }
  if (json_object_has_member (schema, "properties"))
    {
      JsonObject *properties = json_object_get_object_member (schema, "properties");
      g_autoptr (GList) names = json_object_get_members (properties);

      for (GList *l = names; l != NULL; l = l->next)
        if (json_object_has_member (o, l->data))
          {
            g_autofree char *sub = g_strdup_printf ("%s.%s", path, (char *) l->data);

            validate (v, json_object_get_object_member (properties, l->data),
                      json_object_get_member (o, l->data), sub);
          }
    }
}

static void
validate (Validator *v, JsonObject *schema, JsonNode *node, const char *path)
{
  g_autoptr (GList) keywords = json_object_get_members (schema);

  for (GList *l = keywords; l != NULL; l = l->next)
    {
      gboolean known = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (known_keywords); i++)
        known |= g_str_equal (l->data, known_keywords[i]);
      if (!known)
        problem (v, path, "schema keyword “%s” is not supported by this validator",
                 (char *) l->data);
    }
  if (json_object_has_member (schema, "$ref"))
    {
      const char *ref = json_object_get_string_member (schema, "$ref");
      JsonObject *defs = json_object_get_object_member (v->root, "$defs");

      if (!g_str_has_prefix (ref, "#/$defs/") || defs == NULL
          || !json_object_has_member (defs, ref + 8))
        problem (v, path, "unresolvable $ref %s", ref);
      else
        validate (v, json_object_get_object_member (defs, ref + 8), node, path);
    }
  if (json_object_has_member (schema, "type"))
    check_type (v, json_object_get_member (schema, "type"), node, path);
  if (json_object_has_member (schema, "const")
      && !nodes_equal (json_object_get_member (schema, "const"), node))
    problem (v, path, "does not equal the schema's const");
  if (json_object_has_member (schema, "enum"))
    {
      JsonArray *values = json_object_get_array_member (schema, "enum");
      gboolean found = FALSE;

      for (guint i = 0; i < json_array_get_length (values) && !found; i++)
        found = nodes_equal (json_array_get_element (values, i), node);
      if (!found)
        problem (v, path, "value is not in the enum");
    }
  if (json_object_has_member (schema, "minimum") && has_type (node, "number")
      && json_node_get_double (node) < json_object_get_double_member (schema, "minimum"))
    problem (v, path, "%g is below the minimum", json_node_get_double (node));
  if (JSON_NODE_HOLDS_OBJECT (node))
    check_object (v, schema, node, path);
  if (JSON_NODE_HOLDS_ARRAY (node) && json_object_has_member (schema, "items"))
    {
      JsonArray *items = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (items); i++)
        {
          g_autofree char *sub = g_strdup_printf ("%s[%u]", path, i);

          validate (v, json_object_get_object_member (schema, "items"),
                    json_array_get_element (items, i), sub);
        }
    }
}

GPtrArray *
rc_json_schema_validate (JsonNode *schema, JsonNode *instance)
{
  Validator v = { json_node_get_object (schema), g_ptr_array_new_with_free_func (g_free) };

  validate (&v, v.root, instance, "$");
  return v.problems;
}
