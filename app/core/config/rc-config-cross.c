/* rc-config-cross.c: CommunityConfig's model validators 5–7 (§2, §3.7), which tie
 * extensions, runtime, notebook and widget together. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/config/rc-validator.h"

static RcYamlNode *
tool_member (RcYamlNode *tool, const char *key)
{
  RcYamlNode *v = tool->kind == RC_YAML_MAP ? rc_yaml_map_get (tool, key) : NULL;

  return v != NULL && v->kind == RC_YAML_STR ? v : NULL;
}

/* Rule 1: each repeated occurrence is listed, so three `x` give "x, x". */
static void
check_duplicate_names (RcCheck *c, RcYamlNode *tools)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) repeated = g_ptr_array_new ();
  g_autofree char *list = NULL, *path = NULL;
  RcYamlNode *first_repeat = NULL;
  guint first_index = 0;

  for (guint i = 0; i < tools->items->len; i++)
    {
      RcYamlNode *name = tool_member (tools->items->pdata[i], "name");

      if (name == NULL)
        continue;
      if (!g_hash_table_add (seen, name->text))
        {
          if (first_repeat == NULL)
            {
              first_repeat = name;
              first_index = i;
            }
          g_ptr_array_add (repeated, name->text);
        }
    }
  if (first_repeat == NULL)
    return;
  g_ptr_array_add (repeated, NULL);
  list = g_strjoinv (", ", (char **) repeated->pdata);
  path = g_strdup_printf ("extensions.client_tools[%u].name", first_index);
  rc_check_error (c, first_repeat, path, "client-tools-duplicate",
                  _ ("Give each client tool its own name."), "Duplicate client_tools names: %s",
                  list);
}

static void
check_client_tools_have_runtime (RcCheck *c, RcYamlNode *root, RcConfigFacts *facts)
{
  RcYamlNode *tools = facts->client_tools;
  RcYamlNode *runtime = rc_yaml_map_get (root, "runtime");

  if (tools == NULL || tools->items->len == 0)
    return;
  check_duplicate_names (c, tools);
  if (runtime == NULL || runtime->kind == RC_YAML_NULL)
    {
      rc_check_error (c, tools, "extensions.client_tools", "client-tools-no-runtime",
                      _ ("Add a runtime: section with python: (pyodide_version: \"0.29.5\")."),
                      "extensions.client_tools is set but no top-level 'runtime' section is "
                      "configured. Add a 'runtime:' section describing the execution "
                      "environment(s) the declared client tools run in.");
      return;
    }
  if (facts->python != NULL || runtime->kind != RC_YAML_MAP)
    return;
  for (guint i = 0; i < tools->items->len; i++)
    {
      RcYamlNode *tool = tools->items->pdata[i];
      RcYamlNode *name = tool_member (tool, "name");
      RcYamlNode *kind = tool_member (tool, "runtime");
      g_autofree char *path = NULL;

      if (name == NULL || kind == NULL || !g_str_equal (kind->text, "python"))
        continue;
      path = g_strdup_printf ("extensions.client_tools[%u].runtime", i);
      rc_check_error (c, kind, path, "client-tools-runtime-missing",
                      _ ("Add runtime.python with at least pyodide_version: \"0.29.5\"."),
                      "client_tools entry '%s' declares runtime: %s, but runtime.%s is not "
                      "configured.",
                      name->text, kind->text, kind->text);
    }
}

static void
check_notebook_pin (RcCheck *c, RcYamlNode *root, RcConfigFacts *facts)
{
  RcYamlPair *notebook = rc_yaml_map_get_pair (root, "notebook");
  RcYamlNode *pin = facts->python ? rc_yaml_map_get (facts->python, "pyodide_version") : NULL;
  g_autofree char *repr = NULL;

  if (notebook == NULL || notebook->value->kind == RC_YAML_NULL)
    return;
  if (pin != NULL && pin->kind == RC_YAML_STR && g_str_equal (pin->text, RC_PYODIDE_PIN))
    return;
  if (pin != NULL && pin->kind != RC_YAML_STR)
    return; /* already a type error */
  repr = pin ? rc_py_repr (pin->text) : g_strdup ("None");
  rc_check_error (c, pin ? pin : notebook->key, pin ? "runtime.python.pyodide_version" : "notebook",
                  "notebook-pyodide", _ ("Pin runtime.python.pyodide_version: \"0.29.5\"."),
                  "notebook is configured but runtime.python.pyodide_version is %s, not '0.29.5', "
                  "the notebook site's own pin. One notebook site loads one Pyodide.",
                  repr);
}

static void
check_capsule_needs_notebook (RcCheck *c, RcYamlNode *root)
{
  RcYamlNode *launcher = rc_yaml_lookup (root, "widget.launcher");
  RcYamlNode *notebook = rc_yaml_map_get (root, "notebook");

  if (launcher == NULL || launcher->kind != RC_YAML_STR || !g_str_equal (launcher->text, "capsule"))
    return;
  if (notebook != NULL && notebook->kind != RC_YAML_NULL)
    return;
  rc_check_error (c, launcher, "widget.launcher", "capsule-needs-notebook",
                  _ ("Add a notebook: section, or use launcher: bubble."),
                  "widget.launcher is 'capsule' but no notebook section is configured. The "
                  "capsule's notebook icon opens the community's starter notebook "
                  "(docs/community-notebook.md).");
}

void
rc_config_check_cross (RcCheck *c, RcYamlNode *root, RcConfigFacts *facts)
{
  check_client_tools_have_runtime (c, root, facts);
  check_notebook_pin (c, root, facts);
  check_capsule_needs_notebook (c, root);
}
