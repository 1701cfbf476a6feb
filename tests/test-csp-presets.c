/* test-csp-presets.c: the CSP preset lookup against the shipped presets file. */
#include "config.h"

#include "core/policy/rc-csp-presets.h"

/* runtime-worker.md §5.2, "control": no wasm grant. */
#define CONTROL                                                                                    \
  "script-src 'self' https://cdn.jsdelivr.net; default-src 'self'; connect-src 'self' "            \
  "https://cdn.jsdelivr.net https://zarr.nemar.org https://api.nemar.org; worker-src 'self' "      \
  "blob:; child-src 'self' blob:; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "  \
  "form-action 'self'"

static void
test_lookup (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCspPreset) control = rc_csp_presets_lookup ("control", &error);
  g_autoptr (RcCspPreset) none = NULL;
  g_autoptr (RcCspPreset) nemarlike = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (control->policy, ==, CONTROL);
  none = rc_csp_presets_lookup ("none", &error);
  g_assert_no_error (error);
  g_assert_null (none->policy);
  nemarlike = rc_csp_presets_lookup ("nemarlike", &error);
  g_assert_no_error (error);
  g_assert_true (strstr (nemarlike->policy, "'wasm-unsafe-eval'") != NULL);
}

static void
test_unknown (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCspPreset) preset = rc_csp_presets_lookup ("Control", &error);

  g_assert_null (preset);
  g_assert_error (error, RC_CSP_PRESETS_ERROR, RC_CSP_PRESETS_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "“Control”"));
  g_assert_nonnull (strstr (error->message, "withpypi_eval"));
}

static void
test_all_shipped (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) presets = rc_csp_presets_load (&error);
  const char *names[] = { "nemarlike", "withpypi", "withpypi_eval", "strict",
                          "loose",     "control",  "none" };

  g_assert_no_error (error);
  g_assert_cmpuint (presets->len, ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpstr (((RcCspPreset *) presets->pdata[i])->name, ==, names[i]);
}

static void
test_bad_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) presets = NULL;

  presets = rc_csp_presets_parse ("{\"presets\": [{\"name\": \"x\", \"policy\": 3}]}", -1,
                                  "custom.json", &error);
  g_assert_null (presets);
  g_assert_error (error, RC_CSP_PRESETS_ERROR, RC_CSP_PRESETS_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "custom.json: presets[0]"));
  g_clear_error (&error);
  presets = rc_csp_presets_parse ("[]", -1, "custom.json", &error);
  g_assert_null (presets);
  g_assert_error (error, RC_CSP_PRESETS_ERROR, RC_CSP_PRESETS_ERROR_INVALID);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/csp-presets/lookup", test_lookup);
  g_test_add_func ("/csp-presets/unknown", test_unknown);
  g_test_add_func ("/csp-presets/all-shipped", test_all_shipped);
  g_test_add_func ("/csp-presets/bad-file", test_bad_file);
  return g_test_run ();
}
