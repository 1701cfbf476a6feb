/* rc-csp-presets.h: the named Content-Security-Policy presets (data/presets/csp-presets.json).
 *
 * The OSA browser harness's variants (runtime-worker.md §5.2) and "none". Only the lookup
 * lives here; analysing a policy is rc-csp.h's job.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define RC_CSP_PRESETS_ERROR (rc_csp_presets_error_quark ())
GQuark rc_csp_presets_error_quark (void);

typedef enum
{
  RC_CSP_PRESETS_ERROR_INVALID,   /* the presets file cannot be read or has a bad shape */
  RC_CSP_PRESETS_ERROR_NOT_FOUND, /* no preset by that name */
} RcCspPresetsError;

typedef struct
{
  char *name;
  char *description;
  char *policy; /* NULL: send no Content-Security-Policy header */
} RcCspPreset;

void rc_csp_preset_free (RcCspPreset *preset);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RcCspPreset, rc_csp_preset_free)

/* Every preset, in file order (RcCspPreset*). Reads the compiled-in resource when the
 * program has one, else rc_paths_data_file ("presets/csp-presets.json"). */
GPtrArray *rc_csp_presets_load (GError **error);
/* Parses a presets document (for tests and custom files); @origin names it in errors. */
GPtrArray *rc_csp_presets_parse (const char *json, gssize length, const char *origin,
                                 GError **error);
/* The preset called @name (case-sensitive); the error lists the known names. */
RcCspPreset *rc_csp_presets_lookup (const char *name, GError **error);

G_END_DECLS
