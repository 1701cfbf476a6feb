/* test-dist-lock.c: the distribution lock, its errors and its parsed-lock cache. */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/model/rc-dist-lock.h"
#include "rc-test-files.h"

typedef struct
{
  char *tmp;
  char *dist;  /* a copy of tests/fixtures/lock/dist */
  char *cache; /* RC_DIST_LOCK_CACHE for this test */
  char *lock_text;
} Fixture;

static void
write_lock (Fixture *f, const char *text)
{
  g_autofree char *path = g_build_filename (f->dist, "pyodide-lock.json", NULL);
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autofree char *source =
      g_test_build_filename (G_TEST_DIST, "fixtures", "lock", "dist", "pyodide-lock.json", NULL);
  g_autofree char *padding = g_strnfill (48 * 1024, ' ');
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  f->tmp = g_dir_make_tmp ("rc-dist-XXXXXX", &error);
  g_assert_no_error (error);
  f->dist = g_build_filename (f->tmp, "dist", NULL);
  f->cache = g_build_filename (f->tmp, "cache", NULL);
  g_assert_cmpint (g_mkdir (f->dist, 0755), ==, 0);
  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  /* Whitespace makes it as large as a real lock: small ones are not cached. */
  f->lock_text = g_strconcat (text, padding, NULL);
  write_lock (f, f->lock_text);
  g_setenv ("RC_DIST_LOCK_CACHE", f->cache, TRUE);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_setenv ("RC_DIST_LOCK_CACHE", "0", TRUE);
  rc_test_remove_tree (f->tmp);
  g_free (f->tmp);
  g_free (f->dist);
  g_free (f->cache);
  g_free (f->lock_text);
}

static RcDistLock *
load_ok (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  RcDistLock *lock = rc_dist_lock_load (f->dist, &error);

  g_assert_no_error (error);
  g_assert_nonnull (lock);
  return lock;
}

static void
assert_same (RcDistLock *a, RcDistLock *b)
{
  const char *const *keys = rc_dist_lock_get_keys (a);

  g_assert_cmpstrv (keys, rc_dist_lock_get_keys (b));
  g_assert_cmpstr (rc_dist_lock_get_python_version (a), ==, rc_dist_lock_get_python_version (b));
  g_assert_cmpstr (rc_dist_lock_get_version (a), ==, rc_dist_lock_get_version (b));
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autoptr (JsonNode) x =
          json_node_init_object (json_node_alloc (), rc_dist_lock_lookup (a, keys[i]));
      g_autoptr (JsonNode) y =
          json_node_init_object (json_node_alloc (), rc_dist_lock_lookup (b, keys[i]));

      g_assert_true (json_node_equal (x, y));
    }
}

static void
test_queries (Fixture *f, gconstpointer data)
{
  g_autoptr (RcDistLock) lock = NULL;
  const char *expected[] = { "numpy", "scipy", "openblas", "python-dateutil", "six", NULL };

  g_setenv ("RC_DIST_LOCK_CACHE", "0", TRUE);
  lock = load_ok (f);
  g_assert_false (rc_dist_lock_get_from_cache (lock));
  g_assert_cmpstrv (rc_dist_lock_get_keys (lock), expected);
  g_assert_cmpuint (rc_dist_lock_get_n_packages (lock), ==, 5);
  g_assert_cmpstr (rc_dist_lock_get_python_version (lock), ==, "3.13.2");
  g_assert_cmpstr (rc_dist_lock_get_version (lock), ==, "0.0.0-test");
  g_assert_cmpstr (rc_dist_lock_get_dir (lock), ==, f->dist);
  g_assert_true (rc_dist_lock_contains (lock, "python-dateutil"));
  g_assert_false (rc_dist_lock_contains (lock, "Python_Dateutil"));
  g_assert_null (rc_dist_lock_lookup (lock, "Python_Dateutil"));
  g_assert_nonnull (rc_dist_lock_lookup_name (lock, "Python_Dateutil"));
  g_assert_cmpstr (json_object_get_string_member (rc_dist_lock_lookup (lock, "scipy"), "version"),
                   ==, "1.14.1");

  /* Wheel files: only bare names inside the distribution folder. */
  g_assert_false (rc_dist_lock_has_wheel_file (lock, "six-1.16.0-py2.py3-none-any.whl"));
  {
    g_autofree char *wheel = g_build_filename (f->dist, "six-1.16.0-py2.py3-none-any.whl", NULL);

    g_assert_true (g_file_set_contents (wheel, "six!", 4, NULL));
  }
  g_assert_true (rc_dist_lock_has_wheel_file (lock, "six-1.16.0-py2.py3-none-any.whl"));
  g_assert_cmpint (rc_dist_lock_get_wheel_size (lock, "six-1.16.0-py2.py3-none-any.whl"), ==, 4);
  g_assert_false (rc_dist_lock_has_wheel_file (lock, "../dist/pyodide-lock.json"));
  g_assert_false (rc_dist_lock_has_wheel_file (lock, ".."));
  g_assert_false (rc_dist_lock_has_wheel_file (lock, ""));
}

