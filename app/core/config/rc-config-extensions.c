/* rc-config-extensions.c: `extensions` (§2), `notebook` (§3.7) and CommunityConfig's model
 * validators that tie them to `runtime` and `widget`. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/config/rc-validator.h"

static const char *const extensions_keys[] = { "python_plugins", "mcp_servers", "client_tools",
                                               NULL };
static const char *const tool_keys[] = { "name", "runtime", "requires_permission", "description",
                                         NULL };
static const char *const tool_runtimes[] = { "python", NULL };
static const char *const plugin_keys[] = { "module", "tools", NULL };
static const char *const mcp_keys[] = { "name", "command", "url", NULL };
static const char *const notebook_keys[] = { "starter", "dataset_pattern", "zarr_base",
                                             "dataset_page_base", NULL };
static const char *const environments[] = { "production", "develop", NULL };

static void
check_client_tool (RcCheck *c, RcYamlNode *tool, const char *path, RcConfigFacts *facts)
{
  RcYamlNode *v;
  gboolean ok = TRUE;
  g_autofree char *name_path = rc_check_path (path, "name");
  g_autofree char *runtime_path = rc_check_path (path, "runtime");
  g_autofree char *perm_path = rc_check_path (path, "requires_permission");
  g_autofree char *desc_path = rc_check_path (path, "description");

  if (!rc_check_mapping (c, tool, path, "ClientToolConfig"))
    return;
  rc_check_extra_keys (c, tool, path, tool_keys);
  if ((v = rc_check_required (c, tool, path, "name")) == NULL || !rc_check_str (c, v, name_path))
    ok = FALSE;
  else if (g_str_equal (v->text, "get_full_output"))
    {
      rc_check_error (c, v, name_path, "client-tool-reserved",
                      _ ("Give the tool another name, such as execute_code."),
                      "'%s' is reserved: the server binds it itself whenever a python client "
                      "tool is bound, so it must not be configured.",
                      v->text);
      ok = FALSE;
    }
  if ((v = rc_check_required (c, tool, path, "runtime")) == NULL
      || !rc_check_literal (c, v, runtime_path, tool_runtimes))
    ok = FALSE;
  if ((v = rc_yaml_map_get (tool, "requires_permission")) != NULL
      && !rc_check_bool (c, v, perm_path, NULL))
    ok = FALSE;
  if ((v = rc_check_required (c, tool, path, "description")) == NULL
      || !rc_check_str (c, v, desc_path))
    ok = FALSE;
  if (ok)
    facts->n_client_tools++;
}

static void
check_client_tools (RcCheck *c, RcYamlNode *list, RcConfigFacts *facts)
{
  const char *path = "extensions.client_tools";

  if (!rc_check_list (c, list, path))
    return;
  facts->client_tools = list;
  if (list->items->len > RC_MAX_CLIENT_TOOLS)
    rc_check_error (c, list, path, "client-tools-too-many",
                    _ ("The widget declares every tool plus get_full_output, and a request may "
                       "declare at most 8; remove tools."),
                    "List should have at most %d items after validation, not %u",
                    RC_MAX_CLIENT_TOOLS, list->items->len);
  for (guint i = 0; i < list->items->len; i++)
    {
      g_autofree char *item = rc_check_path_index (path, i);

      check_client_tool (c, list->items->pdata[i], item, facts);
    }
}

static void
check_plugins (RcCheck *c, RcYamlNode *list)
{
  if (!rc_check_list (c, list, "extensions.python_plugins"))
    return;
  for (guint i = 0; i < list->items->len; i++)
    {
      RcYamlNode *plugin = list->items->pdata[i], *v;
      g_autofree char *path = rc_check_path_index ("extensions.python_plugins", i);
      g_autofree char *module = rc_check_path (path, "module");
      g_autofree char *tools = rc_check_path (path, "tools");

      if (!rc_check_mapping (c, plugin, path, "PythonPlugin"))
        continue;
      rc_check_extra_keys (c, plugin, path, plugin_keys);
      if ((v = rc_check_required (c, plugin, path, "module")) != NULL)
        rc_check_str (c, v, module);
      if ((v = rc_yaml_map_get (plugin, "tools")) != NULL && v->kind != RC_YAML_NULL)
        rc_check_str_list (c, v, tools);
    }
}

static void
check_mcp_server (RcCheck *c, RcYamlNode *server, const char *path)
{
  RcYamlNode *v, *command, *url;
  g_autofree char *name = rc_check_path (path, "name");
  g_autofree char *command_path = rc_check_path (path, "command");
  g_autofree char *url_path = rc_check_path (path, "url");

  if (!rc_check_mapping (c, server, path, "McpServer"))
    return;
  rc_check_extra_keys (c, server, path, mcp_keys);
  if ((v = rc_check_required (c, server, path, "name")) != NULL)
    rc_check_str (c, v, name);
  command = rc_yaml_map_get (server, "command");
  url = rc_yaml_map_get (server, "url");
  if (command != NULL && command->kind != RC_YAML_NULL)
    rc_check_str_list (c, command, command_path);
  if (url != NULL && url->kind == RC_YAML_MAP)
    rc_config_check_deployment_map (c, url, url_path, "url");
  else if (url != NULL && url->kind != RC_YAML_NULL)
    rc_check_str (c, url, url_path);
  if ((command == NULL || command->kind == RC_YAML_NULL)
      && (url == NULL || url->kind == RC_YAML_NULL))
    rc_check_error (c, server, path, "mcp-server-command-or-url",
                    _ ("Add a command (local server) or a url (remote server)."),
                    "McpServer must have either 'command' (local) or 'url' (remote)");
}

/* validate_unique_extensions: each repeated occurrence listed, as for client tools. */
static void
check_unique (RcCheck *c, RcYamlNode *list, const char *list_path, const char *member,
              const char *what)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) repeated = g_ptr_array_new ();
  g_autofree char *joined = NULL, *path = NULL;
  RcYamlNode *first = NULL;
  guint first_index = 0;

  for (guint i = 0; i < list->items->len; i++)
    {
      RcYamlNode *item = list->items->pdata[i];
      RcYamlNode *v = item->kind == RC_YAML_MAP ? rc_yaml_map_get (item, member) : NULL;

      if (v == NULL || v->kind != RC_YAML_STR || g_hash_table_add (seen, v->text))
        continue;
      if (first == NULL)
        {
          first = v;
          first_index = i;
        }
      g_ptr_array_add (repeated, v->text);
    }
  if (first == NULL)
    return;
  g_ptr_array_add (repeated, NULL);
  joined = g_strjoinv (", ", (char **) repeated->pdata);
  path = g_strdup_printf ("%s[%u].%s", list_path, first_index, member);
  rc_check_error (c, first, path, "extensions-duplicate", _ ("Remove the repeated entry."),
                  "Duplicate %s: %s", what, joined);
}

