/* rc-yaml-scalar.c: YAML 1.1 typing of scalars, as PyYAML's SafeLoader does it.
 *
 * The implicit resolvers are PyYAML's: which one is tried depends on the first character,
 * in the order bool, float, int, merge, null, timestamp, value. Notably `1e3` (no dot, no
 * sign in the exponent), `0o17`, `y` and `n` stay strings under these rules.
 */
#include "config.h"

#include <math.h>

#include "core/config/rc-yaml-private.h"

typedef struct
{
  GRegex *boolean, *floating, *integer, *null, *timestamp, *date;
} Resolvers;

static const Resolvers *
resolvers (void)
{
  static Resolvers r;
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      GRegexCompileFlags f = G_REGEX_OPTIMIZE | G_REGEX_EXTENDED;

      r.boolean = g_regex_new ("^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE"
                               "|on|On|ON|off|Off|OFF)$",
                               f, 0, NULL);
      r.floating = g_regex_new ("^(?: [-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+][0-9]+)?"
                                "  | \\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?"
                                "  | [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*"
                                "  | [-+]?\\.(?:inf|Inf|INF)"
                                "  | \\.(?:nan|NaN|NAN) )$",
                                f, 0, NULL);
      r.integer = g_regex_new ("^(?: [-+]?0b[0-1_]+"
                               "  | [-+]?0[0-7_]+"
                               "  | [-+]?(?:0|[1-9][0-9_]*)"
                               "  | [-+]?0x[0-9a-fA-F_]+"
                               "  | [-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+ )$",
                               f, 0, NULL);
      r.null = g_regex_new ("^(?:~|null|Null|NULL|)$", f, 0, NULL);
      r.timestamp = g_regex_new ("^(?: [0-9]{4}-[0-9]{2}-[0-9]{2}"
                                 "  | [0-9]{4}-[0-9]{1,2}-[0-9]{1,2}"
                                 "    (?:[Tt]|[\\ \\t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]*)?"
                                 "    (?:[\\ \\t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))? )$",
                                 f, 0, NULL);
      r.date = g_regex_new ("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})", 0, 0, NULL);
      g_once_init_leave (&done, 1);
    }
  return &r;
}

/* Digits of one base into an int, flagging overflow instead of wrapping. */
static gboolean
accumulate (const char *digits, guint base, guint64 *acc, gboolean *overflow)
{
  if (*digits == '\0')
    return FALSE;
  for (const char *p = digits; *p; p++)
    {
      int d = g_ascii_xdigit_value (*p);

      if (d < 0 || (guint) d >= base)
        return FALSE;
      if (*acc > (G_MAXUINT64 - (guint64) d) / base)
        *overflow = TRUE;
      else
        *acc = *acc * base + (guint64) d;
    }
  return TRUE;
}

static gboolean
sexagesimal (const char *value, guint64 *acc, gboolean *overflow)
{
  g_auto (GStrv) parts = g_strsplit (value, ":", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 part = 0;

      if (!accumulate (parts[i], 10, &part, overflow))
        return FALSE;
      if (*acc > (G_MAXUINT64 - part) / 60)
        *overflow = TRUE;
      else
        *acc = *acc * 60 + part;
    }
  return TRUE;
}

/* PyYAML's construct_yaml_int: drop '_', sign, then 0b / 0x / leading-0 octal / a:b:c. */
static gboolean
construct_int (RcYamlNode *node)
{
  g_autoptr (GString) v = g_string_new (NULL);
  guint64 acc = 0;
  gboolean negative = FALSE, overflow = FALSE, ok;
  const char *p;

  for (p = node->text; *p; p++)
    if (*p != '_')
      g_string_append_c (v, *p);
  p = v->str;
  if (*p == '-' || *p == '+')
    negative = *p++ == '-';
  if (g_str_equal (p, "0"))
    ok = TRUE;
  else if (g_str_has_prefix (p, "0b"))
    ok = accumulate (p + 2, 2, &acc, &overflow);
  else if (g_str_has_prefix (p, "0x"))
    ok = accumulate (p + 2, 16, &acc, &overflow);
  else if (*p == '0')
    ok = accumulate (p + 1, 8, &acc, &overflow);
  else if (strchr (p, ':') != NULL)
    ok = sexagesimal (p, &acc, &overflow);
  else
    ok = accumulate (p, 10, &acc, &overflow);
  if (!ok)
    return FALSE;
  if (acc > (guint64) G_MAXINT64)
    overflow = TRUE;
  node->kind = RC_YAML_INT;
  node->overflow = overflow;
  node->integer =
      overflow ? (negative ? G_MININT64 : G_MAXINT64) : (negative ? -(gint64) acc : (gint64) acc);
  return TRUE;
}

