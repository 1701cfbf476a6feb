/* rc-export-provenance.h: what the figures were measured against, for the exports. */
#pragma once

#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

/* What the figures were measured against, for the exports (rc-export-provenance.c): the
 * distributions the runs used and the control's outcome; an invalid report says so first. */
void rc_measurement_append_provenance_markdown (const RcMeasurement *self, GString *out);
void rc_measurement_append_provenance_text (const RcMeasurement *self, GString *out);

G_END_DECLS
