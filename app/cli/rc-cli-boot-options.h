/* rc-cli-boot-options.h: the options every command that boots takes alike (boot, measure,
 * probe): the policy, the worker, the engine, the deadline, the deployment and the network
 * (distribution, live, data), with one help text each, one check before anything boots and
 * one function that configures an engine from them.
 */
#pragma once

#include <glib.h>

#include "boot/rc-engine.h"
#include "core/model/rc-community.h"
#include "serve/rc-server.h"

G_BEGIN_DECLS

typedef struct
{
  /* As given */
  char *csp;
  char *csp_text;
  char *worker;
  char *deployment;
  char *distribution;
  char *pyodide; /* --pyodide VERSION: a candidate to boot instead of the pinned one */
  GStrv engines; /* --engine, each a name or a comma-separated list */
  GStrv data;
  gboolean live;
  double deadline;

  /* Resolved by rc_cli_boot_options_check () */
  char *policy_name; /* the preset's name, "custom" for --csp-text, "none" */
  char *policy;      /* NULL: no policy */
  RcWorkerKind worker_kind;
  RcDeployment deployment_kind;
  GArray *engine_kinds; /* RcEngineKind, at least one (webkit) */
} RcCliBootOptions;

void rc_cli_boot_options_init (RcCliBootOptions *self);
void rc_cli_boot_options_clear (RcCliBootOptions *self);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RcCliBootOptions, rc_cli_boot_options_clear)

/* Adds the options to @context's main group (so `--help` lists them), after the entries
 * already there. */
void rc_cli_boot_options_add (RcCliBootOptions *self, GOptionContext *context);
/* Checks every value and resolves it, before anything boots; a bad one is a
 * G_OPTION_ERROR naming it. @many_engines: --engine may name several (measure). */
gboolean rc_cli_boot_options_check (RcCliBootOptions *self, gboolean many_engines, GError **error);
/* The community in @dir with the chosen distribution and deployment. With --pyodide, an
 * overlay wheel whose platform tag does not fit the candidate's ABI is an error here, before
 * anything boots. */
/* @version's distribution in the user's cache (tools/setup.sh --pyodide VERSION): its folder
 * in @dir_out (may be NULL), or an error naming @option ("--pyodide") and how to fetch it. */
gboolean rc_cli_find_pyodide (const char *option, const char *version, char **dir_out,
                              GError **error);
RcCommunity *rc_cli_boot_options_load (const RcCliBootOptions *self, const char *dir,
                                       GError **error);
/* A server on the chosen network (--data mappings, --live). */
RcServer *rc_cli_boot_options_new_server (const RcCliBootOptions *self);
/* Sets @engine's policy, deployment, deadline, worker, Pyodide version and engine @kind (one
 * of engine_kinds). */
gboolean rc_cli_boot_options_configure (const RcCliBootOptions *self, RcEngine *engine,
                                        RcEngineKind kind, GError **error);

G_END_DECLS
