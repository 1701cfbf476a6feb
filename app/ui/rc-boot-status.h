/* rc-boot-status.h: the Boot page's status card: what the page is doing (an icon and a line,
 * the step of the boot in progress and a bar), the time into the boot against its deadline,
 * the control's outcome, the distribution boots use and a failed boot's diagnosis.
 *
 * It only shows what it is given (properties and rc_boot_status_show()); the one thing it
 * does itself is the clock while a boot runs.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  RC_BOOT_TONE_NEUTRAL,
  RC_BOOT_TONE_SUCCESS,
  RC_BOOT_TONE_ERROR,
} RcBootTone;

#define RC_TYPE_BOOT_TONE (rc_boot_tone_get_type ())
GType rc_boot_tone_get_type (void);

#define RC_TYPE_BOOT_STATUS (rc_boot_status_get_type ())
G_DECLARE_FINAL_TYPE (RcBootStatus, rc_boot_status, RC, BOOT_STATUS, GtkWidget)

/* Properties: "icon-name", "title" (the status line), "tone" (RcBootTone), "step-text"
 * ("step 3 of 7"), "fraction" (the bar), "diagnosis" (shown under the line when not empty),
 * "control-text" (shown when not empty), "control-failed" (the control booted: an error),
 * "distribution" (what the boots use), "deadline-seconds" (what the clock counts against). */
GtkWidget *rc_boot_status_new (void);

/* A new state: icon, tone, line and bar; the step, the clock's text and the diagnosis go. */
void rc_boot_status_show (RcBootStatus *self, const char *icon_name, RcBootTone tone,
                          const char *title, double fraction);
void rc_boot_status_set_title (RcBootStatus *self, const char *title);
void rc_boot_status_set_step_text (RcBootStatus *self, const char *step_text);
void rc_boot_status_set_fraction (RcBootStatus *self, double fraction);
double rc_boot_status_get_fraction (RcBootStatus *self);
void rc_boot_status_set_diagnosis (RcBootStatus *self, const char *diagnosis);
void rc_boot_status_set_control (RcBootStatus *self, const char *text, gboolean failed);
/* "" when no control ran. */
const char *rc_boot_status_get_control_text (RcBootStatus *self);
void rc_boot_status_set_distribution (RcBootStatus *self, const char *distribution);
/* "Distribution: …", as the card shows it. */
const char *rc_boot_status_get_distribution_text (RcBootStatus *self);
void rc_boot_status_set_deadline_seconds (RcBootStatus *self, double seconds);

/* Counts the seconds of a boot from now, against "deadline-seconds", until stopped. */
void rc_boot_status_start_clock (RcBootStatus *self);
void rc_boot_status_stop_clock (RcBootStatus *self);

/* The line and the step, or the line and the diagnosis, as shown. */
char *rc_boot_status_dup_text (RcBootStatus *self);

G_END_DECLS
