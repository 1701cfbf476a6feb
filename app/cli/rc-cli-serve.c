/* rc-cli-serve.c: `runtime-console serve DIR`: the origin emulation for a browser or curl.
 *
 * Loads the community, starts an RcServer and prints what a client needs (proxy, CA,
 * page URL, ready-to-paste commands), then one line per request until SIGINT/SIGTERM.
 * Exit 0 after a signal, 2 when it cannot run (bad option, folder, distribution, port).
 */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <stdio.h>

#include "boot/rc-engine.h"
#include "core/plan/rc-boot-plan.h"
#include "core/model/rc-community.h"
#include "core/record/rc-run-record.h"
#include "rc-cli-common.h"
#include "rc-cli.h"
#include "serve/rc-server.h"

typedef struct
{
  char *csp;
  char *csp_text;
  char *page_origin;
  char *api;
  char *distribution;
  char *throttle;
  char *throttle_model;
  char *deployment;
  char *run_id;
  gboolean live;
  gboolean json;
  int port;
  int max_connections;
  double header_timeout;
  double idle_timeout;
  int request_log;
  GStrv data;
  GStrv rest;
} Options;

static void
options_clear (Options *o)
{
  g_free (o->csp);
  g_free (o->csp_text);
  g_free (o->page_origin);
  g_free (o->api);
  g_free (o->distribution);
  g_free (o->throttle);
  g_free (o->throttle_model);
  g_free (o->deployment);
  g_free (o->run_id);
  g_strfreev (o->data);
  g_strfreev (o->rest);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

static gboolean
parse_options (int argc, char **argv, Options *o, GError **error)
{
  const GOptionEntry entries[] = {
    { "csp", 0, 0, G_OPTION_ARG_STRING, &o->csp,
      N_ ("Send the Content-Security-Policy of a preset (nemarlike, withpypi, withpypi_eval, "
          "strict, loose, control, none; default none)"),
      N_ ("PRESET") },
    { "csp-text", 0, 0, G_OPTION_ARG_STRING, &o->csp_text,
      N_ ("Send this Content-Security-Policy verbatim"), N_ ("POLICY") },
    { "page-origin", 0, 0, G_OPTION_ARG_STRING, &o->page_origin,
      N_ ("The page's origin (default: the community's first cors_origins entry)"), N_ ("URL") },
    { "api", 0, 0, G_OPTION_ARG_STRING, &o->api,
      N_ ("The OSA API origin (default: widget.osc.earth, develop-widget.osc.earth for develop)"),
      N_ ("URL") },
    { "distribution", 0, 0, G_OPTION_ARG_FILENAME, &o->distribution,
      N_ ("The Pyodide 0.29.5 folder served as the CDN (default: the one tools/setup.sh "
          "fetched)"),
      N_ ("DIR") },
    { "throttle", 0, 0, G_OPTION_ARG_STRING, &o->throttle,
      N_ ("Shape the link: none, cable, fast-4g, fast-3g or slow-3g"), N_ ("PROFILE") },
    { "throttle-model", 0, 0, G_OPTION_ARG_STRING, &o->throttle_model,
      N_ ("Charge the profile's round trip as a link does (link: per request, and TCP and TLS "
          "on a new connection; the default) or as Chrome DevTools does (devtools: per "
          "request)"),
      N_ ("MODEL") },
    { "live", 0, 0, G_OPTION_ARG_NONE, &o->live,
      N_ ("Tunnel hosts that are not emulated to the real network (default: answer 502)"), NULL },
    { "deployment", 0, 0, G_OPTION_ARG_STRING, &o->deployment,
      N_ ("Serve the production or develop values (default: as OSA resolves OSA_DEPLOYMENT and "
          "ROOT_PATH)"),
      N_ ("D") },
    { "data", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->data,
      N_ ("Serve a local folder at a data origin, with CORS and ranges (repeatable)"),
      N_ ("URL=DIR") },
    { "run-id", 0, 0, G_OPTION_ARG_STRING, &o->run_id, N_ ("Tag the request log with this id"),
      N_ ("ID") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o->json,
      N_ ("Log each request as one JSON object per line"), NULL },
    { "port", 0, 0, G_OPTION_ARG_INT, &o->port,
      N_ ("Listen on this loopback port (default: any free one)"), N_ ("PORT") },
    { "max-connections", 0, 0, G_OPTION_ARG_INT, &o->max_connections,
      N_ ("Refuse connections past N open ones (default 256)"), N_ ("N") },
    { "header-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &o->header_timeout,
      N_ ("Close a connection whose request headers are not all there after SECONDS (default "
          "15)"),
      N_ ("SECONDS") },
    { "idle-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &o->idle_timeout,
      N_ ("Close a connection on which nothing moved for SECONDS (default 60)"), N_ ("SECONDS") },
    { "request-log", 0, 0, G_OPTION_ARG_INT, &o->request_log,
      N_ ("Keep the last N request records in memory (default 10000)"), N_ ("N") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o->rest, NULL, NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = rc_cli_context_new (
      "serve", N_ ("DIR"),
      _ ("Emulates a community's origins on loopback: the page, https://cdn.jsdelivr.net, the "
         "OSA API\nand data hosts at their real origins, offline, through an HTTP proxy with a "
         "private CA.\nStop with Ctrl-C."));

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, error) || !rc_cli_one_folder (o->rest, error))
    return FALSE;
  if (o->port < 0 || o->port > 65535)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _ ("--port must be between 1 and 65535 (or 0 for any free one), not %d"),
                   o->port);
      return FALSE;
    }
  if (o->max_connections < 0 || o->request_log < 0 || o->header_timeout < 0 || o->idle_timeout < 0
      || o->header_timeout > 86400 || o->idle_timeout > 86400)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _ ("--max-connections and --request-log take a count, --header-timeout "
                              "and --idle-timeout seconds up to a day (0 for the default)"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
configure (RcServer *server, const Options *o, GError **error)
{
  if (!rc_cli_apply_throttle (server, o->throttle, o->throttle_model, error))
    return FALSE;
  for (guint i = 0; o->data != NULL && o->data[i] != NULL; i++)
    {
      const char *eq = strchr (o->data[i], '=');
      g_autofree char *url = eq != NULL ? g_strndup (o->data[i], eq - o->data[i]) : NULL;

      if (eq == NULL || !g_file_test (eq + 1, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _ ("--data “%s”: write it as URL=DIR, with DIR an existing folder"),
                       o->data[i]);
          return FALSE;
        }
      rc_server_add_data_mapping (server, url, eq + 1);
    }
  rc_server_set_live (server, o->live);
  if (o->page_origin != NULL)
    rc_server_set_page_origin (server, o->page_origin);
  if (o->api != NULL)
    rc_server_set_api_origin (server, o->api);
  if (o->distribution != NULL)
    rc_server_set_distribution_dir (server, o->distribution);
  if (o->run_id != NULL)
    rc_server_set_run_id (server, o->run_id);
  rc_server_set_port (server, (guint16) o->port);
  rc_server_set_limits (server, &(RcServerLimits){
                                    .max_connections = o->max_connections,
                                    .header_timeout_ms = (guint) (o->header_timeout * 1000),
                                    .idle_timeout_ms = (guint) (o->idle_timeout * 1000),
                                    .request_log_max = o->request_log,
                                });
  return TRUE;
}

/* A community without a runtime has no host page to boot: the page origin then shows where
 * everything is. */
static void
add_info_page (RcServer *server, RcCommunity *community)
{
  g_autofree char *api = g_strdup_printf ("%s/%s/", rc_server_get_api_origin (server),
                                          rc_community_get_id (community));
  g_autofree char *cdn = rc_server_get_cdn_base (server);
  const char *name =
      rc_community_get_id (community) != NULL ? rc_community_get_id (community) : "community";
  g_autofree char *html = g_markup_printf_escaped (
      "<!doctype html>\n<meta charset=\"utf-8\">\n<title>%s · Runtime Console</title>\n"
      "<h1>%s</h1>\n<p>Runtime Console serves this origin offline.</p>\n<ul>\n"
      "<li>/config: <a href=\"%s\">%s</a></li>\n<li>Pyodide: <a href=\"%spyodide.js\">%s</a></li>\n"
      "</ul>\n",
      name, name, api, api, cdn, cdn);
  gsize length = strlen (html);
  g_autoptr (GBytes) bytes = g_bytes_new_take (g_steal_pointer (&html), length);

  rc_server_add_page_file (server, "/index.html", bytes, "text/html; charset=utf-8");
}

/* With --json stdout carries JSON Lines only, so the banner goes to stderr. */
static void
print_banner (RcServer *server, RcCommunity *community, const char *csp_label, const Options *o)
{
  FILE *out = o->json ? stderr : stdout;
  const char *proxy = rc_server_get_proxy_url (server);
  const char *ca = rc_server_get_ca_file (server);
  const char *id = rc_community_get_id (community);
  g_autofree char *page = rc_server_get_page_url (server, "/");
  g_autofree char *cdn = rc_server_get_cdn_base (server);
  g_autofree char *spki = rc_server_get_spki_sha256 (server);
  g_autofree char *config =
      g_strdup_printf ("%s/%s/", rc_server_get_api_origin (server), id != NULL ? id : "");

  fprintf (out, _ ("Serving %s (%s deployment), %s\n"), rc_community_get_dir (community),
           rc_deployment_to_string (rc_community_get_deployment (community)),
           o->live ? _ ("live: other hosts go to the network") : _ ("offline"));
  fprintf (out, "  %-10s %s\n", _ ("proxy"), proxy);
  fprintf (out, "  %-10s %s\n", _ ("CA"), ca);
  fprintf (out, "  %-10s %s\n", _ ("page"), page);
  fprintf (out, "  %-10s %s\n", _ ("config"), config);
  fprintf (out, "  %-10s %s (%s)\n", _ ("CDN"), cdn, rc_community_get_distribution_dir (community));
  for (guint i = 0; o->data != NULL && o->data[i] != NULL; i++)
    fprintf (out, "  %-10s %s\n", _ ("data"), o->data[i]);
  fprintf (out, "  %-10s %s\n", _ ("CSP"), csp_label);
  fprintf (out, "  %-10s %s (%s)\n", _ ("throttle"),
           rc_throttle_profile_to_string (rc_server_get_throttle (server)),
           rc_throttle_model_to_string (rc_server_get_throttle_model (server)));
  if (!rc_community_is_valid (community))
    fprintf (out, _ ("Note: the community has errors; “runtime-console validate %s” lists them.\n"),
             rc_community_get_dir (community));
  fprintf (out, "\n%s\n  curl --proxy %s --cacert %s %s\n", _ ("Try:"), proxy, ca, config);
  fprintf (out,
           "%s\n  chromium --proxy-server=%s --ignore-certificate-errors-spki-list=%s "
           "--user-data-dir=$(mktemp -d) %s\n\n",
           _ ("Or a real Chromium (a throw-away profile):"), proxy, spki != NULL ? spki : "", page);
  fflush (out);
}

typedef struct
{
  gboolean json;
  gint64 started_us;
  guint count;
  guint64 bytes;
} LogState;

/* The run report's request object, tagged with --run-id. */
static void
print_json_record (const RcRequestRecord *r)
{
  g_autoptr (JsonNode) node = rc_request_record_to_json (r);

  json_object_set_string_member (json_node_get_object (node), "run_id", r->run_id);
  rc_cli_print_json (node, FALSE);
}

static void
request_finished_cb (RcServer *server, RcRequestRecord *r, gpointer user_data)
{
  LogState *state = user_data;

  state->count++;
  state->bytes += r->bytes;
  if (state->json)
    print_json_record (r);
  else
    {
      g_autofree char *coding = NULL;

      /* wire bytes, and for an encoded body its coding and decoded size */
      if (r->content_encoding != NULL && r->decoded_bytes >= 0)
        coding = g_strdup_printf (" %s (%" G_GINT64_FORMAT " B decoded)", r->content_encoding,
                                  r->decoded_bytes);
      else if (r->content_encoding != NULL)
        coding = g_strdup_printf (" %s", r->content_encoding);
      /* a connection that closed before its request line has neither method nor URL */
      printf ("%8.3f  %3u %-7s %s  [%s] %" G_GUINT64_FORMAT " B%s %.1f ms%s%s\n",
              (r->start_us - state->started_us) / 1e6, r->status,
              r->method != NULL ? r->method : "-", r->url != NULL ? r->url : "-",
              r->origin != NULL ? r->origin : "-", r->bytes, coding != NULL ? coding : "",
              (r->end_us - r->start_us) / 1e3, r->note != NULL ? "  — " : "",
              r->note != NULL ? r->note : "");
    }
  fflush (stdout);
}

/* The request log, and the connections when some were refused or timed out. Counts go in
 * as text: a 64-bit format inside a translatable string would not match its msgid. */
static void
print_limits (RcServer *server)
{
  RcServerLimits limits;
  RcServerStats stats;
  g_autofree char *dropped = NULL, *accepted = NULL, *refused = NULL;
  g_autofree char *headers = NULL, *idle = NULL;

  rc_server_get_limits (server, &limits);
  rc_server_get_stats (server, &stats);
  dropped = g_strdup_printf ("%" G_GUINT64_FORMAT, stats.requests_dropped);
  /* TRANSLATORS: "runtime-console serve: request log: the last 10000 kept, 52 dropped" */
  fprintf (stderr, _ ("runtime-console serve: request log: the last %u kept, %s dropped\n"),
           limits.request_log_max, dropped);
  if (stats.refused + stats.header_timeouts + stats.idle_timeouts == 0)
    return;
  accepted = g_strdup_printf ("%" G_GUINT64_FORMAT, stats.accepted);
  refused = g_strdup_printf ("%" G_GUINT64_FORMAT, stats.refused);
  headers = g_strdup_printf ("%" G_GUINT64_FORMAT, stats.header_timeouts);
  idle = g_strdup_printf ("%" G_GUINT64_FORMAT, stats.idle_timeouts);
  fprintf (stderr,
           _ ("runtime-console serve: connections: %s accepted (at most %u open at once), %s "
              "refused at the cap of %u, %s closed for slow headers, %s for idleness\n"),
           accepted, stats.peak, refused, limits.max_connections, headers, idle);
}

static void
print_totals (const LogState *state)
{
  g_autofree char *bytes = g_strdup_printf ("%" G_GUINT64_FORMAT, state->bytes);

  /* TRANSLATORS: "runtime-console serve: stopped after 3 requests, 1200 response bytes"
   * (bytes on the wire, i.e. still encoded) */
  fprintf (stderr,
           ngettext ("runtime-console serve: stopped after %u request",
                     "runtime-console serve: stopped after %u requests", state->count),
           state->count);
  fprintf (stderr,
           ngettext (", %s response byte\n", ", %s response bytes\n", (gulong) state->bytes),
           bytes);
}

static gboolean
quit_cb (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_CONTINUE;
}

int
rc_cli_serve (int argc, char **argv)
{
  g_auto (Options) o = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community = NULL;
  g_autoptr (RcServer) server = rc_server_new ();
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (RcEngine) engine = NULL;
  g_autofree char *policy = NULL;
  g_autofree char *csp_label = NULL;
  RcDeployment deployment;
  LogState state = { 0 };
  guint sigint, sigterm;

  if (!parse_options (argc, argv, &o, &error)
      || !rc_cli_pick_deployment (o.deployment, &deployment, &error)
      || !rc_cli_pick_csp (o.csp, o.csp_text, &policy, &csp_label, &error)
      || !configure (server, &o, &error))
    return rc_cli_cannot_run ("serve", error);
  community = rc_community_load (o.rest[0], o.distribution, deployment, &error);
  if (community == NULL)
    return rc_cli_cannot_run ("serve", error);
  /* The page origin serves the engines' host page and boot plan: it boots in any browser. */
  engine = rc_engine_new (community, server);
  rc_engine_set_csp (engine, "custom", policy);
  rc_engine_set_deployment (engine, deployment);
  if (!rc_engine_serve_page (engine, &error)
      && g_error_matches (error, RC_BOOT_PLAN_ERROR, RC_BOOT_PLAN_ERROR_NO_RUNTIME))
    {
      g_clear_error (&error);
      rc_server_set_community (server, community, deployment);
      rc_server_set_csp (server, policy);
      add_info_page (server, community);
      rc_server_start (server, &error);
    }
  if (error != NULL)
    {
      /* an origin given on the command line that is not a URL is a bad option value */
      if (g_error_matches (error, RC_SERVER_ERROR, RC_SERVER_ERROR_BAD_ORIGIN)
          && (o.page_origin != NULL || o.api != NULL || o.data != NULL))
        error->domain = G_OPTION_ERROR, error->code = G_OPTION_ERROR_BAD_VALUE;
      return rc_cli_cannot_run ("serve", error);
    }

  print_banner (server, community, csp_label, &o);
  state.json = o.json;
  state.started_us = g_get_monotonic_time ();
  g_signal_connect (server, "request-finished", G_CALLBACK (request_finished_cb), &state);
  sigint = g_unix_signal_add (SIGINT, quit_cb, loop);
  sigterm = g_unix_signal_add (SIGTERM, quit_cb, loop);
  g_main_loop_run (loop);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  g_signal_handlers_disconnect_by_data (server, &state);
  rc_server_stop (server);
  print_totals (&state);
  print_limits (server);
  return RC_EXIT_OK;
}
