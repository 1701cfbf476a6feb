/* rc-application.c: the console's AdwApplication.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <webkit/webkit.h>

#include "rc-application.h"
#include "rc-help.h"
#include "rc-recent-folders.h"
#include "rc-resources.h"
#include "rc-window.h"

struct _RcApplication
{
  AdwApplication parent_instance;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (RcApplication, rc_application, ADW_TYPE_APPLICATION)

static RcWindow *
rc_application_get_window (RcApplication *self, gboolean create)
{
  /* The most recently focused console window; the shortcuts window belongs to the app too. */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (RC_IS_WINDOW (l->data))
      return RC_WINDOW (l->data);
  return create ? rc_window_new (GTK_APPLICATION (self)) : NULL;
}

static void
rc_application_activate (GApplication *app)
{
  RcWindow *window = rc_application_get_window (RC_APPLICATION (app), TRUE);

  gtk_window_present (GTK_WINDOW (window));
}

static void
rc_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  RcWindow *window = rc_application_get_window (RC_APPLICATION (app), TRUE);

  /* One window shows one community: the last folder named wins. */
  if (n_files > 0)
    rc_window_open_folder (window, files[n_files - 1]);
  gtk_window_present (GTK_WINDOW (window));
}

static void
open_chooser_response_cb (GtkNativeDialog *chooser, int response, gpointer user_data)
{
  RcApplication *self = RC_APPLICATION (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      RcWindow *window = rc_application_get_window (self, TRUE);

      rc_window_open_folder (window, folder);
      gtk_window_present (GTK_WINDOW (window));
    }
  g_object_unref (chooser);
  g_object_unref (self);
}

static void
rc_application_open_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  RcApplication *self = RC_APPLICATION (user_data);
  GtkFileChooserNative *chooser;

  /* GtkFileDialog needs GTK 4.10; the native chooser is the 4.8 way to reach the portal. */
  chooser = gtk_file_chooser_native_new (
      _ ("Open Community Folder"), GTK_WINDOW (rc_application_get_window (self, FALSE)),
      GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _ ("_Open"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (open_chooser_response_cb),
                    g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
rc_application_open_recent_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  RcApplication *self = RC_APPLICATION (user_data);
  g_autoptr (GFile) folder = g_file_new_for_path (g_variant_get_string (param, NULL));
  RcWindow *window = rc_application_get_window (self, TRUE);

  rc_window_open_folder (window, folder);
  gtk_window_present (GTK_WINDOW (window));
}

static void
rc_application_forget_recent_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  rc_recent_folders_forget (RC_APPLICATION (user_data)->settings,
                            g_variant_get_string (param, NULL));
}

static void
rc_application_quit_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows = gtk_application_get_windows (app);

  /* Closing windows (rather than g_application_quit) lets them save their size. */
  for (GList *l = windows; l != NULL;)
    {
      GtkWindow *window = l->data;
      l = l->next;
      gtk_window_close (window);
    }
}

static void
rc_application_about_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  RcApplication *self = RC_APPLICATION (user_data);
  static const char *developers[] = { "Runtime Console contributors", NULL };
  g_autofree char *comments = g_strdup_printf (
      _ ("Validate, boot and probe the browser Python runtime of an OSA community.\n\nPyodide %s "
         "in a blob: Web Worker, inside WebKitGTK %u.%u."),
      PYODIDE_VERSION, webkit_get_major_version (), webkit_get_minor_version ());

  adw_show_about_window (GTK_WINDOW (rc_application_get_window (self, FALSE)), "application-name",
                         _ ("Runtime Console"), "application-icon", APP_ID, "developer-name",
                         _ ("Open Science Collective"), "version", PACKAGE_VERSION, "comments",
                         comments, "website", "https://osc.earth/runtime-console", "issue-url",
                         "https://github.com/OpenScience-Collective/runtime-console/issues",
                         "license-type", GTK_LICENSE_MIT_X11, "developers", developers, "copyright",
                         "© 2026 Open Science Collective",
                         /* Translators: put your names here, one per line. */
                         "translator-credits", _ ("translator-credits"), NULL);
}

static void
rc_application_shortcuts_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  RcWindow *window = rc_application_get_window (RC_APPLICATION (user_data), TRUE);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
}

static void
rc_application_help_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  /* The installed Mallard help in yelp, else the manual's page on the window (rc-help.c). */
  rc_help_show (GTK_WINDOW (rc_application_get_window (RC_APPLICATION (user_data), FALSE)));
}

