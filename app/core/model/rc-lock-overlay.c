/* rc-lock-overlay.c: load, validate and verify a community's lock overlay (spec §4).
 *
 * OSA's own messages (the quoted templates of the spec) are kept verbatim and untranslated
 * so authors can match them against OSA's output; hints and the console's own messages
 * are translated.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/model/rc-community-files.h"
#include "core/base/rc-diagnostic.h"
#include "core/base/rc-json-builder-private.h"
#include "core/base/rc-json-positions.h"
#include "core/model/rc-lock-overlay.h"
#include "core/config/rc-validator.h"

#define MAX_OVERLAY_BYTES (8 * 1024 * 1024)
#define MAX_WHEEL_BYTES   ((goffset) 1024 * 1024 * 1024)
#define MAX_JSON_DEPTH    32
#define MAX_REPR_CHARS    200

struct _RcLockOverlay
{
  GObject parent_instance;

  char *community_dir;
  char *lockfile;
  char *wheels_dir; /* relative to the community folder: "<dir of lockfile>/wheels" */
  JsonNode *root;   /* set only when the overlay validated */
  JsonObject *packages;
  GPtrArray *keys; /* NULL-terminated, JSON order */
  RcJsonPositions *positions;
  GHashTable *wheels; /* file_name → GBytes, only verified bytes */
  gboolean valid;
  gboolean verified;
};

G_DEFINE_FINAL_TYPE (RcLockOverlay, rc_lock_overlay, G_TYPE_OBJECT)

static const char *const entry_fields[] = { "name",         "version",     "file_name",
                                            "package_type", "install_dir", "sha256",
                                            "imports",      "depends",     NULL };

static void
rc_lock_overlay_finalize (GObject *object)
{
  RcLockOverlay *self = RC_LOCK_OVERLAY (object);

  g_free (self->community_dir);
  g_free (self->lockfile);
  g_free (self->wheels_dir);
  g_clear_pointer (&self->root, json_node_unref);
  g_clear_pointer (&self->keys, g_ptr_array_unref);
  g_clear_pointer (&self->positions, rc_json_positions_free);
  g_clear_pointer (&self->wheels, g_hash_table_unref);
  G_OBJECT_CLASS (rc_lock_overlay_parent_class)->finalize (object);
}

static void
rc_lock_overlay_class_init (RcLockOverlayClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rc_lock_overlay_finalize;
}

static void
rc_lock_overlay_init (RcLockOverlay *self)
{
  self->keys = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->keys, NULL);
  self->wheels =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
}

/* --- diagnostics ------------------------------------------------------------------------ */

typedef enum
{
  AT_KEY,
  AT_VALUE,
} Where;

/* The position of @path, or of its nearest recorded ancestor's key (a missing field is
 * reported where its entry starts). */
static void
position_of (RcLockOverlay *self, const char *path, Where where, guint *line, guint *column)
{
  g_autofree char *probe = g_strdup (path);
  RcJsonPos key, value;

  *line = *column = 0;
  if (self->positions == NULL)
    return;
  while (probe != NULL)
    {
      char *cut;

      if (rc_json_positions_lookup (self->positions, probe, &key, &value))
        {
          gboolean exact = g_strcmp0 (probe, path) == 0;
          RcJsonPos pos = (where == AT_VALUE && exact) ? value : key;

          *line = pos.line;
          *column = pos.column;
          return;
        }
      if (probe[0] == '\0')
        return;
      cut = strrchr (probe, '.');
      if (cut != NULL)
        *cut = '\0';
      else
        probe[0] = '\0';
    }
}

static void add (RcLockOverlay *self, GPtrArray *diagnostics, RcSeverity severity, const char *path,
                 Where where, const char *rule_and_hint[2], const char *format, ...)
    G_GNUC_PRINTF (7, 8);

/* One diagnostic in the overlay file, at @path's key or value. */
static void
add (RcLockOverlay *self, GPtrArray *diagnostics, RcSeverity severity, const char *path,
     Where where, const char *rule_and_hint[2], const char *format, ...)
{
  g_autofree char *message = NULL;
  guint line, column;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  position_of (self, path ? path : "", where, &line, &column);
  g_ptr_array_add (diagnostics, rc_diagnostic_new (severity, self->lockfile, line, column, path,
                                                   rule_and_hint[0], message, rule_and_hint[1]));
}

