/* rc-snapshot.h: the experimental snapshot scenario's memory snapshot, as the report keeps it.
 *
 * Pyodide 0.29 can boot from a memory snapshot of an initialised interpreter (private API:
 * loadPyodide({_makeSnapshot: true}) and makeMemorySnapshot() make one, loadPyodide
 * ({_loadSnapshot}) boots from it). `measure --scenario snapshot` makes one once
 * (rc-snapshot-maker.h), serves it from the emulated CDN beside the distribution's files and
 * boots from it cold ("snapshot") and warm ("snapshot-warm"). The snapshot holds the
 * interpreter only: preloads, import_before_seal and the prelude still load after it.
 * In the JSON report it is the optional "snapshot" member; "savings" are recomputed on
 * reading, from the runs.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "core/record/rc-run-record.h"

G_BEGIN_DECLS

typedef struct
{
  char *name;            /* the CDN file name, "rc-snapshot-0123456789ab.bin" */
  char *url;             /* where the boots fetched it: {cdn base}{name} */
  char *file;            /* where it lies on this machine (not in the report) */
  gint64 size_bytes;     /* -1 when it was not made */
  char *sha256;          /* of the file */
  double make_ms;        /* making it: a fresh interpreter's boot plus makeMemorySnapshot() */
  double snapshot_ms;    /* makeMemorySnapshot() alone; -1 unknown */
  char *made_with;       /* "node v20.20.2 (Pyodide 0.29.5)" */
  char *pyodide_version; /* "0.29.5" */
  char *refused;         /* NULL when made; else why no snapshot could be made */
} RcSnapshot;

RcSnapshot *rc_snapshot_new (void);
RcSnapshot *rc_snapshot_copy (const RcSnapshot *self);
void rc_snapshot_free (RcSnapshot *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcSnapshot, rc_snapshot_free)

/* What a snapshot boot saves against the plain boot of one engine. */
typedef struct
{
  const char *engine; /* borrowed */
  RcScenario plain;   /* cold or warm */
  RcScenario from;    /* snapshot or snapshot-warm */
  double plain_ms;    /* median boot_ms of the ready plain runs; -1 none */
  double snapshot_ms; /* the same from the snapshot; -1 none */
  guint plain_runs;   /* ready runs behind each median */
  guint snapshot_runs;
  guint snapshot_failed; /* snapshot runs that did not reach ready */
} RcSnapshotSaving;

/* One saving per engine and pair (cold/snapshot, warm/snapshot-warm) that has snapshot runs
 * in @runs (RcRunRecord): a GArray of RcSnapshotSaving whose engine strings @runs owns. */
GArray *rc_snapshot_savings (GPtrArray *runs);

JsonNode *rc_snapshot_to_json (const RcSnapshot *self, GPtrArray *runs);
/* NULL + error naming "snapshot.MEMBER" when a member is of the wrong type. */
RcSnapshot *rc_snapshot_from_json (JsonNode *node, GError **error);

/* "Snapshot (experimental): …" lines for the terminal summary and the Markdown report. */
void rc_snapshot_append_text (const RcSnapshot *self, GPtrArray *runs, GString *out);
void rc_snapshot_append_markdown (const RcSnapshot *self, GPtrArray *runs, GString *out);

/* The note a snapshot run's record carries. A new string. */
char *rc_snapshot_describe_boot (const RcSnapshot *self);

G_END_DECLS
