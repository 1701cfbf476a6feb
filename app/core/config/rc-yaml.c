/* rc-yaml.c: libyaml events into an RcYamlNode tree with positions. */
#include "config.h"

#include <glib/gi18n.h>
#include <yaml.h>

#include "core/base/rc-diagnostic.h"
#include "core/config/rc-yaml-private.h"

/* PyYAML composes recursively; far below its own recursion limit, and keeps every walk here
 * (and the free) shallow. */
#define MAX_DEPTH 200
/* Aliases share nodes; walking the tree visits them once per use. Cap what all aliases
 * together add, so a "billion laughs" file cannot make a walk explode. */
#define MAX_ALIAS_EXPANSION 100000
/* Every repeated key or alias is one diagnostic: stop after this many, or a 16 MiB file of
 * "- *a" lines makes millions of them (1.7 GB, 15 s). */
#define MAX_ERRORS 200

typedef struct
{
  RcYamlNode *node;
  RcYamlNode *pending_key;
  GHashTable *seen; /* canonical key -> first key node (mappings) */
} Frame;

typedef struct
{
  const char *file;
  GPtrArray *diagnostics;
  GHashTable *anchors; /* name -> RcYamlNode (ref) */
  GArray *stack;       /* Frame */
  RcYamlNode *root;
  guint64 expanded; /* nodes added through aliases */
  guint documents;
  guint errors;
  gboolean failed;
} Builder;

static RcYamlNode *
node_new (RcYamlKind kind, const yaml_mark_t *mark)
{
  RcYamlNode *node = g_new0 (RcYamlNode, 1);

  node->kind = kind;
  node->line = (guint) mark->line + 1;
  node->column = (guint) mark->column + 1;
  node->ref_count = 1;
  node->weight = 1;
  return node;
}

RcYamlNode *
rc_yaml_node_ref (RcYamlNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);
  node->ref_count++;
  return node;
}

static void
pair_free (RcYamlPair *pair)
{
  rc_yaml_node_unref (pair->key);
  rc_yaml_node_unref (pair->value);
  g_free (pair);
}

void
rc_yaml_node_unref (RcYamlNode *node)
{
  if (node == NULL || --node->ref_count > 0)
    return;
  g_clear_pointer (&node->items, g_ptr_array_unref);
  g_free (node->text);
  g_free (node);
}

static void
error_at (Builder *b, guint line, guint column, const char *rule, const char *hint,
          const char *message)
{
  if (b->failed)
    return;
  if (++b->errors > MAX_ERRORS)
    {
      rc_diagnostics_add (b->diagnostics, RC_SEVERITY_ERROR, b->file, line, column, "",
                          "yaml-too-many-problems",
                          _ ("Fix the problems above first; they are most often one mistake "
                             "repeated."),
                          _ ("more than %d problems in the YAML; the rest of the file is not "
                             "checked"),
                          MAX_ERRORS);
      b->failed = TRUE;
      return;
    }
  rc_diagnostics_add (b->diagnostics, RC_SEVERITY_ERROR, b->file, line, column, "", rule, hint,
                      "%s", message);
}

/* A key as Python would hash it, so `a` and "a" collide but `1` and "1" do not. */
static char *
canonical_key (RcYamlNode *key)
{
  switch (key->kind)
    {
    case RC_YAML_INT:
      return key->overflow ? g_strconcat ("i:", key->text, NULL)
                           : g_strdup_printf ("i:%" G_GINT64_FORMAT, key->integer);
    case RC_YAML_BOOL:
      return g_strdup_printf ("i:%d", key->boolean ? 1 : 0);
    case RC_YAML_NULL:
      return g_strdup ("n:");
    case RC_YAML_FLOAT:
      return g_strdup_printf ("f:%.17g", key->number);
    default:
      return g_strconcat ("s:", key->text ? key->text : "", NULL);
    }
}

/* The dotted key path ("runtime.python.preload[1]") of the mapping on top of the stack,
 * plus @key: each frame is keyed by its parent's pending key or next index. */
