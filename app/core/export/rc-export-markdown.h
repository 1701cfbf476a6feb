/* rc-export-markdown.h: a report as a dated "What it costs" section for a community README. */
#pragma once

#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

/* Markdown ready to paste: when, on what engine and machine, one column per scenario. */
char *rc_measurement_to_markdown (const RcMeasurement *self);

G_END_DECLS
