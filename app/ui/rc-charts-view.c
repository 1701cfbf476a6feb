/* rc-charts-view.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/chart/rc-chart-bytes.h"
#include "core/analysis/rc-preload-sim.h"
#include "core/chart/rc-charts.h"
#include "rc-charts-view.h"

struct _RcChartsView
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkStack *stack;
  RcChart *charts[RC_CHART_N_KINDS];
  RcMeasurement *report;
  RcMeasurement *other;
  char *other_label;
  GtkWidget *delay_box;      /* the model's first turn, on the timeline's page only */
  GtkSpinButton *delay_spin; /* seconds */
};

G_DEFINE_FINAL_TYPE (RcChartsView, rc_charts_view, GTK_TYPE_WIDGET)

enum
{
  STEP_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
rebuild (RcChartsView *self)
{
  /* the timeline's reader-waits lanes take the model delay the window shows */
  if (self->report != NULL)
    self->report->model_delay_ms = gtk_spin_button_get_value (self->delay_spin) * 1000;
  for (RcChartKind k = 0; k < RC_CHART_N_KINDS; k++)
    rc_chart_set_model (self->charts[k],
                        k == RC_CHART_COMPARE
                            ? rc_chart_compare_build_labelled (self->report, self->other,
                                                               _ ("these runs"), self->other_label)
                            : rc_chart_model_build (k, self->report, NULL,
                                                    rc_chart_memory_limit_bytes (self->report)));
}

static RcChart *
visible_chart (RcChartsView *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->stack);
  RcChartKind kind = RC_CHART_TIMELINE;

  rc_chart_kind_from_string (name, &kind);
  return self->charts[kind];
}

static void
export_response_cb (GtkNativeDialog *dialog, int response, RcChartsView *self)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      path = file != NULL ? g_file_get_path (file) : NULL;
      if (path != NULL && !rc_chart_save (visible_chart (self), path, 0, 0, &error))
        g_warning ("%s", error->message);
    }
  g_object_unref (dialog);
}

static void
export_action (GtkWidget *widget, const char *action, GVariant *param)
{
  RcChartsView *self = RC_CHARTS_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      _ ("Export Chart"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
      GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), _ ("_Cancel"));
  g_autofree char *name =
      g_strdup_printf ("%s.%s", rc_chart_kind_to_string (rc_chart_get_kind (visible_chart (self))),
                       g_variant_get_string (param, NULL));

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_signal_connect (dialog, "response", G_CALLBACK (export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
compare_response_cb (GtkNativeDialog *dialog, int response, RcChartsView *self)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  RcMeasurement *other;

  if (response == GTK_RESPONSE_ACCEPT
      && (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog))) != NULL
      && (path = g_file_get_path (file)) != NULL)
    {
      g_autofree char *base = g_path_get_basename (path);

      if ((other = rc_measurement_load (path, &error)) == NULL)
        g_warning ("%s", error->message);
      else
        {
          rc_charts_view_set_other_report (self, other, base);
          rc_charts_view_show (self, RC_CHART_COMPARE);
        }
    }
  g_object_unref (dialog);
}

static void
compare_action (GtkWidget *widget, const char *action, GVariant *param)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      _ ("Compare With a Saved Report"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
      GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));

  g_signal_connect (dialog, "response", G_CALLBACK (compare_response_cb), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
step_activated_cb (RcChart *chart, const char *key, RcChartsView *self)
{
  g_signal_emit (self, signals[STEP_ACTIVATED], 0, key);
}

static void
delay_changed_cb (RcChartsView *self)
{
  if (self->report == NULL)
    return;
  self->report->model_delay_ms = gtk_spin_button_get_value (self->delay_spin) * 1000;
  rc_chart_set_model (self->charts[RC_CHART_TIMELINE],
                      rc_chart_model_build (RC_CHART_TIMELINE, self->report, NULL, -1));
}

static void
page_changed_cb (RcChartsView *self)
{
  gtk_widget_set_visible (self->delay_box, visible_chart (self) == self->charts[RC_CHART_TIMELINE]);
}

/* "Model's turn [8.1] s": what the reader-waits lanes assume the model takes before its first
 * tool call (measure --model-delay in the CLI). */
static GtkWidget *
build_delay (RcChartsView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (_ ("_Model’s turn"));

  gtk_widget_set_halign (box, GTK_ALIGN_END);
  GtkWidget *unit = gtk_label_new (_ ("s"));

  self->delay_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 600, 0.5));
  gtk_spin_button_set_digits (self->delay_spin, 1);
  gtk_spin_button_set_value (self->delay_spin, RC_PRELOAD_SIM_DEFAULT_MODEL_DELAY_MS / 1000);
  gtk_widget_set_valign (GTK_WIDGET (self->delay_spin), GTK_ALIGN_CENTER);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->delay_spin));
  gtk_widget_set_tooltip_text (
      box, _ ("How long the model takes before its first tool call: the reader-waits lanes "
              "under the timeline compare each preload_on value against it"));
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->delay_spin));
  gtk_box_append (GTK_BOX (box), unit);
  g_signal_connect_swapped (self->delay_spin, "value-changed", G_CALLBACK (delay_changed_cb), self);
  self->delay_box = box;
  return box;
}

