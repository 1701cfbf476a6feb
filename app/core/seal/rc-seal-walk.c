/* rc-seal-walk.c: the seal probe's findings and its import_before_seal cover
 * (rc-seal-walk.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/config/rc-config-check.h"
#include "core/base/rc-json-builder-private.h"
#include "core/seal/rc-seal-walk.h"
#include "core/config/rc-validator.h"

/* clang-format off */
G_DEFINE_QUARK (rc-seal-walk-error-quark, rc_seal_walk_error)
/* clang-format on */

static void
package_free (RcSealPackage *p)
{
  g_free (p->name);
  g_free (p->error);
  g_free (p);
}

static void
import_free (RcSealImport *i)
{
  g_free (i->module);
  g_free (i->error);
  g_free (i->reached);
  g_strfreev (i->stack);
  g_free (i);
}

void
rc_seal_walk_free (RcSealWalk *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->packages);
  g_ptr_array_unref (self->imports);
  g_free (self);
}

static char *
dup_member (JsonObject *o, const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return NULL;
  return g_strdup (json_node_get_string (n));
}

static GStrv
strv_member (JsonObject *o, const char *name)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  JsonNode *n = json_object_get_member (o, name);

  if (n != NULL && JSON_NODE_HOLDS_ARRAY (n))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (n)); i++)
      {
        JsonNode *item = json_array_get_element (json_node_get_array (n), i);

        if (JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_STRING)
          g_strv_builder_add (b, json_node_get_string (item));
      }
  return g_strv_builder_end (b);
}

static JsonArray *
array_member (JsonObject *o, const char *name, GError **error)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
    {
      g_set_error (error, RC_SEAL_WALK_ERROR, RC_SEAL_WALK_ERROR_INVALID,
                   _ ("the seal walk's output has no “%s” array"), name);
      return NULL;
    }
  return json_node_get_array (n);
}

RcSealWalk *
rc_seal_walk_parse (const char *json, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (JsonNode) root = json_from_string (json, &local);
  g_autoptr (RcSealWalk) self = g_new0 (RcSealWalk, 1);
  JsonArray *packages, *imports;
  JsonObject *o;

  self->packages = g_ptr_array_new_with_free_func ((GDestroyNotify) package_free);
  self->imports = g_ptr_array_new_with_free_func ((GDestroyNotify) import_free);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, RC_SEAL_WALK_ERROR, RC_SEAL_WALK_ERROR_INVALID,
                   _ ("the seal walk's output is not a JSON object: %s"),
                   local != NULL ? local->message : json);
      return NULL;
    }
  o = json_node_get_object (root);
  if ((packages = array_member (o, "packages", error)) == NULL
      || (imports = array_member (o, "imports", error)) == NULL)
    return NULL;
  for (guint i = 0; i < json_array_get_length (packages); i++)
    {
      JsonObject *p = json_array_get_object_element (packages, i);
      RcSealPackage *pkg = g_new0 (RcSealPackage, 1);

      pkg->name = dup_member (p, "name");
      pkg->found = json_object_get_boolean_member_with_default (p, "found", FALSE);
      pkg->error = dup_member (p, "error");
      pkg->modules = json_object_get_int_member_with_default (p, "modules", 0);
      g_ptr_array_add (self->packages, pkg);
    }
  for (guint i = 0; i < json_array_get_length (imports); i++)
    {
      JsonObject *m = json_array_get_object_element (imports, i);
      RcSealImport *imp = g_new0 (RcSealImport, 1);

      imp->module = dup_member (m, "module");
      imp->ok = json_object_get_boolean_member_with_default (m, "ok", FALSE);
      imp->error = dup_member (m, "error");
      imp->reached = dup_member (m, "reached");
      imp->stack = strv_member (m, "stack");
      g_ptr_array_add (self->imports, imp);
      if (imp->module == NULL)
        {
          g_set_error (error, RC_SEAL_WALK_ERROR, RC_SEAL_WALK_ERROR_INVALID,
                       _ ("the seal walk's import %u names no module"), i);
          return NULL;
        }
    }
  return g_steal_pointer (&self);
}

guint
rc_seal_walk_count_failed (const RcSealWalk *self, gboolean sealed_only)
{
  guint n = 0;

  for (guint i = 0; i < self->imports->len; i++)
    {
      const RcSealImport *imp = self->imports->pdata[i];

      n += !imp->ok && (!sealed_only || imp->reached != NULL);
    }
  return n;
}

GStrv
rc_seal_provided_roots (const char *const *preload)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; preload != NULL && preload[i] != NULL; i++)
    {
      char *import = g_strdelimit (rc_pep503_canonical (preload[i]), "-", '_');

      if (g_ptr_array_find_with_equal_func (seen, import, g_str_equal, NULL))
        {
          g_free (import);
          continue;
        }
      g_strv_builder_add (b, import);
      g_ptr_array_add (seen, import);
    }
  return g_strv_builder_end (b);
}

static gboolean
is_module_name (const char *name)
{
  g_auto (GStrv) parts = g_strsplit (name, ".", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *p = parts[i];

      if (*p == '\0' || !(g_ascii_isalpha (*p) || *p == '_'))
        return FALSE;
      for (; *p != '\0'; p++)
        if (!(g_ascii_isalnum (*p) || *p == '_'))
          return FALSE;
    }
  return TRUE;
}

/* An entry the validator accepts: a dotted name whose root a preload provides. */
static gboolean
eligible (const char *name, const char *const *provided)
{
  g_autofree char *root = g_strndup (name, strcspn (name, "."));

  return is_module_name (name) && strlen (name) <= 200 && g_strv_contains (provided, root);
}

static gboolean
is_public (const char *name)
{
  return name[0] != '_' && strstr (name, "._") == NULL;
}

