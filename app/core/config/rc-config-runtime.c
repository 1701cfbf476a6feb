/* rc-config-runtime.c: `runtime` and `runtime.python` (spec §3.1–§3.6). */
#include "config.h"

#include <glib/gi18n.h>

#include "core/config/rc-validator.h"

static const char *const runtime_keys[] = { "python", NULL };
static const char *const python_keys[] = {
  "pyodide_version",    "lockfile", "preload",    "allow_install",
  "import_before_seal", "prelude",  "preload_on", "fetch_allow",
  "index_urls",         "limits",   NULL
};
static const char *const preload_on_choices[] = { "first_run", "widget_open", "first_message",
                                                  NULL };
static const char *const deployments[] = { "production", "develop", NULL };
static const char *const sealed_roots[] = { "micropip",     "js",     "pyodide", "pyodide_js",
                                            "pyodide_http", "ctypes", NULL };

static const RcLimitSpec limit_specs[RC_N_LIMITS] = {
  { "memory_mb", 1536, 64, G_MAXINT64 }, { "stdout_chars", 16384, 256, 16384 },
  { "stderr_chars", 8192, 256, 8192 },   { "images", 3, 0, 3 },
  { "image_px", 1024, 16, 8192 },        { "exec_seconds", 120, 1, G_MAXINT64 },
};

/* The server-side constant behind each capped limit (src/core/limits.py). */
static const char *const limit_caps[RC_N_LIMITS] = {
  NULL, "MAX_STDOUT_CHARS", "MAX_STDERR_CHARS", "MAX_IMAGES", "MAX_IMAGE_EDGE_PX", NULL
};

/* For g_ptr_array_sort(), which passes pointers to the elements. */
static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

const RcLimitSpec *
rc_limit_spec (RcLimit limit)
{
  g_return_val_if_fail (limit < RC_N_LIMITS, NULL);
  return &limit_specs[limit];
}

const char *
rc_relative_path_problem (const char *path, const char *suffix)
{
  g_auto (GStrv) segments = NULL;
  const char *name, *dot;

  if (strchr (path, '\\') != NULL)
    return "use forward slashes";
  if (path[0] == '/')
    return "it must be relative to the community's folder";
  /* "".split("/") is [""] in Python, while g_strsplit() gives no segment at all. */
  if (path[0] == '\0')
    return "it must be a plain relative path, with no empty, '.' or '..' segments";
  segments = g_strsplit (path, "/", -1);
  for (guint i = 0; segments[i] != NULL; i++)
    if (segments[i][0] == '\0' || g_str_equal (segments[i], ".") || g_str_equal (segments[i], ".."))
      return "it must be a plain relative path, with no empty, '.' or '..' segments";
  /* PurePosixPath.suffix: from the last dot, unless the name starts or ends with it. */
  name = strrchr (path, '/') ? strrchr (path, '/') + 1 : path;
  dot = strrchr (name, '.');
  if (dot == NULL || dot == name || dot[1] == '\0' || !g_str_equal (dot, suffix))
    return g_str_equal (suffix, ".json") ? "it must be a .json file" : "it must be a .ipynb file";
  return NULL;
}

