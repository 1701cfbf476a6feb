/* test-window-bundle.c: the Boot page's boot.save-bundle (issue 14). The page shows a saved
 * report (no boot), the action writes the bundle to a chosen path (its parameter: the file
 * dialog skipped) from a thread, and the zip, read back with libarchive, holds the same entries
 * as `runtime-console bundle` writes for the same report; an output inside the community
 * folder is refused with a toast saying why, and nothing is written there.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <archive.h>
#include <archive_entry.h>

#include "rc-test-files.h"
#include "rc-test-ui.h"
#include "rc-test-window.h"

typedef struct
{
  char *text;
  gboolean seen;
} Toast;

static void
toast_cb (RcBootPane *pane, const char *text, Toast *toast)
{
  g_free (toast->text);
  toast->text = g_strdup (text);
  toast->seen = TRUE;
}

/* Activates boot.save-bundle with @path as the menu would after the dialog; returns the toast. */
static char *
save_bundle (RcBootPane *pane, const char *path)
{
  Toast toast = { 0 };
  gulong id = g_signal_connect (pane, "toast", G_CALLBACK (toast_cb), &toast);

  g_action_group_activate_action (rc_boot_pane_get_actions (pane), "save-bundle",
                                  g_variant_new_string (path));
  g_assert_true (rc_test_wait_for (&toast.seen, 60));
  g_signal_handler_disconnect (pane, id);
  return toast.text;
}

/* The entry names of the zip at @path, in order, and (when @report_json is not NULL) the
 * report.json it holds. */
static GPtrArray *
read_names (const char *path, char **report_json)
{
  struct archive *a = archive_read_new ();
  struct archive_entry *entry;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  int r;

  archive_read_support_format_zip (a);
  g_assert_cmpint (archive_read_open_filename (a, path, 16384), ==, ARCHIVE_OK);
  while ((r = archive_read_next_header (a, &entry)) == ARCHIVE_OK)
    {
      g_autoptr (GByteArray) data = g_byte_array_new ();
      char buffer[16384];
      la_ssize_t n;

      g_ptr_array_add (names, g_strdup (archive_entry_pathname (entry)));
      while ((n = archive_read_data (a, buffer, sizeof buffer)) > 0)
        g_byte_array_append (data, (const guint8 *) buffer, (guint) n);
      g_assert_cmpint (n, ==, 0);
      g_assert_cmpint (archive_entry_size (entry), ==, data->len);
      if (report_json != NULL && g_str_equal (archive_entry_pathname (entry), "report.json"))
        *report_json = g_strndup ((const char *) data->data, data->len);
    }
  g_assert_cmpint (r, ==, ARCHIVE_EOF);
  archive_read_free (a);
  return names;
}

static void
cli_bundle (const char *dir, const char *report, const char *zip)
{
  const char *argv[] = {
    g_getenv ("RC_BINARY"), "bundle", dir, "-o", zip, "--report", report, NULL
  };
  g_autoptr (GError) error = NULL;
  int status = -1;

  g_assert_nonnull (argv[0]);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static void
test_window_save_bundle (void)
{
  g_autofree char *dir = rc_test_copy_tree ("data/examples/demo");
  g_autofree char *report = g_build_filename (g_getenv ("RC_SOURCE_DIR"), "tests", "fixtures",
                                              "charts", "demo-report.json", NULL);
  g_autofree char *tmp = rc_test_make_tmp ("rc-window-bundle");
  g_autofree char *ours = g_build_filename (tmp, "window.zip", NULL);
  g_autofree char *theirs = g_build_filename (tmp, "cli.zip", NULL);
  g_autofree char *inside = g_build_filename (dir, "repro.zip", NULL);
  g_autofree char *toast = NULL, *refused = NULL, *our_json = NULL, *their_json = NULL;
  g_autoptr (GPtrArray) our_names = NULL, their_names = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (report);
  g_autoptr (GError) error = NULL;
  RcWindow *window = rc_test_open_window_at (dir);
  RcBootPane *pane = rc_test_window_child (window, "boot_pane");
  GActionGroup *actions = rc_boot_pane_get_actions (pane);

  /* No report yet: nothing to bundle. */
  g_assert_false (g_action_group_get_action_enabled (actions, "save-bundle"));
  g_assert_true (rc_boot_pane_open_report (pane, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_action_group_get_action_enabled (actions, "save-bundle"));

  /* The fixture's report records a config.yaml sha256 that is not the demo's: the toast says
   * so, as `bundle` warns. */
  toast = save_bundle (pane, ours);
  g_assert_true (g_str_has_prefix (toast, "Saved window.zip, but "));
  g_assert_nonnull (strstr (toast, "another config.yaml"));
  cli_bundle (dir, report, theirs);
  our_names = read_names (ours, &our_json);
  their_names = read_names (theirs, &their_json);
  g_assert_cmpuint (our_names->len, >=, 10);
  g_assert_true (
      g_ptr_array_find_with_equal_func (our_names, "charts/timeline.svg", g_str_equal, NULL));
  g_assert_true (
      g_ptr_array_find_with_equal_func (our_names, "demo/config.yaml", g_str_equal, NULL));
  g_assert_cmpuint (our_names->len, ==, their_names->len);
  for (guint i = 0; i < our_names->len; i++)
    g_assert_cmpstr (our_names->pdata[i], ==, their_names->pdata[i]);
  /* The page's report is the one the CLI bundled. */
  {
    g_autoptr (RcMeasurement) a = rc_measurement_load_data (our_json, strlen (our_json), "a", NULL);
    g_autoptr (RcMeasurement) b =
        rc_measurement_load_data (their_json, strlen (their_json), "b", NULL);
    g_autofree char *ja = rc_measurement_to_json_string (a);
    g_autofree char *jb = rc_measurement_to_json_string (b);

    g_assert_cmpstr (ja, ==, jb);
  }

  /* Inside the community folder: refused, said why, nothing written there. */
  refused = save_bundle (pane, inside);
  g_assert_nonnull (strstr (refused, "inside the community folder"));
  g_assert_false (g_file_test (inside, G_FILE_TEST_EXISTS));

  gtk_window_destroy (GTK_WINDOW (window));
  rc_test_remove_tree (tmp);
  rc_test_remove_copy (dir);
}

int
main (int argc, char **argv)
{
  rc_test_window_init (&argc, &argv);
  g_test_add_func ("/ui/window/save-bundle", test_window_save_bundle);
  return rc_test_window_run ();
}
