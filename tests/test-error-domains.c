/* test-error-domains.c: every error domain has the name its quark function says. A formatter
 * once rewrote them to "rc - engine - error - quark", which still compiles; and every
 * G_DEFINE_QUARK under app/ is in the table, so a new domain cannot be left out. */
#include "config.h"

#include <string.h>

#include "boot/rc-engine.h"
#include "boot/rc-measure-runner.h"
#include "core/export/rc-bundle.h"
#include "core/measurement/rc-history.h"
#include "core/record/rc-importtime.h"
#include "core/seal/rc-seal-walk.h"
#include "serve/rc-server.h"

#include "core/plan/rc-boot-plan.h"
#include "core/model/rc-checkout.h"
#include "core/model/rc-community.h"
#include "core/policy/rc-csp-presets.h"
#include "core/policy/rc-csp.h"
#include "core/model/rc-dist-lock.h"
#include "core/base/rc-json-positions.h"
#include "core/measurement/rc-measurement.h"
#include "core/record/rc-run-record.h"
#include "core/record/rc-worker-message.h"
#include "core/measurement/rc-budget.h"

typedef struct
{
  GQuark quark;
  const char *name;
} Domain;

static const Domain *
domains (guint *n)
{
  static Domain table[17];
  const Domain all[] = {
    { RC_BOOT_PLAN_ERROR, "rc-boot-plan-error-quark" },
    { RC_CHECKOUT_ERROR, "rc-checkout-error-quark" },
    { RC_COMMUNITY_ERROR, "rc-community-error-quark" },
    { RC_CSP_PRESETS_ERROR, "rc-csp-presets-error-quark" },
    { RC_CSP_ERROR, "rc-csp-error-quark" },
    { RC_DIST_LOCK_ERROR, "rc-dist-lock-error-quark" },
    { RC_JSON_ERROR, "rc-json-error-quark" },
    { RC_BUDGET_ERROR, "rc-budget-error-quark" },
    { RC_RECORD_ERROR, "rc-record-error-quark" },
    { RC_WORKER_MESSAGE_ERROR, "rc-worker-message-error-quark" },
    { RC_IMPORTTIME_ERROR, "rc-importtime-error-quark" },
    { RC_SEAL_WALK_ERROR, "rc-seal-walk-error-quark" },
    { RC_HISTORY_ERROR, "rc-history-error-quark" },
    { RC_BUNDLE_ERROR, "rc-bundle-error-quark" },
    { RC_ENGINE_ERROR, "rc-engine-error-quark" },
    { RC_MEASURE_ERROR, "rc-measure-error-quark" },
    { RC_SERVER_ERROR, "rc-server-error-quark" },
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (all) == G_N_ELEMENTS (table));
  memcpy (table, all, sizeof all);
  *n = G_N_ELEMENTS (table);
  return table;
}

static void
test_names (void)
{
  guint n;
  const Domain *table = domains (&n);

  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (g_quark_to_string (table[i].quark), ==, table[i].name);
}

static gboolean
in_table (const char *name)
{
  guint n;
  const Domain *table = domains (&n);

  for (guint i = 0; i < n; i++)
    if (g_str_equal (table[i].name, name))
      return TRUE;
  return FALSE;
}

/* Every G_DEFINE_QUARK (NAME, …) of a file under @dir, however the formatter spaced NAME. */
static void
scan (const char *dir, guint *found)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *entry;

  g_assert_nonnull (d);
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, entry, NULL);
      g_autofree char *text = NULL;
      g_auto (GStrv) lines = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          scan (path, found);
          continue;
        }
      if (!g_str_has_suffix (entry, ".c") || !g_file_get_contents (path, &text, NULL, NULL))
        continue;
      lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          g_autofree char *name = NULL;
          char *open = strstr (lines[i], "G_DEFINE_QUARK (");
          char *comma = open != NULL ? strchr (open, ',') : NULL;

          if (!g_str_has_prefix (lines[i], "G_DEFINE_QUARK (") || comma == NULL)
            continue;
          name = g_strndup (open + strlen ("G_DEFINE_QUARK ("),
                            comma - open - strlen ("G_DEFINE_QUARK ("));
          (*found)++;
          if (!in_table (name))
            g_error ("%s:%u: error domain \"%s\" is not in tests/test-error-domains.c's table "
                     "(add it, spelled as its quark function says)",
                     path, i + 1, name);
        }
    }
}

static void
test_all_listed (void)
{
  const char *root = g_getenv ("RC_SOURCE_DIR");
  g_autofree char *app = NULL;
  guint found = 0, n;

  g_assert_nonnull (root);
  app = g_build_filename (root, "app", NULL);
  scan (app, &found);
  domains (&n);
  g_assert_cmpuint (found, ==, n);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/error-domains/names", test_names);
  g_test_add_func ("/error-domains/all-listed", test_all_listed);
  return g_test_run ();
}