static const GActionEntry app_actions[] = {
  { "open", rc_application_open_action },
  { "open-recent", rc_application_open_recent_action, "s" },
  { "forget-recent", rc_application_forget_recent_action, "s" },
  { "quit", rc_application_quit_action },
  { "about", rc_application_about_action },
  { "shortcuts", rc_application_shortcuts_action },
  { "help", rc_application_help_action },
};

static const struct
{
  const char *action;
  const char *accels[3];
} accels[] = {
  { "app.open", { "<Control>o", NULL } },
  { "app.quit", { "<Control>q", NULL } },
  { "app.help", { "F1", NULL } },
  { "window.close", { "<Control>w", NULL } },
  { "win.revalidate", { "<Control>r", "F5", NULL } },
  { "win.save-config", { "<Control>s", NULL } },
  { "win.undo-fix", { "<Control>z", NULL } },
  { "boot.cold", { "<Control>b", NULL } },
  { "boot.warm", { "<Control><Shift>b", NULL } },
  { "boot.cold-warm", { "<Control><Alt>b", NULL } },
  { "boot.runs", { "<Control><Shift>r", NULL } },
  { "boot.stop", { "<Control>period", NULL } },
  { "boot.inspector", { "<Control><Shift>i", NULL } },
  { "boot.seal-audit", { "<Control><Shift>a", NULL } },
  { "win.show-page::problems", { "<Alt>1", NULL } },
  { "win.show-page::overview", { "<Alt>2", NULL } },
  { "win.show-page::boot", { "<Alt>3", NULL } },
};

static void
rc_application_startup (GApplication *app)
{
  RcApplication *self = RC_APPLICATION (app);

  G_APPLICATION_CLASS (rc_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action,
                                           accels[i].accels);
}

static void
rc_application_dispose (GObject *object)
{
  RcApplication *self = RC_APPLICATION (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (rc_application_parent_class)->dispose (object);
}

static void
rc_application_class_init (RcApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  /* Referencing the resource keeps its object file (and the constructor that registers it)
   * when the static library is linked. */
  g_assert (rc_get_resource () != NULL);

  object_class->dispose = rc_application_dispose;
  app_class->activate = rc_application_activate;
  app_class->open = rc_application_open;
  app_class->startup = rc_application_startup;
}

static void
rc_application_init (RcApplication *self)
{
  self->settings = g_settings_new (APP_ID);
}

RcApplication *
rc_application_new (void)
{
  /* NON_UNIQUE: a developer tool run from terminals and tests should not hand its folder to
   * another instance over D-Bus. */
  return g_object_new (RC_TYPE_APPLICATION, "application-id", APP_ID, "flags",
                       G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE, "resource-base-path",
                       "/earth/osc/RuntimeConsole", NULL);
}

GSettings *
rc_application_get_settings (RcApplication *self)
{
  g_return_val_if_fail (RC_IS_APPLICATION (self), NULL);

  return self->settings;
}

/* An uninstalled build (the README's `_build/app/runtime-console open …`) has its schema only
 * in the build tree; point GSettings there before anything reads it. */
static void
use_build_tree_schema_when_uninstalled (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *compiled = g_build_filename (RC_BUILD_ROOT, "data", "gschemas.compiled", NULL);
  g_autofree char *dirs = NULL;
  const char *old = g_getenv ("GSETTINGS_SCHEMA_DIR");

  if (exe == NULL || !g_str_has_prefix (exe, RC_BUILD_ROOT G_DIR_SEPARATOR_S)
      || !g_file_test (compiled, G_FILE_TEST_EXISTS))
    return;
  dirs = old != NULL && old[0] != '\0'
             ? g_strconcat (RC_BUILD_ROOT "/data", G_SEARCHPATH_SEPARATOR_S, old, NULL)
             : g_strdup (RC_BUILD_ROOT "/data");
  g_setenv ("GSETTINGS_SCHEMA_DIR", dirs, TRUE);
}

int
rc_ui_run (int argc, char **argv)
{
  g_autoptr (RcApplication) app = NULL;
  g_autoptr (GPtrArray) args = g_ptr_array_new ();

  /* `runtime-console open DIR` and `runtime-console DIR` both become `argv[0] DIR`, which
   * GApplication turns into an ::open of DIR. */
  g_ptr_array_add (args, argv[0]);
  for (int i = 1; i < argc; i++)
    if (!(i == 1 && g_str_equal (argv[i], "open")))
      g_ptr_array_add (args, argv[i]);
  g_ptr_array_add (args, NULL);

  use_build_tree_schema_when_uninstalled ();
  app = rc_application_new ();
  return g_application_run (G_APPLICATION (app), (int) args->len - 1, (char **) args->pdata);
}
