/* rc-history.h: every measurement of a community, kept in the user's data folder.
 *
 * Where: $RC_HISTORY_DIR, else g_get_user_data_dir()/runtime-console/history; never in the
 * community folder. One folder per community (its folder name and a hash of its canonical
 * path, so two checkouts with the same id keep apart), one report file per measurement,
 * named "<created, UTC>-<key>.json", the report exactly as `measure --json` writes it.
 *
 * The key groups measurements that can be compared: sha256 over the config.yaml sha256, the
 * Pyodide version, the engine (WebKitGTK version) and the policy (its sha256, or "none") of
 * the report's first run; its first 12 hex digits name it.
 *
 * Regressions: an entry's median of a step (and of the whole boot) in a scenario is marked
 * when it falls outside the noise band of the earlier entries with the same key: from the
 * lowest to the highest of their medians, widened on each side by a tolerance of 10 % of the
 * highest, at least 50 ms. It needs two earlier entries with that step; a median above the
 * band is slower (a regression), below it faster.
 */
#pragma once

#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

#define RC_HISTORY_ERROR (rc_history_error_quark ())
GQuark rc_history_error_quark (void);

typedef enum
{
  RC_HISTORY_ERROR_EMPTY,     /* no entry (or not the one asked for) */
  RC_HISTORY_ERROR_BAD_SPEC,  /* a history:DIR@N that does not parse */
  RC_HISTORY_ERROR_UNREADABLE /* the folder or an entry cannot be read or written */
} RcHistoryError;

#define RC_HISTORY_TOLERANCE_FRACTION 0.10
#define RC_HISTORY_TOLERANCE_MIN_MS   50.0
#define RC_HISTORY_MIN_EARLIER        2

typedef struct
{
  char *scenario; /* "cold" */
  char *step;     /* a step key, or "boot" for the whole boot */
  double median_ms;
  double band_min_ms, band_max_ms; /* the widened band */
  double tolerance_ms;
  guint earlier; /* entries the band came from */
  gboolean slower;
} RcHistoryMark;

typedef struct
{
  guint number; /* 1-based, oldest first */
  char *id;     /* the file's stem, "20261201T112005Z-1a2b3c4d5e6f" */
  char *path;
  char *key; /* 12 hex digits */
  char *config_sha256, *pyodide_version, *engine, *policy;
  RcMeasurement *report;
  GPtrArray *marks; /* RcHistoryMark, slower and faster */
} RcHistoryEntry;

void rc_history_entry_free (RcHistoryEntry *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcHistoryEntry, rc_history_entry_free)

/* The history root ($RC_HISTORY_DIR or the user data folder's). */
char *rc_history_root (void);
/* The folder of @community_dir's history (it may not exist yet). */
char *rc_history_folder (const char *community_dir);
/* The key of @report (12 hex digits), and its parts. */
char *rc_history_key (const RcMeasurement *report);

/* Keeps @report in @community_dir's history; returns the new entry's path. */
char *rc_history_record (const char *community_dir, const RcMeasurement *report, GError **error);
/* Every entry, oldest first (numbered), each with its marks. Empty (not an error) when the
 * community has no history; NULL and an error when an entry cannot be read. */
GPtrArray *rc_history_list (const char *community_dir, GError **error);
/* Computes every entry's marks against the earlier entries with its key (rc_history_list()
 * does it; exposed for tests). @entries oldest first. */
void rc_history_mark (GPtrArray *entries);

/* "history:DIR@N" (N: 1-based number, or a negative one counting from the newest: -1 the
 * latest), "history:DIR" (the latest) or "history:DIR@ID" (an entry's id): the entry's report
 * file. Anything else is returned as it is (a report file). */
char *rc_history_resolve (const char *spec, GError **error);
/* The path of @community_dir's latest entry, or NULL with RC_HISTORY_ERROR_EMPTY. */
char *rc_history_latest (const char *community_dir, GError **error);

G_END_DECLS