/* rc_config_check_deployment_map (deployment.py @ 44d2bf2), before any type check. */
gboolean
rc_config_check_deployment_map (RcCheck *c, RcYamlNode *node, const char *path, const char *field)
{
  g_autoptr (GPtrArray) unknown = g_ptr_array_new ();
  g_autoptr (GPtrArray) missing = g_ptr_array_new ();
  g_autoptr (GString) msg = g_string_new (field);
  RcYamlNode *at = node;

  if (node->kind != RC_YAML_MAP)
    return TRUE;
  for (guint i = 0; i < node->items->len; i++)
    {
      RcYamlPair *pair = node->items->pdata[i];
      const char *key = rc_yaml_key_text (pair->key);

      if (pair->key->kind == RC_YAML_STR && g_strv_contains (deployments, key))
        continue;
      if (unknown->len == 0)
        at = pair->key;
      g_ptr_array_add (unknown, (gpointer) key);
    }
  for (guint i = 0; deployments[i] != NULL; i++)
    if (rc_yaml_map_get (node, deployments[i]) == NULL)
      g_ptr_array_add (missing, (gpointer) deployments[i]);
  if (unknown->len == 0 && missing->len == 0)
    return TRUE;
  g_ptr_array_sort (unknown, compare_strings);
  if (unknown->len > 0)
    {
      g_autofree char *list = rc_py_list_repr ((const char *const *) unknown->pdata, unknown->len);

      g_string_append_printf (msg, " names an unknown deployment %s", list);
    }
  if (missing->len > 0)
    {
      g_autofree char *list = rc_py_list_repr ((const char *const *) missing->pdata, missing->len);

      g_string_append_printf (msg, "%s has no value for %s", unknown->len > 0 ? " and" : "", list);
    }
  g_string_append (msg, "; a per-deployment map names ('production', 'develop')");
  rc_check_error (c, at, path, "deployment-map",
                  _ ("Name exactly production and develop, or write one value for both."), "%s",
                  msg->str);
  return FALSE;
}

/* Pyodide 314 (Python 3.14) ships only pyodide.asm.mjs, which pyodide.js loads with a dynamic
 * import(): a classic worker cannot run it, and OSA's worker is one (it calls importScripts,
 * runtime-worker.md §1). A warning beside OSA's own pin rule: the reason is the worker's,
 * not CI's. */
#define RC_PYODIDE_FIRST_MODULE_ONLY 314

static void
warn_module_worker (RcCheck *c, RcYamlNode *v)
{
  char *end = NULL;
  guint64 major = g_ascii_strtoull (v->text, &end, 10);
  g_autofree char *repr = NULL;

  if (end == v->text || (*end != '.' && *end != '\0') || major < RC_PYODIDE_FIRST_MODULE_ONLY)
    return;
  repr = rc_py_repr (v->text);
  /* OSA's style: the value as repr, what it contradicts, then one short sentence of why */
  rc_check_report (
      c, RC_SEVERITY_WARNING, v, "runtime.python.pyodide_version", "pyodide-module-worker",
      _ ("Keep pyodide_version at \"0.29.5\": OSA's worker has to become a module worker "
         "before a reader's browser can boot Pyodide 314."),
      "pyodide_version is %s, but Pyodide %d and later refuse classic workers (\"Classic web "
      "workers are not supported\"), and OSA's worker is one (it calls importScripts). It boots "
      "only by accident: pyodide.js tells a classic worker by calling importScripts on a data: "
      "URL, which OSA's egress guard refuses, so the probe fails and Pyodide takes the worker "
      "for a module worker. Upstream supports no such boot; CI boots %s, the npm version its "
      "tests run",
      repr, RC_PYODIDE_FIRST_MODULE_ONLY, RC_PYODIDE_PIN);
}

