/* rc-window.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-prelude-oracle.h"
#include "core/model/rc-checkout.h"
#include "core/base/rc-diagnostic.h"
#include "rc-boot-pane.h"
#include "rc-community-picker.h"
#include "rc-folder-watch.h"
#include "rc-history-dialog.h"
#include "rc-overview-page.h"
#include "rc-probe-dialog.h"
#include "rc-recent-folders.h"
#include "rc-problems-view.h"
#include "rc-welcome-page.h"
#include "rc-window-private.h"

/* Revalidate this long after the last file event: editors save in bursts. */
#define RC_WATCH_DELAY_MS 250

enum
{
  PROP_0,
  PROP_COMMUNITY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (RcWindow, rc_window, ADW_TYPE_APPLICATION_WINDOW)

static void rc_window_load (RcWindow *self, gboolean is_reload);

static RcDeployment
settings_deployment (RcWindow *self)
{
  g_autofree char *name = g_settings_get_string (self->settings, "deployment");
  RcDeployment deployment = RC_DEPLOYMENT_PRODUCTION;

  rc_deployment_from_string (name, &deployment);
  return deployment;
}

static void
load_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  const char *dir = g_object_get_data (G_OBJECT (task), "dir");
  const char *distribution = g_object_get_data (G_OBJECT (task), "distribution");
  const char *text = g_object_get_data (G_OBJECT (task), "text");
  RcDeployment deployment = GPOINTER_TO_UINT (task_data);
  GError *error = NULL;
  /* config.yaml as a quick fix left it in the buffer, until it is saved */
  RcCommunity *community =
      text != NULL ? rc_community_load_text (dir, distribution, deployment, text, -1, &error)
                   : rc_community_load (dir, distribution, deployment, &error);
  g_autoptr (GPtrArray) site = NULL;

  /* A first run without tools/setup.sh: check what can be checked without a distribution. */
  if (community == NULL
      && g_error_matches (error, RC_COMMUNITY_ERROR, RC_COMMUNITY_ERROR_DISTRIBUTION))
    {
      g_clear_error (&error);
      community =
          rc_community_load_without_distribution (dir, distribution, deployment, text, &error);
    }
  if (community == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  /* In an OSA checkout, the notebook site's merged lock across its communities (as validate). */
  if (rc_community_get_dist_lock (community) != NULL)
    {
      site = rc_checkout_check_site_lock_of (community);
      rc_community_add_diagnostics (community, site);
    }
  g_task_return_pointer (task, community, g_object_unref);
}

/* The pages only exist for a community; without one the header shows the app's name. */
static void
rc_window_update_switcher_cb (RcWindow *self)
{
  gboolean has_community = self->community != NULL;

  /* Also called while the template is built, before the children are bound. */
  if (self->switcher_bar == NULL || self->switcher_title == NULL)
    return;
  adw_view_switcher_title_set_view_switcher_enabled (self->switcher_title, has_community);
  adw_view_switcher_bar_set_reveal (
      self->switcher_bar,
      has_community && adw_view_switcher_title_get_title_visible (self->switcher_title));
  if (!has_community)
    {
      adw_view_switcher_title_set_title (self->switcher_title, _ ("Runtime Console"));
      adw_view_switcher_title_set_subtitle (self->switcher_title, "");
      gtk_window_set_title (GTK_WINDOW (self), _ ("Runtime Console"));
    }
}

static void
rc_window_update_actions (RcWindow *self)
{
  gboolean has_community = self->community != NULL;
  GAction *revalidate = g_action_map_lookup_action (G_ACTION_MAP (self), "revalidate");
  GAction *prelude = g_action_map_lookup_action (G_ACTION_MAP (self), "check-prelude");
  GAction *history = g_action_map_lookup_action (G_ACTION_MAP (self), "history");

  g_simple_action_set_enabled (G_SIMPLE_ACTION (revalidate), self->folder != NULL);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (prelude),
                               has_community && self->prelude_check == NULL);
  if (history != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (history), has_community);
  gtk_widget_set_sensitive (GTK_WIDGET (self->view_stack), has_community);
  rc_window_update_switcher_cb (self);
}

