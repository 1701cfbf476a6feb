/* rc-boot-results.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "core/analysis/rc-run-stats.h"
#include "core/base/rc-format.h"
#include "rc-boot-results.h"
#include "rc-charts-view.h"
#include "rc-run-tables.h"
#include "rc-table-item.h"

struct _RcBootResults
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkStack *results_stack;
  GtkLabel *headline_label;
  GtkDropDown *run_dropdown;
  GtkStack *steps_stack;
  RcChartsView *charts;
  GtkColumnView *steps_view;
  GtkStack *requests_stack;
  GtkLabel *requests_totals;
  GtkCheckButton *tunnels_check;
  GtkColumnView *requests_view;
  GtkStack *violations_stack;
  GtkColumnView *violations_view;
  RcPythonConsole *python_console;
  RcSealAudit *seal_audit;

  const RcMeasurement *report; /* borrowed from the pane */
  GtkStringList *run_ids;      /* the run selector's items: report->runs' ids */
  GListStore *steps;
  GListStore *requests;
  GListStore *violations;
};

G_DEFINE_FINAL_TYPE (RcBootResults, rc_boot_results, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_PAGE,
  PROP_SELECTED_RUN,
  PROP_SHOW_TUNNELS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

GtkWidget *
rc_boot_results_new (void)
{
  return g_object_new (RC_TYPE_BOOT_RESULTS, NULL);
}

/* The selected run */

static const RcRunRecord *
find_run (const RcMeasurement *report, RcScenario scenario, guint index)
{
  for (guint i = 0; report != NULL && i < report->runs->len; i++)
    {
      const RcRunRecord *run = g_ptr_array_index (report->runs, i);

      if (run->scenario == scenario && run->index == index)
        return run;
    }
  return NULL;
}

static const RcRunRecord *
selected_run (RcBootResults *self)
{
  guint i = gtk_drop_down_get_selected (self->run_dropdown);

  if (self->report == NULL || i == GTK_INVALID_LIST_POSITION || i >= self->report->runs->len)
    return NULL;
  return g_ptr_array_index (self->report->runs, i);
}

const char *
rc_boot_results_get_selected_run (RcBootResults *self)
{
  const RcRunRecord *run;

  g_return_val_if_fail (RC_IS_BOOT_RESULTS (self), NULL);

  run = selected_run (self);
  return run != NULL ? run->run_id : NULL;
}

static void
show_selected_run (RcBootResults *self)
{
  const RcRunRecord *run = selected_run (self);
  const RcRunRecord *cold = NULL, *warm = NULL;
  g_autofree char *totals = NULL;

  /* The step table puts the selected run next to its repetition's other scenario. */
  if (run != NULL && rc_scenario_is_warm (run->scenario))
    {
      warm = run;
      cold = find_run (self->report, RC_SCENARIO_COLD, run->index);
    }
  else if (run != NULL)
    {
      cold = run;
      warm = find_run (self->report, RC_SCENARIO_WARM, run->index);
    }
  rc_run_tables_fill_steps (self->steps, cold, warm);
  /* The charts draw the whole report (medians, every run), not only the selected one. */
  rc_charts_view_set_runs (self->charts, self->report != NULL ? self->report->runs : NULL);
  totals = rc_run_tables_fill_requests (self->requests, run,
                                        gtk_check_button_get_active (self->tunnels_check));
  gtk_label_set_label (self->requests_totals, totals != NULL ? totals : "");
  rc_run_tables_fill_violations (self->violations, run);
  gtk_stack_set_visible_child_name (self->steps_stack, run != NULL ? "table" : "empty");
  gtk_stack_set_visible_child_name (self->requests_stack, run != NULL ? "table" : "empty");
  gtk_stack_set_visible_child_name (self->violations_stack,
                                    run != NULL && run->violations->len > 0 ? "table" : "empty");
}

static void
run_selected_cb (RcBootResults *self)
{
  show_selected_run (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_RUN]);
}