static void
check_pyodide_version (RcCheck *c, RcYamlNode *python)
{
  RcYamlNode *v = rc_check_required (c, python, "runtime.python", "pyodide_version");

  g_autofree char *label = NULL;

  if (v == NULL)
    return;
  if (!rc_check_str (c, v, "runtime.python.pyodide_version"))
    {
      /* 0.29 is a float to YAML: the pin, quoted, is the one edit that fixes it */
      /* TRANSLATORS: %s is the Pyodide version, 0.29.5 */
      label = g_strdup_printf (_ ("Quote the version: \"%s\""), RC_PYODIDE_PIN);
      if (v->kind == RC_YAML_FLOAT || v->kind == RC_YAML_INT)
        {
          RcDiagnostic *d = c->diagnostics->pdata[c->diagnostics->len - 1];

          /* One suggestion, the fix's: quoting "0.29" alone would fail the pin next. */
          g_free (d->hint);
          d->hint = g_strdup_printf (_ ("YAML reads %s as a number, and OSA's CI requires the "
                                        "string \"%s\", the Pyodide its tests boot: write "
                                        "pyodide_version: \"%s\"."),
                                     v->text, RC_PYODIDE_PIN, RC_PYODIDE_PIN);
          rc_check_offer_replace (c, v, "\"" RC_PYODIDE_PIN "\"", label);
        }
      return;
    }
  warn_module_worker (c, v);
  if (!g_str_equal (v->text, RC_PYODIDE_PIN))
    {
      rc_check_error (c, v, "runtime.python.pyodide_version", "pyodide-pin",
                      _ ("Set pyodide_version: \"0.29.5\"."),
                      "pyodide_version is '%s', but OSA's CI (frontend/test-data-lane.js) requires "
                      "every community runtime to pin exactly %s, the Pyodide its tests boot",
                      v->text, RC_PYODIDE_PIN);
      /* TRANSLATORS: %s is the Pyodide version, 0.29.5 */
      label = g_strdup_printf (_ ("Pin the version: \"%s\""), RC_PYODIDE_PIN);
      rc_check_offer_replace (c, v, "\"" RC_PYODIDE_PIN "\"", label);
    }
}

static void
check_lockfile (RcCheck *c, RcYamlNode *v, RcConfigFacts *facts)
{
  const char *problem;
  g_autofree char *repr = NULL;

  if (!rc_check_optional_str (c, v, "runtime.python.lockfile") || v->kind == RC_YAML_NULL)
    return;
  problem = rc_relative_path_problem (v->text, ".json");
  if (problem == NULL)
    {
      facts->lockfile = g_strdup (v->text);
      facts->lockfile_node = v;
      return;
    }
  repr = rc_py_repr (v->text);
  rc_check_error (c, v, "runtime.python.lockfile", "lockfile-path",
                  _ ("Give the overlay's path inside the community folder, such as "
                     "runtime/<id>-pyodide-lock.json."),
                  "lockfile %s: %s", repr, problem);
}

/* _MODULE_NAME, fully matched. */
static gboolean
is_module_name (const char *text)
{
  static GRegex *module_re = NULL;
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      module_re = g_regex_new ("^[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*$",
                               G_REGEX_DOLLAR_ENDONLY, 0, NULL);
      g_once_init_leave (&once, 1);
    }
  return g_regex_match (module_re, text, 0, NULL);
}

static char *
module_root (const char *name)
{
  return g_strndup (name, strcspn (name, "."));
}

/* The quick fix of the entry check_module_entry() just refused, when there is an obvious
 * one: the import name of a hyphenated name, or removing a repeated entry. */
static void
offer_entry_fix (RcCheck *c, RcYamlNode *list, guint index)
{
  RcDiagnostic *d = c->diagnostics->pdata[c->diagnostics->len - 1];
  RcYamlNode *entry = list->items->pdata[index];

  if (g_str_equal (d->rule, "import-before-seal-duplicate"))
    rc_check_offer_remove_item (c, list, index);
  else if (g_str_equal (d->rule, "import-before-seal-not-module") && strchr (entry->text, '-'))
    {
      g_autofree char *name = g_strdelimit (g_strdup (entry->text), "-", '_');
      g_autofree char *label = NULL;

      if (!is_module_name (name))
        return;
      /* TRANSLATORS: "Write eegprep_lean" (the import name of eegprep-lean) */
      label = g_strdup_printf (_ ("Write %s"), name);
      rc_check_offer_replace (c, entry, name, label);
    }
}