#define RULE(id, hint) ((const char *[2]){ (id), (hint) })

/* Python's repr() (the validator's rc_py_repr()), cut to MAX_REPR_CHARS characters: a
 * hostile overlay can hold megabytes in one value, and a message only quotes its start. */
static char *
py_repr (const char *text)
{
  g_autofree char *start = NULL;
  g_autofree char *repr = NULL;

  if (g_utf8_strlen (text, MAX_REPR_CHARS + 1) <= MAX_REPR_CHARS)
    return rc_py_repr (text);
  start = g_utf8_substring (text, 0, MAX_REPR_CHARS);
  repr = rc_py_repr (start);
  /* 'abc' → 'abc…' */
  return g_strdup_printf ("%.*s…%s", (int) strlen (repr) - 1, repr, repr + strlen (repr) - 1);
}

/* --- §4.1 validation -------------------------------------------------------------------- */

static gboolean
is_string (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node)
         && json_node_get_value_type (node) == G_TYPE_STRING;
}

/* ^[A-Za-z0-9_.+-]+-py3-none-any\.whl$ as a full match. */
static gboolean
is_bare_wheel_name (const char *name)
{
  static const char suffix[] = "-py3-none-any.whl";
  gsize len = strlen (name);

  if (len <= strlen (suffix) || !g_str_has_suffix (name, suffix))
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("_.+-", *p) == NULL)
      return FALSE;
  return TRUE;
}

static gboolean
is_sha256_hex (const char *text)
{
  gsize n = 0;

  for (; text[n] != '\0'; n++)
    if (!g_ascii_isdigit (text[n]) && !(text[n] >= 'a' && text[n] <= 'f'))
      return FALSE;
  return n == 64;
}

static guint
check_string_list (RcLockOverlay *self, GPtrArray *diagnostics, const char *path, JsonNode *node)
{
  JsonArray *array;
  guint errors = 0;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      add (self, diagnostics, RC_SEVERITY_ERROR, path, AT_VALUE,
           RULE ("overlay-type", _ ("Write a JSON list of strings here.")),
           "Input should be a valid list");
      return 1;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (!is_string (json_array_get_element (array, i)))
      {
        g_autofree char *item = rc_json_path_element (path, i);

        add (self, diagnostics, RC_SEVERITY_ERROR, item, AT_VALUE,
             RULE ("overlay-type", _ ("Write each item as a JSON string.")),
             "Input should be a valid string");
        errors++;
      }
  return errors;
}

static guint
check_field (RcLockOverlay *self, GPtrArray *diagnostics, const char *path, const char *field,
             JsonNode *node)
{
  const char *text;
  g_autofree char *repr = NULL;

  if (strcmp (field, "imports") == 0 || strcmp (field, "depends") == 0)
    return check_string_list (self, diagnostics, path, node);
  if (strcmp (field, "package_type") == 0 || strcmp (field, "install_dir") == 0)
    {
      const char *literal = field[0] == 'p' ? "package" : "site";

      if (is_string (node) && strcmp (json_node_get_string (node), literal) == 0)
        return 0;
      add (self, diagnostics, RC_SEVERITY_ERROR, path, AT_VALUE,
           RULE ("overlay-literal", _ ("Only pure-Python packages installed into site-packages "
                                       "can be added.")),
           "Input should be '%s'", literal);
      return 1;
    }
  if (!is_string (node))
    {
      add (self, diagnostics, RC_SEVERITY_ERROR, path, AT_VALUE,
           RULE ("overlay-type", _ ("Write this value as a JSON string.")),
           "Input should be a valid string");
      return 1;
    }
  text = json_node_get_string (node);
  if (strcmp (field, "file_name") == 0 && !is_bare_wheel_name (text))
    {
      repr = py_repr (text);
      add (self, diagnostics, RC_SEVERITY_ERROR, path, AT_VALUE,
           RULE ("overlay-wheel-name", _ ("Name the wheel file in wheels/ by its bare name, "
                                          "ending in -py3-none-any.whl.")),
           "file_name %s is not a bare py3-none-any wheel name; the browser can only install "
           "pure-Python wheels, and a path is not a name",
           repr);
      return 1;
    }
  if (strcmp (field, "sha256") == 0 && !is_sha256_hex (text))
    {
      add (self, diagnostics, RC_SEVERITY_ERROR, path, AT_VALUE,
           RULE ("overlay-sha256-format",
                 _ ("Record the wheel's digest as sha256sum prints it: 64 lower-case hex digits.")),
           "sha256 must be 64 lowercase hexadecimal characters");
      return 1;
    }
  return 0;
}

