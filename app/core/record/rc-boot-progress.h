/* rc-boot-progress.h: the worker's progress and ready messages (runtime-worker.md §2), typed.
 *
 * The engine reads each progress and ready message once (rc_worker_message_read_progress(),
 * range-checked) and emits it as an RcBootProgress: the boot and measure commands, the Boot
 * page and the run record all take it from there, none of them reads the JSON again.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <glib-object.h>

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
  char *package; /* or NULL */
  char *module;  /* or NULL */
  char *version; /* Pyodide version of a ready message, or NULL */
  char *probe;   /* rc.probe: who stamped the message ("heap-probe" in OSA's bundle), or NULL */
  double t_ms;   /* the page clock of the message (its rc.t), -1 unknown */
  gint64 heap;   /* rc.heap in bytes, -1 unknown */
} RcBootProgress;

/* A boxed type, so the engine's "progress" signal can carry it. */
GType rc_boot_progress_get_type (void);
#define RC_TYPE_BOOT_PROGRESS (rc_boot_progress_get_type ())

/* The phase of a worker's phase name ("runtime_loaded", …; "ready" for the ready message):
 * the one table of the names. RC_BOOT_PHASE_OTHER for NULL or a name this build does not know. */
RcBootPhase rc_boot_phase_from_name (const char *name);

/* A progress message of @phase_name (or the ready message for "ready"), with nothing else
 * known yet: t_ms and heap -1, steps 0. */
RcBootProgress *rc_boot_progress_new (const char *phase_name);
RcBootProgress *rc_boot_progress_copy (const RcBootProgress *self);
void rc_boot_progress_free (RcBootProgress *self);
/* The package or the module the step is about, or NULL. */
const char *rc_boot_progress_subject (const RcBootProgress *self);
/* The phase a step table shows the message under: runtime_loaded is step 1 (loading_runtime)
 * finishing; every other phase is its own name. */
const char *rc_boot_progress_step_phase (const RcBootProgress *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcBootProgress, rc_boot_progress_free)

G_END_DECLS
