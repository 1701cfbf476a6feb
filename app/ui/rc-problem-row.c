/* rc-problem-row.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rc-problem-row.h"

static const char *
diagnostic_file (const RcDiagnostic *d)
{
  return d->file != NULL && d->file[0] != '\0' ? d->file : "config.yaml";
}

static void
fix_clicked_cb (GtkButton *button, const RcProblemRowFix *fix)
{
  RcProblem *problem = g_object_get_data (G_OBJECT (button), "problem");

  fix->apply (rc_problem_get_diagnostic (problem), fix->user_data);
}

/* The key path with a zero-width space after each dot and before each "[": a narrow row
 * breaks "runtime.python.prelude.production" between its keys, never inside one (the
 * label's tooltip has the path as typed, for copying). */
char *
rc_problem_row_breakable_path (const char *path)
{
  GString *out = g_string_sized_new (strlen (path) + 16);

  for (const char *p = path; *p != '\0'; p++)
    {
      if (*p == '[' && p != path)
        g_string_append (out, "\u200b");
      g_string_append_c (out, *p);
      if (*p == '.' && p[1] != '\0')
        g_string_append (out, "\u200b");
    }
  return g_string_free (out, FALSE);
}

GtkWidget *
rc_problem_row_new (gpointer item, gpointer user_data)
{
  const RcDiagnostic *d = rc_problem_get_diagnostic (RC_PROBLEM (item));
  g_autofree char *where = NULL;
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *icon = gtk_image_new_from_icon_name (rc_problem_severity_icon (d->severity));
  GtkWidget *label;

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_add_css_class (icon, rc_severity_to_string (d->severity));
  gtk_box_append (GTK_BOX (row), icon);
  gtk_box_append (GTK_BOX (row), text);
  gtk_widget_set_margin_top (row, 6);
  gtk_widget_set_margin_bottom (row, 6);
  /* a follow-on sits under the problem it follows from (rc_problems_view_set_problems()) */
  if (d->caused_by != NULL)
    gtk_widget_set_margin_start (row, 24);

  if (d->line > 0)
    where = g_strdup_printf ("%s:%u:%u", diagnostic_file (d), d->line, MAX (d->column, 1));
  else
    where = g_strdup (diagnostic_file (d));
  if (d->path != NULL && d->path[0] != '\0')
    {
      g_autofree char *breakable = rc_problem_row_breakable_path (d->path);

      label = gtk_label_new (breakable);
      gtk_widget_set_tooltip_text (label, d->path);
    }
  else
    label = gtk_label_new (where);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  /* at the zero-width spaces; within a key only when one key alone is wider than the row */
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_name (label, "path");
  gtk_widget_add_css_class (label, "monospace");
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (text), label);

  label = gtk_label_new (d->message);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_box_append (GTK_BOX (text), label);

  if (d->caused_by != NULL)
    {
      /* Translators: under a problem that another one causes; %s is that one's key path */
      g_autofree char *caption =
          g_strdup_printf (_ ("Follows from %s: fixing that fixes this"), d->caused_by);

      label = gtk_label_new (caption);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_widget_set_name (label, "caused-by");
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (label, "accent");
      gtk_box_append (GTK_BOX (text), label);
    }
  if (d->hint != NULL && d->hint[0] != '\0')
    {
      label = gtk_label_new (d->hint);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (text), label);
    }
  label = gtk_label_new (where);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "numeric");
  gtk_box_append (GTK_BOX (text), label);
  if (d->fix != NULL && d->fix->resolved && g_str_equal (diagnostic_file (d), "config.yaml"))
    {
      /* The one obvious edit (rc-fix.h): applied to the buffer, saved only on Save. */
      GtkWidget *fix = gtk_button_new_with_label (d->fix->label);

      /* under the text, so it takes no width from the message */
      gtk_widget_set_halign (fix, GTK_ALIGN_START);
      gtk_widget_set_margin_top (fix, 3);
      gtk_widget_add_css_class (fix, "pill");
      gtk_widget_add_css_class (fix, "small");
      gtk_widget_set_tooltip_text (fix, _ ("Apply this fix to config.yaml (saved when you save)"));
      g_object_set_data_full (G_OBJECT (fix), "problem", g_object_ref (item), g_object_unref);
      g_signal_connect (fix, "clicked", G_CALLBACK (fix_clicked_cb), user_data);
      gtk_box_append (GTK_BOX (text), fix);
    }
  gtk_widget_set_tooltip_text (row, d->rule);
  return row;
}