static char *
frame_path (Builder *b, RcYamlNode *key)
{
  GString *path = g_string_new (NULL);

  for (guint i = 1; i < b->stack->len; i++)
    {
      Frame *parent = &g_array_index (b->stack, Frame, i - 1);

      if (parent->node->kind == RC_YAML_SEQ)
        g_string_append_printf (path, "[%u]", parent->node->items->len);
      else if (parent->pending_key != NULL)
        g_string_append_printf (path, "%s%s", path->len > 0 ? "." : "",
                                rc_yaml_key_text (parent->pending_key));
    }
  g_string_append_printf (path, "%s%s", path->len > 0 ? "." : "", rc_yaml_key_text (key));
  return g_string_free (path, FALSE);
}

/* PyYAML's safe_load raises nothing for a repeated key: the later value replaces the earlier
 * one in the dict, which keeps the first key's place. OSA therefore accepts the file, so this
 * is a warning, and the tree holds only the last pair, where the first one was. */
static gboolean
replace_duplicate (Builder *b, Frame *frame, RcYamlNode *key, RcYamlNode *value, RcYamlNode *first,
                   char *canon)
{
  g_autofree char *path = frame_path (b, key);

  rc_diagnostics_add (b->diagnostics, RC_SEVERITY_WARNING, b->file, key->line, key->column, path,
                      "yaml-duplicate-key", _ ("Remove one; OSA keeps the last."),
                      _ ("duplicate key '%s' (first at line %u, column %u); PyYAML, and so OSA, "
                         "silently keeps only the last value"),
                      rc_yaml_key_text (key), first->line, first->column);
  for (guint i = 0; i < frame->node->items->len; i++)
    {
      RcYamlPair *pair = frame->node->items->pdata[i];

      if (pair->key != first)
        continue;
      rc_yaml_node_unref (pair->key);
      rc_yaml_node_unref (pair->value);
      pair->key = key;
      pair->value = value;
      g_hash_table_insert (frame->seen, canon, key);
      return TRUE;
    }
  return FALSE;
}

static void
add_pair (Builder *b, Frame *frame, RcYamlNode *value)
{
  RcYamlNode *key = g_steal_pointer (&frame->pending_key);
  RcYamlPair *pair;
  RcYamlNode *first;
  char *canon = NULL;

  if (!rc_yaml_is_scalar (key))
    {
      error_at (b, key->line, key->column, "yaml-unhashable-key",
                _ ("Use a plain string as the key."),
                _ ("found unhashable key: a mapping key must be a scalar, not a list or mapping"));
      rc_yaml_node_unref (key);
      rc_yaml_node_unref (value);
      return;
    }
  /* `key:` with nothing after it: point at the key, not wherever libyaml ended up. */
  if (value->implicit_empty && value->ref_count == 1)
    {
      value->line = key->line;
      value->column = key->column;
    }
  canon = canonical_key (key);
  first = g_hash_table_lookup (frame->seen, canon);
  if (first != NULL && replace_duplicate (b, frame, key, value, first, canon))
    return;
  if (first == NULL)
    g_hash_table_insert (frame->seen, canon, key);
  else
    g_free (canon);
  pair = g_new0 (RcYamlPair, 1);
  pair->key = key;
  pair->value = value;
  g_ptr_array_add (frame->node->items, pair);
}

/* Takes ownership of node. */
static void
attach (Builder *b, RcYamlNode *node)
{
  Frame *frame;

  if (b->stack->len == 0)
    {
      if (b->root == NULL)
        b->root = node;
      else
        rc_yaml_node_unref (node);
      return;
    }
  frame = &g_array_index (b->stack, Frame, b->stack->len - 1);
  if (frame->node->kind == RC_YAML_SEQ)
    g_ptr_array_add (frame->node->items, node);
  else if (frame->pending_key == NULL)
    frame->pending_key = node;
  else
    add_pair (b, frame, node);
}

static void
remember_anchor (Builder *b, const yaml_char_t *anchor, RcYamlNode *node)
{
  if (anchor != NULL)
    g_hash_table_replace (b->anchors, g_strdup ((const char *) anchor), rc_yaml_node_ref (node));
}

