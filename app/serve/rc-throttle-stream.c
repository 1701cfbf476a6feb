/* rc-throttle-stream.c: the shaped streams behind rc_throttle_wrap_stream().
 *
 * libsoup and glib-networking drive their streams with non-blocking writes and pollable
 * sources, so the output stream is a GPollableOutputStream: while the bucket is empty it
 * reports "not writable" and its source is a timer that fires when tokens are due.
 */
#include "config.h"

#include "rc-throttle-stream.h"

/* ---- RcThrottleOutputStream ---------------------------------------------------------- */

#define RC_TYPE_THROTTLE_OUTPUT_STREAM (rc_throttle_output_stream_get_type ())
G_DECLARE_FINAL_TYPE (RcThrottleOutputStream, rc_throttle_output_stream, RC, THROTTLE_OUTPUT_STREAM,
                      GFilterOutputStream)

struct _RcThrottleOutputStream
{
  GFilterOutputStream parent_instance;
  RcThrottleBucket *bucket;
};

static void pollable_iface_init (GPollableOutputStreamInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (RcThrottleOutputStream, rc_throttle_output_stream,
                               G_TYPE_FILTER_OUTPUT_STREAM,
                               G_IMPLEMENT_INTERFACE (G_TYPE_POLLABLE_OUTPUT_STREAM,
                                                      pollable_iface_init))

static GOutputStream *
base_of (gpointer stream)
{
  return g_filter_output_stream_get_base_stream (G_FILTER_OUTPUT_STREAM (stream));
}

static gssize
rc_throttle_output_stream_write (GOutputStream *stream, const void *buffer, gsize count,
                                 GCancellable *cancellable, GError **error)
{
  RcThrottleOutputStream *self = RC_THROTTLE_OUTPUT_STREAM (stream);
  gint64 wait_us = 0;
  gsize granted;
  gssize written;

  while ((granted = rc_throttle_bucket_take (self->bucket, count, &wait_us)) == 0 && count > 0)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return -1;
      g_usleep (MIN (wait_us, 50000));
    }
  written = g_output_stream_write (base_of (self), buffer, granted, cancellable, error);
  rc_throttle_bucket_give_back (self->bucket, written < 0 ? granted : granted - (gsize) written);
  return written;
}

static gboolean
rc_throttle_output_stream_can_poll (GPollableOutputStream *stream)
{
  GOutputStream *base = base_of (stream);

  return G_IS_POLLABLE_OUTPUT_STREAM (base)
         && g_pollable_output_stream_can_poll (G_POLLABLE_OUTPUT_STREAM (base));
}

static gboolean
rc_throttle_output_stream_is_writable (GPollableOutputStream *stream)
{
  RcThrottleOutputStream *self = RC_THROTTLE_OUTPUT_STREAM (stream);

  return rc_throttle_bucket_get_wait_us (self->bucket) == 0
         && g_pollable_output_stream_is_writable (G_POLLABLE_OUTPUT_STREAM (base_of (self)));
}

static GSource *
rc_throttle_output_stream_create_source (GPollableOutputStream *stream, GCancellable *cancellable)
{
  RcThrottleOutputStream *self = RC_THROTTLE_OUTPUT_STREAM (stream);
  g_autoptr (GSource) child = NULL;
  gint64 wait_us = rc_throttle_bucket_get_wait_us (self->bucket);

  if (wait_us == 0)
    child =
        g_pollable_output_stream_create_source (G_POLLABLE_OUTPUT_STREAM (base_of (self)), NULL);
  else
    child = g_timeout_source_new ((guint) (wait_us / 1000) + 1);
  return g_pollable_source_new_full (stream, child, cancellable);
}

static gssize
rc_throttle_output_stream_write_nonblocking (GPollableOutputStream *stream, const void *buffer,
                                             gsize count, GError **error)
{
  RcThrottleOutputStream *self = RC_THROTTLE_OUTPUT_STREAM (stream);
  gint64 wait_us = 0;
  gsize granted = rc_throttle_bucket_take (self->bucket, count, &wait_us);
  gssize written;

  if (granted == 0 && count > 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK, "throttled");
      return -1;
    }
  written = g_pollable_output_stream_write_nonblocking (G_POLLABLE_OUTPUT_STREAM (base_of (self)),
                                                        buffer, granted, NULL, error);
  rc_throttle_bucket_give_back (self->bucket, written < 0 ? granted : granted - (gsize) written);
  return written;
}

