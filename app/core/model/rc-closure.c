/* rc-closure.c: the packages a preload list installs, as Pyodide resolves them. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/model/rc-closure.h"
#include "core/base/rc-json-builder-private.h"
#include "core/base/rc-json-util.h"

G_DEFINE_BOXED_TYPE (RcClosureEntry, rc_closure_entry, rc_closure_entry_copy, rc_closure_entry_free)

RcClosureEntry *
rc_closure_entry_copy (const RcClosureEntry *self)
{
  RcClosureEntry *copy = g_new0 (RcClosureEntry, 1);

  copy->key = g_strdup (self->key);
  copy->name = g_strdup (self->name);
  copy->version = g_strdup (self->version);
  copy->file_name = g_strdup (self->file_name);
  copy->sha256 = g_strdup (self->sha256);
  copy->overlay = self->overlay;
  copy->imports = g_strdupv (self->imports);
  copy->depends = g_strdupv (self->depends);
  copy->required_by = g_strdup (self->required_by);
  copy->size = self->size;
  return copy;
}

void
rc_closure_entry_free (RcClosureEntry *self)
{
  if (self == NULL)
    return;
  g_free (self->key);
  g_free (self->name);
  g_free (self->version);
  g_free (self->file_name);
  g_free (self->sha256);
  g_strfreev (self->imports);
  g_strfreev (self->depends);
  g_free (self->required_by);
  g_free (self);
}

/* A member that is a string, or NULL. The stock lock is not validated entry by entry. */
static const char *
string_member (JsonObject *entry, const char *member)
{
  JsonNode *node = json_object_get_member (entry, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static GStrv
string_list_member (JsonObject *entry, const char *member)
{
  return rc_json_object_dup_strv (entry, member);
}

typedef struct
{
  RcDistLock *dist;
  RcLockOverlay *overlay;
  GHashTable *seen; /* canonical keys already placed */
  GPtrArray *result;
} Walk;

static RcClosureEntry *
make_entry (Walk *walk, const char *key, JsonObject *entry, gboolean from_overlay,
            const char *required_by)
{
  RcClosureEntry *item = g_new0 (RcClosureEntry, 1);

  item->key = g_strdup (key);
  item->name = g_strdup (string_member (entry, "name"));
  item->version = g_strdup (string_member (entry, "version"));
  item->file_name = g_strdup (string_member (entry, "file_name"));
  item->sha256 = g_strdup (string_member (entry, "sha256"));
  item->overlay = from_overlay;
  item->imports = string_list_member (entry, "imports");
  item->depends = string_list_member (entry, "depends");
  item->required_by = g_strdup (required_by);
  item->size = -1;
  if (from_overlay)
    {
      g_autoptr (GBytes) bytes = rc_lock_overlay_get_wheel (walk->overlay, item->file_name);

      if (bytes != NULL)
        item->size = (gint64) g_bytes_get_size (bytes);
    }
  else if (item->file_name != NULL)
    item->size = rc_dist_lock_get_wheel_size (walk->dist, item->file_name);
  return item;
}

/* Depth-first, the package before its dependencies, each key once. Iterative, so a
 * hostile lock with a long dependency chain cannot exhaust the stack. */
static void
visit (Walk *walk, const char *name, const char *required_by)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (stack, g_strdup (name));
  g_ptr_array_add (stack, g_strdup (required_by));
  while (stack->len > 0)
    {
      g_autofree char *parent = g_ptr_array_steal_index (stack, stack->len - 1);
      g_autofree char *current = g_ptr_array_steal_index (stack, stack->len - 1);
      g_autofree char *key = rc_canonicalize_name (current);
      JsonObject *entry = NULL;
      gboolean from_overlay = FALSE;
      RcClosureEntry *item;

      if (g_hash_table_contains (walk->seen, key))
        continue;
      /* The overlay may only add keys (checked elsewhere), so the order of lookup only
       * matters for a refused overlay; the stock entry is what Pyodide would refuse to
       * replace, so it wins. */
      entry = rc_dist_lock_lookup (walk->dist, key);
      if (entry == NULL && walk->overlay != NULL)
        {
          entry = rc_lock_overlay_lookup (walk->overlay, key);
          from_overlay = entry != NULL;
        }
      if (entry == NULL)
        continue;
      g_hash_table_add (walk->seen, g_strdup (key));
      item = make_entry (walk, key, entry, from_overlay, parent);
      g_ptr_array_add (walk->result, item);
      /* Push in reverse so the first dependency is visited first. */
      for (guint n = g_strv_length (item->depends); n > 0; n--)
        {
          g_ptr_array_add (stack, g_strdup (item->depends[n - 1]));
          g_ptr_array_add (stack, g_strdup (key));
        }
    }
}

GPtrArray *
rc_preload_closure (RcDistLock *dist, RcLockOverlay *overlay, const char *const *preload)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Walk walk = { dist, overlay, seen, NULL };

  g_return_val_if_fail (RC_IS_DIST_LOCK (dist), NULL);
  g_return_val_if_fail (overlay == NULL || RC_IS_LOCK_OVERLAY (overlay), NULL);

  walk.result = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_closure_entry_free);
  for (guint i = 0; preload != NULL && preload[i] != NULL; i++)
    visit (&walk, preload[i], NULL);
  return walk.result;
}

JsonNode *
rc_closure_to_json (GPtrArray *closure)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; closure != NULL && i < closure->len; i++)
    {
      const RcClosureEntry *e = g_ptr_array_index (closure, i);

      json_builder_begin_object (b);
      rc_json_add_string (b, "key", e->key);
      rc_json_add_string (b, "name", e->name);
      rc_json_add_string (b, "version", e->version);
      rc_json_add_string (b, "file_name", e->file_name);
      rc_json_add_string (b, "sha256", e->sha256);
      rc_json_add_string (b, "source", e->overlay ? "overlay" : "distribution");
      rc_json_add_strv (b, "imports", (const char *const *) e->imports);
      rc_json_add_strv (b, "depends", (const char *const *) e->depends);
      rc_json_add_string (b, "required_by", e->required_by);
      rc_json_add_measured_int (b, "size", e->size);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

gint64
rc_closure_total_size (GPtrArray *closure, guint *n_unknown)
{
  gint64 total = 0;
  guint unknown = 0;

  for (guint i = 0; closure != NULL && i < closure->len; i++)
    {
      const RcClosureEntry *e = g_ptr_array_index (closure, i);

      if (e->size >= 0)
        total += e->size;
      else
        unknown++;
    }
  if (n_unknown != NULL)
    *n_unknown = unknown;
  return total;
}

char *
rc_closure_format_size (GPtrArray *closure)
{
  guint unknown = 0;
  gint64 total = rc_closure_total_size (closure, &unknown);
  guint n = closure != NULL ? closure->len : 0;
  g_autofree char *known = NULL;

  if (n > 0 && unknown == n)
    return g_strdup (_ ("unknown"));
  known = g_format_size ((guint64) total);
  if (unknown == 0)
    return g_steal_pointer (&known);
  /* TRANSLATORS: "3.1 MB + 2 unknown": the sizes known, plus how many packages have none */
  return g_strdup_printf (_ ("%s + %u unknown"), known, unknown);
}