void
rc_config_check_extensions (RcCheck *c, RcYamlNode *extensions, RcConfigFacts *facts)
{
  RcYamlNode *v;

  if (extensions->kind == RC_YAML_NULL
      || !rc_check_mapping (c, extensions, "extensions", "ExtensionsConfig"))
    return;
  rc_check_extra_keys (c, extensions, "extensions", extensions_keys);
  if ((v = rc_yaml_map_get (extensions, "python_plugins")) != NULL)
    {
      check_plugins (c, v);
      if (v->kind == RC_YAML_SEQ)
        check_unique (c, v, "extensions.python_plugins", "module", "plugin modules");
    }
  if ((v = rc_yaml_map_get (extensions, "mcp_servers")) != NULL
      && rc_check_list (c, v, "extensions.mcp_servers"))
    for (guint i = 0; i < v->items->len; i++)
      {
        g_autofree char *path = rc_check_path_index ("extensions.mcp_servers", i);

        check_mcp_server (c, v->items->pdata[i], path);
      }
  if (v != NULL && v->kind == RC_YAML_SEQ)
    check_unique (c, v, "extensions.mcp_servers", "name", "MCP server names");
  if ((v = rc_yaml_map_get (extensions, "client_tools")) != NULL)
    check_client_tools (c, v, facts);
}

/* §3.7a, OSA's environment_base_url_problem() (notebook_lock.py @ 44d2bf2): split as
 * urllib's urlparse() does, without decoding, so nothing urlparse accepts is refused for
 * not being a well-formed URI. An empty query or fragment ("?" or "#") is none, as there. */
static char *
base_url_problem (const char *url)
{
  g_autofree char *scheme = NULL, *userinfo = NULL, *host = NULL, *path = NULL;
  g_autofree char *query = NULL, *fragment = NULL;
  g_autofree char *repr = rc_py_repr (url);
  gint port = -1;
  gboolean split = g_uri_split (url, G_URI_FLAGS_ENCODED | G_URI_FLAGS_NON_DNS, &scheme, &userinfo,
                                &host, &port, &path, &query, &fragment, NULL);

  if (!split || g_ascii_strcasecmp (scheme ? scheme : "", "https") != 0)
    return g_strdup_printf ("must be an absolute https:// URL, got %s", repr);
  if ((userinfo == NULL || userinfo[0] == '\0') && (host == NULL || host[0] == '\0') && port < 0)
    return g_strdup_printf ("must name a host, got %s", repr);
  if (path != NULL && path[0] != '\0')
    return g_strdup_printf ("must have no path, not even a trailing slash, got %s", repr);
  if ((query != NULL && query[0] != '\0') || (fragment != NULL && fragment[0] != '\0'))
    return g_strdup_printf ("must have no query or fragment, got %s", repr);
  return NULL;
}

