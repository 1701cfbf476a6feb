/* rc-boot-progress.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include "core/record/rc-boot-progress.h"

G_DEFINE_BOXED_TYPE (RcBootProgress, rc_boot_progress, rc_boot_progress_copy, rc_boot_progress_free)

static const struct
{
  const char *name;
  RcBootPhase phase;
} phases[] = {
  { "loading_runtime", RC_BOOT_PHASE_LOADING_RUNTIME },
  { "runtime_loaded", RC_BOOT_PHASE_RUNTIME_LOADED },
  { "loading_package", RC_BOOT_PHASE_LOADING_PACKAGE },
  { "installing", RC_BOOT_PHASE_INSTALLING },
  { "importing", RC_BOOT_PHASE_IMPORTING },
  { "prelude", RC_BOOT_PHASE_PRELUDE },
  { "ready", RC_BOOT_PHASE_READY },
};

RcBootPhase
rc_boot_phase_from_name (const char *name)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (phases); i++)
    if (g_str_equal (name, phases[i].name))
      return phases[i].phase;
  return RC_BOOT_PHASE_OTHER;
}

RcBootProgress *
rc_boot_progress_new (const char *phase_name)
{
  RcBootProgress *self = g_new0 (RcBootProgress, 1);

  self->phase_name = g_strdup (phase_name != NULL ? phase_name : "?");
  self->phase = rc_boot_phase_from_name (phase_name);
  self->t_ms = -1;
  self->heap = -1;
  return self;
}

RcBootProgress *
rc_boot_progress_copy (const RcBootProgress *self)
{
  RcBootProgress *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_memdup2 (self, sizeof *self);
  copy->phase_name = g_strdup (self->phase_name);
  copy->package = g_strdup (self->package);
  copy->module = g_strdup (self->module);
  copy->version = g_strdup (self->version);
  copy->probe = g_strdup (self->probe);
  return copy;
}

void
rc_boot_progress_free (RcBootProgress *self)
{
  if (self == NULL)
    return;
  g_free (self->phase_name);
  g_free (self->package);
  g_free (self->module);
  g_free (self->version);
  g_free (self->probe);
  g_free (self);
}

const char *
rc_boot_progress_subject (const RcBootProgress *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->package != NULL ? self->package : self->module;
}

const char *
rc_boot_progress_step_phase (const RcBootProgress *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->phase == RC_BOOT_PHASE_RUNTIME_LOADED ? "loading_runtime" : self->phase_name;
}
