/* test-cli-bundle.c: `runtime-console bundle` (issue 14). The zip is read back with
 * libarchive and unpacked into a temporary folder; `validate` accepts the community folder it
 * holds, and (run with --replay, in the boot suite) `boot` with the command the bundle
 * records replays it. The rc-bundle.h parts are checked without the binary. */
#include "config.h"

#include <archive.h>
#include <archive_entry.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sys/stat.h>

#include "core/export/rc-bundle.h"
#include "core/measurement/rc-measurement.h"
#include "rc-test-files.h"

static char *
source_path (const char *first, ...)
{
  va_list args;
  g_autoptr (GPtrArray) parts = g_ptr_array_new ();
  const char *p;

  g_ptr_array_add (parts, (gpointer) RC_SOURCE_DIR);
  va_start (args, first);
  for (p = first; p != NULL; p = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) p);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

/* Runs the console with @argv (NULL-terminated, without the binary) in @cwd; returns the exit
 * status and fills @out/@err. */
static int
run_console (const char *cwd, const char *const *args, char **out, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocessLauncher) launcher =
      g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (g_getenv ("RC_BINARY"));
  g_ptr_array_add (argv, (gpointer) g_getenv ("RC_BINARY"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (cwd != NULL)
    g_subprocess_launcher_set_cwd (launcher, cwd);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, out, err, &error);
  g_assert_no_error (error);
  return g_subprocess_get_exit_status (process);
}

/* Reads the zip with libarchive into @dir; returns the entry names in order. */
static GPtrArray *
unpack (const char *zip, const char *dir)
{
  struct archive *a = archive_read_new ();
  struct archive_entry *entry;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  int r;

  archive_read_support_format_zip (a);
  g_assert_cmpint (archive_read_open_filename (a, zip, 16384), ==, ARCHIVE_OK);
  while ((r = archive_read_next_header (a, &entry)) == ARCHIVE_OK)
    {
      const char *name = archive_entry_pathname (entry);
      g_autoptr (GByteArray) data = g_byte_array_new ();
      char buffer[16384];
      la_ssize_t n;

      g_assert_false (g_path_is_absolute (name));
      g_assert_null (strstr (name, ".."));
      while ((n = archive_read_data (a, buffer, sizeof buffer)) > 0)
        g_byte_array_append (data, (const guint8 *) buffer, (guint) n);
      g_assert_cmpint (n, ==, 0);
      g_assert_cmpint (archive_entry_size (entry), ==, data->len);
      rc_test_write_file (dir, name, data->data, data->len);
      g_ptr_array_add (names, g_strdup (name));
    }
  g_assert_cmpint (r, ==, ARCHIVE_EOF);
  g_assert_cmpint (archive_read_free (a), ==, ARCHIVE_OK);
  return names;
}

/* Bundles the demo with the charts fixture's report into @tmp/repro.zip and unpacks it into
 * @tmp/repro. */
static GPtrArray *
bundle_demo (const char *tmp, char **unpacked)
{
  g_autofree char *demo = source_path ("data", "examples", "demo", NULL);
  g_autofree char *report = source_path ("tests", "fixtures", "charts", "demo-report.json", NULL);
  g_autofree char *zip = g_build_filename (tmp, "repro.zip", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "bundle", demo, "-o", zip, "--report", report, NULL };
  int status = run_console (NULL, args, &out, &err);

  if (status != 0)
    g_printerr ("%s%s", out, err);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_str_has_prefix (out, "bundle: "));
  *unpacked = g_build_filename (tmp, "repro", NULL);
  return unpack (zip, *unpacked);
}