static void
check_environment_map (RcCheck *c, RcYamlNode *map, const char *field)
{
  g_autofree char *path = rc_check_path ("notebook", field);

  if (!rc_check_mapping (c, map, path, NULL))
    return;
  for (guint i = 0; i < map->items->len; i++)
    {
      RcYamlPair *pair = map->items->pdata[i];
      const char *env = rc_yaml_key_text (pair->key);
      g_autofree char *item = rc_check_path (path, env);
      g_autofree char *repr = rc_py_repr (env);
      g_autofree char *problem = NULL;

      if (!rc_check_str (c, pair->value, item))
        continue;
      if (!g_strv_contains (environments, env))
        {
          rc_check_error (c, pair->key, item, "notebook-environment",
                          _ ("Use production or develop."),
                          "%s names an unrecognized environment %s; must be one of ('production', "
                          "'develop')",
                          field, repr);
          continue;
        }
      if ((problem = base_url_problem (pair->value->text)) != NULL)
        rc_check_error (c, pair->value, item, "notebook-base-url",
                        _ ("Write only scheme and host, such as https://zarr.example.org."),
                        "%s[%s] %s", field, repr, problem);
    }
}

static void
check_dataset_pattern (RcCheck *c, RcYamlNode *v)
{
  static const char *const probes[] = { "\"", "'", "\\", "\n", " " };
  const char *path = "notebook.dataset_pattern";
  g_autofree char *repr = rc_py_repr (v->text);
  g_autoptr (GError) error = NULL;
  g_autoptr (GRegex) re = NULL;
  g_autoptr (GPtrArray) hostile = g_ptr_array_new ();
  g_autofree char *list = NULL;

  if (!g_str_has_prefix (v->text, "^") || !g_str_has_suffix (v->text, "$"))
    {
      rc_check_error (c, v, path, "dataset-pattern", _ ("Anchor the pattern: ^…$."),
                      "dataset_pattern must be anchored with ^...$: %s", repr);
      return;
    }
  if ((re = g_regex_new (v->text, 0, 0, &error)) == NULL)
    {
      rc_check_error (c, v, path, "dataset-pattern", _ ("Fix the regular expression."),
                      "dataset_pattern does not compile: %s", error->message);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (probes); i++)
    if (g_regex_match (re, probes[i], G_REGEX_MATCH_ANCHORED, NULL))
      g_ptr_array_add (hostile, (gpointer) probes[i]);
  if (hostile->len == 0)
    return;
  list = rc_py_list_repr ((const char *const *) hostile->pdata, hostile->len);
  rc_check_error (c, v, path, "dataset-pattern",
                  _ ("Allow only letters, digits and the few separators a dataset id uses."),
                  "dataset_pattern %s would accept a hostile probe %s; a dataset id is "
                  "substituted unescaped into the starter's Python source, so the pattern must "
                  "never match a quote, a backslash, a newline, or a space",
                  repr, list);
}

void
rc_config_check_notebook (RcCheck *c, RcYamlNode *notebook)
{
  RcYamlNode *v;
  const char *problem;

  if (notebook->kind == RC_YAML_NULL
      || !rc_check_mapping (c, notebook, "notebook", "NotebookConfig"))
    return;
  rc_check_extra_keys (c, notebook, "notebook", notebook_keys);
  if ((v = rc_check_required (c, notebook, "notebook", "starter")) != NULL
      && rc_check_str (c, v, "notebook.starter")
      && (problem = rc_relative_path_problem (v->text, ".ipynb")) != NULL)
    {
      g_autofree char *repr = rc_py_repr (v->text);

      rc_check_error (c, v, "notebook.starter", "starter-path",
                      _ ("Give the notebook's path inside the community folder."), "starter %s: %s",
                      repr, problem);
    }
  if ((v = rc_check_required (c, notebook, "notebook", "dataset_pattern")) != NULL
      && rc_check_str (c, v, "notebook.dataset_pattern"))
    check_dataset_pattern (c, v);
  if ((v = rc_check_required (c, notebook, "notebook", "zarr_base")) != NULL)
    check_environment_map (c, v, "zarr_base");
  if ((v = rc_check_required (c, notebook, "notebook", "dataset_page_base")) != NULL)
    check_environment_map (c, v, "dataset_page_base");
}
