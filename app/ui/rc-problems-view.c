/* rc-problems-view.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rc-config-document.h"
#include "rc-problem-row.h"
#include "rc-problem.h"
#include "rc-problems-view.h"
#include "rc-source-style.h"

struct _RcProblemsView
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkToggleButton *errors_toggle;
  GtkToggleButton *warnings_toggle;
  GtkToggleButton *notes_toggle;
  GtkLabel *errors_label;
  GtkLabel *warnings_label;
  GtkLabel *notes_label;
  GtkStack *list_stack;
  GtkListBox *problems_list;
  RcProblemRowFix row_fix; /* what the rows' fix buttons call */
  GtkLabel *file_label;
  GtkLabel *position_label;
  GtkScrolledWindow *source_scroller;
  GtkSourceView *source_view;

  /* Owned */
  GListStore *problems;
  GtkFilterListModel *visible;
  GtkSourceBuffer *buffer;      /* the one shown: the document's, or file_buffer */
  GtkSourceBuffer *file_buffer; /* any other file of the folder, read only */
  RcConfigDocument *document;   /* this folder's config.yaml; a new one per folder */
  char *validated_text;         /* config.yaml as the problems shown were found in */
  GFile *folder;
  char *shown_file;
  guint margin_id; /* the bottom margin, set after the allocation that changed the page size */
  guint scroll_id; /* the jump again, once the view has measured its lines */
};

G_DEFINE_FINAL_TYPE (RcProblemsView, rc_problems_view, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_CONFIG_EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum
{
  PROP_0,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void line_mark_activated_cb (GtkSourceView *view, const GtkTextIter *iter, guint button,
                                    GdkModifierType state, int n_presses, RcProblemsView *self);

static const struct
{
  RcSeverity severity;
  const char *category;
  const char *background;
} mark_styles[] = {
  { RC_SEVERITY_ERROR, "error", "rgba(224,27,36,0.16)" },
  { RC_SEVERITY_WARNING, "warning", "rgba(229,165,10,0.18)" },
  { RC_SEVERITY_NOTE, "note", "rgba(53,132,228,0.12)" },
};

static const char *
diagnostic_file (const RcDiagnostic *d)
{
  return d->file != NULL && d->file[0] != '\0' ? d->file : "config.yaml";
}

static gboolean
severity_filter_cb (gpointer item, gpointer user_data)
{
  RcProblemsView *self = RC_PROBLEMS_VIEW (user_data);
  const RcDiagnostic *d = rc_problem_get_diagnostic (RC_PROBLEM (item));

  switch (d->severity)
    {
    case RC_SEVERITY_ERROR:
      return gtk_toggle_button_get_active (self->errors_toggle);
    case RC_SEVERITY_WARNING:
      return gtk_toggle_button_get_active (self->warnings_toggle);
    case RC_SEVERITY_NOTE:
    default:
      return gtk_toggle_button_get_active (self->notes_toggle);
    }
}

static void
rc_problems_view_filter_toggled_cb (RcProblemsView *self)
{
  GtkFilter *filter = gtk_filter_list_model_get_filter (self->visible);

  gtk_filter_changed (filter, GTK_FILTER_CHANGE_DIFFERENT);
}

static char *
read_folder_file (RcProblemsView *self, const char *relative)
{
  g_autoptr (GFile) file = g_file_resolve_relative_path (self->folder, relative);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  if (!g_file_load_contents (file, NULL, &contents, NULL, NULL, &error))
    return g_strdup_printf (_ ("# %s cannot be read: %s\n"), relative, error->message);
  if (!g_utf8_validate (contents, -1, NULL))
    {
      g_free (contents);
      return g_strdup_printf (_ ("# %s is not UTF-8 text\n"), relative);
    }
  return contents;
}

static void
rc_problems_view_update_marks (RcProblemsView *self)
{
  GtkTextIter start, end;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->problems));

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  for (guint i = 0; i < G_N_ELEMENTS (mark_styles); i++)
    gtk_source_buffer_remove_source_marks (self->buffer, &start, &end, mark_styles[i].category);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RcProblem) problem = g_list_model_get_item (G_LIST_MODEL (self->problems), i);
      const RcDiagnostic *d = rc_problem_get_diagnostic (problem);
      GtkTextIter at;

      if (d->line == 0 || g_strcmp0 (diagnostic_file (d), self->shown_file) != 0)
        continue;
      gtk_text_buffer_get_iter_at_line (GTK_TEXT_BUFFER (self->buffer), &at, (int) d->line - 1);
      gtk_source_buffer_create_source_mark (self->buffer, NULL,
                                            mark_styles[MIN (d->severity, 2)].category, &at);
    }
}

