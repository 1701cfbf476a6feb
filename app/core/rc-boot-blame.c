/* rc-boot-blame.c: whose failure a failed boot is. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/rc-boot-blame.h"

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

RcParty
rc_boot_blame (const RcBlame *blame)
{
  static const char *const engine[] = { "engine", NULL };
  static const char *const community[] = { "config", "lock", "prelude", "import_before_seal",
                                           "memory", NULL };
  static const char *const nobody[] = { "cancelled", "stopped", NULL };

  if (kind_is (blame, nobody))
    return RC_PARTY_UNKNOWN;
  if (kind_is (blame, engine))
    return RC_PARTY_ENGINE;
  if (g_strcmp0 (blame->kind, "distribution") == 0)
    return RC_PARTY_DISTRIBUTION;
  if (blame->refused != NULL)
    return refused_party (blame->refused);
  if (kind_is (blame, community))
    return RC_PARTY_COMMUNITY;
  if (blame->policy_refusals > 0 || blame->violations > 0)
    return RC_PARTY_POLICY;
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
