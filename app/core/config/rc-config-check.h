/* rc-config-check.h: pydantic's lax-mode checks on RcYamlNode values, as diagnostics.
 *
 * Every helper reports in OSA's (pydantic's) words, with a stable rule id, the key path and
 * the node's position, and returns whether the value passed. Internal to app/core.
 */
#pragma once

#include "core/base/rc-diagnostic.h"
#include "core/config/rc-yaml.h"

G_BEGIN_DECLS

typedef struct
{
  GPtrArray *diagnostics;
  const char *file; /* "config.yaml" */
} RcCheck;

void rc_check_report (RcCheck *c, RcSeverity severity, RcYamlNode *at, const char *path,
                      const char *rule, const char *hint, const char *format, ...)
    G_GNUC_PRINTF (7, 8);
#define rc_check_error(c, at, path, rule, hint, ...)                                               \
  rc_check_report (c, RC_SEVERITY_ERROR, at, path, rule, hint, __VA_ARGS__)

/* Quick fixes for the diagnostic reported last (rc-config-fixes.c, rc-fix.h): replace a
 * scalar @node with @replacement; remove item @index of @seq; remove a block mapping @key
 * with its value. Nothing is offered where the position is unknown. */
void rc_check_offer_replace (RcCheck *c, RcYamlNode *node, const char *replacement,
                             const char *label);
void rc_check_offer_remove_item (RcCheck *c, RcYamlNode *seq, guint index);
void rc_check_offer_remove_key (RcCheck *c, RcYamlNode *key);

/* "a.b" / "a[2]"; parent may be "" for the top level. */
char *rc_check_path (const char *parent, const char *key);
char *rc_check_path_index (const char *parent, guint index);

/* Mapping shape. `model` names the pydantic model for the message ("RuntimeConfig"), NULL
 * for a plain dict field. */
gboolean rc_check_mapping (RcCheck *c, RcYamlNode *node, const char *path, const char *model);
/* Every key not in allowed: `Extra inputs are not permitted`, at the key. */
void rc_check_extra_keys (RcCheck *c, RcYamlNode *map, const char *path,
                          const char *const *allowed);
/* `Field required` at the mapping when key is absent; returns the value or NULL. */
RcYamlNode *rc_check_required (RcCheck *c, RcYamlNode *map, const char *path, const char *key);

gboolean rc_check_str (RcCheck *c, RcYamlNode *node, const char *path);
/* str | None */
gboolean rc_check_optional_str (RcCheck *c, RcYamlNode *node, const char *path);
/* pydantic lax bool: true/false, 0/1, and its strings (yes, off, t, …). */
gboolean rc_check_bool (RcCheck *c, RcYamlNode *node, const char *path, gboolean *out);
/* pydantic lax int: ints, whole floats, numeric strings, bools. */
gboolean rc_check_int (RcCheck *c, RcYamlNode *node, const char *path, gint64 *out);
/* Strict int (Field(strict=True)): only a YAML integer, not a bool, float or string. */
gboolean rc_check_strict_int (RcCheck *c, RcYamlNode *node, const char *path, gint64 *out);
/* pydantic lax float: numbers, bools and numeric strings; finite or not, as Python reads. */
gboolean rc_check_number (RcCheck *c, RcYamlNode *node, const char *path, double *out);
/* Field(pattern=...): `String should match pattern '<pattern>'`. */
gboolean rc_check_pattern (RcCheck *c, RcYamlNode *node, const char *path, const char *pattern,
                           const char *rule, const char *hint);
/* Python's repr() of a float: shortest round-trip digits, always with a '.' or exponent. */
char *rc_py_float_repr (double value);
/* Literal[...]: `Input should be 'a', 'b' or 'c'`. */
gboolean rc_check_literal (RcCheck *c, RcYamlNode *node, const char *path,
                           const char *const *choices);
/* list (`Input should be a valid list`). */
gboolean rc_check_list (RcCheck *c, RcYamlNode *node, const char *path);
/* list[str]: the list, then every item. */
gboolean rc_check_str_list (RcCheck *c, RcYamlNode *node, const char *path);
/* `String should have at most N characters` (N in characters, as Python counts). */
gboolean rc_check_max_chars (RcCheck *c, RcYamlNode *node, const char *path, glong max,
                             const char *rule, const char *hint);

/* Python's repr() of a str: single quotes unless it holds a ' and no ". */
char *rc_py_repr (const char *text);
/* repr() of a list of str: "['a', 'b']". */
char *rc_py_list_repr (const char *const *items, guint n);
/* PEP 503: lower-case, each run of [-_.] becomes '-'. */
char *rc_pep503_canonical (const char *name);
/* The closest of choices to word (edit distance ≤ 2), or NULL: for "did you mean" hints. */
const char *rc_check_suggest (const char *word, const char *const *choices);
/* The one choice of @choices and @more (either may be NULL) as close to @word as
 * rc_check_suggest() asks, or NULL when none or more than one is: only then is replacing
 * @word with it the obvious edit. */
const char *rc_check_suggest_only (const char *word, const char *const *choices,
                                   const char *const *more);

G_END_DECLS
