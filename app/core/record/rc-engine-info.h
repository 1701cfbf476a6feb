/* rc-engine-info.h: which browser engine boots the page, and the facts about each engine in
 * one table (its id in reports, its names, whether it has a view), so no file compares engine
 * names of its own. */
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

typedef struct
{
  RcEngineKind kind;
  const char *id;           /* in reports and options: "webkit", "chromium", "firefox" */
  const char *display_name; /* "WebKitGTK", "Chromium", "Firefox": charts and exports */
  const char *short_name;   /* "WebKit", "Chromium", "Firefox": the control's title */
  gboolean headless;        /* FALSE: boots in the console's own view (WebKit) */
  /* Major versions are the first number, except WebKitGTK's (always 2: its releases are told
   * apart by the minor one, "2.50"). */
  gboolean minor_is_release;
  /* How it compiles WebAssembly, from its makers' documentation (a record's note when a boot
   * measured wasm-compile): wasm-compile covers different work in each. */
  const char *compile_note;
  /* Why a record has no word from it on its wasm code cache ("not-reported"), and, for an
   * engine that traces it on warm boots with --importtime, why such a boot has none. */
  const char *wasm_cache_note;
  const char *wasm_trace_late_note;
} RcEngineInfo;

/* Reports written before engines were recorded are WebKit's. */
#define RC_ENGINE_DEFAULT_ID "webkit"

const RcEngineInfo *rc_engine_info_get (RcEngineKind kind);
/* The engine with @id, or NULL for an id no engine has (a report from a newer console). */
const RcEngineInfo *rc_engine_info_lookup (const char *id);
/* @id, or RC_ENGINE_DEFAULT_ID when a report did not say (NULL). */
const char *rc_engine_id_or_default (const char *id);
/* The engine's display name; an unknown @id is its own name, NULL is WebKit's. */
const char *rc_engine_display_name (const char *id);
/* The same for the short name. */
const char *rc_engine_short_name (const char *id);
/* Whether @id (NULL: the default) is the WebKit engine, whose records keep webkit_version. */
gboolean rc_engine_id_is_webkit (const char *id);

G_END_DECLS
