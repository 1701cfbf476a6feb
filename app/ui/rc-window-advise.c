/* rc-window-advise.c: the window's Advice dialog (rc-advice-dialog.h): opened by win.advise,
 * and its Apply, which writes a change's edits into config.yaml in the editor as one quick
 * fix (one undo step; saved only when the user saves).
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-advice-dialog.h"
#include "rc-problems-view.h"
#include "rc-window-private.h"

/* The dialog's Cold Boots a Side row at first: two, for a look (`advise --runs` is 3) */
#define WINDOW_ADVISE_RUNS 2

static void
advice_apply_cb (RcAdviceDialog *dialog, gpointer data, RcWindow *self)
{
  const RcAdviceChange *change = data;
  const char *advised_text = g_object_get_data (G_OBJECT (dialog), "rc-config-text");
  g_autoptr (RcFix) fix = NULL;
  const char *text;

  /* the edits are of the text advise booted: never place them in another one */
  text = self->community != NULL ? rc_community_get_config_text (self->community) : NULL;
  if (text == NULL || g_strcmp0 (text, advised_text) != 0
      || (fix = rc_advice_change_to_fix (change, text, strlen (text))) == NULL
      || !rc_problems_view_apply_text_fix (self->problems_view, fix))
    {
      rc_window_add_toast (self, _ ("The change could not be written into config.yaml: it "
                                    "changed since the advice was made"));
      return;
    }
  adw_view_stack_set_visible_child_name (self->view_stack, "problems");
}

void
_rc_window_advise (RcWindow *self)
{
  RcAdviceDialog *dialog;
  /* the Boot page's link (rc-boot-settings keeps it in the settings) is the first choice */
  g_autofree char *link = g_settings_get_string (self->settings, "throttle");
  RcThrottleProfile profile = RC_THROTTLE_NONE;

  if (self->community == NULL)
    return;
  rc_throttle_profile_from_string (link, &profile);
  dialog = rc_advice_dialog_new (GTK_WINDOW (self), self->community, WINDOW_ADVISE_RUNS, profile);
  g_object_set_data_full (G_OBJECT (dialog), "rc-config-text",
                          g_strdup (rc_community_get_config_text (self->community)), g_free);
  g_signal_connect_object (dialog, "apply", G_CALLBACK (advice_apply_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
