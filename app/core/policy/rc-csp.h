/* rc-csp.h: Content-Security-Policy parsing and the "does this policy let the runtime boot"
 * analysis.
 *
 * Parsing follows W3C CSP3 §2.2 ("parse a serialized CSP" / "parse a serialized CSP list"):
 * a header value may hold several policies separated by ",", each split on ";", directive
 * names are ASCII case-insensitive, the first occurrence of a directive wins (later ones are
 * ignored with a warning), and invalid source expressions are ignored. Matching follows
 * CSP3 §6.7.2 ("does url match expression in origin"): 'self' is the page origin and never
 * covers blob: or data:, "*" never covers blob:/data:, a host "*.example.org" matches subdomains
 * only, and a missing port means the scheme's default port.
 *
 * A blob: worker runs under the CSP of the page that created it (runtime-worker.md §9.1),
 * so one analysis of the page policy tells whether the worker can boot.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  RC_CSP_SOURCE_NONE,     /* 'none' */
  RC_CSP_SOURCE_KEYWORD,  /* 'self', 'unsafe-eval', 'wasm-unsafe-eval', 'unsafe-inline', … */
  RC_CSP_SOURCE_NONCE,    /* 'nonce-…' */
  RC_CSP_SOURCE_HASH,     /* 'sha256-…' */
  RC_CSP_SOURCE_WILDCARD, /* * */
  RC_CSP_SOURCE_SCHEME,   /* https: blob: data: */
  RC_CSP_SOURCE_HOST,     /* [scheme://]host[:port][/path] */
} RcCspSourceKind;

typedef struct
{
  RcCspSourceKind kind;
  char *text;    /* as written */
  char *keyword; /* lower case, without quotes ("self"); KEYWORD/NONCE/HASH only */
  char *scheme;  /* lower case, without ":"; NULL when a host source has none */
  char *host;    /* lower case; may start with "*." ; "*" alone for any host */
  int port;      /* -1 when absent, 0 for ":*" */
  char *path;    /* NULL when absent; percent-decoded */
} RcCspSource;

typedef struct
{
  char *name;         /* lower case */
  GPtrArray *sources; /* RcCspSource; empty means 'none' */
  char *text;         /* the directive as written (name and value), whitespace trimmed */
} RcCspDirective;

typedef struct _RcCspPolicy RcCspPolicy;

#define RC_TYPE_CSP_POLICY (rc_csp_policy_get_type ())
GType rc_csp_policy_get_type (void) G_GNUC_CONST;

/* Never fails: like a browser, the parser ignores what it cannot use and says so in
 * rc_csp_policy_get_warnings(). NULL or "" is "no policy" (everything is allowed). A header
 * with "," yields several policies, all of which must allow a load. */
RcCspPolicy *rc_csp_policy_parse (const char *text);

/* A policy the user gives (--csp-text, a pasted one) is outside input: real ones are a few
 * hundred bytes, so longer than this is refused with a clear error before it is used. */
#define RC_CSP_MAX_POLICY_BYTES (64 * 1024)
#define RC_CSP_ERROR            (rc_csp_error_quark ())
GQuark rc_csp_error_quark (void);
typedef enum
{
  RC_CSP_ERROR_TOO_LONG,
} RcCspError;
/* FALSE with @error when @text (NULL: no policy) is longer than RC_CSP_MAX_POLICY_BYTES. */
gboolean rc_csp_policy_check_length (const char *text, GError **error);
RcCspPolicy *rc_csp_policy_ref (RcCspPolicy *self);
void rc_csp_policy_unref (RcCspPolicy *self);

const char *rc_csp_policy_get_text (RcCspPolicy *self); /* as given, or NULL */
guint rc_csp_policy_get_n_policies (RcCspPolicy *self);
/* The directive named @name in policy @index (0 for a single policy), or NULL. */
const RcCspDirective *rc_csp_policy_get_directive (RcCspPolicy *self, guint index,
                                                   const char *name);
/* The directives of policy @index in the order written (ignored duplicates left out). */
guint rc_csp_policy_get_n_directives (RcCspPolicy *self, guint index);
const RcCspDirective *rc_csp_policy_get_nth_directive (RcCspPolicy *self, guint index, guint n);
/* Human-readable notes: duplicates ignored, unknown directives, invalid sources. */
GPtrArray *rc_csp_policy_get_warnings (RcCspPolicy *self);

