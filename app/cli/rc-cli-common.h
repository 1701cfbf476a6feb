/* rc-cli-common.h: what every subcommand does the same way, so options, the community
 * folder argument and the "could not run" message read alike across commands. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include <stdio.h>

#include "core/record/rc-engine-info.h"
#include "core/model/rc-community.h"
#include "serve/rc-server.h"

G_BEGIN_DECLS

/* An option context for `runtime-console COMMAND`: its usage line names the full command,
 * @parameter is the positional part ("DIR"), @summary the translated text under it. */
GOptionContext *rc_cli_context_new (const char *command, const char *parameter,
                                    const char *summary);

/* The folder argument left over after option parsing: exactly one. */
gboolean rc_cli_one_folder (char **rest, GError **error);

/* --deployment as given, or OSA's resolution (OSA_DEPLOYMENT, ROOT_PATH) when @text is NULL. */
gboolean rc_cli_pick_deployment (const char *text, RcDeployment *out, GError **error);

/* --csp PRESET or --csp-text POLICY (at most one): the policy to send (NULL = none) and how
 * to name it in output. */
gboolean rc_cli_pick_csp (const char *preset, const char *text, char **policy, char **label,
                          GError **error);

/* --distribution DIR, --live and --data URL=DIR as boot and measure take them: checks them
 * (an option error names the bad one) before anything boots. */
gboolean rc_cli_check_network (const char *distribution, gboolean live, char **data,
                               GError **error);
/* Points @server at the network they chose: --data mappings, and with --live the real CDN
 * and every host that is not emulated. */
void rc_cli_apply_network (RcServer *server, gboolean live, char **data);
/* The distribution line of a banner: the folder, or "live (the real CDN)". A new string. */
char *rc_cli_describe_distribution (RcCommunity *community, gboolean live);
/* A banner line when the engine boots tuned from the environment (JSC_useOMGJIT=0): its
 * figures are not a reader's, and the line says so. Nothing otherwise. */
void rc_cli_print_engine_options (FILE *to, RcEngineKind kind);

/* --throttle PROFILE and --throttle-model link|devtools (each NULL = the default) set on
 * @server; an option error names the bad one. */
gboolean rc_cli_apply_throttle (RcServer *server, const char *profile, const char *model,
                                GError **error);

/* Prints "runtime-console COMMAND: MESSAGE" on stderr, plus a pointer to --help for option
 * errors, and returns RC_EXIT_CANNOT_RUN. */
int rc_cli_cannot_run (const char *command, const GError *error);

/* @node as JSON text on stdout, followed by a newline. */
void rc_cli_print_json (JsonNode *node, gboolean pretty);

/* A "message" signal handler of the long commands (probe, advise): the progress line,
 * indented, on stderr. */
void rc_cli_on_message (GObject *source, const char *line, gpointer data);

G_END_DECLS