/* The community's name, with GNOME's "•" before it while its config.yaml has unsaved changes. */
static void
rc_window_update_title (RcWindow *self)
{
  const char *name;
  g_autofree char *base = NULL;
  g_autofree char *title = NULL;
  g_autofree char *where = NULL;

  if (self->community == NULL || self->folder == NULL)
    return;
  name = rc_community_get_name (self->community);
  base = g_file_get_basename (self->folder);
  where = g_file_get_parse_name (self->folder);
  if (rc_problems_view_get_modified (self->problems_view))
    title = g_strdup_printf ("• %s", name != NULL ? name : base);
  else
    title = g_strdup (name != NULL ? name : base);
  adw_view_switcher_title_set_title (self->switcher_title, title);
  adw_view_switcher_title_set_subtitle (self->switcher_title, where);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
modified_cb (RcWindow *self)
{
  g_simple_action_set_enabled (
      G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "save-config")),
      rc_problems_view_get_modified (self->problems_view));
  rc_window_update_title (self);
}

void
_rc_window_show_problems (RcWindow *self)
{
  g_autoptr (GPtrArray) diagnostics = _rc_window_dup_diagnostics (self);
  guint errors = rc_diagnostics_count (diagnostics, RC_SEVERITY_ERROR);
  guint warnings = rc_diagnostics_count (diagnostics, RC_SEVERITY_WARNING);

  /* Notes are informational; the badge counts what needs fixing. */
  adw_view_stack_page_set_badge_number (self->problems_page, errors + warnings);
  adw_view_stack_page_set_needs_attention (self->problems_page, errors > 0);
  rc_problems_view_set_problems (self->problems_view, self->folder, diagnostics,
                                 rc_community_get_config_text (self->community));
}

static void
rc_window_show_community (RcWindow *self, gboolean is_reload)
{
  g_autoptr (GPtrArray) diagnostics = _rc_window_dup_diagnostics (self);

  _rc_window_show_problems (self);
  _rc_window_schedule_prelude (self);
  rc_window_update_title (self);
  rc_overview_page_set_community (self->overview_page, self->community);
  rc_boot_pane_set_community (self->boot_pane, self->community);
  gtk_stack_set_visible_child_name (self->main_stack, "community");

  if (is_reload)
    {
      g_autofree char *toast = NULL;

      if (diagnostics->len == 0)
        toast = g_strdup (_ ("Validated again: no problems"));
      else
        toast = g_strdup_printf (ngettext ("Validated again: %u problem",
                                           "Validated again: %u problems", diagnostics->len),
                                 diagnostics->len);
      rc_window_add_toast (self, toast);
      if (g_settings_get_boolean (self->settings, "reboot-on-change"))
        rc_boot_pane_reboot (self->boot_pane);
    }
}

static void
load_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (RcWindow) self = RC_WINDOW (user_data);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community = NULL;
  gboolean is_reload = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (result), "reload"));

  community = g_task_propagate_pointer (G_TASK (result), &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  gtk_spinner_stop (self->spinner);
  g_clear_object (&self->loading);
  if (community == NULL)
    {
      g_clear_object (&self->community);
      rc_welcome_page_set_problem (self->welcome_page, _ ("This Folder Cannot Be Checked"),
                                   error->message);
      gtk_stack_set_visible_child_name (self->main_stack, "welcome");
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMMUNITY]);
      rc_window_update_actions (self);
      return;
    }
  g_set_object (&self->community, community);
  _rc_window_show_setup (self, rc_community_get_dist_lock (community) == NULL
                                   ? rc_community_get_distribution_dir (community)
                                   : NULL);
  rc_window_show_community (self, is_reload);
  rc_window_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMMUNITY]);
}

