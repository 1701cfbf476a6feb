/* rc-throttle-bucket.c: the shared token bucket behind an RcThrottle's streams.
 *
 * The bucket shapes what the connection writes, i.e. wire bytes: an encoded response costs
 * its encoded size. The bucket refills at the profile's download rate and holds ~20 ms of
 * traffic, so a burst never outruns the nominal link by much. Streams take tokens before each
 * write and give back what the base stream did not accept; all streams of one RcThrottle share
 * one bucket.
 */
#include "config.h"

#include "rc-throttle-bucket.h"

#define BURST_US  20000 /* bucket capacity, in µs of traffic */
#define MIN_BURST 2048  /* bytes; keeps writes from degenerating into tiny ones */

struct _RcThrottleBucket
{
  GMutex lock;         /* TLS handshakes write from GIO worker threads */
  double bytes_per_us; /* 0 = unlimited */
  double capacity;
  double tokens;
  gint64 last_us;
};

RcThrottleBucket *
rc_throttle_bucket_new (void)
{
  RcThrottleBucket *self = g_atomic_rc_box_new0 (RcThrottleBucket);

  g_mutex_init (&self->lock);
  return self;
}

RcThrottleBucket *
rc_throttle_bucket_ref (RcThrottleBucket *self)
{
  return g_atomic_rc_box_acquire (self);
}

static void
bucket_clear (gpointer data)
{
  RcThrottleBucket *self = data;

  g_mutex_clear (&self->lock);
}

void
rc_throttle_bucket_unref (RcThrottleBucket *self)
{
  g_atomic_rc_box_release_full (self, bucket_clear);
}

void
rc_throttle_bucket_set_rate (RcThrottleBucket *self, guint64 bytes_per_second)
{
  g_mutex_lock (&self->lock);
  self->bytes_per_us = (double) bytes_per_second / G_USEC_PER_SEC;
  self->capacity = MAX (self->bytes_per_us * BURST_US, MIN_BURST);
  self->tokens = self->capacity;
  self->last_us = g_get_monotonic_time ();
  g_mutex_unlock (&self->lock);
}

static void
refill_locked (RcThrottleBucket *self)
{
  gint64 now = g_get_monotonic_time ();

  self->tokens = MIN (self->capacity, self->tokens + (now - self->last_us) * self->bytes_per_us);
  self->last_us = now;
}

gsize
rc_throttle_bucket_take (RcThrottleBucket *self, gsize wanted, gint64 *wait_us)
{
  gsize granted = 0;
  double needed;

  *wait_us = 0;
  if (wanted == 0)
    return 0;
  g_mutex_lock (&self->lock);
  if (self->bytes_per_us <= 0)
    granted = wanted;
  else
    {
      refill_locked (self);
      needed = MIN ((double) wanted, self->capacity / 2);
      if (self->tokens >= needed)
        {
          granted = MIN ((gsize) self->tokens, wanted);
          self->tokens -= granted;
        }
      else
        *wait_us = (gint64) ((needed - self->tokens) / self->bytes_per_us) + 1;
    }
  g_mutex_unlock (&self->lock);
  return granted;
}

gint64
rc_throttle_bucket_get_wait_us (RcThrottleBucket *self)
{
  gint64 wait_us = 0;

  g_mutex_lock (&self->lock);
  if (self->bytes_per_us > 0)
    {
      refill_locked (self);
      if (self->tokens < self->capacity / 2)
        wait_us = (gint64) ((self->capacity / 2 - self->tokens) / self->bytes_per_us) + 1;
    }
  g_mutex_unlock (&self->lock);
  return wait_us;
}

void
rc_throttle_bucket_give_back (RcThrottleBucket *self, gsize unused)
{
  if (unused == 0)
    return;
  g_mutex_lock (&self->lock);
  if (self->bytes_per_us > 0)
    self->tokens = MIN (self->capacity, self->tokens + unused);
  g_mutex_unlock (&self->lock);
}
