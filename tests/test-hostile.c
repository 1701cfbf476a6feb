/* test-hostile.c: hostile community folders, one test per fixture, each loaded by the whole
 * community loader (config, rules, overlay, wheels): every one ends in a clear diagnostic or
 * error, in bounded time and memory (the big fixtures are made here, at run time; the
 * suite's timeout bounds the time, the limits in rc-community.c, rc-yaml.c and
 * rc-diagnostic.c the memory).
 *
 * Tests run as root in CI, where a chmod 000 file is still readable: "unreadable" is a FIFO
 * in place of config.yaml (a naive read would block for ever) and a directory in place of
 * the overlay; a chmod 000 overlay is checked too when the test is not root. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/model/rc-lock-overlay.h"
#include "validator-fixture.h"

#define DEMO_LOCK  "runtime/demo-pyodide-lock.json"
#define DEMO_WHEEL "runtime/wheels/demo_helpers-0.1.1-py3-none-any.whl"

/* A copy of the bundled demo community (valid) to make hostile. */
static void
copy_demo_file (const char *dir, const char *relative)
{
  g_autofree char *source =
      g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", relative, NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  rc_test_write_file (dir, relative, contents, (gssize) length);
}

/* A copy of the bundled demo community (valid) to make hostile. */
static char *
demo_copy (void)
{
  char *dir = make_community ("demo", "");

  copy_demo_file (dir, "config.yaml");
  copy_demo_file (dir, DEMO_LOCK);
  copy_demo_file (dir, DEMO_WHEEL);
  return dir;
}

static char *
path_in (const char *dir, const char *relative)
{
  return g_build_filename (dir, relative, NULL);
}

static RcCommunity *
load_error (const char *dir, int code, const char *fragment)
{
  g_autoptr (GError) error = NULL;
  RcCommunity *c = rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);

  g_assert_null (c);
  g_assert_error (error, RC_COMMUNITY_ERROR, code);
  if (strstr (error->message, fragment) == NULL)
    g_error ("“%s” does not say “%s”", error->message, fragment);
  return NULL;
}

static void
check_bounded (RcCommunity *c)
{
  g_assert_cmpuint (rc_community_get_diagnostics (c)->len, <=, RC_DIAGNOSTICS_MAX + 1);
  g_assert_false (rc_community_is_valid (c));
}

static void
test_demo_is_valid (void)
{
  g_autofree char *dir = NULL;
  g_autoptr (RcCommunity) c = NULL;

  if (!have_distribution ())
    return;
  dir = demo_copy ();
  c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
  expect_valid (c);
}

/* 50 MB (sparse): refused by its size before a byte is read. */
static void
test_config_50mb (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *config = NULL;
  int fd;

  if (!have_distribution ())
    return;
  dir = demo_copy ();
  config = path_in (dir, "config.yaml");
  fd = g_open (config, O_WRONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 50 * 1024 * 1024), ==, 0);
  close (fd);
  load_error (dir, RC_COMMUNITY_ERROR_NO_CONFIG, "config.yaml is larger than 16 MiB");
}

/* 10,000 levels of flow nesting: the loader stops at level 200 at its position. */
static void
test_nesting_10000 (void)
{
  g_autoptr (GString) yaml = g_string_new (HEAD "x: ");
  g_autoptr (RcCommunity) c = NULL;

  if (!have_distribution ())
    return;
  for (guint i = 0; i < 10000; i++)
    g_string_append_c (yaml, '[');
  for (guint i = 0; i < 10000; i++)
    g_string_append_c (yaml, ']');
  g_string_append_c (yaml, '\n');
  c = load (yaml->str);
  /* the root mapping is level 1: the 200th '[' (column 4 + 199) is level 201 */
  expect (c, "yaml-too-deep", "", 4, 203, "nesting is deeper than 200 levels");
  check_bounded (c);
}