static guint
check_entry (RcLockOverlay *self, GPtrArray *diagnostics, const char *key, JsonNode *node)
{
  g_autofree char *entry_path = rc_json_path_member ("packages", key);
  g_autoptr (GList) members = NULL;
  JsonObject *entry;
  guint errors = 0;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      add (self, diagnostics, RC_SEVERITY_ERROR, entry_path, AT_VALUE,
           RULE ("overlay-type", _ ("Write the entry as an object with the 8 lock-entry keys.")),
           "Input should be a valid dictionary or instance of RuntimeLockPackage");
      return 1;
    }
  entry = json_node_get_object (node);
  for (guint i = 0; entry_fields[i] != NULL; i++)
    {
      g_autofree char *path = rc_json_path_member (entry_path, entry_fields[i]);
      JsonNode *value = json_object_get_member (entry, entry_fields[i]);

      if (value == NULL)
        {
          add (self, diagnostics, RC_SEVERITY_ERROR, path, AT_KEY,
               RULE ("overlay-field-required",
                     _ ("Add the missing key; every entry has name, version, file_name, "
                        "package_type, install_dir, sha256, imports and depends.")),
               "Field required");
          errors++;
          continue;
        }
      errors += check_field (self, diagnostics, path, entry_fields[i], value);
    }
  members = json_object_get_members (entry);
  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (entry_fields, l->data))
      {
        g_autofree char *path = rc_json_path_member (entry_path, l->data);

        add (self, diagnostics, RC_SEVERITY_ERROR, path, AT_KEY,
             RULE ("overlay-extra-key", _ ("Remove this key; an overlay entry has exactly name, "
                                           "version, file_name, package_type, install_dir, "
                                           "sha256, imports and depends.")),
             "Extra inputs are not permitted");
        errors++;
      }
  return errors;
}

/* Overlay-level rules (§4.1 1–3), on the entries whose fields allow them. */
static guint
check_overlay_rules (RcLockOverlay *self, GPtrArray *diagnostics, JsonObject *packages)
{
  g_autoptr (GHashTable) file_names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GList) keys = json_object_get_members (packages);
  guint errors = 0;

  if (keys == NULL)
    {
      add (self, diagnostics, RC_SEVERITY_ERROR, "packages", AT_VALUE,
           RULE ("overlay-empty", _ ("Remove runtime.python.lockfile, or add the wheels the "
                                     "community needs and regenerate the overlay.")),
           "a lock overlay with no packages adds nothing; remove the lockfile key");
      return 1;
    }
  for (GList *l = keys; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (packages, l->data);
      g_autofree char *entry_path = rc_json_path_member ("packages", l->data);
      JsonObject *entry;
      JsonNode *name, *file_name;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      entry = json_node_get_object (node);
      name = json_object_get_member (entry, "name");
      if (is_string (name))
        {
          g_autofree char *canonical = rc_canonicalize_name (json_node_get_string (name));

          if (strcmp (canonical, l->data) != 0)
            {
              g_autofree char *key_repr = py_repr (l->data);
              g_autofree char *name_repr = py_repr (json_node_get_string (name));
              g_autofree char *canonical_repr = py_repr (canonical);
              g_autofree char *hint = g_strdup_printf (_ ("Rename the key to %s."), canonical_repr);

              add (self, diagnostics, RC_SEVERITY_ERROR, entry_path, AT_KEY,
                   RULE ("overlay-key-not-canonical", hint),
                   "package key %s is not the canonical form of its name %s (%s), which is how "
                   "Pyodide looks it up",
                   key_repr, name_repr, canonical_repr);
              errors++;
            }
        }
      file_name = json_object_get_member (entry, "file_name");
      if (is_string (file_name))
        {
          const char *text = json_node_get_string (file_name);

          if (g_hash_table_contains (file_names, text))
            {
              g_autofree char *path = rc_json_path_member (entry_path, "file_name");

              add (self, diagnostics, RC_SEVERITY_ERROR, path, AT_VALUE,
                   RULE ("overlay-duplicate-file",
                         _ ("Give each entry its own wheel file; one wheel provides one package.")),
                   "two packages name the same wheel file");
              errors++;
            }
          g_hash_table_add (file_names, (gpointer) text);
        }
    }
  return errors;
}

