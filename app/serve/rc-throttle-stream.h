/* rc-throttle-stream.h: private to app/serve. A GIOStream whose output is shaped. */
#pragma once

#include "rc-throttle.h"

G_BEGIN_DECLS

/* Grants up to @wanted bytes now; 0 with *wait_us set when the bucket is empty. */
gsize rc_throttle_take (RcThrottle *self, gsize wanted, gint64 *wait_us);
/* 0 when a full-size write can go now, else the µs until it can. */
gint64 rc_throttle_get_wait_us (RcThrottle *self);
/* Returns tokens taken but not written. */
void rc_throttle_give_back (RcThrottle *self, gsize unused);

GIOStream *rc_throttle_io_stream_new (RcThrottle *throttle, GIOStream *base);

G_END_DECLS
