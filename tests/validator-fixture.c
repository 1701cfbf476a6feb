/* validator-fixture.c: temporary community folders and diagnostic assertions shared by
 * test-validator.c and test-community.c. */
#include "config.h"

#include <glib/gstdio.h>

#include "validator-fixture.h"

#include "core/base/rc-paths.h"

static GPtrArray *tmp_dirs;

gboolean
have_distribution (void)
{
  g_autofree char *dist = rc_paths_default_distribution ();
  g_autofree char *lock = g_build_filename (dist, "pyodide-lock.json", NULL);

  if (g_file_test (lock, G_FILE_TEST_EXISTS))
    return TRUE;
  g_test_fail_printf ("no Pyodide distribution lock (run tools/setup.sh)");
  return FALSE;
}

/* A community folder <tmp>/<folder>/ holding config.yaml. */
char *
make_community (const char *folder, const char *yaml)
{
  g_autoptr (GError) error = NULL;
  char *tmp = g_dir_make_tmp ("rc-validator-XXXXXX", &error);
  char *dir;

  g_assert_no_error (error);
  fixture_keep (tmp);
  dir = g_build_filename (tmp, folder, NULL);
  rc_test_write_file (dir, "config.yaml", yaml, -1);
  return dir;
}

/* A lock overlay at runtime/demo-pyodide-lock.json with one package whose "wheel" is a few
 * bytes (the overlay check hashes bytes; it does not open the zip). */
void
add_overlay (const char *dir, const char *key, const char *import, const char *depends)
{
  g_autofree char *dist = g_strdelimit (g_strdup (key), "-", '_');
  g_autofree char *file = g_strdup_printf ("%s-0.1.0-py3-none-any.whl", dist);
  g_autofree char *wheel_path = NULL;
  g_autofree char *sha = NULL;
  g_autofree char *json = NULL;
  const char *bytes = "not really a zip, but hashed all the same";

  wheel_path = g_build_filename ("runtime", "wheels", file, NULL);
  rc_test_write_file (dir, wheel_path, bytes, -1);
  sha = g_compute_checksum_for_string (G_CHECKSUM_SHA256, bytes, -1);
  json = g_strdup_printf ("{\"packages\": {\"%s\": {\"name\": \"%s\", \"version\": \"0.1.0\", "
                          "\"file_name\": \"%s\", \"package_type\": \"package\", "
                          "\"install_dir\": \"site\", \"sha256\": \"%s\", \"imports\": [\"%s\"], "
                          "\"depends\": [%s]}}}\n",
                          key, key, file, sha, import, depends);
  rc_test_write_file (dir, "runtime/demo-pyodide-lock.json", json, -1);
}

RcCommunity *
load_dir (const char *dir, RcDeployment d)
{
  g_autoptr (GError) error = NULL;
  RcCommunity *community = rc_community_load (dir, NULL, d, &error);

  g_assert_no_error (error);
  g_assert_nonnull (community);
  return community;
}

RcCommunity *
load (const char *yaml)
{
  g_autofree char *dir = make_community ("demo", yaml);

  return load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
}

void
dump (RcCommunity *community)
{
  GPtrArray *diags = rc_community_get_diagnostics (community);

  for (guint i = 0; i < diags->len; i++)
    {
      g_autofree char *line = rc_diagnostic_format (diags->pdata[i]);

      g_printerr ("  %s [%s]\n", line, ((RcDiagnostic *) diags->pdata[i])->rule);
    }
}

/* The diagnostic with this rule and path; checks its position and a message fragment. */
const RcDiagnostic *
expect (RcCommunity *community, const char *rule, const char *path, guint line, guint column,
        const char *fragment)
{
  GPtrArray *diags = rc_community_get_diagnostics (community);

  for (guint i = 0; i < diags->len; i++)
    {
      const RcDiagnostic *d = diags->pdata[i];

      if (!g_str_equal (d->rule, rule) || !g_str_equal (d->path, path))
        continue;
      if (d->line != line || d->column != column
          || (fragment != NULL && strstr (d->message, fragment) == NULL))
        {
          dump (community);
          g_error ("%s at %s: got %u:%u “%s”, expected %u:%u “%s”", rule, path, d->line, d->column,
                   d->message, line, column, fragment);
        }
      g_assert_nonnull (d->hint);
      g_assert_cmpstr (d->hint, !=, "");
      return d;
    }
  dump (community);
  g_error ("no diagnostic %s at %s", rule, path);
  return NULL;
}

void
expect_valid (RcCommunity *community)
{
  if (!rc_community_is_valid (community))
    {
      dump (community);
      g_error ("expected a valid community");
    }
}

/* Compact: one community, one expected diagnostic. */
void
check_one (const char *yaml, const char *rule, const char *path, guint line, guint column,
           const char *fragment)
{
  g_autoptr (RcCommunity) community = load (yaml);

  g_assert_false (rc_community_is_valid (community));
  expect (community, rule, path, line, column, fragment);
}

void
fixture_init (void)
{
  g_unsetenv ("OSA_CLIENT_TOOLS_DISABLED");
  g_unsetenv ("OSA_DEPLOYMENT");
  g_unsetenv ("ROOT_PATH");
  tmp_dirs = g_ptr_array_new_with_free_func (g_free);
}

void
fixture_keep (char *tmp_dir)
{
  g_ptr_array_add (tmp_dirs, tmp_dir);
}

void
fixture_cleanup (void)
{
  for (guint i = 0; i < tmp_dirs->len; i++)
    rc_test_remove_tree (tmp_dirs->pdata[i]);
  g_ptr_array_unref (tmp_dirs);
}
