/* rc-dist-lock.c: the Pyodide distribution's pyodide-lock.json.
 *
 * json-glib needs about 4 ms to parse the 120 kB lock, most of the validator's budget for a
 * whole config. So the parsed lock is also kept as a GVariant in the user's cache folder
 * (never in the distribution or a community folder), keyed by the lock's path and checked
 * against its size, mtime, ctime and inode; the next run maps that file and turns only the
 * entries it looks up back into JSON. A missing, stale or damaged cache just means parsing
 * the JSON again. RC_DIST_LOCK_CACHE=0 turns the cache off; any other value names the
 * folder to keep it in (the test suite uses both).
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/model/rc-dist-lock.h"
#include "core/base/rc-json-positions.h"

#define CACHE_MAGIC    "runtime-console dist-lock cache 1"
#define MAX_JSON_DEPTH 64
/* The full distribution's lock is about 1 MiB; far more is not a Pyodide lock. */
#define MAX_LOCK_BYTES  ((goffset) 64 * 1024 * 1024)
#define CACHE_MIN_BYTES (32 * 1024)
#define CACHE_TYPE      "(sxxxtv)" /* magic, size, mtime µs, ctime µs, inode, lock */

struct _RcDistLock
{
  GObject parent_instance;

  char *dir;
  char *path;
  char *python_version;
  char *version;
  char *abi_version; /* info.abi_version, "2025_0" */
  char *platform;    /* info.platform, "emscripten_4_0_9" */
  gboolean from_cache;
  GPtrArray *keys;     /* owned strings, NULL-terminated, file order */
  GHashTable *entries; /* key → JsonNode (object), parsed or materialised from the cache */
  GVariant *cached;    /* the packages a{sv} when loaded from the cache */
  GHashTable *slots;   /* key → index + 1 into cached */
};

G_DEFINE_FINAL_TYPE (RcDistLock, rc_dist_lock, G_TYPE_OBJECT)

/* clang-format off */
G_DEFINE_QUARK (rc-dist-lock-error-quark, rc_dist_lock_error)
/* clang-format on */

static void
rc_dist_lock_finalize (GObject *object)
{
  RcDistLock *self = RC_DIST_LOCK (object);

  g_free (self->dir);
  g_free (self->path);
  g_free (self->python_version);
  g_free (self->version);
  g_free (self->abi_version);
  g_free (self->platform);
  g_clear_pointer (&self->keys, g_ptr_array_unref);
  g_clear_pointer (&self->entries, g_hash_table_unref);
  g_clear_pointer (&self->cached, g_variant_unref);
  g_clear_pointer (&self->slots, g_hash_table_unref);
  G_OBJECT_CLASS (rc_dist_lock_parent_class)->finalize (object);
}

static void
rc_dist_lock_class_init (RcDistLockClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rc_dist_lock_finalize;
}

static void
rc_dist_lock_init (RcDistLock *self)
{
  self->keys = g_ptr_array_new_with_free_func (g_free);
  self->entries =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) json_node_unref);
  self->slots = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/* As OSA and Pyodide write it: re.sub(r"[-_.]+", "-", name).lower(). */
char *
rc_canonicalize_name (const char *name)
{
  g_autoptr (GString) out = g_string_new (NULL);
  gboolean in_run = FALSE;

  for (const char *p = name; *p != '\0'; p++)
    {
      gboolean sep = *p == '-' || *p == '_' || *p == '.';

      if (sep && !in_run)
        g_string_append_c (out, '-');
      else if (!sep)
        g_string_append_c (out, *p);
      in_run = sep;
    }
  if (!g_utf8_validate (out->str, -1, NULL))
    return g_ascii_strdown (out->str, -1);
  return g_utf8_strdown (out->str, -1);
}

/* --- from JSON ----------------------------------------------------------------------- */

