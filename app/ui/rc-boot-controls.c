/* rc-boot-controls.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include "rc-boot-controls.h"

struct _RcBootControls
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkWidget *buttons;
  GtkToggleButton *flap_toggle;
  GtkWidget *stop_button;
};

G_DEFINE_FINAL_TYPE (RcBootControls, rc_boot_controls, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SETTINGS_REVEALED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

GtkWidget *
rc_boot_controls_new (void)
{
  return g_object_new (RC_TYPE_BOOT_CONTROLS, NULL);
}

void
rc_boot_controls_set_settings_revealed (RcBootControls *self, gboolean revealed)
{
  g_return_if_fail (RC_IS_BOOT_CONTROLS (self));

  /* The toggle's ::toggled notifies. */
  gtk_toggle_button_set_active (self->flap_toggle, revealed);
}

gboolean
rc_boot_controls_get_settings_revealed (RcBootControls *self)
{
  g_return_val_if_fail (RC_IS_BOOT_CONTROLS (self), FALSE);

  return gtk_toggle_button_get_active (self->flap_toggle);
}

static void
toggled_cb (RcBootControls *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SETTINGS_REVEALED]);
}

/* A red Stop says something runs: flat while there is nothing to stop (boot.stop disabled). */
static void
stop_sensitive_cb (RcBootControls *self)
{
  gboolean running = gtk_widget_get_sensitive (self->stop_button);

  if (running)
    {
      gtk_widget_remove_css_class (self->stop_button, "flat");
      gtk_widget_add_css_class (self->stop_button, "destructive-action");
    }
  else
    {
      gtk_widget_remove_css_class (self->stop_button, "destructive-action");
      gtk_widget_add_css_class (self->stop_button, "flat");
    }
}

static void
rc_boot_controls_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RcBootControls *self = RC_BOOT_CONTROLS (object);

  switch (prop_id)
    {
    case PROP_SETTINGS_REVEALED:
      g_value_set_boolean (value, rc_boot_controls_get_settings_revealed (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_boot_controls_set_property (GObject *object, guint prop_id, const GValue *value,
                               GParamSpec *pspec)
{
  RcBootControls *self = RC_BOOT_CONTROLS (object);

  switch (prop_id)
    {
    case PROP_SETTINGS_REVEALED:
      rc_boot_controls_set_settings_revealed (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_boot_controls_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), RC_TYPE_BOOT_CONTROLS);
  G_OBJECT_CLASS (rc_boot_controls_parent_class)->dispose (object);
}

static void
rc_boot_controls_class_init (RcBootControlsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = rc_boot_controls_get_property;
  object_class->set_property = rc_boot_controls_set_property;
  object_class->dispose = rc_boot_controls_dispose;

  properties[PROP_SETTINGS_REVEALED] =
      g_param_spec_boolean ("settings-revealed", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-boot-controls.ui");
  gtk_widget_class_bind_template_child (widget_class, RcBootControls, buttons);
  gtk_widget_class_bind_template_child (widget_class, RcBootControls, flap_toggle);
  gtk_widget_class_bind_template_child (widget_class, RcBootControls, stop_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
rc_boot_controls_init (RcBootControls *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_swapped (self->flap_toggle, "toggled", G_CALLBACK (toggled_cb), self);
  g_signal_connect_swapped (self->stop_button, "notify::sensitive", G_CALLBACK (stop_sensitive_cb),
                            self);
  stop_sensitive_cb (self);
}