static GtkWidget *
build_bar (RcChartsView *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *switcher = gtk_stack_switcher_new ();
  GtkWidget *more = gtk_menu_button_new ();
  g_autoptr (GMenu) menu = g_menu_new ();

  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), self->stack);
  gtk_widget_set_hexpand (switcher, TRUE);
  gtk_widget_set_halign (switcher, GTK_ALIGN_START);
  g_menu_append (menu, _ ("_Compare With…"), "charts.compare");
  g_menu_append (menu, _ ("Export _PNG…"), "charts.export::png");
  g_menu_append (menu, _ ("Export _SVG…"), "charts.export::svg");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (more), G_MENU_MODEL (menu));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (more), "view-more-symbolic");
  gtk_widget_set_tooltip_text (more, _ ("Compare and Export"));
  gtk_box_append (GTK_BOX (bar), switcher);
  gtk_box_append (GTK_BOX (bar), more);
  return bar;
}

static void
rc_charts_view_dispose (GObject *object)
{
  RcChartsView *self = RC_CHARTS_VIEW (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->report, rc_measurement_free);
  g_clear_pointer (&self->other, rc_measurement_free);
  g_clear_pointer (&self->other_label, g_free);
  G_OBJECT_CLASS (rc_charts_view_parent_class)->dispose (object);
}

static void
rc_charts_view_class_init (RcChartsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rc_charts_view_dispose;
  signals[STEP_ACTIVATED] =
      g_signal_new ("step-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_install_action (widget_class, "charts.export", "s", export_action);
  gtk_widget_class_install_action (widget_class, "charts.compare", NULL, compare_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "chartsview");
}

static void
rc_charts_view_init (RcChartsView *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_vhomogeneous (self->stack, FALSE);
  for (RcChartKind k = 0; k < RC_CHART_N_KINDS; k++)
    {
      GtkStackPage *page;

      self->charts[k] = RC_CHART (rc_chart_new (k));
      g_signal_connect (self->charts[k], "step-activated", G_CALLBACK (step_activated_cb), self);
      page = gtk_stack_add_titled (self->stack, GTK_WIDGET (self->charts[k]),
                                   rc_chart_kind_to_string (k), rc_chart_kind_label (k));
      (void) page;
    }
  gtk_box_append (GTK_BOX (self->box), build_bar (self));
  /* a row of its own: beside the five tabs it made the window wider than 800 px */
  gtk_box_append (GTK_BOX (self->box), build_delay (self));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->stack));
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  g_signal_connect_swapped (self->stack, "notify::visible-child", G_CALLBACK (page_changed_cb),
                            self);
}

GtkWidget *
rc_charts_view_new (void)
{
  return g_object_new (RC_TYPE_CHARTS_VIEW, NULL);
}

void
rc_charts_view_set_runs (RcChartsView *self, GPtrArray *runs)
{
  g_return_if_fail (RC_IS_CHARTS_VIEW (self));

  g_clear_pointer (&self->report, rc_measurement_free);
  if (runs != NULL && runs->len > 0)
    {
      const RcRunRecord *first = g_ptr_array_index (runs, 0);

      self->report = rc_measurement_new (first->env.community);
      for (guint i = 0; i < runs->len; i++)
        rc_measurement_add_run (self->report, rc_run_record_copy (g_ptr_array_index (runs, i)));
    }
  rebuild (self);
}

void
rc_charts_view_set_other_report (RcChartsView *self, RcMeasurement *other, const char *label)
{
  g_return_if_fail (RC_IS_CHARTS_VIEW (self));

  g_clear_pointer (&self->other, rc_measurement_free);
  self->other = other;
  g_free (self->other_label);
  self->other_label = g_strdup (label);
  rebuild (self);
}

RcChart *
rc_charts_view_get_chart (RcChartsView *self, RcChartKind kind)
{
  g_return_val_if_fail (RC_IS_CHARTS_VIEW (self) && kind < RC_CHART_N_KINDS, NULL);

  return self->charts[kind];
}

void
rc_charts_view_show (RcChartsView *self, RcChartKind kind)
{
  g_return_if_fail (RC_IS_CHARTS_VIEW (self) && kind < RC_CHART_N_KINDS);

  gtk_stack_set_visible_child (self->stack, GTK_WIDGET (self->charts[kind]));
}

void
rc_charts_view_set_model_delay (RcChartsView *self, double ms)
{
  g_return_if_fail (RC_IS_CHARTS_VIEW (self));

  gtk_spin_button_set_value (self->delay_spin, ms / 1000);
}

double
rc_charts_view_get_model_delay (RcChartsView *self)
{
  g_return_val_if_fail (RC_IS_CHARTS_VIEW (self), 0);

  return gtk_spin_button_get_value (self->delay_spin) * 1000;
}
