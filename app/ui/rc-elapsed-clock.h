/* rc-elapsed-clock.h: a quiet "still working" sign for long runs of boots: the time since
 * the run started ("1:42"), redrawn once a second.
 *
 * It takes the place of a spinner wherever boots are being timed. A spinner redraws its
 * window every frame; where GL is software (llvmpipe: a VM, a remote desktop, CI's Xvfb) that
 * cost up to 40 % of two cores, taken from the very boots the dialog times, and made the
 * advice dialog's boots about 1.7 times as long as the same boots from the command line.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RC_TYPE_ELAPSED_CLOCK (rc_elapsed_clock_get_type ())
G_DECLARE_FINAL_TYPE (RcElapsedClock, rc_elapsed_clock, RC, ELAPSED_CLOCK, GtkWidget)

/* Property: "running" (read-only; rc_elapsed_clock_start() and _stop() set it). */
GtkWidget *rc_elapsed_clock_new (void);

/* Counts from zero; the label reads "0:00" at once. */
void rc_elapsed_clock_start (RcElapsedClock *self);
/* The last reading stays: how long the run took. */
void rc_elapsed_clock_stop (RcElapsedClock *self);
gboolean rc_elapsed_clock_get_running (RcElapsedClock *self);
/* The label's text ("1:42"), for tests and for copying into a log. */
const char *rc_elapsed_clock_get_text (RcElapsedClock *self);

G_END_DECLS
