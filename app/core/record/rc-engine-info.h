/* rc-engine-info.h: which browser engine boots the page. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  RC_ENGINE_KIND_WEBKIT,   /* WebKitGTK, in this process's view (the default) */
  RC_ENGINE_KIND_CHROMIUM, /* Debian's chromium, headless, over the DevTools protocol */
  RC_ENGINE_KIND_FIREFOX,  /* Debian's firefox-esr, headless, over WebDriver BiDi */
} RcEngineKind;

/* From glib-mkenums (rc-core-enums.c). */
GType rc_engine_kind_get_type (void);
#ifndef RC_TYPE_ENGINE_KIND
#define RC_TYPE_ENGINE_KIND (rc_engine_kind_get_type ())
#endif

const char *rc_engine_kind_to_string (RcEngineKind kind); /* "webkit", "chromium", "firefox" */
gboolean rc_engine_kind_from_string (const char *text, RcEngineKind *out);
/* "webkit,chromium" (also repeated options joined by commas) → GArray of RcEngineKind in
 * the given order, duplicates dropped; an unknown name is a G_OPTION_ERROR naming the valid
 * ones. */
GArray *rc_engine_kinds_parse (const char *const *lists, GError **error);

G_END_DECLS
