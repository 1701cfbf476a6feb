/* rc-dist-lock.c: the Pyodide distribution's pyodide-lock.json. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "rc-dist-lock.h"

struct _RcDistLock
{
  GObject parent_instance;

  char *dir;
  char *path;
  JsonNode *root;
  JsonObject *packages; /* borrowed from root */
  char *python_version;
  char *version;
  GPtrArray *keys; /* NULL-terminated, borrowed strings from packages */
};

G_DEFINE_TYPE (RcDistLock, rc_dist_lock, G_TYPE_OBJECT)

G_DEFINE_QUARK (rc - dist - lock - error - quark, rc_dist_lock_error)

static void
rc_dist_lock_finalize (GObject *object)
{
  RcDistLock *self = RC_DIST_LOCK (object);

  g_free (self->dir);
  g_free (self->path);
  g_clear_pointer (&self->keys, g_ptr_array_unref);
  g_clear_pointer (&self->root, json_node_unref);
  g_free (self->python_version);
  g_free (self->version);
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
check_shape (RcDistLock *self, GError **error)
{
  JsonObject *top;
  JsonNode *packages;
  JsonNode *info;
  g_autoptr (GList) members = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (self->root))
    goto invalid;
  top = json_node_get_object (self->root);
  packages = json_object_get_member (top, "packages");
  if (packages == NULL || !JSON_NODE_HOLDS_OBJECT (packages))
    goto invalid;
  self->packages = json_node_get_object (packages);
  members = json_object_get_members (self->packages);
  for (GList *l = members; l != NULL; l = l->next)
    if (!JSON_NODE_HOLDS_OBJECT (json_object_get_member (self->packages, l->data)))
      goto invalid;

  info = json_object_get_member (top, "info");
  if (info != NULL && JSON_NODE_HOLDS_OBJECT (info))
    {
      self->python_version = g_strdup (info_string (json_node_get_object (info), "python"));
      self->version = g_strdup (info_string (json_node_get_object (info), "version"));
    }

  /* json_object_get_members() keeps insertion order (json-glib ≥ 1.6). */
  self->keys = g_ptr_array_new ();
  for (GList *l = members; l != NULL; l = l->next)
    g_ptr_array_add (self->keys, l->data);
  g_ptr_array_add (self->keys, NULL);
  return TRUE;

invalid:
  g_set_error (error, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_INVALID,
               _ ("%s is not a Pyodide lock: it needs a \"packages\" object of package entries"),
               self->path);
  return FALSE;
}

RcDistLock *
rc_dist_lock_load (const char *distribution_dir, GError **error)
{
  g_autoptr (RcDistLock) self = NULL;
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) local_error = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_return_val_if_fail (distribution_dir != NULL, NULL);

  self = g_object_new (RC_TYPE_DIST_LOCK, NULL);
  self->dir = g_strdup (distribution_dir);
  self->path = g_build_filename (distribution_dir, "pyodide-lock.json", NULL);

  if (!g_file_get_contents (self->path, &contents, &length, &local_error))
    {
      g_set_error (error, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_UNREADABLE,
                   _ ("The distribution lock %s cannot be read: %s"), self->path,
                   local_error->message);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, contents, length, &local_error))
    {
      g_set_error (error, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_INVALID,
                   _ ("The distribution lock %s is not valid JSON: %s"), self->path,
                   local_error->message);
      return NULL;
    }
  self->root = json_parser_steal_root (parser);
  if (self->root == NULL || !check_shape (self, error))
    {
      if (self->root == NULL)
        g_set_error (error, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_INVALID,
                     _ ("The distribution lock %s is empty"), self->path);
      return NULL;
    }
  return g_steal_pointer (&self);
}

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
rc_dist_lock_get_version (RcDistLock *self)
{
  g_return_val_if_fail (RC_IS_DIST_LOCK (self), NULL);
  return self->version;
}

JsonObject *
rc_dist_lock_lookup (RcDistLock *self, const char *key)
{
  JsonNode *node;

  g_return_val_if_fail (RC_IS_DIST_LOCK (self), NULL);
  if (key == NULL)
    return NULL;
  node = json_object_get_member (self->packages, key);
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
  return rc_dist_lock_lookup (self, key) != NULL;
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
