/* rc-history-dialog.c: the measurement history in a window (rc-history-dialog.h). Built in
 * code, with no template: a header bar over a list of rows, or a status page when the history
 * is empty or cannot be read. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/measurement/rc-history.h"
#include "rc-history-dialog.h"

struct _RcHistoryDialog
{
  AdwWindow parent_instance;

  guint n_entries;
  guint n_regressions;
};

G_DEFINE_FINAL_TYPE (RcHistoryDialog, rc_history_dialog, ADW_TYPE_WINDOW)

static void
rc_history_dialog_class_init (RcHistoryDialogClass *klass)
{
}

static void
rc_history_dialog_init (RcHistoryDialog *self)
{
}

/* "cold 3.09 s (3 runs), warm 2.47 s (3 runs)" */
static char *
medians (const RcMeasurement *report)
{
  g_autoptr (GArray) scenarios = rc_measurement_scenarios (report);
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint i = 0; i < scenarios->len; i++)
    {
      RcScenario scenario = g_array_index (scenarios, RcScenario, i);
      g_autoptr (RcRunStats) stats = rc_measurement_stats (report, scenario);

      g_string_append_printf (out, "%s%s %.2f s", i > 0 ? ", " : "",
                              rc_scenario_to_string (scenario), stats->boot_ms.median / 1000.0);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static GtkWidget *
entry_row (RcHistoryDialog *self, const RcHistoryEntry *e)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title = g_strdup_printf ("#%u · %s", e->number, e->report->created);
  g_autofree char *line = medians (e->report);
  g_autoptr (GString) subtitle = g_string_new (NULL);
  gboolean slower = FALSE;

  /* TRANSLATORS: a history row's subtitle: "key 8d41c2e0a9f3 · policy nemarlike · cold 3.09 s" */
  g_string_append_printf (subtitle, _ ("key %s · policy %s · %s"), e->key, e->policy, line);
  for (guint i = 0; i < e->marks->len; i++)
    {
      const RcHistoryMark *m = e->marks->pdata[i];

      slower = slower || m->slower;
      /* TRANSLATORS: "slower: cold loading_runtime 5.29 s, band 2.24–2.54 s" */
      g_string_append_printf (subtitle,
                              m->slower ? _ ("\nslower: %s %s %.2f s, band %.2f–%.2f s")
                                        : _ ("\nfaster: %s %s %.2f s, band %.2f–%.2f s"),
                              m->scenario, m->step, m->median_ms / 1000.0, m->band_min_ms / 1000.0,
                              m->band_max_ms / 1000.0);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle->str);
  gtk_widget_set_tooltip_text (row, e->path);
  if (slower)
    {
      GtkWidget *label = gtk_label_new (_ ("Regression"));

      gtk_widget_add_css_class (label, "error");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
      self->n_regressions++;
    }
  return row;
}

static GtkWidget *
status_page (const char *title, const char *description)
{
  GtkWidget *page = adw_status_page_new ();

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (page), "document-open-recent-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (page), title);
  adw_status_page_set_description (ADW_STATUS_PAGE (page), description);
  gtk_widget_set_vexpand (page, TRUE);
  return page;
}

static GtkWidget *
build_content (RcHistoryDialog *self, const char *community_dir)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = rc_history_list (community_dir, &error);
  g_autofree char *folder = rc_history_folder (community_dir);
  GtkWidget *page, *group;

  if (entries == NULL)
    return status_page (_ ("The History Cannot Be Read"), error->message);
  if (entries->len == 0)
    {
      g_autofree char *text =
          g_strdup_printf (_ ("runtime-console measure keeps every measurement of this "
                              "community in %s."),
                           folder);

      return status_page (_ ("No Measurements Yet"), text);
    }
  page = adw_preferences_page_new ();
  group = adw_preferences_group_new ();
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), folder);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  for (guint i = entries->len; i > 0; i--)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                               entry_row (self, entries->pdata[i - 1]));
  self->n_entries = entries->len;
  return page;
}

RcHistoryDialog *
rc_history_dialog_new (GtkWindow *parent, const char *community_dir)
{
  RcHistoryDialog *self =
      g_object_new (RC_TYPE_HISTORY_DIALOG, "modal", TRUE, "transient-for", parent, "title",
                    _ ("Measurement History"), "default-width", 640, "default-height", 560, NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), build_content (self, community_dir));
  adw_window_set_content (ADW_WINDOW (self), box);
  return self;
}

guint
rc_history_dialog_get_n_entries (RcHistoryDialog *self)
{
  g_return_val_if_fail (RC_IS_HISTORY_DIALOG (self), 0);
  return self->n_entries;
}

guint
rc_history_dialog_get_n_regressions (RcHistoryDialog *self)
{
  g_return_val_if_fail (RC_IS_HISTORY_DIALOG (self), 0);
  return self->n_regressions;
}
