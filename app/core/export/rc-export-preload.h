/* rc-export-preload.h: the preload_on simulation as a table in the text and Markdown exports. */
#pragma once

#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

/* One simulation per engine when there are several: a reader waits in one browser. */
void rc_measurement_append_preload_text (const RcMeasurement *self, GString *out);
void rc_measurement_append_preload_markdown (const RcMeasurement *self, GString *out);

G_END_DECLS
