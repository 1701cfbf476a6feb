/* rc-test-har.h: HAR 1.2 shape checks shared by the export and measure tests. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The fields HAR 1.2 requires of an entry, timings that add up to its time, and the custom
 * _step and _verdict fields. */
void rc_test_assert_har_entry (JsonObject *entry);
/* log.version 1.2, log.creator {name, version}, log.pages, and every entry's shape. */
void rc_test_assert_har_log (JsonNode *har);
/* The entry of run @run whose URL ends in @file; fails the test when there is none. */
JsonObject *rc_test_har_entry (JsonArray *entries, const char *run, const char *file);

G_END_DECLS