static void
rc_window_load (RcWindow *self, gboolean is_reload)
{
  g_autoptr (GTask) task = NULL;

  g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  self->loading = g_cancellable_new ();

  /* Validation reads every wheel of the overlay; keep it off the main loop. */
  task = g_task_new (NULL, self->loading, load_cb, g_object_ref (self));
  g_task_set_source_tag (task, rc_window_load);
  g_task_set_task_data (task, GUINT_TO_POINTER (settings_deployment (self)), NULL);
  g_object_set_data_full (G_OBJECT (task), "dir", g_file_get_path (self->folder), g_free);
  g_object_set_data (G_OBJECT (task), "reload", GINT_TO_POINTER (is_reload));
  /* the buffer's unsaved text, only when it is this folder's */
  if (rc_problems_view_get_folder (self->problems_view) != NULL
      && g_file_equal (rc_problems_view_get_folder (self->problems_view), self->folder))
    g_object_set_data_full (G_OBJECT (task), "text",
                            rc_problems_view_dup_edited_text (self->problems_view), g_free);
  /* The boot settings' distribution, as `boot --distribution DIR` gives it: the community is
   * validated against that folder's lock. "live" and "" use the bundled one's lock. */
  {
    g_autofree char *distribution = g_settings_get_string (self->settings, "distribution");

    if (*distribution != '\0' && !g_str_equal (distribution, "live"))
      g_object_set_data_full (G_OBJECT (task), "distribution", g_steal_pointer (&distribution),
                              g_free);
  }
  gtk_spinner_start (self->spinner);
  g_task_run_in_thread (task, load_in_thread);
}

static void
watch_changed_cb (RcWindow *self)
{
  if (self->folder != NULL)
    rc_window_load (self, TRUE);
}

void
_rc_window_open_community (RcWindow *self, GFile *folder)
{
  g_autofree char *path = g_file_get_path (folder);

  /* the last folder's prelude check would report on this one */
  if (self->folder == NULL || !g_file_equal (self->folder, folder))
    {
      g_cancellable_cancel (self->prelude_check);
      g_clear_object (&self->prelude_check);
      _rc_window_clear_prelude (self);
    }
  g_set_object (&self->folder, folder);
  g_clear_object (&self->watch);
  self->watch = rc_folder_watch_new (folder, 3, RC_WATCH_DELAY_MS);
  g_signal_connect_object (self->watch, "changed", G_CALLBACK (watch_changed_cb), self,
                           G_CONNECT_SWAPPED);
  if (path != NULL)
    rc_recent_folders_add (self->settings, path);
  rc_window_load (self, FALSE);
}

static void
rc_window_community_activated_cb (RcWindow *self, GFile *folder)
{
  if (_rc_window_would_lose_changes (self, folder))
    _rc_window_ask_unsaved (self, folder, TRUE);
  else
    _rc_window_open_community (self, folder);
}

static void
rc_window_show_not_openable (RcWindow *self, const char *message)
{
  g_clear_object (&self->watch);
  g_clear_object (&self->community);
  g_clear_object (&self->folder);
  rc_welcome_page_set_problem (self->welcome_page, _ ("Not a Community Folder"), message);
  gtk_stack_set_visible_child_name (self->main_stack, "welcome");
  rc_window_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMMUNITY]);
}

void
rc_window_open_folder (RcWindow *self, GFile *folder)
{
  g_return_if_fail (RC_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (folder));

  /* Ctrl+O, the picker, a recent folder and a drop all come here. */
  if (_rc_window_would_lose_changes (self, folder))
    _rc_window_ask_unsaved (self, folder, FALSE);
  else
    _rc_window_open_folder_now (self, folder);
}

void
_rc_window_open_folder_now (RcWindow *self, GFile *folder)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) communities = NULL;
  g_autofree char *where = NULL;
  g_autofree char *message = NULL;

  switch (rc_folder_classify (folder))
    {
    case RC_FOLDER_COMMUNITY:
      _rc_window_open_community (self, folder);
      return;
    case RC_FOLDER_CHECKOUT:
      communities = rc_checkout_list_communities (folder, &error);
      if (communities == NULL)
        {
          rc_window_show_not_openable (self, error->message);
          return;
        }
      rc_community_picker_set_checkout (self->picker, folder, communities);
      gtk_stack_set_visible_child_name (self->main_stack, "picker");
      return;
    case RC_FOLDER_UNKNOWN:
    default:
      where = g_file_get_parse_name (folder);
      message = g_strdup_printf (
          _ ("%s has neither a config.yaml nor a src/assistants folder. Open a community folder "
             "(it holds config.yaml) or an OSA checkout."),
          where);
      rc_window_show_not_openable (self, message);
      return;
    }
}