static void
scalar_event (Builder *b, yaml_event_t *e)
{
  RcYamlNode *node = node_new (RC_YAML_STR, &e->start_mark);
  const char *tag = (const char *) e->data.scalar.tag;
  gboolean implicit = e->data.scalar.plain_implicit;
  gboolean known;

  node->text = g_strndup ((const char *) e->data.scalar.value, e->data.scalar.length);
  node->end_line = (guint) e->end_mark.line + 1;
  node->end_column = (guint) e->end_mark.column + 1;
  node->plain = e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && tag == NULL;
  node->implicit_empty =
      node->plain && e->data.scalar.length == 0 && e->start_mark.index == e->end_mark.index;
  if (tag == NULL || g_str_equal (tag, "!"))
    tag = implicit ? rc_yaml_resolve_plain (node->text) : RC_YAML_TAG "str";
  if (g_str_equal (tag, RC_YAML_TAG "merge"))
    {
      error_at (b, node->line, node->column, "yaml-alias",
                _ ("Write the keys out in full instead of merging them in."),
                _ ("merge keys ('<<') are not supported in community configs"));
      node->kind = RC_YAML_STR;
    }
  else if (!rc_yaml_construct_scalar (node, tag, &known))
    {
      g_autofree char *msg =
          known ? g_strdup_printf (_ ("'%s' cannot be read as %s"), node->text, tag)
                : g_strdup_printf (_ ("could not determine a constructor for the tag '%s'"), tag);
      error_at (b, node->line, node->column, known ? "yaml-scalar" : "yaml-tag",
                known ? _ ("Fix the value, or quote it to make it a string.")
                      : _ ("Remove the tag; community configs use plain YAML values."),
                msg);
      node->kind = RC_YAML_STR;
    }
  remember_anchor (b, e->data.scalar.anchor, node);
  attach (b, node);
}

static gboolean
collection_tag_ok (Builder *b, const yaml_char_t *tag, const char *expected, yaml_mark_t *mark)
{
  g_autofree char *msg = NULL;

  if (tag == NULL || g_str_equal ((const char *) tag, "!")
      || g_str_equal ((const char *) tag, expected))
    return TRUE;
  msg = g_strdup_printf (_ ("could not determine a constructor for the tag '%s'"),
                         (const char *) tag);
  error_at (b, mark->line + 1, mark->column + 1, "yaml-tag",
            _ ("Remove the tag; community configs use plain lists and mappings."), msg);
  return FALSE;
}

static void
start_collection (Builder *b, yaml_event_t *e, gboolean mapping)
{
  Frame frame = { 0 };
  const yaml_char_t *tag = mapping ? e->data.mapping_start.tag : e->data.sequence_start.tag;
  const yaml_char_t *anchor =
      mapping ? e->data.mapping_start.anchor : e->data.sequence_start.anchor;

  if (b->stack->len >= MAX_DEPTH)
    {
      error_at (b, e->start_mark.line + 1, e->start_mark.column + 1, "yaml-too-deep",
                _ ("Flatten the structure; a community config needs a few levels at most."),
                _ ("nesting is deeper than 200 levels"));
      b->failed = TRUE;
      return;
    }
  collection_tag_ok (b, tag, mapping ? RC_YAML_TAG "map" : RC_YAML_TAG "seq", &e->start_mark);
  frame.node = node_new (mapping ? RC_YAML_MAP : RC_YAML_SEQ, &e->start_mark);
  frame.node->items = g_ptr_array_new_with_free_func (
      mapping ? (GDestroyNotify) pair_free : (GDestroyNotify) rc_yaml_node_unref);
  if (mapping)
    frame.seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  remember_anchor (b, anchor, frame.node);
  g_array_append_val (b->stack, frame);
}

static void
end_collection (Builder *b)
{
  Frame frame = g_array_index (b->stack, Frame, b->stack->len - 1);

  g_array_set_size (b->stack, b->stack->len - 1);
  g_clear_pointer (&frame.seen, g_hash_table_unref);
  g_clear_pointer (&frame.pending_key, rc_yaml_node_unref);
  for (guint i = 0; i < frame.node->items->len; i++)
    {
      if (frame.node->kind == RC_YAML_SEQ)
        frame.node->weight += ((RcYamlNode *) frame.node->items->pdata[i])->weight;
      else
        {
          RcYamlPair *pair = frame.node->items->pdata[i];

          frame.node->weight += pair->key->weight + pair->value->weight;
        }
    }
  attach (b, frame.node);
}

