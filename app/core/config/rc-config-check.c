/* rc-config-check.c: pydantic lax-mode checks as diagnostics. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "core/config/rc-config-check.h"

void
rc_check_report (RcCheck *c, RcSeverity severity, RcYamlNode *at, const char *path,
                 const char *rule, const char *hint, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  rc_diagnostics_add (c->diagnostics, severity, c->file, at ? at->line : 0, at ? at->column : 0,
                      path, rule, hint, "%s", message);
}

char *
rc_check_path (const char *parent, const char *key)
{
  if (parent == NULL || parent[0] == '\0')
    return g_strdup (key);
  return g_strconcat (parent, ".", key, NULL);
}

char *
rc_check_path_index (const char *parent, guint index)
{
  return g_strdup_printf ("%s[%u]", parent, index);
}

gboolean
rc_check_mapping (RcCheck *c, RcYamlNode *node, const char *path, const char *model)
{
  if (node->kind == RC_YAML_MAP)
    return TRUE;
  if (model != NULL)
    rc_check_error (c, node, path, "type-mapping",
                    _ ("Write a mapping of keys here (key: value lines, or {})."),
                    "Input should be a valid dictionary or instance of %s", model);
  else
    rc_check_error (c, node, path, "type-mapping",
                    _ ("Write a mapping of keys here (key: value lines, or {})."),
                    "Input should be a valid dictionary");
  return FALSE;
}

static char *
allowed_hint (const char *key, const char *const *allowed)
{
  const char *near = rc_check_suggest (key, allowed);
  g_autofree char *list = g_strjoinv (", ", (char **) allowed);

  if (near != NULL)
    return g_strdup_printf (_ ("Did you mean '%s'? Otherwise remove the key."), near);
  if (g_strv_length ((char **) allowed) > 12)
    return g_strdup (_ ("Remove the key, or fix its spelling (community-config.md lists the "
                        "known keys)."));
  return g_strdup_printf (_ ("Remove the key; this section knows only: %s."), list);
}

void
rc_check_extra_keys (RcCheck *c, RcYamlNode *map, const char *path, const char *const *allowed)
{
  for (guint i = 0; i < map->items->len; i++)
    {
      RcYamlPair *pair = g_ptr_array_index (map->items, i);
      const char *key = rc_yaml_key_text (pair->key);
      g_autofree char *key_path = NULL;
      g_autofree char *hint = NULL;

      if (pair->key->kind == RC_YAML_STR && g_strv_contains (allowed, key))
        continue;
      key_path = rc_check_path (path, key);
      hint = allowed_hint (key, allowed);
      rc_check_error (c, pair->key, key_path, "extra-key", hint, "Extra inputs are not permitted");
      rc_check_offer_remove_key (c, pair->key);
    }
}

RcYamlNode *
rc_check_required (RcCheck *c, RcYamlNode *map, const char *path, const char *key)
{
  RcYamlNode *value = rc_yaml_map_get (map, key);
  g_autofree char *key_path = NULL;
  g_autofree char *hint = NULL;

  if (value != NULL)
    return value;
  key_path = rc_check_path (path, key);
  hint = g_strdup_printf (_ ("Add '%s:' to this mapping."), key);
  rc_check_error (c, map, key_path, "field-required", hint, "Field required");
  return NULL;
}

gboolean
rc_check_str (RcCheck *c, RcYamlNode *node, const char *path)
{
  g_autofree char *hint = NULL;

  if (node->kind == RC_YAML_STR || node->kind == RC_YAML_BINARY)
    return TRUE;
  if (node->kind == RC_YAML_NULL)
    hint = g_strdup (_ ("Write a string here; YAML reads an empty value, ~ or null as null."));
  else if (rc_yaml_is_scalar (node))
    hint = g_strdup_printf (_ ("YAML reads %s as %s; quote it: \"%s\"."), node->text,
                            rc_yaml_kind_describe (node->kind), node->text);
  else
    hint = g_strdup_printf (_ ("Write a single string here, not %s."),
                            rc_yaml_kind_describe (node->kind));
  rc_check_error (c, node, path, "type-string", hint, "Input should be a valid string");
  return FALSE;
}

gboolean
rc_check_optional_str (RcCheck *c, RcYamlNode *node, const char *path)
{
  return node->kind == RC_YAML_NULL || rc_check_str (c, node, path);
}

static gboolean
bool_from_text (const char *text, gboolean *out)
{
  static const char *truthy[] = { "1", "on", "t", "true", "y", "yes" };
  static const char *falsy[] = { "0", "off", "f", "false", "n", "no" };
  g_autofree char *s = g_strstrip (g_ascii_strdown (text, -1));

  for (guint i = 0; i < G_N_ELEMENTS (truthy); i++)
    {
      if (g_str_equal (s, truthy[i]))
        return (*out = TRUE);
      if (g_str_equal (s, falsy[i]))
        return !(*out = FALSE);
    }
  return FALSE;
}

gboolean
rc_check_bool (RcCheck *c, RcYamlNode *node, const char *path, gboolean *out)
{
  const char *hint = _ ("Write true or false.");
  gboolean value = FALSE;

  if (node->kind == RC_YAML_BOOL)
    value = node->boolean;
  else if ((node->kind == RC_YAML_INT && !node->overflow
            && (node->integer == 0 || node->integer == 1))
           || (node->kind == RC_YAML_FLOAT && (node->number == 0.0 || node->number == 1.0)))
    value = node->kind == RC_YAML_INT ? node->integer == 1 : node->number == 1.0;
  else if (node->kind == RC_YAML_STR && bool_from_text (node->text, &value))
    ;
  else
    {
      if (node->kind == RC_YAML_INT || node->kind == RC_YAML_FLOAT || node->kind == RC_YAML_STR)
        rc_check_error (c, node, path, "type-bool", hint,
                        "Input should be a valid boolean, unable to interpret input");
      else
        rc_check_error (c, node, path, "type-bool", hint, "Input should be a valid boolean");
      return FALSE;
    }
  if (out != NULL)
    *out = value;
  return TRUE;
}

/* Python's int() of a stripped string, as pydantic uses it: digits with single '_' between,
 * optionally followed by ".0…". */