static guint
depth (const char *name)
{
  guint n = 0;

  for (; *name != '\0'; name++)
    n += *name == '.';
  return n;
}

/* TRUE when @a is a better pick than @b at the same count. */
static gboolean
better (const char *a, const char *b)
{
  if (is_public (a) != is_public (b))
    return is_public (a);
  if (depth (a) != depth (b))
    return depth (a) < depth (b);
  return strcmp (a, b) < 0;
}

/* The candidates of one failure: its stack entries the validator accepts, or the module
 * itself when the stack has none. */
static GPtrArray *
candidates (const RcSealImport *imp, const char *const *current, const char *const *provided)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; imp->stack != NULL && imp->stack[i] != NULL; i++)
    if (eligible (imp->stack[i], provided) && !g_strv_contains (current, imp->stack[i]))
      g_ptr_array_add (out, imp->stack[i]);
  if (out->len == 0 && eligible (imp->module, provided) && !g_strv_contains (current, imp->module))
    g_ptr_array_add (out, imp->module);
  return out;
}

static void
unref_candidates (gpointer array)
{
  if (array != NULL)
    g_ptr_array_unref (array);
}

/* Greedy set cover of @failures (each a GPtrArray of candidate names). */
static void
cover (GPtrArray *failures, GPtrArray *chosen)
{
  for (;;)
    {
      g_autoptr (GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
      const char *pick = NULL;
      guint best = 0;
      GHashTableIter iter;
      gpointer key, value;

      for (guint i = 0; i < failures->len; i++)
        {
          GPtrArray *c = failures->pdata[i];

          for (guint j = 0; c != NULL && j < c->len; j++)
            g_hash_table_insert (
                counts, c->pdata[j],
                GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, c->pdata[j]))
                                  + 1));
        }
      g_hash_table_iter_init (&iter, counts);
      while (g_hash_table_iter_next (&iter, &key, &value))
        if (GPOINTER_TO_UINT (value) > best
            || (GPOINTER_TO_UINT (value) == best && better (key, pick)))
          {
            pick = key;
            best = GPOINTER_TO_UINT (value);
          }
      if (pick == NULL)
        return;
      g_ptr_array_add (chosen, g_strdup (pick));
      for (guint i = 0; i < failures->len; i++)
        if (failures->pdata[i] != NULL
            && g_ptr_array_find_with_equal_func (failures->pdata[i], pick, g_str_equal, NULL))
          g_clear_pointer (&failures->pdata[i], g_ptr_array_unref);
    }
}

/* Whether @name is the package of another entry of @list (importing that one imports it). */
static gboolean
is_parent_in (const char *name, GPtrArray *list)
{
  gsize len = strlen (name);

  for (guint i = 0; i < list->len; i++)
    {
      const char *other = list->pdata[i];

      if (strncmp (other, name, len) == 0 && other[len] == '.')
        return TRUE;
    }
  return FALSE;
}

GStrv
rc_seal_cover (const RcSealWalk *walk, const char *const *current, const char *const *provided,
               guint *added, GError **error)
{
  static const char *const none[] = { NULL };
  /* covered failures become NULL (cover()) */
  g_autoptr (GPtrArray) failures = g_ptr_array_new_with_free_func (unref_candidates);
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  guint kept = 0;

  if (current == NULL)
    current = none;
  for (guint i = 0; i < walk->imports->len; i++)
    {
      const RcSealImport *imp = walk->imports->pdata[i];

      if (!imp->ok && imp->reached != NULL)
        g_ptr_array_add (failures, candidates (imp, current, provided));
    }
  for (guint i = 0; current[i] != NULL; i++)
    if (!g_ptr_array_find_with_equal_func (all, current[i], g_str_equal, NULL))
      g_ptr_array_add (all, g_strdup (current[i]));
  cover (failures, all);
  *added = 0;
  for (guint i = 0; i < all->len; i++)
    {
      const char *name = all->pdata[i];

      if (is_parent_in (name, all))
        continue;
      g_strv_builder_add (b, name);
      kept++;
      *added += !g_strv_contains (current, name);
    }
  if (kept > RC_MAX_IMPORT_BEFORE_SEAL)
    {
      g_auto (GStrv) list = g_strv_builder_end (g_steal_pointer (&b));
      g_autofree char *text = g_strjoinv (", ", list);

      g_set_error (error, RC_SEAL_WALK_ERROR, RC_SEAL_WALK_ERROR_INVALID,
                   _ ("import_before_seal would need %u entries (%s), more than the %d allowed"),
                   kept, text, RC_MAX_IMPORT_BEFORE_SEAL);
      return NULL;
    }
  return g_strv_builder_end (b);
}

static void
add_package (JsonBuilder *b, gconstpointer item)
{
  const RcSealPackage *p = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "name", p->name);
  rc_json_add_bool (b, "found", p->found);
  rc_json_add_string (b, "error", p->error);
  rc_json_add_int (b, "modules", p->modules);
  json_builder_end_object (b);
}

static void
add_import (JsonBuilder *b, gconstpointer item)
{
  const RcSealImport *i = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "module", i->module);
  rc_json_add_bool (b, "ok", i->ok);
  rc_json_add_string (b, "error", i->error);
  rc_json_add_string (b, "reached", i->reached);
  rc_json_add_strv (b, "stack", (const char *const *) i->stack);
  json_builder_end_object (b);
}

JsonNode *
rc_seal_walk_to_json (const RcSealWalk *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  rc_json_add_array (b, "packages", self->packages, add_package);
  rc_json_add_array (b, "imports", self->imports, add_import);
  rc_json_add_int (b, "failed", rc_seal_walk_count_failed (self, FALSE));
  json_builder_end_object (b);
  return json_builder_get_root (b);
}
