/* rc-boot-clock.h: the boot time a reader pays, on the page's own clock.
 *
 * A reader's browser is already running when the page opens, so a boot is timed from the
 * page's navigation start (its performance time origin) to ready, never from the console's
 * load call: starting the browser or web process, opening a tab and setting up the
 * navigation are a figure of their own (start_ms). The end is the worker's ready (or error)
 * stamp moved onto the page's clock by the two time origins (performance.timeOrigin of the
 * page and of the worker share one clock), or, when the worker did not say its origin, the
 * page's own time when it relayed the message. The console's monotonic clock only places
 * the page's time origin (the earliest arrival minus the page's stamp: messages can only be
 * late) and is the fallback when the page never said anything.
 */
#pragma once

#include "core/record/rc-run-record.h"

G_BEGIN_DECLS

typedef struct
{
  gint64 load_us;           /* the console's load call, monotonic µs */
  gint64 page_origin_us;    /* monotonic estimate of the page's time origin; 0 unknown */
  double page_origin_epoch; /* the page's performance.timeOrigin; -1 unknown */
  double worker_start_ms;   /* page clock at the worker's time origin; -1 unknown */
  double end_ms;            /* page clock at ready or failure; -1 unknown */
} RcBootClock;

void rc_boot_clock_start (RcBootClock *self, gint64 load_us);
/* A page message stamped @page_t (its performance.now()) arrived at @arrival_us; the first
 * one says the page's @page_origin_epoch (-1 when the message does not). */
void rc_boot_clock_page_message (RcBootClock *self, gint64 arrival_us, double page_t,
                                 double page_origin_epoch);
/* A worker message said the worker's performance.timeOrigin. */
void rc_boot_clock_worker_origin (RcBootClock *self, double worker_origin_epoch);
/* The boot ended at worker time @worker_t (-1 unknown), relayed by the page at @page_t (-1). */
void rc_boot_clock_end (RcBootClock *self, double worker_t, double page_t);
/* Sets @record's boot_ms, boot_clock, start_ms, wall_ms, worker_start_ms and
 * page_time_origin_us for a boot that ended (as far as the console saw) at @end_us. */
void rc_boot_clock_apply (const RcBootClock *self, gint64 end_us, RcRunRecord *record);

G_END_DECLS