static gboolean
int_from_text (const char *text, gint64 *out)
{
  static GRegex *re = NULL;
  static gsize once = 0;
  g_autofree char *s = g_strstrip (g_strdup (text));
  g_autoptr (GString) digits = g_string_new (NULL);

  if (g_once_init_enter (&once))
    {
      re = g_regex_new ("^[-+]?[0-9]+(_[0-9]+)*(\\.0*)?$", 0, 0, NULL);
      g_once_init_leave (&once, 1);
    }
  if (!g_regex_match (re, s, 0, NULL))
    return FALSE;
  for (const char *p = s; *p && *p != '.'; p++)
    if (*p != '_')
      g_string_append_c (digits, *p);
  /* Python's int has no bound: saturate, and let the field's own bounds judge. */
  if (!g_ascii_string_to_signed (digits->str, 10, G_MININT64, G_MAXINT64, out, NULL))
    *out = digits->str[0] == '-' ? G_MININT64 : G_MAXINT64;
  return TRUE;
}

gboolean
rc_check_int (RcCheck *c, RcYamlNode *node, const char *path, gint64 *out)
{
  const char *hint = _ ("Write a whole number, such as 60.");
  gint64 value = 0;

  switch (node->kind)
    {
    case RC_YAML_INT:
      value = node->integer;
      break;
    case RC_YAML_BOOL:
      value = node->boolean ? 1 : 0;
      break;
    case RC_YAML_FLOAT:
      if (!isfinite (node->number))
        {
          rc_check_error (c, node, path, "type-int", hint, "Input should be a finite number");
          return FALSE;
        }
      if (node->number != floor (node->number))
        {
          rc_check_error (c, node, path, "type-int", hint,
                          "Input should be a valid integer, got a number with a fractional part");
          return FALSE;
        }
      value = node->number >= 9.2e18    ? G_MAXINT64
              : node->number <= -9.2e18 ? G_MININT64
                                        : (gint64) node->number;
      break;
    case RC_YAML_STR:
      if (!int_from_text (node->text, &value))
        {
          rc_check_error (c, node, path, "type-int", hint,
                          "Input should be a valid integer, unable to parse string as an integer");
          return FALSE;
        }
      break;
    default:
      rc_check_error (c, node, path, "type-int", hint, "Input should be a valid integer");
      return FALSE;
    }
  if (out != NULL)
    *out = value;
  return TRUE;
}

/* "'a', 'b' or 'c'" */
static char *
literal_list (const char *const *choices)
{
  GString *s = g_string_new (NULL);
  guint n = g_strv_length ((char **) choices);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (s, i + 1 == n ? " or " : ", ");
      g_string_append_printf (s, "'%s'", choices[i]);
    }
  return g_string_free (s, FALSE);
}

gboolean
rc_check_literal (RcCheck *c, RcYamlNode *node, const char *path, const char *const *choices)
{
  g_autofree char *list = NULL;
  g_autofree char *hint = NULL;
  const char *near;

  if (node->kind == RC_YAML_STR && g_strv_contains (choices, node->text))
    return TRUE;
  list = literal_list (choices);
  near = node->kind == RC_YAML_STR ? rc_check_suggest (node->text, choices) : NULL;
  if (near != NULL)
    hint = g_strdup_printf (_ ("Did you mean '%s'?"), near);
  else if (choices[1] == NULL)
    hint = g_strdup_printf (_ ("Write %s."), list);
  else
    hint = g_strdup_printf (_ ("Use one of %s."), list);
  rc_check_error (c, node, path, "literal", hint, "Input should be %s", list);
  return FALSE;
}

