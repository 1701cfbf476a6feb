/* test-diagnostic.c: diagnostics format and sort as the CLI contract says. */
#include "config.h"

#include "core/base/rc-diagnostic.h"

static void
test_format (void)
{
  g_autoptr (RcDiagnostic) d = rc_diagnostic_new (
      RC_SEVERITY_ERROR, "config.yaml", 12, 7, "runtime.python.import_before_seal[1]",
      "import-before-seal-duplicate", "'scipy.stats' is named twice", "Remove the second entry.");
  g_autofree char *line = rc_diagnostic_format (d);
  g_autoptr (JsonNode) node = rc_diagnostic_to_json (d);
  JsonObject *o = json_node_get_object (node);

  g_assert_cmpstr (line, ==,
                   "config.yaml:12:7: error: runtime.python.import_before_seal[1]: "
                   "'scipy.stats' is named twice");
  g_assert_cmpstr (json_object_get_string_member (o, "severity"), ==, "error");
  g_assert_cmpint (json_object_get_int_member (o, "line"), ==, 12);
  g_assert_cmpint (json_object_get_int_member (o, "column"), ==, 7);
  g_assert_cmpstr (json_object_get_string_member (o, "rule"), ==, "import-before-seal-duplicate");
}

static void
test_sort_stable (void)
{
  g_autoptr (GPtrArray) list = rc_diagnostics_new ();

  rc_diagnostics_add (list, RC_SEVERITY_NOTE, "config.yaml", 9, 1, "b", "r2", NULL, "second");
  rc_diagnostics_add (list, RC_SEVERITY_ERROR, "config.yaml", 3, 5, "a", "r1", NULL, "first");
  rc_diagnostics_add (list, RC_SEVERITY_ERROR, "config.yaml", 9, 1, "c", "r3", NULL, "third");
  rc_diagnostics_sort (list);
  g_assert_cmpstr (((RcDiagnostic *) list->pdata[0])->rule, ==, "r1");
  g_assert_cmpstr (((RcDiagnostic *) list->pdata[1])->rule, ==, "r2");
  g_assert_cmpstr (((RcDiagnostic *) list->pdata[2])->rule, ==, "r3");
  g_assert_cmpuint (rc_diagnostics_count (list, RC_SEVERITY_ERROR), ==, 2);
  g_assert_nonnull (rc_diagnostics_find_rule (list, "r3"));
  g_assert_null (rc_diagnostics_find_rule (list, "nope"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/diagnostic/format", test_format);
  g_test_add_func ("/diagnostic/sort-stable", test_sort_stable);
  return g_test_run ();
}
