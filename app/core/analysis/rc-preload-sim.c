/* rc-preload-sim.c: the preload_on arithmetic (rc-preload-sim.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/analysis/rc-preload-sim.h"

const char *
rc_preload_on_to_string (RcPreloadOn on)
{
  static const char *const names[] = { "first_run", "widget_open", "first_message" };

  return on < RC_PRELOAD_N_VALUES ? names[on] : "?";
}

double
rc_preload_sim_wait (RcPreloadOn on, double model_delay_ms, double boot_ms, gboolean worst_case)
{
  if (boot_ms < 0)
    return -1;
  switch (on)
    {
    case RC_PRELOAD_FIRST_RUN:
      return model_delay_ms + boot_ms;
    case RC_PRELOAD_WIDGET_OPEN:
      /* the boot began when the page opened: a reader who took longer than the boot to write
       * finds it ready, one who wrote at once is in first_message's position */
      return worst_case ? MAX (model_delay_ms, boot_ms) : model_delay_ms;
    case RC_PRELOAD_FIRST_MESSAGE:
    default:
      return MAX (model_delay_ms, boot_ms);
    }
}

static void
fill (RcPreloadWait *rows, double model_delay_ms, double boot_ms)
{
  for (guint i = 0; i < RC_PRELOAD_N_VALUES; i++)
    {
      RcPreloadWait *w = &rows[i];

      w->on = i;
      w->wait_ms = rc_preload_sim_wait (i, model_delay_ms, boot_ms, FALSE);
      w->worst_wait_ms = rc_preload_sim_wait (i, model_delay_ms, boot_ms, TRUE);
      w->added_ms = w->wait_ms < 0 ? -1 : w->wait_ms - model_delay_ms;
      w->every_visitor = i == RC_PRELOAD_WIDGET_OPEN;
    }
}

void
rc_preload_sim_compute (RcPreloadSim *out, double model_delay_ms, double cold_boot_ms,
                        double warm_boot_ms, double cold_bytes)
{
  memset (out, 0, sizeof *out);
  out->model_delay_ms = model_delay_ms;
  out->cold_boot_ms = cold_boot_ms < 0 ? -1 : cold_boot_ms;
  out->warm_boot_ms = warm_boot_ms < 0 ? -1 : warm_boot_ms;
  out->cold_bytes = cold_bytes < 0 ? -1 : cold_bytes;
  fill (out->cold, model_delay_ms, out->cold_boot_ms);
  fill (out->warm, model_delay_ms, out->warm_boot_ms);
  /* first_message is never slower than first_run (max (M, B) <= M + B) and, unlike
   * widget_open, costs nothing to a visitor who never writes: it is the recommendation
   * whatever the numbers; they only say how much it saves and what widget_open would add */
  out->recommended = RC_PRELOAD_FIRST_MESSAGE;
}

static char *
seconds (double ms)
{
  return g_strdup_printf ("%.1f s", ms / 1000.0);
}

/* "9.9 s cold / 8.1 s warm", or one of them when only one was measured */
static char *
pair (const RcPreloadSim *sim, RcPreloadOn on, gboolean worst)
{
  double cold = worst ? sim->cold[on].worst_wait_ms : sim->cold[on].wait_ms;
  double warm = worst ? sim->warm[on].worst_wait_ms : sim->warm[on].wait_ms;
  g_autofree char *c = seconds (cold), *w = seconds (warm);

  if (cold >= 0 && warm >= 0)
    /* TRANSLATORS: "9.9 s cold / 8.1 s warm" */
    return g_strdup_printf (_ ("%s cold / %s warm"), c, w);
  if (cold >= 0)
    /* TRANSLATORS: "9.9 s cold" */
    return g_strdup_printf (_ ("%s cold"), c);
  /* TRANSLATORS: "8.1 s warm" */
  return g_strdup_printf (_ ("%s warm"), w);
}

char *
rc_preload_sim_recommendation (const RcPreloadSim *sim)
{
  double boot = sim->cold_boot_ms >= 0 ? sim->cold_boot_ms : sim->warm_boot_ms;
  g_autofree char *msg = NULL, *run = NULL, *model = NULL, *boot_text = NULL, *bytes = NULL;

  if (boot < 0)
    return NULL;
  msg = pair (sim, RC_PRELOAD_FIRST_MESSAGE, FALSE);
  run = pair (sim, RC_PRELOAD_FIRST_RUN, FALSE);
  model = seconds (sim->model_delay_ms);
  boot_text = seconds (boot);
  if (boot <= sim->model_delay_ms)
    /* TRANSLATORS: keep "preload_on", "first_message", "first_run" and "widget_open": they
     * are config values. "%s" are durations ("8.1 s cold / 8.1 s warm"). */
    return g_strdup_printf (_ ("preload_on: first_message — the %s boot hides behind the "
                               "model's %s first turn, so a reader waits %s (first_run: %s; "
                               "widget_open waits no less and every visitor pays the boot)"),
                            boot_text, model, msg, run);
  if (sim->cold_bytes >= 0)
    bytes = g_strdup_printf ("%.1f MB", sim->cold_bytes / 1e6);
  /* TRANSLATORS: keep "preload_on", "first_message", "first_run" and "widget_open": they are
   * config values. The %s are durations ("9.9 s cold / 8.1 s warm"), the last a size or "—". */
  return g_strdup_printf (_ ("preload_on: first_message — a reader waits %s (first_run: %s); "
                             "the %s boot outlasts the model's %s turn, and widget_open would "
                             "cut the wait to %s only for readers who take longer than the "
                             "boot to write, with every visitor paying it (%s)"),
                          msg, run, boot_text, model, model, bytes != NULL ? bytes : "—");
}
