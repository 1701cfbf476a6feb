/* rc-boot-blame.h: whose failure a failed boot is.
 *
 * A console that blames the policy for a crashed engine, or the community for a refused
 * policy, sends its user to fix the wrong thing. Every failed boot names one party, from what
 * the engine knows when it fails: the outcome kind, what the policy refuses of this
 * community's needs, the violations seen, a required request the server refused, and whether
 * the host page ever reported.
 */
#pragma once

#include <glib-object.h>

#include "core/record/rc-request-record.h"

G_BEGIN_DECLS

typedef enum
{
  RC_PARTY_UNKNOWN,
  RC_PARTY_COMMUNITY,    /* its config, overlay, wheels, preload, prelude */
  RC_PARTY_POLICY,       /* the page's Content-Security-Policy */
  RC_PARTY_ENGINE,       /* WebKit (a crashed process, a load it failed internally), the page */
  RC_PARTY_DISTRIBUTION, /* the Pyodide files served as the CDN */
} RcParty;

#define RC_TYPE_PARTY (rc_party_get_type ())
GType rc_party_get_type (void) G_GNUC_CONST;

/* "community", "policy", "engine", "distribution"; NULL for RC_PARTY_UNKNOWN. */
const char *rc_party_to_string (RcParty party);

typedef struct
{
  const char *kind;               /* the outcome kind: "timeout", "runtime", "engine", … */
  guint policy_refusals;          /* rc_boot_count_boot_refusals() of the community's needs */
  guint violations;               /* securitypolicyviolation events seen */
  const RcRequestRecord *refused; /* a required request the server answered with an error */
  gboolean page_reported;         /* the host page posted at least one message */
  const char *message;            /* the outcome's message (often the worker's own words) */
} RcBlame;

/* In this order: no party for a cancelled or stopped boot; the engine's and the
 * distribution's own kinds; a required request the server refused (its origin); a cause the
 * failure's own message names (rc_boot_named_cause()); the community's kinds; the policy
 * only for a refusal of what the boot needs, or a violation seen; then what is left. */
RcParty rc_boot_blame (const RcBlame *blame);

/* What the policy refuses of what the boot itself needs (rc_csp_analyse() findings). The
 * community's fetch_allow URLs are left out: only its Python code fetches them, once the
 * runtime is up, so refusing them never makes a boot fail (a prelude that fetches one shows
 * a violation, which blames the policy). */
guint rc_boot_count_boot_refusals (GPtrArray *findings);
/* Whether @requirement (an RcCspFinding's) is something the boot needs. */
gboolean rc_boot_requirement_is_boot_need (const char *requirement);

/* The cause a failure names in its own words, when the console knows it: one sentence
 * (a new string) and, in @party, whose it is; NULL when @kind and @message name none. A
 * preload name no lock lists ("package X did not load: No known package …") is the
 * community's, as is every failure of its config, lock, prelude or import_before_seal. */
char *rc_boot_named_cause (const char *kind, const char *message, RcParty *party);

/* Whether @error, what a failed WebAssembly compile or instantiate threw, is the engine
 * refusing it under the page's Content-Security-Policy (each engine's own words: WebKit's and
 * Chromium's name the policy, Firefox's says "blocked by CSP"), rather than bad bytes or a
 * failed load. */
gboolean rc_boot_wasm_refusal (const char *error);

/* Whether @message, what the worker said when loadPyodide failed before the interpreter was
 * up, is the interpreter failing inside itself rather than refusing an input: a WebAssembly
 * trap in each engine's words (WebKit "Out of bounds memory access", Chromium "memory access
 * out of bounds", Firefox "index out of bounds", an unreachable or a signature mismatch), or
 * Pyodide's own bootstrap modules failing to import ("Failed to import _pyodide"). The
 * community gives that step nothing but its lock, so with every file served whole this is the
 * engine's execution or the distribution's files: a retry with the same files tells which. */
gboolean rc_boot_interpreter_fault (const char *message);

/* Whether @request_url asks for @expected, query strings ignored. */
gboolean rc_boot_url_matches (const char *request_url, const char *expected);

/* The first request in @requests (RcRequestRecord *) for a URL of @expected_urls (query
 * strings ignored) that the server answered with HTTP 400 or more, or NULL. */
const RcRequestRecord *rc_boot_find_refused (GPtrArray *requests, GPtrArray *expected_urls);

/* One sentence for the top of a diagnosis: "Whose failure: …". A new string. */
char *rc_boot_party_sentence (RcParty party);

G_END_DECLS
