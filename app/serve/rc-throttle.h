/* rc-throttle.h: network shaping profiles and the shared token bucket of one run.
 *
 * Bandwidth is shared by every connection of one RcThrottle (one server run), like a
 * real link; latency is added once per request by the server.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  RC_THROTTLE_NONE,
  RC_THROTTLE_CABLE,   /* 5 Mbit/s, 28 ms */
  RC_THROTTLE_FAST_4G, /* 9 Mbit/s, 85 ms */
  RC_THROTTLE_FAST_3G, /* 1.6 Mbit/s, 150 ms */
  RC_THROTTLE_SLOW_3G, /* 400 kbit/s, 400 ms */
} RcThrottleProfile;

#define RC_THROTTLE_N_PROFILES (RC_THROTTLE_SLOW_3G + 1)

/* "none", "cable", "fast-4g", "fast-3g", "slow-3g". */
gboolean rc_throttle_profile_from_string (const char *name, RcThrottleProfile *out_profile);
const char *rc_throttle_profile_to_string (RcThrottleProfile profile);
/* Translated, human-readable name, e.g. "Fast 3G". */
const char *rc_throttle_profile_get_label (RcThrottleProfile profile);
/* Download bandwidth in bits per second (0 = unlimited) and added latency per request. */
guint64 rc_throttle_profile_get_bits_per_second (RcThrottleProfile profile);
guint rc_throttle_profile_get_latency_ms (RcThrottleProfile profile);

#define RC_TYPE_THROTTLE (rc_throttle_get_type ())
G_DECLARE_FINAL_TYPE (RcThrottle, rc_throttle, RC, THROTTLE, GObject)

RcThrottle *rc_throttle_new (void);
void rc_throttle_set_profile (RcThrottle *self, RcThrottleProfile profile);
RcThrottleProfile rc_throttle_get_profile (RcThrottle *self);

/* A stream whose output draws from @self's bucket; input passes through unchanged. */
GIOStream *rc_throttle_wrap_stream (RcThrottle *self, GIOStream *base);

G_END_DECLS
