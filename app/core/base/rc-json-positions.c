/* rc-json-positions.c: json-glib parsing that remembers where each member is. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "core/base/rc-json-positions.h"

/* clang-format off */
G_DEFINE_QUARK (rc-json-error-quark, rc_json_error)
/* clang-format on */

typedef struct
{
  gsize key;   /* byte offset of the key (or of the element) */
  gsize value; /* byte offset of the value */
} Offsets;

struct _RcJsonPositions
{
  const char *data; /* valid only while parsing */
  gsize length;
  GArray *line_starts; /* gsize byte offsets; [0] = 0 */
  GHashTable *offsets; /* path → Offsets* */
  GHashTable *lines;   /* path → RcJsonPos[2] computed at the end */
  GPtrArray *duplicates;
  GHashTable *repeated; /* paths at or below a repeated key */
  GPtrArray *frames;    /* Frame* stack while parsing */
};

typedef struct
{
  char *path;
  gboolean is_object;
  gsize cursor; /* where the next child's text starts (after the last event) */
  guint n_children;
  char *child_path; /* the pending child, once its start was found; NULL otherwise */
} Frame;

static void
frame_free (Frame *frame)
{
  g_free (frame->path);
  g_free (frame->child_path);
  g_free (frame);
}

char *
rc_json_path_member (const char *parent, const char *name)
{
  if (parent == NULL || parent[0] == '\0')
    return g_strdup (name);
  return g_strconcat (parent, ".", name, NULL);
}

char *
rc_json_path_element (const char *parent, guint index)
{
  return g_strdup_printf ("%s[%u]", parent ? parent : "", index);
}

static RcJsonPos
offset_to_pos (const char *data, GArray *line_starts, gsize offset)
{
  guint lo = 0, hi = line_starts->len;
  RcJsonPos pos;
  gsize start;

  /* The last line start ≤ offset. */
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (line_starts, gsize, mid) <= offset)
        lo = mid;
      else
        hi = mid;
    }
  start = g_array_index (line_starts, gsize, lo);
  pos.line = lo + 1;
  pos.column = (guint) g_utf8_strlen (data + start, (gssize) (offset - start)) + 1;
  return pos;
}

static GArray *
find_line_starts (const char *data, gsize length)
{
  GArray *starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize zero = 0;

  g_array_append_val (starts, zero);
  for (gsize i = 0; i < length; i++)
    if (data[i] == '\n')
      {
        gsize next = i + 1;

        g_array_append_val (starts, next);
      }
  return starts;
}

/* --- the lexical pre-check ------------------------------------------------------------ */

