/* rc-preload-sim.h: what a reader waits, from sending the first message to the first result,
 * under each runtime.python.preload_on value (issue 14).
 *
 * Pure arithmetic over the measured boot (B, cold or warm) and the model's first turn (M, the
 * time from the message to the first tool call; OSA measured 8.1 s on test.nemar.org):
 *   first_run      the boot starts when the tool call arrives (or the reader clicks Run): M + B
 *   first_message  the boot starts with the message and overlaps the model's turn: max (M, B)
 *   widget_open    the boot starts on page load, so every visitor pays it, message or not;
 *                  a reader who waits B before writing waits M, one who writes at once
 *                  max (M, B) (the worst case)
 * The tool call's own execution time comes after all three and is left out.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define RC_PRELOAD_SIM_DEFAULT_MODEL_DELAY_MS 8100.0

typedef enum
{
  RC_PRELOAD_FIRST_RUN,
  RC_PRELOAD_WIDGET_OPEN,
  RC_PRELOAD_FIRST_MESSAGE,
} RcPreloadOn;

#define RC_PRELOAD_N_VALUES 3

const char *rc_preload_on_to_string (RcPreloadOn on); /* "first_run", … */

typedef struct
{
  RcPreloadOn on;
  double wait_ms;         /* what a reader waits (best case for widget_open); -1 unknown */
  double worst_wait_ms;   /* the same when the reader writes the moment the page opens */
  double added_ms;        /* wait_ms - model delay: what the runtime adds to the model's turn */
  gboolean every_visitor; /* the boot is paid by visitors who never send a message */
} RcPreloadWait;

typedef struct
{
  double model_delay_ms;
  double cold_boot_ms; /* median cold boot, -1 when not measured */
  double warm_boot_ms; /* median warm boot, -1 when not measured */
  double cold_bytes;   /* median cold wire bytes (what widget_open costs every visitor), -1 */
  RcPreloadWait cold[RC_PRELOAD_N_VALUES]; /* indexed by RcPreloadOn */
  RcPreloadWait warm[RC_PRELOAD_N_VALUES];
  RcPreloadOn recommended;
} RcPreloadSim;

/* Fills @out. A negative boot means "not measured" and gives -1 waits for that scenario. */
void rc_preload_sim_compute (RcPreloadSim *out, double model_delay_ms, double cold_boot_ms,
                             double warm_boot_ms, double cold_bytes);

/* The wait of @on for one boot @boot_ms (the arithmetic above); -1 when boot_ms < 0. */
double rc_preload_sim_wait (RcPreloadOn on, double model_delay_ms, double boot_ms,
                            gboolean worst_case);

/* The one-line recommendation with the numbers (translated), NULL when no boot was measured. */
char *rc_preload_sim_recommendation (const RcPreloadSim *sim);

G_END_DECLS