gboolean
rc_boot_results_select_run (RcBootResults *self, const char *run_id)
{
  g_return_val_if_fail (RC_IS_BOOT_RESULTS (self), FALSE);

  for (guint i = 0; self->report != NULL && i < self->report->runs->len; i++)
    if (g_strcmp0 (((RcRunRecord *) g_ptr_array_index (self->report->runs, i))->run_id, run_id)
        == 0)
      {
        gtk_drop_down_set_selected (self->run_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

/* The report */

static void
append_headline (GString *out, const RcMeasurement *report, RcScenario scenario)
{
  g_autoptr (RcRunStats) stats = rc_measurement_stats (report, scenario);
  g_autofree char *median = NULL, *min = NULL, *max = NULL;

  if (stats == NULL || stats->runs == 0)
    return;
  median = rc_format_duration_ms (stats->boot_ms.median);
  min = rc_format_duration_ms (stats->boot_ms.min);
  max = rc_format_duration_ms (stats->boot_ms.max);
  if (out->len > 0)
    g_string_append (out, "   ");
  if (stats->runs == 1)
    /* Translators: the headline of one scenario, "cold: 12.30 s". */
    g_string_append_printf (out, _ ("%s: %s"), rc_scenario_to_string (scenario), median);
  else
    /* Translators: "cold: median 12.30 s (11.90 s–13.00 s), 5 runs". */
    g_string_append_printf (out, _ ("%s: median %s (%s–%s), %u runs"),
                            rc_scenario_to_string (scenario), median, min, max, stats->runs);
  if (stats->failed > 0)
    g_string_append_printf (out, ngettext (", %u failed", ", %u failed", stats->failed),
                            stats->failed);
}

static void
show_headline (RcBootResults *self, const char *source)
{
  g_autoptr (GString) headline = g_string_new (NULL);

  if (self->report != NULL)
    {
      g_autoptr (GArray) scenarios = rc_measurement_scenarios (self->report);

      for (guint i = 0; i < scenarios->len; i++)
        append_headline (headline, self->report, g_array_index (scenarios, RcScenario, i));
    }
  if (source != NULL)
    {
      g_autofree char *base = g_path_get_basename (source);

      /* The headline of a report opened from a file starts with the file's name. */
      g_string_prepend (headline, " · ");
      g_string_prepend (headline, base);
    }
  gtk_label_set_label (self->headline_label, headline->str);
  gtk_widget_set_visible (GTK_WIDGET (self->headline_label), headline->len > 0);
}

void
rc_boot_results_set_report (RcBootResults *self, const RcMeasurement *report, const char *source)
{
  guint n = report != NULL ? report->runs->len : 0;
  guint old;
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();

  g_return_if_fail (RC_IS_BOOT_RESULTS (self));

  self->report = report;
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (ids, ((RcRunRecord *) g_ptr_array_index (report->runs, i))->run_id);
  g_ptr_array_add (ids, NULL);
  /* The selector's own notify::selected would show a half-updated list: quiet while splicing. */
  g_signal_handlers_block_by_func (self->run_dropdown, run_selected_cb, self);
  old = g_list_model_get_n_items (G_LIST_MODEL (self->run_ids));
  gtk_string_list_splice (self->run_ids, 0, old, (const char *const *) ids->pdata);
  /* The newest run is the one to look at. */
  gtk_drop_down_set_selected (self->run_dropdown, n > 0 ? n - 1 : GTK_INVALID_LIST_POSITION);
  g_signal_handlers_unblock_by_func (self->run_dropdown, run_selected_cb, self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->run_dropdown), n > 1);
  gtk_widget_set_visible (GTK_WIDGET (self->run_dropdown), n > 0);
  show_headline (self, source);
  /* an opened report brings the model delay it was measured with (measure --model-delay) */
  if (report != NULL && source != NULL)
    rc_charts_view_set_model_delay (self->charts, report->model_delay_ms);
  run_selected_cb (self);
}

void
rc_boot_results_show_live_steps (RcBootResults *self, const RcRunRecord *cold,
                                 const RcRunRecord *warm)
{
  g_return_if_fail (RC_IS_BOOT_RESULTS (self));

  rc_run_tables_fill_steps (self->steps, cold, warm);
}

void
rc_boot_results_show_live_violations (RcBootResults *self, const RcRunRecord *record)
{
  g_return_if_fail (RC_IS_BOOT_RESULTS (self));

  rc_run_tables_fill_violations (self->violations, record);
}

/* Pages */

void
rc_boot_results_set_page (RcBootResults *self, const char *page)
{
  g_return_if_fail (RC_IS_BOOT_RESULTS (self));
  g_return_if_fail (page != NULL);

  gtk_stack_set_visible_child_name (self->results_stack, page);
}

const char *
rc_boot_results_get_page (RcBootResults *self)
{
  g_return_val_if_fail (RC_IS_BOOT_RESULTS (self), NULL);

  return gtk_stack_get_visible_child_name (self->results_stack);
}

GListModel *
rc_boot_results_get_steps (RcBootResults *self)
{
  g_return_val_if_fail (RC_IS_BOOT_RESULTS (self), NULL);

  return G_LIST_MODEL (self->steps);
}

GListModel *
rc_boot_results_get_requests (RcBootResults *self)
{
  g_return_val_if_fail (RC_IS_BOOT_RESULTS (self), NULL);

  return G_LIST_MODEL (self->requests);
}

RcPythonConsole *
rc_boot_results_get_console (RcBootResults *self)
{
  g_return_val_if_fail (RC_IS_BOOT_RESULTS (self), NULL);

  return self->python_console;
}

RcSealAudit *
rc_boot_results_get_seal_audit (RcBootResults *self)
{
  g_return_val_if_fail (RC_IS_BOOT_RESULTS (self), NULL);

  return self->seal_audit;
}

/* The step table */

/* GTK 4.8's GtkColumnView has no scroll_to(): its list view has the action. */
static void
scroll_to_step (RcBootResults *self, guint position)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->steps_view)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LIST_VIEW (c))
      gtk_widget_activate_action (c, "list.scroll-to-item", "u", position);
}

