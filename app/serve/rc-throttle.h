/* rc-throttle.h: network shaping profiles and the shared token bucket of one run.
 *
 * Bandwidth is shared by every connection of one RcThrottle (one server run), like a
 * real link. Latency is the server's to add, as the model says (RcThrottleModel).
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  RC_THROTTLE_NONE,
  RC_THROTTLE_CABLE,   /* WebPageTest's: 5 Mbit/s down, 28 ms */
  RC_THROTTLE_FAST_4G, /* Chrome DevTools': 8.1 Mbit/s down, 1.35 up, 165 ms */
  RC_THROTTLE_FAST_3G, /* Chrome DevTools': 1.44 Mbit/s down, 675 kbit/s up, 562.5 ms */
  RC_THROTTLE_SLOW_3G, /* Chrome DevTools': 400 kbit/s down and up, 2000 ms */
} RcThrottleProfile;

#define RC_THROTTLE_N_PROFILES (RC_THROTTLE_SLOW_3G + 1)

/* Where a profile's round trip is charged. LINK: as a link does, one per request, and a new
 * connection pays one more for TCP and one more for its TLS 1.3 handshake before its first
 * request (a kept-alive one pays neither; the proxy's own CONNECT round trip is local and
 * free). DEVTOOLS: as Chrome DevTools throttles, one per request whatever the connection. */
typedef enum
{
  RC_THROTTLE_MODEL_LINK,
  RC_THROTTLE_MODEL_DEVTOOLS,
} RcThrottleModel;

/* "link", "devtools". */
gboolean rc_throttle_model_from_string (const char *name, RcThrottleModel *out_model);
const char *rc_throttle_model_to_string (RcThrottleModel model);

/* "none", "cable", "fast-4g", "fast-3g", "slow-3g". */
gboolean rc_throttle_profile_from_string (const char *name, RcThrottleProfile *out_profile);
const char *rc_throttle_profile_to_string (RcThrottleProfile profile);
/* Translated, human-readable name, e.g. "Fast 3G". */
const char *rc_throttle_profile_get_label (RcThrottleProfile profile);
/* Download and upload throughput in bytes per second (0 = unlimited), as DevTools gives
 * them; the download rate in bits per second; the latency added once per request. Only the
 * download direction is shaped: a boot's requests are bodiless GETs. */
guint64 rc_throttle_profile_get_download (RcThrottleProfile profile);
guint64 rc_throttle_profile_get_upload (RcThrottleProfile profile);
guint64 rc_throttle_profile_get_bits_per_second (RcThrottleProfile profile);
guint64 rc_throttle_profile_get_latency_us (RcThrottleProfile profile);
double rc_throttle_profile_get_latency_ms (RcThrottleProfile profile);

#define RC_TYPE_THROTTLE (rc_throttle_get_type ())
G_DECLARE_FINAL_TYPE (RcThrottle, rc_throttle, RC, THROTTLE, GObject)

RcThrottle *rc_throttle_new (void);
void rc_throttle_set_profile (RcThrottle *self, RcThrottleProfile profile);
RcThrottleProfile rc_throttle_get_profile (RcThrottle *self);

/* A stream whose output draws from @self's bucket; input passes through unchanged. */
GIOStream *rc_throttle_wrap_stream (RcThrottle *self, GIOStream *base);

G_END_DECLS
