/* rc-config-fixes.c: the validator's quick fixes (rc-fix.h), attached to the diagnostic the
 * check just reported. Positions only; rc_diagnostics_resolve_fixes() places them in bytes. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/config/rc-config-check.h"

static RcDiagnostic *
last (RcCheck *c)
{
  return c->diagnostics->len > 0 ? c->diagnostics->pdata[c->diagnostics->len - 1] : NULL;
}

void
rc_check_offer_replace (RcCheck *c, RcYamlNode *node, const char *replacement, const char *label)
{
  RcDiagnostic *d = last (c);

  if (d == NULL || node == NULL || node->end_line == 0)
    return;
  rc_diagnostic_set_fix (d, rc_fix_new (RC_FIX_REPLACE, node->line, node->column, node->end_line,
                                        node->end_column, replacement, label));
}

void
rc_check_offer_remove_item (RcCheck *c, RcYamlNode *seq, guint index)
{
  RcDiagnostic *d = last (c);
  RcYamlNode *item, *prev;
  RcFix *fix;

  if (d == NULL || seq == NULL || seq->kind != RC_YAML_SEQ || index >= seq->items->len)
    return;
  item = seq->items->pdata[index];
  if (item->end_line == 0)
    return;
  fix = rc_fix_new (RC_FIX_REMOVE_ITEM, item->line, item->column, item->end_line, item->end_column,
                    "", _ ("Remove the repeated entry"));
  prev = index > 0 ? seq->items->pdata[index - 1] : NULL;
  if (prev != NULL && prev->end_line > 0)
    {
      fix->prev_line = prev->end_line;
      fix->prev_column = prev->end_column;
    }
  rc_diagnostic_set_fix (d, fix);
}

void
rc_check_offer_remove_key (RcCheck *c, RcYamlNode *key)
{
  RcDiagnostic *d = last (c);
  g_autofree char *label = NULL;

  if (d == NULL || key == NULL || key->kind != RC_YAML_STR)
    return;
  /* TRANSLATORS: %s is a config.yaml key */
  label = g_strdup_printf (_ ("Remove the key “%s”"), key->text);
  rc_diagnostic_set_fix (d,
                         rc_fix_new (RC_FIX_REMOVE_KEY, key->line, key->column, 0, 0, "", label));
}
