/* rc-export-har.h: a report as HAR 1.2, with custom _run, _step and _verdict fields. */
#pragma once

#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

/* HAR 1.2: one page per run, one entry per resource verdict. */
JsonNode *rc_measurement_to_har (const RcMeasurement *self);

G_END_DECLS