/* The file label, with GNOME's mark before the name while config.yaml has unsaved changes. */
static void
update_file_label (RcProblemsView *self)
{
  gboolean modified = g_str_equal (self->shown_file, "config.yaml") && self->document != NULL
                      && rc_config_document_get_modified (self->document);
  g_autofree char *label =
      modified ? g_strdup_printf ("• %s", self->shown_file) : g_strdup (self->shown_file);

  gtk_label_set_label (self->file_label, label);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->file_label),
                               modified ? _ ("config.yaml has changes that are not saved") : NULL);
}

/* "Line 27, Column 15": where the caret is, after a jump, a click or a key. */
static void
update_position_label (RcProblemsView *self)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  g_autofree char *position = NULL;
  GtkTextIter cursor;

  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  /* Translators: a line and column in a file. */
  position =
      g_strdup_printf (_ ("Line %u, Column %u"), (guint) gtk_text_iter_get_line (&cursor) + 1,
                       (guint) gtk_text_iter_get_line_offset (&cursor) + 1);
  gtk_label_set_label (self->position_label, position);
}

static void
show_buffer (RcProblemsView *self, GtkSourceBuffer *buffer)
{
  if (self->buffer == buffer)
    return;
  if (self->buffer != NULL)
    g_signal_handlers_disconnect_by_func (self->buffer, update_position_label, self);
  self->buffer = buffer;
  gtk_text_view_set_buffer (GTK_TEXT_VIEW (self->source_view), GTK_TEXT_BUFFER (buffer));
  g_signal_connect_object (buffer, "notify::cursor-position", G_CALLBACK (update_position_label),
                           self, G_CONNECT_SWAPPED);
  update_position_label (self);
}

static void
rc_problems_view_show_file (RcProblemsView *self, const char *file, gboolean keep_scroll)
{
  /* @file may be self->shown_file itself, which is replaced below. */
  g_autofree char *relative = g_strdup (file);
  g_autofree char *text = NULL;
  g_autofree char *current = NULL;
  GtkSourceLanguageManager *languages = gtk_source_language_manager_get_default ();
  GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment (self->source_scroller);
  double scroll = gtk_adjustment_get_value (vadj);
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  /* config.yaml is the document's buffer, whose undo history is the fixes'. */
  if (g_str_equal (relative, "config.yaml") && self->document != NULL)
    {
      show_buffer (self, rc_config_document_get_buffer (self->document));
      g_free (self->shown_file);
      self->shown_file = g_strdup (relative);
      update_file_label (self);
      rc_problems_view_update_marks (self);
      return;
    }
  show_buffer (self, self->file_buffer);
  buffer = GTK_TEXT_BUFFER (self->file_buffer);
  text = read_folder_file (self, relative);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  current = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  if (g_strcmp0 (self->shown_file, relative) != 0 || g_strcmp0 (current, text) != 0)
    {
      gtk_source_buffer_set_language (
          self->file_buffer,
          gtk_source_language_manager_guess_language (languages, relative, NULL));
      gtk_text_buffer_set_text (buffer, text, -1);
      /* Keep the reader where they were when only the content changed. */
      if (keep_scroll && g_strcmp0 (self->shown_file, relative) == 0)
        gtk_adjustment_set_value (vadj, scroll);
    }
  g_free (self->shown_file);
  self->shown_file = g_strdup (relative);
  update_file_label (self);
  rc_problems_view_update_marks (self);
}

/* The caret's line in the upper third (toasts appear at the window's bottom edge), and the
 * view at its left edge unless that hides the caret: gtk_text_view_scroll_to_mark() aligns
 * both axes, and its xalign 0 put the caret's column, not the line's start, at the left edge
 * (a jump to column 1 cut off the margin and the first column by a few pixels). */
