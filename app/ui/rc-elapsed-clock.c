/* rc-elapsed-clock.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/base/rc-format.h"
#include "rc-elapsed-clock.h"

struct _RcElapsedClock
{
  GtkWidget parent_instance;

  GtkLabel *label;
  gint64 started_us;
  guint tick_id;
};

G_DEFINE_FINAL_TYPE (RcElapsedClock, rc_elapsed_clock, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
tick_cb (gpointer user_data)
{
  RcElapsedClock *self = user_data;
  g_autofree char *text =
      rc_format_clock ((g_get_monotonic_time () - self->started_us) / G_USEC_PER_SEC);

  gtk_label_set_label (self->label, text);
  return G_SOURCE_CONTINUE;
}

void
rc_elapsed_clock_start (RcElapsedClock *self)
{
  g_return_if_fail (RC_IS_ELAPSED_CLOCK (self));

  self->started_us = g_get_monotonic_time ();
  g_clear_handle_id (&self->tick_id, g_source_remove);
  /* whole seconds: one redraw a second, never a frame-clock animation */
  self->tick_id = g_timeout_add_seconds (1, tick_cb, self);
  tick_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
rc_elapsed_clock_stop (RcElapsedClock *self)
{
  g_return_if_fail (RC_IS_ELAPSED_CLOCK (self));

  if (self->tick_id == 0)
    return;
  tick_cb (self);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

gboolean
rc_elapsed_clock_get_running (RcElapsedClock *self)
{
  g_return_val_if_fail (RC_IS_ELAPSED_CLOCK (self), FALSE);
  return self->tick_id != 0;
}

const char *
rc_elapsed_clock_get_text (RcElapsedClock *self)
{
  g_return_val_if_fail (RC_IS_ELAPSED_CLOCK (self), NULL);
  return gtk_label_get_label (self->label);
}

GtkWidget *
rc_elapsed_clock_new (void)
{
  return g_object_new (RC_TYPE_ELAPSED_CLOCK, NULL);
}

static void
rc_elapsed_clock_dispose (GObject *object)
{
  RcElapsedClock *self = RC_ELAPSED_CLOCK (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (self->label != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->label));
  self->label = NULL;
  G_OBJECT_CLASS (rc_elapsed_clock_parent_class)->dispose (object);
}

static void
rc_elapsed_clock_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RcElapsedClock *self = RC_ELAPSED_CLOCK (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, rc_elapsed_clock_get_running (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_elapsed_clock_class_init (RcElapsedClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rc_elapsed_clock_dispose;
  object_class->get_property = rc_elapsed_clock_get_property;
  properties[PROP_RUNNING] =
      g_param_spec_boolean ("running", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "elapsedclock");
}

static void
rc_elapsed_clock_init (RcElapsedClock *self)
{
  self->label = GTK_LABEL (gtk_label_new ("0:00"));
  gtk_widget_add_css_class (GTK_WIDGET (self->label), "numeric");
  gtk_widget_add_css_class (GTK_WIDGET (self->label), "dim-label");
  /* Translators: tooltip of the "1:42" clock beside a run of boots */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), _ ("Time since the run started"));
  gtk_widget_set_parent (GTK_WIDGET (self->label), GTK_WIDGET (self));
}