static void
test_canonical_names (void)
{
  static const char *cases[][2] = {
    { "eegprep_lean", "eegprep-lean" },
    { "Google.CRC32C", "google-crc32c" },
    { "Zope.Interface", "zope-interface" },
    { "a-_.b", "a-b" },
    { "__x__", "-x-" },
    { "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *got = rc_canonicalize_name (cases[i][0]);

      g_assert_cmpstr (got, ==, cases[i][1]);
    }
}

/* 100 levels: beyond the checked limit; json-glib is never handed such a lock. */
#define DEEP10  "[[[[[[[[[["
#define DEEP100 DEEP10 DEEP10 DEEP10 DEEP10 DEEP10 DEEP10 DEEP10 DEEP10 DEEP10 DEEP10

static void
test_errors (Fixture *f, gconstpointer data)
{
  static const char *invalid[] = {
    "{not json",
    "",
    "[]",
    "{\"info\": {}}",
    "{\"packages\": []}",
    "{\"packages\": {\"numpy\": 1}}",
    "{\"packages\": {}, \"x\": " DEEP100 "}",
  };
  g_autofree char *missing = g_build_filename (f->tmp, "nowhere", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcDistLock) none = rc_dist_lock_load (missing, &error);

  g_assert_null (none);
  g_assert_error (error, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "pyodide-lock.json"));
  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      g_autoptr (GError) e = NULL;
      g_autoptr (RcDistLock) lock = NULL;

      write_lock (f, invalid[i]);
      lock = rc_dist_lock_load (f->dist, &e);
      g_assert_null (lock);
      g_assert_error (e, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_INVALID);
      g_assert_nonnull (strstr (e->message, "pyodide-lock.json"));
    }
  /* bounded: a FIFO (the read would block) and 65 MiB (sparse) are refused unread */
  {
    g_autofree char *path = g_build_filename (f->dist, "pyodide-lock.json", NULL);
    g_autoptr (GError) e = NULL;
    g_autoptr (RcDistLock) lock = NULL;
    int fd;

    write_lock (f, "{}");
    g_assert_cmpint (g_unlink (path), ==, 0);
    g_assert_cmpint (mkfifo (path, 0600), ==, 0);
    lock = rc_dist_lock_load (f->dist, &e);
    g_assert_null (lock);
    g_assert_error (e, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_UNREADABLE);
    g_assert_nonnull (strstr (e->message, "is not a regular file"));
    g_clear_error (&e);
    g_assert_cmpint (g_unlink (path), ==, 0);
    fd = g_open (path, O_WRONLY | O_CREAT, 0600);
    g_assert_cmpint (fd, >=, 0);
    g_assert_cmpint (ftruncate (fd, (off_t) 65 * 1024 * 1024), ==, 0);
    close (fd);
    lock = rc_dist_lock_load (f->dist, &e);
    g_assert_null (lock);
    g_assert_error (e, RC_DIST_LOCK_ERROR, RC_DIST_LOCK_ERROR_UNREADABLE);
    g_assert_nonnull (strstr (e->message, "is larger than 64 MiB"));
  }
}