/* One entry's field-validator problem, in OSA's order; FALSE when one was reported. */
static gboolean
check_module_entry (RcCheck *c, RcYamlNode *entry, const char *path, GHashTable *seen)
{
  g_autofree char *repr = rc_py_repr (entry->text);
  g_autofree char *root = module_root (entry->text);

  if (!is_module_name (entry->text))
    {
      rc_check_error (c, entry, path, "import-before-seal-not-module",
                      _ ("Write the module's import name, such as scipy.signal (underscores, "
                         "not hyphens)."),
                      "import_before_seal entry %s is not a module name: dotted Python "
                      "identifiers only, such as scipy.signal",
                      repr);
      return FALSE;
    }
  if (g_hash_table_contains (seen, entry->text))
    {
      rc_check_error (c, entry, path, "import-before-seal-duplicate",
                      _ ("Remove the repeated entry."), "import_before_seal names %s twice", repr);
      return FALSE;
    }
  g_hash_table_add (seen, entry->text);
  if (g_strv_contains (sealed_roots, root))
    {
      rc_check_error (c, entry, path, "import-before-seal-sealed-root",
                      _ ("Remove the entry; the seal removes this module whatever is imported "
                         "first."),
                      "import_before_seal entry %s is a module the seal removes: it evicts it "
                      "from sys.modules and refuses it by name, so importing it first gains "
                      "nothing",
                      repr);
      return FALSE;
    }
  return TRUE;
}

/* Types and lengths of every entry; TRUE when the list type-validates. */
static gboolean
check_module_list_shape (RcCheck *c, RcYamlNode *v, const char *path)
{
  gboolean ok = TRUE;

  if (!rc_check_list (c, v, path))
    return FALSE;
  if (v->items->len > RC_MAX_IMPORT_BEFORE_SEAL)
    {
      rc_check_error (c, v, path, "import-before-seal-too-many",
                      _ ("Keep only the modules a package cannot import under the seal without."),
                      "List should have at most %d items after validation, not %u",
                      RC_MAX_IMPORT_BEFORE_SEAL, v->items->len);
      ok = FALSE;
    }
  for (guint i = 0; i < v->items->len; i++)
    {
      RcYamlNode *entry = v->items->pdata[i];
      g_autofree char *item = rc_check_path_index (path, i);

      if (!rc_check_str (c, entry, item))
        ok = FALSE;
      else if (entry->text[0] == '\0')
        {
          rc_check_error (c, entry, item, "import-before-seal-length",
                          _ ("Remove the empty entry."), "String should have at least 1 character");
          ok = FALSE;
        }
      else if (!rc_check_max_chars (c, entry, item, 200, "import-before-seal-length",
                                    _ ("A module name is at most 200 characters.")))
        ok = FALSE;
    }
  return ok;
}

static void
check_import_before_seal (RcCheck *c, RcYamlNode *v, RcConfigFacts *facts)
{
  const char *path = "runtime.python.import_before_seal";
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  if (!check_module_list_shape (c, v, path))
    return;
  for (guint i = 0; i < v->items->len; i++)
    {
      g_autofree char *item = rc_check_path_index (path, i);

      if (!check_module_entry (c, v->items->pdata[i], item, seen))
        offer_entry_fix (c, v, i);
    }
  /* OSA runs the model validator only when every entry passed; the later checks run on the
   * entries that did, so one typo does not hide the rest. */
  facts->import_before_seal = v;
}

/* An entry the later checks look at: a module name whose root the seal does not remove. */
gboolean
rc_config_module_entry_ok (RcYamlNode *entry)
{
  g_autofree char *root = module_root (entry->text);

  return is_module_name (entry->text) && !g_strv_contains (sealed_roots, root);
}

