/* fuzz-common.h: what every libFuzzer target shares (tests/fuzz/README.md says how to run).
 *
 * A GLib critical or warning is a bug the fuzzer must see: it is made fatal (an abort that
 * libFuzzer reports with the input), as is every sanitizer report.
 */
#pragma once

#include <glib.h>
#include <stdint.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static inline void
rc_fuzz_init (void)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  g_setenv ("RC_DIST_LOCK_CACHE", "0", TRUE);
}

/* The input as a NUL-terminated string (inputs may hold NULs: the text ends at the first). */
static inline char *
rc_fuzz_text (const uint8_t *data, size_t size)
{
  return g_strndup ((const char *) data, size);
}
