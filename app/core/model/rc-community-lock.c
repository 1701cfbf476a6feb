/* rc-community-lock.c: the config.yaml checks that need the distribution lock and the lock
 * overlay (spec §3.8), and the preload closure. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/model/rc-community-private.h"
#include "core/model/rc-wheel-abi.h"

/* The lock entry a preload name loads: an exact key, else its canonical form (as Pyodide's
 * loadPackage looks it up). */
static JsonObject *
lookup_entry (RcCommunity *self, const char *name, gboolean *exact)
{
  g_autofree char *key = rc_canonicalize_name (name);
  JsonObject *entry;
  RcLockOverlay *overlay = self->overlay;

  *exact = TRUE;
  if ((entry = rc_dist_lock_lookup (self->dist, name)) != NULL
      || (overlay && (entry = rc_lock_overlay_lookup (overlay, name)) != NULL))
    return entry;
  *exact = FALSE;
  if ((entry = rc_dist_lock_lookup (self->dist, key)) != NULL
      || (overlay && (entry = rc_lock_overlay_lookup (overlay, key)) != NULL))
    return entry;
  return NULL;
}

static void
report_unresolved (RcCommunity *self, RcCheck *c, RcYamlNode *item, const char *path)
{
  g_autofree char *key = rc_canonicalize_name (item->text);
  /* The overlay's names too: a community most often misspells its own package. */
  const char *const *overlay_keys =
      self->overlay != NULL ? rc_lock_overlay_get_keys (self->overlay) : NULL;
  const char *only = rc_check_suggest_only (key, rc_dist_lock_get_keys (self->dist), overlay_keys);
  const char *near =
      only != NULL ? only : rc_check_suggest (key, rc_dist_lock_get_keys (self->dist));
  g_autofree char *hint = near ? g_strdup_printf (_ ("Did you mean '%s'?"), near)
                               : g_strdup (_ ("Use a key of Pyodide's pyodide-lock.json, or add "
                                              "the wheel to the lock overlay."));
  g_autofree char *label = NULL;

  rc_check_error (c, item, path, "preload-unresolved", hint,
                  "preload names '%s', which is a key of neither Pyodide %s's lock nor the "
                  "overlay, so the runtime cannot load it",
                  item->text,
                  rc_dist_lock_get_version (self->dist) ? rc_dist_lock_get_version (self->dist)
                                                        : RC_PYODIDE_PIN);
  /* exactly one close name: replacing it is the one obvious edit */
  if (only != NULL && item->kind == RC_YAML_STR)
    {
      /* TRANSLATORS: %s is a package name of the lock */
      label = g_strdup_printf (_ ("Replace with “%s”"), only);
      rc_check_offer_replace (c, item, only, label);
    }
}

static void
check_preload (RcCommunity *self, RcCheck *c)
{
  RcYamlNode *preload = self->facts.preload;
  /* An overlay that did not load already has its own errors; names it would have provided
   * are not reported again. */
  gboolean overlay_unknown =
      self->facts.lockfile != NULL
      && (self->overlay == NULL || !rc_lock_overlay_is_valid (self->overlay));

  for (guint i = 0; preload && i < preload->items->len; i++)
    {
      RcYamlNode *item = preload->items->pdata[i];
      g_autofree char *path = rc_check_path_index ("runtime.python.preload", i);
      g_autofree char *key = NULL;
      gboolean exact;

      if (lookup_entry (self, item->text, &exact) == NULL)
        {
          if (!overlay_unknown)
            report_unresolved (self, c, item, path);
          continue;
        }
      if (exact)
        continue;
      key = rc_canonicalize_name (item->text);
      rc_check_report (c, RC_SEVERITY_WARNING, item, path, "preload-not-canonical",
                       _ ("Write the lock key exactly."),
                       "'%s' is not a lock key; Pyodide finds '%s' by canonicalising the name, "
                       "but OSA's CI compares preload names with the lock keys as written",
                       item->text, key);
    }
}

static gboolean
strv_contains_member (JsonObject *entry, const char *member, const char *value)
{
  JsonArray *array;

  if (entry == NULL || !json_object_has_member (entry, member)
      || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (entry, member)))
    return FALSE;
  array = json_object_get_array_member (entry, member);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
          && g_str_equal (json_node_get_string (node), value))
        return TRUE;
    }
  return FALSE;
}

/* The preload name whose import name is root (eegprep-lean → eegprep_lean), or NULL. */
static RcYamlNode *
preload_for_root (RcCommunity *self, const char *root)
{
  RcYamlNode *preload = self->facts.preload;

  for (guint i = 0; i < preload->items->len; i++)
    {
      RcYamlNode *item = preload->items->pdata[i];
      g_autofree char *import = g_strdelimit (rc_canonicalize_name (item->text), "-", '_');

      if (g_str_equal (import, root))
        return item;
    }
  return NULL;
}

/* §3.8 (per OSA's documentation): the root must really be among the imports of the lock
 * entry that preload name loads. */
static void
check_import_before_seal_imports (RcCommunity *self, RcCheck *c)
{
  RcYamlNode *list = self->facts.import_before_seal;

  for (guint i = 0; list && self->facts.preload && i < list->items->len; i++)
    {
      RcYamlNode *entry = list->items->pdata[i];
      g_autofree char *root = g_strndup (entry->text, strcspn (entry->text, "."));
      g_autofree char *path = rc_check_path_index ("runtime.python.import_before_seal", i);
      g_autofree char *repr = NULL;
      RcYamlNode *package = preload_for_root (self, root);
      JsonObject *lock_entry;
      gboolean exact;

      if (!rc_config_module_entry_ok (entry) || package == NULL)
        continue; /* reported by the config rules */
      lock_entry = lookup_entry (self, package->text, &exact);
      if (lock_entry == NULL || strv_contains_member (lock_entry, "imports", root))
        continue;
      repr = rc_py_repr (entry->text);
      rc_check_error (c, entry, path, "import-before-seal-not-in-imports",
                      _ ("Name a module the package provides; its lock entry's imports list "
                         "them."),
                      "import_before_seal entry %s: the lock entry of '%s' does not list '%s' in "
                      "its imports, so importing it before the seal would fail the boot",
                      repr, package->text, root);
    }
}