gboolean
rc_check_list (RcCheck *c, RcYamlNode *node, const char *path)
{
  if (node->kind == RC_YAML_SEQ)
    return TRUE;
  rc_check_error (c, node, path, "type-list",
                  node->kind == RC_YAML_STR
                      ? _ ("Put the value in a list: [value], or one '- value' line per item.")
                      : _ ("Write a list: [a, b], or one '- item' line per item."),
                  "Input should be a valid list");
  return FALSE;
}

gboolean
rc_check_str_list (RcCheck *c, RcYamlNode *node, const char *path)
{
  gboolean ok = TRUE;

  if (!rc_check_list (c, node, path))
    return FALSE;
  for (guint i = 0; i < node->items->len; i++)
    {
      g_autofree char *item_path = rc_check_path_index (path, i);

      ok &= rc_check_str (c, node->items->pdata[i], item_path);
    }
  return ok;
}

gboolean
rc_check_max_chars (RcCheck *c, RcYamlNode *node, const char *path, glong max, const char *rule,
                    const char *hint)
{
  glong n = g_utf8_strlen (node->text, -1);

  if (n <= max)
    return TRUE;
  rc_check_report (c, RC_SEVERITY_ERROR, node, path, rule, hint,
                   "String should have at most %ld characters (it has %ld)", max, n);
  return FALSE;
}

gboolean
rc_check_strict_int (RcCheck *c, RcYamlNode *node, const char *path, gint64 *out)
{
  if (node->kind != RC_YAML_INT)
    {
      rc_check_error (c, node, path, "type-int",
                      _ ("Write a whole number without quotes (this field is strict)."),
                      "Input should be a valid integer");
      return FALSE;
    }
  if (out != NULL)
    *out = node->integer;
  return TRUE;
}

static gboolean
number_from_text (const char *text, double *out)
{
  g_autofree char *s = g_strstrip (g_strdup (text));
  char *end = NULL;

  if (s[0] == '\0')
    return FALSE;
  *out = g_ascii_strtod (s, &end);
  return end != NULL && *end == '\0';
}

gboolean
rc_check_number (RcCheck *c, RcYamlNode *node, const char *path, double *out)
{
  const char *hint = _ ("Write a number, such as 5.0.");
  double value;

  switch (node->kind)
    {
    case RC_YAML_INT:
      value = (double) node->integer;
      break;
    case RC_YAML_FLOAT:
      value = node->number;
      break;
    case RC_YAML_BOOL:
      value = node->boolean ? 1.0 : 0.0;
      break;
    case RC_YAML_STR:
      if (!number_from_text (node->text, &value))
        {
          rc_check_error (c, node, path, "type-number", hint,
                          "Input should be a valid number, unable to parse string as a number");
          return FALSE;
        }
      break;
    default:
      rc_check_error (c, node, path, "type-number", hint, "Input should be a valid number");
      return FALSE;
    }
  if (out != NULL)
    *out = value;
  return TRUE;
}

gboolean
rc_check_pattern (RcCheck *c, RcYamlNode *node, const char *path, const char *pattern,
                  const char *rule, const char *hint)
{
  /* pydantic's pattern is a search, so the patterns here carry their own anchors. */
  if (g_regex_match_simple (pattern, node->text, G_REGEX_DOLLAR_ENDONLY, 0))
    return TRUE;
  rc_check_error (c, node, path, rule, hint, "String should match pattern '%s'", pattern);
  return FALSE;
}

char *
rc_py_float_repr (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  int digits, exponent;

  if (isnan (value))
    return g_strdup ("nan");
  if (isinf (value))
    return g_strdup (value > 0 ? "inf" : "-inf");
  /* The fewest significant digits that read back as the same double. */
  for (digits = 1; digits < 17; digits++)
    {
      g_autofree char *format = g_strdup_printf ("%%.%de", digits - 1);

      g_ascii_formatd (buffer, sizeof buffer, format, value);
      if (g_ascii_strtod (buffer, NULL) == value)
        break;
    }
  {
    g_autofree char *format = g_strdup_printf ("%%.%de", digits - 1);

    g_ascii_formatd (buffer, sizeof buffer, format, value);
  }
  exponent = atoi (strchr (buffer, 'e') + 1);
  /* repr() writes fixed notation for exponents -4..15, scientific otherwise. */
  if (exponent >= -4 && exponent < 16)
    {
      int decimals = MAX (digits - 1 - exponent, 0);
      g_autofree char *format = g_strdup_printf ("%%.%df", decimals);

      g_ascii_formatd (buffer, sizeof buffer, format, value);
      return decimals == 0 ? g_strconcat (buffer, ".0", NULL) : g_strdup (buffer);
    }
  if (digits == 1)
    {
      /* "1e+16", not "1.e+16" */
      char *dot = strchr (buffer, '.');

      if (dot != NULL)
        memmove (dot, dot + 1, strlen (dot));
    }
  return g_strdup (buffer);
}
