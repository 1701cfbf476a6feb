/* rc-lock-overlay.h: a community's lock overlay (runtime/<x>-pyodide-lock.json).
 *
 * Loading parses the JSON, validates every rule of the spec (§4.1), then reads each
 * listed wheel and verifies its sha256 (§4.2), keeping the verified bytes in memory so
 * that a file changed on disk afterwards is never served. Loading never fails outright:
 * it returns an overlay that is either verified or not, and appends one RcDiagnostic per
 * problem. Nothing is ever written into the community folder.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "core/model/rc-dist-lock.h"

G_BEGIN_DECLS

#define RC_TYPE_LOCK_OVERLAY (rc_lock_overlay_get_type ())
G_DECLARE_FINAL_TYPE (RcLockOverlay, rc_lock_overlay, RC, LOCK_OVERLAY, GObject)

/* @community_dir: the community folder; @lockfile: runtime.python.lockfile, relative to it.
 * @diagnostics: a GPtrArray of RcDiagnostic (rc_diagnostics_new()); problems are appended.
 * Always returns an object. */
RcLockOverlay *rc_lock_overlay_load (const char *community_dir, const char *lockfile,
                                     GPtrArray *diagnostics);

/* TRUE when the overlay parsed, validated and every wheel matched its sha256. */
gboolean rc_lock_overlay_is_verified (RcLockOverlay *self);
/* TRUE when the overlay parsed and validated (the wheels may still have failed). */
gboolean rc_lock_overlay_is_valid (RcLockOverlay *self);
const char *rc_lock_overlay_get_lockfile (RcLockOverlay *self);
const char *rc_lock_overlay_get_community_dir (RcLockOverlay *self);

/* The entry under exactly @key, or NULL (also when the overlay did not validate). */
JsonObject *rc_lock_overlay_lookup (RcLockOverlay *self, const char *key);
/* Keys in JSON order; NULL-terminated, owned by the overlay (empty when invalid). */
const char *const *rc_lock_overlay_get_keys (RcLockOverlay *self);

/* A deep copy of {"packages": {…}} (for /config runtime_lock), or NULL when invalid. */
JsonNode *rc_lock_overlay_get_packages_json (RcLockOverlay *self);

/* The verified bytes of the wheel whose entry's file_name is exactly @file_name; NULL
 * when no entry names it or the overlay is not verified. Never a path join. */
GBytes *rc_lock_overlay_get_wheel (RcLockOverlay *self, const char *file_name);

/* §3.8 against the stock lock: an overlay key that is a stock key is an error
 * (overlay-replaces-stock); every depends name must be a stock or overlay key
 * (overlay-depends-unresolved). Appends to @diagnostics. */
void rc_lock_overlay_check_against (RcLockOverlay *self, RcDistLock *dist, GPtrArray *diagnostics);

/* Position of a JSON path inside the overlay file ("packages.x.sha256"), as recorded
 * while parsing. FALSE when unknown. */
gboolean rc_lock_overlay_get_position (RcLockOverlay *self, const char *json_path, guint *line,
                                       guint *column);

G_END_DECLS
