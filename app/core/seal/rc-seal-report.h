/* rc-seal-report.h: the outcome of `runtime-console probe` (app/boot/rc-seal-probe.c): what
 * failed under the seal with the community's own import_before_seal, the list recommended
 * and checked by re-booting with it, and what that list costs at boot.
 *
 * JSON: {"schema": "runtime-console/seal-probe", "version": 1, "community", "packages",
 *        "configured": [...], "first": walk, "recommended": [...] | null,
 *        "checked": walk | null, "boots", "cost": {...}, "problem", "ok"}
 */
#pragma once

#include "core/seal/rc-seal-walk.h"

G_BEGIN_DECLS

#define RC_SEAL_REPORT_SCHEMA "runtime-console/seal-probe"

typedef struct
{
  double boot_ms;    /* host wall clock to ready, -1 unknown */
  gint64 heap_bytes; /* heap after boot, -1 unknown */
  double import_ms;  /* the import_before_seal steps together, 0 without any */
} RcSealBootCost;

typedef struct
{
  char *community;
  GStrv packages;      /* the top-level packages walked */
  GStrv configured;    /* the community's import_before_seal */
  RcSealWalk *first;   /* under the configured list */
  GStrv recommended;   /* the list that made every import pass, NULL when none did */
  RcSealWalk *checked; /* under the last list tried (the recommendation when it passed) */
  GStrv tried;         /* that last list, NULL when no re-boot ran */
  guint boots;
  RcSealBootCost base, with; /* the first boot; the boot with the last list tried */
  char *problem;             /* why there is no recommendation, or NULL */
} RcSealReport;

RcSealReport *rc_seal_report_new (const char *community);
void rc_seal_report_free (RcSealReport *self);
/* TRUE when every walked module imports under the recommended (or configured) list. */
gboolean rc_seal_report_ok (const RcSealReport *self);
JsonNode *rc_seal_report_to_json (const RcSealReport *self);
/* The terminal text: failures of the first walk with what each reached, the recommendation
 * as a YAML line to paste, the check and the cost. */
char *rc_seal_report_format (const RcSealReport *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcSealReport, rc_seal_report_free)

G_END_DECLS
