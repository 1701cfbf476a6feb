/* rc-request-record.c */
#include "config.h"

#include "core/record/rc-request-record.h"

G_DEFINE_BOXED_TYPE (RcRequestRecord, rc_request_record, rc_request_record_copy,
                     rc_request_record_free)

RcRequestRecord *
rc_request_record_new (void)
{
  RcRequestRecord *self = g_new0 (RcRequestRecord, 1);

  self->decoded_bytes = -1;
  self->connect_us = -1;
  self->ssl_us = -1;
  return self;
}

RcRequestRecord *
rc_request_record_copy (const RcRequestRecord *self)
{
  RcRequestRecord *copy = g_memdup2 (self, sizeof *self);

  copy->run_id = g_strdup (self->run_id);
  copy->method = g_strdup (self->method);
  copy->url = g_strdup (self->url);
  copy->origin = g_strdup (self->origin);
  copy->content_type = g_strdup (self->content_type);
  copy->note = g_strdup (self->note);
  copy->content_encoding = g_strdup (self->content_encoding);
  return copy;
}

void
rc_request_record_free (RcRequestRecord *self)
{
  if (self == NULL)
    return;
  g_free (self->run_id);
  g_free (self->method);
  g_free (self->url);
  g_free (self->origin);
  g_free (self->content_type);
  g_free (self->note);
  g_free (self->content_encoding);
  g_free (self);
}
