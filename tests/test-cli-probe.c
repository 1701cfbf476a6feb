/* test-cli-probe.c: `runtime-console probe` for real on tests/fixtures/seal-probe, whose
 * seal_fixture package has submodules that import ctypes when they load: one probe (two
 * cold boots: the community as configured, then with the recommended list) whose JSON every
 * case reads. Under xvfb-run. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/wait.h>

static struct
{
  gboolean done;
  int status;
  char *out, *err;
  JsonNode *root;
  char *sha_before;
} shared;

static int
run_cli (const char *const *args, char **out, char **err)
{
  const char *binary = g_getenv ("RC_CONSOLE_BINARY");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_assert_nonnull (binary);
  g_ptr_array_add (argv, (char *) binary);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, 0, NULL, NULL, out, err, &status, &error);
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static char *
fixture (void)
{
  return g_build_filename (RC_SOURCE_DIR, "tests", "fixtures", "seal-probe", NULL);
}

static char *
config_sha (void)
{
  g_autofree char *dir = fixture ();
  g_autofree char *path = g_build_filename (dir, "config.yaml", NULL);
  g_autofree char *text = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text, len);
}

static JsonObject *
probed (void)
{
  g_autofree char *dir = fixture ();
  g_autoptr (GError) error = NULL;

  if (!shared.done)
    {
      shared.done = TRUE;
      shared.sha_before = config_sha ();
      shared.status =
          run_cli ((const char *[]){ "probe", dir, "--json", "--deadline", "120", NULL },
                   &shared.out, &shared.err);
      if (g_getenv ("RC_TEST_PRINT") != NULL)
        g_printerr ("%s\n%s\n", shared.out, shared.err);
      shared.root = json_from_string (shared.out, &error);
      if (error != NULL)
        g_printerr ("stdout: %s\nstderr: %s\n", shared.out, shared.err);
      g_assert_no_error (error);
    }
  return json_node_get_object (shared.root);
}

static JsonObject *
find_import (JsonObject *walk, const char *module)
{
  JsonArray *imports = json_object_get_array_member (walk, "imports");

  for (guint i = 0; i < json_array_get_length (imports); i++)
    {
      JsonObject *imp = json_array_get_object_element (imports, i);

      if (g_str_equal (json_object_get_string_member (imp, "module"), module))
        return imp;
    }
  return NULL;
}

/* The first walk finds the three modules that reach ctypes, and why. */
static void
test_failures (void)
{
  JsonObject *o = probed ();
  JsonObject *first = json_object_get_object_member (o, "first");
  JsonObject *ffi, *uses, *loader, *plain;
  JsonArray *stack;

  g_assert_cmpstr (json_object_get_string_member (o, "schema"), ==, "runtime-console/seal-probe");
  g_assert_cmpint (json_object_get_int_member (first, "failed"), ==, 3);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (first, "imports")), ==, 6);
  ffi = find_import (first, "seal_fixture.ffi");
  uses = find_import (first, "seal_fixture.uses_ffi");
  loader = find_import (first, "seal_fixture.native.loader");
  plain = find_import (first, "seal_fixture.plain");
  g_assert_nonnull (ffi);
  g_assert_nonnull (uses);
  g_assert_nonnull (loader);
  g_assert_nonnull (plain);
  g_assert_true (json_object_get_boolean_member (plain, "ok"));
  g_assert_true (json_object_get_boolean_member (find_import (first, "seal_fixture"), "ok"));
  g_assert_null (find_import (first, "seal_fixture._private")); /* private: not walked */
  g_assert_false (json_object_get_boolean_member (ffi, "ok"));
  g_assert_cmpstr (json_object_get_string_member (ffi, "reached"), ==, "ctypes");
  g_assert_nonnull (strstr (json_object_get_string_member (ffi, "error"), "ctypes"));
  /* through importlib.import_module ("ctypes.util"), not an import statement: the seal's
   * finder refuses its parent ctypes first */
  g_assert_false (json_object_get_boolean_member (loader, "ok"));
  g_assert_cmpstr (json_object_get_string_member (loader, "reached"), ==, "ctypes");
  stack = json_object_get_array_member (uses, "stack");
  g_assert_cmpuint (json_array_get_length (stack), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (stack, 0), ==, "seal_fixture.uses_ffi");
  g_assert_cmpstr (json_array_get_string_element (stack, 1), ==, "seal_fixture.ffi");
}

/* The recommendation is the smallest list, and the re-boot with it imports every module. */
static void
test_recommendation (void)
{
  JsonObject *o = probed ();
  JsonArray *rec = json_object_get_array_member (o, "recommended");
  JsonObject *checked = json_object_get_object_member (o, "checked");
  JsonObject *cost =
      json_object_get_object_member (json_object_get_object_member (o, "cost"), "recommended");
  g_autofree char *sha_after = config_sha ();

  g_assert_cmpint (shared.status, ==, 0);
  g_assert_true (json_object_get_boolean_member (o, "ok"));
  g_assert_true (json_object_get_null_member (o, "problem"));
  g_assert_cmpuint (json_array_get_length (rec), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (rec, 0), ==, "seal_fixture.ffi");
  g_assert_cmpstr (json_array_get_string_element (rec, 1), ==, "seal_fixture.native.loader");
  g_assert_cmpint (json_object_get_int_member (o, "boots"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (checked, "failed"), ==, 0);
  g_assert_true (
      json_object_get_boolean_member (find_import (checked, "seal_fixture.uses_ffi"), "ok"));
  /* the two import steps were timed; the heap was read */
  g_assert_cmpfloat (json_object_get_double_member (cost, "import_ms"), >, 0);
  g_assert_cmpfloat (json_object_get_double_member (cost, "boot_ms"), >, 0);
  g_assert_false (json_object_get_null_member (cost, "heap_bytes"));
  /* the candidate list reached the boot through the plan, never through the folder */
  g_assert_cmpstr (sha_after, ==, shared.sha_before);
  g_assert_nonnull (strstr (shared.err, "boot 2: cold, import_before_seal: [seal_fixture.ffi, "
                                        "seal_fixture.native.loader]"));
}

/* Without a boot: nothing preloaded is exit 1 with a problem; a bad option exit 2. */
static void
test_nothing_to_probe (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("rc-probe-XXXXXX", &error);
  g_autofree char *dir = g_build_filename (tmp, "empty", NULL);
  g_autofree char *config = g_build_filename (dir, "config.yaml", NULL);
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (config,
                                      "id: empty\nname: Empty\ndescription: Nothing preloaded.\n"
                                      "runtime:\n  python:\n    pyodide_version: \"0.29.5\"\n",
                                      -1, NULL));
  g_assert_cmpint (run_cli ((const char *[]){ "probe", dir, NULL }, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "preloads nothing"));
  g_assert_cmpint (
      run_cli ((const char *[]){ "probe", dir, "--worker", "nope", NULL }, &out2, &err2), ==, 2);
  g_assert_nonnull (strstr (err2, "--worker"));
  g_remove (config);
  g_rmdir (dir);
  g_rmdir (tmp);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/probe/failures", test_failures);
  g_test_add_func ("/probe/recommendation", test_recommendation);
  g_test_add_func ("/probe/nothing-to-probe", test_nothing_to_probe);
  status = g_test_run ();
  g_clear_pointer (&shared.root, json_node_unref);
  g_free (shared.out);
  g_free (shared.err);
  g_free (shared.sha_before);
  return status;
}