static void
compute_closure (RcCommunity *self)
{
  RcYamlNode *preload = self->facts.preload;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) names = NULL;
  RcLockOverlay *overlay =
      self->overlay && rc_lock_overlay_is_valid (self->overlay) ? self->overlay : NULL;

  if (preload == NULL || preload->items->len == 0)
    return;
  for (guint i = 0; i < preload->items->len; i++)
    g_strv_builder_add (builder, ((RcYamlNode *) preload->items->pdata[i])->text);
  names = g_strv_builder_end (builder);
  g_clear_pointer (&self->closure, g_ptr_array_unref);
  self->closure = rc_preload_closure (self->dist, overlay, (const char *const *) names);
}

/* The preload checks only mean something against the Pyodide the runtime pins. */
static void
check_distribution_version (RcCommunity *self)
{
  const char *version = rc_dist_lock_get_version (self->dist);

  if (version == NULL || g_str_equal (version, RC_PYODIDE_PIN))
    return;
  rc_diagnostics_add (self->diagnostics, RC_SEVERITY_WARNING, rc_dist_lock_get_path (self->dist), 0,
                      0, "", "distribution-version",
                      _ ("Pass --distribution with the Pyodide 0.29.5 distribution."),
                      "this distribution is Pyodide %s, not %s; preload names were checked "
                      "against the wrong lock",
                      version, RC_PYODIDE_PIN);
}

/* The index in "...[i]" at the end of @path, or -1. */
static int
path_index (const char *path)
{
  const char *open = strrchr (path, '[');
  char *end = NULL;
  gint64 index;

  if (open == NULL)
    return -1;
  index = g_ascii_strtoll (open + 1, &end, 10);
  return end != NULL && *end == ']' && end[1] == '\0' && index >= 0 ? (int) index : -1;
}

/* The name an unresolved preload item most likely meant, canonical, as an import name. */
static char *
meant_import (RcCommunity *self, RcYamlNode *item)
{
  g_autofree char *key = rc_canonicalize_name (item->text);
  const char *const *overlay_keys =
      self->overlay != NULL ? rc_lock_overlay_get_keys (self->overlay) : NULL;
  const char *near = rc_check_suggest_only (key, rc_dist_lock_get_keys (self->dist), overlay_keys);

  if (near == NULL)
    near = rc_check_suggest (key, rc_dist_lock_get_keys (self->dist));
  return near != NULL ? g_strdelimit (rc_pep503_canonical (near), "-", '_') : NULL;
}

/* A misspelled preload makes each import_before_seal entry of the package it meant an error
 * too: those follow from it (fixing the preload fixes them), and say so (caused_by). */
static void
link_follow_ons (RcCommunity *self)
{
  GPtrArray *list = self->diagnostics;
  RcYamlNode *preload = self->facts.preload, *seal = self->facts.import_before_seal;

  if (preload == NULL || seal == NULL)
    return;
  for (guint i = 0; i < list->len; i++)
    {
      RcDiagnostic *root = g_ptr_array_index (list, i);
      int at = path_index (root->path);
      g_autofree char *meant = NULL;

      if (!g_str_equal (root->rule, "preload-unresolved") || at < 0
          || (guint) at >= preload->items->len
          || (meant = meant_import (self, preload->items->pdata[at])) == NULL)
        continue;
      for (guint j = 0; j < list->len; j++)
        {
          RcDiagnostic *d = g_ptr_array_index (list, j);
          int entry = path_index (d->path);
          g_autofree char *module = NULL;
          char *dot;

          if (!g_str_equal (d->rule, "import-before-seal-not-preloaded") || d->caused_by != NULL
              || entry < 0 || (guint) entry >= seal->items->len)
            continue;
          module = g_strdup (((RcYamlNode *) seal->items->pdata[entry])->text);
          if ((dot = strchr (module, '.')) != NULL)
            *dot = '\0';
          if (g_str_equal (module, meant))
            d->caused_by = g_strdup (root->path);
        }
    }
}

void
rc_community_check_locks (RcCommunity *self, RcCheck *c)
{
  /* without a distribution (rc_community_load_without_distribution()): the overlay's own
   * checks, its wheels and their sha256s, and nothing that looks names up in the lock */
  if (self->dist == NULL)
    {
      if (self->facts.lockfile != NULL)
        self->overlay = rc_lock_overlay_load (self->dir, self->facts.lockfile, self->diagnostics);
      return;
    }
  check_distribution_version (self);
  if (self->facts.lockfile != NULL)
    {
      self->overlay = rc_lock_overlay_load (self->dir, self->facts.lockfile, self->diagnostics);
      if (rc_lock_overlay_is_valid (self->overlay))
        rc_lock_overlay_check_against (self->overlay, self->dist, self->diagnostics);
      rc_wheel_abi_check_overlay (self->overlay, self->dist, self->diagnostics);
    }
  check_preload (self, c);
  check_import_before_seal_imports (self, c);
  link_follow_ons (self);
  compute_closure (self);
}
