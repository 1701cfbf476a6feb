/* rc-throttle-bucket.h: private to app/serve. The token bucket of one RcThrottle.
 *
 * Below both the throttle (which sets its rate) and its streams (which draw from it), so the
 * stream needs the bucket only, not the throttle that owns it.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _RcThrottleBucket RcThrottleBucket;

/* Unlimited until rc_throttle_bucket_set_rate(). Reference counted: each stream holds one. */
RcThrottleBucket *rc_throttle_bucket_new (void);
RcThrottleBucket *rc_throttle_bucket_ref (RcThrottleBucket *self);
void rc_throttle_bucket_unref (RcThrottleBucket *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcThrottleBucket, rc_throttle_bucket_unref)

/* Refills at @bytes_per_second (0 = unlimited) from now on, starting full. */
void rc_throttle_bucket_set_rate (RcThrottleBucket *self, guint64 bytes_per_second);
/* Grants up to @wanted bytes now; 0 with *wait_us set when the bucket is empty. */
gsize rc_throttle_bucket_take (RcThrottleBucket *self, gsize wanted, gint64 *wait_us);
/* 0 when a full-size write can go now, else the µs until it can. */
gint64 rc_throttle_bucket_get_wait_us (RcThrottleBucket *self);
/* Returns tokens taken but not written. */
void rc_throttle_bucket_give_back (RcThrottleBucket *self, gsize unused);

G_END_DECLS