static gboolean
validate (RcLockOverlay *self, GPtrArray *diagnostics, JsonNode *root)
{
  g_autoptr (GList) members = NULL;
  JsonObject *top;
  JsonNode *packages;
  guint errors = 0;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      add (self, diagnostics, RC_SEVERITY_ERROR, "", AT_VALUE,
           RULE ("overlay-type", _ ("The overlay is one object: {\"packages\": {…}}.")),
           "Input should be a valid dictionary or instance of RuntimeLockOverlay");
      return FALSE;
    }
  top = json_node_get_object (root);
  members = json_object_get_members (top);
  for (GList *l = members; l != NULL; l = l->next)
    if (strcmp (l->data, "packages") != 0)
      {
        add (self, diagnostics, RC_SEVERITY_ERROR, l->data, AT_KEY,
             RULE ("overlay-extra-key", _ ("Remove this key; an overlay has only \"packages\" "
                                           "(Pyodide's \"info\" stays in its own lock).")),
             "Extra inputs are not permitted");
        errors++;
      }
  packages = json_object_get_member (top, "packages");
  if (packages == NULL)
    {
      add (self, diagnostics, RC_SEVERITY_ERROR, "packages", AT_KEY,
           RULE ("overlay-field-required", _ ("Add a \"packages\" object of lock entries.")),
           "Field required");
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (packages))
    {
      add (self, diagnostics, RC_SEVERITY_ERROR, "packages", AT_VALUE,
           RULE ("overlay-type", _ ("Write \"packages\" as an object keyed by package.")),
           "Input should be a valid dictionary");
      return FALSE;
    }
  g_clear_pointer (&members, g_list_free);
  members = json_object_get_members (json_node_get_object (packages));
  for (GList *l = members; l != NULL; l = l->next)
    errors += check_entry (self, diagnostics, l->data,
                           json_object_get_member (json_node_get_object (packages), l->data));
  errors += check_overlay_rules (self, diagnostics, json_node_get_object (packages));
  return errors == 0;
}

/* --- §4.2 wheel verification ------------------------------------------------------------ */

static gboolean
finish_wheel (RcLockOverlay *self, GPtrArray *diagnostics, const char *key, JsonObject *entry,
              RcFileHash *file)
{
  const char *file_name = json_object_get_string_member (entry, "file_name");
  const char *recorded = json_object_get_string_member (entry, "sha256");
  g_autofree char *entry_path = rc_json_path_member ("packages", key);
  g_autofree char *name_path = rc_json_path_member (entry_path, "file_name");
  g_autofree char *sha_path = rc_json_path_member (entry_path, "sha256");

  if (file->bytes == NULL && file->refused)
    {
      add (self, diagnostics, RC_SEVERITY_ERROR, name_path, AT_VALUE,
           RULE ("wheel-escapes-folder", _ ("Copy the wheel into the wheels folder as a plain "
                                            "file instead of linking to it.")),
           _ ("%s: wheel %s is refused: %s"), key, file->relative, file->problem);
      return FALSE;
    }
  if (file->bytes == NULL)
    {
      g_autofree char *hint = g_strdup_printf (_ ("Put the wheel in %s/ under exactly this name, "
                                                  "or fix file_name."),
                                               self->wheels_dir);

      add (self, diagnostics, RC_SEVERITY_ERROR, name_path, AT_VALUE,
           RULE ("wheel-unreadable", hint), "%s: wheel %s cannot be read: %s", key, file->relative,
           file->problem);
      return FALSE;
    }
  if (strcmp (file->sha256, recorded) != 0)
    {
      add (self, diagnostics, RC_SEVERITY_ERROR, sha_path, AT_VALUE,
           RULE ("wheel-sha256-mismatch",
                 _ ("Build the changed wheel as a new version (a new file name) and regenerate "
                    "the overlay.")),
           "%s: wheel %s has sha256 %s, not the %s its entry records. A changed wheel needs a new "
           "version, because served wheels are cached by name for a year.",
           key, file->relative, file->sha256, recorded);
      return FALSE;
    }
  g_hash_table_replace (self->wheels, g_strdup (file_name), g_steal_pointer (&file->bytes));
  return TRUE;
}

