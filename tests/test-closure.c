/* test-closure.c: the preload closure, against a small fixture lock (order derived by
 * hand) and against the real Pyodide 0.29.5 distribution lock (closure properties). */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "core/model/rc-closure.h"
#include "core/base/rc-diagnostic.h"
#include "core/base/rc-paths.h"
#include "rc-test-files.h"

typedef struct
{
  char *tmp;
  RcDistLock *dist;
  RcLockOverlay *overlay;
} Fixture;

/* A community with the valid.json overlay, and a copy of the fixture distribution that
 * holds one wheel file (numpy), so one size is known. */
static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) diagnostics = rc_diagnostics_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *community = NULL;
  g_autofree char *dist = NULL;

  f->tmp = g_dir_make_tmp ("rc-closure-XXXXXX", &error);
  g_assert_no_error (error);
  community = g_build_filename (f->tmp, "community", NULL);
  dist = g_build_filename (f->tmp, "dist", NULL);
  rc_test_copy_fixture ("lock/valid.json", community, "runtime/x-pyodide-lock.json");
  rc_test_write_file (community, "runtime/wheels/alpha_pkg-1.0-py3-none-any.whl", "alpha wheel\n",
                      -1);
  rc_test_write_file (community, "runtime/wheels/beta-2.0-py3-none-any.whl", "beta wheel\n", -1);
  rc_test_copy_fixture ("lock/dist/pyodide-lock.json", dist, "pyodide-lock.json");
  rc_test_write_file (dist, "numpy-2.2.5-cp313-cp313-pyemscripten_2025_0_wasm32.whl", "12345", -1);

  f->dist = rc_dist_lock_load (dist, &error);
  g_assert_no_error (error);
  f->overlay = rc_lock_overlay_load (community, "runtime/x-pyodide-lock.json", diagnostics);
  g_assert_cmpuint (diagnostics->len, ==, 0);
  g_assert_true (rc_lock_overlay_is_verified (f->overlay));
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->dist);
  g_clear_object (&f->overlay);
  rc_test_remove_tree (f->tmp);
  g_free (f->tmp);
}

#define ENTRY(closure, i) ((RcClosureEntry *) g_ptr_array_index ((closure), (i)))

/* beta → alpha-pkg → numpy; then scipy → (numpy seen) openblas. */
static void
test_fixture_order (Fixture *f, gconstpointer data)
{
  const char *preload[] = { "Beta", "ghost", "SciPy", "beta", NULL };
  g_autoptr (GPtrArray) closure = rc_preload_closure (f->dist, f->overlay, preload);
  static const struct
  {
    const char *key, *required_by;
    gboolean overlay;
    gint64 size;
  } expected[] = {
    { "beta", NULL, TRUE, 11 },         { "alpha-pkg", "beta", TRUE, 12 },
    { "numpy", "alpha-pkg", FALSE, 5 }, { "scipy", NULL, FALSE, -1 },
    { "openblas", "scipy", FALSE, -1 },
  };
  guint unknown = 0;

  g_assert_cmpuint (closure->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < closure->len; i++)
    {
      g_assert_cmpstr (ENTRY (closure, i)->key, ==, expected[i].key);
      g_assert_cmpstr (ENTRY (closure, i)->required_by, ==, expected[i].required_by);
      g_assert_cmpint (ENTRY (closure, i)->overlay, ==, expected[i].overlay);
      g_assert_cmpint (ENTRY (closure, i)->size, ==, expected[i].size);
    }
  g_assert_cmpstr (ENTRY (closure, 1)->name, ==, "Alpha_Pkg");
  g_assert_cmpstr (ENTRY (closure, 1)->file_name, ==, "alpha_pkg-1.0-py3-none-any.whl");
  g_assert_cmpstr (ENTRY (closure, 1)->imports[0], ==, "alpha_pkg");
  g_assert_cmpstr (ENTRY (closure, 1)->depends[0], ==, "numpy");
  g_assert_cmpint (rc_closure_total_size (closure, &unknown), ==, 11 + 12 + 5);
  g_assert_cmpuint (unknown, ==, 2);
}

