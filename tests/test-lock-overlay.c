/* test-lock-overlay.c: the lock overlay rules of spec §4 (§7 items 29–36), each checked
 * for its rule id, JSON path and line:column. Communities are built in a temp folder;
 * wheel files are written there at run time, never into tests/. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/base/rc-diagnostic.h"
#include "core/base/rc-json-positions.h"
#include "core/model/rc-lock-overlay.h"
#include "core/base/rc-paths.h"
#include "rc-test-files.h"

#define ALPHA_WHEEL "alpha_pkg-1.0-py3-none-any.whl"
#define BETA_WHEEL  "beta-2.0-py3-none-any.whl"

typedef struct
{
  char *dir; /* the community folder */
  GPtrArray *diagnostics;
} Fixture;

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", "lock", name, NULL);
}

static void
copy_fixture (Fixture *f, const char *name, const char *relative)
{
  g_autofree char *fixture = g_build_filename ("lock", name, NULL);

  rc_test_copy_fixture (fixture, f->dir, relative);
}

static void
add_wheels (Fixture *f)
{
  rc_test_write_file (f->dir, "runtime/wheels/" ALPHA_WHEEL, "alpha wheel\n", -1);
  rc_test_write_file (f->dir, "runtime/wheels/" BETA_WHEEL, "beta wheel\n", -1);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("rc-lock-XXXXXX", &error);
  g_assert_no_error (error);
  f->diagnostics = rc_diagnostics_new ();
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  rc_test_remove_tree (f->dir);
  g_free (f->dir);
  g_ptr_array_unref (f->diagnostics);
}

static RcLockOverlay *
load (Fixture *f, const char *lockfile)
{
  RcLockOverlay *overlay = rc_lock_overlay_load (f->dir, lockfile, f->diagnostics);

  for (guint i = 0; i < f->diagnostics->len; i++)
    {
      g_autofree char *line = rc_diagnostic_format (g_ptr_array_index (f->diagnostics, i));

      /* Messages quote values at most ~200 bytes long, whatever the input held. */
      g_assert_cmpuint (strlen (line), <, 2000);
      g_test_message ("%s", line);
    }
  return overlay;
}

/* The diagnostic with @rule and @path; asserts there is exactly one. */
static const RcDiagnostic *
expect (Fixture *f, const char *rule, const char *path, guint line, guint column)
{
  const RcDiagnostic *found = NULL;

  for (guint i = 0; i < f->diagnostics->len; i++)
    {
      const RcDiagnostic *d = g_ptr_array_index (f->diagnostics, i);

      if (strcmp (d->rule, rule) == 0 && strcmp (d->path, path) == 0)
        {
          g_assert_null (found);
          found = d;
        }
    }
  if (found == NULL)
    g_error ("no %s diagnostic at %s", rule, path);
  g_assert_cmpuint (found->line, ==, line);
  g_assert_cmpuint (found->column, ==, column);
  g_assert_nonnull (found->hint);
  g_assert_cmpstr (found->hint, !=, "");
  return found;
}

static void
test_valid (Fixture *f, gconstpointer data)
{
  g_autoptr (RcLockOverlay) overlay = NULL;
  g_autoptr (GBytes) alpha = NULL;
  g_autoptr (JsonNode) json = NULL;
  g_autofree char *text = NULL;
  g_autofree char *committed = NULL;
  g_autofree char *source = fixture_path ("valid.json");
  const char *const *keys;

  copy_fixture (f, "valid.json", "runtime/x-pyodide-lock.json");
  add_wheels (f);
  overlay = load (f, "runtime/x-pyodide-lock.json");
  g_assert_cmpuint (f->diagnostics->len, ==, 0);
  g_assert_true (rc_lock_overlay_is_valid (overlay));
  g_assert_true (rc_lock_overlay_is_verified (overlay));
  g_assert_cmpstr (rc_lock_overlay_get_lockfile (overlay), ==, "runtime/x-pyodide-lock.json");

  keys = rc_lock_overlay_get_keys (overlay);
  g_assert_cmpuint (g_strv_length ((GStrv) keys), ==, 2);
  g_assert_cmpstr (keys[0], ==, "alpha-pkg");
  g_assert_cmpstr (keys[1], ==, "beta");
  g_assert_cmpstr (
      json_object_get_string_member (rc_lock_overlay_lookup (overlay, "beta"), "version"), ==,
      "2.0");
  g_assert_null (rc_lock_overlay_lookup (overlay, "Beta"));

  alpha = rc_lock_overlay_get_wheel (overlay, ALPHA_WHEEL);
  g_assert_nonnull (alpha);
  g_assert_cmpmem (g_bytes_get_data (alpha, NULL), g_bytes_get_size (alpha), "alpha wheel\n", 12);
  /* Exact names only: no path join, nothing unlisted (§7 item 35). */
  g_assert_null (rc_lock_overlay_get_wheel (overlay, "../x-pyodide-lock.json"));
  g_assert_null (rc_lock_overlay_get_wheel (overlay, "wheels/" ALPHA_WHEEL));
  g_assert_null (rc_lock_overlay_get_wheel (overlay, "x-pyodide-lock.json"));

  /* runtime_lock is the committed data: compare as parsed JSON. */
  json = rc_lock_overlay_get_packages_json (overlay);
  g_file_get_contents (source, &committed, NULL, NULL);
  {
    g_autoptr (JsonNode) expected = json_from_string (committed, NULL);

    g_assert_true (json_node_equal (json, expected));
  }
  /* A deep copy: changing it leaves the overlay alone. */
  json_object_remove_member (json_node_get_object (json), "packages");
  {
    g_autoptr (JsonNode) again = rc_lock_overlay_get_packages_json (overlay);

    text = json_to_string (again, FALSE);
    g_assert_nonnull (strstr (text, "alpha-pkg"));
  }
  g_assert_true (rc_lock_overlay_get_position (overlay, "packages.beta.sha256", NULL, NULL));
}

