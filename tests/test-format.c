/* test-format.c: the figures every report, chart and table writes (rc-format.h). */
#include "config.h"

#include <math.h>

#include "core/base/rc-format.h"

#define assert_format(call, expected)                                                              \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_autofree char *text_ = (call);                                                               \
    g_assert_cmpstr (text_, ==, (expected));                                                       \
  }                                                                                                \
  G_STMT_END

static void
test_bytes (void)
{
  assert_format (rc_format_bytes (0.4), "0 B");
  assert_format (rc_format_bytes (2700), "2.7 kB");
  assert_format (rc_format_bytes (12.3e6), "12.3 MB");
  assert_format (rc_format_plain_spaces (g_strdup ("1\u202fMB\u00a0x")), "1 MB x");
  assert_format (rc_format_wire_bytes (5500000, 12500000), "5.5 MB (12.5 MB once decoded)");
  assert_format (rc_format_wire_bytes (5500000, 5500000), "5.5 MB");
  assert_format (rc_format_wire_bytes (5500000, -1), "5.5 MB (decoded size unknown)");
}

static void
test_durations (void)
{
  /* the Markdown tables' */
  assert_format (rc_format_ms (0), "0 ms");
  assert_format (rc_format_ms (999.4), "999 ms");
  assert_format (rc_format_ms (1000), "1.00 s");
  assert_format (rc_format_ms (3154), "3.15 s");
  /* a reader's wait, unknown when negative */
  assert_format (rc_format_seconds (3240), "3.2 s");
  assert_format (rc_format_seconds (0), "0.0 s");
  assert_format (rc_format_seconds (-1), "—");
  /* the window's (untranslated here) */
  assert_format (rc_format_duration_ms (850), "850 ms");
  assert_format (rc_format_duration_ms (12345), "12.35 s");
  assert_format (rc_format_duration_ms (-1), "–");
  assert_format (rc_format_duration_ms (NAN), "–");
  /* the elapsed clock's */
  assert_format (rc_format_clock (0), "0:00");
  assert_format (rc_format_clock (9), "0:09");
  assert_format (rc_format_clock (61), "1:01");
  assert_format (rc_format_clock (3599), "59:59");
  assert_format (rc_format_clock (3600), "1:00:00");
  assert_format (rc_format_clock (3725), "1:02:05");
  assert_format (rc_format_clock (-4), "0:00");
}

static void
test_range (void)
{
  assert_format (rc_format_range (0, 0, 0, 0, rc_format_ms), "—");
  assert_format (rc_format_range (1, 3150, 3150, 3150, rc_format_ms), "3.15 s");
  assert_format (rc_format_range (3, 3150, 3150, 3150, rc_format_ms), "3.15 s");
  assert_format (rc_format_range (3, 3150, 850, 3350, rc_format_ms), "3.15 s (850 ms–3.35 s)");
  assert_format (rc_format_range (2, 2.7e6, 2.5e6, 2.9e6, rc_format_bytes),
                 "2.7 MB (2.5 MB–2.9 MB)");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/bytes", test_bytes);
  g_test_add_func ("/format/durations", test_durations);
  g_test_add_func ("/format/range", test_range);
  return g_test_run ();
}
