/* rc-community.c: loading a community folder, and the deployment it is read for. */
#include "config.h"

#include <glib/gi18n.h>

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/model/rc-community-private.h"
#include "core/base/rc-paths.h"

#define MAX_CONFIG_BYTES (16 * 1024 * 1024)

/* Unformatted: clang-format would space the dashes of the quark's name. */
/* clang-format off */
G_DEFINE_QUARK (rc-community-error-quark, rc_community_error)
/* clang-format on */
G_DEFINE_FINAL_TYPE (RcCommunity, rc_community, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_DIR,
  PROP_DEPLOYMENT,
  PROP_VALID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

const char *
rc_deployment_to_string (RcDeployment d)
{
  return d == RC_DEPLOYMENT_DEVELOP ? "develop" : "production";
}

gboolean
rc_deployment_from_string (const char *text, RcDeployment *out)
{
  g_autofree char *s = NULL;

  if (text == NULL)
    return FALSE;
  s = g_strstrip (g_ascii_strdown (text, -1));
  if (g_str_equal (s, "production"))
    *out = RC_DEPLOYMENT_PRODUCTION;
  else if (g_str_equal (s, "develop"))
    *out = RC_DEPLOYMENT_DEVELOP;
  else
    return FALSE;
  return TRUE;
}

gboolean
rc_deployment_from_environment (RcDeployment *out, GError **error)
{
  const char *env = g_getenv ("OSA_DEPLOYMENT");
  g_autofree char *value = g_strstrip (g_ascii_strdown (env ? env : "", -1));
  g_autofree char *root =
      g_strstrip (g_strdup (g_getenv ("ROOT_PATH") ? g_getenv ("ROOT_PATH") : ""));
  gsize len;

  if (value[0] != '\0')
    {
      if (rc_deployment_from_string (value, out))
        return TRUE;
      g_set_error (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_DEPLOYMENT,
                   "OSA_DEPLOYMENT='%s'; must be one of ('production', 'develop')", value);
      return FALSE;
    }
  len = strlen (root);
  while (len > 0 && root[len - 1] == '/')
    root[--len] = '\0';
  *out = g_str_equal (root, "/osa-dev") ? RC_DEPLOYMENT_DEVELOP : RC_DEPLOYMENT_PRODUCTION;
  return TRUE;
}

static void
rc_community_finalize (GObject *object)
{
  RcCommunity *self = RC_COMMUNITY (object);

  g_free (self->dir);
  g_free (self->distribution_dir);
  g_free (self->config_text);
  g_clear_pointer (&self->root, rc_yaml_node_unref);
  rc_config_facts_clear (&self->facts);
  g_clear_pointer (&self->diagnostics, g_ptr_array_unref);
  g_clear_object (&self->dist);
  g_clear_object (&self->overlay);
  g_clear_pointer (&self->closure, g_ptr_array_unref);
  G_OBJECT_CLASS (rc_community_parent_class)->finalize (object);
}

static void
rc_community_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RcCommunity *self = RC_COMMUNITY (object);

  switch (prop_id)
    {
    case PROP_DIR:
      g_value_set_string (value, self->dir);
      break;
    case PROP_DEPLOYMENT:
      g_value_set_string (value, rc_deployment_to_string (self->deployment));
      break;
    case PROP_VALID:
      g_value_set_boolean (value, rc_community_is_valid (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_community_class_init (RcCommunityClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = rc_community_finalize;
  object_class->get_property = rc_community_get_property;
  properties[PROP_DIR] =
      g_param_spec_string ("dir", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DEPLOYMENT] = g_param_spec_string ("deployment", NULL, NULL, "production",
                                                     G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_VALID] =
      g_param_spec_boolean ("valid", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
rc_community_init (RcCommunity *self)
{
  self->diagnostics = rc_diagnostics_new ();
  self->closure = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_closure_entry_free);
}

static gboolean
read_config (RcCommunity *self, GError **error)
{
  g_autofree char *path = g_build_filename (self->dir, "config.yaml", NULL);
  g_autoptr (GError) local = NULL;
  GStatBuf st;

  if (!g_file_test (self->dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_NO_FOLDER,
                   _ ("%s is not a community folder: no such directory"), self->dir);
      return FALSE;
    }
  /* Refuse a FIFO or device (reading it could block) and absurd sizes before reading. */
  if (g_stat (path, &st) == 0 && (!S_ISREG (st.st_mode) || st.st_size > MAX_CONFIG_BYTES))
    {
      g_set_error (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_NO_CONFIG,
                   S_ISREG (st.st_mode) ? _ ("%s/config.yaml is larger than 16 MiB; a community "
                                             "config is a few kilobytes")
                                        : _ ("%s/config.yaml is not a regular file"),
                   self->dir);
      return FALSE;
    }
  if (!g_file_get_contents (path, &self->config_text, &self->config_length, &local))
    {
      g_set_error (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_NO_CONFIG,
                   _ ("%s has no readable config.yaml: %s"), self->dir, local->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
load_distribution (RcCommunity *self, const char *distribution_dir, gboolean without,
                   GError **error)
{
  g_autoptr (GError) local = NULL;

  self->distribution_dir =
      distribution_dir ? g_strdup (distribution_dir) : rc_paths_default_distribution ();
  if (without)
    {
      /* what needs it is left out, and says so (rc_community_check_locks()) */
      rc_diagnostics_add (self->diagnostics, RC_SEVERITY_NOTE, "config.yaml", 0, 0, "",
                          "distribution-missing",
                          _ ("Run tools/setup.sh, or choose a Pyodide release folder."),
                          "not checked against a Pyodide distribution (none at %s): the "
                          "preload names, import_before_seal's modules and the overlay's "
                          "place in the lock",
                          self->distribution_dir);
      return TRUE;
    }
  self->dist = rc_dist_lock_load (self->distribution_dir, &local);
  if (self->dist == NULL)
    {
      g_set_error (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_DISTRIBUTION,
                   _ ("the Pyodide distribution cannot be used (run tools/setup.sh, or pass "
                      "--distribution): %s"),
                   local->message);
      return FALSE;
    }
  return TRUE;
}

static RcCommunity *
load (const char *dir, const char *distribution_dir, gboolean without, RcDeployment deployment,
      const char *config_text, gssize length, GError **error)
{
  g_autoptr (RcCommunity) self = g_object_new (RC_TYPE_COMMUNITY, NULL);
  g_autofree char *folder_name = NULL;
  RcCheck check = { 0 };

  g_return_val_if_fail (dir != NULL, NULL);

  self->dir = g_strdup (dir);
  self->deployment = deployment;
  if (config_text != NULL)
    {
      if (!g_file_test (self->dir, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_NO_FOLDER,
                       _ ("%s is not a community folder: no such directory"), self->dir);
          return NULL;
        }
      self->config_length = length < 0 ? strlen (config_text) : (gsize) length;
      self->config_text = g_strndup (config_text, self->config_length);
    }
  else if (!read_config (self, error))
    return NULL;
  if (!load_distribution (self, distribution_dir, without, error))
    return NULL;
  check.diagnostics = self->diagnostics;
  check.file = "config.yaml";
  self->root = rc_yaml_parse (self->config_text, (gssize) self->config_length, "config.yaml",
                              self->diagnostics);
  if (self->root != NULL)
    {
      g_autofree char *absolute = g_canonicalize_filename (dir, NULL);

      folder_name = g_path_get_basename (absolute);
      rc_config_validate (self->root, folder_name, &check, &self->facts);
      rc_community_check_locks (self, &check);
      rc_community_check_starter (self, &check);
    }
  rc_diagnostics_resolve_fixes (self->diagnostics, "config.yaml", self->config_text,
                                self->config_length);
  rc_diagnostics_sort (self->diagnostics);
  return g_steal_pointer (&self);
}

RcCommunity *
rc_community_load (const char *dir, const char *distribution_dir, RcDeployment deployment,
                   GError **error)
{
  return load (dir, distribution_dir, FALSE, deployment, NULL, -1, error);
}

RcCommunity *
rc_community_load_text (const char *dir, const char *distribution_dir, RcDeployment deployment,
                        const char *config_text, gssize length, GError **error)
{
  g_return_val_if_fail (config_text != NULL, NULL);
  return load (dir, distribution_dir, FALSE, deployment, config_text, length, error);
}

RcCommunity *
rc_community_load_without_distribution (const char *dir, const char *distribution_dir,
                                        RcDeployment deployment, const char *config_text,
                                        GError **error)
{
  return load (dir, distribution_dir, TRUE, deployment, config_text, -1, error);
}

const char *
rc_community_get_dir (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  return self->dir;
}

const char *
rc_community_get_distribution_dir (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  return self->distribution_dir;
}

const char *
rc_community_get_id (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  return self->facts.id;
}

const char *
rc_community_get_name (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  return self->facts.name;
}

const char *
rc_community_get_description (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  return self->facts.description;
}

RcDeployment
rc_community_get_deployment (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), RC_DEPLOYMENT_PRODUCTION);
  return self->deployment;
}

const char *
rc_community_get_config_text (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  return self->config_text;
}

char *
rc_community_get_config_sha256 (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) self->config_text,
                                      self->config_length);
}

GPtrArray *
rc_community_get_diagnostics (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  return self->diagnostics;
}

gboolean
rc_community_is_valid (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), FALSE);
  return rc_diagnostics_count (self->diagnostics, RC_SEVERITY_ERROR) == 0;
}

GStrv
rc_community_get_cors_origins (RcCommunity *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  for (guint i = 0; self->facts.cors_origins && i < self->facts.cors_origins->len; i++)
    g_strv_builder_add (builder, self->facts.cors_origins->pdata[i]);
  return g_strv_builder_end (builder);
}

gboolean
rc_community_has_notebook (RcCommunity *self)
{
  RcYamlNode *notebook;

  g_return_val_if_fail (RC_IS_COMMUNITY (self), FALSE);
  notebook = self->root ? rc_yaml_map_get (self->root, "notebook") : NULL;
  return notebook != NULL && notebook->kind != RC_YAML_NULL;
}

RcLockOverlay *
rc_community_get_overlay (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  return self->overlay;
}

RcDistLock *
rc_community_get_dist_lock (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  return self->dist;
}

GPtrArray *
rc_community_get_closure (RcCommunity *self)
{
  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  return self->closure;
}

gboolean
rc_community_lookup_position (RcCommunity *self, const char *path, guint *line, guint *column)
{
  RcYamlNode *node;

  g_return_val_if_fail (RC_IS_COMMUNITY (self), FALSE);
  node = self->root ? rc_yaml_lookup (self->root, path) : NULL;
  if (node == NULL)
    return FALSE;
  if (line != NULL)
    *line = node->line;
  if (column != NULL)
    *column = node->column;
  return TRUE;
}

void
rc_community_add_diagnostics (RcCommunity *self, GPtrArray *diagnostics)
{
  g_return_if_fail (RC_IS_COMMUNITY (self));

  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    g_ptr_array_add (self->diagnostics, rc_diagnostic_copy (diagnostics->pdata[i]));
  rc_diagnostics_sort (self->diagnostics);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
}

void
rc_community_add_prelude_results (RcCommunity *self, GPtrArray *compile_diagnostics)
{
  g_return_if_fail (RC_IS_COMMUNITY (self));

  for (guint i = self->diagnostics->len; i > 0; i--)
    {
      RcDiagnostic *d = g_ptr_array_index (self->diagnostics, i - 1);

      if (g_str_equal (d->rule, "prelude-not-compiled"))
        g_ptr_array_remove_index (self->diagnostics, i - 1);
    }
  for (guint i = 0; compile_diagnostics != NULL && i < compile_diagnostics->len; i++)
    g_ptr_array_add (self->diagnostics, rc_diagnostic_copy (compile_diagnostics->pdata[i]));
  rc_diagnostics_sort (self->diagnostics);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
}
