/* rc-export-interpreter.h: why the interpreter step costs what it does, per engine, side by
 * side: Python's first import, the imports, the slowest of them, the wasm code cache.
 *
 * Figures come from RcRunRecord.interpreter and the sub-phases; a report without them (no
 * --importtime, or written before) gets only what it has: nothing is estimated. */
#pragma once

#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

/* A Markdown section after the sub-phase table: one column per engine and scenario (ready runs
 * only, medians), or nothing when no run has interpreter facts. */
void rc_measurement_append_interpreter_markdown (const RcMeasurement *self, GString *out);
/* A few plain-text lines about @run's interpreter step for `boot` and `measure`, each
 * starting with @indent; "" when the record has nothing to say. A new string. */
char *rc_run_record_interpreter_text (const RcRunRecord *run, const char *indent);

G_END_DECLS
