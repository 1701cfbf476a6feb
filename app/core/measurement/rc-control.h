/* rc-control.h: the control boot a measurement runs by itself.
 *
 * OSA's harness keeps a control page that must time out: if it boots, the policy under test
 * was never applied (no header sent, a proxy that strips it, a cached page), and every figure
 * measured "under" it is meaningless. The control is the policy under test without the grant
 * WebAssembly needs, or OSA's `control` preset when no policy was chosen, booted with a short
 * deadline derived from the measured boots. Pure data and rules; the runner boots it.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "core/policy/rc-csp.h"
#include "core/record/rc-run-record.h"

G_BEGIN_DECLS

/* The shortest control deadline: below it a slow machine could time out a control that
 * would have booted, which would make an invalid report look valid. */
#define RC_CONTROL_MIN_DEADLINE_MS 10000.0

typedef struct
{
  char *policy_name;  /* "nemarlike minus 'wasm-unsafe-eval'" or "control" */
  char *policy;       /* the policy text the control page sends */
  char *derived_from; /* the policy name under test, or NULL when OSA's control preset */
  double deadline_ms;
  char *deadline_rule; /* how deadline_ms was chosen, one line */
  RcRunRecord *run;    /* the control boot; NULL while it has not run */
  /* the engine it booted in ("webkit", "chromium", "firefox"); NULL in reports written before
   * one control per engine (rc_control_get_engine() then reads the run's environment) */
  char *engine;
} RcControl;

void rc_control_free (RcControl *self);
RcControl *rc_control_copy (const RcControl *self);

/* @policy without the sources that let WebAssembly compile ('wasm-unsafe-eval' and
 * 'unsafe-eval', which implies it in CSP3) in the directive that governs it: script-src, or
 * default-src when there is no script-src. Done on the parsed policy, directive by directive,
 * so a source is never matched inside another one; every policy of a list is changed. A
 * directive left empty becomes 'none'. NULL when @policy is no policy. */
char *rc_csp_policy_without_wasm (RcCspPolicy *policy);

/* The control for a measurement under @policy_name/@policy (NULL policy: OSA's control
 * preset). The deadline is not set yet (rc_control_set_deadline()). NULL and an error only
 * when the control preset cannot be read. */
RcControl *rc_control_derive (const char *policy_name, const char *policy, GError **error);

/* Twice the median loading_runtime step of the ready runs in @runs (RcRunRecord; the cold
 * runs when there are any), at least RC_CONTROL_MIN_DEADLINE_MS; the minimum when no run
 * measured the step. @rule receives the explanation (may be NULL). */
double rc_control_deadline_ms (GPtrArray *runs, char **rule);
void rc_control_set_deadline (RcControl *self, GPtrArray *runs);

/* The engine the control booted in: its own member, else its run's, else "webkit" (reports
 * before other engines were WebKit's). */
const char *rc_control_get_engine (const RcControl *self);

/* TRUE when the control reached ready: the report is invalid. */
gboolean rc_control_booted (const RcControl *self);

JsonNode *rc_control_to_json (const RcControl *self);
/* NULL and an error naming @path's member when the shape is wrong. */
RcControl *rc_control_from_json (JsonNode *node, const char *path, GError **error);

/* One paragraph for the Markdown report / lines for the terminal summary. */
void rc_control_append_markdown (const RcControl *self, GString *out);
void rc_control_append_text (const RcControl *self, GString *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcControl, rc_control_free)

G_END_DECLS
