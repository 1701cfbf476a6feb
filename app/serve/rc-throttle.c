/* rc-throttle.c: throttling profiles, and the throttle that sets its bucket's rate.
 *
 * The token bucket itself is rc-throttle-bucket.c; the streams that draw from it are
 * rc-throttle-stream.c. Both sit below this file, which only includes them.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-throttle-bucket.h"
#include "rc-throttle-stream.h"
#include "rc-throttle.h"

typedef struct
{
  const char *name;
  const char *label;
  guint64 download; /* bytes per second, 0 = unlimited */
  guint64 upload;   /* bytes per second, 0 = unlimited */
  guint64 latency_us;
} ProfileInfo;

/* The 3G and 4G presets are exactly Chrome DevTools' (front_end/core/sdk/NetworkManager.ts,
 * Slow3GConditions, Fast3GConditions, Fast4GConditions), which users compare against: DevTools
 * writes them as a nominal rate times a factor and an RTT times a factor, e.g. Slow 3G is
 * download 500 * 1000 / 8 * .8 bytes/s and latency 400 * 5 ms. "cable" is not a DevTools
 * preset: it is WebPageTest's Cable (5 Mbit/s down, 1 Mbit/s up, 28 ms RTT). */
static const ProfileInfo profiles[RC_THROTTLE_N_PROFILES] = {
  [RC_THROTTLE_NONE] = { "none", N_ ("No throttling"), 0, 0, 0 },
  [RC_THROTTLE_CABLE] = { "cable", N_ ("Cable"), 5000000 / 8, 1000000 / 8, 28000 },
  /* 9 Mbit/s * .9 down, 1.5 Mbit/s * .9 up, 60 ms * 2.75 */
  [RC_THROTTLE_FAST_4G] = { "fast-4g", N_ ("Fast 4G"), 9000000 / 8 * 9 / 10, 1500000 / 8 * 9 / 10,
                            60000 * 11 / 4 },
  /* 1.6 Mbit/s * .9 down, 750 kbit/s * .9 up, 150 ms * 3.75 */
  [RC_THROTTLE_FAST_3G] = { "fast-3g", N_ ("Fast 3G"), 1600000 / 8 * 9 / 10, 750000 / 8 * 9 / 10,
                            150000 * 15 / 4 },
  /* 500 kbit/s * .8 down and up, 400 ms * 5 */
  [RC_THROTTLE_SLOW_3G] = { "slow-3g", N_ ("Slow 3G"), 500000 / 8 * 8 / 10, 500000 / 8 * 8 / 10,
                            400000 * 5 },
};

gboolean
rc_throttle_profile_from_string (const char *name, RcThrottleProfile *out_profile)
{
  g_return_val_if_fail (out_profile != NULL, FALSE);

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (profiles); i++)
    if (g_ascii_strcasecmp (name, profiles[i].name) == 0)
      {
        *out_profile = i;
        return TRUE;
      }
  return FALSE;
}

gboolean
rc_throttle_model_from_string (const char *name, RcThrottleModel *out_model)
{
  g_return_val_if_fail (out_model != NULL, FALSE);
  if (g_strcmp0 (name, "link") == 0)
    *out_model = RC_THROTTLE_MODEL_LINK;
  else if (g_strcmp0 (name, "devtools") == 0)
    *out_model = RC_THROTTLE_MODEL_DEVTOOLS;
  else
    return FALSE;
  return TRUE;
}

const char *
rc_throttle_model_to_string (RcThrottleModel model)
{
  return model == RC_THROTTLE_MODEL_DEVTOOLS ? "devtools" : "link";
}

const char *
rc_throttle_profile_to_string (RcThrottleProfile profile)
{
  g_return_val_if_fail (profile < RC_THROTTLE_N_PROFILES, NULL);
  return profiles[profile].name;
}

const char *
rc_throttle_profile_get_label (RcThrottleProfile profile)
{
  g_return_val_if_fail (profile < RC_THROTTLE_N_PROFILES, NULL);
  return _ (profiles[profile].label);
}

guint64
rc_throttle_profile_get_download (RcThrottleProfile profile)
{
  g_return_val_if_fail (profile < RC_THROTTLE_N_PROFILES, 0);
  return profiles[profile].download;
}

guint64
rc_throttle_profile_get_upload (RcThrottleProfile profile)
{
  g_return_val_if_fail (profile < RC_THROTTLE_N_PROFILES, 0);
  return profiles[profile].upload;
}

guint64
rc_throttle_profile_get_bits_per_second (RcThrottleProfile profile)
{
  return rc_throttle_profile_get_download (profile) * 8;
}

guint64
rc_throttle_profile_get_latency_us (RcThrottleProfile profile)
{
  g_return_val_if_fail (profile < RC_THROTTLE_N_PROFILES, 0);
  return profiles[profile].latency_us;
}

double
rc_throttle_profile_get_latency_ms (RcThrottleProfile profile)
{
  return rc_throttle_profile_get_latency_us (profile) / 1000.0;
}

struct _RcThrottle
{
  GObject parent_instance;

  RcThrottleProfile profile;
  RcThrottleBucket *bucket; /* shared with every stream of this throttle */
};

G_DEFINE_FINAL_TYPE (RcThrottle, rc_throttle, G_TYPE_OBJECT)

static void
rc_throttle_finalize (GObject *object)
{
  RcThrottle *self = RC_THROTTLE (object);

  g_clear_pointer (&self->bucket, rc_throttle_bucket_unref);
  G_OBJECT_CLASS (rc_throttle_parent_class)->finalize (object);
}

static void
rc_throttle_class_init (RcThrottleClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rc_throttle_finalize;
}

static void
rc_throttle_init (RcThrottle *self)
{
  self->bucket = rc_throttle_bucket_new ();
}

RcThrottle *
rc_throttle_new (void)
{
  return g_object_new (RC_TYPE_THROTTLE, NULL);
}

void
rc_throttle_set_profile (RcThrottle *self, RcThrottleProfile profile)
{
  g_return_if_fail (RC_IS_THROTTLE (self));
  g_return_if_fail (profile < RC_THROTTLE_N_PROFILES);

  self->profile = profile;
  rc_throttle_bucket_set_rate (self->bucket, profiles[profile].download);
}

RcThrottleProfile
rc_throttle_get_profile (RcThrottle *self)
{
  g_return_val_if_fail (RC_IS_THROTTLE (self), RC_THROTTLE_NONE);
  return self->profile;
}

GIOStream *
rc_throttle_wrap_stream (RcThrottle *self, GIOStream *base)
{
  g_return_val_if_fail (RC_IS_THROTTLE (self), NULL);
  g_return_val_if_fail (G_IS_IO_STREAM (base), NULL);

  return rc_throttle_io_stream_new (self->bucket, base);
}
