/* rc-latency.c: where the throttle profile's round trips are charged (RcThrottleModel).
 *
 * A paused message is unpaused when its round trips have passed; the TLS handshake's round
 * trip is charged by rc-proxy.c before it starts.
 */
#include "config.h"

#include "rc-server-private.h"

static gboolean
unpause_cb (gpointer data)
{
  SoupServerMessage *msg = data;

  if (!rc_request_log_is_closed (msg))
    soup_server_message_unpause (msg);
  return G_SOURCE_REMOVE;
}

guint64
rc_server_rtt_us (RcServer *self)
{
  return rc_throttle_profile_get_latency_us (rc_throttle_get_profile (self->throttle));
}

void
rc_server_after_rtts (RcServer *self, guint rtts, GSourceFunc func, gpointer data,
                      GDestroyNotify destroy)
{
  guint64 us = rtts * rc_server_rtt_us (self);

  if (us == 0)
    {
      func (data);
      if (destroy != NULL)
        destroy (data);
      return;
    }
  g_timeout_add_full (G_PRIORITY_DEFAULT, (guint) ((us + 500) / 1000), func, data, destroy);
}

/* The round trips before @msg's answer starts. One per request in either model. Under the
 * link model a CONNECT to an emulated host pays the TCP handshake to it (answering CONNECT
 * is the proxy's own round trip, local and free: DevTools' model charges it nothing), and a
 * new plain connection's first request pays its TCP handshake. */
static guint
request_rtts (RcServer *self, SoupServerMessage *msg)
{
  gboolean link = self->throttle_model == RC_THROTTLE_MODEL_LINK;

  if (soup_server_message_get_method (msg) == SOUP_METHOD_CONNECT)
    return link ? 1 : 0;
  if (link && !rc_connections_is_reused (self, msg) && !rc_connections_is_tunnel (self, msg))
    return 2;
  return 1;
}

void
rc_server_apply_latency (RcServer *self, SoupServerMessage *msg)
{
  guint rtts = request_rtts (self, msg);

  if (rtts == 0 || rc_server_rtt_us (self) == 0)
    return;
  soup_server_message_pause (msg);
  rc_server_after_rtts (self, rtts, unpause_cb, g_object_ref (msg), g_object_unref);
}

void
rc_server_resume (RcServer *self, SoupServerMessage *msg)
{
  if (rc_server_rtt_us (self) > 0)
    rc_server_apply_latency (self, msg);
  else if (!rc_request_log_is_closed (msg))
    soup_server_message_unpause (msg);
}
