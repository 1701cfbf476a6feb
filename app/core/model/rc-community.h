/* rc-community.h: one community folder, loaded and checked as OSA's server would.
 *
 * rc_community_load() reads config.yaml, the distribution lock and the lock overlay, runs
 * every rule of community-config.md and keeps the diagnostics. The model is immutable after
 * loading; reload to see changes on disk. Nothing is ever written into the folder.
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "core/base/rc-fix.h"

G_BEGIN_DECLS

/* The lock helper's types (rc-lock-overlay.h, rc-dist-lock.h). Declared by struct tag so this
 * header does not depend on theirs; G_DECLARE_* produces the same typedefs. */
typedef struct _RcLockOverlay RcLockOverlay;
typedef struct _RcDistLock RcDistLock;

typedef enum
{
  RC_DEPLOYMENT_PRODUCTION,
  RC_DEPLOYMENT_DEVELOP,
} RcDeployment;

#define RC_COMMUNITY_ERROR (rc_community_error_quark ())
GQuark rc_community_error_quark (void);

typedef enum
{
  RC_COMMUNITY_ERROR_NO_FOLDER,    /* the folder does not exist or is not a directory */
  RC_COMMUNITY_ERROR_NO_CONFIG,    /* no readable config.yaml in it */
  RC_COMMUNITY_ERROR_DISTRIBUTION, /* the Pyodide distribution lock cannot be read */
  RC_COMMUNITY_ERROR_DEPLOYMENT,   /* OSA_DEPLOYMENT names no deployment */
} RcCommunityError;

/* "production" / "develop" */
const char *rc_deployment_to_string (RcDeployment d);
/* Strips whitespace and lower-cases first, so " Develop " is develop. */
gboolean rc_deployment_from_string (const char *text, RcDeployment *out);
/* OSA's current_deployment() (spec §3.4): OSA_DEPLOYMENT when it is non-empty after
 * stripping (anything but production/develop is an RC_COMMUNITY_ERROR_DEPLOYMENT error with
 * OSA's text); otherwise develop when ROOT_PATH, stripped of whitespace and trailing '/',
 * equals "/osa-dev"; otherwise production. */
gboolean rc_deployment_from_environment (RcDeployment *out, GError **error);

#define RC_TYPE_COMMUNITY (rc_community_get_type ())
G_DECLARE_FINAL_TYPE (RcCommunity, rc_community, RC, COMMUNITY, GObject)

/* NULL + error only when it cannot run at all (no folder, no config.yaml, distribution
 * unreadable): the CLI's exit 2. distribution_dir NULL = rc_paths_default_distribution().
 * Everything else, including YAML syntax errors, is a diagnostic. */
RcCommunity *rc_community_load (const char *dir, const char *distribution_dir,
                                RcDeployment deployment, GError **error);
/* The same with @config_text (@length bytes, -1: NUL-terminated) as config.yaml instead of
 * the file: the window validates an edited, unsaved buffer with it. */
RcCommunity *rc_community_load_text (const char *dir, const char *distribution_dir,
                                     RcDeployment deployment, const char *config_text,
                                     gssize length, GError **error);

/* A first run without tools/setup.sh: what can be checked without a distribution (config.yaml's
 * rules, the overlay's wheels and their sha256s), with a note "distribution-missing" naming
 * what was not; rc_community_get_dist_lock() is NULL (nothing to boot). @config_text NULL:
 * read config.yaml. @distribution_dir NULL: rc_paths_default_distribution(), for the note. */
RcCommunity *rc_community_load_without_distribution (const char *dir, const char *distribution_dir,
                                                     RcDeployment deployment,
                                                     const char *config_text, GError **error);

/* The quick fix (rc-fix.h, resolved on config.yaml's text) that makes
 * runtime.python.import_before_seal exactly @modules: the key's line(s) replaced by one flow
 * list, or the key added first in runtime.python. NULL without a block runtime.python
 * (rc-community-fix.c). */
RcFix *rc_community_fix_import_before_seal (RcCommunity *self, const char *const *modules);
/* The same for any runtime.python @key: `key: value` (@value as YAML text, "[a, b]"), with
 * @label saying what it does. NULL without a block runtime.python. */
RcFix *rc_community_fix_python_key (RcCommunity *self, const char *key, const char *value,
                                    const char *label);

