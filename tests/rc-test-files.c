/* rc-test-files.c */
#include "config.h"

#include <glib/gstdio.h>

#include "rc-test-files.h"

char *
rc_test_make_tmp (const char *prefix)
{
  g_autofree char *template = g_strconcat (prefix, "-XXXXXX", NULL);
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp (template, &error);

  g_assert_no_error (error);
  return dir;
}

void
rc_test_write_file (const char *dir, const char *relative, const void *contents, gssize length)
{
  g_autofree char *path = g_build_filename (dir, relative, NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (parent, 0755), ==, 0);
  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);
}

void
rc_test_copy_fixture (const char *fixture, const char *dir, const char *relative)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "fixtures", fixture, NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  gsize length;

  g_file_get_contents (source, &contents, &length, &error);
  g_assert_no_error (error);
  rc_test_write_file (dir, relative, contents, (gssize) length);
}

char *
rc_test_list_tree (const char *dir)
{
  const char *argv[] = { "sh", "-c", "cd \"$1\" && find . -printf '%p %s %T@\\n' | sort",
                         "sh", dir,  NULL };
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  int status = -1;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, NULL, &status,
                &error);
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  return out;
}

void
rc_test_remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        rc_test_remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

void
rc_test_break_stdlib (const char *dist)
{
  g_autofree char *stdlib = g_build_filename (dist, "python_stdlib.zip", NULL);
  g_autofree char *good = g_strconcat (stdlib, ".good", NULL);
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "make-broken-stdlib.py", NULL);
  const char *argv[] = { "python3", script, good, stdlib, NULL };
  g_autoptr (GError) error = NULL;
  int status = -1;

  g_assert_cmpint (g_rename (stdlib, good), ==, 0);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status,
                &error);
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
}

gboolean
rc_test_restore_stdlib (const char *dist, const char *url, guint status)
{
  g_autofree char *stdlib = g_build_filename (dist, "python_stdlib.zip", NULL);
  g_autofree char *good = g_strconcat (stdlib, ".good", NULL);

  if (url == NULL || !g_str_has_suffix (url, "/python_stdlib.zip") || status != 200
      || !g_file_test (good, G_FILE_TEST_EXISTS))
    return FALSE;
  g_assert_cmpint (g_rename (good, stdlib), ==, 0);
  return TRUE;
}