static gboolean
construct_float (RcYamlNode *node)
{
  g_autoptr (GString) v = g_string_new (NULL);
  const char *p;
  double sign = 1.0, value;
  char *end = NULL;

  for (p = node->text; *p; p++)
    if (*p != '_')
      g_string_append_c (v, g_ascii_tolower (*p));
  p = v->str;
  if (*p == '-' || *p == '+')
    sign = *p++ == '-' ? -1.0 : 1.0;
  if (g_str_equal (p, ".inf"))
    value = INFINITY;
  else if (g_str_equal (p, ".nan"))
    value = NAN;
  else if (strchr (p, ':') != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (p, ":", -1);

      value = 0.0;
      for (guint i = 0; parts[i] != NULL; i++)
        value = value * 60.0 + g_ascii_strtod (parts[i], NULL);
    }
  else
    {
      value = g_ascii_strtod (p, &end);
      if (end == p || *end != '\0')
        return FALSE;
    }
  node->kind = RC_YAML_FLOAT;
  node->number = sign * value;
  return TRUE;
}

/* A date must exist (PyYAML builds a datetime.date, which refuses 2024-02-30). */
static gboolean
construct_timestamp (RcYamlNode *node)
{
  g_autoptr (GMatchInfo) m = NULL;
  g_autofree char *y = NULL, *mo = NULL, *d = NULL;

  if (!g_regex_match (resolvers ()->date, node->text, 0, &m))
    return FALSE;
  y = g_match_info_fetch (m, 1);
  mo = g_match_info_fetch (m, 2);
  d = g_match_info_fetch (m, 3);
  if (!g_date_valid_dmy (atoi (d), atoi (mo), atoi (y)))
    return FALSE;
  node->kind = RC_YAML_TIMESTAMP;
  return TRUE;
}

static gboolean
construct_bool (RcYamlNode *node)
{
  static const char *truthy[] = { "yes", "true", "on" };
  static const char *falsy[] = { "no", "false", "off" };

  for (guint i = 0; i < G_N_ELEMENTS (truthy); i++)
    {
      if (g_ascii_strcasecmp (node->text, truthy[i]) == 0)
        {
          node->kind = RC_YAML_BOOL;
          node->boolean = TRUE;
          return TRUE;
        }
      if (g_ascii_strcasecmp (node->text, falsy[i]) == 0)
        {
          node->kind = RC_YAML_BOOL;
          node->boolean = FALSE;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
matches (GRegex *regex, const char *text)
{
  return g_regex_match (regex, text, 0, NULL);
}

/* The tag an untagged plain scalar gets, in PyYAML's order by first character. */
const char *
rc_yaml_resolve_plain (const char *text)
{
  const Resolvers *r = resolvers ();
  char c = text[0];

  if (c != '\0' && strchr ("yYnNtTfFoO", c) && matches (r->boolean, text))
    return RC_YAML_TAG "bool";
  if (c != '\0' && strchr ("-+0123456789.", c) && matches (r->floating, text))
    return RC_YAML_TAG "float";
  if (c != '\0' && strchr ("-+0123456789", c) && matches (r->integer, text))
    return RC_YAML_TAG "int";
  if (g_str_equal (text, "<<"))
    return RC_YAML_TAG "merge";
  if ((c == '\0' || strchr ("~nN", c)) && matches (r->null, text))
    return RC_YAML_TAG "null";
  if (c != '\0' && strchr ("0123456789", c) && matches (r->timestamp, text))
    return RC_YAML_TAG "timestamp";
  if (g_str_equal (text, "="))
    return RC_YAML_TAG "value";
  return RC_YAML_TAG "str";
}

/* Types node->text by a full tag. FALSE: no constructor for the tag (*known FALSE), or the
 * text does not read as the tag's type (*known TRUE). */
gboolean
rc_yaml_construct_scalar (RcYamlNode *node, const char *tag, gboolean *known)
{
  *known = TRUE;
  if (g_str_equal (tag, RC_YAML_TAG "str"))
    {
      node->kind = RC_YAML_STR;
      return TRUE;
    }
  if (g_str_equal (tag, RC_YAML_TAG "null"))
    {
      node->kind = RC_YAML_NULL;
      return TRUE;
    }
  if (g_str_equal (tag, RC_YAML_TAG "bool"))
    return construct_bool (node);
  if (g_str_equal (tag, RC_YAML_TAG "int"))
    return construct_int (node);
  if (g_str_equal (tag, RC_YAML_TAG "float"))
    return construct_float (node);
  if (g_str_equal (tag, RC_YAML_TAG "timestamp"))
    return construct_timestamp (node);
  if (g_str_equal (tag, RC_YAML_TAG "binary"))
    {
      node->kind = RC_YAML_BINARY;
      return TRUE;
    }
  *known = FALSE;
  return FALSE;
}