/* OSA's safe_load would copy the anchored node; we refuse, but keep validating with the
 * copy so the rest of the file is still checked. */
static void
alias_event (Builder *b, yaml_event_t *e)
{
  const char *name = (const char *) e->data.alias.anchor;
  RcYamlNode *target = g_hash_table_lookup (b->anchors, name);
  g_autofree char *msg = NULL;

  if (target != NULL)
    msg = g_strdup_printf (_ ("alias '*%s' repeats the value anchored at line %u; anchors and "
                              "aliases are not supported in community configs"),
                           name, target->line);
  else
    msg = g_strdup_printf (_ ("found undefined alias '*%s'"), name);
  error_at (b, e->start_mark.line + 1, e->start_mark.column + 1, "yaml-alias",
            _ ("Write the value out in full instead of the alias."), msg);
  /* An alias to a collection still being built would make the tree a cycle. */
  for (guint i = 0; target != NULL && i < b->stack->len; i++)
    if (g_array_index (b->stack, Frame, i).node == target)
      target = NULL;
  if (target != NULL && b->expanded + target->weight > MAX_ALIAS_EXPANSION)
    target = NULL;
  if (target != NULL)
    b->expanded += target->weight;
  attach (b, target != NULL ? rc_yaml_node_ref (target) : node_new (RC_YAML_NULL, &e->start_mark));
}

static void
document_start (Builder *b, yaml_event_t *e)
{
  if (++b->documents < 2)
    return;
  error_at (b, e->start_mark.line + 1, e->start_mark.column + 1, "yaml-multi-document",
            _ ("Remove the second document; config.yaml holds exactly one."),
            _ ("expected a single document in the stream, but found another document"));
  b->failed = TRUE;
}

