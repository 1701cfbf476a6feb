/* rc-boot-plan.h: what the host page boots, and what a successful boot will request.
 *
 * The plan is the JSON the host page reads from /boot-plan.json:
 *   {worker: "builtin"|"osa", runtime: {runtime.python as /config sends it},
 *    lock: {packages, baseUrl} | null, bundle: "/osa-runtime.bundle.js" (osa only),
 *    compile: [{key, source}] (prelude oracle only),
 *    snapshot: "{cdn base}rc-snapshot-….bin" (the experimental snapshot scenario only),
 *    module: true when the worker must be a module worker (Pyodide 314 and later),
 *    pinned_pyodide: the configured version, when rc_boot_plan_set_pyodide() replaced it}
 * The lock's baseUrl is {api}/{community}/runtime/, as OSA's widget builds it.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "core/model/rc-community.h"

G_BEGIN_DECLS

#define RC_PYODIDE_CDN_ORIGIN "https://cdn.jsdelivr.net"
/* Pyodide 314 dropped classic workers: pyodide.asm.mjs comes by dynamic import(). */
#define RC_PYODIDE_FIRST_MODULE 314

#define RC_BOOT_PLAN_ERROR (rc_boot_plan_error_quark ())
GQuark rc_boot_plan_error_quark (void);

typedef enum
{
  RC_BOOT_PLAN_ERROR_NO_RUNTIME, /* no runtime.python, or /config would send none */
} RcBootPlanError;

/* The plan for @community on @deployment; @api_origin is the API base (with its mount path,
 * no trailing "/"). NULL + RC_BOOT_PLAN_ERROR_NO_RUNTIME when there is no runtime.python.
 * *note receives a sentence when /config itself would send no runtime (for the record). */
JsonObject *rc_boot_plan_build (RcCommunity *community, RcDeployment deployment,
                                const char *api_origin, const char *worker_kind, char **note,
                                GError **error);

/* Whether Pyodide @version ("314.0.8") boots only in a module worker. */
gboolean rc_boot_plan_version_is_module (const char *version);
/* Boots Pyodide @version instead of the configured one (a rehearsed upgrade): the plan's
 * runtime.pyodide_version becomes @version, the configured one is kept as pinned_pyodide,
 * and module follows @version. */
void rc_boot_plan_set_pyodide (JsonObject *plan, const char *version);
/* The plan's module member. */
gboolean rc_boot_plan_is_module (JsonObject *plan);

/* "https://cdn.jsdelivr.net/pyodide/v<version>/full/" for the plan's runtime. */
char *rc_boot_plan_index_url (JsonObject *plan);

/* fetch_allow of the plan's runtime (a new NULL-terminated vector). */
GStrv rc_boot_plan_fetch_allow (JsonObject *plan);

/* URLs a successful boot requests, in order: the host page files, the interpreter files,
 * then each overlay wheel. @page_base is the page origin. A GPtrArray of char *. */
GPtrArray *rc_boot_plan_expected_urls (JsonObject *plan, const char *page_base);

/* Renames the lock entries whose file_name is @file_name; returns how many. */
guint rc_boot_plan_rename_wheel (JsonObject *plan, const char *file_name,
                                 const char *new_file_name);

G_END_DECLS
