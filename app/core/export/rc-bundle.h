/* rc-bundle.h: what a reproduction bundle holds (`runtime-console bundle`), as named files.
 *
 * The community folder (every regular file below it, links and dot-files left out), the
 * policy, the report and its HAR, the environment with the exact replay command, and a
 * README saying how to replay. Writing the zip (libarchive) and drawing the charts are the
 * ui layer's (ui/rc-bundle-writer.h, shared by `bundle` and the window's boot.save-bundle);
 * this only decides the contents, so it is tested without either.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "core/chart/rc-chart-model.h"
#include "core/measurement/rc-measurement.h"

G_BEGIN_DECLS

#define RC_BUNDLE_ERROR (rc_bundle_error_quark ())
GQuark rc_bundle_error_quark (void);

typedef enum
{
  RC_BUNDLE_ERROR_FOLDER, /* a community file cannot be read, or the folder is too large */
  RC_BUNDLE_ERROR_POLICY, /* the report's policy cannot be recovered */
} RcBundleError;

typedef struct
{
  char *name; /* path inside the bundle, '/'-separated */
  GBytes *bytes;
} RcBundleFile;

void rc_bundle_file_free (RcBundleFile *self);

/* How the bundle's run is replayed: `runtime-console boot FOLDER` with these options. */
typedef struct
{
  char *folder;       /* the community folder's name inside the bundle */
  char *policy_name;  /* a preset name (replayed with --csp), "custom" or "none" */
  char *policy_text;  /* the policy sent (policy.txt), NULL for none */
  char *worker;       /* "builtin" | "osa" */
  char *deployment;   /* "production" | "develop" */
  char *distribution; /* NULL: the npm distribution; "live"; or the folder the run used */
} RcBundleReplay;

void rc_bundle_replay_clear (RcBundleReplay *self);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RcBundleReplay, rc_bundle_replay_clear)
/* The replay from the report's first run's environment. @policy_text: the policy's text
 * (recovered by the caller from a preset or --csp-text; NULL for none). */
void rc_bundle_replay_from_report (RcBundleReplay *self, const RcMeasurement *report,
                                   const char *folder, const char *policy_name,
                                   const char *policy_text);
/* The exact command ("runtime-console", "boot", FOLDER, options…), the policy inline. */
GStrv rc_bundle_replay_argv (const RcBundleReplay *self);

/* Every regular file below @dir (symbolic links and names starting with '.' are left out),
 * each named "@prefix/relative", in sorted order, read through rc_community_file_read(). */
GPtrArray *rc_bundle_community_files (const char *dir, const char *prefix, GError **error);

/* environment.json: the report's runs' environments, the replay command and what the bundle
 * was made with. A new node. */
JsonNode *rc_bundle_environment (const RcBundleReplay *replay, const RcMeasurement *report,
                                 const char *report_source);
/* README.md: what is in the bundle (@files: their names) and how to replay it. */
char *rc_bundle_readme (const RcBundleReplay *replay, const RcMeasurement *report,
                        const char *report_source, GPtrArray *files);

/* What a bundle is made from: the same for `bundle` and the window. */
typedef struct
{
  const char *dir;             /* the community folder */
  const RcMeasurement *report; /* the report bundled */
  GBytes *report_bytes;        /* report.json as bundled */
  const char *report_source;   /* where the report came from (environment.json, README) */
  const char *policy_name;     /* a preset name, "custom" or "none" */
  const char *policy_text;     /* the policy's text, NULL for none */
  GPtrArray *charts;           /* RcBundleFile "charts/KIND.svg" (rc_bundle_chart_kinds()) */
} RcBundleSource;

/* The charts a bundle holds, in order, and the width they are drawn at. */
#define RC_BUNDLE_CHART_WIDTH 960
const RcChartKind *rc_bundle_chart_kinds (guint *n_kinds);

/* Whether the file @output (which may not exist yet) would lie inside the folder @dir. */
gboolean rc_bundle_output_inside (const char *output, const char *dir);
/* The zip entries' modification time: when the report was made (now when it does not say). */
gint64 rc_bundle_report_time (const RcMeasurement *report);

/* Every file of the bundle, README.md last: the folder (as "FOLDER/…"), report.json,
 * report.har, @source->charts, policy.txt, environment.json. *@warning (may be NULL): a
 * sentence when the report was measured on another config.yaml than the folder's, else NULL. */
GPtrArray *rc_bundle_assemble (const RcBundleSource *source, char **warning, GError **error);

G_END_DECLS
