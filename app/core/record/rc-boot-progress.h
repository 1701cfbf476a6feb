/* rc-boot-progress.h: the worker's progress and ready messages (runtime-worker.md §2), typed.
 *
 * The one place their JSON is read for display: the boot and measure commands and the Boot
 * page all show progress from an RcBootProgress.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum
{
  RC_BOOT_PHASE_LOADING_RUNTIME, /* step 1: the interpreter downloads and starts */
  RC_BOOT_PHASE_RUNTIME_LOADED,  /* step 1 finishing: not a step of its own */
  RC_BOOT_PHASE_LOADING_PACKAGE,
  RC_BOOT_PHASE_INSTALLING,
  RC_BOOT_PHASE_IMPORTING,
  RC_BOOT_PHASE_PRELUDE,
  RC_BOOT_PHASE_READY, /* the ready message */
  RC_BOOT_PHASE_OTHER, /* a phase this build does not know: see phase_name */
} RcBootPhase;

/* From glib-mkenums (rc-core-enums.c), so the phase can be a property. */
GType rc_boot_phase_get_type (void);
#ifndef RC_TYPE_BOOT_PHASE
#define RC_TYPE_BOOT_PHASE (rc_boot_phase_get_type ())
#endif

typedef struct
{
  RcBootPhase phase;
  char *phase_name; /* as the worker sent it ("ready" for the ready message) */
  guint step, steps;
  char *package;     /* or NULL */
  char *module;      /* or NULL */
  char *version;     /* Pyodide version of a ready message, or NULL */
  double t_ms;       /* the page clock of the message (its rc.t), -1 unknown */
  double heap_bytes; /* rc.heap, -1 unknown */
} RcBootProgress;

/* NULL for any message other than progress and ready. */
RcBootProgress *rc_boot_progress_parse (JsonObject *message);
void rc_boot_progress_free (RcBootProgress *self);
/* The package or the module the step is about, or NULL. */
const char *rc_boot_progress_subject (const RcBootProgress *self);
/* The phase a step table shows the message under: runtime_loaded is step 1 (loading_runtime)
 * finishing; every other phase is its own name. */
const char *rc_boot_progress_step_phase (const RcBootProgress *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcBootProgress, rc_boot_progress_free)

G_END_DECLS
