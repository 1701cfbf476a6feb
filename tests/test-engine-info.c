/* test-engine-info.c: the engine table (core/record/rc-engine-info.h) is the one owner of the
 * engine facts: ids round-trip through the kinds, old reports are WebKit's, unknown ids pass
 * through as their own name. */
#include "config.h"

#include "core/record/rc-engine-info.h"

static void
test_table (void)
{
  const char *ids[] = { "webkit", "chromium", "firefox" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const RcEngineInfo *info = rc_engine_info_get ((RcEngineKind) i);
      RcEngineKind kind;

      g_assert_nonnull (info);
      g_assert_cmpint (info->kind, ==, (RcEngineKind) i);
      g_assert_cmpstr (info->id, ==, ids[i]);
      g_assert_cmpstr (rc_engine_kind_to_string ((RcEngineKind) i), ==, ids[i]);
      g_assert_true (rc_engine_kind_from_string (ids[i], &kind));
      g_assert_cmpint (kind, ==, (RcEngineKind) i);
      g_assert_true (rc_engine_info_lookup (ids[i]) == info);
      /* only WebKit has a view in the console */
      g_assert_cmpint (info->headless, ==, i != RC_ENGINE_KIND_WEBKIT);
    }
  g_assert_null (rc_engine_info_get ((RcEngineKind) G_N_ELEMENTS (ids)));
  g_assert_cmpstr (rc_engine_display_name ("webkit"), ==, "WebKitGTK");
  g_assert_cmpstr (rc_engine_short_name ("webkit"), ==, "WebKit");
  g_assert_cmpstr (rc_engine_display_name ("chromium"), ==, "Chromium");
  g_assert_cmpstr (rc_engine_display_name ("firefox"), ==, "Firefox");
}

static void
test_defaults (void)
{
  RcEngineKind kind = RC_ENGINE_KIND_FIREFOX;

  /* a report written before engines were recorded */
  g_assert_cmpstr (rc_engine_id_or_default (NULL), ==, RC_ENGINE_DEFAULT_ID);
  g_assert_cmpstr (rc_engine_id_or_default ("firefox"), ==, "firefox");
  g_assert_true (rc_engine_id_is_webkit (NULL));
  g_assert_false (rc_engine_id_is_webkit ("chromium"));
  g_assert_cmpstr (rc_engine_short_name (NULL), ==, "WebKit");
  /* a report from a newer console */
  g_assert_null (rc_engine_info_lookup ("servo"));
  g_assert_false (rc_engine_kind_from_string ("servo", &kind));
  g_assert_false (rc_engine_kind_from_string (NULL, &kind));
  g_assert_cmpint (kind, ==, RC_ENGINE_KIND_FIREFOX);
  g_assert_cmpstr (rc_engine_display_name ("servo"), ==, "servo");
  g_assert_false (rc_engine_id_is_webkit ("servo"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine-info/table", test_table);
  g_test_add_func ("/engine-info/defaults", test_defaults);
  return g_test_run ();
}
