/* rc-engine-seal-list.c: the seal probe's hook into the boot plan: an import_before_seal
 * list other than the community's, without writing into the community folder. */
#include "config.h"

#include "boot/rc-engine-private.h"

void
rc_engine_set_import_before_seal (RcEngine *self, const char *const *modules)
{
  g_return_if_fail (RC_IS_ENGINE (self));

  g_clear_pointer (&self->import_before_seal, g_strfreev);
  self->import_before_seal = g_strdupv ((char **) modules);
}

const char *const *
rc_engine_get_import_before_seal (RcEngine *self)
{
  g_return_val_if_fail (RC_IS_ENGINE (self), NULL);

  return (const char *const *) self->import_before_seal;
}

void
rc_engine_apply_import_before_seal (RcEngine *self, JsonObject *plan)
{
  JsonObject *runtime = json_object_get_object_member (plan, "runtime");
  JsonArray *list;

  if (self->import_before_seal == NULL || runtime == NULL)
    return;
  list = json_array_new ();
  for (guint i = 0; self->import_before_seal[i] != NULL; i++)
    json_array_add_string_element (list, self->import_before_seal[i]);
  json_object_set_array_member (runtime, "import_before_seal", list);
}
