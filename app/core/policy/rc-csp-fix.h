/* rc-csp-fix.h: the quick fix of a refused CSP requirement (rc_csp_analyse()): the source to
 * add to the policy text, as an RcFix (rc-fix.h) on that text, for the window's policy editor
 * (the policy is not in the community folder).
 *
 *   wasm                 'wasm-unsafe-eval' into script-src
 *   worker-blob          blob: into worker-src
 *   page-script, script-cdn            the origin into script-src
 *   connect-cdn, connect-api, connect-fetch-allow   the origin into connect-src
 *
 * A directive that is missing is added; when default-src stood in for it, the new one copies
 * default-src's sources first, so nothing default-src allowed is lost ('none' alone is
 * replaced, not kept). A text with several policies (a comma) gets no fix.
 */
#pragma once

#include "core/policy/rc-csp.h"
#include "core/base/rc-fix.h"

G_BEGIN_DECLS

/* A resolved fix on @text (start..end → replacement), or NULL when @finding is granted or no
 * obvious edit exists. */
RcFix *rc_csp_fix_finding (const char *text, const RcCspFinding *finding);

/* The least policy a runtime with @needs boots under (the window's "community" preset):
 *
 *   script-src 'self' 'wasm-unsafe-eval' CDN; connect-src 'self' CDN API fetch_allow…;
 *   worker-src 'self' blob:; child-src 'self' blob:; default-src 'self'
 *
 * with the origins (scheme://host[:port]) of @needs, each once; rc_csp_analyse() of it with
 * the same @needs refuses nothing. */
char *rc_csp_policy_for_needs (const RcCspNeeds *needs);

G_END_DECLS
