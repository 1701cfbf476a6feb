/* rc-compare.h: two reports compared step by step. */
#pragma once

#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

/* Step-aligned comparison of two reports (by step key, never by time). */
typedef struct
{
  char *key;
  gboolean in_a, in_b;
  RcStat a, b;       /* duration_ms */
  double delta_ms;   /* b.median - a.median */
  gboolean in_noise; /* both have several runs and the bands overlap */
} RcCompareRow;

typedef struct
{
  GPtrArray *warnings; /* char *: config/Pyodide/engine differ */
  GPtrArray *rows;     /* RcCompareRow, order of A then B-only steps */
  RcStat boot_a, boot_b;
  RcStat bytes_a, bytes_b;
  RcStat heap_a, heap_b;
  RcScenario scenario;
} RcComparison;

/* Compares @scenario's runs (cold if present in both, else the first common scenario when
 * @scenario is -1). */
RcComparison *rc_measurement_compare (const RcMeasurement *a, const RcMeasurement *b, int scenario);
void rc_comparison_free (RcComparison *self);
char *rc_comparison_format (const RcComparison *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcComparison, rc_comparison_free)

G_END_DECLS
