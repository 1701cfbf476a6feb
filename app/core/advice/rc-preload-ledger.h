/* rc-preload-ledger.h: what each `preload` name costs a boot (issue 20 §1).
 *
 * For every preload name: the packages only it brings into the closure (the closure of the
 * whole list minus the closure without it), their bytes as the locks know them, and, from a
 * boot's record, their bytes over the network and decoded, the name's loading_package step
 * and the import time of those packages' modules after the interpreter step (-X importtime's
 * after_imports; the import_before_seal steps when Python ran without it). Whether the boot
 * used it: import_before_seal imports one of its modules, or the prelude does (its text, and
 * the imports the boot recorded while the prelude ran).
 *
 * The candidate change follows from that: a name nothing at boot imports can be dropped; one
 * only import_before_seal imports can be dropped with that entry (a caveat: programs lose
 * it); one the prelude imports is kept (the prelude would fail without it). The saving is
 * not guessed here: the advise runner proves it with boots without the name.
 *
 * Pure data over the locks and a record: headless, tested from recorded fixtures.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "core/model/rc-dist-lock.h"
#include "core/model/rc-lock-overlay.h"
#include "core/record/rc-run-record.h"

G_BEGIN_DECLS

typedef enum
{
  RC_LEDGER_DROP,      /* nothing at boot imports it */
  RC_LEDGER_DROP_SEAL, /* only import_before_seal does: drop it there too */
  RC_LEDGER_KEEP,      /* the prelude imports it */
  RC_LEDGER_UNKNOWN,   /* not in either lock: the validator reports it */
} RcLedgerCandidate;

const char *rc_ledger_candidate_to_string (RcLedgerCandidate candidate); /* "drop", … */

typedef struct
{
  char *name;       /* as written in preload */
  GStrv exclusive;  /* lock keys only this name brings, in closure order */
  GStrv files;      /* their wheel file names */
  GStrv modules;    /* their top-level import names */
  gint64 lock_size; /* bytes of the wheels the locks can size; -1 none */
  guint n_missing;  /* exclusive wheels neither the overlay nor the distribution holds */
  gboolean seal;    /* import_before_seal imports one of its modules */
  gboolean prelude; /* the prelude imports one of them */
  RcLedgerCandidate candidate;
  /* From a boot (rc_preload_ledger_measure()); -1 unknown */
  gint64 wire_bytes;
  gint64 decoded_bytes;
  double load_ms;            /* its loading_package step */
  double import_ms;          /* its modules' imports after the interpreter step */
  gboolean imported_at_boot; /* the record shows one of its modules imported */
} RcLedgerEntry;

typedef struct
{
  GPtrArray *entries;  /* RcLedgerEntry, in preload order */
  char *run_id;        /* the record measured from, NULL before */
  gboolean importtime; /* the record had -X importtime */
} RcPreloadLedger;

/* The ledger of @preload against the locks (@overlay may be NULL), with @import_before_seal
 * and the @prelude text (NULL: none) deciding each candidate. */
RcPreloadLedger *rc_preload_ledger_new (RcDistLock *dist, RcLockOverlay *overlay,
                                        const char *const *preload,
                                        const char *const *import_before_seal, const char *prelude);
void rc_preload_ledger_free (RcPreloadLedger *self);

/* Fills the measured members from @record (a ready boot of the same community). */
void rc_preload_ledger_measure (RcPreloadLedger *self, const RcRunRecord *record);

/* The top-level module names a Python text imports (`import a.b, c`, `from d import e`):
 * a new array, each once, in order. Comments and strings are not parsed away: a prelude is
 * short, and a name it only mentions in a comment is kept (the safe side). */
GStrv rc_python_text_imports (const char *text);

/* "24.0 MB", "1.7 kB", "?" when negative (unknown). A new string. */
char *rc_ledger_format_bytes (double bytes);

/* The entry whose name is @name, or NULL. */
const RcLedgerEntry *rc_preload_ledger_find (const RcPreloadLedger *self, const char *name);

/* {run_id, importtime, entries: [{name, exclusive, files, modules, lock_size, missing, seal,
 * prelude, candidate, wire_bytes, decoded_bytes, load_ms, import_ms, imported_at_boot}]} */
JsonNode *rc_preload_ledger_to_json (const RcPreloadLedger *self);
/* A table for people, one line per name, with what is not known said so. A new string. */
char *rc_preload_ledger_format (const RcPreloadLedger *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcPreloadLedger, rc_preload_ledger_free)

G_END_DECLS
