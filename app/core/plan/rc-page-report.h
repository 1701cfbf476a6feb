/* rc-page-report.h: a boot in a reader's own browser, diagnosed as the console diagnoses one.
 *
 * serve's page is the engines' host page; opened in any browser it boots the community under
 * the chosen policy. When that boot fails (or stalls), the page posts what it saw (its
 * messages: steps, violations, the outcome) back to its origin, and the server answers with
 * the same diagnosis text and party (community, policy, engine, distribution) the engines put
 * in a run record: the messages are replayed into a run record with the worker-message
 * reader, then blamed and diagnosed with the server's own request log for that page load.
 *
 * The body is outside input (any page, any client may post): at most
 * RC_PAGE_REPORT_MAX_BYTES, parsed with rc_worker_message_parse() (bounded depth), every
 * number range-checked by the same reader the engines use.
 *
 *   {"kind": "page_report",
 *    "messages": [ …window.rcMessages… ],
 *    "outcome": {"kind": "timeout", "message": "…"}}   when no message ended the boot
 */
#pragma once

#include <json-glib/json-glib.h>

#include "core/analysis/rc-boot-blame.h"

G_BEGIN_DECLS

#define RC_PAGE_REPORT_MAX_BYTES ((gsize) 1 << 20)

typedef struct
{
  const char *policy;      /* the CSP the page was served under; NULL: none */
  JsonObject *plan;        /* the boot plan the page read (/boot-plan.json) */
  const char *page_origin; /* "https://community.test" */
  const char *api_origin;  /* with its mount path, no trailing "/" */
  GPtrArray *requests;     /* RcRequestRecord the server logged for this page load; may be NULL */
} RcPageReportContext;

typedef struct
{
  gboolean ready;  /* the boot reached ready: nothing to diagnose */
  char *kind;      /* the outcome kind ("timeout", "worker_error", …); NULL when ready */
  char *message;   /* the outcome message */
  RcParty party;   /* whose failure; RC_PARTY_UNKNOWN when ready */
  char *diagnosis; /* the whole text (rc_boot_diagnosis_compose()); NULL when ready */
  guint steps;     /* progress messages replayed */
  guint violations;
} RcPageDiagnosis;

/* NULL and RC_WORKER_MESSAGE_ERROR_INVALID naming what is wrong when @body is too large, not
 * JSON, not a page report, or holds a message the engines would refuse. */
RcPageDiagnosis *rc_page_report_diagnose (const char *body, gsize length,
                                          const RcPageReportContext *context, GError **error);
/* {"kind": "diagnosis", "ready", "outcome": {kind, message}, "party", "party_sentence",
 *  "text", "steps", "violations"} */
JsonNode *rc_page_diagnosis_to_json (const RcPageDiagnosis *self);
void rc_page_diagnosis_free (RcPageDiagnosis *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcPageDiagnosis, rc_page_diagnosis_free)

G_END_DECLS
