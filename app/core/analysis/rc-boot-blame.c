/* rc-boot-blame.c: whose failure a failed boot is. */
#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "core/analysis/rc-boot-blame.h"
#include "core/policy/rc-csp.h"

G_DEFINE_ENUM_TYPE (RcParty, rc_party, G_DEFINE_ENUM_VALUE (RC_PARTY_UNKNOWN, "unknown"),
                    G_DEFINE_ENUM_VALUE (RC_PARTY_COMMUNITY, "community"),
                    G_DEFINE_ENUM_VALUE (RC_PARTY_POLICY, "policy"),
                    G_DEFINE_ENUM_VALUE (RC_PARTY_ENGINE, "engine"),
                    G_DEFINE_ENUM_VALUE (RC_PARTY_DISTRIBUTION, "distribution"))

const char *
rc_party_to_string (RcParty party)
{
  static const char *const names[] = { NULL, "community", "policy", "engine", "distribution" };

  return party <= RC_PARTY_DISTRIBUTION ? names[party] : NULL;
}

static gboolean
kind_is (const RcBlame *blame, const char *const *kinds)
{
  for (guint i = 0; kinds[i] != NULL; i++)
    if (g_strcmp0 (blame->kind, kinds[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The server's refusal is the strongest evidence: it says which origin failed. The page
 * origin serves the console's own host page; the API and data origins serve the community. */
static RcParty
refused_party (const RcRequestRecord *refused)
{
  if (g_strcmp0 (refused->origin, "cdn") == 0)
    return RC_PARTY_DISTRIBUTION;
  if (g_strcmp0 (refused->origin, "page") == 0)
    return RC_PARTY_ENGINE;
  return RC_PARTY_COMMUNITY;
}

gboolean
rc_boot_requirement_is_boot_need (const char *requirement)
{
  return g_strcmp0 (requirement, "connect-fetch-allow") != 0;
}

guint
rc_boot_count_boot_refusals (GPtrArray *findings)
{
  guint n = 0;

  for (guint i = 0; findings != NULL && i < findings->len; i++)
    {
      const RcCspFinding *f = g_ptr_array_index (findings, i);

      if (!f->granted && rc_boot_requirement_is_boot_need (f->requirement))
        n++;
    }
  return n;
}

#define PACKAGE_MARK      "package "
#define DID_NOT_LOAD      " did not load: "
#define NO_KNOWN_PACKAGE  "No known package"
#define EGRESS_GUARD      "Blocked by the runtime egress policy"
#define DISTRIBUTION_LOCK "the Pyodide distribution's lock"

/* "package NAME did not load: …" → NAME, or NULL. */
static char *
failed_package (const char *message)
{
  const char *start = strstr (message, PACKAGE_MARK);
  const char *end;

  if (start == NULL)
    return NULL;
  start += strlen (PACKAGE_MARK);
  end = strstr (start, DID_NOT_LOAD);
  if (end == NULL || end == start || memchr (start, ' ', (gsize) (end - start)) != NULL)
    return NULL;
  return g_strndup (start, (gsize) (end - start));
}

char *
rc_boot_named_cause (const char *kind, const char *message, RcParty *party)
{
  static const char *const community[] = { "config", "lock", "prelude", "import_before_seal",
                                           NULL };
  g_autofree char *package = NULL;
  RcParty unused;

  if (party == NULL)
    party = &unused;
  *party = RC_PARTY_UNKNOWN;
  if (kind == NULL || message == NULL || *message == '\0')
    return NULL;
  /* The worker's own words are the strongest evidence of all: a name the lock lacks fails
   * before any request, so nothing the network or the policy did can have caused it. */
  package = failed_package (message);
  if (package != NULL && strstr (message, NO_KNOWN_PACKAGE) != NULL)
    {
      *party = RC_PARTY_COMMUNITY;
      return g_strdup_printf (
          _ ("The cause: the preload names %s, a package that neither the Pyodide "
             "distribution's lock nor the community's runtime lock overlay lists (Pyodide: "
             "“%s”). Check its spelling in runtime.python.preload of config.yaml."),
          package, strstr (message, NO_KNOWN_PACKAGE));
    }
  if (package != NULL && strstr (message, EGRESS_GUARD) != NULL)
    {
      *party = RC_PARTY_COMMUNITY;
      return g_strdup_printf (_ ("The cause: the worker's egress guard refused to load package "
                                 "%s from a URL the boot may not reach, which the community's "
                                 "lock names (%s)."),
                              package, message);
    }
  if (g_strcmp0 (kind, "lock") == 0 && strstr (message, DISTRIBUTION_LOCK) != NULL)
    {
      *party = RC_PARTY_DISTRIBUTION;
      return g_strdup_printf (_ ("The cause: %s."), message);
    }
  for (guint i = 0; community[i] != NULL; i++)
    if (g_str_equal (kind, community[i]))
      {
        *party = RC_PARTY_COMMUNITY;
        return g_strdup_printf (_ ("The cause: %s."), message);
      }
  if (g_str_equal (kind, "memory"))
    {
      *party = RC_PARTY_COMMUNITY;
      return g_strdup_printf (_ ("The cause: %s (the runtime asked for more memory than the "
                                 "engine gives a page)."),
                              message);
    }
  if (g_str_equal (kind, "snapshot"))
    {
      /* The experimental snapshot scenario: the engine, or its memory limit, refused it. */
      *party = RC_PARTY_ENGINE;
      return g_strdup_printf (_ ("The cause: the engine could not boot from the memory "
                                 "snapshot (experimental): %s."),
                              message);
    }
  if (g_str_equal (kind, "engine") || g_str_equal (kind, "web-process-terminated"))
    {
      *party = RC_PARTY_ENGINE;
      return g_strdup_printf (_ ("The cause: %s."), message);
    }
  if (g_str_equal (kind, "distribution"))
    {
      *party = RC_PARTY_DISTRIBUTION;
      return g_strdup_printf (_ ("The cause: %s."), message);
    }
  return NULL;
}

RcParty
rc_boot_blame (const RcBlame *blame)
{
  static const char *const engine[] = { "engine", "web-process-terminated", "snapshot", NULL };
  static const char *const community[] = { "config", "lock", "prelude", "import_before_seal",
                                           "memory", NULL };
  static const char *const nobody[] = { "cancelled", "stopped", NULL };
  g_autofree char *cause = NULL;
  RcParty named;

  if (kind_is (blame, nobody))
    return RC_PARTY_UNKNOWN;
  if (kind_is (blame, engine))
    return RC_PARTY_ENGINE;
  if (g_strcmp0 (blame->kind, "distribution") == 0)
    return RC_PARTY_DISTRIBUTION;
  if (blame->refused != NULL)
    return refused_party (blame->refused);
  cause = rc_boot_named_cause (blame->kind, blame->message, &named);
  if (cause != NULL)
    return named;
  if (kind_is (blame, community))
    return RC_PARTY_COMMUNITY;
  /* Only a refusal of what the boot needs, or one seen happening, can be the policy's. */
  if (blame->policy_refusals > 0 || blame->violations > 0)
    return RC_PARTY_POLICY;
  /* the interpreter failing inside itself, where no retry told otherwise (rc-engine-fault.c) */
  if (g_strcmp0 (blame->kind, "runtime") == 0 && rc_boot_interpreter_fault (blame->message))
    return RC_PARTY_ENGINE;
  /* WebAssembly refused with no policy that refuses it: the engine's own setting */
  if (g_strcmp0 (blame->kind, "wasm-refused") == 0)
    return RC_PARTY_ENGINE;
  /* No policy reason and nothing refused: a page that never ran, or a worker that could not
   * start, is the engine's; a runtime error the worker reports is the community's runtime. */
  if (!blame->page_reported || g_strcmp0 (blame->kind, "worker_error") == 0
      || g_strcmp0 (blame->kind, "page") == 0)
    return RC_PARTY_ENGINE;
  if (g_strcmp0 (blame->kind, "runtime") == 0)
    return RC_PARTY_COMMUNITY;
  return RC_PARTY_UNKNOWN;
}

gboolean
rc_boot_wasm_refusal (const char *error)
{
  static const char *const words[] = { "content security policy", "blocked by csp", NULL };
  g_autofree char *folded = NULL;

  if (error == NULL)
    return FALSE;
  folded = g_ascii_strdown (error, -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (folded, words[i]) != NULL)
      return TRUE;
  return FALSE;
}

gboolean
rc_boot_interpreter_fault (const char *message)
{
  static const char *const words[] = {
    "out of bounds memory access", "memory access out of bounds",
    "index out of bounds",         "unreachable code should not be executed",
    "runtimeerror: unreachable",   "null function or function signature mismatch",
    "failed to import _pyodide",   NULL
  };
  g_autofree char *folded = NULL;

  if (message == NULL)
    return FALSE;
  folded = g_ascii_strdown (message, -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (folded, words[i]) != NULL)
      return TRUE;
  return FALSE;
}

gboolean
rc_boot_url_matches (const char *request_url, const char *expected)
{
  const char *query = strchr (request_url, '?');
  gsize len = query != NULL ? (gsize) (query - request_url) : strlen (request_url);

  return strlen (expected) == len && strncmp (request_url, expected, len) == 0;
}

const RcRequestRecord *
rc_boot_find_refused (GPtrArray *requests, GPtrArray *expected_urls)
{
  for (guint i = 0; requests != NULL && i < requests->len; i++)
    {
      const RcRequestRecord *request = g_ptr_array_index (requests, i);

      if (request->status < 400 || request->url == NULL
          || g_strcmp0 (request->method, "CONNECT") == 0)
        continue;
      for (guint j = 0; expected_urls != NULL && j < expected_urls->len; j++)
        if (rc_boot_url_matches (request->url, g_ptr_array_index (expected_urls, j)))
          return request;
    }
  return NULL;
}

char *
rc_boot_party_sentence (RcParty party)
{
  switch (party)
    {
    case RC_PARTY_COMMUNITY:
      return g_strdup (_ ("Whose failure: the community (its configuration, overlay, wheels or "
                          "Python code)."));
    case RC_PARTY_POLICY:
      return g_strdup (_ ("Whose failure: the page's Content-Security-Policy, which refuses "
                          "what this community's runtime needs."));
    case RC_PARTY_ENGINE:
      return g_strdup (_ ("Whose failure: the engine (WebKit or the host page), not the "
                          "community or the policy."));
    case RC_PARTY_DISTRIBUTION:
      return g_strdup (_ ("Whose failure: the Pyodide distribution served as the CDN, which "
                          "lacks or refuses a file the boot needs."));
    case RC_PARTY_UNKNOWN:
    default:
      return g_strdup (_ ("Whose failure: not known from what was seen."));
    }
}