static const char *
info_string (JsonObject *info, const char *member)
{
  JsonNode *node = info ? json_object_get_member (info, member) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* Every entry must be an object: the closure and the overlay checks read members from it. */
static gboolean
take_json (RcDistLock *self, JsonNode *root, GError **error)
{
  g_autoptr (GList) members = NULL;
  JsonObject *top, *packages;
  JsonNode *node, *info;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    goto invalid;
  top = json_node_get_object (root);
  node = json_object_get_member (top, "packages");
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    goto invalid;
  packages = json_node_get_object (node);
  members = json_object_get_members (packages);
  for (GList *l = members; l != NULL; l = l->next)
    if (!JSON_NODE_HOLDS_OBJECT (json_object_get_member (packages, l->data)))
      goto invalid;

  info = json_object_get_member (top, "info");
  if (info != NULL && JSON_NODE_HOLDS_OBJECT (info))
    {
      self->python_version = g_strdup (info_string (json_node_get_object (info), "python"));
      self->version = g_strdup (info_string (json_node_get_object (info), "version"));
      self->abi_version = g_strdup (info_string (json_node_get_object (info), "abi_version"));
      self->platform = g_strdup (info_string (json_node_get_object (info), "platform"));
    }
  /* json_object_get_members() keeps the file's order (json-glib ≥ 1.6). */
  for (GList *l = members; l != NULL; l = l->next)
    {
      g_ptr_array_add (self->keys, g_strdup (l->data));
      g_hash_table_replace (self->entries, g_strdup (l->data),
                            json_node_ref (json_object_get_member (packages, l->data)));
    }
  g_ptr_array_add (self->keys, NULL);
  return TRUE;

invalid:
  g_set_error (error, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_INVALID,
               _ ("%s is not a Pyodide lock: it needs a \"packages\" object of package entries"),
               self->path);
  return FALSE;
}

/* --- the cache ----------------------------------------------------------------------- */

static char *
cache_file (const char *lock_path)
{
  g_autofree char *absolute = g_canonicalize_filename (lock_path, NULL);
  g_autofree char *digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, absolute, -1);
  g_autofree char *name = g_strconcat (digest, ".gvariant", NULL);
  const char *setting = g_getenv ("RC_DIST_LOCK_CACHE");

  if (g_strcmp0 (setting, "0") == 0)
    return NULL;
  if (setting != NULL && setting[0] != '\0')
    return g_build_filename (setting, name, NULL);
  return g_build_filename (g_get_user_cache_dir (), "runtime-console", "dist-lock", name, NULL);
}

static gint64
stat_usec (struct timespec ts)
{
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static void
save_cache (RcDistLock *self, JsonNode *root, const struct stat *st)
{
  g_autofree char *file = cache_file (self->path);
  g_autofree char *parent = NULL;
  g_autoptr (GVariant) lock = NULL;
  g_autoptr (GVariant) record = NULL;
  g_autoptr (GError) error = NULL;

  if (file == NULL)
    return;
  lock = json_gvariant_deserialize (root, NULL, &error);
  if (lock == NULL)
    {
      g_debug ("not caching %s: %s", self->path, error->message);
      return;
    }
  /* It may be floating; the record below takes its own reference. */
  g_variant_ref_sink (lock);
  record = g_variant_ref_sink (g_variant_new (CACHE_TYPE, CACHE_MAGIC, (gint64) st->st_size,
                                              stat_usec (st->st_mtim), stat_usec (st->st_ctim),
                                              (guint64) st->st_ino, lock));
  parent = g_path_get_dirname (file);
  if (g_mkdir_with_parents (parent, 0700) != 0
      || !g_file_set_contents (file, g_variant_get_data (record), g_variant_get_size (record),
                               &error))
    g_debug ("not caching %s: %s", self->path, error ? error->message : g_strerror (errno));
}

/* Everything in the mapped file is checked before use: it is not trusted. */
static gboolean
load_cache (RcDistLock *self, const struct stat *st)
{
  g_autofree char *file = cache_file (self->path);
  g_autoptr (GMappedFile) mapped = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GVariant) record = NULL;
  g_autoptr (GVariant) lock = NULL;
  g_autoptr (GVariant) packages = NULL;
  g_autoptr (GVariant) info = NULL;
  const char *magic = NULL;
  gint64 size, mtime, ctime;
  guint64 inode;
  gsize n;

  if (file == NULL || (mapped = g_mapped_file_new (file, FALSE, NULL)) == NULL)
    return FALSE;
  bytes = g_mapped_file_get_bytes (mapped);
  record =
      g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (CACHE_TYPE), bytes, FALSE));
  g_variant_get (record, "(&sxxxtv)", &magic, &size, &mtime, &ctime, &inode, &lock);
  if (g_strcmp0 (magic, CACHE_MAGIC) != 0 || size != (gint64) st->st_size
      || mtime != stat_usec (st->st_mtim) || ctime != stat_usec (st->st_ctim)
      || inode != (guint64) st->st_ino || !g_variant_is_of_type (lock, G_VARIANT_TYPE ("a{sv}")))
    return FALSE;
  packages = g_variant_lookup_value (lock, "packages", G_VARIANT_TYPE ("a{sv}"));
  if (packages == NULL)
    return FALSE;
  n = g_variant_n_children (packages);
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr (GVariant) value = NULL;
      const char *key = NULL;

      g_variant_get_child (packages, i, "{&sv}", &key, &value);
      if (!g_variant_is_of_type (value, G_VARIANT_TYPE ("a{sv}")))
        return FALSE;
      g_hash_table_replace (self->slots, g_strdup (key), GSIZE_TO_POINTER (i + 1));
      g_ptr_array_add (self->keys, g_strdup (key));
    }
  g_ptr_array_add (self->keys, NULL);
  info = g_variant_lookup_value (lock, "info", G_VARIANT_TYPE ("a{sv}"));
  if (info != NULL)
    {
      g_variant_lookup (info, "python", "s", &self->python_version);
      g_variant_lookup (info, "version", "s", &self->version);
      g_variant_lookup (info, "abi_version", "s", &self->abi_version);
      g_variant_lookup (info, "platform", "s", &self->platform);
    }
  self->cached = g_steal_pointer (&packages);
  self->from_cache = TRUE;
  return TRUE;
}

