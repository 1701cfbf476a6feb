/* rc-export-connections.h: connections per run and origin, in the exports. */
#pragma once

#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

/* One line for @run: "4 connections, 3 TLS handshakes, 21 requests (5.2 per connection):
 * https://nemar.org 2 / 1 TLS / 5 (2.5), …", and the engine's disagreement if any; NULL
 * when its records carry no connections. A new string. */
char *rc_run_connections_describe (const RcRunRecord *run);

/* Connections per run and origin (rc-export-connections.c). */
void rc_measurement_append_connections_text (const RcMeasurement *self, GString *out);
void rc_measurement_append_connections_markdown (const RcMeasurement *self, GString *out);

G_END_DECLS
