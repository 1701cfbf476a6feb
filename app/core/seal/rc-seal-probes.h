/* rc-seal-probes.h: the standard seal audit of a booted runtime (runtime-worker.md §3).
 *
 * Each probe is a piece of Python run through the worker's execute message, and a rule that
 * judges the worker's `result` message: sealed imports are denied with their reasons, egress
 * outside fetch_allow is refused, and a fetch_allow URL is reachable.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum
{
  RC_SEAL_PROBE_IMPORT_DENIED,    /* importlib.import_module(root) must fail with the reason */
  RC_SEAL_PROBE_EGRESS_REFUSED,   /* osa.fetch of a URL outside fetch_allow must be refused */
  RC_SEAL_PROBE_ALLOWED_READABLE, /* osa.fetch of a fetch_allow URL must get a response */
} RcSealProbeKind;

typedef struct
{
  RcSealProbeKind kind;
  char *subject; /* the import root or the URL */
  char *title;   /* one line, translated: "import js is denied" */
  char *code;    /* Python for the execute message */
} RcSealProbe;

typedef struct
{
  gboolean passed;
  gboolean not_run; /* the probe did not get to run (timeout, cancelled, refused by the
                     * policy, the runtime gone): neither a pass nor a failure of the seal */
  char *detail;     /* one line: the reason the worker gave, or what went wrong */
} RcSealVerdict;

/* The sealed roots, as OSA's _BLOCKED_ROOTS lists them. */
extern const char *const rc_sealed_import_roots[];

/* Probes in a fixed order: every sealed root, one URL outside @fetch_allow, and the first
 * @fetch_allow prefix (skipped when @fetch_allow is empty). A GPtrArray of RcSealProbe. */
GPtrArray *rc_seal_probes_new (const char *const *fetch_allow);
void rc_seal_probe_free (RcSealProbe *probe);

/* Judges the worker's result {status, stdout, stderr, …} for @probe; status "timeout" or
 * "cancelled" is a verdict with not_run set. */
RcSealVerdict *rc_seal_probe_judge (const RcSealProbe *probe, JsonObject *result);
void rc_seal_verdict_free (RcSealVerdict *verdict);
/* A not-run verdict with @detail (taken). */
RcSealVerdict *rc_seal_verdict_new_not_run (char *detail);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcSealProbe, rc_seal_probe_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcSealVerdict, rc_seal_verdict_free)

G_END_DECLS