static void
reset (RcDistLock *self)
{
  g_ptr_array_set_size (self->keys, 0);
  g_hash_table_remove_all (self->entries);
  g_hash_table_remove_all (self->slots);
  g_clear_pointer (&self->cached, g_variant_unref);
  g_clear_pointer (&self->python_version, g_free);
  g_clear_pointer (&self->version, g_free);
  g_clear_pointer (&self->abi_version, g_free);
  g_clear_pointer (&self->platform, g_free);
  self->from_cache = FALSE;
}

/* --- loading ------------------------------------------------------------------------- */

RcDistLock *
rc_dist_lock_load (const char *distribution_dir, GError **error)
{
  g_autoptr (RcDistLock) self = NULL;
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autofree char *contents = NULL;
  struct stat st;
  RcJsonPos pos;
  gsize length = 0;

  g_return_val_if_fail (distribution_dir != NULL, NULL);

  self = g_object_new (RC_TYPE_DIST_LOCK, NULL);
  self->dir = g_strdup (distribution_dir);
  self->path = g_build_filename (distribution_dir, "pyodide-lock.json", NULL);

  if (g_stat (self->path, &st) == 0 && S_ISREG (st.st_mode))
    {
      if (load_cache (self, &st))
        return g_steal_pointer (&self);
      reset (self);
    }
  /* A FIFO would block the read; a huge file would be read whole. */
  if (g_stat (self->path, &st) == 0 && (!S_ISREG (st.st_mode) || st.st_size > MAX_LOCK_BYTES))
    {
      g_set_error (error, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_UNREADABLE,
                   S_ISREG (st.st_mode)
                       ? _ ("the distribution lock %s is larger than 64 MiB; a Pyodide lock is "
                            "about 1 MiB")
                       : _ ("the distribution lock %s is not a regular file"),
                   self->path);
      return NULL;
    }
  if (!g_file_get_contents (self->path, &contents, &length, &local_error))
    {
      g_set_error (error, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_UNREADABLE,
                   _ ("the distribution lock %s cannot be read: %s"), self->path,
                   local_error->message);
      return NULL;
    }
  /* A hostile lock must not crash json-glib's recursive parser; a real one nests 4 deep. */
  if (!rc_json_check_strict (contents, length, MAX_JSON_DEPTH, &pos, &local_error))
    {
      g_set_error (error, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_INVALID,
                   _ ("the distribution lock %s is not valid JSON: %u:%u: %s"), self->path,
                   pos.line, pos.column, local_error->message);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, contents, (gssize) length, &local_error))
    {
      g_set_error (error, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_INVALID,
                   _ ("the distribution lock %s is not valid JSON: %s"), self->path,
                   local_error->message);
      return NULL;
    }
  root = json_parser_steal_root (parser);
  if (root == NULL)
    {
      g_set_error (error, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_INVALID,
                   _ ("the distribution lock %s is empty"), self->path);
      return NULL;
    }
  if (!take_json (self, root, error))
    return NULL;
  /* Only a real distribution's lock is worth caching; small ones (test fixtures in
   * temporary folders) parse quickly and would only leave files behind. */
  if (S_ISREG (st.st_mode) && st.st_size >= CACHE_MIN_BYTES)
    save_cache (self, root, &st);
  return g_steal_pointer (&self);
}

/* --- queries ------------------------------------------------------------------------- */