static void
rc_window_toast_cb (RcWindow *self, const char *text)
{
  rc_window_add_toast (self, text);
}

static gboolean
drop_cb (GtkDropTarget *target, const GValue *value, double x, double y, gpointer user_data)
{
  RcWindow *self = RC_WINDOW (user_data);
  g_autoptr (GSList) files = gdk_file_list_get_files (g_value_get_boxed (value));

  if (files == NULL)
    return FALSE;
  rc_window_open_folder (self, G_FILE (files->data));
  return TRUE;
}

static void
revalidate_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  RcWindow *self = RC_WINDOW (user_data);

  if (self->folder != NULL)
    rc_window_load (self, TRUE);
}

static void
show_page_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  RcWindow *self = RC_WINDOW (user_data);

  if (self->community != NULL)
    adw_view_stack_set_visible_child_name (self->view_stack, g_variant_get_string (param, NULL));
}

/* The community's measurement history (rc-history.h), as `runtime-console history` lists it. */
static void
history_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  RcWindow *self = RC_WINDOW (user_data);

  if (self->community != NULL)
    gtk_window_present (GTK_WINDOW (
        rc_history_dialog_new (GTK_WINDOW (self), rc_community_get_dir (self->community))));
}

static void
prelude_checked_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (RcWindow) self = RC_WINDOW (user_data);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) found = rc_prelude_oracle_check_finish (result, &error);
  g_autofree char *text = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->prelude_check);
  g_simple_action_set_enabled (
      G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "check-prelude")), TRUE);
  if (found == NULL)
    text = g_strdup_printf (_ ("The prelude could not be checked: %s"), error->message);
  else if (found->len == 0)
    {
      _rc_window_take_prelude_results (self, g_steal_pointer (&found));
      _rc_window_show_problems (self);
      text = g_strdup (_ ("The prelude compiles under Pyodide"));
    }
  else
    {
      guint n = found->len;

      /* The oracle's findings join the validator's on the Problems page, at their lines
       * (in place of the background compile's, which they are as new as). */
      _rc_window_take_prelude_results (self, g_steal_pointer (&found));
      _rc_window_show_problems (self);
      adw_view_stack_set_visible_child_name (self->view_stack, "problems");
      text = g_strdup_printf (ngettext ("The prelude does not compile: %u problem",
                                        "The prelude does not compile: %u problems", n),
                              n);
    }
  rc_window_add_toast (self, text);
}

/* Compiles the preludes with the real interpreter (a boot), as `validate --check-prelude`. */
static void
check_prelude_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  RcWindow *self = RC_WINDOW (user_data);

  if (self->community == NULL || self->prelude_check != NULL)
    return;
  self->prelude_check = g_cancellable_new ();
  g_simple_action_set_enabled (action, FALSE);
  rc_window_add_toast (self, _ ("Compiling the prelude with Pyodide…"));
  rc_prelude_oracle_check_async (self->community, self->prelude_check, prelude_checked_cb,
                                 g_object_ref (self));
}

static void
show_boot_page_cb (RcWindow *self)
{
  if (self->community != NULL)
    adw_view_stack_set_visible_child_name (self->view_stack, "boot");
}

/* Boot actions started from the menu or a shortcut show the page they report on. */
static void
rc_window_follow_boot_actions (RcWindow *self)
{
  static const char *const shown[] = { "cold", "warm", "cold-warm", "runs", "seal-audit" };
  GActionMap *actions = G_ACTION_MAP (rc_boot_pane_get_actions (self->boot_pane));

  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    g_signal_connect_object (g_action_map_lookup_action (actions, shown[i]), "activate",
                             G_CALLBACK (show_boot_page_cb), self, G_CONNECT_SWAPPED);
}

/* A quick fix changed config.yaml in the buffer: validate that text now; write it on Save. */
static void
config_edited_cb (RcWindow *self)
{
  AdwToast *toast = adw_toast_new (_ ("config.yaml changed, not saved yet: Ctrl+S saves it"));

  adw_toast_set_button_label (toast, _ ("_Undo"));
  adw_toast_set_action_name (toast, "win.undo-fix");
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  rc_window_load (self, FALSE);
}

