/* rc-community-fix.c: the quick fix that writes a list into runtime.python.import_before_seal
 * (the seal probe's recommendation, rc-seal-walk.h), as an RcFix on config.yaml. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/model/rc-community-private.h"

/* "    import_before_seal: [a, b]\n" at @indent spaces */
static char *
entry_line (guint indent, const char *const *modules)
{
  g_autofree char *list = g_strjoinv (", ", (char **) modules);

  return g_strdup_printf ("%*simport_before_seal: [%s]\n", (int) indent, "", list);
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
rc_community_fix_import_before_seal (RcCommunity *self, const char *const *modules)
{
  RcYamlNode *python;
  RcYamlPair *pair;
  g_autofree char *line = NULL, *label = NULL, *list = NULL;
  RcFix *fix;

  g_return_val_if_fail (RC_IS_COMMUNITY (self), NULL);
  g_return_val_if_fail (modules != NULL && modules[0] != NULL, NULL);

  python = self->facts.python;
  if (python == NULL || python->kind != RC_YAML_MAP || python->items->len == 0)
    return NULL;
  list = g_strjoinv (", ", (char **) modules);
  /* TRANSLATORS: %s is a list of module names, "scipy, scipy.stats" */
  label = g_strdup_printf (_ ("Set import_before_seal to [%s]"), list);
  if ((pair = rc_yaml_map_get_pair (python, "import_before_seal")) != NULL)
    {
      /* the key and its value (block or flow) give way to one line */
      line = entry_line (pair->key->column - 1, modules);
      fix = rc_fix_new (RC_FIX_REMOVE_KEY, pair->key->line, pair->key->column, 0, 0, line, label);
    }
  else
    {
      /* a new first key of runtime.python, at the indentation of the one there */
      RcYamlNode *first = ((RcYamlPair *) python->items->pdata[0])->key;

      line = entry_line (first->column - 1, modules);
      fix = rc_fix_new (RC_FIX_REPLACE, first->line, 1, first->line, 1, line, label);
    }
  if (!rc_fix_resolve (fix, self->config_text, self->config_length) || !starts_its_line (self, fix))
    {
      rc_fix_free (fix);
      return NULL;
    }
  return fix;
}