/* The second load comes from the cache and answers exactly as the parsed lock did; an
 * edited lock or a damaged cache falls back to parsing. */
static void
test_cache (Fixture *f, gconstpointer data)
{
  g_autoptr (RcDistLock) parsed = load_ok (f);
  g_autoptr (RcDistLock) cached = load_ok (f);
  g_autoptr (RcDistLock) edited = NULL;
  g_autoptr (RcDistLock) recovered = NULL;
  g_autoptr (GDir) dir = NULL;
  g_autofree char *cache_file = NULL;
  g_autofree char *edited_text = NULL;
  const char *name;

  g_assert_false (rc_dist_lock_get_from_cache (parsed));
  g_assert_true (rc_dist_lock_get_from_cache (cached));
  assert_same (parsed, cached);
  g_assert_nonnull (rc_dist_lock_lookup_name (cached, "Python_Dateutil"));
  g_assert_null (rc_dist_lock_lookup (cached, "nope"));
  g_assert_false (rc_dist_lock_contains (cached, "nope"));

  /* Edit the lock: the cache is stale and not used. */
  edited_text = g_strdup (f->lock_text);
  memcpy (strstr (edited_text, "1.14.1"), "1.99.9", 6);
  g_usleep (10 * 1000); /* a different mtime even on coarse clocks */
  write_lock (f, edited_text);
  edited = load_ok (f);
  g_assert_false (rc_dist_lock_get_from_cache (edited));
  g_assert_cmpstr (json_object_get_string_member (rc_dist_lock_lookup (edited, "scipy"), "version"),
                   ==, "1.99.9");

  /* A small lock (a test fixture) is parsed every time and leaves no cache file. */
  {
    g_autofree char *small_cache = g_build_filename (f->tmp, "small-cache", NULL);
    g_autoptr (RcDistLock) first = NULL;
    g_autoptr (RcDistLock) second = NULL;

    g_setenv ("RC_DIST_LOCK_CACHE", small_cache, TRUE);
    write_lock (f, "{\"packages\": {\"six\": {\"name\": \"six\"}}}");
    first = load_ok (f);
    second = load_ok (f);
    g_assert_false (rc_dist_lock_get_from_cache (second));
    g_assert_false (g_file_test (small_cache, G_FILE_TEST_EXISTS));
    g_setenv ("RC_DIST_LOCK_CACHE", f->cache, TRUE);
    write_lock (f, edited_text);
  }

  /* Damage the cache file: the lock is parsed again, correctly. */
  dir = g_dir_open (f->cache, 0, NULL);
  g_assert_nonnull (dir);
  name = g_dir_read_name (dir);
  g_assert_nonnull (name);
  cache_file = g_build_filename (f->cache, name, NULL);
  g_assert_true (g_file_set_contents (cache_file, "garbage\xff\x00garbage", 16, NULL));
  recovered = load_ok (f);
  g_assert_cmpstr (
      json_object_get_string_member (rc_dist_lock_lookup (recovered, "scipy"), "version"), ==,
      "1.99.9");
  assert_same (edited, recovered);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/dist-lock/queries", Fixture, NULL, fixture_setup, test_queries, fixture_teardown);
  g_test_add ("/dist-lock/errors", Fixture, NULL, fixture_setup, test_errors, fixture_teardown);
  g_test_add ("/dist-lock/cache", Fixture, NULL, fixture_setup, test_cache, fixture_teardown);
  g_test_add_func ("/dist-lock/canonical-names", test_canonical_names);
  return g_test_run ();
}