static char *
read_text (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static JsonNode *
read_json (const char *dir, const char *name)
{
  g_autofree char *text = read_text (dir, name);
  g_autoptr (GError) error = NULL;
  JsonNode *node = json_from_string (text, &error);

  g_assert_no_error (error);
  return node;
}

static void
test_contents (void)
{
  g_autofree char *tmp = rc_test_make_tmp ("rc-bundle");
  g_autofree char *dir = NULL;
  g_autoptr (GPtrArray) names = bundle_demo (tmp, &dir);
  static const char *const expected[] = {
    "demo/config.yaml",
    "demo/runtime/demo-pyodide-lock.json",
    "demo/runtime/wheels/demo_helpers-0.1.1-py3-none-any.whl",
    "report.json",
    "report.har",
    "charts/timeline.svg",
    "charts/heap.svg",
    "charts/bytes.svg",
    "charts/runs.svg",
    "policy.txt",
    "environment.json",
    "README.md",
  };
  g_autofree char *report = source_path ("tests", "fixtures", "charts", "demo-report.json", NULL);
  g_autofree char *original = NULL, *copy = NULL, *readme = NULL, *svg = NULL, *policy = NULL;
  g_autoptr (JsonNode) env = NULL, har = NULL;
  g_autoptr (GPtrArray) replay = g_ptr_array_new ();
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *wheel_a = NULL, *wheel_b = NULL;
  JsonArray *argv;

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_true (g_ptr_array_find_with_equal_func (names, expected[i], g_str_equal, NULL));
  g_file_get_contents (report, &original, NULL, NULL);
  copy = read_text (dir, "report.json");
  g_assert_cmpstr (copy, ==, original);
  {
    g_autofree char *src = source_path ("data", "examples", "demo", "runtime", "wheels",
                                        "demo_helpers-0.1.1-py3-none-any.whl", NULL);
    g_autofree char *unpacked =
        g_build_filename (dir, "demo/runtime/wheels/demo_helpers-0.1.1-py3-none-any.whl", NULL);
    gsize la, lb;

    g_file_get_contents (src, &wheel_a, &la, NULL);
    g_file_get_contents (unpacked, &wheel_b, &lb, NULL);
    g_assert_cmpmem (wheel_a, la, wheel_b, lb);
  }
  har = read_json (dir, "report.har");
  g_assert_cmpstr (
      json_object_get_string_member (
          json_object_get_object_member (json_node_get_object (har), "log"), "version"),
      ==, "1.2");
  svg = read_text (dir, "charts/timeline.svg");
  g_assert_nonnull (strstr (svg, "<svg"));
  policy = read_text (dir, "policy.txt");
  g_assert_nonnull (strstr (policy, "wasm-unsafe-eval"));
  env = read_json (dir, "environment.json");
  argv = json_object_get_array_member (json_node_get_object (env), "replay");
  for (guint i = 0; i < json_array_get_length (argv); i++)
    g_ptr_array_add (replay, (gpointer) json_array_get_string_element (argv, i));
  g_ptr_array_add (replay, NULL);
  g_assert_cmpstrv (
      (const char *const *) replay->pdata,
      ((const char *const[]){ "runtime-console", "boot", "demo", "--csp", "nemarlike", "--worker",
                              "builtin", "--deployment", "production", NULL }));
  readme = read_text (dir, "README.md");
  g_assert_nonnull (strstr (readme, "    runtime-console boot demo --csp nemarlike --worker "
                                    "builtin --deployment production\n"));
  g_assert_nonnull (strstr (readme, "- `cold-1`: ready in"));
  /* The unpacked folder is a community validate accepts. */
  {
    const char *args[] = { "validate", "demo", NULL };

    g_assert_cmpint (run_console (dir, args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "demo: valid (0 errors"));
  }
  rc_test_remove_tree (tmp);
}

static void
test_refusals (void)
{
  g_autofree char *tmp = rc_test_make_tmp ("rc-bundle");
  g_autofree char *demo = source_path ("data", "examples", "demo", NULL);
  g_autofree char *zip = g_build_filename (tmp, "x.zip", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *nowhere = g_build_filename (tmp, "nowhere", NULL);
  const char *no_output[] = { "bundle", demo, NULL };
  const char *no_report[] = { "bundle", demo, "-o", zip, NULL };

  g_setenv ("RC_HISTORY_DIR", tmp, TRUE);
  g_assert_cmpint (run_console (NULL, no_output, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "-o FILE"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* No --report and nothing in the history: nothing to bundle, and no zip. */
  g_assert_cmpint (run_console (NULL, no_report, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "--report"));
  g_assert_false (g_file_test (zip, G_FILE_TEST_EXISTS));
  {
    g_autofree char *report = source_path ("tests", "fixtures", "charts", "demo-report.json", NULL);
    g_autofree char *bad_out = g_build_filename (nowhere, "x.zip", NULL);
    const char *args[] = { "bundle", demo, "-o", bad_out, "--report", report, NULL };

    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_console (NULL, args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "cannot write"));
  }
  {
    /* Never into the community folder. */
    g_autofree char *copy = g_build_filename (tmp, "demo", NULL);
    g_autofree char *inside = g_build_filename (copy, "runtime", "repro.zip", NULL);
    g_autofree char *report = source_path ("tests", "fixtures", "charts", "demo-report.json", NULL);
    const char *args[] = { "bundle", copy, "-o", inside, "--report", report, NULL };

    rc_test_write_file (copy, "config.yaml", "id: demo\n", -1);
    rc_test_write_file (copy, "runtime/x", "", 0);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_console (NULL, args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "inside the community folder"));
    g_assert_false (g_file_test (inside, G_FILE_TEST_EXISTS));
  }
  rc_test_remove_tree (tmp);
}

static void
test_replay_argv (void)
{
  g_auto (RcBundleReplay) r = { 0 };
  g_auto (GStrv) argv = NULL;

  r.folder = g_strdup ("demo");
  r.policy_name = g_strdup ("custom");
  r.policy_text = g_strdup ("script-src 'self'");
  r.worker = g_strdup ("osa");
  r.deployment = g_strdup ("develop");
  r.distribution = g_strdup ("live");
  argv = rc_bundle_replay_argv (&r);
  g_assert_cmpstrv (argv, ((const char *const[]){ "runtime-console", "boot", "demo", "--csp-text",
                                                  "script-src 'self'", "--worker", "osa",
                                                  "--deployment", "develop", "--live", NULL }));
  g_clear_pointer (&argv, g_strfreev);
  /* the window's derived "community" policy is no preset boot knows: its text goes instead */
  g_free (r.policy_name);
  r.policy_name = g_strdup ("community");
  argv = rc_bundle_replay_argv (&r);
  g_assert_cmpstr (argv[3], ==, "--csp-text");
  g_assert_cmpstr (argv[4], ==, "script-src 'self'");
  g_clear_pointer (&argv, g_strfreev);
  g_free (r.policy_name);
  r.policy_name = g_strdup ("nemarlike");
  argv = rc_bundle_replay_argv (&r);
  g_assert_cmpstr (argv[3], ==, "--csp");
  g_assert_cmpstr (argv[4], ==, "nemarlike");
}

/* The boot suite's part: the unpacked bundle boots with the command it records. */
static void
test_replay_boots (void)
{
  g_autofree char *tmp = rc_test_make_tmp ("rc-bundle");
  g_autofree char *dir = NULL;
  g_autoptr (GPtrArray) names = bundle_demo (tmp, &dir);
  g_autoptr (JsonNode) env = read_json (dir, "environment.json");
  JsonArray *replay = json_object_get_array_member (json_node_get_object (env), "replay");
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_autofree char *out = NULL, *err = NULL;
  int status;

  g_assert_cmpstr (json_array_get_string_element (replay, 0), ==, "runtime-console");
  for (guint i = 1; i < json_array_get_length (replay); i++)
    g_ptr_array_add (args, (gpointer) json_array_get_string_element (replay, i));
  g_ptr_array_add (args, NULL);
  status = run_console (dir, (const char *const *) args->pdata, &out, &err);
  if (status != 0)
    g_printerr ("%s\n%s", out, err);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "READY: Pyodide 0.29.5"));
  rc_test_remove_tree (tmp);
}