/* "Billion laughs": nine levels of nine aliases; the expansion stays capped. */
static void
test_alias_bomb (void)
{
  g_autoptr (GString) yaml =
      g_string_new (HEAD "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
  g_autoptr (RcCommunity) c = NULL;

  if (!have_distribution ())
    return;
  for (guint level = 1; level < 10; level++)
    {
      g_string_append_printf (yaml, "a%u: &a%u [", level, level);
      for (guint i = 0; i < 9; i++)
        g_string_append_printf (yaml, "%s*a%u", i > 0 ? ", " : "", level - 1);
      g_string_append (yaml, "]\n");
    }
  c = load (yaml->str);
  expect (c, "yaml-alias", "", 5, 10, "alias '*a0' repeats the value anchored at line 4");
  check_bounded (c);
}

/* 3.5 MB of "- *a": half a million aliases, each a problem; the list stops at 200 of them. */
static void
test_alias_flood (void)
{
  g_autoptr (GString) yaml = g_string_new (HEAD "x: &a 1\nlist:\n");
  g_autoptr (RcCommunity) c = NULL;

  if (!have_distribution ())
    return;
  for (guint i = 0; i < 500000; i++)
    g_string_append (yaml, "  - *a\n");
  c = load (yaml->str);
  expect (c, "yaml-too-many-problems", "", 206, 5, "more than 200 problems in the YAML");
  check_bounded (c);
}

/* 200,000 list items of the wrong type: each a validator error; the list stops at
 * RC_DIAGNOSTICS_MAX and counts the rest. */
static void
test_problem_flood (void)
{
  g_autoptr (GString) yaml = g_string_new (BASE "    preload:\n");
  g_autoptr (RcCommunity) c = NULL;
  const RcDiagnostic *last;
  GPtrArray *diagnostics;

  if (!have_distribution ())
    return;
  for (guint i = 0; i < 200000; i++)
    g_string_append (yaml, "      - [1]\n");
  c = load (yaml->str);
  check_bounded (c);
  diagnostics = rc_community_get_diagnostics (c);
  last = rc_diagnostics_find_rule (diagnostics, RC_DIAGNOSTICS_TOO_MANY);
  g_assert_nonnull (last);
  g_assert_cmpint (last->severity, ==, RC_SEVERITY_ERROR);
  g_assert_nonnull (strstr (last->message, "more problems are not listed (at most 1000 are)"));
}

static void
test_invalid_utf8 (void)
{
  g_autoptr (RcCommunity) c = NULL;

  if (!have_distribution ())
    return;
  c = load (HEAD "extra: caf\xe9 \xff\xfe\n");
  /* Placed at the broken sequence's lead byte (column 11), not at the byte after it. */
  expect (c, "yaml-syntax", "", 4, 11, "invalid trailing UTF-8 octet (byte 0xE9)");
  check_bounded (c);
}

/* The listed wheel is a symbolic link to /etc/passwd: refused, never read or served. */
static void
test_wheel_links_to_passwd (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *wheel = NULL;
  g_autoptr (RcCommunity) c = NULL;

  if (!have_distribution ())
    return;
  dir = demo_copy ();
  wheel = path_in (dir, DEMO_WHEEL);
  g_assert_cmpint (g_unlink (wheel), ==, 0);
  g_assert_cmpint (symlink ("/etc/passwd", wheel), ==, 0);
  c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
  expect (c, "wheel-escapes-folder", "packages.demo-helpers.file_name", 6, 20,
          "is a symbolic link");
  g_assert_null (rc_lock_overlay_get_wheel (rc_community_get_overlay (c),
                                            "demo_helpers-0.1.1-py3-none-any.whl"));
  check_bounded (c);
}

/* config.yaml and the overlay are links to themselves (ELOOP). */
static void
test_symlink_loop (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *lock = NULL;
  g_autofree char *config = NULL;
  g_autoptr (RcCommunity) c = NULL;

  if (!have_distribution ())
    return;
  dir = demo_copy ();
  lock = path_in (dir, DEMO_LOCK);
  g_assert_cmpint (g_unlink (lock), ==, 0);
  g_assert_cmpint (symlink ("demo-pyodide-lock.json", lock), ==, 0);
  c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
  expect (c, "overlay-escapes-folder", "", 0, 0, "is a symbolic link");
  check_bounded (c);

  config = path_in (dir, "config.yaml");
  g_assert_cmpint (g_unlink (config), ==, 0);
  g_assert_cmpint (symlink ("config.yaml", config), ==, 0);
  load_error (dir, RC_COMMUNITY_ERROR_NO_CONFIG, g_strerror (ELOOP));
}

/* A FIFO as config.yaml (a read would block), a directory as the overlay, and, when the
 * test is not root, an overlay nobody may read. */
static void
test_unreadable (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *lock = NULL;
  g_autofree char *config = NULL;

  if (!have_distribution ())
    return;
  dir = demo_copy ();
  lock = path_in (dir, DEMO_LOCK);
  g_assert_cmpint (g_unlink (lock), ==, 0);
  g_assert_cmpint (g_mkdir (lock, 0700), ==, 0);
  {
    g_autoptr (RcCommunity) c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);

    expect (c, "overlay-unreadable", "", 0, 0, "cannot be read: not a regular file");
    check_bounded (c);
  }
  g_assert_cmpint (g_rmdir (lock), ==, 0);
  if (geteuid () != 0)
    {
      g_autoptr (RcCommunity) c = NULL;

      copy_demo_file (dir, DEMO_LOCK);
      g_assert_cmpint (g_chmod (lock, 0), ==, 0);
      c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
      expect (c, "overlay-unreadable", "", 0, 0, "cannot be read");
    }
  else
    g_test_message ("root reads a chmod 000 file: the FIFO and the directory stand for it");

  config = path_in (dir, "config.yaml");
  g_assert_cmpint (g_unlink (config), ==, 0);
  g_assert_cmpint (mkfifo (config, 0600), ==, 0);
  load_error (dir, RC_COMMUNITY_ERROR_NO_CONFIG, "config.yaml is not a regular file");
}

