/* test-boot-plan.c: the plan the host page boots, built from the community model (no engine). */
#include "config.h"

#include <glib/gstdio.h>

#include "core/plan/rc-boot-plan.h"

#define API "https://widget.osc.earth"
#define CDN "https://cdn.jsdelivr.net/pyodide/v0.29.5/full/"

static RcCommunity *
load_demo (void)
{
  g_autofree char *dir = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  g_autoptr (GError) error = NULL;
  RcCommunity *community = rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);

  g_assert_no_error (error);
  return community;
}

static void
test_demo_plan (void)
{
  g_autoptr (RcCommunity) community = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autofree char *note = NULL;
  g_autoptr (JsonObject) plan =
      rc_boot_plan_build (community, RC_DEPLOYMENT_PRODUCTION, API, "builtin", &note, &error);
  JsonObject *lock;
  JsonObject *runtime;
  g_autoptr (GPtrArray) urls = NULL;
  g_autofree char *index_url = NULL;
  g_auto (GStrv) fetch_allow = NULL;
  const char *last;

  g_assert_no_error (error);
  g_assert_nonnull (plan);
  g_assert_null (note);
  g_assert_cmpstr (json_object_get_string_member (plan, "worker"), ==, "builtin");
  g_assert_false (json_object_has_member (plan, "bundle"));
  runtime = json_object_get_object_member (plan, "runtime");
  g_assert_cmpstr (json_object_get_string_member (runtime, "pyodide_version"), ==, "0.29.5");
  /* The lock overlay travels with the wheel base OSA's widget builds: {api}/{id}/runtime/. */
  lock = json_object_get_object_member (plan, "lock");
  g_assert_cmpstr (json_object_get_string_member (lock, "baseUrl"), ==, API "/demo/runtime/");
  g_assert_true (
      json_object_has_member (json_object_get_object_member (lock, "packages"), "demo-helpers"));
  index_url = rc_boot_plan_index_url (plan);
  g_assert_cmpstr (index_url, ==, CDN);
  fetch_allow = rc_boot_plan_fetch_allow (plan);
  g_assert_cmpuint (g_strv_length (fetch_allow), >=, 1);

  /* The page files, the stock lock (read before pyodide.js with an overlay), the interpreter,
   * then the overlay wheel. */
  urls = rc_boot_plan_expected_urls (plan, "https://community.test");
  g_assert_cmpstr (g_ptr_array_index (urls, 0), ==, "https://community.test/index.html");
  g_assert_cmpstr (g_ptr_array_index (urls, 5), ==, CDN "pyodide-lock.json");
  g_assert_cmpstr (g_ptr_array_index (urls, 6), ==, CDN "pyodide.js");
  last = g_ptr_array_index (urls, urls->len - 1);
  g_assert_cmpstr (last, ==, API "/demo/runtime/demo_helpers-0.1.1-py3-none-any.whl");

  /* The changed-wheel scenario renames the lock entry's file. */
  g_assert_cmpuint (rc_boot_plan_rename_wheel (plan, "demo_helpers-0.1.1-py3-none-any.whl",
                                               "demo_helpers-0.1.1-1-py3-none-any.whl"),
                    ==, 1);
  g_clear_pointer (&urls, g_ptr_array_unref);
  urls = rc_boot_plan_expected_urls (plan, "https://community.test");
  last = g_ptr_array_index (urls, urls->len - 1);
  g_assert_cmpstr (last, ==, API "/demo/runtime/demo_helpers-0.1.1-1-py3-none-any.whl");
}

static void
test_osa_plan (void)
{
  g_autoptr (RcCommunity) community = load_demo ();
  g_autoptr (JsonObject) plan =
      rc_boot_plan_build (community, RC_DEPLOYMENT_PRODUCTION, API, "osa", NULL, NULL);
  g_autoptr (GPtrArray) urls = rc_boot_plan_expected_urls (plan, "https://p.test");
  gboolean bundle = FALSE, worker = FALSE;

  g_assert_cmpstr (json_object_get_string_member (plan, "bundle"), ==, "/osa-runtime.bundle.js");
  for (guint i = 0; i < urls->len; i++)
    {
      bundle |= g_str_equal (g_ptr_array_index (urls, i), "https://p.test/osa-runtime.bundle.js");
      worker |= g_str_equal (g_ptr_array_index (urls, i), "https://p.test/worker.js");
    }
  g_assert_true (bundle);
  g_assert_false (worker);
}

static void
test_no_runtime (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rc-plan-XXXXXX", NULL);
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);
  g_autofree char *name = g_path_get_basename (dir);
  g_autofree char *text = g_strdup_printf ("id: %s\nname: x\ndescription: No runtime.\n", name);
  g_autoptr (RcCommunity) community = NULL;
  g_autoptr (GError) error = NULL;
  JsonObject *plan;

  g_assert_true (g_file_set_contents (config, text, -1, NULL));
  community = rc_community_load (dir, NULL, RC_DEPLOYMENT_PRODUCTION, &error);
  g_assert_no_error (error);
  plan = rc_boot_plan_build (community, RC_DEPLOYMENT_PRODUCTION, API, "builtin", NULL, &error);
  g_assert_null (plan);
  g_assert_error (error, RC_BOOT_PLAN_ERROR, RC_BOOT_PLAN_ERROR_NO_RUNTIME);
  g_assert_nonnull (strstr (error->message, "has no runtime.python"));
  g_unlink (config);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/boot-plan/demo", test_demo_plan);
  g_test_add_func ("/boot-plan/osa", test_osa_plan);
  g_test_add_func ("/boot-plan/no-runtime", test_no_runtime);
  return g_test_run ();
}
