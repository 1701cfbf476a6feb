/* test-wheel-abi.c: overlay wheels against a distribution's ABI (rc-wheel-abi.h), with the real
 * locks of Pyodide 0.29.5 and of the candidate 314.0.8 (tools/setup.sh --pyodide 314.0.8; CI's
 * README command fetches it). A missing candidate fails the test, naming the command.
 */
#include "config.h"

#include "core/base/rc-paths.h"
#include "core/model/rc-wheel-abi.h"
#include "validator-fixture.h"

#define CANDIDATE "314.0.8"

static RcDistLock *
load_lock (const char *version)
{
  g_autofree char *dir = rc_paths_distribution_for (version);
  g_autoptr (GError) error = NULL;
  RcDistLock *lock = rc_dist_lock_load (dir, &error);

  if (lock == NULL)
    g_test_fail_printf ("no Pyodide %s distribution at %s (run tools/setup.sh --pyodide %s): %s",
                        version, dir, version, error->message);
  return lock;
}

static void
test_tags (void)
{
  static const char *const cases[][2] = {
    { "demo_helpers-0.1.1-py3-none-any.whl", "any" },
    { "numpy-2.2.5-cp313-cp313-pyodide_2025_0_wasm32.whl", "pyodide_2025_0_wasm32" },
    { "aiohttp-3.13.5-cp314-cp314-pyemscripten_2026_0_wasm32.whl", "pyemscripten_2026_0_wasm32" },
    { "x-1.0-1build-cp313-abi3-emscripten_4_0_9_wasm32.whl", "emscripten_4_0_9_wasm32" },
    { "libgeos-3.12.1.zip", NULL },
    { "x-1.0.whl", NULL },
    { "x-1-2-3-4-5-6-7.whl", NULL },
    { NULL, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *tag = rc_wheel_platform_tag (cases[i][0]);

      g_assert_cmpstr (tag, ==, cases[i][1]);
    }
  g_assert_true (rc_wheel_platform_fits ("any", "2026_0", "emscripten_5_0_3"));
  g_assert_true (rc_wheel_platform_fits ("pyodide_2025_0_wasm32", "2025_0", "emscripten_4_0_9"));
  g_assert_true (rc_wheel_platform_fits ("emscripten_4_0_9_wasm32", "2025_0", "emscripten_4_0_9"));
  g_assert_false (rc_wheel_platform_fits ("pyodide_2025_0_wasm32", "2026_0", "emscripten_5_0_3"));
  g_assert_false (rc_wheel_platform_fits ("emscripten_4_0_9_wasm32", "2026_0", "emscripten_5_0_3"));
  g_assert_false (rc_wheel_platform_fits ("manylinux_2_17_x86_64", "2025_0", "emscripten_4_0_9"));
  /* a compressed tag set fits when one of its tags does */
  g_assert_true (rc_wheel_platform_fits ("pyodide_2025_0_wasm32.pyemscripten_2026_0_wasm32",
                                         "2026_0", "emscripten_5_0_3"));
}

/* What changed in the lock between the two: info's abi_version and platform, and every binary
 * wheel of 314 carries the new tag (read from the real locks, not assumed). */
static void
test_real_locks (void)
{
  g_autoptr (RcDistLock) pinned = load_lock (PYODIDE_VERSION);
  g_autoptr (RcDistLock) candidate = load_lock (CANDIDATE);
  g_autofree char *expected = NULL;
  guint binary = 0;

  if (pinned == NULL || candidate == NULL)
    return;
  g_assert_cmpstr (rc_dist_lock_get_abi_version (pinned), ==, "2025_0");
  g_assert_cmpstr (rc_dist_lock_get_platform (pinned), ==, "emscripten_4_0_9");
  g_assert_cmpstr (rc_dist_lock_get_abi_version (candidate), ==, "2026_0");
  g_assert_cmpstr (rc_dist_lock_get_platform (candidate), ==, "emscripten_5_0_3");
  g_assert_true (g_str_has_prefix (rc_dist_lock_get_python_version (candidate), "3.14."));
  expected = rc_wheel_expected_tag (candidate);
  g_assert_cmpstr (expected, ==, "pyemscripten_2026_0_wasm32");
  for (const char *const *k = rc_dist_lock_get_keys (candidate); *k != NULL; k++)
    {
      const char *file = json_object_get_string_member_with_default (
          rc_dist_lock_lookup (candidate, *k), "file_name", NULL);
      g_autofree char *tag = rc_wheel_platform_tag (file);

      if (tag == NULL || g_str_equal (tag, "any"))
        continue;
      binary++;
      g_assert_true (rc_wheel_platform_fits (tag, "2026_0", "emscripten_5_0_3"));
      g_assert_false (rc_wheel_platform_fits (tag, "2025_0", "emscripten_4_0_9"));
    }
  g_assert_cmpuint (binary, >, 50);
}

/* A community whose overlay names a wheel built for 0.29's ABI. */
static char *
abi_community (void)
{
  g_autofree char *dir =
      make_community ("demo", BASE "    lockfile: runtime/demo-pyodide-lock.json\n");
  const char *bytes = "hashed, not a zip";
  g_autofree char *sha = g_compute_checksum_for_string (G_CHECKSUM_SHA256, bytes, -1);
  g_autofree char *json = g_strdup_printf (
      "{\"packages\": {\n  \"fastmath\": {\"name\": \"fastmath\", \"version\": \"1.0\",\n"
      "    \"file_name\": \"fastmath-1.0-cp313-cp313-pyodide_2025_0_wasm32.whl\",\n"
      "    \"package_type\": \"package\", \"install_dir\": \"site\", \"sha256\": \"%s\",\n"
      "    \"imports\": [\"fastmath\"], \"depends\": []}}}\n",
      sha);

  rc_test_write_file (dir, "runtime/wheels/fastmath-1.0-cp313-cp313-pyodide_2025_0_wasm32.whl",
                      bytes, -1);
  rc_test_write_file (dir, "runtime/demo-pyodide-lock.json", json, -1);
  return g_steal_pointer (&dir);
}

static const RcDiagnostic *
find_rule (RcCommunity *community, const char *rule)
{
  GPtrArray *list = rc_community_get_diagnostics (community);

  for (guint i = 0; i < list->len; i++)
    if (g_str_equal (((RcDiagnostic *) list->pdata[i])->rule, rule))
      return list->pdata[i];
  return NULL;
}

static void
test_overlay (void)
{
  g_autofree char *dir = abi_community ();
  g_autofree char *candidate_dir = rc_paths_distribution_for (CANDIDATE);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) pinned = NULL;
  g_autoptr (RcCommunity) candidate = NULL;
  const RcDiagnostic *d;

  if (!have_distribution () || !g_file_test (candidate_dir, G_FILE_TEST_IS_DIR))
    {
      g_test_fail_printf ("no Pyodide %s at %s (run tools/setup.sh --pyodide %s)", CANDIDATE,
                          candidate_dir, CANDIDATE);
      return;
    }
  /* under 0.29.5 the wheel fits: OSA's own name rule alone refuses it */
  pinned = rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_assert_no_error (error);
  g_assert_nonnull (find_rule (pinned, "overlay-wheel-name"));
  g_assert_null (find_rule (pinned, "overlay-wheel-abi"));

  candidate = rc_community_load (dir, candidate_dir, RC_DEPLOYMENT_PRODUCTION, &error);
  g_assert_no_error (error);
  d = find_rule (candidate, "overlay-wheel-abi");
  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, RC_SEVERITY_ERROR);
  g_assert_cmpstr (d->file, ==, "runtime/demo-pyodide-lock.json");
  g_assert_cmpstr (d->path, ==, "packages.fastmath.file_name");
  g_assert_cmpuint (d->line, ==, 3);
  /* both tags, and the Python the candidate runs */
  g_assert_nonnull (strstr (d->message, "pyodide_2025_0_wasm32"));
  g_assert_nonnull (strstr (d->message, "pyemscripten_2026_0_wasm32"));
  g_assert_nonnull (strstr (d->message, "Python 3.14"));
  g_assert_nonnull (strstr (d->hint, "pyemscripten_2026_0_wasm32"));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  fixture_init ();
  g_test_add_func ("/wheel-abi/tags", test_tags);
  g_test_add_func ("/wheel-abi/real-locks", test_real_locks);
  g_test_add_func ("/wheel-abi/overlay", test_overlay);
  status = g_test_run ();
  fixture_cleanup ();
  return status;
}
