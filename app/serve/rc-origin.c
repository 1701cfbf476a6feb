/* rc-origin.c: origin specs (RcOriginSpec), the origins the server emulates.
 *
 * The server parses the page, the API and every data mapping at start (and again when one is
 * set while running) and routes on them; the data origin serves below its spec's prefix.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rc-server-private.h"

void
rc_origin_spec_free (RcOriginSpec *spec)
{
  if (spec == NULL)
    return;
  g_free (spec->url);
  g_free (spec->host);
  g_free (spec->prefix);
  g_free (spec->dir);
  g_free (spec);
}

RcOriginSpec *
rc_origin_spec_parse (const char *url, GError **error)
{
  g_autoptr (GUri) uri = NULL;
  g_autoptr (RcOriginSpec) spec = g_new0 (RcOriginSpec, 1);
  const char *scheme, *path;

  uri = g_uri_parse (url, G_URI_FLAGS_ENCODED, NULL);
  scheme = uri != NULL ? g_uri_get_scheme (uri) : NULL;
  if (uri == NULL || g_uri_get_host (uri) == NULL || *g_uri_get_host (uri) == '\0'
      || (g_strcmp0 (scheme, "https") != 0 && g_strcmp0 (scheme, "http") != 0)
      || g_uri_get_query (uri) != NULL || g_uri_get_fragment (uri) != NULL
      || g_uri_get_userinfo (uri) != NULL)
    {
      g_set_error (error, RC_SERVER_ERROR, RC_SERVER_ERROR_BAD_ORIGIN,
                   _ ("“%s” is not an origin: write it as https://host[:port][/path]"), url);
      return NULL;
    }
  path = g_uri_get_path (uri);
  spec->host = g_ascii_strdown (g_uri_get_host (uri), -1);
  spec->prefix = g_str_has_suffix (path, "/") ? g_strdup (path) : g_strconcat (path, "/", NULL);
  if (g_uri_get_port (uri) > 0)
    spec->url = g_strdup_printf ("%s://%s:%d", scheme, spec->host, g_uri_get_port (uri));
  else
    spec->url = g_strdup_printf ("%s://%s", scheme, spec->host);
  if (strlen (spec->prefix) > 1)
    {
      char *with_path = g_strconcat (spec->url, spec->prefix, NULL);

      with_path[strlen (with_path) - 1] = '\0';
      g_free (spec->url);
      spec->url = with_path;
    }
  return g_steal_pointer (&spec);
}
