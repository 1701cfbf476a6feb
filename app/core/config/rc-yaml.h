/* rc-yaml.h: config.yaml as PyYAML's safe_load sees it, with a position on every node.
 *
 * libyaml parses; this layer builds a tree and types plain scalars with YAML 1.1 rules exactly
 * as PyYAML's resolver does (so `0.29` is a float, `yes` a bool, `2024-01-01` a date, `1e3`
 * and `y` strings). Problems that OSA would not even get past (syntax errors, several
 * documents, unknown tags) and the ones we refuse on purpose (anchors and aliases, duplicate
 * keys) become diagnostics against the given file name.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum
{
  RC_YAML_NULL,
  RC_YAML_BOOL,
  RC_YAML_INT,
  RC_YAML_FLOAT,
  RC_YAML_STR,
  RC_YAML_TIMESTAMP, /* a date or a datetime (text kept as written) */
  RC_YAML_BINARY,    /* !!binary (text kept as written) */
  RC_YAML_SEQ,
  RC_YAML_MAP,
} RcYamlKind;

typedef struct _RcYamlNode RcYamlNode;

typedef struct
{
  RcYamlNode *key;
  RcYamlNode *value;
} RcYamlPair;

struct _RcYamlNode
{
  RcYamlKind kind;
  guint line;     /* 1-based, where the node starts */
  guint column;   /* 1-based, in characters */
  guint end_line; /* scalars: just after the value (its closing quote); else 0 */
  guint end_column;
  char *text;              /* scalars: the value after YAML unescaping */
  gboolean plain;          /* an unquoted scalar with no explicit tag */
  gboolean implicit_empty; /* nothing written at all (`key:`) */
  gboolean boolean;        /* RC_YAML_BOOL */
  gint64 integer;          /* RC_YAML_INT; saturated when overflow */
  gboolean overflow;       /* RC_YAML_INT beyond gint64 (Python has no bound) */
  double number;           /* RC_YAML_FLOAT */
  GPtrArray *items;        /* RC_YAML_SEQ: RcYamlNode*; RC_YAML_MAP: RcYamlPair* in file order */
  guint64 weight;          /* nodes in this subtree, counting a shared (aliased) one each time */
  int ref_count;
};

/* Parses text (length len, or -1 for NUL-terminated). Always returns a node unless the
 * document cannot be used at all (syntax error, several documents, a top level that is not
 * a mapping, nesting too deep): then NULL, with the reason in diagnostics. An empty document
 * is an empty mapping, as OSA reads it. */
RcYamlNode *rc_yaml_parse (const char *text, gssize len, const char *file, GPtrArray *diagnostics);

RcYamlNode *rc_yaml_node_ref (RcYamlNode *node);
void rc_yaml_node_unref (RcYamlNode *node);

/* The last value for key in a mapping (PyYAML keeps the last of duplicates), or NULL. Only
 * string keys match. */
RcYamlNode *rc_yaml_map_get (RcYamlNode *map, const char *key);
/* The pair for key (last one), to get at the key's position. */
RcYamlPair *rc_yaml_map_get_pair (RcYamlNode *map, const char *key);
gboolean rc_yaml_is_scalar (RcYamlNode *node);
/* "a string", "an integer", … for messages. */
const char *rc_yaml_kind_describe (RcYamlKind kind);
/* A key's text for paths: the string, or the scalar text for other scalars. */
const char *rc_yaml_key_text (RcYamlNode *key);

/* To JSON as json.dumps(safe_load(...)) would give it; timestamps as their text, non-finite
 * floats as null. */
JsonNode *rc_yaml_node_to_json (RcYamlNode *node);

/* Finds the node at a key path ("runtime.python.preload[1]"). */
RcYamlNode *rc_yaml_lookup (RcYamlNode *root, const char *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcYamlNode, rc_yaml_node_unref)

G_END_DECLS
