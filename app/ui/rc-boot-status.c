/* rc-boot-status.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-boot-status.h"

struct _RcBootStatus
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkImage *state_icon;
  GtkLabel *phase_label;
  GtkLabel *step_label;
  GtkLabel *elapsed_label;
  GtkProgressBar *progress_bar;
  GtkLabel *control_label;
  GtkLabel *distribution_label;
  GtkWidget *diagnosis_scroller;
  GtkLabel *diagnosis_label;

  RcBootTone tone;
  gboolean control_failed;
  char *distribution;
  double deadline_seconds;
  gint64 clock_started_us;
  guint clock_id;
};

G_DEFINE_ENUM_TYPE (RcBootTone, rc_boot_tone, G_DEFINE_ENUM_VALUE (RC_BOOT_TONE_NEUTRAL, "neutral"),
                    G_DEFINE_ENUM_VALUE (RC_BOOT_TONE_SUCCESS, "success"),
                    G_DEFINE_ENUM_VALUE (RC_BOOT_TONE_ERROR, "error"))

G_DEFINE_FINAL_TYPE (RcBootStatus, rc_boot_status, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_ICON_NAME,
  PROP_TITLE,
  PROP_TONE,
  PROP_STEP_TEXT,
  PROP_FRACTION,
  PROP_DIAGNOSIS,
  PROP_CONTROL_TEXT,
  PROP_CONTROL_FAILED,
  PROP_DISTRIBUTION,
  PROP_DEADLINE_SECONDS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

GtkWidget *
rc_boot_status_new (void)
{
  return g_object_new (RC_TYPE_BOOT_STATUS, NULL);
}

static void
set_icon_name (RcBootStatus *self, const char *icon_name)
{
  gtk_image_set_from_icon_name (self->state_icon, icon_name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ICON_NAME]);
}

static void
set_tone (RcBootStatus *self, RcBootTone tone)
{
  GtkWidget *label = GTK_WIDGET (self->phase_label);

  if (self->tone == tone)
    return;
  self->tone = tone;
  gtk_widget_remove_css_class (label, "error");
  gtk_widget_remove_css_class (label, "success");
  if (tone == RC_BOOT_TONE_ERROR)
    gtk_widget_add_css_class (label, "error");
  else if (tone == RC_BOOT_TONE_SUCCESS)
    gtk_widget_add_css_class (label, "success");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TONE]);
}

void
rc_boot_status_set_title (RcBootStatus *self, const char *title)
{
  g_return_if_fail (RC_IS_BOOT_STATUS (self));

  gtk_label_set_label (self->phase_label, title != NULL ? title : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

void
rc_boot_status_set_step_text (RcBootStatus *self, const char *step_text)
{
  g_return_if_fail (RC_IS_BOOT_STATUS (self));

  gtk_label_set_label (self->step_label, step_text != NULL ? step_text : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP_TEXT]);
}

void
rc_boot_status_set_fraction (RcBootStatus *self, double fraction)
{
  g_return_if_fail (RC_IS_BOOT_STATUS (self));

  gtk_progress_bar_set_fraction (self->progress_bar, CLAMP (fraction, 0, 1));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
}

double
rc_boot_status_get_fraction (RcBootStatus *self)
{
  g_return_val_if_fail (RC_IS_BOOT_STATUS (self), 0);

  return gtk_progress_bar_get_fraction (self->progress_bar);
}

void
rc_boot_status_set_diagnosis (RcBootStatus *self, const char *diagnosis)
{
  g_return_if_fail (RC_IS_BOOT_STATUS (self));

  gtk_label_set_label (self->diagnosis_label, diagnosis != NULL ? diagnosis : "");
  gtk_widget_set_visible (self->diagnosis_scroller, diagnosis != NULL && diagnosis[0] != '\0');
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIAGNOSIS]);
}

void
rc_boot_status_show (RcBootStatus *self, const char *icon_name, RcBootTone tone, const char *title,
                     double fraction)
{
  g_return_if_fail (RC_IS_BOOT_STATUS (self));

  g_object_freeze_notify (G_OBJECT (self));
  set_tone (self, tone);
  set_icon_name (self, icon_name);
  rc_boot_status_set_title (self, title);
  rc_boot_status_set_step_text (self, NULL);
  gtk_label_set_label (self->elapsed_label, "");
  rc_boot_status_set_fraction (self, fraction);
  rc_boot_status_set_diagnosis (self, NULL);
  g_object_thaw_notify (G_OBJECT (self));
}

void
rc_boot_status_set_control (RcBootStatus *self, const char *text, gboolean failed)
{
  g_return_if_fail (RC_IS_BOOT_STATUS (self));

  gtk_label_set_label (self->control_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->control_label), text != NULL && text[0] != '\0');
  self->control_failed = failed;
  if (failed)
    gtk_widget_add_css_class (GTK_WIDGET (self->control_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->control_label), "error");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTROL_TEXT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTROL_FAILED]);
}

const char *
rc_boot_status_get_control_text (RcBootStatus *self)
{
  g_return_val_if_fail (RC_IS_BOOT_STATUS (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->control_label))
             ? gtk_label_get_label (self->control_label)
             : "";
}

void
rc_boot_status_set_distribution (RcBootStatus *self, const char *distribution)
{
  g_autofree char *line = NULL;

  g_return_if_fail (RC_IS_BOOT_STATUS (self));

  g_free (self->distribution);
  self->distribution = g_strdup (distribution);
  /* Translators: the status card's line naming the Pyodide distribution boots use. */
  line = g_strdup_printf (_ ("Distribution: %s"), distribution != NULL ? distribution : "");
  gtk_label_set_label (self->distribution_label, line);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISTRIBUTION]);
}

