/* rc-validator.h: every config.yaml rule of community-config.md §1–§3 (internal to core).
 *
 * rc_config_validate() checks a parsed config.yaml and fills RcConfigFacts with what the
 * community model needs afterwards: the values that passed, and the nodes, for positions of
 * the checks that need the distribution lock and the overlay (done in rc-community.c).
 */
#pragma once

#include "core/config/rc-config-check.h"
#include "core/config/rc-yaml.h"

G_BEGIN_DECLS

typedef enum
{
  RC_LIMIT_MEMORY_MB,
  RC_LIMIT_STDOUT_CHARS,
  RC_LIMIT_STDERR_CHARS,
  RC_LIMIT_IMAGES,
  RC_LIMIT_IMAGE_PX,
  RC_LIMIT_EXEC_SECONDS,
  RC_N_LIMITS
} RcLimit;

typedef struct
{
  const char *name;
  gint64 default_value;
  gint64 min;
  gint64 max; /* G_MAXINT64: no bound */
} RcLimitSpec;

const RcLimitSpec *rc_limit_spec (RcLimit limit);

#define RC_PYODIDE_PIN            "0.29.5"
#define RC_MAX_CLIENT_TOOLS       7
#define RC_MAX_PRELUDE_CHARS      4000
#define RC_MAX_IMPORT_BEFORE_SEAL 16

typedef struct
{
  char *id; /* stripped; NULL unless a string */
  char *name;
  char *description;
  RcYamlNode *client_tools; /* the extensions.client_tools list when it is one */
  guint n_client_tools;     /* well-formed entries */
  RcYamlNode *python;       /* runtime.python when it is a mapping */
  gboolean python_fields_ok;
  char *lockfile; /* when it passed the path rule */
  RcYamlNode *lockfile_node;
  RcYamlNode *preload;            /* list of str, when valid */
  RcYamlNode *import_before_seal; /* list of str, when the list itself is valid */
  gint64 limits[RC_N_LIMITS];     /* effective (defaults filled in) */
  gboolean limits_set[RC_N_LIMITS];
  GPtrArray *cors_origins; /* char*, as OSA keeps them */
} RcConfigFacts;

void rc_config_facts_clear (RcConfigFacts *facts);

/* root: the parsed config.yaml (a mapping). folder_name: the community folder's base name,
 * for the folder/id check. */
void rc_config_validate (RcYamlNode *root, const char *folder_name, RcCheck *c,
                         RcConfigFacts *facts);

/* The §3.2 path rule: NULL when fine, else the problem text (static). */
const char *rc_relative_path_problem (const char *path, const char *suffix);

/* A {production, develop} map names both and nothing else (deployment.py @ 44d2bf2); TRUE
 * when node is no map or a good one. Runs before type checks. */
gboolean rc_config_check_deployment_map (RcCheck *c, RcYamlNode *node, const char *path,
                                         const char *field);

/* An import_before_seal entry that passed its own checks (module name, root not sealed). */
gboolean rc_config_module_entry_ok (RcYamlNode *entry);

/* Per-section rules, one file each. */
void rc_config_check_runtime (RcCheck *c, RcYamlNode *runtime, RcConfigFacts *facts);
void rc_config_check_extensions (RcCheck *c, RcYamlNode *extensions, RcConfigFacts *facts);
void rc_config_check_notebook (RcCheck *c, RcYamlNode *notebook);
void rc_config_check_cross (RcCheck *c, RcYamlNode *root, RcConfigFacts *facts);
void rc_config_check_widget (RcCheck *c, RcYamlNode *widget);
void rc_config_check_budget (RcCheck *c, RcYamlNode *budget);

G_END_DECLS
