/* rc-boot-types.h: the boot layer's own words, below the engine and the browsers that run its
 * pages (rc-engine.h, rc-browser.h): the engine's error domain, boot modes, worker kinds,
 * engine states. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define RC_ENGINE_ERROR (rc_engine_error_quark ())
GQuark rc_engine_error_quark (void);

typedef enum
{
  RC_ENGINE_ERROR_BUSY,       /* a boot or an execution is already running */
  RC_ENGINE_ERROR_NO_RUNTIME, /* the community has no runtime.python (or /config sends none) */
  RC_ENGINE_ERROR_NO_BUNDLE,  /* worker-kind osa, but no OSA checkout around the community */
  RC_ENGINE_ERROR_SERVER,     /* the origin emulation could not start */
  RC_ENGINE_ERROR_NOT_READY,  /* execute before a successful boot */
  RC_ENGINE_ERROR_STOPPED,    /* rc_engine_stop() or dispose during the operation */
  RC_ENGINE_ERROR_PAGE,       /* the page could not be evaluated (web process gone) */
  RC_ENGINE_ERROR_NO_BROWSER, /* the chosen engine's browser is not installed */
} RcEngineError;

typedef enum
{
  RC_BOOT_MODE_COLD,         /* a network session with no website data, a new view and process */
  RC_BOOT_MODE_WARM,         /* the same session and view: the page is loaded again */
  RC_BOOT_MODE_WARM_RESTART, /* the same session (disk cache), a new view and web process */
} RcBootMode;

typedef enum
{
  RC_WORKER_KIND_BUILTIN, /* data/js/worker.js, our implementation of the contract */
  RC_WORKER_KIND_OSA,     /* OSA's frontend/osa-runtime.bundle.js, unchanged */
} RcWorkerKind;

typedef enum
{
  RC_ENGINE_STATE_IDLE,
  RC_ENGINE_STATE_BOOTING,
  RC_ENGINE_STATE_READY,
  RC_ENGINE_STATE_FAILED,
} RcEngineState;

const char *rc_boot_mode_to_string (RcBootMode mode); /* "cold", "warm", "warm-restart" */
gboolean rc_boot_mode_from_string (const char *text, RcBootMode *out);
const char *rc_worker_kind_to_string (RcWorkerKind kind); /* "builtin", "osa" */
gboolean rc_worker_kind_from_string (const char *text, RcWorkerKind *out);
const char *rc_engine_state_to_string (RcEngineState state);

G_END_DECLS