typedef struct
{
  char *dir;
  guint delay_us;
} Deleter;

static gpointer
delete_later (gpointer data)
{
  Deleter *d = data;

  g_usleep (d->delay_us);
  rc_test_remove_tree (d->dir);
  return NULL;
}

/* The folder is deleted while the loader reads it, at moments spread over a load: every
 * outcome is an error naming what is missing or a community whose diagnostics say so (or a
 * complete, valid load when the deletion came after it). Never a crash or a hang. */
static void
test_folder_deleted (void)
{
  gint64 start, full_us;
  guint errors = 0, invalid = 0, valid = 0;

  if (!have_distribution ())
    return;
  {
    g_autofree char *dir = demo_copy ();
    g_autoptr (RcCommunity) c = NULL;

    start = g_get_monotonic_time ();
    c = load_dir (dir, RC_DEPLOYMENT_PRODUCTION);
    full_us = MAX (g_get_monotonic_time () - start, 100);
  }
  for (guint i = 0; i < 24; i++)
    {
      Deleter d = { demo_copy (), (guint) (full_us * i / 48) };
      g_autoptr (GError) error = NULL;
      GThread *thread = g_thread_new ("delete", delete_later, &d);
      g_autoptr (RcCommunity) c = rc_community_load (d.dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);

      g_thread_join (thread);
      if (c == NULL)
        {
          g_assert_nonnull (error);
          g_assert_true (
              g_error_matches (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_NO_FOLDER)
              || g_error_matches (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_NO_CONFIG));
          g_assert_nonnull (strstr (error->message, d.dir));
          errors++;
        }
      else if (!rc_community_is_valid (c))
        {
          GPtrArray *diagnostics = rc_community_get_diagnostics (c);

          g_assert_cmpuint (diagnostics->len, >, 0);
          for (guint j = 0; j < diagnostics->len; j++)
            g_assert_cmpstr (((RcDiagnostic *) diagnostics->pdata[j])->message, !=, "");
          invalid++;
        }
      else
        valid++;
      g_free (d.dir);
    }
  g_test_message ("deleted during the load: %u errors, %u invalid, %u loaded whole", errors,
                  invalid, valid);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  fixture_init ();
  g_test_add_func ("/hostile/demo-is-valid", test_demo_is_valid);
  g_test_add_func ("/hostile/config-50mb", test_config_50mb);
  g_test_add_func ("/hostile/nesting-10000", test_nesting_10000);
  g_test_add_func ("/hostile/alias-bomb", test_alias_bomb);
  g_test_add_func ("/hostile/alias-flood", test_alias_flood);
  g_test_add_func ("/hostile/problem-flood", test_problem_flood);
  g_test_add_func ("/hostile/invalid-utf8", test_invalid_utf8);
  g_test_add_func ("/hostile/wheel-links-to-passwd", test_wheel_links_to_passwd);
  g_test_add_func ("/hostile/symlink-loop", test_symlink_loop);
  g_test_add_func ("/hostile/unreadable", test_unreadable);
  g_test_add_func ("/hostile/folder-deleted", test_folder_deleted);
  status = g_test_run ();
  fixture_cleanup ();
  return status;
}