/* §7 item 29 */
static void
test_sha256_mismatch (Fixture *f, gconstpointer data)
{
  g_autoptr (RcLockOverlay) overlay = NULL;
  g_autoptr (GBytes) beta = NULL;
  const RcDiagnostic *d;

  copy_fixture (f, "valid.json", "runtime/x-pyodide-lock.json");
  add_wheels (f);
  rc_test_write_file (f->dir, "runtime/wheels/" ALPHA_WHEEL, "alpha wheel, rebuilt\n", -1);
  overlay = load (f, "runtime/x-pyodide-lock.json");
  d = expect (f, "wheel-sha256-mismatch", "packages.alpha-pkg.sha256", 9, 17);
  g_assert_cmpuint (f->diagnostics->len, ==, 1);
  g_assert_cmpstr (d->file, ==, "runtime/x-pyodide-lock.json");
  g_assert_nonnull (strstr (d->message, "needs a new version"));
  g_assert_true (
      g_str_has_prefix (d->message, "alpha-pkg: wheel runtime/wheels/" ALPHA_WHEEL " has sha256 "));
  g_assert_nonnull (strstr (d->message, "not the 0c28f199acf1a56a0b1959a4488641f941c8b135dc783b29"
                                        "0aa890d882c1f216 its entry records."));
  g_assert_true (rc_lock_overlay_is_valid (overlay));
  g_assert_false (rc_lock_overlay_is_verified (overlay));
  /* Fail closed: nothing is served, not even the wheel that matched. */
  beta = rc_lock_overlay_get_wheel (overlay, BETA_WHEEL);
  g_assert_null (beta);

  /* §7 item 37: the loaded overlay keeps its verdict; fixing the file needs a new load. */
  rc_test_write_file (f->dir, "runtime/wheels/" ALPHA_WHEEL, "alpha wheel\n", -1);
  g_assert_false (rc_lock_overlay_is_verified (overlay));
  g_assert_null (rc_lock_overlay_get_wheel (overlay, ALPHA_WHEEL));
  {
    g_autoptr (GPtrArray) again_diagnostics = rc_diagnostics_new ();
    g_autoptr (RcLockOverlay) again =
        rc_lock_overlay_load (f->dir, "runtime/x-pyodide-lock.json", again_diagnostics);

    g_assert_cmpuint (again_diagnostics->len, ==, 0);
    g_assert_true (rc_lock_overlay_is_verified (again));
  }
}

/* §7 item 30 */
static void
test_missing_wheel (Fixture *f, gconstpointer data)
{
  g_autoptr (RcLockOverlay) overlay = NULL;
  g_autofree char *beta = g_build_filename (f->dir, "runtime", "wheels", BETA_WHEEL, NULL);
  const RcDiagnostic *d;

  copy_fixture (f, "valid.json", "runtime/x-pyodide-lock.json");
  add_wheels (f);
  g_assert_cmpint (g_unlink (beta), ==, 0);
  overlay = load (f, "runtime/x-pyodide-lock.json");
  d = expect (f, "wheel-unreadable", "packages.beta.file_name", 20, 20);
  g_assert_cmpuint (f->diagnostics->len, ==, 1);
  g_assert_true (
      g_str_has_prefix (d->message, "beta: wheel runtime/wheels/" BETA_WHEEL " cannot be read: "));
  g_assert_false (rc_lock_overlay_is_verified (overlay));
}

