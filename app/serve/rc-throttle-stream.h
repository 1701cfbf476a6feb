/* rc-throttle-stream.h: private to app/serve. A GIOStream whose output is shaped. */
#pragma once

#include <gio/gio.h>

#include "rc-throttle-bucket.h"

G_BEGIN_DECLS

/* Output draws from @bucket (each stream holds a reference); input passes through. */
GIOStream *rc_throttle_io_stream_new (RcThrottleBucket *bucket, GIOStream *base);

G_END_DECLS