static void
position_of_offset (const char *text, gsize len, gsize offset, guint *line, guint *column)
{
  *line = 1;
  *column = 1;
  for (gsize i = 0; i < offset && i < len; i++)
    {
      if (text[i] == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else if (((guchar) text[i] & 0xC0) != 0x80)
        (*column)++;
    }
}

/* libyaml says "found character that cannot start any token" for a tab; look at the text. */
static gboolean
tab_near (const char *text, gsize len, gsize index)
{
  gsize start = index;

  while (start > 0 && text[start - 1] != '\n')
    start--;
  for (gsize i = start; i < len && i <= index; i++)
    if (text[i] == '\t')
      return TRUE;
  return FALSE;
}

static const char *
syntax_hint (const char *problem, gboolean tab)
{
  if (tab || (problem != NULL && strstr (problem, "tab") != NULL))
    return _ ("YAML indents with spaces only; replace the tab characters.");
  if (problem != NULL && strstr (problem, "mapping values are not allowed") != NULL)
    return _ ("Quote a value that contains ': ', or fix the indentation of this line.");
  if (problem != NULL && strstr (problem, "UTF-8") != NULL)
    return _ ("Save config.yaml as UTF-8.");
  return _ ("Fix the YAML syntax here (indentation, quoting, brackets); OSA cannot load the "
            "file until it parses.");
}

/* libyaml's reader reports a broken UTF-8 sequence at the byte where it noticed, which for a
 * bad continuation is the byte after the lead byte (2:12 for a lead byte at 2:11). The bad
 * byte is where the sequence starts, as Python's codec (and so PyYAML) says. */
static gsize
reader_error_offset (yaml_parser_t *parser, const char *text, gsize len)
{
  const char *invalid = NULL;

  if (parser->problem != NULL && strstr (parser->problem, "UTF-8") != NULL
      && !g_utf8_validate_len (text, len, &invalid) && invalid != NULL
      && (gsize) (invalid - text) <= parser->problem_offset)
    return (gsize) (invalid - text);
  return parser->problem_offset;
}

static void
syntax_error (Builder *b, yaml_parser_t *parser, const char *text, gsize len)
{
  g_autofree char *msg = NULL;
  const char *problem = parser->problem ? parser->problem : "unknown problem";
  guint line, column;

  if (parser->error == YAML_READER_ERROR)
    {
      gsize offset = reader_error_offset (parser, text, len);

      position_of_offset (text, len, offset, &line, &column);
      msg = g_strdup_printf (_ ("Failed to parse YAML: %s (byte 0x%02X)"), problem,
                             offset < len ? (guint) (guchar) text[offset]
                                          : (guint) (parser->problem_value & 0xFF));
    }
  else
    {
      line = parser->problem_mark.line + 1;
      column = parser->problem_mark.column + 1;
      if (parser->context != NULL)
        msg = g_strdup_printf (_ ("Failed to parse YAML: %s (%s at line %u, column %u)"), problem,
                               parser->context, (guint) parser->context_mark.line + 1,
                               (guint) parser->context_mark.column + 1);
      else
        msg = g_strdup_printf (_ ("Failed to parse YAML: %s"), problem);
    }
  error_at (b, line, column, "yaml-syntax",
            syntax_hint (problem, parser->error != YAML_READER_ERROR
                                      && tab_near (text, len, parser->problem_mark.index)),
            msg);
  b->failed = TRUE;
}

static void
handle_event (Builder *b, yaml_event_t *e)
{
  switch (e->type)
    {
    case YAML_DOCUMENT_START_EVENT:
      document_start (b, e);
      break;
    case YAML_SCALAR_EVENT:
      scalar_event (b, e);
      break;
    case YAML_ALIAS_EVENT:
      alias_event (b, e);
      break;
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT:
      start_collection (b, e, e->type == YAML_MAPPING_START_EVENT);
      break;
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
      end_collection (b);
      break;
    default:
      break;
    }
}

static void
run_parser (Builder *b, const char *text, gsize len)
{
  yaml_parser_t parser;
  gboolean done = FALSE;

  yaml_parser_initialize (&parser);
  yaml_parser_set_input_string (&parser, (const unsigned char *) text, len);
  while (!done && !b->failed)
    {
      yaml_event_t event;

      if (!yaml_parser_parse (&parser, &event))
        {
          syntax_error (b, &parser, text, len);
          break;
        }
      done = event.type == YAML_STREAM_END_EVENT;
      handle_event (b, &event);
      yaml_event_delete (&event);
    }
  yaml_parser_delete (&parser);
}

static void
builder_clear (Builder *b)
{
  while (b->stack->len > 0)
    {
      Frame *frame = &g_array_index (b->stack, Frame, b->stack->len - 1);

      g_clear_pointer (&frame->seen, g_hash_table_unref);
      g_clear_pointer (&frame->pending_key, rc_yaml_node_unref);
      g_clear_pointer (&frame->node, rc_yaml_node_unref);
      g_array_set_size (b->stack, b->stack->len - 1);
    }
  g_array_unref (b->stack);
  g_hash_table_unref (b->anchors);
}

static RcYamlNode *
check_root (Builder *b)
{
  RcYamlNode *root = g_steal_pointer (&b->root);
  yaml_mark_t start = { 0 };

  if (root == NULL || root->kind == RC_YAML_NULL)
    {
      g_clear_pointer (&root, rc_yaml_node_unref);
      root = node_new (RC_YAML_MAP, &start);
      root->items = g_ptr_array_new_with_free_func ((GDestroyNotify) pair_free);
      return root;
    }
  if (root->kind != RC_YAML_MAP)
    {
      g_autofree char *msg = g_strdup_printf (
          _ ("Input should be a valid dictionary or instance of CommunityConfig (the document is "
             "%s)"),
          rc_yaml_kind_describe (root->kind));
      error_at (b, root->line, root->column, "yaml-not-mapping",
                _ ("config.yaml must be a mapping with keys such as id, name and description."),
                msg);
      g_clear_pointer (&root, rc_yaml_node_unref);
    }
  return root;
}

RcYamlNode *
rc_yaml_parse (const char *text, gssize len, const char *file, GPtrArray *diagnostics)
{
  Builder b = { 0 };
  gsize length = len < 0 ? strlen (text) : (gsize) len;

  b.file = file;
  b.diagnostics = diagnostics;
  b.anchors =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) rc_yaml_node_unref);
  b.stack = g_array_new (FALSE, TRUE, sizeof (Frame));
  run_parser (&b, text, length);
  builder_clear (&b);
  if (b.failed)
    {
      g_clear_pointer (&b.root, rc_yaml_node_unref);
      return NULL;
    }
  return check_root (&b);
}
