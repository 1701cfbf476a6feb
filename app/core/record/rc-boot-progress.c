/* rc-boot-progress.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include "core/record/rc-boot-progress.h"
#include "core/base/rc-json-util.h"
#include "core/record/rc-worker-message.h"

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
  return g_strdup (rc_worker_message_string (object, member));
}

/* A step number: out-of-range values (the worker's to get right) are clamped, never cast. */
static guint
step_number (JsonObject *object, const char *member)
{
  JsonNode *node = json_object_get_member (object, member);
  gint64 value = 0;

  if (node == NULL || !rc_json_node_to_int64 (node, &value))
    return node != NULL && JSON_NODE_HOLDS_VALUE (node)
                   && json_node_get_value_type (node) == G_TYPE_DOUBLE
                   && json_node_get_double (node) > 0
               ? G_MAXUINT
               : 0;
  return (guint) CLAMP (value, 0, G_MAXUINT);
}

RcBootProgress *
rc_boot_progress_parse (JsonObject *message)
{
  const char *type;
  JsonObject *rc;
  RcBootProgress *self;

  g_return_val_if_fail (message != NULL, NULL);

  type = rc_worker_message_string (message, "type");
  if (g_strcmp0 (type, "progress") != 0 && g_strcmp0 (type, "ready") != 0)
    return NULL;
  rc = rc_worker_message_object (message, "rc");
  self = g_new0 (RcBootProgress, 1);
  self->t_ms = rc_worker_message_double (rc, "t", -1);
  self->heap_bytes = rc_worker_message_double (rc, "heap", -1);
  if (g_str_equal (type, "ready"))
    {
      self->phase = RC_BOOT_PHASE_READY;
      self->phase_name = g_strdup ("ready");
      self->version = dup_string (message, "version");
      return self;
    }
  self->phase_name = g_strdup (rc_worker_message_string (message, "phase"));
  if (self->phase_name == NULL)
    self->phase_name = g_strdup ("?");
  self->phase = RC_BOOT_PHASE_OTHER;
  for (guint i = 0; i < G_N_ELEMENTS (phases); i++)
    if (g_str_equal (self->phase_name, phases[i].name))
      self->phase = phases[i].phase;
  self->step = step_number (message, "step");
  self->steps = step_number (message, "steps");
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
