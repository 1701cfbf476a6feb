/* rc-problem.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include "rc-problem.h"

struct _RcProblem
{
  GObject parent_instance;

  RcDiagnostic *diagnostic;
};

G_DEFINE_FINAL_TYPE (RcProblem, rc_problem, G_TYPE_OBJECT)

static void
rc_problem_finalize (GObject *object)
{
  RcProblem *self = RC_PROBLEM (object);

  g_clear_pointer (&self->diagnostic, rc_diagnostic_free);
  G_OBJECT_CLASS (rc_problem_parent_class)->finalize (object);
}

static void
rc_problem_class_init (RcProblemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rc_problem_finalize;
}

static void
rc_problem_init (RcProblem *self)
{
}

RcProblem *
rc_problem_new (const RcDiagnostic *diagnostic)
{
  RcProblem *self;

  g_return_val_if_fail (diagnostic != NULL, NULL);

  self = g_object_new (RC_TYPE_PROBLEM, NULL);
  self->diagnostic = rc_diagnostic_copy (diagnostic);
  return self;
}

const RcDiagnostic *
rc_problem_get_diagnostic (RcProblem *self)
{
  g_return_val_if_fail (RC_IS_PROBLEM (self), NULL);

  return self->diagnostic;
}

gboolean
rc_problem_equal (RcProblem *a, RcProblem *b)
{
  const RcDiagnostic *da, *db;

  g_return_val_if_fail (RC_IS_PROBLEM (a) && RC_IS_PROBLEM (b), FALSE);

  da = a->diagnostic;
  db = b->diagnostic;
  return da->line == db->line && da->column == db->column && g_strcmp0 (da->file, db->file) == 0
         && g_strcmp0 (da->path, db->path) == 0 && g_strcmp0 (da->rule, db->rule) == 0;
}

const char *
rc_problem_severity_icon (RcSeverity severity)
{
  switch (severity)
    {
    case RC_SEVERITY_ERROR:
      return "dialog-error-symbolic";
    case RC_SEVERITY_WARNING:
      return "dialog-warning-symbolic";
    case RC_SEVERITY_NOTE:
    default:
      return "dialog-information-symbolic";
    }
}
