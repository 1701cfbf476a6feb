/* rc-paths.c */
#include "config.h"

#include <unistd.h>

#include <glib/gstdio.h>

#include "rc-paths.h"

char *
rc_paths_default_distribution (void)
{
  const char *env = g_getenv ("RC_PYODIDE_DIR");
  g_autofree char *name = g_strdup_printf ("pyodide-%s", PYODIDE_VERSION);

  if (env != NULL && env[0] != '\0')
    return g_strdup (env);
  return g_build_filename (g_get_user_cache_dir (), "runtime-console", name, NULL);
}

const char *
rc_paths_runtime_dir (void)
{
  static gsize once = 0;
  static char *dir = NULL;

  if (g_once_init_enter (&once))
    {
      g_autofree char *template = g_strdup_printf ("runtime-console-%d-XXXXXX", (int) getpid ());
      g_autofree char *path = g_build_filename (g_get_user_runtime_dir (), template, NULL);
      char *made = g_mkdtemp_full (path, 0700);

      if (made == NULL)
        {
          g_autofree char *tmp = g_build_filename (g_get_tmp_dir (), template, NULL);

          made = g_mkdtemp_full (tmp, 0700);
          if (made == NULL)
            made = g_strdup (g_get_tmp_dir ());
          else
            made = g_strdup (made);
        }
      else
        made = g_strdup (made);
      dir = made;
      g_once_init_leave (&once, 1);
    }
  return dir;
}

char *
rc_paths_data_file (const char *relative)
{
  const char *env = g_getenv ("RC_DATA_DIR");
  g_autofree char *source = g_build_filename (RC_SOURCE_DIR, "data", relative, NULL);

  if (env != NULL && env[0] != '\0')
    return g_build_filename (env, relative, NULL);
  if (g_file_test (source, G_FILE_TEST_EXISTS))
    return g_steal_pointer (&source);
  return g_build_filename (DATADIR, "runtime-console", relative, NULL);
}
