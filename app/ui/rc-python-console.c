/* rc-python-console.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "rc-python-console.h"
#include "rc-source-style.h"

struct _RcPythonConsole
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkSourceView *input_view;
  GtkButton *run_button;
  GtkButton *stop_button;
  GtkLabel *status_label;
  GtkTextView *output_view;
  GtkFlowBox *images_box;

  /* Owned */
  RcEngine *engine;
  GCancellable *running;
  char *status;
};

enum
{
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (RcPythonConsole, rc_python_console, GTK_TYPE_WIDGET)

static void
update_sensitivity (RcPythonConsole *self)
{
  gboolean ready = self->engine != NULL && self->running == NULL
                   && rc_engine_get_state (self->engine) == RC_ENGINE_STATE_READY;

  gtk_widget_set_sensitive (GTK_WIDGET (self->run_button), ready);
  gtk_widget_set_sensitive (GTK_WIDGET (self->stop_button), self->running != NULL);
  if (self->running == NULL && self->status == NULL)
    gtk_label_set_label (self->status_label, ready ? _ ("The runtime is ready and sealed.")
                                                   : _ ("Boot the runtime to run code in it."));
}

static void
append_output (RcPythonConsole *self, const char *text, const char *tag)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->output_view);
  GtkTextIter end;

  if (text == NULL || text[0] == '\0')
    return;
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert_with_tags_by_name (buffer, &end, text, -1, tag, NULL);
  /* Follow the output to its end, as a terminal does. */
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_place_cursor (buffer, &end);
  gtk_text_view_scroll_mark_onscreen (self->output_view, gtk_text_buffer_get_insert (buffer));
}

static void
add_images (RcPythonConsole *self, JsonObject *result)
{
  JsonArray *images = json_object_has_member (result, "images")
                          ? json_object_get_array_member (result, "images")
                          : NULL;

  for (guint i = 0; images != NULL && i < json_array_get_length (images); i++)
    {
      JsonNode *node = json_array_get_element (images, i);
      const char *data = NULL;
      g_autofree guchar *png = NULL;
      gsize len = 0;
      g_autoptr (GBytes) bytes = NULL;
      g_autoptr (GdkTexture) texture = NULL;
      GtkWidget *picture;

      /* An image is base64 PNG, either bare or as {data: …}. */
      if (JSON_NODE_HOLDS_VALUE (node))
        data = json_node_get_string (node);
      else if (JSON_NODE_HOLDS_OBJECT (node))
        data =
            json_object_get_string_member_with_default (json_node_get_object (node), "data", NULL);
      if (data == NULL)
        continue;
      png = g_base64_decode (data, &len);
      bytes = g_bytes_new_take (g_steal_pointer (&png), len);
      texture = gdk_texture_new_from_bytes (bytes, NULL);
      if (texture == NULL)
        continue;
      picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
      gtk_widget_set_size_request (picture, 240, 180);
      gtk_flow_box_append (self->images_box, picture);
    }
}

static void
execute_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (RcPythonConsole) self = RC_PYTHON_CONSOLE (user_data);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) answer = NULL;
  g_autofree char *summary = NULL;
  double elapsed;

  answer = rc_engine_execute_finish (RC_ENGINE (source), result, &error);
  g_clear_object (&self->running);
  g_free (self->status);
  if (answer == NULL)
    {
      self->status = g_strdup ("error");
      append_output (self, error->message, "stderr");
      gtk_label_set_label (self->status_label, error->message);
      update_sensitivity (self);
      g_signal_emit (self, signals[FINISHED], 0, NULL);
      return;
    }
  self->status = g_strdup (json_object_get_string_member_with_default (answer, "status", "?"));
  elapsed = json_object_get_double_member_with_default (answer, "elapsed_ms", -1);
  append_output (self, json_object_get_string_member_with_default (answer, "stdout", ""), "stdout");
  append_output (self, json_object_get_string_member_with_default (answer, "stderr", ""), "stderr");
  add_images (self, answer);
  /* Translators: the status of a Python run and its time, e.g. "ok · 12 ms". */
  summary = elapsed >= 0 ? g_strdup_printf (_ ("%s · %.0f ms"), self->status, elapsed)
                         : g_strdup (self->status);
  gtk_label_set_label (self->status_label, summary);
  update_sensitivity (self);
  g_signal_emit (self, signals[FINISHED], 0, answer);
}

void
rc_python_console_run (RcPythonConsole *self, const char *code)
{
  GtkTextBuffer *input, *output;
  GtkWidget *child;

  g_return_if_fail (RC_IS_PYTHON_CONSOLE (self));
  g_return_if_fail (self->engine != NULL && self->running == NULL);

  input = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->input_view));
  if (code != NULL)
    gtk_text_buffer_set_text (input, code, -1);
  output = gtk_text_view_get_buffer (self->output_view);
  gtk_text_buffer_set_text (output, "", 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->images_box))) != NULL)
    gtk_flow_box_remove (self->images_box, child);
  g_clear_pointer (&self->status, g_free);
  self->running = g_cancellable_new ();
  gtk_label_set_label (self->status_label, _ ("Running…"));
  update_sensitivity (self);
  {
    GtkTextIter start, end;
    g_autofree char *text = NULL;

    gtk_text_buffer_get_bounds (input, &start, &end);
    text = gtk_text_buffer_get_text (input, &start, &end, FALSE);
    rc_engine_execute_async (self->engine, text, self->running, execute_cb, g_object_ref (self));
  }
}

