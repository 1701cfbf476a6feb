/* rc-closure.h: what a community's `preload` list really installs.
 *
 * Pyodide installs each preload name and, transitively, its lock entry's `depends`.
 * The closure is that set in a deterministic order: preload order, depth-first
 * (dependencies after the package that needs them), each key once.
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "core/model/rc-dist-lock.h"
#include "core/model/rc-lock-overlay.h"

G_BEGIN_DECLS

typedef struct
{
  char *key;  /* canonical lock key */
  char *name; /* the entry's name */
  char *version;
  char *file_name;
  char *sha256;
  gboolean overlay; /* TRUE when the entry comes from the community's overlay */
  GStrv imports;
  GStrv depends;
  char *required_by; /* the key that pulled it in; NULL for a preload name itself */
  gint64 size;       /* bytes when known (wheel in overlay or in the dist folder), else -1 */
} RcClosureEntry;

#define RC_TYPE_CLOSURE_ENTRY (rc_closure_entry_get_type ())
GType rc_closure_entry_get_type (void) G_GNUC_CONST;

RcClosureEntry *rc_closure_entry_copy (const RcClosureEntry *self);
void rc_closure_entry_free (RcClosureEntry *self);

/* A GPtrArray of RcClosureEntry. Names are canonicalised for lookup as Pyodide does; a
 * name found in neither lock is skipped (the validator reports it). @overlay may be NULL. */
GPtrArray *rc_preload_closure (RcDistLock *dist, RcLockOverlay *overlay,
                               const char *const *preload);

/* The closure as a JSON array of {key, name, version, file_name, sha256, source:
 * "overlay"|"distribution", imports, depends, required_by (null for preload names),
 * size (null when unknown)}. */
JsonNode *rc_closure_to_json (GPtrArray *closure);

/* Sum of the known sizes; *n_unknown receives how many entries had none. */
gint64 rc_closure_total_size (GPtrArray *closure, guint *n_unknown);

/* The closure's size for people: "3.1 MB", "3.1 MB + 2 unknown" when some sizes are
 * missing (never a total that silently leaves them out), "unknown" when none is known.
 * A new string. */
char *rc_closure_format_size (GPtrArray *closure);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcClosureEntry, rc_closure_entry_free)

G_END_DECLS
