/* test-seal-walk.c: parsing the seal probe's walk and the import_before_seal cover. */
#include "config.h"

#include <string.h>

#include "core/seal/rc-seal-walk.h"

/* What seal-walk.py wrote for tests/fixtures/seal-probe, plus a SciPy-like package whose
 * __init__ reaches ctypes through a private module and a module failing for another reason. */
static const char walk_json[] =
    "{\"packages\":[{\"name\":\"seal_fixture\",\"found\":true,\"error\":null,\"modules\":6},"
    "{\"name\":\"scipy\",\"found\":true,\"error\":null,\"modules\":3},"
    "{\"name\":\"absent\",\"found\":false,\"error\":null,\"modules\":0}],"
    "\"imports\":["
    "{\"module\":\"seal_fixture\",\"ok\":true,\"error\":null,\"reached\":null,\"stack\":[]},"
    "{\"module\":\"seal_fixture.ffi\",\"ok\":false,\"error\":\"ImportError: 'ctypes' is not "
    "available to executed code.\",\"reached\":\"ctypes\",\"stack\":[\"seal_fixture.ffi\"]},"
    "{\"module\":\"seal_fixture.uses_ffi\",\"ok\":false,\"error\":\"ImportError: x\","
    "\"reached\":\"ctypes\",\"stack\":[\"seal_fixture.uses_ffi\",\"seal_fixture.ffi\"]},"
    "{\"module\":\"seal_fixture.native.loader\",\"ok\":false,\"error\":\"ImportError: x\","
    "\"reached\":\"ctypes.util\",\"stack\":[\"seal_fixture.native.loader\"]},"
    "{\"module\":\"seal_fixture.broken\",\"ok\":false,\"error\":\"ValueError: bad\","
    "\"reached\":null,\"stack\":[]},"
    "{\"module\":\"scipy\",\"ok\":false,\"error\":\"ImportError: x\",\"reached\":\"ctypes\","
    "\"stack\":[\"scipy\",\"scipy._lib\",\"scipy._lib._ccallback\"]},"
    "{\"module\":\"scipy.signal\",\"ok\":false,\"error\":\"ImportError: x\",\"reached\":\"ctypes\","
    "\"stack\":[\"scipy\",\"scipy._lib\",\"scipy._lib._ccallback\"]},"
    "{\"module\":\"scipy.stats\",\"ok\":false,\"error\":\"ImportError: x\",\"reached\":\"ctypes\","
    "\"stack\":[\"scipy\",\"scipy._lib\",\"scipy._lib._ccallback\"]},"
    "{\"module\":\"os_helpers\",\"ok\":false,\"error\":\"ImportError: x\",\"reached\":\"ctypes\","
    "\"stack\":[\"os_helpers\"]}"
    "]}";

static void
test_parse (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RcSealWalk) walk = rc_seal_walk_parse (walk_json, &error);
  const RcSealImport *imp;

  g_assert_no_error (error);
  g_assert_cmpuint (walk->packages->len, ==, 3);
  g_assert_cmpuint (walk->imports->len, ==, 9);
  g_assert_cmpuint (rc_seal_walk_count_failed (walk, FALSE), ==, 8);
  g_assert_cmpuint (rc_seal_walk_count_failed (walk, TRUE), ==, 7);
  imp = walk->imports->pdata[2];
  g_assert_cmpstr (imp->reached, ==, "ctypes");
  g_assert_cmpstr (imp->stack[1], ==, "seal_fixture.ffi");
  g_assert_null (rc_seal_walk_parse ("[1]", &error));
  g_assert_error (error, RC_SEAL_WALK_ERROR, RC_SEAL_WALK_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (rc_seal_walk_parse ("{\"packages\": []}", &error));
  g_assert_error (error, RC_SEAL_WALK_ERROR, RC_SEAL_WALK_ERROR_INVALID);
}

static void
test_provided_roots (void)
{
  const char *const preload[] = { "seal-fixture", "Zope.Interface", "seal_fixture", "scipy", NULL };
  g_auto (GStrv) roots = rc_seal_provided_roots (preload);
  const char *const want[] = { "seal_fixture", "zope_interface", "scipy", NULL };

  g_assert_cmpstrv (roots, want);
}

static void
test_cover (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RcSealWalk) walk = rc_seal_walk_parse (walk_json, &error);
  /* os_helpers is no preload's package: the validator would refuse it as an entry */
  const char *const provided[] = { "seal_fixture", "scipy", NULL };
  const char *const none[] = { NULL };
  /* seal_fixture.ffi covers two failures; of scipy's stack the public outermost name wins */
  const char *const want[] = { "scipy", "seal_fixture.ffi", "seal_fixture.native.loader", NULL };
  const char *const current[] = { "seal_fixture", "scipy.io", NULL };
  const char *const want_more[] = { "scipy.io", "seal_fixture.ffi", "seal_fixture.native.loader",
                                    NULL };
  g_auto (GStrv) list = NULL, more = NULL;
  guint added = 0;

  g_assert_no_error (error);
  list = rc_seal_cover (walk, none, provided, &added, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (list, want);
  g_assert_cmpuint (added, ==, 3);
  /* parents of other entries are dropped: scipy.io imports scipy, seal_fixture.ffi its
   * package; the configured order comes first */
  more = rc_seal_cover (walk, current, provided, &added, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (more, want_more);
  g_assert_cmpuint (added, ==, 2);
}

static void
test_cover_nothing_and_too_many (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RcSealWalk) ok = rc_seal_walk_parse (
      "{\"packages\":[],\"imports\":[{\"module\":\"a\",\"ok\":true,\"stack\":[]}]}", &error);
  g_autoptr (GString) many = g_string_new ("{\"packages\":[],\"imports\":[");
  g_autoptr (RcSealWalk) walk = NULL;
  const char *const provided[] = { "a", NULL };
  const char *const current[] = { "a.x", NULL };
  g_auto (GStrv) list = NULL;
  guint added = 7;

  list = rc_seal_cover (ok, current, provided, &added, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (list, current);
  g_assert_cmpuint (added, ==, 0);
  for (guint i = 0; i < 17; i++)
    g_string_append_printf (many,
                            "%s{\"module\":\"a.m%u\",\"ok\":false,\"reached\":\"ctypes\","
                            "\"stack\":[\"a.m%u\"]}",
                            i > 0 ? "," : "", i, i);
  g_string_append (many, "]}");
  walk = rc_seal_walk_parse (many->str, &error);
  g_assert_no_error (error);
  g_assert_null (rc_seal_cover (walk, NULL, provided, &added, &error));
  g_assert_error (error, RC_SEAL_WALK_ERROR, RC_SEAL_WALK_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "17 entries"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/seal-walk/parse", test_parse);
  g_test_add_func ("/seal-walk/provided-roots", test_provided_roots);
  g_test_add_func ("/seal-walk/cover", test_cover);
  g_test_add_func ("/seal-walk/nothing-and-too-many", test_cover_nothing_and_too_many);
  return g_test_run ();
}
