/* rc-run-analysis.h: cache verdicts, step attribution and byte totals for one run.
 *
 * Pure functions over an RcRunRecord. Each resource is judged from two independent sources:
 * the proxy's request log (did a request reach the server, how many bytes, was it a 304) and
 * the engine's Resource Timing entries (whatever it reported). The proxy is the source of
 * truth for bytes; Resource Timing only confirms or contradicts it.
 */
#pragma once

#include "core/record/rc-run-record.h"

G_BEGIN_DECLS

typedef enum
{
  RC_VERDICT_NETWORK,     /* a request reached the proxy and got a body */
  RC_VERDICT_CACHE,       /* the engine loaded it, no request reached the proxy */
  RC_VERDICT_REVALIDATED, /* the proxy answered 304 */
  RC_VERDICT_FAILED,      /* error status, dropped connection, or an entry with no response */
  RC_VERDICT_DISAGREE,    /* the two sources conflict (see reason) */
} RcVerdict;

const char *rc_verdict_to_string (RcVerdict verdict);

/* Adds @value to *@sum, where -1 (unknown) in either makes the sum unknown. */
void rc_add_known_bytes (gint64 *sum, gint64 value);
gboolean rc_verdict_from_string (const char *text, RcVerdict *out);

/* The step key of resources that started after ready (code run in the booted runtime). */
#define RC_STEP_AFTER_READY "after-ready"

typedef struct
{
  char *url;
  char *file_name;
  RcVerdict verdict;
  char *reason;   /* why this verdict, one line */
  guint step;     /* attributed step; 0 = before the first step (the host page);
                        last step + 1 = after ready */
  char *step_key; /* rc_run_step_key() of that step, or "page" */
  char *group;    /* expected group, else derived from the step ("interpreter", "preload:x") */
  guint64 bytes;  /* body bytes the proxy wrote, on the wire (0 for cache) */
  gint64 decoded_bytes; /* the same body once decoded (0 for cache); -1 unknown */
  guint status;         /* proxy status, 0 when no request reached it */
  double start_ms;      /* worker clock (negative: before the worker started); NAN unknown */
  double end_ms;        /* NAN unknown */
  int request_index;    /* into record->requests, -1 none */
  int timing_index;     /* into record->timings, -1 none */
} RcResourceVerdict;

typedef struct
{
  char *key; /* step key, "page", or a group name */
  guint step;
  guint requests;       /* resources attributed */
  guint network;        /* of which went to the network */
  guint64 bytes;        /* on the wire */
  gint64 decoded_bytes; /* once decoded; -1 when any member's is unknown */
  double download_ms;   /* first network start to last network end (worker clock); 0 none */
} RcByteTotal;

typedef struct
{
  GPtrArray *resources;       /* RcResourceVerdict, in time order */
  GPtrArray *step_totals;     /* RcByteTotal per step (0 = page first), every step present */
  GPtrArray *group_totals;    /* RcByteTotal per group, first-seen order */
  GPtrArray *flags;           /* RcDiagnostic (rule ids below), empty when all is well */
  guint64 total_bytes;        /* wire bytes until ready: the boot's cost */
  guint64 after_ready_bytes;  /* wire bytes of requests that started after ready */
  gint64 total_decoded_bytes; /* the same once decoded; -1 unknown (an older report) */
  gint64 after_ready_decoded_bytes;
  guint counts[RC_VERDICT_DISAGREE + 1];
} RcRunAnalysis;

/* Flag rules (RcDiagnostic.rule; file "", path = run id):
 *  warm-immutable-network   error   warm run fetched an immutable resource
 *  warm-overlay-unobserved  error   warm run observed none / not all expected overlay wheels
 *  changed-wheel-cached     error   changed-wheel run did not fetch the renamed wheel
 *  cold-cache-hit           warning cold run served something from cache (session not fresh)
 *  verdict-disagree         warning the proxy and Resource Timing conflict
 *  connection-disagree      warning the proxy and the engine see a response's connection
 *                                   reuse differently
 *  resource-failed          warning a resource failed
 *  expected-unobserved      warning ready run, an expected resource neither source saw
 *  no-overlay-expected      note    warm run without expected overlay wheels: check not applied */

RcRunAnalysis *rc_run_analyse (const RcRunRecord *record);
void rc_run_analysis_free (RcRunAnalysis *self);

const RcResourceVerdict *rc_run_analysis_find (const RcRunAnalysis *self, const char *file_name);
const RcByteTotal *rc_run_analysis_group (const RcRunAnalysis *self, const char *group);
/* The group of a step when no expected resource names it: "interpreter" for step 1,
 * "preload:<pkg>", "install:<entry>", "import:<module>", "prelude", "page" (step 0). */
char *rc_run_step_group (const RcRunRecord *record, guint step);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcRunAnalysis, rc_run_analysis_free)

G_END_DECLS
