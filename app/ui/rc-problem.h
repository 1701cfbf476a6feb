/* rc-problem.h: an RcDiagnostic as a GObject, for list models.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <glib-object.h>

#include "core/base/rc-diagnostic.h"

G_BEGIN_DECLS

#define RC_TYPE_PROBLEM (rc_problem_get_type ())
G_DECLARE_FINAL_TYPE (RcProblem, rc_problem, RC, PROBLEM, GObject)

RcProblem *rc_problem_new (const RcDiagnostic *diagnostic);
const RcDiagnostic *rc_problem_get_diagnostic (RcProblem *self);
/* Same file, position, path and rule: the "same" problem after a revalidation. */
gboolean rc_problem_equal (RcProblem *a, RcProblem *b);
const char *rc_problem_severity_icon (RcSeverity severity);
/* @diagnostics as the Problems list shows them, RcProblem each (a new array): in their order,
 * each follow-on (caused_by) moved right after the problem it follows from, which fixing
 * fixes too. A follow-on whose root is not there keeps its place. */
GPtrArray *rc_problems_new_grouped (GPtrArray *diagnostics);

G_END_DECLS