static void
pollable_iface_init (GPollableOutputStreamInterface *iface)
{
  iface->can_poll = rc_throttle_output_stream_can_poll;
  iface->is_writable = rc_throttle_output_stream_is_writable;
  iface->create_source = rc_throttle_output_stream_create_source;
  iface->write_nonblocking = rc_throttle_output_stream_write_nonblocking;
}

static void
rc_throttle_output_stream_finalize (GObject *object)
{
  RcThrottleOutputStream *self = RC_THROTTLE_OUTPUT_STREAM (object);

  g_clear_pointer (&self->bucket, rc_throttle_bucket_unref);
  G_OBJECT_CLASS (rc_throttle_output_stream_parent_class)->finalize (object);
}

static void
rc_throttle_output_stream_class_init (RcThrottleOutputStreamClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rc_throttle_output_stream_finalize;
  G_OUTPUT_STREAM_CLASS (klass)->write_fn = rc_throttle_output_stream_write;
}

static void
rc_throttle_output_stream_init (RcThrottleOutputStream *self)
{
}

/* ---- RcThrottleIOStream -------------------------------------------------------------- */

#define RC_TYPE_THROTTLE_IO_STREAM (rc_throttle_io_stream_get_type ())
G_DECLARE_FINAL_TYPE (RcThrottleIOStream, rc_throttle_io_stream, RC, THROTTLE_IO_STREAM, GIOStream)

struct _RcThrottleIOStream
{
  GIOStream parent_instance;
  GIOStream *base;
  GOutputStream *output;
};

G_DEFINE_FINAL_TYPE (RcThrottleIOStream, rc_throttle_io_stream, G_TYPE_IO_STREAM)

static GInputStream *
rc_throttle_io_stream_get_input_stream (GIOStream *stream)
{
  return g_io_stream_get_input_stream (RC_THROTTLE_IO_STREAM (stream)->base);
}

static GOutputStream *
rc_throttle_io_stream_get_output_stream (GIOStream *stream)
{
  return RC_THROTTLE_IO_STREAM (stream)->output;
}

/* Closing the base GIOStream (not just its two streams) is what closes a socket. */
static gboolean
rc_throttle_io_stream_close (GIOStream *stream, GCancellable *cancellable, GError **error)
{
  return g_io_stream_close (RC_THROTTLE_IO_STREAM (stream)->base, cancellable, error);
}

static void
close_base_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  GError *error = NULL;

  if (g_io_stream_close_finish (G_IO_STREAM (source), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
rc_throttle_io_stream_close_async (GIOStream *stream, int io_priority, GCancellable *cancellable,
                                   GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (stream, cancellable, callback, user_data);

  g_io_stream_close_async (RC_THROTTLE_IO_STREAM (stream)->base, io_priority, cancellable,
                           close_base_done, task);
}

static gboolean
rc_throttle_io_stream_close_finish (GIOStream *stream, GAsyncResult *result, GError **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
rc_throttle_io_stream_finalize (GObject *object)
{
  RcThrottleIOStream *self = RC_THROTTLE_IO_STREAM (object);

  g_clear_object (&self->output);
  g_clear_object (&self->base);
  G_OBJECT_CLASS (rc_throttle_io_stream_parent_class)->finalize (object);
}

static void
rc_throttle_io_stream_class_init (RcThrottleIOStreamClass *klass)
{
  GIOStreamClass *stream_class = G_IO_STREAM_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = rc_throttle_io_stream_finalize;
  stream_class->get_input_stream = rc_throttle_io_stream_get_input_stream;
  stream_class->get_output_stream = rc_throttle_io_stream_get_output_stream;
  stream_class->close_fn = rc_throttle_io_stream_close;
  stream_class->close_async = rc_throttle_io_stream_close_async;
  stream_class->close_finish = rc_throttle_io_stream_close_finish;
}

static void
rc_throttle_io_stream_init (RcThrottleIOStream *self)
{
}

GIOStream *
rc_throttle_io_stream_new (RcThrottleBucket *bucket, GIOStream *base)
{
  RcThrottleIOStream *self = g_object_new (RC_TYPE_THROTTLE_IO_STREAM, NULL);
  RcThrottleOutputStream *output =
      g_object_new (RC_TYPE_THROTTLE_OUTPUT_STREAM, "base-stream",
                    g_io_stream_get_output_stream (base), "close-base-stream", FALSE, NULL);

  output->bucket = rc_throttle_bucket_ref (bucket);
  self->base = g_object_ref (base);
  self->output = G_OUTPUT_STREAM (output);
  return G_IO_STREAM (self);
}