static void
scroll_now (RcProblemsView *self)
{
  GtkTextView *view = GTK_TEXT_VIEW (self->source_view);
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkAdjustment *vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  GtkAdjustment *hadj = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view));
  GtkTextIter cursor;
  GdkRectangle caret, visible;
  double h, right_at_zero;

  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  gtk_text_view_get_iter_location (view, &cursor, &caret);
  gtk_text_view_get_visible_rect (view, &visible);
  if (visible.height <= 0 || visible.width <= 0)
    return;
  gtk_adjustment_set_value (vadj, gtk_adjustment_get_value (vadj) + (caret.y - visible.y)
                                      - 0.3 * visible.height);
  /* where the caret's right edge would be with the view scrolled to its left edge */
  h = gtk_adjustment_get_value (hadj);
  right_at_zero = caret.x + MAX (caret.width, 1) - visible.x + h;
  if (right_at_zero <= visible.width)
    gtk_adjustment_set_value (hadj, 0);
  else
    gtk_adjustment_set_value (hadj, h + (caret.x - visible.x) - visible.width / 3.0);
}

static gboolean
scroll_again_cb (gpointer user_data)
{
  RcProblemsView *self = user_data;

  self->scroll_id = 0;
  scroll_now (self);
  return G_SOURCE_REMOVE;
}

/* The line in the upper third: the window's toasts appear at its bottom edge. Right after a
 * file is loaded (or the page is shown) the view only estimates the height of the lines it
 * has not laid out, and the bottom margin changes with the first allocation, so the first
 * jump can land hundreds of lines short: jump again once layout has run (the view validates
 * its lines at a priority above G_PRIORITY_LOW). */
static void
scroll_to_cursor (RcProblemsView *self)
{
  scroll_now (self);
  g_clear_handle_id (&self->scroll_id, g_source_remove);
  self->scroll_id = g_timeout_add_full (G_PRIORITY_LOW, 50, scroll_again_cb, self, NULL);
}

static void
highlight_problem (RcProblemsView *self, const RcDiagnostic *d)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_remove_tag_by_name (buffer, "problem", &start, &end);
  if (d->line == 0)
    return;
  gtk_text_buffer_get_iter_at_line_offset (buffer, &start, (int) d->line - 1,
                                           (int) MAX (d->column, 1) - 1);
  end = start;
  /* Underline the token the problem points at: up to the next space or line end. */
  while (!gtk_text_iter_ends_line (&end) && !g_unichar_isspace (gtk_text_iter_get_char (&end)))
    gtk_text_iter_forward_char (&end);
  if (gtk_text_iter_equal (&start, &end))
    gtk_text_iter_forward_to_line_end (&end);
  gtk_text_buffer_apply_tag_by_name (buffer, "problem", &start, &end);
  gtk_text_buffer_place_cursor (buffer, &start);
  scroll_to_cursor (self);
}

static void
rc_problems_view_row_selected_cb (RcProblemsView *self, GtkListBoxRow *row)
{
  g_autoptr (RcProblem) problem = NULL;
  const RcDiagnostic *d;

  if (row == NULL)
    return;
  problem = g_list_model_get_item (G_LIST_MODEL (self->visible),
                                   (guint) gtk_list_box_row_get_index (row));
  if (problem == NULL)
    return;
  d = rc_problem_get_diagnostic (problem);
  if (g_strcmp0 (diagnostic_file (d), self->shown_file) != 0)
    rc_problems_view_show_file (self, diagnostic_file (d), FALSE);
  highlight_problem (self, d);
}

static void
rc_problems_view_update_counts (RcProblemsView *self, GPtrArray *diagnostics)
{
  g_autofree char *errors = NULL, *warnings = NULL, *notes = NULL;

  errors = g_strdup_printf ("%u", rc_diagnostics_count (diagnostics, RC_SEVERITY_ERROR));
  warnings = g_strdup_printf ("%u", rc_diagnostics_count (diagnostics, RC_SEVERITY_WARNING));
  notes = g_strdup_printf ("%u", rc_diagnostics_count (diagnostics, RC_SEVERITY_NOTE));
  gtk_label_set_label (self->errors_label, errors);
  gtk_label_set_label (self->warnings_label, warnings);
  gtk_label_set_label (self->notes_label, notes);
  gtk_stack_set_visible_child_name (self->list_stack, diagnostics->len > 0 ? "list" : "empty");
}