/* Ctrl+Z: the window's shortcuts run before the focused widget's, so an editable text that
 * has the focus (the policy, the Python console) gets its own undo; anywhere else it undoes
 * the last quick fix, long after its toast is gone. */
static void
undo_fix_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  RcWindow *self = RC_WINDOW (user_data);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *config_view = GTK_WIDGET (gtk_widget_get_template_child (
      GTK_WIDGET (self->problems_view), RC_TYPE_PROBLEMS_VIEW, "source_view"));

  if (focus != NULL && focus != config_view
      && ((GTK_IS_TEXT_VIEW (focus) && gtk_text_view_get_editable (GTK_TEXT_VIEW (focus)))
          || (GTK_IS_EDITABLE (focus) && gtk_editable_get_editable (GTK_EDITABLE (focus)))))
    {
      gtk_widget_activate_action (focus, "text.undo", NULL);
      return;
    }
  if (!rc_problems_view_undo_fix (self->problems_view))
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
save_config_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  RcWindow *self = RC_WINDOW (user_data);
  g_autoptr (GError) error = NULL;
  g_autofree char *edited = rc_problems_view_dup_edited_text (self->problems_view);
  GFile *edited_in = rc_problems_view_get_folder (self->problems_view);

  if (edited == NULL)
    return;
  /* The changes belong to the folder they were made in; never write them into another. */
  if (self->folder == NULL || edited_in == NULL || !g_file_equal (edited_in, self->folder))
    {
      rc_window_add_toast (self, _ ("config.yaml was not saved: it belongs to another folder"));
      return;
    }
  if (!rc_problems_view_save_config (self->problems_view, &error))
    {
      g_autofree char *text = g_strdup_printf (_ ("config.yaml was not saved: %s"), error->message);

      rc_window_add_toast (self, text);
      return;
    }
  rc_window_add_toast (self, _ ("Saved config.yaml"));
}

/* The seal probe's list, written into config.yaml as a quick fix (not saved). */
static void
probe_apply_cb (RcProbeDialog *dialog, GStrv modules, RcWindow *self)
{
  GFile *probed = g_object_get_data (G_OBJECT (dialog), "rc-folder");
  g_autoptr (RcFix) fix = NULL;

  /* a probe of the folder shown before is no recommendation for this one */
  if (self->community == NULL || self->folder == NULL || !g_file_equal (probed, self->folder)
      || (fix =
              rc_community_fix_import_before_seal (self->community, (const char *const *) modules))
             == NULL
      || !rc_problems_view_apply_text_fix (self->problems_view, fix))
    {
      rc_window_add_toast (self, _ ("import_before_seal could not be written into config.yaml"));
      return;
    }
  adw_view_stack_set_visible_child_name (self->view_stack, "problems");
}

