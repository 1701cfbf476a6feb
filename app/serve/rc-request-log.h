/* rc-request-log.h: private to app/serve. One RcRequestRecord per request, filled from the
 * message's signals; whoever attached the log hears of each finished record through a
 * callback, so the log knows nothing of the server that keeps the records.
 */
#pragma once

#include <libsoup/soup.h>

#include "core/record/rc-request-record.h"

G_BEGIN_DECLS

/* A request is complete: @record is the callee's to keep. */
typedef void (*RcRequestLogFinishedFunc) (GObject *owner, RcRequestRecord *record);

/* Starts @msg's record for the run @run_id. @finished is called with @owner when the request
 * is complete, unless @owner is gone by then (the log holds it weakly: messages can outlive
 * the server that logs them). */
void rc_request_log_attach (SoupServerMessage *msg, const char *run_id,
                            RcRequestLogFinishedFunc finished, GObject *owner);
void rc_request_log_complete (SoupServerMessage *msg);
/* Keeps the entry open past "finished" until rc_request_log_complete(): a live CONNECT
 * tunnel's record covers the bytes spliced through it. */
void rc_request_log_hold (SoupServerMessage *msg);
/* The message finished or lost its connection: it must not be unpaused any more. */
gboolean rc_request_log_is_closed (SoupServerMessage *msg);
RcRequestRecord *rc_request_log_lookup (SoupServerMessage *msg);
void rc_request_log_set_origin (SoupServerMessage *msg, const char *origin);
void rc_request_log_set_note (SoupServerMessage *msg, const char *format, ...) G_GNUC_PRINTF (2, 3);

G_END_DECLS
