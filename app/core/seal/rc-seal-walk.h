/* rc-seal-walk.h: what the seal probe's walk (data/py/seal-walk.py) found, and the smallest
 * import_before_seal list that fixes it.
 *
 * The walk imports every public module of each preload's package once under the seal and
 * records, per failing import, the sealed module it reached and the stack of modules whose
 * top-level code was running then (outermost first). Importing any module of that stack
 * before the seal loads the one that imports the sealed module while its reference still
 * works, so the cover picks, greedily, the stack entry shared by most uncovered failures
 * (ties: a public name, then the outermost, then the alphabetically first). Entries must obey
 * the validator's rules (rc-config-runtime.c): dotted identifiers, the root a preload names
 * as its import name, each once, at most RC_MAX_IMPORT_BEFORE_SEAL. An entry that is the
 * package of another one is dropped: importing scipy.stats imports scipy first.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define RC_SEAL_WALK_ERROR (rc_seal_walk_error_quark ())
GQuark rc_seal_walk_error_quark (void);

typedef enum
{
  RC_SEAL_WALK_ERROR_INVALID, /* the walk's output is not what seal-walk.py writes */
} RcSealWalkError;

typedef struct
{
  char *name; /* top-level package */
  gboolean found;
  char *error;   /* why find_spec failed, or NULL */
  guint modules; /* modules walked */
} RcSealPackage;

typedef struct
{
  char *module;
  gboolean ok;
  char *error;   /* "ImportError: …", NULL when ok */
  char *reached; /* the sealed module the import reached ("ctypes"), NULL when none */
  GStrv stack;   /* modules running when it did, outermost first (empty when none) */
} RcSealImport;

typedef struct
{
  GPtrArray *packages; /* RcSealPackage */
  GPtrArray *imports;  /* RcSealImport, in the order they ran */
} RcSealWalk;

/* Parses the walk's JSON. */
RcSealWalk *rc_seal_walk_parse (const char *json, GError **error);
void rc_seal_walk_free (RcSealWalk *self);
/* Failed imports; with @sealed_only, only those that reached a sealed module. */
guint rc_seal_walk_count_failed (const RcSealWalk *self, gboolean sealed_only);

/* The top-level names import_before_seal may start with: each preload name canonicalised
 * (PEP 503) with "-" → "_", as the validator builds them. A new NULL-terminated vector. */
GStrv rc_seal_provided_roots (const char *const *preload);

/* The list to try next: @current plus the cover of @walk's sealed failures, parents of other
 * entries dropped. Sets *added to the number of new entries (0: the walk gives nothing to
 * add). Fails with RC_SEAL_WALK_ERROR_INVALID when more than RC_MAX_IMPORT_BEFORE_SEAL
 * entries would be needed (the message names them). */
GStrv rc_seal_cover (const RcSealWalk *walk, const char *const *current,
                     const char *const *provided, guint *added, GError **error);

/* {"packages": [...], "imports": [...], "failed": n} */
JsonNode *rc_seal_walk_to_json (const RcSealWalk *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcSealWalk, rc_seal_walk_free)

G_END_DECLS