static void
test_missing_overlay (Fixture *f, gconstpointer data)
{
  g_autoptr (RcLockOverlay) overlay = load (f, "runtime/x-pyodide-lock.json");
  const RcDiagnostic *d = expect (f, "overlay-unreadable", "", 0, 0);

  g_assert_true (
      g_str_has_prefix (d->message, "lock overlay runtime/x-pyodide-lock.json cannot be read: "));
  g_assert_cmpstr (d->file, ==, "runtime/x-pyodide-lock.json");
  g_assert_false (rc_lock_overlay_is_valid (overlay));
  g_assert_null (rc_lock_overlay_get_packages_json (overlay));
  g_assert_null (rc_lock_overlay_lookup (overlay, "beta"));
  g_assert_cmpuint (g_strv_length ((GStrv) rc_lock_overlay_get_keys (overlay)), ==, 0);
}

/* §7 item 31 */
static void
test_not_json (Fixture *f, gconstpointer data)
{
  g_autoptr (RcLockOverlay) overlay = NULL;
  g_autoptr (RcLockOverlay) one_line = NULL;
  const RcDiagnostic *d;

  copy_fixture (f, "not-json.json", "runtime/x-pyodide-lock.json");
  overlay = load (f, "runtime/x-pyodide-lock.json");
  d = expect (f, "overlay-invalid-json", "", 3, 11);
  g_assert_true (g_str_has_prefix (
      d->message, "lock overlay runtime/x-pyodide-lock.json is not a valid overlay: "));
  g_assert_false (rc_lock_overlay_is_valid (overlay));

  g_ptr_array_set_size (f->diagnostics, 0);
  rc_test_write_file (f->dir, "lock.json", "{not json", -1);
  one_line = load (f, "lock.json");
  d = expect (f, "overlay-invalid-json", "", 1, 2);
  g_assert_nonnull (strstr (d->message, "not a valid overlay"));
}

