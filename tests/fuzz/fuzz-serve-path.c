/* fuzz-serve-path.c: the URL of a request to the emulated origins, routed as rc-server.c
 * routes it (an origin spec's host and prefix, the CDN's mirrored folder) and resolved to
 * a file by rc_origin_resolve. The property checked: a file is only ever one inside its
 * folder and a regular file, whatever the URL (encodings, dot segments, backslashes,
 * symlinks out, a symlink loop). */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz-common.h"
#include "serve/rc-server-private.h"

static char *scratch;
static char *data_dir;
static char *dist_dir;
static RcOriginSpec *data_spec;

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
cleanup (void)
{
  remove_tree (scratch);
}

static void
write_file (const char *dir, const char *name, const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

static void
link_file (const char *dir, const char *name, const char *target)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (symlink (target, path) == 0);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_autofree char *sub = NULL;
  g_autofree char *mapping = NULL;

  rc_fuzz_init ();
  scratch = g_dir_make_tmp ("rc-fuzz-serve-XXXXXX", NULL);
  data_dir = g_build_filename (scratch, "data", NULL);
  dist_dir = g_build_filename (scratch, "dist", NULL);
  sub = g_build_filename (data_dir, "sub dir", NULL);
  g_assert_true (g_mkdir_with_parents (sub, 0700) == 0);
  g_assert_true (g_mkdir_with_parents (dist_dir, 0700) == 0);
  write_file (data_dir, "a.txt", "a\n");
  write_file (sub, "b%2F.csv", "b\n");
  write_file (scratch, "outside.txt", "outside\n");
  write_file (dist_dir, "pyodide.js", "// pyodide\n");
  link_file (data_dir, "passwd", "/etc/passwd");
  link_file (data_dir, "up", "../outside.txt");
  link_file (data_dir, "in", "a.txt");
  link_file (data_dir, "loop", "loop");
  link_file (dist_dir, "data", "../data");
  atexit (cleanup);
  mapping = g_strdup ("https://data.example.org/files/");
  data_spec = rc_origin_spec_parse (mapping, NULL);
  g_assert_nonnull (data_spec);
  data_spec->dir = g_strdup (data_dir);
  return 0;
}

/* The invariant of every answer: inside @root (as the kernel resolves it), a regular file. */
static void
check_inside (const char *root, const char *file)
{
  g_autofree char *real_root = realpath (root, NULL);
  g_autofree char *real = realpath (file, NULL);
  gsize n = strlen (real_root);

  if (real == NULL || strncmp (real, real_root, n) != 0 || real[n] != '/'
      || !g_file_test (real, G_FILE_TEST_IS_REGULAR))
    g_error ("%s resolved to %s, outside %s or not a regular file", file, real, root);
}

static void
resolve (const char *root, const char *path)
{
  g_autofree char *reason = NULL;
  gboolean refused = FALSE;
  g_autofree char *file = rc_origin_resolve (root, path, &refused, &reason);

  if (file != NULL)
    {
      check_inside (root, file);
      g_assert_nonnull (rc_origin_content_type (file));
    }
  else
    g_assert_nonnull (reason);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = rc_fuzz_text (data, size);
  g_autofree char *cdn_base = g_strdup_printf ("/pyodide/v%s/full/", PYODIDE_VERSION);
  /* libsoup keeps request paths encoded (the server's raw-paths) */
  g_autoptr (GUri) uri = g_uri_parse (text, G_URI_FLAGS_ENCODED | G_URI_FLAGS_PARSE_RELAXED, NULL);
  g_autoptr (RcOriginSpec) spec = rc_origin_spec_parse (text, NULL);
  const char *host, *path;

  if (uri == NULL || (host = g_uri_get_host (uri)) == NULL || *(path = g_uri_get_path (uri)) != '/')
    return 0;
  if (g_ascii_strcasecmp (host, data_spec->host) == 0 && g_str_has_prefix (path, data_spec->prefix))
    resolve (data_spec->dir, path + strlen (data_spec->prefix));
  else if (g_ascii_strcasecmp (host, RC_CDN_HOST) == 0 && g_str_has_prefix (path, cdn_base))
    resolve (dist_dir, path + strlen (cdn_base));
  else
    resolve (data_dir, path + 1);
  return 0;
}