/* The directive that governs @name in policy @index after CSP3's fallback list
 * (worker-src → child-src → script-src → default-src; connect-src → default-src;
 * script-src-elem → script-src → default-src), or NULL when none applies (allowed). */
const RcCspDirective *rc_csp_policy_effective_directive (RcCspPolicy *self, guint index,
                                                         const char *name);

/* Whether every policy allows loading @url under directive @name (with fallbacks) from a page
 * at @page_origin ("https://nemar.org"). @refused_by, when not NULL, receives the name of the
 * first effective directive that refused (static string owned by the policy), or NULL. */
gboolean rc_csp_policy_allows_url (RcCspPolicy *self, const char *name, const char *url,
                                   const char *page_origin, const char **refused_by);
/* Whether every policy's effective @name directive lists the keyword (without quotes). */
gboolean rc_csp_policy_allows_keyword (RcCspPolicy *self, const char *name, const char *keyword,
                                       const char **refused_by);
/* WebAssembly compilation: 'wasm-unsafe-eval' or 'unsafe-eval' in script-src (→ default-src). */
gboolean rc_csp_policy_allows_wasm (RcCspPolicy *self, const char **refused_by);

/* Whether a single source expression matches @url for a page at @page_origin. */
gboolean rc_csp_source_matches (const RcCspSource *source, const char *url,
                                const char *page_origin);

/* Lower-case hex SHA-256 of the policy text exactly as sent in the header, or NULL for no
 * policy (NULL or ""). */
char *rc_csp_policy_sha256 (const char *text);

/* What a community's runtime needs from the embedding page's policy. */
typedef struct
{
  const char *page_origin; /* "https://nemar.org" */
  const char *cdn_origin;  /* "https://cdn.jsdelivr.net" */
  const char *cdn_path;    /* optional, e.g. "/pyodide/v0.29.5/full/"; NULL for "/" */
  const char *api_origin;  /* "https://widget.osc.earth" */
  GStrv fetch_allow;       /* URL prefixes from config.yaml; may be NULL */
} RcCspNeeds;

typedef struct
{
  char *requirement; /* stable id: page-script, worker-blob, script-cdn, wasm, connect-cdn,
                        connect-api, connect-fetch-allow */
  char *subject;     /* what is needed: "'wasm-unsafe-eval'", "blob:", a URL */
  char *directive;   /* the effective directive that decided, NULL when no directive applies */
  gboolean granted;
  char *message; /* one line, e.g. "script-src lacks 'wasm-unsafe-eval': loadPyodide hangs…" */
  char *hint;    /* one line: what to add where; NULL when granted */
} RcCspFinding;

#define RC_TYPE_CSP_FINDING (rc_csp_finding_get_type ())
GType rc_csp_finding_get_type (void) G_GNUC_CONST;
RcCspFinding *rc_csp_finding_copy (const RcCspFinding *self);
void rc_csp_finding_free (RcCspFinding *self);

/* One finding per requirement, in boot order (page scripts, worker construction, pyodide.js,
 * wasm, CDN fetches, API, each fetch_allow entry). Returns a GPtrArray of RcCspFinding.
 * @policy may be NULL (no policy: everything granted). */
GPtrArray *rc_csp_analyse (RcCspPolicy *policy, const RcCspNeeds *needs);
/* Convenience: parse @text (NULL = no policy) and analyse. */
GPtrArray *rc_csp_analyse_text (const char *text, const RcCspNeeds *needs);

guint rc_csp_findings_count_refused (GPtrArray *findings);
/* The first finding with @requirement (and @subject when not NULL), or NULL. */
const RcCspFinding *rc_csp_findings_find (GPtrArray *findings, const char *requirement,
                                          const char *subject);
/* Multi-line text for a boot diagnosis: one line per refused requirement with its hint, or
 * "the policy grants everything this runtime needs". */
char *rc_csp_findings_format (GPtrArray *findings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcCspPolicy, rc_csp_policy_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcCspFinding, rc_csp_finding_free)

G_END_DECLS