gboolean
rc_boot_results_select_step (RcBootResults *self, const char *step_key)
{
  GtkSingleSelection *selection;

  g_return_val_if_fail (RC_IS_BOOT_RESULTS (self), FALSE);
  g_return_val_if_fail (step_key != NULL, FALSE);

  selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (self->steps_view));
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->steps)); i++)
    {
      g_autoptr (RcTableItem) item = g_list_model_get_item (G_LIST_MODEL (self->steps), i);

      if (g_strcmp0 (rc_table_item_get_cell (item, RC_RUN_TABLES_STEP_KEY_CELL), step_key) == 0)
        {
          gtk_single_selection_set_selected (selection, i);
          /* Bring the row into view; the Steps tab may be behind another one. */
          rc_boot_results_set_page (self, "steps");
          scroll_to_step (self, i);
          return TRUE;
        }
    }
  gtk_single_selection_set_selected (selection, GTK_INVALID_LIST_POSITION);
  return FALSE;
}

guint
rc_boot_results_get_selected_step (RcBootResults *self)
{
  g_return_val_if_fail (RC_IS_BOOT_RESULTS (self), GTK_INVALID_LIST_POSITION);

  return gtk_single_selection_get_selected (
      GTK_SINGLE_SELECTION (gtk_column_view_get_model (self->steps_view)));
}

static void
chart_step_activated_cb (RcBootResults *self, const char *step_key)
{
  rc_boot_results_select_step (self, step_key);
}

static GtkSelectionModel *
new_selection (RcBootResults *self, GtkColumnView *view, GListStore *store)
{
  GListModel *model = G_LIST_MODEL (g_object_ref (store));
  GtkSingleSelection *single;

  if (view != self->steps_view)
    return GTK_SELECTION_MODEL (gtk_no_selection_new (model));
  /* The step table selects the step a chart mark was clicked for; nothing until then. */
  single = gtk_single_selection_new (model);
  gtk_single_selection_set_autoselect (single, FALSE);
  gtk_single_selection_set_can_unselect (single, TRUE);
  gtk_single_selection_set_selected (single, GTK_INVALID_LIST_POSITION);
  return GTK_SELECTION_MODEL (single);
}

