/* rc-json-positions.h: parse JSON with json-glib and remember where every member is.
 *
 * json-glib's tree has no positions, but its parser reports each member and element as it
 * is parsed, and the parser's current line/position at that moment tells where it ended.
 * From those events and the text in between (whitespace, commas, one key string, a colon)
 * this records, for every JSON path ("packages.x.imports[0]"), where its key and its value
 * start. A lexical pre-check first refuses what json-glib would accept but strict JSON
 * does not (comments, single quotes, trailing commas), NUL escapes a C string cannot hold,
 * and nesting deep enough to exhaust the parser's stack.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define RC_JSON_ERROR (rc_json_error_quark ())
GQuark rc_json_error_quark (void);

typedef enum
{
  RC_JSON_ERROR_SYNTAX, /* not (strict) JSON; line/column are set */
  RC_JSON_ERROR_EMPTY,  /* no value at all */
} RcJsonError;

typedef struct
{
  guint line;   /* 1-based */
  guint column; /* 1-based, in characters */
} RcJsonPos;

typedef struct _RcJsonPositions RcJsonPositions;

/* Returns the root node, or NULL with @error set and *@error_pos at the problem.
 * @positions receives the position table on success. */
JsonNode *rc_json_parse_with_positions (const char *data, gsize length, guint max_depth,
                                        RcJsonPositions **positions, RcJsonPos *error_pos,
                                        GError **error);

/* Only the checks made before parsing (UTF-8, strict JSON tokens, nesting depth), for
 * callers that parse with json-glib themselves and need no positions. */
gboolean rc_json_check_strict (const char *data, gsize length, guint max_depth,
                               RcJsonPos *error_pos, GError **error);

/* Position of the member's key (for array elements: the element) and of its value.
 * "" is the root value. FALSE when the path was never seen. */
gboolean rc_json_positions_lookup (RcJsonPositions *self, const char *path, RcJsonPos *key,
                                   RcJsonPos *value);
/* Paths that appeared more than once in one object (json-glib keeps the last value). */
GPtrArray *rc_json_positions_get_duplicates (RcJsonPositions *self);
void rc_json_positions_free (RcJsonPositions *self);

/* The path of a member of @parent ("" for the root's members) and of an element. */
char *rc_json_path_member (const char *parent, const char *name);
char *rc_json_path_element (const char *parent, guint index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcJsonPositions, rc_json_positions_free)

G_END_DECLS