const char *
rc_boot_status_get_distribution_text (RcBootStatus *self)
{
  g_return_val_if_fail (RC_IS_BOOT_STATUS (self), NULL);

  return gtk_label_get_label (self->distribution_label);
}

void
rc_boot_status_set_deadline_seconds (RcBootStatus *self, double seconds)
{
  g_return_if_fail (RC_IS_BOOT_STATUS (self));

  if (self->deadline_seconds == seconds)
    return;
  self->deadline_seconds = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEADLINE_SECONDS]);
}

static gboolean
clock_cb (gpointer user_data)
{
  RcBootStatus *self = user_data;
  double elapsed = (g_get_monotonic_time () - self->clock_started_us) / 1e6;
  /* Translators: time into a boot against its deadline, "12 s of 120 s". */
  g_autofree char *text = g_strdup_printf (_ ("%.0f s of %.0f s"), elapsed, self->deadline_seconds);

  gtk_label_set_label (self->elapsed_label, text);
  return G_SOURCE_CONTINUE;
}

void
rc_boot_status_start_clock (RcBootStatus *self)
{
  g_return_if_fail (RC_IS_BOOT_STATUS (self));

  self->clock_started_us = g_get_monotonic_time ();
  g_clear_handle_id (&self->clock_id, g_source_remove);
  self->clock_id = g_timeout_add_seconds (1, clock_cb, self);
  clock_cb (self);
}

void
rc_boot_status_stop_clock (RcBootStatus *self)
{
  g_return_if_fail (RC_IS_BOOT_STATUS (self));

  /* The last reading stays: how long the boot took against its deadline. */
  g_clear_handle_id (&self->clock_id, g_source_remove);
}

char *
rc_boot_status_dup_text (RcBootStatus *self)
{
  g_return_val_if_fail (RC_IS_BOOT_STATUS (self), NULL);

  if (!gtk_widget_get_visible (self->diagnosis_scroller))
    return g_strdup_printf ("%s %s", gtk_label_get_label (self->phase_label),
                            gtk_label_get_label (self->step_label));
  return g_strdup_printf ("%s\n%s", gtk_label_get_label (self->phase_label),
                          gtk_label_get_label (self->diagnosis_label));
}