static void
rc_python_console_run_clicked_cb (RcPythonConsole *self)
{
  rc_python_console_run (self, NULL);
}

void
rc_python_console_stop (RcPythonConsole *self)
{
  g_return_if_fail (RC_IS_PYTHON_CONSOLE (self));

  /* The engine answers "cancelled" for the worker and recycles it (runtime-worker.md §2.5). */
  g_cancellable_cancel (self->running);
}

static void
rc_python_console_stop_clicked_cb (RcPythonConsole *self)
{
  rc_python_console_stop (self);
}

static gboolean
run_shortcut_cb (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  RcPythonConsole *self = RC_PYTHON_CONSOLE (widget);

  if (gtk_widget_get_sensitive (GTK_WIDGET (self->run_button)))
    rc_python_console_run (self, NULL);
  return TRUE;
}

/* The source view takes Ctrl+Enter for itself in the bubble phase; catch it before. */
static void
add_run_shortcut (RcPythonConsole *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkShortcutTrigger *trigger =
      gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Return, GDK_CONTROL_MASK),
                                   gtk_keyval_trigger_new (GDK_KEY_KP_Enter, GDK_CONTROL_MASK));

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (controller),
      gtk_shortcut_new (trigger, gtk_callback_action_new (run_shortcut_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

static void
rc_python_console_dispose (GObject *object)
{
  RcPythonConsole *self = RC_PYTHON_CONSOLE (object);

  g_cancellable_cancel (self->running);
  g_clear_object (&self->running);
  g_clear_object (&self->engine);
  gtk_widget_dispose_template (GTK_WIDGET (self), RC_TYPE_PYTHON_CONSOLE);
  /* dispose_template() only unparents bound children; the root box is not bound. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->status, g_free);
  G_OBJECT_CLASS (rc_python_console_parent_class)->dispose (object);
}

static void
rc_python_console_class_init (RcPythonConsoleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rc_python_console_dispose;

  /**
   * RcPythonConsole::finished:
   * @result: (nullable): the worker's result message, or %NULL when the run failed to start
   */
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, JSON_TYPE_OBJECT);

  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-python-console.ui");
  gtk_widget_class_bind_template_child (widget_class, RcPythonConsole, input_view);
  gtk_widget_class_bind_template_child (widget_class, RcPythonConsole, run_button);
  gtk_widget_class_bind_template_child (widget_class, RcPythonConsole, stop_button);
  gtk_widget_class_bind_template_child (widget_class, RcPythonConsole, status_label);
  gtk_widget_class_bind_template_child (widget_class, RcPythonConsole, output_view);
  gtk_widget_class_bind_template_child (widget_class, RcPythonConsole, images_box);
  gtk_widget_class_bind_template_callback (widget_class, rc_python_console_run_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, rc_python_console_stop_clicked_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
rc_python_console_init (RcPythonConsole *self)
{
  GtkSourceLanguageManager *languages = gtk_source_language_manager_get_default ();
  GtkSourceBuffer *input;
  GtkTextBuffer *output;

  gtk_widget_init_template (GTK_WIDGET (self));

  input = GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->input_view)));
  gtk_source_buffer_set_language (input,
                                  gtk_source_language_manager_get_language (languages, "python3"));
  rc_source_style_follow (input);
  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (input), "import sys\nprint(sys.version)\n", -1);
  output = gtk_text_view_get_buffer (self->output_view);
  gtk_text_buffer_create_tag (output, "stdout", NULL);
  gtk_text_buffer_create_tag (output, "stderr", "foreground", "#c01c28", NULL);
  add_run_shortcut (self);
  update_sensitivity (self);
}

void
rc_python_console_set_engine (RcPythonConsole *self, RcEngine *engine)
{
  g_return_if_fail (RC_IS_PYTHON_CONSOLE (self));

  if (self->engine != NULL)
    g_signal_handlers_disconnect_by_data (self->engine, self);
  g_cancellable_cancel (self->running);
  g_clear_object (&self->running);
  g_set_object (&self->engine, engine);
  if (engine != NULL)
    g_signal_connect_object (engine, "state-changed", G_CALLBACK (update_sensitivity), self,
                             G_CONNECT_SWAPPED);
  update_sensitivity (self);
}

const char *
rc_python_console_get_status (RcPythonConsole *self)
{
  g_return_val_if_fail (RC_IS_PYTHON_CONSOLE (self), NULL);

  return self->status;
}

gboolean
rc_python_console_is_running (RcPythonConsole *self)
{
  g_return_val_if_fail (RC_IS_PYTHON_CONSOLE (self), FALSE);

  return self->running != NULL;
}

void
rc_python_console_clear (RcPythonConsole *self)
{
  GtkWidget *child;

  g_return_if_fail (RC_IS_PYTHON_CONSOLE (self));

  g_cancellable_cancel (self->running);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->output_view), "", 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->images_box))) != NULL)
    gtk_flow_box_remove (self->images_box, child);
  g_clear_pointer (&self->status, g_free);
  update_sensitivity (self);
}

void
rc_python_console_set_note (RcPythonConsole *self, const char *note)
{
  g_return_if_fail (RC_IS_PYTHON_CONSOLE (self));

  gtk_label_set_label (self->status_label, note);
}
