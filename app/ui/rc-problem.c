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

/* The problem @d follows from is in @diagnostics (a root itself). */
static gboolean
has_root (GPtrArray *diagnostics, const RcDiagnostic *d)
{
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RcDiagnostic *root = g_ptr_array_index (diagnostics, i);

      if (root != d && root->caused_by == NULL && g_strcmp0 (root->path, d->caused_by) == 0)
        return TRUE;
    }
  return FALSE;
}

GPtrArray *
rc_problems_new_grouped (GPtrArray *diagnostics)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RcDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->caused_by != NULL && has_root (diagnostics, d))
        continue;
      g_ptr_array_add (items, rc_problem_new (d));
      for (guint j = 0; j < diagnostics->len && d->caused_by == NULL; j++)
        {
          const RcDiagnostic *f = g_ptr_array_index (diagnostics, j);

          if (f != d && g_strcmp0 (f->caused_by, d->path) == 0)
            g_ptr_array_add (items, rc_problem_new (f));
        }
    }
  return items;
}
