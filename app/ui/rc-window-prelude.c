/* rc-window-prelude.c: the prelude compiled in the background, as `validate
 * --compile-prelude` does (rc-prelude-oracle.h): once the folder loads and after each edit of
 * a prelude (a pause first: saves come in bursts), with the Pyodide the window boots. A
 * syntax error is a problem at its line like any other, and the "not compiled" note stays
 * only where the prelude could not be compiled (no distribution, no engine, a failed boot).
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-prelude-oracle.h"
#include "rc-window-private.h"

/* after the last change, before a compile starts: a boot is not free */
#define RC_PRELUDE_DELAY_MS 600

/* What the compile depends on: each prelude's text and where it starts in config.yaml (the
 * diagnostics' positions). NULL without preludes. */
static char *
prelude_key (RcCommunity *community)
{
  g_autoptr (GPtrArray) sources = rc_prelude_oracle_sources (community);
  GString *key;

  if (sources->len == 0)
    return NULL;
  key = g_string_new (NULL);
  for (guint i = 0; i < sources->len; i++)
    {
      const RcPreludeSource *s = g_ptr_array_index (sources, i);
      guint line = 0, column = 0;

      rc_prelude_oracle_position (community, s->path, 1, 1, &line, &column);
      g_string_append_printf (key, "%s:%u:%u\n%s\n", s->path, line, column, s->source);
    }
  return g_string_free (key, FALSE);
}

GPtrArray *
_rc_window_dup_diagnostics (RcWindow *self)
{
  GPtrArray *diagnostics = rc_community_get_diagnostics (self->community);
  GPtrArray *shown = g_ptr_array_new ();
  g_autofree char *key = prelude_key (self->community);
  gboolean compiled =
      self->prelude_found != NULL && key != NULL && g_strcmp0 (key, self->prelude_compiled) == 0;

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RcDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (compiled && g_strcmp0 (d->rule, "prelude-not-compiled") == 0)
        continue;
      g_ptr_array_add (shown, (gpointer) d);
    }
  if (compiled)
    g_ptr_array_extend (shown, self->prelude_found, NULL, NULL);
  return shown;
}

static void
compiled_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (RcWindow) self = RC_WINDOW (user_data);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) found = rc_prelude_oracle_check_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->prelude_background);
  if (found == NULL)
    {
      /* the note stays: it says how to check it otherwise */
      g_debug ("prelude not compiled in the background: %s", error->message);
      return;
    }
  g_clear_pointer (&self->prelude_found, g_ptr_array_unref);
  self->prelude_found = g_steal_pointer (&found);
  /* a later edit cancels this compile, so this is the text last scheduled */
  g_free (self->prelude_compiled);
  self->prelude_compiled = g_steal_pointer (&self->prelude_compiling);
  if (self->community != NULL)
    _rc_window_show_problems (self);
}

static void
compile_now_cb (gpointer user_data)
{
  RcWindow *self = RC_WINDOW (user_data);
  g_autofree char *key = NULL;

  self->prelude_timeout = 0;
  if (self->community == NULL || (key = prelude_key (self->community)) == NULL)
    return;
  g_cancellable_cancel (self->prelude_background);
  g_clear_object (&self->prelude_background);
  self->prelude_background = g_cancellable_new ();
  rc_prelude_oracle_check_async (self->community, self->prelude_background, compiled_cb,
                                 g_object_ref (self));
  g_free (self->prelude_compiling);
  self->prelude_compiling = g_steal_pointer (&key);
}

void
_rc_window_take_prelude_results (RcWindow *self, GPtrArray *found)
{
  g_clear_pointer (&self->prelude_found, g_ptr_array_unref);
  self->prelude_found = found;
  g_free (self->prelude_compiled);
  self->prelude_compiled = self->community != NULL ? prelude_key (self->community) : NULL;
}

void
_rc_window_schedule_prelude (RcWindow *self)
{
  g_autofree char *key = NULL;

  g_clear_handle_id (&self->prelude_timeout, g_source_remove);
  /* nothing to boot it with: the note stays */
  if (self->community == NULL || rc_community_get_dist_lock (self->community) == NULL
      || (key = prelude_key (self->community)) == NULL)
    return;
  /* compiled already, or being compiled */
  if (g_strcmp0 (key, self->prelude_compiled) == 0
      || (self->prelude_background != NULL && g_strcmp0 (key, self->prelude_compiling) == 0))
    return;
  self->prelude_timeout = g_timeout_add_once (RC_PRELUDE_DELAY_MS, compile_now_cb, self);
}

void
_rc_window_clear_prelude (RcWindow *self)
{
  g_clear_handle_id (&self->prelude_timeout, g_source_remove);
  g_cancellable_cancel (self->prelude_background);
  g_clear_object (&self->prelude_background);
  g_clear_pointer (&self->prelude_found, g_ptr_array_unref);
  g_clear_pointer (&self->prelude_compiled, g_free);
  g_clear_pointer (&self->prelude_compiling, g_free);
}
