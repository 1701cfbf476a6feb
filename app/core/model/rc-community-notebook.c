/* rc-community-notebook.c: the starter notebook's contents (spec §3.7a), as OSA's CI and
 * notebook site build check them (validate_notebook_starter() in notebook_lock.py @ 44d2bf2):
 * readable UTF-8, a JSON object, nbformat 4, a non-empty list of markdown/code cells with a
 * string or list-of-string source, and the {{dataset_id}} token in some cell. OSA stops at
 * the first problem, and so does this check: each later rule assumes the earlier ones. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/model/rc-community-private.h"
#include "core/model/rc-community-files.h"
#include "core/config/rc-config-check.h"

#define MAX_STARTER_BYTES (16 * 1024 * 1024)
#define NOTEBOOK_TOKEN    "{{dataset_id}}"

/* A JSON value as Python's repr() of json.loads() shows it (for "nbformat={n!r}"). */
static char *
json_repr (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return g_strdup ("None");
  if (JSON_NODE_HOLDS_VALUE (node))
    switch (json_node_get_value_type (node))
      {
      case G_TYPE_STRING:
        return rc_py_repr (json_node_get_string (node));
      case G_TYPE_BOOLEAN:
        return g_strdup (json_node_get_boolean (node) ? "True" : "False");
      case G_TYPE_DOUBLE:
        return rc_py_float_repr (json_node_get_double (node));
      default:
        return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
      }
  return json_to_string (node, FALSE);
}

/* Python's `value != 4` for a parsed JSON value: True == 1 and 4.0 == 4. */
static gboolean
is_four (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      return json_node_get_int (node) == 4;
    case G_TYPE_DOUBLE:
      return json_node_get_double (node) == 4.0;
    default:
      return FALSE;
    }
}

/* The cell's source as one text, or NULL with *problem set (OSA's wording). */
static char *
cell_source (JsonObject *cell, guint i, const char *path, char **problem)
{
  JsonNode *source = json_object_get_member (cell, "source");
  GString *text;

  if (source != NULL && JSON_NODE_HOLDS_VALUE (source)
      && json_node_get_value_type (source) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (source));
  if (source == NULL || !JSON_NODE_HOLDS_ARRAY (source))
    {
      *problem = g_strdup_printf (
          "starter notebook %s: cell %u has no string or list-of-string source", path, i);
      return NULL;
    }
  text = g_string_new (NULL);
  for (guint j = 0; j < json_array_get_length (json_node_get_array (source)); j++)
    {
      JsonNode *line = json_array_get_element (json_node_get_array (source), j);

      if (!JSON_NODE_HOLDS_VALUE (line) || json_node_get_value_type (line) != G_TYPE_STRING)
        {
          *problem = g_strdup_printf ("starter notebook %s: cell %u's source has a non-string line",
                                      path, i);
          g_string_free (text, TRUE);
          return NULL;
        }
      g_string_append (text, json_node_get_string (line));
    }
  return g_string_free (text, FALSE);
}

static char *
cells_problem (JsonArray *cells, const char *path)
{
  gboolean found = FALSE;

  for (guint i = 0; i < json_array_get_length (cells); i++)
    {
      JsonNode *node = json_array_get_element (cells, i);
      JsonNode *type;
      g_autofree char *text = NULL;
      char *problem = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return g_strdup_printf ("starter notebook %s: cell %u is not an object", path, i);
      type = json_object_get_member (json_node_get_object (node), "cell_type");
      if (type == NULL || !JSON_NODE_HOLDS_VALUE (type)
          || json_node_get_value_type (type) != G_TYPE_STRING
          || (g_strcmp0 (json_node_get_string (type), "markdown") != 0
              && g_strcmp0 (json_node_get_string (type), "code") != 0))
        {
          g_autofree char *repr = json_repr (type);

          return g_strdup_printf ("starter notebook %s: cell %u has cell_type=%s, not 'markdown' "
                                  "or 'code'",
                                  path, i, repr);
        }
      if ((text = cell_source (json_node_get_object (node), i, path, &problem)) == NULL)
        return problem;
      found = found || strstr (text, NOTEBOOK_TOKEN) != NULL;
    }
  if (!found)
    return g_strdup_printf ("starter notebook %s never uses the token '" NOTEBOOK_TOKEN
                            "'; nothing would ever be filled in for a reader",
                            path);
  return NULL;
}

/* NULL when the starter is a usable notebook, else OSA's message. */
static char *
starter_problem (const char *dir, const char *starter, const char *path)
{
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *problem = NULL;
  gboolean refused = FALSE;
  const char *data;
  gsize size;
  JsonNode *root;
  JsonNode *cells;

  if ((bytes = rc_community_file_read (dir, starter, MAX_STARTER_BYTES, NULL, &refused, &problem))
      == NULL)
    return g_strdup_printf ("starter notebook %s cannot be read: %s", path, problem);
  data = g_bytes_get_data (bytes, &size);
  if (!g_utf8_validate_len (data, size, NULL))
    return g_strdup_printf ("starter notebook %s cannot be read: it is not UTF-8 text", path);
  if (!json_parser_load_from_data (parser, data, (gssize) size, &error))
    return g_strdup_printf ("starter notebook %s is not valid JSON: %s", path, error->message);
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return g_strdup_printf ("starter notebook %s is not a JSON object", path);
  if (!is_four (json_object_get_member (json_node_get_object (root), "nbformat")))
    {
      g_autofree char *repr =
          json_repr (json_object_get_member (json_node_get_object (root), "nbformat"));

      return g_strdup_printf ("starter notebook %s has nbformat=%s, not 4", path, repr);
    }
  cells = json_object_get_member (json_node_get_object (root), "cells");
  if (cells == NULL || !JSON_NODE_HOLDS_ARRAY (cells)
      || json_array_get_length (json_node_get_array (cells)) == 0)
    return g_strdup_printf ("starter notebook %s has no cells", path);
  return cells_problem (json_node_get_array (cells), path);
}

void
rc_community_check_starter (RcCommunity *self, RcCheck *c)
{
  RcYamlNode *starter = self->root ? rc_yaml_lookup (self->root, "notebook.starter") : NULL;
  g_autofree char *path = NULL;
  g_autofree char *problem = NULL;

  /* A starter that is no string or fails the path rule already has its error. */
  if (starter == NULL || starter->kind != RC_YAML_STR
      || rc_relative_path_problem (starter->text, ".ipynb") != NULL)
    return;
  path = g_build_filename (self->dir, starter->text, NULL);
  if ((problem = starter_problem (self->dir, starter->text, path)) == NULL)
    return;
  rc_check_error (c, starter, "notebook.starter", "starter-notebook",
                  _ ("Fix the starter notebook: an nbformat 4 notebook whose markdown or code "
                     "cells use {{dataset_id}} where the reader's dataset goes."),
                  "%s", problem);
}
