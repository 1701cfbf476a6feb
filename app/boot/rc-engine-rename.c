/* rc-engine-rename.c: the changed-wheel scenario's hook into the boot plan.
 *
 * Kept apart from rc-engine.c: the engine only calls rc_engine_apply_wheel_renames() on each
 * plan it builds. The server serves the renamed file and /config names it; the plan, built
 * from the community, must name it too or the worker would still ask for the old file.
 */
#include "config.h"

#include "core/plan/rc-boot-plan.h"
#include "boot/rc-engine-private.h"

void
rc_engine_rename_wheel (RcEngine *self, const char *file_name, const char *new_file_name)
{
  g_return_if_fail (RC_IS_ENGINE (self));
  g_return_if_fail (file_name != NULL && new_file_name != NULL);

  if (self->wheel_renames == NULL)
    self->wheel_renames = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_replace (self->wheel_renames, g_strdup (file_name), g_strdup (new_file_name));
  rc_server_rename_wheel (self->server, file_name, new_file_name);
}

void
rc_engine_apply_wheel_renames (RcEngine *self, JsonObject *plan)
{
  GHashTableIter iter;
  gpointer old_name, new_name;

  if (self->wheel_renames == NULL)
    return;
  g_hash_table_iter_init (&iter, self->wheel_renames);
  while (g_hash_table_iter_next (&iter, &old_name, &new_name))
    rc_boot_plan_rename_wheel (plan, old_name, new_name);
}

void
rc_engine_clear_wheel_renames (RcEngine *self)
{
  g_return_if_fail (RC_IS_ENGINE (self));
  g_clear_pointer (&self->wheel_renames, g_hash_table_unref);
  rc_server_clear_wheel_renames (self->server);
}