/* The size people read never hides the packages whose size is unknown. */
static void
test_format_size (Fixture *f, gconstpointer data)
{
  const char *some[] = { "beta", "scipy", NULL };
  const char *known[] = { "beta", NULL };
  const char *none[] = { "openblas", NULL };
  g_autoptr (GPtrArray) c1 = rc_preload_closure (f->dist, f->overlay, some);
  g_autoptr (GPtrArray) c2 = rc_preload_closure (f->dist, f->overlay, known);
  g_autoptr (GPtrArray) c3 = rc_preload_closure (f->dist, f->overlay, none);
  g_autofree char *s1 = rc_closure_format_size (c1);
  g_autofree char *s2 = rc_closure_format_size (c2);
  g_autofree char *s3 = rc_closure_format_size (c3);
  g_autofree char *bytes = g_format_size (11 + 12 + 5);
  g_autofree char *with_unknown = g_strdup_printf ("%s + 2 unknown", bytes);

  /* beta, alpha-pkg, numpy known; scipy and openblas not */
  g_assert_cmpstr (s1, ==, with_unknown);
  g_assert_cmpstr (s2, ==, bytes);
  g_assert_cmpstr (s3, ==, "unknown");
}

static void
test_without_overlay (Fixture *f, gconstpointer data)
{
  const char *preload[] = { "beta", "python_dateutil", NULL };
  g_autoptr (GPtrArray) closure = rc_preload_closure (f->dist, NULL, preload);

  /* Overlay names do not resolve without the overlay; stock names are canonicalised. */
  g_assert_cmpuint (closure->len, ==, 2);
  g_assert_cmpstr (ENTRY (closure, 0)->key, ==, "python-dateutil");
  g_assert_cmpstr (ENTRY (closure, 1)->key, ==, "six");
  g_assert_cmpstr (ENTRY (closure, 1)->required_by, ==, "python-dateutil");
}

static void
test_json (Fixture *f, gconstpointer data)
{
  const char *preload[] = { "alpha-pkg", NULL };
  g_autoptr (GPtrArray) closure = rc_preload_closure (f->dist, f->overlay, preload);
  g_autoptr (JsonNode) node = rc_closure_to_json (closure);
  JsonArray *array = json_node_get_array (node);
  JsonObject *first, *second;

  g_assert_cmpuint (json_array_get_length (array), ==, 2);
  first = json_array_get_object_element (array, 0);
  second = json_array_get_object_element (array, 1);
  g_assert_cmpstr (json_object_get_string_member (first, "key"), ==, "alpha-pkg");
  g_assert_cmpstr (json_object_get_string_member (first, "source"), ==, "overlay");
  g_assert_cmpint (json_object_get_int_member (first, "size"), ==, 12);
  g_assert_true (json_object_get_null_member (first, "required_by"));
  g_assert_cmpstr (json_object_get_string_member (first, "sha256"), ==,
                   "0c28f199acf1a56a0b1959a4488641f941c8b135dc783b290aa890d882c1f216");
  g_assert_cmpstr (json_object_get_string_member (second, "source"), ==, "distribution");
  g_assert_cmpstr (json_object_get_string_member (second, "required_by"), ==, "alpha-pkg");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (second, "imports")), ==,
                    1);
}

/* The set every closure must be: every key once, everything it depends on included, and
 * each dependency placed after the package that pulled it in. */
static void
assert_closed (RcDistLock *dist, GPtrArray *closure)
{
  g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < closure->len; i++)
    {
      RcClosureEntry *e = ENTRY (closure, i);

      g_assert_false (g_hash_table_contains (index, e->key));
      g_hash_table_insert (index, e->key, GUINT_TO_POINTER (i + 1));
      if (e->required_by != NULL)
        {
          guint parent = GPOINTER_TO_UINT (g_hash_table_lookup (index, e->required_by));
          RcClosureEntry *p;

          g_assert_cmpuint (parent, >, 0);
          p = ENTRY (closure, parent - 1);
          g_assert_true (g_strv_contains ((const char *const *) p->depends, e->key));
        }
    }
  for (guint i = 0; i < closure->len; i++)
    for (GStrv d = ENTRY (closure, i)->depends; d != NULL && *d != NULL; d++)
      {
        g_autofree char *key = rc_canonicalize_name (*d);

        if (rc_dist_lock_contains (dist, key))
          g_assert_true (g_hash_table_contains (index, key));
      }
}