/* Verifies every entry whose file_name and sha256 are well formed, so one report shows
 * every wheel problem even when the overlay has other errors. The wheels are read and
 * hashed in parallel; their diagnostics come in JSON order. */
static gboolean
verify_wheels (RcLockOverlay *self, GPtrArray *diagnostics, JsonObject *packages)
{
  g_autoptr (GList) keys = json_object_get_members (packages);
  g_autoptr (GPtrArray) checked = g_ptr_array_new (); /* keys, in order */
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autofree RcFileHash *files = NULL;
  gboolean ok = TRUE;

  for (GList *l = keys; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (packages, l->data);
      JsonNode *file_name, *sha256;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      file_name = json_object_get_member (json_node_get_object (node), "file_name");
      sha256 = json_object_get_member (json_node_get_object (node), "sha256");
      if (!is_string (file_name) || !is_bare_wheel_name (json_node_get_string (file_name))
          || !is_string (sha256) || !is_sha256_hex (json_node_get_string (sha256)))
        {
          ok = FALSE;
          continue;
        }
      g_ptr_array_add (checked, l->data);
      g_ptr_array_add (paths,
                       g_strconcat (self->wheels_dir, "/", json_node_get_string (file_name), NULL));
    }
  files = g_new0 (RcFileHash, checked->len + 1);
  for (guint i = 0; i < checked->len; i++)
    files[i].relative = g_ptr_array_index (paths, i);
  rc_community_files_hash (self->community_dir, files, checked->len, MAX_WHEEL_BYTES);
  for (guint i = 0; i < checked->len; i++)
    {
      const char *key = g_ptr_array_index (checked, i);

      if (!finish_wheel (self, diagnostics, key, json_object_get_object_member (packages, key),
                         &files[i]))
        ok = FALSE;
      rc_file_hash_clear (&files[i]);
    }
  return ok;
}

/* --- loading ---------------------------------------------------------------------------- */

static void
report_duplicate_keys (RcLockOverlay *self, GPtrArray *diagnostics)
{
  GPtrArray *duplicates = rc_json_positions_get_duplicates (self->positions);

  for (guint i = 0; i < duplicates->len; i++)
    add (self, diagnostics, RC_SEVERITY_WARNING, g_ptr_array_index (duplicates, i), AT_KEY,
         RULE ("overlay-duplicate-key",
               _ ("Remove the repeated key; JSON readers keep only its last value.")),
         _ ("this key appears more than once in its object; only the last value counts"));
}

static gboolean
parse (RcLockOverlay *self, GPtrArray *diagnostics, GBytes *contents)
{
  g_autoptr (GError) error = NULL;
  RcJsonPos pos = { 0, 0 };
  gsize length = 0;
  const char *data = g_bytes_get_data (contents, &length);
  JsonNode *root;

  root =
      rc_json_parse_with_positions (data, length, MAX_JSON_DEPTH, &self->positions, &pos, &error);
  if (root == NULL)
    {
      rc_diagnostics_add (diagnostics, RC_SEVERITY_ERROR, self->lockfile, pos.line, pos.column, "",
                          "overlay-invalid-json",
                          _ ("Fix the JSON at this position, or regenerate the overlay with "
                             "build_runtime_lock.py."),
                          "lock overlay %s is not a valid overlay: %s", self->lockfile,
                          error->message);
      return FALSE;
    }
  self->root = root;
  return TRUE;
}

