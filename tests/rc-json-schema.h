/* rc-json-schema.h: a validator for the subset of JSON Schema 2020-12 that
 * data/schema/run-report-v2.schema.json uses: type (a name or a list), const, enum, required,
 * properties, items, minimum and local $ref ("#/$defs/name"). Any other keyword in the schema
 * is reported as unsupported, so the subset cannot silently shrink what is checked. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Returns the problems found ("$.runs[0].steps[1].phase: … "), empty when @instance is valid. */
GPtrArray *rc_json_schema_validate (JsonNode *schema, JsonNode *instance);

G_END_DECLS
