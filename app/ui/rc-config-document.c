/* rc-config-document.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <string.h>

#include "rc-config-document.h"

struct _RcConfigDocument
{
  GObject parent_instance;

  GFile *folder;
  GtkSourceBuffer *buffer;
  char *text;  /* the buffer's text, kept in step with it */
  char *saved; /* as last read from or written to the folder */
};

enum
{
  PROP_0,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (RcConfigDocument, rc_config_document, G_TYPE_OBJECT)

static void
rc_config_document_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RcConfigDocument *self = RC_CONFIG_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_MODIFIED:
      g_value_set_boolean (value, rc_config_document_get_modified (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_config_document_dispose (GObject *object)
{
  RcConfigDocument *self = RC_CONFIG_DOCUMENT (object);

  g_clear_object (&self->buffer);
  g_clear_object (&self->folder);
  G_OBJECT_CLASS (rc_config_document_parent_class)->dispose (object);
}

static void
rc_config_document_finalize (GObject *object)
{
  RcConfigDocument *self = RC_CONFIG_DOCUMENT (object);

  g_free (self->text);
  g_free (self->saved);
  G_OBJECT_CLASS (rc_config_document_parent_class)->finalize (object);
}

static void
rc_config_document_class_init (RcConfigDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = rc_config_document_get_property;
  object_class->dispose = rc_config_document_dispose;
  object_class->finalize = rc_config_document_finalize;

  properties[PROP_MODIFIED] =
      g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
rc_config_document_init (RcConfigDocument *self)
{
  GtkSourceLanguageManager *languages = gtk_source_language_manager_get_default ();

  self->buffer = gtk_source_buffer_new (NULL);
  gtk_source_buffer_set_language (
      self->buffer, gtk_source_language_manager_guess_language (languages, "config.yaml", NULL));
}

/* Replaces the buffer's text with no undo step: what was undoable belonged to the old text. */
static void
set_text_irreversibly (RcConfigDocument *self, const char *text)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);

  gtk_text_buffer_begin_irreversible_action (buffer);
  gtk_text_buffer_set_text (buffer, text, -1);
  gtk_text_buffer_end_irreversible_action (buffer);
  g_free (self->text);
  self->text = g_strdup (text);
}

static void
update_text (RcConfigDocument *self, gboolean was_modified)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  g_free (self->text);
  self->text = gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, TRUE);
  if (was_modified != rc_config_document_get_modified (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

RcConfigDocument *
rc_config_document_new (GFile *folder, const char *text)
{
  RcConfigDocument *self;

  g_return_val_if_fail (G_IS_FILE (folder), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  self = g_object_new (RC_TYPE_CONFIG_DOCUMENT, NULL);
  self->folder = g_object_ref (folder);
  self->saved = g_strdup (text);
  set_text_irreversibly (self, text);
  return self;
}

GFile *
rc_config_document_get_folder (RcConfigDocument *self)
{
  g_return_val_if_fail (RC_IS_CONFIG_DOCUMENT (self), NULL);

  return self->folder;
}

GtkSourceBuffer *
rc_config_document_get_buffer (RcConfigDocument *self)
{
  g_return_val_if_fail (RC_IS_CONFIG_DOCUMENT (self), NULL);

  return self->buffer;
}

const char *
rc_config_document_get_text (RcConfigDocument *self)
{
  g_return_val_if_fail (RC_IS_CONFIG_DOCUMENT (self), NULL);

  return self->text;
}

gboolean
rc_config_document_get_modified (RcConfigDocument *self)
{
  g_return_val_if_fail (RC_IS_CONFIG_DOCUMENT (self), FALSE);

  /* By content: a fix and its undo leave nothing to save. */
  return g_strcmp0 (self->text, self->saved) != 0;
}

char *
rc_config_document_dup_edited_text (RcConfigDocument *self)
{
  g_return_val_if_fail (RC_IS_CONFIG_DOCUMENT (self), NULL);

  return rc_config_document_get_modified (self) ? g_strdup (self->text) : NULL;
}

void
rc_config_document_reload (RcConfigDocument *self, const char *text)
{
  gboolean was_modified;

  g_return_if_fail (RC_IS_CONFIG_DOCUMENT (self));
  g_return_if_fail (text != NULL);

  was_modified = rc_config_document_get_modified (self);
  if (!was_modified && g_strcmp0 (self->text, text) != 0)
    set_text_irreversibly (self, text);
  g_free (self->saved);
  self->saved = g_strdup (text);
  update_text (self, was_modified);
}

gboolean
rc_config_document_apply_fix (RcConfigDocument *self, const RcFix *fix)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;
  gboolean was_modified;

  g_return_val_if_fail (RC_IS_CONFIG_DOCUMENT (self), FALSE);
  g_return_val_if_fail (fix != NULL, FALSE);

  /* The range is of the text the fix was made for: refuse it for any other. */
  if (!fix->resolved || fix->end > strlen (self->text) || fix->start > fix->end)
    return FALSE;
  buffer = GTK_TEXT_BUFFER (self->buffer);
  was_modified = rc_config_document_get_modified (self);
  gtk_text_buffer_get_iter_at_offset (
      buffer, &start, (int) g_utf8_pointer_to_offset (self->text, self->text + fix->start));
  gtk_text_buffer_get_iter_at_offset (
      buffer, &end, (int) g_utf8_pointer_to_offset (self->text, self->text + fix->end));
  /* One user action, so one undo returns the buffer as it was. */
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_delete (buffer, &start, &end);
  gtk_text_buffer_insert (buffer, &start, fix->replacement, -1);
  gtk_text_buffer_end_user_action (buffer);
  update_text (self, was_modified);
  return TRUE;
}

gboolean
rc_config_document_undo (RcConfigDocument *self)
{
  gboolean was_modified;

  g_return_val_if_fail (RC_IS_CONFIG_DOCUMENT (self), FALSE);

  if (!gtk_text_buffer_get_can_undo (GTK_TEXT_BUFFER (self->buffer)))
    return FALSE;
  was_modified = rc_config_document_get_modified (self);
  gtk_text_buffer_undo (GTK_TEXT_BUFFER (self->buffer));
  update_text (self, was_modified);
  return TRUE;
}

gboolean
rc_config_document_save (RcConfigDocument *self, GError **error)
{
  g_autoptr (GFile) file = NULL;

  g_return_val_if_fail (RC_IS_CONFIG_DOCUMENT (self), FALSE);

  if (!rc_config_document_get_modified (self))
    return TRUE;
  file = g_file_get_child (self->folder, "config.yaml");
  if (!g_file_replace_contents (file, self->text, strlen (self->text), NULL, FALSE,
                                G_FILE_CREATE_NONE, NULL, NULL, error))
    return FALSE;
  g_free (self->saved);
  self->saved = g_strdup (self->text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
  return TRUE;
}

void
rc_config_document_discard (RcConfigDocument *self)
{
  gboolean was_modified;

  g_return_if_fail (RC_IS_CONFIG_DOCUMENT (self));

  was_modified = rc_config_document_get_modified (self);
  set_text_irreversibly (self, self->saved);
  update_text (self, was_modified);
}
