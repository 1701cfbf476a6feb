/* rc-boot-types.c: the boot layer's words as text (rc-boot-types.h). */
#include "config.h"

#include <gio/gio.h>

#include "boot/rc-boot-types.h"

/* Unformatted: clang-format would space the dashes of the quark's name. */
/* clang-format off */
G_DEFINE_QUARK (rc-engine-error-quark, rc_engine_error)
/* clang-format on */

const char *
rc_boot_mode_to_string (RcBootMode mode)
{
  static const char *const names[] = { "cold", "warm", "warm-restart" };

  return mode <= RC_BOOT_MODE_WARM_RESTART ? names[mode] : NULL;
}

gboolean
rc_boot_mode_from_string (const char *text, RcBootMode *out)
{
  for (RcBootMode m = RC_BOOT_MODE_COLD; m <= RC_BOOT_MODE_WARM_RESTART; m++)
    if (g_strcmp0 (text, rc_boot_mode_to_string (m)) == 0)
      {
        *out = m;
        return TRUE;
      }
  return FALSE;
}

const char *
rc_worker_kind_to_string (RcWorkerKind kind)
{
  return kind == RC_WORKER_KIND_OSA ? "osa" : "builtin";
}

gboolean
rc_worker_kind_from_string (const char *text, RcWorkerKind *out)
{
  if (g_strcmp0 (text, "builtin") == 0)
    *out = RC_WORKER_KIND_BUILTIN;
  else if (g_strcmp0 (text, "osa") == 0)
    *out = RC_WORKER_KIND_OSA;
  else
    return FALSE;
  return TRUE;
}

const char *
rc_engine_state_to_string (RcEngineState state)
{
  static const char *const names[] = { "idle", "booting", "ready", "failed" };

  return state <= RC_ENGINE_STATE_FAILED ? names[state] : NULL;
}
