/* rc-seal-audit.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "rc-seal-audit.h"

struct _RcSealAudit
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkListBox *audit_list;

  guint n_verdicts;
  guint n_passed;
};

G_DEFINE_FINAL_TYPE (RcSealAudit, rc_seal_audit, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_N_VERDICTS,
  PROP_N_PASSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

GtkWidget *
rc_seal_audit_new (void)
{
  return g_object_new (RC_TYPE_SEAL_AUDIT, NULL);
}

static void
set_counts (RcSealAudit *self, guint n_verdicts, guint n_passed)
{
  if (self->n_verdicts != n_verdicts)
    {
      self->n_verdicts = n_verdicts;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_VERDICTS]);
    }
  if (self->n_passed != n_passed)
    {
      self->n_passed = n_passed;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PASSED]);
    }
}

void
rc_seal_audit_clear (RcSealAudit *self)
{
  g_return_if_fail (RC_IS_SEAL_AUDIT (self));

  for (GtkWidget *row; (row = gtk_widget_get_first_child (GTK_WIDGET (self->audit_list))) != NULL;)
    gtk_list_box_remove (self->audit_list, row);
  set_counts (self, 0, 0);
}

static GtkWidget *
create_detail_row (const RcSealVerdict *verdict)
{
  GtkWidget *detail = gtk_label_new (verdict->detail);
  GtkWidget *row = gtk_list_box_row_new ();

  /* Long details stay readable in full: wrapped and selectable, in a row of their own. */
  gtk_label_set_wrap (GTK_LABEL (detail), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (detail), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (detail), TRUE);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_set_margin_start (detail, 12);
  gtk_widget_set_margin_end (detail, 12);
  gtk_widget_set_margin_bottom (detail, 8);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), detail);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

void
rc_seal_audit_add (RcSealAudit *self, const RcSealProbe *probe, const RcSealVerdict *verdict)
{
  GtkWidget *row, *icon, *label;
  const char *css;

  g_return_if_fail (RC_IS_SEAL_AUDIT (self));
  g_return_if_fail (probe != NULL && verdict != NULL);

  row = adw_action_row_new ();
  css = verdict->not_run ? "warning" : verdict->passed ? "success" : "error";
  icon = gtk_image_new_from_icon_name (verdict->not_run  ? "action-unavailable-symbolic"
                                       : verdict->passed ? "emblem-ok-symbolic"
                                                         : "dialog-error-symbolic");
  label = gtk_label_new (verdict->not_run  ? _ ("not run")
                         : verdict->passed ? _ ("pass")
                                           : _ ("fail"));
  gtk_widget_add_css_class (icon, css);
  gtk_widget_add_css_class (label, css);
  gtk_widget_add_css_class (label, "heading");
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), probe->title);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  gtk_list_box_append (self->audit_list, row);
  gtk_list_box_append (self->audit_list, create_detail_row (verdict));
  set_counts (self, self->n_verdicts + 1, self->n_passed + (verdict->passed ? 1 : 0));
}

guint
rc_seal_audit_get_n_verdicts (RcSealAudit *self)
{
  g_return_val_if_fail (RC_IS_SEAL_AUDIT (self), 0);

  return self->n_verdicts;
}

guint
rc_seal_audit_get_n_passed (RcSealAudit *self)
{
  g_return_val_if_fail (RC_IS_SEAL_AUDIT (self), 0);

  return self->n_passed;
}

static void
rc_seal_audit_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RcSealAudit *self = RC_SEAL_AUDIT (object);

  switch (prop_id)
    {
    case PROP_N_VERDICTS:
      g_value_set_uint (value, self->n_verdicts);
      break;
    case PROP_N_PASSED:
      g_value_set_uint (value, self->n_passed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_seal_audit_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), RC_TYPE_SEAL_AUDIT);
  /* dispose_template() only unparents bound children; the scrolled window is not bound. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL;)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (rc_seal_audit_parent_class)->dispose (object);
}

static void
rc_seal_audit_class_init (RcSealAuditClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = rc_seal_audit_get_property;
  object_class->dispose = rc_seal_audit_dispose;

  properties[PROP_N_VERDICTS] = g_param_spec_uint ("n-verdicts", NULL, NULL, 0, G_MAXUINT, 0,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_PASSED] = g_param_spec_uint ("n-passed", NULL, NULL, 0, G_MAXUINT, 0,
                                                 G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-seal-audit.ui");
  gtk_widget_class_bind_template_child (widget_class, RcSealAudit, audit_list);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
rc_seal_audit_init (RcSealAudit *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
