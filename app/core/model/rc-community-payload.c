/* rc-community-payload.c: what OSA's /config sends for a community (spec §5), and the
 * effective values the console shows. */
#include "config.h"

#include "core/model/rc-community-private.h"

static const char *const python_members[] = {
  "pyodide_version", "lockfile",   "preload",     "allow_install", "import_before_seal",
  "prelude",         "preload_on", "fetch_allow", "index_urls",    NULL
};

/* OSA_CLIENT_TOOLS_DISABLED (src/tools/client_tools.py): read live, as the server does. */
static gboolean
kill_switch_on (void)
{
  const char *env = g_getenv ("OSA_CLIENT_TOOLS_DISABLED");
  g_autofree char *v = g_strstrip (g_ascii_strdown (env ? env : "", -1));

  return g_str_equal (v, "1") || g_str_equal (v, "true") || g_str_equal (v, "yes")
         || g_str_equal (v, "on");
}

static JsonNode *
default_member (const char *member)
{
  if (g_str_equal (member, "lockfile") || g_str_equal (member, "prelude"))
    return json_node_init_null (json_node_alloc ());
  if (g_str_equal (member, "preload_on"))
    return json_node_init_string (json_node_alloc (), "first_run");
  {
    JsonNode *node = json_node_new (JSON_NODE_ARRAY);

    json_node_take_array (node, json_array_new ());
    return node;
  }
}

/* for_deployment(): a {production, develop} map gives d's value. */
static JsonNode *
resolved_member (RcYamlNode *value, const char *member, RcDeployment d)
{
  gboolean per_deployment = g_str_equal (member, "prelude") || g_str_equal (member, "fetch_allow");

  if (per_deployment && value->kind == RC_YAML_MAP)
    {
      RcYamlNode *chosen = rc_yaml_map_get (value, rc_deployment_to_string (d));

      return chosen ? rc_yaml_node_to_json (chosen) : default_member (member);
    }
  return rc_yaml_node_to_json (value);
}

static JsonObject *
limits_object (RcCommunity *self)
{
  JsonObject *limits = json_object_new ();

  for (guint i = 0; i < RC_N_LIMITS; i++)
    json_object_set_int_member (limits, rc_limit_spec ((RcLimit) i)->name, self->facts.limits[i]);
  return limits;
}

JsonObject *
rc_community_get_runtime_python (RcCommunity *self, RcDeployment d)
{
  RcYamlNode *python;
  JsonObject *out;

  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  if ((python = self->facts.python) == NULL)
    return NULL;
  out = json_object_new ();
  for (guint i = 0; python_members[i] != NULL; i++)
    {
      RcYamlNode *value = rc_yaml_map_get (python, python_members[i]);

      json_object_set_member (out, python_members[i],
                              value ? resolved_member (value, python_members[i], d)
                                    : default_member (python_members[i]));
    }
  json_object_set_object_member (out, "limits", limits_object (self));
  return out;
}

gboolean
rc_community_runtime_field_is_default (RcCommunity *self, const char *key)
{
  RcYamlNode *python;

  g_return_val_if_fail (RC_IS_COMMUNITY (self), FALSE);
  if ((python = self->facts.python) == NULL)
    return FALSE;
  if (g_str_has_prefix (key, "limits."))
    {
      RcYamlNode *limits = rc_yaml_map_get (python, "limits");

      return limits == NULL || rc_yaml_map_get (limits, key + strlen ("limits.")) == NULL;
    }
  return rc_yaml_map_get (python, key) == NULL;
}

gboolean
rc_community_has_client_tools (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), FALSE);
  return self->facts.n_client_tools > 0;
}

static const char *
tool_string (RcYamlNode *tool, const char *key)
{
  RcYamlNode *v = rc_yaml_map_get (tool, key);

  return v != NULL && v->kind == RC_YAML_STR ? v->text : "";
}

static gboolean
tool_requires_permission (RcYamlNode *tool)
{
  RcYamlNode *v = rc_yaml_map_get (tool, "requires_permission");
  RcCheck quiet = { rc_diagnostics_new (), "" };
  gboolean value = TRUE;

  if (v != NULL && !rc_check_bool (&quiet, v, "", &value))
    value = TRUE;
  g_ptr_array_unref (quiet.diagnostics);
  return value;
}

static JsonArray *
client_tools_array (RcCommunity *self, gboolean with_description)
{
  JsonArray *array = json_array_new ();
  RcYamlNode *tools = self->facts.client_tools;

  for (guint i = 0; tools != NULL && i < tools->items->len; i++)
    {
      RcYamlNode *tool = tools->items->pdata[i];
      JsonObject *o;

      if (tool->kind != RC_YAML_MAP)
        continue;
      o = json_object_new ();
      json_object_set_string_member (o, "name", tool_string (tool, "name"));
      json_object_set_string_member (o, "runtime", tool_string (tool, "runtime"));
      json_object_set_boolean_member (o, "requires_permission", tool_requires_permission (tool));
      if (with_description)
        json_object_set_string_member (o, "description", tool_string (tool, "description"));
      json_array_add_object_element (array, o);
    }
  return array;
}

JsonArray *
rc_community_get_client_tools (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  return client_tools_array (self, TRUE);
}

static void
set_nullable_string (JsonObject *o, const char *member, const char *value)
{
  if (value != NULL)
    json_object_set_string_member (o, member, value);
  else
    json_object_set_null_member (o, member);
}

/* §5: all three empty when no tools are offered, the kill switch is on, or the overlay does
 * not verify ("fails closed"). */
static gboolean
offers_client_tools (RcCommunity *self)
{
  if (!rc_community_has_client_tools (self) || kill_switch_on ())
    return FALSE;
  if (self->facts.lockfile != NULL
      && (self->overlay == NULL || !rc_lock_overlay_is_verified (self->overlay)))
    return FALSE;
  return TRUE;
}

JsonNode *
rc_community_build_config_payload (RcCommunity *self, RcDeployment d)
{
  JsonObject *o = json_object_new ();
  JsonNode *root;

  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  set_nullable_string (o, "id", self->facts.id);
  set_nullable_string (o, "name", self->facts.name);
  set_nullable_string (o, "description", self->facts.description);
  if (offers_client_tools (self))
    {
      JsonObject *runtime = json_object_new ();
      JsonObject *python = rc_community_get_runtime_python (self, d);

      json_object_set_array_member (o, "client_tools", client_tools_array (self, FALSE));
      if (python != NULL)
        json_object_set_object_member (runtime, "python", python);
      else
        json_object_set_null_member (runtime, "python");
      json_object_set_object_member (o, "runtime", runtime);
      if (self->overlay != NULL)
        json_object_set_member (o, "runtime_lock",
                                rc_lock_overlay_get_packages_json (self->overlay));
      else
        json_object_set_null_member (o, "runtime_lock");
    }
  else
    {
      json_object_set_array_member (o, "client_tools", json_array_new ());
      json_object_set_null_member (o, "runtime");
      json_object_set_null_member (o, "runtime_lock");
    }
  root = json_node_init_object (json_node_alloc (), o);
  json_object_unref (o);
  return root;
}
