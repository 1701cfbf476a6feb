/* rc-csp-presets.c */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "core/policy/rc-csp-presets.h"
#include "core/base/rc-paths.h"

#define RESOURCE "/earth/osc/RuntimeConsole/presets/csp-presets.json"

/* Unformatted: clang-format would space the dashes of the quark's name. */
/* clang-format off */
G_DEFINE_QUARK (rc-csp-presets-error-quark, rc_csp_presets_error)
/* clang-format on */

void
rc_csp_preset_free (RcCspPreset *preset)
{
  if (preset == NULL)
    return;
  g_free (preset->name);
  g_free (preset->description);
  g_free (preset->policy);
  g_free (preset);
}

static gboolean
invalid (GError **error, const char *origin, guint index, const char *problem)
{
  g_set_error (error, RC_CSP_PRESETS_ERROR, RC_CSP_PRESETS_ERROR_INVALID, _ ("%s: presets[%u] %s"),
               origin, index, problem);
  return FALSE;
}

static gboolean
parse_preset (JsonNode *node, const char *origin, guint index, RcCspPreset **out, GError **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonNode *name, *policy, *description;
  g_autoptr (RcCspPreset) preset = g_new0 (RcCspPreset, 1);

  if (object == NULL)
    return invalid (error, origin, index, _ ("is not an object"));
  name = json_object_get_member (object, "name");
  policy = json_object_get_member (object, "policy");
  description = json_object_get_member (object, "description");
  if (name == NULL || json_node_get_value_type (name) != G_TYPE_STRING)
    return invalid (error, origin, index, _ ("needs a string “name”"));
  if (policy == NULL
      || (!JSON_NODE_HOLDS_NULL (policy) && json_node_get_value_type (policy) != G_TYPE_STRING))
    return invalid (error, origin, index, _ ("needs a “policy” that is a string or null"));
  preset->name = g_strdup (json_node_get_string (name));
  preset->policy = JSON_NODE_HOLDS_NULL (policy) ? NULL : g_strdup (json_node_get_string (policy));
  if (description != NULL && json_node_get_value_type (description) == G_TYPE_STRING)
    preset->description = g_strdup (json_node_get_string (description));
  *out = g_steal_pointer (&preset);
  return TRUE;
}

GPtrArray *
rc_csp_presets_parse (const char *json, gssize length, const char *origin, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GPtrArray) presets =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_csp_preset_free);
  g_autoptr (GError) local = NULL;
  JsonNode *root;
  JsonArray *array;

  if (!json_parser_load_from_data (parser, json, length, &local))
    {
      g_set_error (error, RC_CSP_PRESETS_ERROR, RC_CSP_PRESETS_ERROR_INVALID, "%s: %s", origin,
                   local->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root)
      || !json_object_has_member (json_node_get_object (root), "presets")
      || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (json_node_get_object (root), "presets")))
    {
      g_set_error (error, RC_CSP_PRESETS_ERROR, RC_CSP_PRESETS_ERROR_INVALID,
                   _ ("%s: expected an object with a “presets” array"), origin);
      return NULL;
    }
  array = json_object_get_array_member (json_node_get_object (root), "presets");
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      RcCspPreset *preset = NULL;

      if (!parse_preset (json_array_get_element (array, i), origin, i, &preset, error))
        return NULL;
      g_ptr_array_add (presets, preset);
    }
  return g_steal_pointer (&presets);
}

GPtrArray *
rc_csp_presets_load (GError **error)
{
  g_autoptr (GBytes) bytes = g_resources_lookup_data (RESOURCE, 0, NULL);
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (bytes != NULL)
    return rc_csp_presets_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                 "resource://" RESOURCE, error);
  path = rc_paths_data_file ("presets/csp-presets.json");
  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;
  return rc_csp_presets_parse (contents, length, path, error);
}

RcCspPreset *
rc_csp_presets_lookup (const char *name, GError **error)
{
  g_autoptr (GPtrArray) presets = rc_csp_presets_load (error);
  g_autoptr (GString) known = g_string_new (NULL);

  if (presets == NULL)
    return NULL;
  for (guint i = 0; i < presets->len; i++)
    {
      RcCspPreset *preset = presets->pdata[i];

      if (g_strcmp0 (preset->name, name) == 0)
        return g_ptr_array_steal_index (presets, i);
      g_string_append_printf (known, "%s%s", known->len > 0 ? ", " : "", preset->name);
    }
  g_set_error (error, RC_CSP_PRESETS_ERROR, RC_CSP_PRESETS_ERROR_NOT_FOUND,
               _ ("no CSP preset is named “%s”; known presets: %s"), name, known->str);
  return NULL;
}