/* Room below the last line, two thirds of the view: a problem on one of the last lines can
 * still be scrolled to the upper third, away from the toasts at the window's bottom edge. */
static gboolean
set_margin_cb (gpointer user_data)
{
  RcProblemsView *self = user_data;
  GtkAdjustment *vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->source_view));
  int margin = (int) (gtk_adjustment_get_page_size (vadj) * 2 / 3);

  self->margin_id = 0;
  if (gtk_text_view_get_bottom_margin (GTK_TEXT_VIEW (self->source_view)) != margin)
    gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (self->source_view), margin);
  return G_SOURCE_REMOVE;
}

/* The page size changes while the view is being allocated, when a margin cannot change. */
static void
page_size_cb (RcProblemsView *self)
{
  if (self->margin_id == 0)
    self->margin_id = g_idle_add (set_margin_cb, self);
}

/* What every buffer the view shows has: the style scheme and the problem's underline. */
static void
setup_buffer (GtkSourceBuffer *buffer)
{
  rc_source_style_follow (buffer);
  gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (buffer), "problem", "underline",
                              PANGO_UNDERLINE_ERROR, "weight", PANGO_WEIGHT_BOLD, NULL);
}

static void
setup_source_view (RcProblemsView *self)
{
  GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment (self->source_scroller);

  self->file_buffer =
      GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->source_view)));
  g_object_ref (self->file_buffer);
  setup_buffer (self->file_buffer);
  show_buffer (self, self->file_buffer);
  g_signal_connect_object (vadj, "notify::page-size", G_CALLBACK (page_size_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (self->source_view, "line-mark-activated", G_CALLBACK (line_mark_activated_cb),
                    self);
  for (guint i = 0; i < G_N_ELEMENTS (mark_styles); i++)
    {
      g_autoptr (GtkSourceMarkAttributes) attrs = gtk_source_mark_attributes_new ();
      GdkRGBA background;

      gdk_rgba_parse (&background, mark_styles[i].background);
      gtk_source_mark_attributes_set_icon_name (attrs,
                                                rc_problem_severity_icon (mark_styles[i].severity));
      gtk_source_mark_attributes_set_background (attrs, &background);
      /* Errors draw over warnings over notes when they share a line. */
      gtk_source_view_set_mark_attributes (self->source_view, mark_styles[i].category, attrs,
                                           (int) (G_N_ELEMENTS (mark_styles) - i));
    }
}

static void
rc_problems_view_dispose (GObject *object)
{
  RcProblemsView *self = RC_PROBLEMS_VIEW (object);

  g_clear_handle_id (&self->margin_id, g_source_remove);
  g_clear_handle_id (&self->scroll_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), RC_TYPE_PROBLEMS_VIEW);
  /* dispose_template() only unparents bound children; the root box is not bound. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->visible);
  g_clear_object (&self->problems);
  g_clear_object (&self->document);
  g_clear_object (&self->file_buffer);
  self->buffer = NULL;
  g_clear_object (&self->folder);
  G_OBJECT_CLASS (rc_problems_view_parent_class)->dispose (object);
}

static void
rc_problems_view_finalize (GObject *object)
{
  RcProblemsView *self = RC_PROBLEMS_VIEW (object);

  g_clear_pointer (&self->shown_file, g_free);
  g_clear_pointer (&self->validated_text, g_free);
  G_OBJECT_CLASS (rc_problems_view_parent_class)->finalize (object);
}

static void
rc_problems_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RcProblemsView *self = RC_PROBLEMS_VIEW (object);

  switch (prop_id)
    {
    case PROP_MODIFIED:
      g_value_set_boolean (value, rc_problems_view_get_modified (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_problems_view_class_init (RcProblemsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rc_problems_view_dispose;
  object_class->finalize = rc_problems_view_finalize;
  object_class->get_property = rc_problems_view_get_property;

  /* config.yaml has changes not saved (rc_problems_view_get_modified()). */
  properties[PROP_MODIFIED] =
      g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/earth/osc/RuntimeConsole/rc-problems-view.ui");
  gtk_widget_class_bind_template_child (widget_class, RcProblemsView, errors_toggle);
  gtk_widget_class_bind_template_child (widget_class, RcProblemsView, warnings_toggle);
  gtk_widget_class_bind_template_child (widget_class, RcProblemsView, notes_toggle);
  gtk_widget_class_bind_template_child (widget_class, RcProblemsView, errors_label);
  gtk_widget_class_bind_template_child (widget_class, RcProblemsView, warnings_label);
  gtk_widget_class_bind_template_child (widget_class, RcProblemsView, notes_label);
  gtk_widget_class_bind_template_child (widget_class, RcProblemsView, list_stack);
  gtk_widget_class_bind_template_child (widget_class, RcProblemsView, problems_list);
  gtk_widget_class_bind_template_child (widget_class, RcProblemsView, file_label);
  gtk_widget_class_bind_template_child (widget_class, RcProblemsView, position_label);
  gtk_widget_class_bind_template_child (widget_class, RcProblemsView, source_scroller);
  gtk_widget_class_bind_template_child (widget_class, RcProblemsView, source_view);
  gtk_widget_class_bind_template_callback (widget_class, rc_problems_view_filter_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, rc_problems_view_row_selected_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  /* "config-edited" (): config.yaml's text changed in the buffer (a quick fix or its undo);
   * rc_problems_view_dup_edited_text() has it, for validating before it is saved. */
  signals[SIGNAL_CONFIG_EDITED] =
      g_signal_new ("config-edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 0);
}

static void
row_fix_cb (const RcDiagnostic *diagnostic, gpointer user_data)
{
  rc_problems_view_apply_fix (RC_PROBLEMS_VIEW (user_data), diagnostic);
}

static void
rc_problems_view_init (RcProblemsView *self)
{
  GtkCustomFilter *filter;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->problems = g_list_store_new (RC_TYPE_PROBLEM);
  filter = gtk_custom_filter_new (severity_filter_cb, self, NULL);
  self->visible =
      gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->problems)), GTK_FILTER (filter));
  self->row_fix.apply = row_fix_cb;
  self->row_fix.user_data = self;
  gtk_list_box_bind_model (self->problems_list, G_LIST_MODEL (self->visible), rc_problem_row_new,
                           &self->row_fix, NULL);
  setup_source_view (self);
  self->shown_file = g_strdup ("config.yaml");
  gtk_label_set_label (self->file_label, "config.yaml");
}

