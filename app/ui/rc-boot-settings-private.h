/* rc-boot-settings-private.h: shared by rc-boot-settings.c and rc-boot-settings-engine.c.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>
#include <gtksourceview/gtksource.h>

#include "rc-boot-settings.h"

G_BEGIN_DECLS

struct _RcBootSettings
{
  GtkWidget parent_instance;

  /* Template widgets */
  AdwComboRow *preset_row;
  GtkSourceView *policy_view;
  GtkLabel *analysis_label;
  GtkListBox *findings_list;
  AdwComboRow *engine_row;
  AdwComboRow *throttle_row;
  AdwComboRow *worker_row;
  AdwComboRow *deployment_row;
  GtkSpinButton *deadline_spin;
  GtkSwitch *control_switch;
  GtkSwitch *importtime_switch;
  AdwActionRow *distribution_row;

  GSettings *settings;
  GPtrArray *presets; /* RcCspPreset */
  guint pause_id;
  /* Per RcEngineKind: its version, or why it is not there (NULL both: not probed yet). */
  char *engine_versions[RC_ENGINE_KIND_FIREFOX + 1];
  char *engine_errors[RC_ENGINE_KIND_FIREFOX + 1];
  GCancellable *probes;
};

/* rc-boot-settings-engine.c: the Engine row, its items and the probes of each engine. */
void _rc_boot_settings_setup_engine_row (RcBootSettings *self);
/* rc-boot-settings.c: notifies "engine-kind". */
void _rc_boot_settings_engine_changed (RcBootSettings *self);

G_END_DECLS
