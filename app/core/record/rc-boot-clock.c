/* rc-boot-clock.c: navigation start → ready, on the page's clock (rc-boot-clock.h). */
#include "config.h"

#include "core/record/rc-boot-clock.h"

void
rc_boot_clock_start (RcBootClock *self, gint64 load_us)
{
  self->load_us = load_us;
  self->page_origin_us = 0;
  self->page_origin_epoch = -1;
  self->worker_start_ms = -1;
  self->end_ms = -1;
}

void
rc_boot_clock_page_message (RcBootClock *self, gint64 arrival_us, double page_t,
                            double page_origin_epoch)
{
  gint64 origin;

  if (page_t < 0)
    return;
  origin = arrival_us - (gint64) (page_t * 1000.0);
  if (self->page_origin_us == 0 || origin < self->page_origin_us)
    self->page_origin_us = origin;
  if (page_origin_epoch > 0 && self->page_origin_epoch < 0)
    self->page_origin_epoch = page_origin_epoch;
}

void
rc_boot_clock_worker_origin (RcBootClock *self, double worker_origin_epoch)
{
  /* the first worker of the attempt: a second one is not the boot's (the runner refuses it) */
  if (worker_origin_epoch > 0 && self->page_origin_epoch > 0 && self->worker_start_ms < 0)
    self->worker_start_ms = MAX (0, worker_origin_epoch - self->page_origin_epoch);
}

void
rc_boot_clock_end (RcBootClock *self, double worker_t, double page_t)
{
  if (self->end_ms >= 0)
    return;
  if (worker_t >= 0 && self->worker_start_ms >= 0)
    self->end_ms = self->worker_start_ms + worker_t;
  else if (page_t >= 0)
    self->end_ms = page_t;
}

void
rc_boot_clock_apply (const RcBootClock *self, gint64 end_us, RcRunRecord *record)
{
  record->wall_ms = (end_us - self->load_us) / 1000.0;
  record->worker_start_ms = self->worker_start_ms;
  record->page_time_origin_us = self->page_origin_us;
  record->start_ms =
      self->page_origin_us != 0 ? MAX (0, (self->page_origin_us - self->load_us) / 1000.0) : -1;
  g_free (record->boot_clock);
  if (self->end_ms >= 0)
    record->boot_ms = self->end_ms;
  else if (self->page_origin_us != 0)
    /* a failure the page did not stamp (a deadline, a crash): the page's start still counts */
    record->boot_ms = MAX (0, (end_us - self->page_origin_us) / 1000.0);
  else
    {
      record->boot_ms = record->wall_ms;
      record->boot_clock = g_strdup ("console");
      return;
    }
  record->boot_clock = g_strdup ("navigation");
}
