/* rc-community-fix.c: the quick fixes that write one runtime.python key as one line: the
 * import_before_seal list (the seal probe's recommendation, rc-seal-walk.h), and advise's
 * edits (a shorter preload, another preload_on), as RcFixes on config.yaml. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/model/rc-community-private.h"

/* "    key: value\n" at @indent spaces */
static char *
entry_line (guint indent, const char *key, const char *value)
{
  return g_strdup_printf ("%*s%s: %s\n", (int) indent, "", key, value);
}

/* A new first key goes before the one there only when that one starts its line (a block
 * mapping; in a flow mapping there is no line to add). */
static gboolean
starts_its_line (RcCommunity *self, const RcFix *fix)
{
  RcYamlNode *first = ((RcYamlPair *) self->facts.python->items->pdata[0])->key;

  if (fix->kind != RC_FIX_REPLACE)
    return TRUE;
  for (guint i = 0; i + 1 < first->column; i++)
    if (fix->start + i >= self->config_length || self->config_text[fix->start + i] != ' ')
      return FALSE;
  return TRUE;
}

RcFix *
rc_community_fix_python_key (RcCommunity *self, const char *key, const char *value,
                             const char *label)
{
  RcYamlNode *python;
  RcYamlPair *pair;
  g_autofree char *line = NULL;
  RcFix *fix;

  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  g_return_val_if_fail (key != NULL && value != NULL && label != NULL, NULL);

  python = self->facts.python;
  if (python == NULL || python->kind != RC_YAML_MAP || python->items->len == 0)
    return NULL;
  if ((pair = rc_yaml_map_get_pair (python, key)) != NULL)
    {
      /* the key and its value (block or flow) give way to one line */
      line = entry_line (pair->key->column - 1, key, value);
      fix = rc_fix_new (RC_FIX_REMOVE_KEY, pair->key->line, pair->key->column, 0, 0, line, label);
    }
  else
    {
      /* a new first key of runtime.python, at the indentation of the one there */
      RcYamlNode *first = ((RcYamlPair *) python->items->pdata[0])->key;

      line = entry_line (first->column - 1, key, value);
      fix = rc_fix_new (RC_FIX_REPLACE, first->line, 1, first->line, 1, line, label);
    }
  if (!rc_fix_resolve (fix, self->config_text, self->config_length) || !starts_its_line (self, fix))
    {
      rc_fix_free (fix);
      return NULL;
    }
  return fix;
}

RcFix *
rc_community_fix_import_before_seal (RcCommunity *self, const char *const *modules)
{
  g_autofree char *label = NULL, *list = NULL, *value = NULL;

  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  g_return_val_if_fail (modules != NULL && modules[0] != NULL, NULL);

  list = g_strjoinv (", ", (char **) modules);
  /* TRANSLATORS: %s is a list of module names, "scipy, scipy.stats" */
  label = g_strdup_printf (_ ("Set import_before_seal to [%s]"), list);
  value = g_strdup_printf ("[%s]", list);
  return rc_community_fix_python_key (self, "import_before_seal", value, label);
}