const char *rc_community_get_dir (RcCommunity *self);
const char *rc_community_get_distribution_dir (RcCommunity *self);
/* The id as OSA keeps it (stripped); NULL when missing or not a string. */
const char *rc_community_get_id (RcCommunity *self);
const char *rc_community_get_name (RcCommunity *self);
const char *rc_community_get_description (RcCommunity *self);
/* The deployment given to rc_community_load(). */
RcDeployment rc_community_get_deployment (RcCommunity *self);
/* config.yaml as read (for the UI's source view). */
const char *rc_community_get_config_text (RcCommunity *self);
/* Lower-case hex SHA-256 of config.yaml's bytes. */
char *rc_community_get_config_sha256 (RcCommunity *self);

/* RcDiagnostic*, sorted by file, line, column; owned by self. */
GPtrArray *rc_community_get_diagnostics (RcCommunity *self);
/* No error-severity diagnostics (warnings and notes are allowed). */
gboolean rc_community_is_valid (RcCommunity *self);

/* Findings made outside the folder (the merged site lock of an OSA checkout,
 * rc_checkout_check_site_lock_of()): adds copies of @diagnostics (RcDiagnostic*), keeping the
 * list sorted. Call it before handing the community on: the model is otherwise immutable. */
void rc_community_add_diagnostics (RcCommunity *self, GPtrArray *diagnostics);

/* The preludes were compiled elsewhere (the boot engine's prelude oracle): drops every
 * `prelude-not-compiled` note and adds @compile_diagnostics (RcDiagnostic*, copied; empty
 * when every prelude compiled), keeping the list sorted. */
void rc_community_add_prelude_results (RcCommunity *self, GPtrArray *compile_diagnostics);

/* At least one well-formed extensions.client_tools entry. */
gboolean rc_community_has_client_tools (RcCommunity *self);
/* extensions.client_tools for the overview: a new array of objects
 * {name, runtime, requires_permission, description}, with requires_permission defaulted to
 * true. Entries that are not mappings are skipped; missing string members are "". */
JsonArray *rc_community_get_client_tools (RcCommunity *self);

/* runtime.python as /config sends it (spec §5): all ten keys, limits with all six members and
 * defaults filled in, fetch_allow/prelude resolved for d. A new object; NULL when
 * runtime.python is absent or null. Values that failed validation are sent as written,
 * except limits, which show the default instead. */
JsonObject *rc_community_get_runtime_python (RcCommunity *self, RcDeployment d);
/* Whether a runtime.python field takes its default because config.yaml does not set it.
 * key is a top-level field ("preload_on", "limits") or a limit ("limits.exec_seconds").
 * FALSE when runtime.python is absent. */
gboolean rc_community_runtime_field_is_default (RcCommunity *self, const char *key);

/* The /config subset {id, name, description, client_tools, runtime, runtime_lock}. The last
 * three are [] / null / null when there are no client tools or the overlay does not verify
 * (spec §5), and also when OSA_CLIENT_TOOLS_DISABLED is on (the kill switch, read live as
 * the server does); runtime_lock is null without a lockfile. A new node. */
JsonNode *rc_community_build_config_payload (RcCommunity *self, RcDeployment d);

/* cors_origins as OSA keeps them (blanks dropped, duplicates removed, invalid ones left out).
 * A new NULL-terminated array (g_strfreev), maybe empty. */
GStrv rc_community_get_cors_origins (RcCommunity *self);

/* config.yaml has a notebook section (not null): the notebook site merges its overlay. */
gboolean rc_community_has_notebook (RcCommunity *self);

/* The lock overlay (verified or not; see rc_lock_overlay_is_verified()); NULL when
 * runtime.python.lockfile is absent or fails the path rule. Owned by self. */
RcLockOverlay *rc_community_get_overlay (RcCommunity *self);
/* The distribution lock the community was checked against. Owned by self. */
RcDistLock *rc_community_get_dist_lock (RcCommunity *self);
/* The preload closure (RcClosureEntry*, rc-closure.h), in boot order; empty when nothing is
 * preloaded or the preload does not resolve. Owned by self. */
GPtrArray *rc_community_get_closure (RcCommunity *self);

/* Where a config.yaml key path ("runtime.python.preload[1]") is written: the value's
 * 1-based line and column. FALSE when the path is not in the file. */
gboolean rc_community_lookup_position (RcCommunity *self, const char *path, guint *line,
                                       guint *column);

G_END_DECLS
