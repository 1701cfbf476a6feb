/* rc-boot-pane-history.c: the window's measurements kept in the community's history
 * (core/rc-history.h), as `measure` keeps its own: in the user data folder, never in the
 * community folder, so the History dialog and `runtime-console history DIR` list them.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/measurement/rc-history.h"
#include "rc-boot-pane-private.h"

/* A plan that measured: Cold + Warm and Runs… (a single cold or warm boot is a try, not a
 * measurement to compare). */
static gboolean
plan_measures (RcBootPane *self)
{
  return self->last_plan == RC_BOOT_PLAN_COLD_WARM || self->last_plan == RC_BOOT_PLAN_RUNS;
}

void
_rc_boot_pane_keep_in_history (RcBootPane *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;

  if (!plan_measures (self) || self->report == NULL || self->report->runs->len == 0
      || self->report_source != NULL || self->community == NULL)
    return;
  path = rc_history_record (rc_community_get_dir (self->community), self->report, &error);
  if (path == NULL)
    {
      g_autofree char *text =
          /* Translators: a toast; %s says why the history could not be written */
          g_strdup_printf (_ ("Not kept in the history: %s"), error->message);

      /* the measurement itself is fine: a warning, not a failure (as `measure` does) */
      g_warning ("%s", text);
      _rc_boot_pane_toast (self, text);
      return;
    }
  g_debug ("history: %s", path);
}
