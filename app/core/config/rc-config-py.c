/* rc-config-py.c: the bits of Python's text rendering OSA's messages use. */
#include "config.h"

#include "core/config/rc-config-check.h"

/* repr() of a str, as CPython writes it. */
char *
rc_py_repr (const char *text)
{
  gboolean has_single = strchr (text, '\'') != NULL;
  char quote = has_single && strchr (text, '"') == NULL ? '"' : '\'';
  GString *out = g_string_new (NULL);

  g_string_append_c (out, quote);
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar ch = g_utf8_get_char_validated (p, -1);

      if (ch == (gunichar) -1 || ch == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", (guchar) *p);
          continue;
        }
      if (ch == (gunichar) quote || ch == '\\')
        g_string_append_printf (out, "\\%c", (char) ch);
      else if (ch == '\n')
        g_string_append (out, "\\n");
      else if (ch == '\r')
        g_string_append (out, "\\r");
      else if (ch == '\t')
        g_string_append (out, "\\t");
      else if (ch < 0x20 || ch == 0x7f)
        g_string_append_printf (out, "\\x%02x", ch);
      else if (!g_unichar_isprint (ch) && ch > 0x7f)
        g_string_append_printf (out,
                                ch <= 0xff     ? "\\x%02x"
                                : ch <= 0xffff ? "\\u%04x"
                                               : "\\U%08x",
                                ch);
      else
        g_string_append_unichar (out, ch);
    }
  g_string_append_c (out, quote);
  return g_string_free (out, FALSE);
}

char *
rc_py_list_repr (const char *const *items, guint n)
{
  GString *out = g_string_new ("[");

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item = rc_py_repr (items[i]);

      if (i > 0)
        g_string_append (out, ", ");
      g_string_append (out, item);
    }
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

char *
rc_pep503_canonical (const char *name)
{
  GString *out = g_string_new (NULL);
  gboolean in_run = FALSE;

  for (const char *p = name; *p; p++)
    {
      if (*p == '-' || *p == '_' || *p == '.')
        {
          if (!in_run)
            g_string_append_c (out, '-');
          in_run = TRUE;
          continue;
        }
      in_run = FALSE;
      g_string_append_c (out, g_ascii_tolower (*p));
    }
  return g_string_free (out, FALSE);
}

/* Optimal string alignment distance (a swap of two neighbours costs 1), case-insensitive. */
static guint
edit_distance (const char *a, const char *b)
{
  guint la = strlen (a), lb = strlen (b), w = lb + 1;
  g_autofree guint *d = g_new (guint, (la + 1) * w);

  for (guint i = 0; i <= la; i++)
    d[i * w] = i;
  for (guint j = 0; j <= lb; j++)
    d[j] = j;
  for (guint i = 1; i <= la; i++)
    for (guint j = 1; j <= lb; j++)
      {
        guint cost = g_ascii_tolower (a[i - 1]) == g_ascii_tolower (b[j - 1]) ? 0 : 1;
        guint v =
            MIN (MIN (d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1), d[(i - 1) * w + j - 1] + cost);

        if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
          v = MIN (v, d[(i - 2) * w + j - 2] + 1);
        d[i * w + j] = v;
      }
  return d[la * w + lb];
}

const char *
rc_check_suggest_only (const char *word, const char *const *choices, const char *const *more)
{
  const char *const *lists[] = { choices, more };
  const char *found = NULL;
  guint limit;

  if (word == NULL || strlen (word) > 64)
    return NULL;
  limit = 1 + CLAMP (strlen (word) / 4, 1, 2);
  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; lists[l] != NULL && lists[l][i] != NULL; i++)
      {
        guint d = edit_distance (word, lists[l][i]);

        if (d == 0 || d >= limit || d >= strlen (lists[l][i]))
          continue;
        if (found != NULL && !g_str_equal (found, lists[l][i]))
          return NULL; /* two close names: which one was meant is the user's call */
        found = lists[l][i];
      }
  return found;
}

const char *
rc_check_suggest (const char *word, const char *const *choices)
{
  const char *best = NULL;
  guint best_distance;

  if (word == NULL || choices == NULL || strlen (word) > 64)
    return NULL;
  /* Short words are only close with one edit, long ones with two. */
  best_distance = 1 + CLAMP (strlen (word) / 4, 1, 2);
  for (guint i = 0; choices[i] != NULL; i++)
    {
      guint d = edit_distance (word, choices[i]);

      if (d < best_distance && d < strlen (choices[i]))
        {
          best = choices[i];
          best_distance = d;
        }
    }
  return best;
}
