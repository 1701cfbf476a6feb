/* rc-dist-lock.h: the Pyodide distribution's own pyodide-lock.json (the "stock" lock).
 *
 * The validator checks a community's preload names and overlay against it, and the
 * closure is computed through its `depends`. The npm distribution ships the lock but no
 * package wheels, so whether a wheel file is present is asked separately.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define RC_DIST_LOCK_ERROR (rc_dist_lock_error_quark ())
GQuark rc_dist_lock_error_quark (void);

typedef enum
{
  RC_DIST_LOCK_ERROR_UNREADABLE, /* pyodide-lock.json missing or unreadable */
  RC_DIST_LOCK_ERROR_INVALID,    /* not JSON, or not the shape of a Pyodide lock */
} RcDistLockError;

#define RC_TYPE_DIST_LOCK (rc_dist_lock_get_type ())
G_DECLARE_FINAL_TYPE (RcDistLock, rc_dist_lock, RC, DIST_LOCK, GObject)

/* Reads <distribution_dir>/pyodide-lock.json. Errors name the file. */
RcDistLock *rc_dist_lock_load (const char *distribution_dir, GError **error);

const char *rc_dist_lock_get_dir (RcDistLock *self);
/* The path of pyodide-lock.json. */
const char *rc_dist_lock_get_path (RcDistLock *self);
/* info.python, e.g. "3.13.2", or NULL when the lock does not say. */
const char *rc_dist_lock_get_python_version (RcDistLock *self);
/* info.version (Pyodide's own version) when the lock records it, else NULL. */
const char *rc_dist_lock_get_version (RcDistLock *self);
/* info.abi_version ("2025_0" for 0.29, "2026_0" for 314) and info.platform
 * ("emscripten_4_0_9"): what a binary wheel's platform tag must name. NULL when absent. */
const char *rc_dist_lock_get_abi_version (RcDistLock *self);
const char *rc_dist_lock_get_platform (RcDistLock *self);
/* Whether this load came from the parsed-lock cache in the user's cache folder. */
gboolean rc_dist_lock_get_from_cache (RcDistLock *self);

/* The entry stored under exactly @key (lock keys are canonical names), or NULL.
 * Owned by the lock. */
JsonObject *rc_dist_lock_lookup (RcDistLock *self, const char *key);
/* Like lookup, but canonicalises @name first (PEP 503, as Pyodide's loadPackage does). */
JsonObject *rc_dist_lock_lookup_name (RcDistLock *self, const char *name);
gboolean rc_dist_lock_contains (RcDistLock *self, const char *key);

/* All keys, in the lock file's order. Owned by the lock; NULL-terminated. */
const char *const *rc_dist_lock_get_keys (RcDistLock *self);
guint rc_dist_lock_get_n_packages (RcDistLock *self);

/* Whether <dir>/@file_name exists as a regular file. @file_name must be a bare name
 * (no '/'); anything else is FALSE. */
gboolean rc_dist_lock_has_wheel_file (RcDistLock *self, const char *file_name);
/* Size in bytes of that wheel file, or -1 when it is not present. */
gint64 rc_dist_lock_get_wheel_size (RcDistLock *self, const char *file_name);

/* Lower-case hex SHA-256 of pyodide-lock.json as it is on disk now (what the CDN serves),
 * or NULL when it cannot be read. A new string. */
char *rc_dist_lock_file_sha256 (RcDistLock *self);

/* PEP 503: every run of [-_.] becomes '-', then lower-case. */
char *rc_canonicalize_name (const char *name);

G_END_DECLS