static void
collect_keys (RcLockOverlay *self)
{
  g_autoptr (GList) keys = json_object_get_members (self->packages);

  g_ptr_array_set_size (self->keys, 0);
  for (GList *l = keys; l != NULL; l = l->next)
    g_ptr_array_add (self->keys, g_strdup (l->data));
  g_ptr_array_add (self->keys, NULL);
}

RcLockOverlay *
rc_lock_overlay_load (const char *community_dir, const char *lockfile, GPtrArray *diagnostics)
{
  g_autoptr (RcLockOverlay) self = g_object_new (RC_TYPE_LOCK_OVERLAY, NULL);
  g_autoptr (GBytes) contents = NULL;
  g_autofree char *problem = NULL;
  g_autofree char *dir = NULL;
  gboolean refused = FALSE;
  const char *path_problem;
  JsonNode *packages_node;
  JsonObject *packages;

  g_return_val_if_fail (community_dir != NULL, NULL);
  g_return_val_if_fail (diagnostics != NULL, NULL);

  self->community_dir = g_strdup (community_dir);
  self->lockfile = g_strdup (lockfile ? lockfile : "");
  dir = g_path_get_dirname (self->lockfile);
  self->wheels_dir =
      strcmp (dir, ".") == 0 ? g_strdup ("wheels") : g_strconcat (dir, "/wheels", NULL);

  /* §4.2 step 1: the path rule comes before any disk access. */
  path_problem = rc_relative_path_problem (self->lockfile, ".json");
  if (path_problem != NULL)
    {
      g_autofree char *repr = py_repr (self->lockfile);

      rc_diagnostics_add (diagnostics, RC_SEVERITY_ERROR, "config.yaml", 0, 0,
                          "runtime.python.lockfile", "overlay-path-refused",
                          _ ("Name a .json file inside the community folder, such as "
                             "runtime/<id>-pyodide-lock.json."),
                          "lockfile %s: %s", repr, path_problem);
      return g_steal_pointer (&self);
    }

  contents = rc_community_file_read (community_dir, self->lockfile, MAX_OVERLAY_BYTES, NULL,
                                     &refused, &problem);
  if (contents == NULL)
    {
      add (self, diagnostics, RC_SEVERITY_ERROR, "", AT_VALUE,
           refused ? RULE ("overlay-escapes-folder",
                           _ ("Keep the overlay as a plain file inside the community folder."))
                   : RULE ("overlay-unreadable",
                           _ ("Check runtime.python.lockfile: it names a file relative to the "
                              "community folder.")),
           refused ? _ ("lock overlay %s is refused: %s") : "lock overlay %s cannot be read: %s",
           self->lockfile, problem);
      return g_steal_pointer (&self);
    }
  if (!parse (self, diagnostics, contents))
    return g_steal_pointer (&self);

  report_duplicate_keys (self, diagnostics);
  self->valid = validate (self, diagnostics, self->root);
  packages_node = JSON_NODE_HOLDS_OBJECT (self->root)
                      ? json_object_get_member (json_node_get_object (self->root), "packages")
                      : NULL;
  packages = packages_node != NULL && JSON_NODE_HOLDS_OBJECT (packages_node)
                 ? json_node_get_object (packages_node)
                 : NULL;
  if (packages != NULL)
    self->verified = verify_wheels (self, diagnostics, packages) && self->valid;
  if (!self->valid)
    {
      g_clear_pointer (&self->root, json_node_unref);
      g_hash_table_remove_all (self->wheels);
      return g_steal_pointer (&self);
    }
  self->packages = packages;
  collect_keys (self);
  if (!self->verified)
    g_hash_table_remove_all (self->wheels);
  return g_steal_pointer (&self);
}

/* --- accessors ------------------------------------------------------------------------- */

gboolean
rc_lock_overlay_is_verified (RcLockOverlay *self)
{
  g_return_val_if_fail (RC_IS_LOCK_OVERLAY (self), FALSE);
  return self->verified;
}

gboolean
rc_lock_overlay_is_valid (RcLockOverlay *self)
{
  g_return_val_if_fail (RC_IS_LOCK_OVERLAY (self), FALSE);
  return self->valid;
}

const char *
rc_lock_overlay_get_lockfile (RcLockOverlay *self)
{
  g_return_val_if_fail (RC_IS_LOCK_OVERLAY (self), NULL);
  return self->lockfile;
}

