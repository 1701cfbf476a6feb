/* rc-engine-info.c: the engine table, engine names and lists of them. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/record/rc-engine-info.h"

/* In RcEngineKind's order. The notes are record text, not translated (reports are data). */
static const RcEngineInfo engines[] = {
  { RC_ENGINE_KIND_WEBKIT, "webkit", "WebKitGTK", "WebKit", FALSE, TRUE,
    "webkit: JavaScriptCore starts WebAssembly in a lower tier and tiers hot functions up "
    "(BBQ, OMG) while Python runs: wasm-compile is the first tier only",
    "webkit: WebKitGTK has no API or event for compiled WebAssembly reuse; compare "
    "wasm-compile cold and warm",
    NULL },
  { RC_ENGINE_KIND_CHROMIUM, "chromium", "Chromium", "Chromium", TRUE, FALSE,
    "chromium: V8 compiles WebAssembly functions lazily with Liftoff on their first call and "
    "tiers hot ones up to TurboFan (v8.dev/docs/wasm-compilation-pipeline): wasm-compile is "
    "mostly decoding and validation, and function compilation falls into python-init",
    "chromium: its trace (v8.wasm events) is taken on warm boots with --importtime only; "
    "compare wasm-compile cold and warm",
    "chromium: no v8.wasm trace event for pyodide.asm.wasm had arrived when the boot ended "
    "(Chromium sends its trace after it ends, late on a busy machine)" },
  { RC_ENGINE_KIND_FIREFOX, "firefox", "Firefox", "Firefox", TRUE, FALSE,
    "firefox: SpiderMonkey compiles the whole module with its baseline compiler before the "
    "promise resolves and optimises with Ion in the background (tiered): wasm-compile is the "
    "baseline compile",
    "firefox: WebDriver BiDi has no event for compiled WebAssembly reuse; compare "
    "wasm-compile cold and warm",
    NULL },
};

const RcEngineInfo *
rc_engine_info_get (RcEngineKind kind)
{
  return kind < G_N_ELEMENTS (engines) ? &engines[kind] : NULL;
}

const RcEngineInfo *
rc_engine_info_lookup (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (engines); i++)
    if (g_strcmp0 (id, engines[i].id) == 0)
      return &engines[i];
  return NULL;
}

const char *
rc_engine_id_or_default (const char *id)
{
  return id != NULL ? id : RC_ENGINE_DEFAULT_ID;
}

const char *
rc_engine_display_name (const char *id)
{
  const RcEngineInfo *info = rc_engine_info_lookup (rc_engine_id_or_default (id));

  return info != NULL ? info->display_name : id;
}

const char *
rc_engine_short_name (const char *id)
{
  const RcEngineInfo *info = rc_engine_info_lookup (rc_engine_id_or_default (id));

  return info != NULL ? info->short_name : id;
}

gboolean
rc_engine_id_is_webkit (const char *id)
{
  const RcEngineInfo *info = rc_engine_info_lookup (rc_engine_id_or_default (id));

  return info != NULL && info->kind == RC_ENGINE_KIND_WEBKIT;
}

const char *
rc_engine_kind_to_string (RcEngineKind kind)
{
  const RcEngineInfo *info = rc_engine_info_get (kind);

  return info != NULL ? info->id : NULL;
}

gboolean
rc_engine_kind_from_string (const char *text, RcEngineKind *out)
{
  const RcEngineInfo *info = rc_engine_info_lookup (text);

  if (info != NULL)
    *out = info->kind;
  return info != NULL;
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