static void
setup_tables (RcBootResults *self)
{
  struct
  {
    GtkColumnView *view;
    GListStore **store;
  } tables[] = {
    { self->steps_view, &self->steps },
    { self->requests_view, &self->requests },
    { self->violations_view, &self->violations },
  };

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_autoptr (GtkSelectionModel) selection = NULL;

      *tables[i].store = g_list_store_new (RC_TYPE_TABLE_ITEM);
      selection = new_selection (self, tables[i].view, *tables[i].store);
      gtk_column_view_set_model (tables[i].view, selection);
    }
  rc_table_add_column (self->steps_view, _ ("Step"), 0, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->steps_view, _ ("What"), 1, RC_TABLE_COLUMN_EXPAND);
  rc_table_add_column (self->steps_view, _ ("Cold"), 2, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->steps_view, _ ("Warm"), 3, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->steps_view, _ ("Heap"), 4, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->steps_view, _ ("Growth"), 5, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("File"), 0,
                       RC_TABLE_COLUMN_EXPAND | RC_TABLE_COLUMN_MONO);
  rc_table_add_column (self->requests_view, _ ("Verdict"), 1, 0);
  rc_table_add_column (self->requests_view, _ ("Step"), 2, 0);
  rc_table_add_column (self->requests_view, _ ("Start"), 3, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("Time"), 4, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("Wire"), 5, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("Decoded"), 6, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->requests_view, _ ("Status"), 7, RC_TABLE_COLUMN_NUMERIC);
  rc_table_add_column (self->violations_view, _ ("Directive"), 0, 0);
  rc_table_add_column (self->violations_view, _ ("Blocked"), 1,
                       RC_TABLE_COLUMN_EXPAND | RC_TABLE_COLUMN_MONO);
  rc_table_add_column (self->violations_view, _ ("Source"), 2, 0);
  rc_table_add_column (self->violations_view, _ ("Time"), 3, RC_TABLE_COLUMN_NUMERIC);
}

/* GObject */

static void
rc_boot_results_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RcBootResults *self = RC_BOOT_RESULTS (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      g_value_set_string (value, rc_boot_results_get_page (self));
      break;
    case PROP_SELECTED_RUN:
      g_value_set_string (value, rc_boot_results_get_selected_run (self));
      break;
    case PROP_SHOW_TUNNELS:
      g_value_set_boolean (value, gtk_check_button_get_active (self->tunnels_check));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_boot_results_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  RcBootResults *self = RC_BOOT_RESULTS (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      rc_boot_results_set_page (self, g_value_get_string (value));
      break;
    case PROP_SHOW_TUNNELS:
      gtk_check_button_set_active (self->tunnels_check, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
page_changed_cb (RcBootResults *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}

static void
tunnels_toggled_cb (RcBootResults *self)
{
  show_selected_run (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_TUNNELS]);
}

static void
rc_boot_results_dispose (GObject *object)
{
  RcBootResults *self = RC_BOOT_RESULTS (object);

  self->report = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), RC_TYPE_BOOT_RESULTS);
  /* dispose_template() only unparents bound children; the root box is not bound. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->run_ids);
  g_clear_object (&self->steps);
  g_clear_object (&self->requests);
  g_clear_object (&self->violations);
  G_OBJECT_CLASS (rc_boot_results_parent_class)->dispose (object);
}

static void
rc_boot_results_class_init (RcBootResultsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = rc_boot_results_get_property;
  object_class->set_property = rc_boot_results_set_property;
  object_class->dispose = rc_boot_results_dispose;

  properties[PROP_PAGE] =
      g_param_spec_string ("page", NULL, NULL, NULL,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_RUN] = g_param_spec_string ("selected-run", NULL, NULL, NULL,
                                                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_TUNNELS] =
      g_param_spec_boolean ("show-tunnels", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (RC_TYPE_CHARTS_VIEW);
  g_type_ensure (RC_TYPE_PYTHON_CONSOLE);
  g_type_ensure (RC_TYPE_SEAL_AUDIT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-boot-results.ui");
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, results_stack);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, headline_label);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, run_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, steps_stack);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, charts);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, steps_view);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, requests_stack);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, requests_totals);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, tunnels_check);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, requests_view);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, violations_stack);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, violations_view);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, python_console);
  gtk_widget_class_bind_template_child (widget_class, RcBootResults, seal_audit);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
rc_boot_results_init (RcBootResults *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  setup_tables (self);
  self->run_ids = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->run_dropdown, G_LIST_MODEL (self->run_ids));
  g_signal_connect_swapped (self->run_dropdown, "notify::selected", G_CALLBACK (run_selected_cb),
                            self);
  g_signal_connect_swapped (self->tunnels_check, "toggled", G_CALLBACK (tunnels_toggled_cb), self);
  g_signal_connect_swapped (self->results_stack, "notify::visible-child-name",
                            G_CALLBACK (page_changed_cb), self);
  g_signal_connect_swapped (self->charts, "step-activated", G_CALLBACK (chart_step_activated_cb),
                            self);
  rc_boot_results_set_report (self, NULL, NULL);
}