const char *
rc_lock_overlay_get_community_dir (RcLockOverlay *self)
{
  g_return_val_if_fail (RC_IS_LOCK_OVERLAY (self), NULL);
  return self->community_dir;
}

JsonObject *
rc_lock_overlay_lookup (RcLockOverlay *self, const char *key)
{
  JsonNode *node;

  g_return_val_if_fail (RC_IS_LOCK_OVERLAY (self), NULL);
  if (self->packages == NULL || key == NULL)
    return NULL;
  node = json_object_get_member (self->packages, key);
  return node != NULL ? json_node_get_object (node) : NULL;
}

const char *const *
rc_lock_overlay_get_keys (RcLockOverlay *self)
{
  g_return_val_if_fail (RC_IS_LOCK_OVERLAY (self), NULL);
  return (const char *const *) self->keys->pdata;
}

JsonNode *
rc_lock_overlay_get_packages_json (RcLockOverlay *self)
{
  g_return_val_if_fail (RC_IS_LOCK_OVERLAY (self), NULL);
  if (!self->valid || self->root == NULL)
    return NULL;
  /* The root holds exactly {"packages": …}: validation refused anything else. */
  return rc_json_deep_copy (self->root);
}

GBytes *
rc_lock_overlay_get_wheel (RcLockOverlay *self, const char *file_name)
{
  GBytes *bytes;

  g_return_val_if_fail (RC_IS_LOCK_OVERLAY (self), NULL);
  if (!self->verified || file_name == NULL)
    return NULL;
  bytes = g_hash_table_lookup (self->wheels, file_name);
  return bytes != NULL ? g_bytes_ref (bytes) : NULL;
}

gboolean
rc_lock_overlay_get_position (RcLockOverlay *self, const char *json_path, guint *line,
                              guint *column)
{
  RcJsonPos value;

  g_return_val_if_fail (RC_IS_LOCK_OVERLAY (self), FALSE);
  if (self->positions == NULL
      || !rc_json_positions_lookup (self->positions, json_path, NULL, &value))
    return FALSE;
  if (line != NULL)
    *line = value.line;
  if (column != NULL)
    *column = value.column;
  return TRUE;
}

void
rc_lock_overlay_check_against (RcLockOverlay *self, RcDistLock *dist, GPtrArray *diagnostics)
{
  g_return_if_fail (RC_IS_LOCK_OVERLAY (self));
  g_return_if_fail (RC_IS_DIST_LOCK (dist));

  if (!self->valid)
    return;
  for (guint i = 0; i + 1 < self->keys->len; i++)
    {
      const char *key = g_ptr_array_index (self->keys, i);
      g_autofree char *entry_path = rc_json_path_member ("packages", key);
      JsonArray *depends;

      if (rc_dist_lock_contains (dist, key))
        add (self, diagnostics, RC_SEVERITY_ERROR, entry_path, AT_KEY,
             RULE ("overlay-replaces-stock",
                   _ ("Remove this entry and preload the distribution's own package; an "
                      "overlay may only add packages.")),
             "the community's lock entry %s would replace the Pyodide distribution's own", key);

      depends = json_object_get_array_member (rc_lock_overlay_lookup (self, key), "depends");
      for (guint j = 0; j < json_array_get_length (depends); j++)
        {
          const char *dep = json_array_get_string_element (depends, j);
          g_autofree char *depends_path = rc_json_path_member (entry_path, "depends");
          g_autofree char *item = rc_json_path_element (depends_path, j);
          g_autofree char *repr = NULL;

          if (rc_dist_lock_contains (dist, dep) || rc_lock_overlay_lookup (self, dep) != NULL)
            continue;
          repr = py_repr (dep);
          add (self, diagnostics, RC_SEVERITY_ERROR, item, AT_VALUE,
               RULE ("overlay-depends-unresolved",
                     _ ("Name a key of the Pyodide distribution's lock or of this overlay, "
                        "or add the missing wheel to the overlay.")),
               _ ("%s: depends names %s, which is neither a key of the Pyodide "
                  "distribution's lock nor of this overlay"),
               key, repr);
        }
    }
}