const char *
rc_dist_lock_get_dir (RcDistLock *self)
{
  g_return_val_if_fail (RC_IS_DIST_LOCK (self), NULL);
  return self->dir;
}

const char *
rc_dist_lock_get_path (RcDistLock *self)
{
  g_return_val_if_fail (RC_IS_DIST_LOCK (self), NULL);
  return self->path;
}

const char *
rc_dist_lock_get_python_version (RcDistLock *self)
{
  g_return_val_if_fail (RC_IS_DIST_LOCK (self), NULL);
  return self->python_version;
}

const char *
rc_dist_lock_get_abi_version (RcDistLock *self)
{
  g_return_val_if_fail (RC_IS_DIST_LOCK (self), NULL);
  return self->abi_version;
}

const char *
rc_dist_lock_get_platform (RcDistLock *self)
{
  g_return_val_if_fail (RC_IS_DIST_LOCK (self), NULL);
  return self->platform;
}

const char *
rc_dist_lock_get_version (RcDistLock *self)
{
  g_return_val_if_fail (RC_IS_DIST_LOCK (self), NULL);
  return self->version;
}

gboolean
rc_dist_lock_get_from_cache (RcDistLock *self)
{
  g_return_val_if_fail (RC_IS_DIST_LOCK (self), FALSE);
  return self->from_cache;
}

JsonObject *
rc_dist_lock_lookup (RcDistLock *self, const char *key)
{
  JsonNode *node;
  gsize slot;

  g_return_val_if_fail (RC_IS_DIST_LOCK (self), NULL);
  if (key == NULL)
    return NULL;
  node = g_hash_table_lookup (self->entries, key);
  if (node == NULL && self->cached != NULL
      && (slot = GPOINTER_TO_SIZE (g_hash_table_lookup (self->slots, key))) > 0)
    {
      g_autoptr (GVariant) value = NULL;
      const char *name = NULL;

      /* Materialised once, kept for the lock's lifetime like a parsed entry. */
      g_variant_get_child (self->cached, slot - 1, "{&sv}", &name, &value);
      node = json_gvariant_serialize (value);
      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        {
          g_clear_pointer (&node, json_node_unref);
          return NULL;
        }
      g_hash_table_replace (self->entries, g_strdup (key), node);
    }
  return node != NULL ? json_node_get_object (node) : NULL;
}

JsonObject *
rc_dist_lock_lookup_name (RcDistLock *self, const char *name)
{
  g_autofree char *key = NULL;

  if (name == NULL)
    return NULL;
  key = rc_canonicalize_name (name);
  return rc_dist_lock_lookup (self, key);
}

gboolean
rc_dist_lock_contains (RcDistLock *self, const char *key)
{
  g_return_val_if_fail (RC_IS_DIST_LOCK (self), FALSE);
  if (key == NULL)
    return FALSE;
  return g_hash_table_contains (self->entries, key) || g_hash_table_contains (self->slots, key);
}

const char *const *
rc_dist_lock_get_keys (RcDistLock *self)
{
  g_return_val_if_fail (RC_IS_DIST_LOCK (self), NULL);
  return (const char *const *) self->keys->pdata;
}

guint
rc_dist_lock_get_n_packages (RcDistLock *self)
{
  g_return_val_if_fail (RC_IS_DIST_LOCK (self), 0);
  return self->keys->len - 1;
}

gint64
rc_dist_lock_get_wheel_size (RcDistLock *self, const char *file_name)
{
  g_autofree char *path = NULL;
  GStatBuf st;

  g_return_val_if_fail (RC_IS_DIST_LOCK (self), -1);
  /* A bare name only: a lock entry must not reach outside the distribution folder. */
  if (file_name == NULL || file_name[0] == '\0' || strchr (file_name, '/') != NULL
      || strcmp (file_name, ".") == 0 || strcmp (file_name, "..") == 0)
    return -1;
  path = g_build_filename (self->dir, file_name, NULL);
  if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode))
    return -1;
  return (gint64) st.st_size;
}

gboolean
rc_dist_lock_has_wheel_file (RcDistLock *self, const char *file_name)
{
  return rc_dist_lock_get_wheel_size (self, file_name) >= 0;
}

char *
rc_dist_lock_file_sha256 (RcDistLock *self)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_return_val_if_fail (RC_IS_DIST_LOCK (self), NULL);
  /* Read again rather than kept from load: the parsed lock may come from the cache. */
  if (!g_file_get_contents (rc_dist_lock_get_path (self), &contents, &length, NULL))
    return NULL;
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, length);
}
