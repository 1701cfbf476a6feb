/* rc-boot-diagnosis.h: why a boot did not finish before its deadline.
 *
 * A refused runtime hangs rather than failing (runtime-worker.md §4), so the diagnosis joins
 * three sources: the static analysis of the policy against what this community needs
 * (rc-csp.h), the securitypolicyviolation events seen, and the last request the proxy saw
 * compared with the next one a successful boot makes.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "core/analysis/rc-boot-blame.h"
#include "core/policy/rc-csp.h"
#include "core/record/rc-run-record.h"

G_BEGIN_DECLS

/* @policy: the CSP text (NULL = none). @expected_urls: rc_boot_plan_expected_urls(). Uses the
 * record's violations and requests. A new multi-line text. */
char *rc_boot_diagnose (const char *policy, const RcCspNeeds *needs, const RcRunRecord *record,
                        GPtrArray *expected_urls);

/* The first URL of @expected_urls that no request in @requests (RcRequestRecord *) asked for,
 * or NULL when all were seen. Query strings are ignored. */
const char *rc_boot_next_expected (GPtrArray *expected_urls, GPtrArray *requests);

/* The package whose wheel the emulated CDN answered 404 for because the distribution does not
 * have it: the request log note "NAME.whl is not in this distribution mirror (package X)".
 * NULL for any other request. A new string. */
char *rc_boot_missing_wheel_package (const RcRequestRecord *request);
/* The first such request in @requests (RcRequestRecord *), or NULL. */
const RcRequestRecord *rc_boot_find_missing_wheel (GPtrArray *requests);
/* One line for the outcome message, and the diagnosis: the package, the URL, the 404 and
 * the fix (--distribution with a full release, or --live). @distribution_dir: the folder
 * the CDN served. New strings. */
char *rc_boot_missing_wheel_message (const RcRequestRecord *request);
char *rc_boot_diagnose_missing_wheel (const RcRequestRecord *request, const char *distribution_dir);

/* The outcome message of a boot whose WebAssembly compile the page's policy refused
 * (rc_boot_wasm_refusal()): the call (@via, "instantiateStreaming"), the engine's words
 * (@error: its first line is kept), when (@t_ms, the worker's clock; -1 unknown), and the
 * words OSA's host gives a reader at its deadline of @deadline_s. A new string. */
char *rc_boot_wasm_refused_message (const char *via, const char *error, double t_ms,
                                    double deadline_s);

/* A failed boot's whole diagnosis, as every engine and serve's page give it: whose failure
 * (@party, rc_boot_party_sentence()), a line when the host page never reported (unless @kind
 * is "engine"), @body, then up to ten of the loads the worker saw fail (@failed_loads: its
 * rc.failed_loads objects {url, status, error, phase}; NULL for none). A new string. */
char *rc_boot_diagnosis_compose (RcParty party, const char *kind, gboolean page_reported,
                                 const char *body, JsonArray *failed_loads);

G_END_DECLS