/* §7 item 32, and the rest of §3.2: refused before any disk access. */
static void
test_lockfile_path (Fixture *f, gconstpointer data)
{
  static const struct
  {
    const char *lockfile;
    const char *message;
  } cases[] = {
    { "../lock.json",
      "lockfile '../lock.json': it must be a plain relative path, with no empty, '.' or '..' "
      "segments" },
    { "runtime/../../lock.json", "'..' segments" },
    { "/etc/lock.json",
      "lockfile '/etc/lock.json': it must be relative to the community's folder" },
    { "runtime\\lock.json", "lockfile 'runtime\\\\lock.json': use forward slashes" },
    { "runtime//lock.json", "no empty, '.' or '..' segments" },
    { "./lock.json", "no empty, '.' or '..' segments" },
    { "runtime/", "no empty, '.' or '..' segments" },
    { "", "lockfile '': it must be a plain relative path" },
    { "lock.JSON", "lockfile 'lock.JSON': it must be a .json file" },
    { "runtime/.json", "it must be a .json file" },
    { "lock.", "it must be a .json file" },
    { "it's.json.txt", "lockfile \"it's.json.txt\": it must be a .json file" },
  };
  g_autofree char *community = g_build_filename (f->dir, "community", NULL);

  /* A valid overlay where "../lock.json" would lead: it must not be read. */
  rc_test_write_file (f->dir, "lock.json", "{\"packages\": {}}", -1);
  g_assert_cmpint (g_mkdir (community, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (RcLockOverlay) overlay = NULL;
      const RcDiagnostic *d;

      g_ptr_array_set_size (f->diagnostics, 0);
      overlay = rc_lock_overlay_load (community, cases[i].lockfile, f->diagnostics);
      g_assert_cmpuint (f->diagnostics->len, ==, 1);
      d = g_ptr_array_index (f->diagnostics, 0);
      g_assert_cmpstr (d->rule, ==, "overlay-path-refused");
      g_assert_cmpstr (d->path, ==, "runtime.python.lockfile");
      g_assert_cmpstr (d->file, ==, "config.yaml");
      if (strstr (d->message, cases[i].message) == NULL)
        g_error ("%s: got \"%s\"", cases[i].lockfile, d->message);
      g_assert_false (rc_lock_overlay_is_valid (overlay));
    }
}

/* §7 item 33, and the other field rules of §4.1 */
static void
test_bad_fields (Fixture *f, gconstpointer data)
{
  g_autoptr (RcLockOverlay) overlay = NULL;
  const RcDiagnostic *d;

  copy_fixture (f, "bad-fields.json", "runtime/x-pyodide-lock.json");
  add_wheels (f);
  overlay = load (f, "runtime/x-pyodide-lock.json");
  g_assert_false (rc_lock_overlay_is_valid (overlay));
  g_assert_false (rc_lock_overlay_is_verified (overlay));

  d = expect (f, "overlay-extra-key", "info", 25, 3);
  g_assert_cmpstr (d->message, ==, "Extra inputs are not permitted");
  d = expect (f, "overlay-literal", "packages.alpha-pkg.package_type", 7, 23);
  g_assert_cmpstr (d->message, ==, "Input should be 'package'");
  d = expect (f, "overlay-literal", "packages.alpha-pkg.install_dir", 8, 22);
  g_assert_cmpstr (d->message, ==, "Input should be 'site'");
  d = expect (f, "overlay-sha256-format", "packages.alpha-pkg.sha256", 9, 17);
  g_assert_cmpstr (d->message, ==, "sha256 must be 64 lowercase hexadecimal characters");
  d = expect (f, "overlay-type", "packages.alpha-pkg.imports[1]", 10, 32);
  g_assert_cmpstr (d->message, ==, "Input should be a valid string");
  d = expect (f, "overlay-type", "packages.alpha-pkg.depends", 11, 18);
  g_assert_cmpstr (d->message, ==, "Input should be a valid list");
  d = expect (f, "overlay-extra-key", "packages.alpha-pkg.unvendored_tests", 12, 7);
  g_assert_cmpstr (d->message, ==, "Extra inputs are not permitted");
  expect (f, "overlay-type", "packages.Beta.version", 16, 18);
  d = expect (f, "overlay-wheel-name", "packages.Beta.file_name", 17, 20);
  g_assert_cmpstr (d->message, ==,
                   "file_name '../beta-2.0-py3-none-any.whl' is not a bare py3-none-any wheel "
                   "name; the browser can only install pure-Python wheels, and a path is not a "
                   "name");
  d = expect (f, "overlay-field-required", "packages.Beta.sha256", 14, 5);
  g_assert_cmpstr (d->message, ==, "Field required");
  d = expect (f, "overlay-key-not-canonical", "packages.Beta", 14, 5);
  g_assert_cmpstr (d->message, ==,
                   "package key 'Beta' is not the canonical form of its name 'beta' ('beta'), "
                   "which is how Pyodide looks it up");
  d = expect (f, "overlay-duplicate-file", "packages.gamma.file_name", 23, 61);
  g_assert_cmpstr (d->message, ==, "two packages name the same wheel file");
  g_assert_cmpuint (f->diagnostics->len, ==, 12);
}

/* §7 item 34 */
static void
test_empty (Fixture *f, gconstpointer data)
{
  g_autoptr (RcLockOverlay) overlay = NULL;
  const RcDiagnostic *d;

  copy_fixture (f, "empty.json", "runtime/x-pyodide-lock.json");
  overlay = load (f, "runtime/x-pyodide-lock.json");
  d = expect (f, "overlay-empty", "packages", 1, 14);
  g_assert_cmpstr (d->message, ==,
                   "a lock overlay with no packages adds nothing; remove the lockfile key");
  g_assert_cmpuint (f->diagnostics->len, ==, 1);
  g_assert_false (rc_lock_overlay_is_verified (overlay));
}

/* §7 item 36: the bytes checked are the bytes served, whatever happens on disk later. */
static void
test_verified_bytes_kept (Fixture *f, gconstpointer data)
{
  g_autoptr (RcLockOverlay) overlay = NULL;
  g_autoptr (GBytes) alpha = NULL;
  g_autoptr (GBytes) beta = NULL;
  g_autofree char *beta_path = g_build_filename (f->dir, "runtime", "wheels", BETA_WHEEL, NULL);

  copy_fixture (f, "valid.json", "runtime/x-pyodide-lock.json");
  add_wheels (f);
  overlay = load (f, "runtime/x-pyodide-lock.json");
  g_assert_true (rc_lock_overlay_is_verified (overlay));

  rc_test_write_file (f->dir, "runtime/wheels/" ALPHA_WHEEL, "tampered after the check\n", -1);
  g_assert_cmpint (g_unlink (beta_path), ==, 0);
  alpha = rc_lock_overlay_get_wheel (overlay, ALPHA_WHEEL);
  beta = rc_lock_overlay_get_wheel (overlay, BETA_WHEEL);
  g_assert_cmpmem (g_bytes_get_data (alpha, NULL), g_bytes_get_size (alpha), "alpha wheel\n", 12);
  g_assert_cmpmem (g_bytes_get_data (beta, NULL), g_bytes_get_size (beta), "beta wheel\n", 11);
}

/* §3.8: the overlay only adds; every depends name resolves. */
static void
test_against_distribution (Fixture *f, gconstpointer data)
{
  g_autoptr (RcLockOverlay) overlay = NULL;
  g_autoptr (RcDistLock) dist = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dist_dir = fixture_path ("dist");
  const RcDiagnostic *d;

  copy_fixture (f, "stock.json", "runtime/x-pyodide-lock.json");
  add_wheels (f);
  rc_test_write_file (f->dir, "runtime/wheels/numpy-9.9-py3-none-any.whl", "alpha wheel\n", -1);
  overlay = load (f, "runtime/x-pyodide-lock.json");
  g_assert_true (rc_lock_overlay_is_verified (overlay));
  g_assert_cmpuint (f->diagnostics->len, ==, 0);

  dist = rc_dist_lock_load (dist_dir, &error);
  g_assert_no_error (error);
  rc_lock_overlay_check_against (overlay, dist, f->diagnostics);
  d = expect (f, "overlay-replaces-stock", "packages.numpy", 3, 5);
  g_assert_cmpstr (d->message, ==,
                   "the community's lock entry numpy would replace the Pyodide distribution's own");
  d = expect (f, "overlay-depends-unresolved", "packages.numpy.depends[0]", 11, 19);
  g_assert_nonnull (strstr (d->message, "'ghost'"));
  /* Lock keys are compared exactly, as OSA's CI does: "Numpy" is not "numpy". */
  d = expect (f, "overlay-depends-unresolved", "packages.beta.depends[0]", 21, 19);
  g_assert_nonnull (strstr (d->message, "'Numpy'"));
  g_assert_cmpuint (f->diagnostics->len, ==, 3);
}

static void
test_duplicate_key (Fixture *f, gconstpointer data)
{
  g_autoptr (RcLockOverlay) overlay = NULL;
  const RcDiagnostic *d;

  copy_fixture (f, "duplicate-key.json", "runtime/x-pyodide-lock.json");
  add_wheels (f);
  overlay = load (f, "runtime/x-pyodide-lock.json");
  d = expect (f, "overlay-duplicate-key", "packages.beta", 13, 5);
  g_assert_cmpint (d->severity, ==, RC_SEVERITY_WARNING);
  g_assert_cmpuint (f->diagnostics->len, ==, 1);
  /* The last value counts, as in Python's json module, and its wheel verified. */
  g_assert_cmpstr (
      json_object_get_string_member (rc_lock_overlay_lookup (overlay, "beta"), "version"), ==,
      "2.0");
  g_assert_true (rc_lock_overlay_is_verified (overlay));
}

static void
make_symlink (const char *target, const char *dir, const char *relative)
{
  g_autofree char *path = g_build_filename (dir, relative, NULL);

  g_assert_cmpint (symlink (target, path), ==, 0);
}

/* A link anywhere on the way is refused, even one that points back inside. */
static void
test_symlinks (Fixture *f, gconstpointer data)
{
  g_autofree char *community = g_build_filename (f->dir, "community", NULL);
  g_autofree char *outside_wheel = g_build_filename (f->dir, "elsewhere", ALPHA_WHEEL, NULL);
  g_autofree char *outside_dir = g_build_filename (f->dir, "elsewhere", NULL);
  g_autofree char *wheel = g_build_filename (community, "runtime", "wheels", ALPHA_WHEEL, NULL);
  g_autofree char *wheels = g_build_filename (community, "runtime", "wheels", NULL);
  g_autofree char *source = fixture_path ("valid.json");
  g_autofree char *overlay_text = NULL;
  Fixture inner = { community, f->diagnostics };

  g_file_get_contents (source, &overlay_text, NULL, NULL);
  rc_test_write_file (community, "runtime/x-pyodide-lock.json", overlay_text, -1);
  add_wheels (&inner);
  rc_test_write_file (f->dir, "elsewhere/" ALPHA_WHEEL, "alpha wheel\n", -1);
  rc_test_write_file (f->dir, "elsewhere/" BETA_WHEEL, "beta wheel\n", -1);

  /* 1. The wheel itself is a link to a file outside, with the right bytes. */
  g_assert_cmpint (g_unlink (wheel), ==, 0);
  make_symlink (outside_wheel, community, "runtime/wheels/" ALPHA_WHEEL);
  {
    g_autoptr (RcLockOverlay) overlay = load (&inner, "runtime/x-pyodide-lock.json");
    const RcDiagnostic *d =
        expect (&inner, "wheel-escapes-folder", "packages.alpha-pkg.file_name", 6, 20);

    g_assert_nonnull (strstr (d->message, "runtime/wheels/" ALPHA_WHEEL));
    g_assert_cmpuint (f->diagnostics->len, ==, 1);
    g_assert_false (rc_lock_overlay_is_verified (overlay));
  }

  /* 2. A link to a file inside the folder is refused too. */
  g_ptr_array_set_size (f->diagnostics, 0);
  g_assert_cmpint (g_unlink (wheel), ==, 0);
  make_symlink (BETA_WHEEL, community, "runtime/wheels/" ALPHA_WHEEL);
  {
    g_autoptr (RcLockOverlay) overlay = load (&inner, "runtime/x-pyodide-lock.json");

    expect (&inner, "wheel-escapes-folder", "packages.alpha-pkg.file_name", 6, 20);
    g_assert_false (rc_lock_overlay_is_verified (overlay));
  }

  /* 3. The wheels directory is a link: both wheels are refused, naming the link. */
  g_ptr_array_set_size (f->diagnostics, 0);
  rc_test_remove_tree (wheels);
  make_symlink (outside_dir, community, "runtime/wheels");
  {
    g_autoptr (RcLockOverlay) overlay = load (&inner, "runtime/x-pyodide-lock.json");
    const RcDiagnostic *d =
        expect (&inner, "wheel-escapes-folder", "packages.beta.file_name", 20, 20);

    g_assert_nonnull (strstr (d->message, "runtime/wheels is a symbolic link"));
    expect (&inner, "wheel-escapes-folder", "packages.alpha-pkg.file_name", 6, 20);
    g_assert_cmpuint (f->diagnostics->len, ==, 2);
  }

  /* 4. The overlay's own folder is a link. */
  g_ptr_array_set_size (f->diagnostics, 0);
  rc_test_write_file (f->dir, "elsewhere/x-pyodide-lock.json", overlay_text, -1);
  make_symlink (outside_dir, community, "linked");
  {
    g_autoptr (RcLockOverlay) overlay = load (&inner, "linked/x-pyodide-lock.json");
    const RcDiagnostic *d = expect (&inner, "overlay-escapes-folder", "", 0, 0);

    g_assert_nonnull (strstr (d->message, "linked is a symbolic link"));
    g_assert_cmpuint (f->diagnostics->len, ==, 1);
    g_assert_false (rc_lock_overlay_is_valid (overlay));
  }
}

/* Not a regular file: a directory, and a FIFO that would block a naive read. */
static void
test_not_regular (Fixture *f, gconstpointer data)
{
  g_autofree char *alpha = g_build_filename (f->dir, "runtime", "wheels", ALPHA_WHEEL, NULL);
  g_autofree char *beta = g_build_filename (f->dir, "runtime", "wheels", BETA_WHEEL, NULL);
  g_autoptr (RcLockOverlay) overlay = NULL;

  copy_fixture (f, "valid.json", "runtime/x-pyodide-lock.json");
  add_wheels (f);
  g_assert_cmpint (g_unlink (alpha), ==, 0);
  g_assert_cmpint (g_mkdir (alpha, 0755), ==, 0);
  g_assert_cmpint (g_unlink (beta), ==, 0);
  g_assert_cmpint (mkfifo (beta, 0644), ==, 0);
  overlay = load (f, "runtime/x-pyodide-lock.json");
  expect (f, "wheel-unreadable", "packages.alpha-pkg.file_name", 6, 20);
  expect (f, "wheel-unreadable", "packages.beta.file_name", 20, 20);
  g_assert_false (rc_lock_overlay_is_verified (overlay));
}

static RcLockOverlay *
load_text (Fixture *f, const char *text, gssize length)
{
  g_ptr_array_set_size (f->diagnostics, 0);
  rc_test_write_file (f->dir, "runtime/h-pyodide-lock.json", text, length);
  return load (f, "runtime/h-pyodide-lock.json");
}

/* Hostile input: never a crash, a hang or a silent success. */
static void
test_hostile_json (Fixture *f, gconstpointer data)
{
  static const struct
  {
    const char *text;
    guint line, column;
  } not_json[] = {
    { "", 1, 1 },
    { "  \n ", 1, 1 },
    { "{\"packages\": {},}", 1, 17 },                                /* trailing comma */
    { "{'packages': {}}", 1, 2 },                                    /* single quotes */
    { "// comment\n{\"packages\": {}}", 1, 1 },                      /* comments */
    { "{\"packages\": {\"a\": {\"name\": \"a\\u0000b\"}}}", 1, 31 }, /* NUL */
    { "{\"packages\": 0x10}", 1, 14 },                               /* hex number */
    { "{\"packages\": 01}", 1, 14 },                                 /* leading zero */
    { "{\"packages\": NaN}", 1, 14 },
    { "{\"packages\": \"a\tb\"}", 1, 16 },      /* raw control character */
    { "{\"packages\": \"\\q\"}", 1, 15 },       /* bad escape */
    { "\xef\xbb\xbf{\"packages\": {}}", 1, 1 }, /* BOM */
    { "{\"packages\": \"\xff\"}", 1, 15 },      /* not UTF-8 */
    { "{\"packages\": {}} {}", 1, 18 },         /* two values */
  };
  static const char *wrong_types =
      "{\"packages\": {\"a\": {\"name\": 1, \"version\": null, \"file_name\": [], "
      "\"package_type\": {}, \"install_dir\": true, \"sha256\": 1.5, \"imports\": \"x\", "
      "\"depends\": {}}, \"b\": 5, \"c\": []}}";
  g_autoptr (GString) deep = g_string_new (NULL);
  g_autoptr (GString) huge = g_string_new ("{\"packages\": {\"a\": {\"name\": \"");

  for (guint i = 0; i < G_N_ELEMENTS (not_json); i++)
    {
      g_autoptr (RcLockOverlay) overlay = load_text (f, not_json[i].text, -1);

      g_test_message ("case %u", i);
      expect (f, "overlay-invalid-json", "", not_json[i].line, not_json[i].column);
      g_assert_cmpuint (f->diagnostics->len, ==, 1);
      g_assert_false (rc_lock_overlay_is_valid (overlay));
    }

  /* Nesting deep enough to overflow a recursive parser's stack. */
  for (guint i = 0; i < 200000; i++)
    g_string_append_c (deep, '[');
  for (guint i = 0; i < 200000; i++)
    g_string_append_c (deep, ']');
  {
    g_autoptr (RcLockOverlay) overlay = load_text (f, deep->str, (gssize) deep->len);
    const RcDiagnostic *d = expect (f, "overlay-invalid-json", "", 1, 33);

    g_assert_nonnull (strstr (d->message, "nested too deeply"));
  }

  /* Wrong types everywhere: one error per field, nothing verified. */
  {
    g_autoptr (RcLockOverlay) overlay = load_text (f, wrong_types, -1);

    g_assert_cmpuint (rc_diagnostics_count (f->diagnostics, RC_SEVERITY_ERROR), ==, 10);
    expect (f, "overlay-type", "packages.a.name", 1, 29);
    expect (f, "overlay-type", "packages.a.version", 1, 43);
    expect (f, "overlay-type", "packages.a.file_name", 1, 62);
    expect (f, "overlay-literal", "packages.a.package_type", 1, 82);
    expect (f, "overlay-literal", "packages.a.install_dir", 1, 101);
    expect (f, "overlay-type", "packages.a.sha256", 1, 117);
    expect (f, "overlay-type", "packages.a.imports", 1, 133);
    expect (f, "overlay-type", "packages.a.depends", 1, 149);
    expect (f, "overlay-type", "packages.b", 1, 159);
    expect (f, "overlay-type", "packages.c", 1, 167);
    g_assert_false (rc_lock_overlay_is_valid (overlay));
  }
  /* Columns count characters, not bytes: "ä" is two bytes. */
  {
    g_autoptr (RcLockOverlay) overlay = load_text (f, "{\"packages\": {\"\xc3\xa4\": 5}}", -1);

    expect (f, "overlay-type", "packages.\xc3\xa4", 1, 20);
  }
  {
    g_autoptr (RcLockOverlay) overlay = load_text (f, "[]", -1);

    expect (f, "overlay-type", "", 1, 1);
  }
  {
    g_autoptr (RcLockOverlay) overlay = load_text (f, "{\"packages\": []}", -1);

    expect (f, "overlay-type", "packages", 1, 14);
  }
  {
    g_autoptr (RcLockOverlay) overlay = load_text (f, "{}", -1);

    expect (f, "overlay-field-required", "packages", 1, 1);
  }

  /* A 4 MB name: reported (not canonical), quickly. */
  for (guint i = 0; i < 4 * 1024 * 1024; i++)
    g_string_append_c (huge, "Ab_"[i % 3]);
  g_string_append (huge, "\"}}}");
  {
    g_autoptr (RcLockOverlay) overlay = load_text (f, huge->str, (gssize) huge->len);

    expect (f, "overlay-key-not-canonical", "packages.a", 1, 15);
    g_assert_false (rc_lock_overlay_is_valid (overlay));
  }
}

/* The bundled example communities load, verify and only add to the real distribution. */
static void
test_examples (void)
{
  static const char *examples[][2] = {
    { "demo", "runtime/demo-pyodide-lock.json" },
    { "scipy-demo", "runtime/scipy-demo-pyodide-lock.json" },
  };
  const char *source_dir = g_getenv ("RC_SOURCE_DIR") ? g_getenv ("RC_SOURCE_DIR") : RC_SOURCE_DIR;
  g_autofree char *dist_dir = rc_paths_default_distribution ();
  g_autoptr (RcDistLock) dist = rc_dist_lock_load (dist_dir, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *dir =
          g_build_filename (source_dir, "data", "examples", examples[i][0], NULL);
      g_autoptr (GPtrArray) diagnostics = rc_diagnostics_new ();
      g_autoptr (RcLockOverlay) overlay = rc_lock_overlay_load (dir, examples[i][1], diagnostics);

      if (dist != NULL)
        rc_lock_overlay_check_against (overlay, dist, diagnostics);
      for (guint j = 0; j < diagnostics->len; j++)
        {
          g_autofree char *line = rc_diagnostic_format (g_ptr_array_index (diagnostics, j));

          g_test_message ("%s", line);
        }
      g_assert_cmpuint (diagnostics->len, ==, 0);
      g_assert_true (rc_lock_overlay_is_verified (overlay));
    }
  if (dist == NULL)
    g_test_incomplete ("no Pyodide distribution: the examples were not checked against its lock");
}

/* The strict pre-parse check names what is not JSON, at the token that is not. */
static void
test_check_strict (void)
{
  const struct
  {
    const char *text;
    const char *message; /* NULL: valid */
    guint column;
  } cases[] = {
    { "[true, false, null, -1.5e3, \"x\"]", NULL, 0 },
    { "{\"a\": tru}", "unexpected word; JSON knows only true, false and null", 7 },
    { "[1, -]", "invalid number", 5 },
    { "[1, @]", "unexpected character", 5 },
    { "{\"a\": 1,}", "a trailing comma is not JSON", 9 },
    { "[1] [2]", "more than one JSON value", 5 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      RcJsonPos pos = { 0 };
      gboolean ok = rc_json_check_strict (cases[i].text, strlen (cases[i].text), 8, &pos, &error);

      if (cases[i].message == NULL)
        {
          g_assert_no_error (error);
          g_assert_true (ok);
          continue;
        }
      g_assert_false (ok);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      g_assert_cmpuint (pos.line, ==, 1);
      g_assert_cmpuint (pos.column, ==, cases[i].column);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/lock-overlay/valid", test_valid);
  ADD ("/lock-overlay/sha256-mismatch", test_sha256_mismatch);
  ADD ("/lock-overlay/missing-wheel", test_missing_wheel);
  ADD ("/lock-overlay/missing-overlay", test_missing_overlay);
  ADD ("/lock-overlay/not-json", test_not_json);
  ADD ("/lock-overlay/lockfile-path", test_lockfile_path);
  ADD ("/lock-overlay/bad-fields", test_bad_fields);
  ADD ("/lock-overlay/empty", test_empty);
  ADD ("/lock-overlay/verified-bytes-kept", test_verified_bytes_kept);
  ADD ("/lock-overlay/against-distribution", test_against_distribution);
  ADD ("/lock-overlay/duplicate-key", test_duplicate_key);
  ADD ("/lock-overlay/symlinks", test_symlinks);
  ADD ("/lock-overlay/not-regular", test_not_regular);
  ADD ("/lock-overlay/hostile-json", test_hostile_json);
#undef ADD
  g_test_add_func ("/lock-overlay/examples", test_examples);
  g_test_add_func ("/lock-overlay/json-check-strict", test_check_strict);
  return g_test_run ();
}
