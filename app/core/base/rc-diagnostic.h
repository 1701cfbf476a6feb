/* rc-diagnostic.h: one problem found in a community folder, with its position.
 *
 * Every layer reports problems the same way, so the CLI, the JSON output and the
 * window render one list.
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "core/base/rc-fix.h"

G_BEGIN_DECLS

typedef enum
{
  RC_SEVERITY_ERROR,
  RC_SEVERITY_WARNING,
  RC_SEVERITY_NOTE,
} RcSeverity;

typedef struct
{
  RcSeverity severity;
  char *file;      /* relative to the community folder, e.g. "config.yaml" */
  guint line;      /* 1-based; 0 when the problem has no position */
  guint column;    /* 1-based; 0 when unknown */
  char *path;      /* dotted key path, "[i]" for list items; JSON path for the overlay */
  char *message;   /* OSA's text where the spec gives it */
  char *hint;      /* one line: how to fix it */
  char *rule;      /* stable rule id, e.g. "import-before-seal-duplicate" */
  RcFix *fix;      /* the one obvious edit (rc-fix.h), or NULL */
  char *caused_by; /* a follow-on: the path of the problem it follows from, or NULL */
} RcDiagnostic;

#define RC_TYPE_DIAGNOSTIC (rc_diagnostic_get_type ())
GType rc_diagnostic_get_type (void) G_GNUC_CONST;

RcDiagnostic *rc_diagnostic_new (RcSeverity severity, const char *file, guint line, guint column,
                                 const char *path, const char *rule, const char *message,
                                 const char *hint);
RcDiagnostic *rc_diagnostic_copy (const RcDiagnostic *self);
void rc_diagnostic_free (RcDiagnostic *self);
/* Takes ownership of @fix (NULL removes it). */
void rc_diagnostic_set_fix (RcDiagnostic *self, RcFix *fix);

const char *rc_severity_to_string (RcSeverity severity);
gboolean rc_severity_from_string (const char *text, RcSeverity *out);

/* "config.yaml:12:7: error: runtime.python.x: message" (no hint line). */
char *rc_diagnostic_format (const RcDiagnostic *self);
JsonNode *rc_diagnostic_to_json (const RcDiagnostic *self);

/* A list of diagnostics is a GPtrArray owning RcDiagnostic elements. It holds at most
 * RC_DIAGNOSTICS_MAX of them and then one RC_DIAGNOSTICS_TOO_MANY diagnostic counting the
 * rest (as severe as the worst of those): a hostile file cannot make millions of them. */
#define RC_DIAGNOSTICS_MAX      1000
#define RC_DIAGNOSTICS_TOO_MANY "too-many-problems"
GPtrArray *rc_diagnostics_new (void);
/* Returns the new diagnostic, or NULL when the list is full (the problem is counted). */
RcDiagnostic *rc_diagnostics_add (GPtrArray *list, RcSeverity severity, const char *file,
                                  guint line, guint column, const char *path, const char *rule,
                                  const char *hint, const char *message_format, ...)
    G_GNUC_PRINTF (9, 10);
guint rc_diagnostics_count (GPtrArray *list, RcSeverity severity);
/* Stable order: file, line, column, then insertion order. */
void rc_diagnostics_sort (GPtrArray *list);
const RcDiagnostic *rc_diagnostics_find_rule (GPtrArray *list, const char *rule);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcDiagnostic, rc_diagnostic_free)

/* Resolves the fix of every diagnostic of @file in @list against @text, removing those that
 * cannot be placed. */
void rc_diagnostics_resolve_fixes (GPtrArray *list, const char *file, const char *text, gsize len);

G_END_DECLS