static void
test_real_distribution (void)
{
  const char *preload[] = { "numpy", "scipy", "matplotlib", NULL };
  g_autofree char *dir = rc_paths_default_distribution ();
  g_autoptr (RcDistLock) dist = NULL;
  g_autoptr (GPtrArray) closure = NULL;
  g_autoptr (GPtrArray) again = NULL;
  g_autoptr (GError) error = NULL;
  gboolean has_dateutil = FALSE, has_six = FALSE;

  dist = rc_dist_lock_load (dir, &error);
  if (dist == NULL)
    {
      g_test_fail_printf ("%s (run tools/setup.sh)", error->message);
      return;
    }
  g_assert_cmpstr (rc_dist_lock_get_python_version (dist), ==, "3.13.2");
  g_assert_cmpuint (rc_dist_lock_get_n_packages (dist), >, 100);
  closure = rc_preload_closure (dist, NULL, preload);
  assert_closed (dist, closure);
  /* Preload order first: numpy, then scipy (numpy already placed), then matplotlib. */
  g_assert_cmpstr (ENTRY (closure, 0)->key, ==, "numpy");
  g_assert_cmpstr (ENTRY (closure, 1)->key, ==, "scipy");
  g_assert_cmpstr (ENTRY (closure, 2)->key, ==, "matplotlib");
  g_assert_cmpuint (closure->len, >, 3);
  for (guint i = 0; i < closure->len; i++)
    {
      RcClosureEntry *e = ENTRY (closure, i);

      has_dateutil |= strcmp (e->key, "python-dateutil") == 0;
      has_six |= strcmp (e->key, "six") == 0;
      g_assert_false (e->overlay);
      /* The npm distribution ships no package wheels; a full one has them all. */
      g_assert_cmpint (e->size, ==, rc_dist_lock_get_wheel_size (dist, e->file_name));
      g_assert_true (i < 3 ? e->required_by == NULL : e->required_by != NULL);
    }
  g_assert_true (has_dateutil);
  g_assert_true (has_six);

  again = rc_preload_closure (dist, NULL, preload);
  g_assert_cmpuint (again->len, ==, closure->len);
  for (guint i = 0; i < closure->len; i++)
    g_assert_cmpstr (ENTRY (again, i)->key, ==, ENTRY (closure, i)->key);
}

/* The scipy-demo example: its overlay wheel joins the stock packages. */
static void
test_real_distribution_with_overlay (void)
{
  const char *preload[] = { "numpy", "scipy", "matplotlib", "demo-stats", NULL };
  const char *source_dir = g_getenv ("RC_SOURCE_DIR") ? g_getenv ("RC_SOURCE_DIR") : RC_SOURCE_DIR;
  g_autofree char *dir = rc_paths_default_distribution ();
  g_autofree char *community =
      g_build_filename (source_dir, "data", "examples", "scipy-demo", NULL);
  g_autoptr (GPtrArray) diagnostics = rc_diagnostics_new ();
  g_autoptr (RcDistLock) dist = rc_dist_lock_load (dir, NULL);
  g_autoptr (RcLockOverlay) overlay = NULL;
  g_autoptr (GPtrArray) closure = NULL;
  g_autoptr (GPtrArray) stock = NULL;
  RcClosureEntry *last;

  if (dist == NULL)
    {
      g_test_fail_printf ("no Pyodide distribution (run tools/setup.sh)");
      return;
    }
  overlay = rc_lock_overlay_load (community, "runtime/scipy-demo-pyodide-lock.json", diagnostics);
  g_assert_true (rc_lock_overlay_is_verified (overlay));
  closure = rc_preload_closure (dist, overlay, preload);
  stock = rc_preload_closure (dist, NULL, preload);
  assert_closed (dist, closure);
  /* demo-stats depends only on packages already placed, so it adds exactly itself. */
  g_assert_cmpuint (closure->len, ==, stock->len + 1);
  last = ENTRY (closure, closure->len - 1);
  g_assert_cmpstr (last->key, ==, "demo-stats");
  g_assert_true (last->overlay);
  g_assert_null (last->required_by);
  g_assert_cmpint (last->size, >, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/closure/fixture-order", Fixture, NULL, fixture_setup, test_fixture_order,
              fixture_teardown);
  g_test_add ("/closure/without-overlay", Fixture, NULL, fixture_setup, test_without_overlay,
              fixture_teardown);
  g_test_add ("/closure/json", Fixture, NULL, fixture_setup, test_json, fixture_teardown);
  g_test_add ("/closure/format-size", Fixture, NULL, fixture_setup, test_format_size,
              fixture_teardown);
  g_test_add_func ("/closure/real-distribution", test_real_distribution);
  g_test_add_func ("/closure/real-distribution-with-overlay", test_real_distribution_with_overlay);
  return g_test_run ();
}
