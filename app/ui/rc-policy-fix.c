/* rc-policy-fix.c: the policy editor's quick fixes (rc-policy-fix.h).
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/policy/rc-csp-fix.h"
#include "rc-policy-fix.h"

static char *
buffer_text (GtkTextBuffer *buffer)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

RcFix *
rc_policy_fix_for_buffer (GtkTextBuffer *buffer, const RcCspFinding *finding)
{
  g_autofree char *text = buffer_text (buffer);

  /* rc_csp_fix_finding() trims blanks around directives, so the editor's untrimmed text
   * gives the same edit at offsets that are the buffer's own */
  return rc_csp_fix_finding (text, finding);
}

GtkWidget *
rc_policy_fix_button_new (GtkTextBuffer *buffer, const RcCspFinding *finding, guint index)
{
  g_autoptr (RcFix) fix = rc_policy_fix_for_buffer (buffer, finding);
  GtkWidget *button;

  if (fix == NULL)
    return NULL;
  /* TRANSLATORS: the quick fix button on a refused policy requirement */
  button = gtk_button_new_with_label (_ ("Fix"));
  gtk_widget_set_tooltip_text (button, fix->label);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "boot.fix-policy");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_uint32 (index));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  fix->label, -1);
  return button;
}

/* The iterator at byte @offset of @text (the buffer's text), or FALSE past its end or inside
 * a character. */
static gboolean
iter_at_byte (GtkTextBuffer *buffer, const char *text, gsize offset, GtkTextIter *iter)
{
  if (offset > strlen (text) || !g_utf8_validate (text, (gssize) offset, NULL))
    return FALSE;
  gtk_text_buffer_get_iter_at_offset (buffer, iter,
                                      (int) g_utf8_pointer_to_offset (text, text + offset));
  return TRUE;
}

gboolean
rc_policy_fix_apply (GtkTextBuffer *buffer, const RcFix *fix)
{
  g_autofree char *text = buffer_text (buffer);
  GtkTextIter start, end;

  g_return_val_if_fail (GTK_IS_TEXT_BUFFER (buffer) && fix != NULL, FALSE);

  if (!fix->resolved || fix->end < fix->start || !iter_at_byte (buffer, text, fix->start, &start)
      || !iter_at_byte (buffer, text, fix->end, &end))
    return FALSE;
  /* one user action: the delete and the insert are one undo step */
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_delete (buffer, &start, &end);
  gtk_text_buffer_insert (buffer, &start, fix->replacement, -1);
  gtk_text_buffer_end_user_action (buffer);
  return TRUE;
}
