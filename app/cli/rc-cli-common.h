/* rc-cli-common.h: what every subcommand does the same way, so options, the community
 * folder argument and the "could not run" message read alike across commands. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "core/rc-community.h"

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

/* Prints "runtime-console COMMAND: MESSAGE" on stderr, plus a pointer to --help for option
 * errors, and returns RC_EXIT_CANNOT_RUN. */
int rc_cli_cannot_run (const char *command, const GError *error);

/* @node as JSON text on stdout, followed by a newline. */
void rc_cli_print_json (JsonNode *node, gboolean pretty);

G_END_DECLS
