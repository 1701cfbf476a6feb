/* test-error-domains.c: every core error domain has the name its quark function says. A
 * formatter once rewrote them to "rc - engine - error - quark", which still compiles. */
#include "config.h"

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

static void
test_names (void)
{
  const struct
  {
    GQuark quark;
    const char *name;
  } domains[] = {
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
  };

  for (guint i = 0; i < G_N_ELEMENTS (domains); i++)
    g_assert_cmpstr (g_quark_to_string (domains[i].quark), ==, domains[i].name);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/error-domains/names", test_names);
  return g_test_run ();
}