static RcProblem *
selected_problem (RcProblemsView *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->problems_list);

  if (row == NULL)
    return NULL;
  return g_list_model_get_item (G_LIST_MODEL (self->visible),
                                (guint) gtk_list_box_row_get_index (row));
}

static void
document_modified_cb (RcProblemsView *self)
{
  update_file_label (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

/* Another folder: a document of its own, so nothing of the last one's text, undo history or
 * unsaved changes follows (the window asked before it dropped them). */
static void
set_document (RcProblemsView *self, GFile *folder, const char *text)
{
  gboolean was_modified = rc_problems_view_get_modified (self);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  self->document = rc_config_document_new (folder, text);
  setup_buffer (rc_config_document_get_buffer (self->document));
  g_signal_connect_object (self->document, "notify::modified", G_CALLBACK (document_modified_cb),
                           self, G_CONNECT_SWAPPED);
  if (was_modified)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

void
rc_problems_view_set_problems (RcProblemsView *self, GFile *folder, GPtrArray *diagnostics,
                               const char *config_text)
{
  g_autoptr (RcProblem) previous = NULL;
  g_autoptr (GPtrArray) items = NULL;
  g_autofree char *text = NULL;
  gboolean same_folder;

  g_return_if_fail (RC_IS_PROBLEMS_VIEW (self));
  g_return_if_fail (G_IS_FILE (folder));
  g_return_if_fail (diagnostics != NULL);

  same_folder = self->folder != NULL && g_file_equal (self->folder, folder);
  previous = same_folder ? selected_problem (self) : NULL;
  g_set_object (&self->folder, folder);
  text = config_text != NULL ? g_strdup (config_text) : read_folder_file (self, "config.yaml");
  g_free (self->validated_text);
  self->validated_text = g_strdup (text);
  if (!same_folder || self->document == NULL)
    set_document (self, folder, text);
  else if (!rc_config_document_get_modified (self->document))
    /* validated from the file: it may have changed on disk */
    rc_config_document_reload (self->document, text);
  /* else @config_text is the document's own edited text, validated before it is saved */

  /* a follow-on right under the problem it follows from */
  items = rc_problems_new_grouped (diagnostics);
  g_list_store_splice (self->problems, 0, g_list_model_get_n_items (G_LIST_MODEL (self->problems)),
                       items->pdata, items->len);
  rc_problems_view_update_counts (self, diagnostics);
  rc_problems_view_show_file (self, same_folder ? self->shown_file : "config.yaml", same_folder);

  /* Reselect "the same" problem so a save in an editor does not lose the reader's place. */
  for (guint i = 0; previous != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (self->visible));
       i++)
    {
      g_autoptr (RcProblem) item = g_list_model_get_item (G_LIST_MODEL (self->visible), i);

      if (rc_problem_equal (item, previous))
        {
          gtk_list_box_select_row (self->problems_list,
                                   gtk_list_box_get_row_at_index (self->problems_list, (int) i));
          break;
        }
    }
}

GListModel *
rc_problems_view_get_problems (RcProblemsView *self)
{
  g_return_val_if_fail (RC_IS_PROBLEMS_VIEW (self), NULL);

  return G_LIST_MODEL (self->problems);
}

void
rc_problems_view_select (RcProblemsView *self, guint index)
{
  GtkListBoxRow *row;

  g_return_if_fail (RC_IS_PROBLEMS_VIEW (self));

  row = gtk_list_box_get_row_at_index (self->problems_list, (int) index);
  g_return_if_fail (row != NULL);
  gtk_list_box_select_row (self->problems_list, row);
}

RcProblem *
rc_problems_view_dup_selected (RcProblemsView *self)
{
  g_return_val_if_fail (RC_IS_PROBLEMS_VIEW (self), NULL);

  return selected_problem (self);
}

GtkSourceBuffer *
rc_problems_view_get_buffer (RcProblemsView *self)
{
  g_return_val_if_fail (RC_IS_PROBLEMS_VIEW (self), NULL);

  return self->buffer;
}

const char *
rc_problems_view_get_shown_file (RcProblemsView *self)
{
  g_return_val_if_fail (RC_IS_PROBLEMS_VIEW (self), NULL);

  return self->shown_file;
}

/* ---- quick fixes --------------------------------------------------------------------------- */

GFile *
rc_problems_view_get_folder (RcProblemsView *self)
{
  g_return_val_if_fail (RC_IS_PROBLEMS_VIEW (self), NULL);

  return self->folder;
}

gboolean
rc_problems_view_get_modified (RcProblemsView *self)
{
  g_return_val_if_fail (RC_IS_PROBLEMS_VIEW (self), FALSE);

  return self->document != NULL && rc_config_document_get_modified (self->document);
}

/* The document's text changed (a fix or its undo): validate it now. */
static void
config_changed (RcProblemsView *self)
{
  rc_problems_view_show_file (self, "config.yaml", TRUE);
  g_signal_emit (self, signals[SIGNAL_CONFIG_EDITED], 0);
}

gboolean
rc_problems_view_apply_text_fix (RcProblemsView *self, const RcFix *fix)
{
  g_return_val_if_fail (RC_IS_PROBLEMS_VIEW (self), FALSE);
  g_return_val_if_fail (fix != NULL, FALSE);

  /* The range is of the text the problems were found in: refuse it for any other. */
  if (self->document == NULL
      || g_strcmp0 (rc_config_document_get_text (self->document), self->validated_text) != 0)
    return FALSE;
  rc_problems_view_show_file (self, "config.yaml", TRUE);
  if (!rc_config_document_apply_fix (self->document, fix))
    return FALSE;
  config_changed (self);
  return TRUE;
}

gboolean
rc_problems_view_apply_fix (RcProblemsView *self, const RcDiagnostic *d)
{
  g_return_val_if_fail (d != NULL, FALSE);

  return d->fix != NULL && rc_problems_view_apply_text_fix (self, d->fix);
}

gboolean
rc_problems_view_undo_fix (RcProblemsView *self)
{
  g_return_val_if_fail (RC_IS_PROBLEMS_VIEW (self), FALSE);

  if (self->document == NULL || !rc_config_document_undo (self->document))
    return FALSE;
  config_changed (self);
  return TRUE;
}

char *
rc_problems_view_dup_edited_text (RcProblemsView *self)
{
  g_return_val_if_fail (RC_IS_PROBLEMS_VIEW (self), NULL);

  return self->document != NULL ? rc_config_document_dup_edited_text (self->document) : NULL;
}

gboolean
rc_problems_view_save_config (RcProblemsView *self, GError **error)
{
  g_return_val_if_fail (RC_IS_PROBLEMS_VIEW (self), FALSE);

  /* into the folder the document was made for, whatever the window shows meanwhile */
  return self->document == NULL || rc_config_document_save (self->document, error);
}

void
rc_problems_view_discard_changes (RcProblemsView *self)
{
  g_return_if_fail (RC_IS_PROBLEMS_VIEW (self));

  if (self->document == NULL || !rc_config_document_get_modified (self->document))
    return;
  rc_config_document_discard (self->document);
  rc_problems_view_update_marks (self);
}

static void
fix_clicked_cb (GtkButton *button, RcProblemsView *self)
{
  RcProblem *problem = g_object_get_data (G_OBJECT (button), "problem");

  rc_problems_view_apply_fix (self, rc_problem_get_diagnostic (problem));
}

static void
popover_fix_clicked_cb (GtkButton *button, RcProblemsView *self)
{
  fix_clicked_cb (button, self);
  gtk_popover_popdown (
      GTK_POPOVER (gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_POPOVER)));
}

static void
popover_closed_cb (GtkPopover *popover)
{
  gtk_widget_unparent (GTK_WIDGET (popover));
}

/* A click on a problem's mark in the gutter offers that line's fixes in a popover. */
static void
line_mark_activated_cb (GtkSourceView *view, const GtkTextIter *iter, guint button,
                        GdkModifierType state, int n_presses, RcProblemsView *self)
{
  guint line = (guint) gtk_text_iter_get_line (iter) + 1;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->problems));
  GtkWidget *popover = NULL, *box = NULL;
  GdkRectangle rect;

  if (g_strcmp0 (self->shown_file, "config.yaml") != 0)
    return;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (RcProblem) problem = g_list_model_get_item (G_LIST_MODEL (self->problems), i);
      const RcDiagnostic *d = rc_problem_get_diagnostic (problem);
      GtkWidget *fix;

      if (d->line != line || d->fix == NULL || !d->fix->resolved
          || !g_str_equal (diagnostic_file (d), "config.yaml"))
        continue;
      if (popover == NULL)
        {
          popover = gtk_popover_new ();
          box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
          gtk_popover_set_child (GTK_POPOVER (popover), box);
        }
      fix = gtk_button_new_with_label (d->fix->label);
      gtk_widget_add_css_class (fix, "flat");
      g_object_set_data_full (G_OBJECT (fix), "problem", g_object_ref (problem), g_object_unref);
      g_signal_connect (fix, "clicked", G_CALLBACK (popover_fix_clicked_cb), self);
      gtk_box_append (GTK_BOX (box), fix);
    }
  if (popover == NULL)
    return;
  gtk_text_view_get_iter_location (GTK_TEXT_VIEW (view), iter, &rect);
  gtk_text_view_buffer_to_window_coords (GTK_TEXT_VIEW (view), GTK_TEXT_WINDOW_WIDGET, rect.x,
                                         rect.y, &rect.x, &rect.y);
  rect.width = 1;
  gtk_widget_set_parent (popover, GTK_WIDGET (view));
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &rect);
  gtk_popover_set_position (GTK_POPOVER (popover), GTK_POS_RIGHT);
  g_signal_connect (popover, "closed", G_CALLBACK (popover_closed_cb), NULL);
  gtk_popover_popup (GTK_POPOVER (popover));
}