static void
rc_boot_status_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RcBootStatus *self = RC_BOOT_STATUS (object);

  switch (prop_id)
    {
    case PROP_ICON_NAME:
      g_value_set_string (value, gtk_image_get_icon_name (self->state_icon));
      break;
    case PROP_TITLE:
      g_value_set_string (value, gtk_label_get_label (self->phase_label));
      break;
    case PROP_TONE:
      g_value_set_enum (value, self->tone);
      break;
    case PROP_STEP_TEXT:
      g_value_set_string (value, gtk_label_get_label (self->step_label));
      break;
    case PROP_FRACTION:
      g_value_set_double (value, gtk_progress_bar_get_fraction (self->progress_bar));
      break;
    case PROP_DIAGNOSIS:
      g_value_set_string (value, gtk_label_get_label (self->diagnosis_label));
      break;
    case PROP_CONTROL_TEXT:
      g_value_set_string (value, rc_boot_status_get_control_text (self));
      break;
    case PROP_CONTROL_FAILED:
      g_value_set_boolean (value, self->control_failed);
      break;
    case PROP_DISTRIBUTION:
      g_value_set_string (value, self->distribution);
      break;
    case PROP_DEADLINE_SECONDS:
      g_value_set_double (value, self->deadline_seconds);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_boot_status_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  RcBootStatus *self = RC_BOOT_STATUS (object);

  switch (prop_id)
    {
    case PROP_ICON_NAME:
      set_icon_name (self, g_value_get_string (value));
      break;
    case PROP_TITLE:
      rc_boot_status_set_title (self, g_value_get_string (value));
      break;
    case PROP_TONE:
      set_tone (self, g_value_get_enum (value));
      break;
    case PROP_STEP_TEXT:
      rc_boot_status_set_step_text (self, g_value_get_string (value));
      break;
    case PROP_FRACTION:
      rc_boot_status_set_fraction (self, g_value_get_double (value));
      break;
    case PROP_DIAGNOSIS:
      rc_boot_status_set_diagnosis (self, g_value_get_string (value));
      break;
    case PROP_CONTROL_TEXT:
      rc_boot_status_set_control (self, g_value_get_string (value), self->control_failed);
      break;
    case PROP_CONTROL_FAILED:
      rc_boot_status_set_control (self, gtk_label_get_label (self->control_label),
                                  g_value_get_boolean (value));
      break;
    case PROP_DISTRIBUTION:
      rc_boot_status_set_distribution (self, g_value_get_string (value));
      break;
    case PROP_DEADLINE_SECONDS:
      rc_boot_status_set_deadline_seconds (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_boot_status_dispose (GObject *object)
{
  RcBootStatus *self = RC_BOOT_STATUS (object);

  g_clear_handle_id (&self->clock_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), RC_TYPE_BOOT_STATUS);
  /* dispose_template() only unparents bound children; the card is not bound. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (rc_boot_status_parent_class)->dispose (object);
}

static void
rc_boot_status_finalize (GObject *object)
{
  RcBootStatus *self = RC_BOOT_STATUS (object);

  g_free (self->distribution);
  G_OBJECT_CLASS (rc_boot_status_parent_class)->finalize (object);
}

static void
rc_boot_status_class_init (RcBootStatusClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = rc_boot_status_get_property;
  object_class->set_property = rc_boot_status_set_property;
  object_class->dispose = rc_boot_status_dispose;
  object_class->finalize = rc_boot_status_finalize;

  properties[PROP_ICON_NAME] = g_param_spec_string ("icon-name", NULL, NULL, NULL, flags);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties[PROP_TONE] =
      g_param_spec_enum ("tone", NULL, NULL, RC_TYPE_BOOT_TONE, RC_BOOT_TONE_NEUTRAL, flags);
  properties[PROP_STEP_TEXT] = g_param_spec_string ("step-text", NULL, NULL, NULL, flags);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0, flags);
  properties[PROP_DIAGNOSIS] = g_param_spec_string ("diagnosis", NULL, NULL, NULL, flags);
  properties[PROP_CONTROL_TEXT] = g_param_spec_string ("control-text", NULL, NULL, NULL, flags);
  properties[PROP_CONTROL_FAILED] =
      g_param_spec_boolean ("control-failed", NULL, NULL, FALSE, flags);
  properties[PROP_DISTRIBUTION] = g_param_spec_string ("distribution", NULL, NULL, NULL, flags);
  properties[PROP_DEADLINE_SECONDS] =
      g_param_spec_double ("deadline-seconds", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-boot-status.ui");
  gtk_widget_class_bind_template_child (widget_class, RcBootStatus, state_icon);
  gtk_widget_class_bind_template_child (widget_class, RcBootStatus, phase_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootStatus, step_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootStatus, elapsed_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootStatus, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, RcBootStatus, control_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootStatus, distribution_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootStatus, diagnosis_scroller);
  gtk_widget_class_bind_template_child (widget_class, RcBootStatus, diagnosis_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
rc_boot_status_init (RcBootStatus *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