static gboolean
is_ws (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* RFC 8259 number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static gsize
lex_number (const char *s, gsize len)
{
  gsize i = 0;

  if (i < len && s[i] == '-')
    i++;
  if (i < len && s[i] == '0')
    i++;
  else if (i < len && s[i] >= '1' && s[i] <= '9')
    while (i < len && g_ascii_isdigit (s[i]))
      i++;
  else
    return 0;
  if (i < len && s[i] == '.')
    {
      gsize digits = ++i;

      while (i < len && g_ascii_isdigit (s[i]))
        i++;
      if (i == digits)
        return 0;
    }
  if (i < len && (s[i] == 'e' || s[i] == 'E'))
    {
      gsize digits;

      i++;
      if (i < len && (s[i] == '+' || s[i] == '-'))
        i++;
      digits = i;
      while (i < len && g_ascii_isdigit (s[i]))
        i++;
      if (i == digits)
        return 0;
    }
  /* A number must end at a delimiter, not run into letters or more digits ("01", "1x"). */
  if (i < len && (g_ascii_isalnum (s[i]) || s[i] == '.' || s[i] == '_'))
    return 0;
  return i;
}

/* Returns the offset just after the closing quote, or 0 with *bad set to the problem. */
static gsize
lex_string (const char *s, gsize len, gsize start, gsize *bad, const char **why)
{
  for (gsize i = start + 1; i < len; i++)
    {
      guchar c = (guchar) s[i];

      if (c == '"')
        return i + 1;
      if (c < 0x20)
        {
          *bad = i;
          *why = N_ ("a control character inside a string must be escaped");
          return 0;
        }
      if (c != '\\')
        continue;
      if (i + 1 >= len || strchr ("\"\\/bfnrtu", s[i + 1]) == NULL || s[i + 1] == '\0')
        {
          *bad = i;
          *why = N_ ("invalid escape in a string");
          return 0;
        }
      if (s[i + 1] == 'u')
        {
          if (i + 5 >= len || !g_ascii_isxdigit (s[i + 2]) || !g_ascii_isxdigit (s[i + 3])
              || !g_ascii_isxdigit (s[i + 4]) || !g_ascii_isxdigit (s[i + 5]))
            {
              *bad = i;
              *why = N_ ("invalid \\u escape in a string");
              return 0;
            }
          if (strncmp (s + i + 2, "0000", 4) == 0)
            {
              *bad = i;
              *why = N_ ("a string contains \\u0000, which the console refuses");
              return 0;
            }
          i += 5;
        }
      else
        i++;
    }
  *bad = start;
  *why = N_ ("unterminated string");
  return 0;
}

/* A number or one of the words true, false and null at @i: its length, or 0 and *why. */
static gsize
lex_scalar (const char *s, gsize len, gsize i, const char **why)
{
  gsize n = 0;

  if (s[i] == '-' || g_ascii_isdigit (s[i]))
    {
      if ((n = lex_number (s + i, len - i)) == 0)
        *why = N_ ("invalid number");
      return n;
    }
  if (!g_ascii_isalpha (s[i]))
    {
      *why = N_ ("unexpected character");
      return 0;
    }
  while (i + n < len && (g_ascii_isalnum (s[i + n]) || s[i + n] == '_'))
    n++;
  if ((n == 4 && strncmp (s + i, "true", 4) == 0) || (n == 5 && strncmp (s + i, "false", 5) == 0)
      || (n == 4 && strncmp (s + i, "null", 4) == 0))
    return n;
  *why = N_ ("unexpected word; JSON knows only true, false and null");
  return 0;
}

static gboolean
precheck (const char *s, gsize len, guint max_depth, gsize *bad, const char **why)
{
  guint depth = 0;
  char last = 0;         /* last structural character or 'v' for a value */
  gboolean done = FALSE; /* one whole value was read at the top level */

  for (gsize i = 0; i < len;)
    {
      char c = s[i];
      gsize end;

      if (is_ws (c))
        {
          i++;
          continue;
        }
      *bad = i;
      if (done)
        {
          *why = N_ ("more than one JSON value");
          return FALSE;
        }
      switch (c)
        {
        case '"':
          if ((end = lex_string (s, len, i, bad, why)) == 0)
            return FALSE;
          i = end;
          last = 'v';
          done = depth == 0;
          continue;
        case '{':
        case '[':
          if (++depth > max_depth)
            {
              *why = N_ ("nested too deeply");
              return FALSE;
            }
          break;
        case '}':
        case ']':
          if (last == ',')
            {
              *why = N_ ("a trailing comma is not JSON");
              return FALSE;
            }
          depth = depth > 0 ? depth - 1 : 0;
          done = depth == 0;
          c = 'v';
          break;
        case ',':
        case ':':
          break;
        case '/':
        case '#':
          *why = N_ ("comments are not JSON");
          return FALSE;
        case '\'':
          *why = N_ ("strings are written in double quotes in JSON");
          return FALSE;
        default:
          if ((end = lex_scalar (s, len, i, why)) == 0)
            return FALSE;
          i += end;
          last = 'v';
          done = depth == 0;
          continue;
        }
      last = c;
      i++;
    }
  return TRUE;
}

static gboolean
check_strict (const char *data, gsize length, guint max_depth, GArray *line_starts,
              RcJsonPos *error_pos, GError **error)
{
  const char *invalid = NULL;
  const char *why = NULL;
  gsize bad = 0;

  if (!g_utf8_validate (data, (gssize) length, &invalid))
    {
      *error_pos = offset_to_pos (data, line_starts, (gsize) (invalid - data));
      g_set_error (error, RC_JSON_ERROR, RC_JSON_ERROR_SYNTAX, _ ("not UTF-8 text"));
      return FALSE;
    }
  if (!precheck (data, length, max_depth, &bad, &why))
    {
      *error_pos = offset_to_pos (data, line_starts, bad);
      g_set_error (error, RC_JSON_ERROR, RC_JSON_ERROR_SYNTAX, "%s", _ (why));
      return FALSE;
    }
  return TRUE;
}

gboolean
rc_json_check_strict (const char *data, gsize length, guint max_depth, RcJsonPos *error_pos,
                      GError **error)
{
  g_autoptr (GArray) line_starts = find_line_starts (data, length);

  return check_strict (data, length, max_depth, line_starts, error_pos, error);
}

/* --- positions from the parser's signals -------------------------------------------- */

static gsize
current_offset (RcJsonPositions *self, JsonParser *parser)
{
  guint line = json_parser_get_current_line (parser);
  gsize offset;

  if (line == 0 || line > self->line_starts->len)
    return self->length;
  offset =
      g_array_index (self->line_starts, gsize, line - 1) + json_parser_get_current_pos (parser);
  return MIN (offset, self->length);
}

static gsize
skip_ws_commas (RcJsonPositions *self, gsize i)
{
  while (i < self->length && (is_ws (self->data[i]) || self->data[i] == ','))
    i++;
  return i;
}

/* Finds where the pending child of @frame starts and records it under its path. */
static void
resolve_child (RcJsonPositions *self, Frame *frame)
{
  Offsets *off;
  gsize i;

  if (frame->child_path != NULL)
    return;
  off = g_new0 (Offsets, 1);
  i = skip_ws_commas (self, frame->cursor);
  off->key = i;
  if (frame->is_object)
    {
      gsize bad = 0, end;
      const char *why = NULL;
      g_autofree char *raw = NULL;
      g_autoptr (JsonNode) key = NULL;

      /* The parser already accepted this text, so it is one string, a colon, a value. */
      end = lex_string (self->data, self->length, i, &bad, &why);
      if (end == 0)
        end = i;
      raw = g_strndup (self->data + i, end - i);
      key = json_from_string (raw, NULL);
      i = end;
      while (i < self->length && (is_ws (self->data[i]) || self->data[i] == ':'))
        i++;
      frame->child_path = rc_json_path_member (
          frame->path,
          key != NULL && JSON_NODE_HOLDS_VALUE (key) ? json_node_get_string (key) : "");
    }
  else
    frame->child_path = rc_json_path_element (frame->path, frame->n_children);
  off->value = i;
  /* A repeated key: json-glib keeps the last value, so its position wins too. Members
   * below a repeated key are repeated as well, but only the key itself is reported. */
  if (g_hash_table_contains (self->repeated, frame->path))
    g_hash_table_add (self->repeated, g_strdup (frame->child_path));
  else if (g_hash_table_contains (self->offsets, frame->child_path))
    {
      g_hash_table_add (self->repeated, g_strdup (frame->child_path));
      g_ptr_array_add (self->duplicates, g_strdup (frame->child_path));
    }
  g_hash_table_replace (self->offsets, g_strdup (frame->child_path), off);
}

static void
on_container_start (JsonParser *parser, gpointer user_data, gboolean is_object)
{
  RcJsonPositions *self = user_data;
  Frame *frame = g_new0 (Frame, 1);
  gsize now = current_offset (self, parser);

  if (self->frames->len > 0)
    {
      Frame *parent = g_ptr_array_index (self->frames, self->frames->len - 1);

      resolve_child (self, parent);
      frame->path = g_strdup (parent->child_path);
    }
  else
    {
      Offsets *off = g_new0 (Offsets, 1);

      off->key = off->value = now > 0 ? now - 1 : 0;
      g_hash_table_insert (self->offsets, g_strdup (""), off);
      frame->path = g_strdup ("");
    }
  frame->is_object = is_object;
  frame->cursor = now;
  g_ptr_array_add (self->frames, frame);
}

static void
on_object_start (JsonParser *parser, gpointer user_data)
{
  on_container_start (parser, user_data, TRUE);
}

static void
on_array_start (JsonParser *parser, gpointer user_data)
{
  on_container_start (parser, user_data, FALSE);
}

static void
on_container_end (JsonParser *parser, gpointer container, gpointer user_data)
{
  RcJsonPositions *self = user_data;

  if (self->frames->len > 0)
    g_ptr_array_remove_index (self->frames, self->frames->len - 1);
}

static void
child_done (RcJsonPositions *self, JsonParser *parser)
{
  Frame *frame;

  if (self->frames->len == 0)
    return;
  frame = g_ptr_array_index (self->frames, self->frames->len - 1);
  resolve_child (self, frame);
  g_clear_pointer (&frame->child_path, g_free);
  frame->n_children++;
  frame->cursor = current_offset (self, parser);
}

static void
on_object_member (JsonParser *parser, JsonObject *object, const char *name, gpointer user_data)
{
  child_done (user_data, parser);
}

static void
on_array_element (JsonParser *parser, JsonArray *array, guint index, gpointer user_data)
{
  child_done (user_data, parser);
}

/* json-glib puts "<data>:LINE:COL: " in front of its parse errors. */
static const char *
split_parser_error (const char *message, RcJsonPos *pos)
{
  guint line = 0, column = 0;
  int consumed = 0;

  if (sscanf (message, "<data>:%u:%u: %n", &line, &column, &consumed) == 2 && consumed > 0)
    {
      pos->line = line;
      pos->column = MAX (column, 1);
      return message + consumed;
    }
  return message;
}

void
rc_json_positions_free (RcJsonPositions *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->line_starts, g_array_unref);
  g_clear_pointer (&self->offsets, g_hash_table_unref);
  g_clear_pointer (&self->lines, g_hash_table_unref);
  g_clear_pointer (&self->duplicates, g_ptr_array_unref);
  g_clear_pointer (&self->repeated, g_hash_table_unref);
  g_clear_pointer (&self->frames, g_ptr_array_unref);
  g_free (self);
}