/* The model validator: every root is a preload name, read as its import name. */
static void
check_import_before_seal_preloaded (RcCheck *c, RcConfigFacts *facts)
{
  RcYamlNode *v = facts->import_before_seal;
  g_autoptr (GPtrArray) provided = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  if (v == NULL || facts->preload == NULL)
    return;
  for (guint i = 0; i < facts->preload->items->len; i++)
    {
      RcYamlNode *name = facts->preload->items->pdata[i];
      char *import = g_strdelimit (rc_pep503_canonical (name->text), "-", '_');

      if (!g_ptr_array_find_with_equal_func (provided, import, g_str_equal, NULL))
        g_ptr_array_add (provided, import);
      else
        g_free (import);
    }
  g_ptr_array_sort (provided, compare_strings);
  list = rc_py_list_repr ((const char *const *) provided->pdata, provided->len);
  for (guint i = 0; i < v->items->len; i++)
    {
      RcYamlNode *entry = v->items->pdata[i];
      g_autofree char *root = module_root (entry->text);
      g_autofree char *repr = rc_py_repr (entry->text), *root_repr = rc_py_repr (root);
      g_autofree char *item = rc_check_path_index ("runtime.python.import_before_seal", i);

      if (!rc_config_module_entry_ok (entry)
          || g_ptr_array_find_with_equal_func (provided, root, g_str_equal, NULL))
        continue;
      rc_check_error (c, entry, item, "import-before-seal-not-preloaded",
                      _ ("Add the package to preload, or remove the entry."),
                      "import_before_seal entry %s: its top-level package %s is not one preload "
                      "names (%s), written as its import name; only a package preload names may "
                      "be imported before the seal",
                      repr, root_repr, list);
    }
}

static void
prelude_string (RcCheck *c, RcYamlNode *v, const char *path, const char *deployment)
{
  if (!rc_check_str (c, v, path)
      || !rc_check_max_chars (c, v, path, RC_MAX_PRELUDE_CHARS, "prelude-too-long",
                              _ ("Move setup code into a package in the lock overlay; a prelude "
                                 "is a few lines.")))
    return;
  rc_check_report (c, RC_SEVERITY_NOTE, v, path, "prelude-not-compiled",
                   _ ("OSA compiles it when the config loads; a syntax error there stops the "
                      "server. Check it with runtime-console validate --compile-prelude, or "
                      "boot the runtime."),
                   "prelude%s%s was not compiled: that needs Pyodide", deployment ? " for " : "",
                   deployment ? deployment : "");
}

static void
check_prelude (RcCheck *c, RcYamlNode *v)
{
  const char *path = "runtime.python.prelude";

  if (!rc_config_check_deployment_map (c, v, path, "prelude") || v->kind == RC_YAML_NULL)
    return;
  if (v->kind != RC_YAML_MAP)
    {
      prelude_string (c, v, path, NULL);
      return;
    }
  for (guint i = 0; i < v->items->len; i++)
    {
      RcYamlPair *pair = v->items->pdata[i];
      g_autofree char *item = rc_check_path (path, pair->key->text);

      prelude_string (c, pair->value, item, pair->key->text);
    }
}

static void
check_fetch_allow (RcCheck *c, RcYamlNode *v)
{
  const char *path = "runtime.python.fetch_allow";

  if (!rc_config_check_deployment_map (c, v, path, "fetch_allow"))
    return;
  if (v->kind != RC_YAML_MAP)
    {
      rc_check_str_list (c, v, path);
      return;
    }
  for (guint i = 0; i < v->items->len; i++)
    {
      RcYamlPair *pair = v->items->pdata[i];
      g_autofree char *item = rc_check_path (path, pair->key->text);

      rc_check_str_list (c, pair->value, item);
    }
}

static void
check_limit (RcCheck *c, RcYamlNode *v, RcLimit limit, RcConfigFacts *facts)
{
  const RcLimitSpec *spec = &limit_specs[limit];
  g_autofree char *path = rc_check_path ("runtime.python.limits", spec->name);
  g_autofree char *hint = NULL;
  gint64 value;

  if (!rc_check_int (c, v, path, &value))
    return;
  if (value < spec->min || (v->overflow && v->integer < 0))
    {
      g_autofree char *min = g_strdup_printf ("%" G_GINT64_FORMAT, spec->min);
      g_autofree char *fallback = g_strdup_printf ("%" G_GINT64_FORMAT, spec->default_value);

      /* the numbers are text: a 64-bit format macro inside a msgid defeats xgettext */
      hint = g_strdup_printf (_ ("Use at least %s, or leave it out for %s."), min, fallback);
      rc_check_error (c, v, path, "limits-min", hint,
                      "Input should be greater than or equal to %" G_GINT64_FORMAT, spec->min);
      return;
    }
  if (value > spec->max || (v->overflow && spec->max != G_MAXINT64))
    {
      g_autofree char *max = g_strdup_printf ("%" G_GINT64_FORMAT, spec->max);

      hint = g_strdup_printf (
          _ ("The server caps this at %s = %s and would refuse every larger result with a 422."),
          limit_caps[limit], max);
      rc_check_error (c, v, path, "limits-max", hint,
                      "Input should be less than or equal to %" G_GINT64_FORMAT, spec->max);
      return;
    }
  facts->limits[limit] = value;
  facts->limits_set[limit] = TRUE;
}

