/* rc-engine-info.c: engine names and lists of them. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/record/rc-engine-info.h"

static const char *const kind_names[] = { "webkit", "chromium", "firefox" };

const char *
rc_engine_kind_to_string (RcEngineKind kind)
{
  return kind <= RC_ENGINE_KIND_FIREFOX ? kind_names[kind] : NULL;
}

gboolean
rc_engine_kind_from_string (const char *text, RcEngineKind *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_names); i++)
    if (g_strcmp0 (text, kind_names[i]) == 0)
      {
        *out = (RcEngineKind) i;
        return TRUE;
      }
  return FALSE;
}

GArray *
rc_engine_kinds_parse (const char *const *lists, GError **error)
{
  g_autoptr (GArray) kinds = g_array_new (FALSE, FALSE, sizeof (RcEngineKind));

  for (guint i = 0; lists != NULL && lists[i] != NULL; i++)
    {
      g_auto (GStrv) names = g_strsplit (lists[i], ",", -1);

      for (guint j = 0; names[j] != NULL; j++)
        {
          const char *name = g_strstrip (names[j]);
          RcEngineKind kind;
          gboolean seen = FALSE;

          if (!rc_engine_kind_from_string (name, &kind))
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _ ("unknown engine “%s”: use webkit, chromium or firefox"), name);
              return NULL;
            }
          for (guint k = 0; k < kinds->len; k++)
            seen |= g_array_index (kinds, RcEngineKind, k) == kind;
          if (!seen)
            g_array_append_val (kinds, kind);
        }
    }
  return g_steal_pointer (&kinds);
}