static void
probe_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  RcWindow *self = RC_WINDOW (user_data);
  RcProbeDialog *dialog;

  if (self->community == NULL)
    return;
  dialog = rc_probe_dialog_new (GTK_WINDOW (self), self->community);
  g_object_set_data_full (G_OBJECT (dialog), "rc-folder", g_object_ref (self->folder),
                          g_object_unref);
  g_signal_connect_object (dialog, "apply", G_CALLBACK (probe_apply_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
advise_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _rc_window_advise (RC_WINDOW (user_data));
}

static const GActionEntry win_actions[] = {
  { "probe", probe_action },
  { "advise", advise_action },
  { "revalidate", revalidate_action },
  { "undo-fix", undo_fix_action },
  { "save-config", save_config_action },
  { "show-page", show_page_action, "s" },
  { "check-prelude", check_prelude_action },
  { "history", history_action },
};

static gboolean
rc_window_close_request (GtkWindow *window)
{
  RcWindow *self = RC_WINDOW (window);
  int width, height;

  if (_rc_window_would_lose_changes (self, NULL))
    {
      _rc_window_ask_unsaved (self, NULL, FALSE);
      return TRUE;
    }
  /* a compile in progress keeps the main loop busy; the window is going */
  _rc_window_clear_prelude (self);
  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  return GTK_WINDOW_CLASS (rc_window_parent_class)->close_request (window);
}

static void
rc_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RcWindow *self = RC_WINDOW (object);

  switch (prop_id)
    {
    case PROP_COMMUNITY:
      g_value_set_object (value, self->community);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_window_dispose (GObject *object)
{
  RcWindow *self = RC_WINDOW (object);

  g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  g_cancellable_cancel (self->prelude_check);
  g_clear_object (&self->prelude_check);
  _rc_window_clear_prelude (self);
  g_clear_object (&self->watch);
  gtk_widget_dispose_template (GTK_WIDGET (self), RC_TYPE_WINDOW);
  g_clear_object (&self->community);
  g_clear_object (&self->folder);
  g_clear_object (&self->pending_open);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (rc_window_parent_class)->dispose (object);
}

static void
rc_window_class_init (RcWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = rc_window_dispose;
  object_class->get_property = rc_window_get_property;
  window_class->close_request = rc_window_close_request;

  properties[PROP_COMMUNITY] =
      g_param_spec_object ("community", NULL, NULL, RC_TYPE_COMMUNITY,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (RC_TYPE_WELCOME_PAGE);
  g_type_ensure (RC_TYPE_COMMUNITY_PICKER);
  g_type_ensure (RC_TYPE_PROBLEMS_VIEW);
  g_type_ensure (RC_TYPE_OVERVIEW_PAGE);
  g_type_ensure (RC_TYPE_BOOT_PANE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RcWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, problems_page);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, welcome_page);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, picker);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, problems_view);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, overview_page);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, boot_pane);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, setup_revealer);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, setup_title);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, setup_description);
  gtk_widget_class_bind_template_child (widget_class, RcWindow, setup_command);
  gtk_widget_class_bind_template_callback (widget_class, rc_window_community_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, rc_window_toast_cb);
  gtk_widget_class_bind_template_callback (widget_class, rc_window_update_switcher_cb);
}

static void
rc_window_setup_drop (RcWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

static void
rc_window_init (RcWindow *self)
{
  g_autoptr (GAction) reboot = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions),
                                   self);
  g_signal_connect_object (self->problems_view, "config-edited", G_CALLBACK (config_edited_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->problems_view, "notify::modified", G_CALLBACK (modified_cb), self,
                           G_CONNECT_SWAPPED);
  modified_cb (self);
  reboot = g_settings_create_action (self->settings, "reboot-on-change");
  g_action_map_add_action (G_ACTION_MAP (self), reboot);
  /* The Boot page owns its actions; the window makes them reachable from its menu and
   * shortcuts. Activating one shows the page (show_boot_page_cb). */
  gtk_widget_insert_action_group (GTK_WIDGET (self), "boot",
                                  rc_boot_pane_get_actions (self->boot_pane));
  rc_window_follow_boot_actions (self);
  /* The deployment changes what /config resolves (fetch_allow, prelude): check again. */
  g_signal_connect_object (self->settings, "changed::deployment", G_CALLBACK (watch_changed_cb),
                           self, G_CONNECT_SWAPPED);
  /* Another distribution is another lock to validate the community against. */
  g_signal_connect_object (self->settings, "changed::distribution", G_CALLBACK (watch_changed_cb),
                           self, G_CONNECT_SWAPPED);
  rc_window_setup_drop (self);
  _rc_window_setup_setup (self);
  rc_window_update_actions (self);
}

RcWindow *
rc_window_new (GtkApplication *application)
{
  return g_object_new (RC_TYPE_WINDOW, "application", application, NULL);
}

RcCommunity *
rc_window_get_community (RcWindow *self)
{
  g_return_val_if_fail (RC_IS_WINDOW (self), NULL);

  return self->community;
}

void
rc_window_add_toast (RcWindow *self, const char *title)
{
  g_autofree char *escaped = NULL;

  g_return_if_fail (RC_IS_WINDOW (self));

  /* Toast titles are markup. */
  escaped = g_markup_escape_text (title, -1);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (escaped));
}
