/* rc-boot-progress.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include "rc-boot-progress.h"

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
};

static char *
dup_string (JsonObject *object, const char *member)
{
  return g_strdup (json_object_get_string_member_with_default (object, member, NULL));
}

RcBootProgress *
rc_boot_progress_parse (JsonObject *message)
{
  const char *type;
  JsonObject *rc;
  RcBootProgress *self;

  g_return_val_if_fail (message != NULL, NULL);

  type = json_object_get_string_member_with_default (message, "type", "");
  if (!g_str_equal (type, "progress") && !g_str_equal (type, "ready"))
    return NULL;
  rc =
      json_object_has_member (message, "rc") ? json_object_get_object_member (message, "rc") : NULL;
  self = g_new0 (RcBootProgress, 1);
  self->t_ms = rc != NULL ? json_object_get_double_member_with_default (rc, "t", -1) : -1;
  self->heap_bytes = rc != NULL ? json_object_get_double_member_with_default (rc, "heap", -1) : -1;
  if (g_str_equal (type, "ready"))
    {
      self->phase = RC_BOOT_PHASE_READY;
      self->phase_name = g_strdup ("ready");
      self->version = dup_string (message, "version");
      return self;
    }
  self->phase_name = g_strdup (json_object_get_string_member_with_default (message, "phase", "?"));
  self->phase = RC_BOOT_PHASE_OTHER;
  for (guint i = 0; i < G_N_ELEMENTS (phases); i++)
    if (g_str_equal (self->phase_name, phases[i].name))
      self->phase = phases[i].phase;
  self->step =
      (guint) CLAMP (json_object_get_int_member_with_default (message, "step", 0), 0, G_MAXUINT);
  self->steps =
      (guint) CLAMP (json_object_get_int_member_with_default (message, "steps", 0), 0, G_MAXUINT);
  self->package = dup_string (message, "package");
  self->module = dup_string (message, "module");
  return self;
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