static void
check_limits (RcCheck *c, RcYamlNode *v, RcConfigFacts *facts)
{
  const char *names[RC_N_LIMITS + 1] = { NULL };

  for (guint i = 0; i < RC_N_LIMITS; i++)
    names[i] = limit_specs[i].name;
  if (!rc_check_mapping (c, v, "runtime.python.limits", "RuntimeLimits"))
    return;
  rc_check_extra_keys (c, v, "runtime.python.limits", names);
  for (guint i = 0; i < RC_N_LIMITS; i++)
    {
      RcYamlNode *value = rc_yaml_map_get (v, names[i]);

      if (value != NULL)
        check_limit (c, value, (RcLimit) i, facts);
    }
}

static void
check_python (RcCheck *c, RcYamlNode *python, RcConfigFacts *facts)
{
  RcYamlNode *v;
  guint before = rc_diagnostics_count (c->diagnostics, RC_SEVERITY_ERROR);

  rc_check_extra_keys (c, python, "runtime.python", python_keys);
  check_pyodide_version (c, python);
  if ((v = rc_yaml_map_get (python, "lockfile")) != NULL)
    check_lockfile (c, v, facts);
  if ((v = rc_yaml_map_get (python, "preload")) != NULL
      && rc_check_str_list (c, v, "runtime.python.preload"))
    facts->preload = v;
  if ((v = rc_yaml_map_get (python, "allow_install")) != NULL)
    rc_check_str_list (c, v, "runtime.python.allow_install");
  if ((v = rc_yaml_map_get (python, "import_before_seal")) != NULL)
    check_import_before_seal (c, v, facts);
  if ((v = rc_yaml_map_get (python, "prelude")) != NULL)
    check_prelude (c, v);
  if ((v = rc_yaml_map_get (python, "preload_on")) != NULL)
    rc_check_literal (c, v, "runtime.python.preload_on", preload_on_choices);
  if ((v = rc_yaml_map_get (python, "fetch_allow")) != NULL)
    check_fetch_allow (c, v);
  if ((v = rc_yaml_map_get (python, "index_urls")) != NULL)
    rc_check_str_list (c, v, "runtime.python.index_urls");
  if ((v = rc_yaml_map_get (python, "limits")) != NULL)
    check_limits (c, v, facts);
  check_import_before_seal_preloaded (c, facts);
  facts->python_fields_ok = rc_diagnostics_count (c->diagnostics, RC_SEVERITY_ERROR) == before;
}

void
rc_config_check_runtime (RcCheck *c, RcYamlNode *runtime, RcConfigFacts *facts)
{
  RcYamlNode *python;

  if (runtime->kind == RC_YAML_NULL || !rc_check_mapping (c, runtime, "runtime", "RuntimeConfig"))
    return;
  rc_check_extra_keys (c, runtime, "runtime", runtime_keys);
  python = rc_yaml_map_get (runtime, "python");
  if (python == NULL || python->kind == RC_YAML_NULL
      || !rc_check_mapping (c, python, "runtime.python", "PythonRuntimeConfig"))
    return;
  facts->python = python;
  check_python (c, python, facts);
}