static void
compute_lines (RcJsonPositions *self)
{
  GHashTableIter iter;
  gpointer key, value;

  self->lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_iter_init (&iter, self->offsets);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Offsets *off = value;
      RcJsonPos *pos = g_new (RcJsonPos, 2);

      pos[0] = offset_to_pos (self->data, self->line_starts, off->key);
      pos[1] = offset_to_pos (self->data, self->line_starts, off->value);
      g_hash_table_insert (self->lines, g_strdup (key), pos);
    }
}

JsonNode *
rc_json_parse_with_positions (const char *data, gsize length, guint max_depth,
                              RcJsonPositions **positions, RcJsonPos *error_pos, GError **error)
{
  g_autoptr (RcJsonPositions) self = g_new0 (RcJsonPositions, 1);
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) local_error = NULL;
  JsonNode *root;

  error_pos->line = error_pos->column = 0;
  self->data = data;
  self->length = length;
  self->line_starts = find_line_starts (data, length);
  self->offsets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->duplicates = g_ptr_array_new_with_free_func (g_free);
  self->repeated = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->frames = g_ptr_array_new_with_free_func ((GDestroyNotify) frame_free);

  if (!check_strict (data, length, max_depth, self->line_starts, error_pos, error))
    return NULL;

  g_signal_connect (parser, "object-start", G_CALLBACK (on_object_start), self);
  g_signal_connect (parser, "array-start", G_CALLBACK (on_array_start), self);
  g_signal_connect (parser, "object-end", G_CALLBACK (on_container_end), self);
  g_signal_connect (parser, "array-end", G_CALLBACK (on_container_end), self);
  g_signal_connect (parser, "object-member", G_CALLBACK (on_object_member), self);
  g_signal_connect (parser, "array-element", G_CALLBACK (on_array_element), self);
  if (!json_parser_load_from_data (parser, data, (gssize) length, &local_error))
    {
      const char *text = split_parser_error (local_error->message, error_pos);

      g_set_error (error, RC_JSON_ERROR, RC_JSON_ERROR_SYNTAX, "%s", text);
      return NULL;
    }
  root = json_parser_steal_root (parser);
  if (root == NULL)
    {
      error_pos->line = error_pos->column = 1;
      g_set_error (error, RC_JSON_ERROR, RC_JSON_ERROR_EMPTY, _ ("the file holds no JSON value"));
      return NULL;
    }
  if (!g_hash_table_contains (self->offsets, ""))
    {
      /* A scalar root: no container event fired. */
      Offsets *off = g_new0 (Offsets, 1);

      off->key = off->value = skip_ws_commas (self, 0);
      g_hash_table_insert (self->offsets, g_strdup (""), off);
    }
  compute_lines (self);
  self->data = NULL;
  if (positions != NULL)
    *positions = g_steal_pointer (&self);
  return root;
}

gboolean
rc_json_positions_lookup (RcJsonPositions *self, const char *path, RcJsonPos *key, RcJsonPos *value)
{
  RcJsonPos *pos = g_hash_table_lookup (self->lines, path);

  if (pos == NULL)
    return FALSE;
  if (key != NULL)
    *key = pos[0];
  if (value != NULL)
    *value = pos[1];
  return TRUE;
}

GPtrArray *
rc_json_positions_get_duplicates (RcJsonPositions *self)
{
  return self->duplicates;
}