/* The zip is the user's file: 0666 less their umask, not mkstemp's 0600 (issue 23). */
static void
test_mode_follows_umask (void)
{
  static const mode_t masks[] = { 022, 002 };
  g_autofree char *demo = source_path ("data", "examples", "demo", NULL);
  g_autofree char *report = source_path ("tests", "fixtures", "charts", "demo-report.json", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (masks); i++)
    {
      g_autofree char *tmp = rc_test_make_tmp ("rc-bundle-mode");
      g_autofree char *zip = g_build_filename (tmp, "repro.zip", NULL);
      g_autofree char *out = NULL, *err = NULL;
      const char *args[] = { "bundle", demo, "-o", zip, "--report", report, NULL };
      mode_t old = umask (masks[i]); /* the child inherits it */
      int status = run_console (NULL, args, &out, &err);
      GStatBuf st;

      umask (old);
      if (status != 0)
        g_printerr ("%s%s", out, err);
      g_assert_cmpint (status, ==, 0);
      g_assert_cmpint (g_stat (zip, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 0777, ==, 0666 & ~masks[i]);
      rc_test_remove_tree (tmp);
    }
}

int
main (int argc, char **argv)
{
  gboolean replay = argc > 1 && g_str_equal (argv[argc - 1], "--replay");

  if (replay)
    argc--;
  g_test_init (&argc, &argv, NULL);
  if (replay)
    g_test_add_func ("/bundle/replay-boots", test_replay_boots);
  else
    {
      g_test_add_func ("/bundle/contents", test_contents);
      g_test_add_func ("/bundle/mode-follows-umask", test_mode_follows_umask);
      g_test_add_func ("/bundle/refusals", test_refusals);
      g_test_add_func ("/bundle/replay-argv", test_replay_argv);
    }
  return g_test_run ();
}
