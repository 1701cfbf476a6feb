/* rc-csp.c: CSP3 parsing and source matching. The analysis is in rc-csp-analyse.c. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/policy/rc-csp.h"

struct _RcCspPolicy
{
  gatomicrefcount ref_count;
  char *text;
  GPtrArray *policies; /* GPtrArray of RcCspDirective, one per serialized policy */
  GPtrArray *warnings; /* char * */
};

G_DEFINE_BOXED_TYPE (RcCspPolicy, rc_csp_policy, rc_csp_policy_ref, rc_csp_policy_unref)
/* clang-format off */
G_DEFINE_QUARK (rc-csp-error-quark, rc_csp_error)
/* clang-format on */

gboolean
rc_csp_policy_check_length (const char *text, GError **error)
{
  gsize length = text != NULL ? strlen (text) : 0;
  g_autofree char *bytes = NULL;

  if (length <= RC_CSP_MAX_POLICY_BYTES)
    return TRUE;
  bytes = g_strdup_printf ("%" G_GSIZE_FORMAT, length);
  g_set_error (error, RC_CSP_ERROR, RC_CSP_ERROR_TOO_LONG,
               _ ("the policy is %s bytes long; at most %d are accepted (a "
                  "Content-Security-Policy is a few hundred)"),
               bytes, RC_CSP_MAX_POLICY_BYTES);
  return FALSE;
}

static const char *const known_directives[] = {
  "base-uri",
  "block-all-mixed-content",
  "child-src",
  "connect-src",
  "default-src",
  "fenced-frame-src",
  "font-src",
  "form-action",
  "frame-ancestors",
  "frame-src",
  "img-src",
  "manifest-src",
  "media-src",
  "navigate-to",
  "object-src",
  "prefetch-src",
  "report-to",
  "report-uri",
  "require-trusted-types-for",
  "sandbox",
  "script-src",
  "script-src-attr",
  "script-src-elem",
  "style-src",
  "style-src-attr",
  "style-src-elem",
  "trusted-types",
  "upgrade-insecure-requests",
  "webrtc",
  "worker-src",
};

/* Directives whose value is not a source list. */
static const char *const non_source_directives[] = {
  "block-all-mixed-content",   "report-to", "report-uri",
  "require-trusted-types-for", "sandbox",   "trusted-types",
  "upgrade-insecure-requests", "webrtc",
};

static const char *const keywords[] = {
  "self",
  "unsafe-inline",
  "unsafe-eval",
  "wasm-unsafe-eval",
  "strict-dynamic",
  "unsafe-hashes",
  "report-sample",
  "unsafe-allow-redirects",
  "inline-speculation-rules",
};

static gboolean
str_in (const char *s, const char *const *list, gsize n)
{
  for (gsize i = 0; i < n; i++)
    if (g_str_equal (s, list[i]))
      return TRUE;
  return FALSE;
}

static void
source_free (RcCspSource *source)
{
  g_free (source->text);
  g_free (source->keyword);
  g_free (source->scheme);
  g_free (source->host);
  g_free (source->path);
  g_free (source);
}

static void
directive_free (RcCspDirective *directive)
{
  g_free (directive->name);
  g_free (directive->text);
  g_ptr_array_unref (directive->sources);
  g_free (directive);
}

static gboolean
is_scheme (const char *s, gsize len)
{
  if (len == 0 || !g_ascii_isalpha (s[0]))
    return FALSE;
  for (gsize i = 1; i < len; i++)
    if (!g_ascii_isalnum (s[i]) && s[i] != '+' && s[i] != '-' && s[i] != '.')
      return FALSE;
  return TRUE;
}

static gboolean
is_host (const char *host)
{
  const char *p = host;
  gboolean label_empty = TRUE;

  if (g_str_equal (host, "*"))
    return TRUE;
  if (g_str_has_prefix (host, "*."))
    p += 2;
  if (*p == '\0')
    return FALSE;
  for (; *p != '\0'; p++)
    {
      if (*p == '.')
        {
          /* a trailing "." is allowed, an empty label inside is not */
          if (label_empty)
            return FALSE;
          label_empty = TRUE;
        }
      else if (g_ascii_isalnum (*p) || *p == '-')
        label_empty = FALSE;
      else
        return FALSE;
    }
  return TRUE;
}

/* host-source = [ scheme-part "://" ] host-part [ ":" port-part ] [ path-part ] */
static RcCspSource *
parse_host_source (const char *token)
{
  g_autoptr (GString) host = NULL;
  const char *p = token;
  const char *sep = strstr (token, "://");
  g_autofree char *scheme = NULL;
  RcCspSource *source;
  int port = -1;
  const char *path = NULL;

  if (sep != NULL)
    {
      if (!is_scheme (token, sep - token))
        return NULL;
      scheme = g_ascii_strdown (token, sep - token);
      p = sep + 3;
    }
  host = g_string_new (NULL);
  while (*p != '\0' && *p != ':' && *p != '/')
    g_string_append_c (host, g_ascii_tolower (*p++));
  if (!is_host (host->str))
    return NULL;
  if (*p == ':')
    {
      p++;
      if (*p == '*')
        {
          port = 0;
          p++;
        }
      else
        {
          char *end = NULL;
          guint64 value;

          if (!g_ascii_isdigit (*p))
            return NULL;
          value = g_ascii_strtoull (p, &end, 10);
          if (value == 0 || value > 65535)
            return NULL;
          port = (int) value;
          p = end;
        }
    }
  if (*p == '/')
    path = p;
  else if (*p != '\0')
    return NULL;

  source = g_new0 (RcCspSource, 1);
  source->kind = RC_CSP_SOURCE_HOST;
  source->text = g_strdup (token);
  source->scheme = g_steal_pointer (&scheme);
  source->host = g_string_free (g_steal_pointer (&host), FALSE);
  source->port = port;
  source->path = path != NULL ? g_uri_unescape_string (path, NULL) : NULL;
  if (path != NULL && source->path == NULL)
    source->path = g_strdup (path);
  return source;
}

static RcCspSource *
parse_source (const char *token, GPtrArray *warnings, const char *directive)
{
  gsize len = strlen (token);
  RcCspSource *source;

  if (len >= 2 && token[0] == '\'' && token[len - 1] == '\'')
    {
      g_autofree char *inner = g_ascii_strdown (token + 1, len - 2);
      RcCspSourceKind kind;

      if (g_str_equal (inner, "none"))
        kind = RC_CSP_SOURCE_NONE;
      else if (str_in (inner, keywords, G_N_ELEMENTS (keywords)))
        kind = RC_CSP_SOURCE_KEYWORD;
      else if (g_str_has_prefix (inner, "nonce-"))
        kind = RC_CSP_SOURCE_NONCE;
      else if (g_str_has_prefix (inner, "sha256-") || g_str_has_prefix (inner, "sha384-")
               || g_str_has_prefix (inner, "sha512-"))
        kind = RC_CSP_SOURCE_HASH;
      else
        {
          g_ptr_array_add (warnings, g_strdup_printf (_ ("%s: unknown keyword %s is ignored"),
                                                      directive, token));
          return NULL;
        }
      source = g_new0 (RcCspSource, 1);
      source->kind = kind;
      source->text = g_strdup (token);
      source->keyword = g_steal_pointer (&inner);
      source->port = -1;
      return source;
    }
  if (g_str_equal (token, "*"))
    {
      source = g_new0 (RcCspSource, 1);
      source->kind = RC_CSP_SOURCE_WILDCARD;
      source->text = g_strdup (token);
      source->port = -1;
      return source;
    }
  if (len > 1 && token[len - 1] == ':' && is_scheme (token, len - 1))
    {
      source = g_new0 (RcCspSource, 1);
      source->kind = RC_CSP_SOURCE_SCHEME;
      source->text = g_strdup (token);
      source->scheme = g_ascii_strdown (token, len - 1);
      source->port = -1;
      return source;
    }
  source = parse_host_source (token);
  if (source == NULL)
    g_ptr_array_add (warnings, g_strdup_printf (_ ("%s: invalid source expression “%s” is ignored"),
                                                directive, token));
  else if (source->scheme == NULL && str_in (source->host, keywords, G_N_ELEMENTS (keywords)))
    g_ptr_array_add (warnings, g_strdup_printf (_ ("%s: “%s” is a host name here; the keyword "
                                                   "needs single quotes: '%s'"),
                                                directive, token, source->host));
  return source;
}

static gboolean
is_directive_name (const char *name)
{
  if (*name == '\0')
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-')
      return FALSE;
  return TRUE;
}

/* CSP3 §2.2.1 "parse a serialized CSP". */
static GPtrArray *
parse_one (const char *text, GPtrArray *warnings)
{
  GPtrArray *directives = g_ptr_array_new_with_free_func ((GDestroyNotify) directive_free);
  g_auto (GStrv) parts = g_strsplit (text, ";", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *written = g_strstrip (parts[i]);
      g_auto (GStrv) tokens = g_strsplit_set (written, " \t\n\f\r", -1);
      g_autofree char *name = NULL;
      RcCspDirective *directive;
      gboolean duplicate = FALSE;

      if (tokens[0] == NULL || tokens[0][0] == '\0')
        continue;
      name = g_ascii_strdown (tokens[0], -1);
      if (!is_directive_name (name))
        {
          g_ptr_array_add (
              warnings, g_strdup_printf (_ ("“%s” is not a directive name; ignored"), tokens[0]));
          continue;
        }
      for (guint j = 0; j < directives->len; j++)
        duplicate |= g_str_equal (((RcCspDirective *) directives->pdata[j])->name, name);
      if (duplicate)
        {
          g_ptr_array_add (warnings, g_strdup_printf (_ ("%s is given twice; the second one is "
                                                         "ignored (the first occurrence wins)"),
                                                      name));
          continue;
        }
      if (!str_in (name, known_directives, G_N_ELEMENTS (known_directives)))
        g_ptr_array_add (warnings, g_strdup_printf (_ ("unknown directive %s"), name));
      directive = g_new0 (RcCspDirective, 1);
      directive->name = g_steal_pointer (&name);
      directive->text = g_strdup (written);
      directive->sources = g_ptr_array_new_with_free_func ((GDestroyNotify) source_free);
      g_ptr_array_add (directives, directive);
      if (str_in (directive->name, non_source_directives, G_N_ELEMENTS (non_source_directives)))
        continue;
      for (guint j = 1; tokens[j] != NULL; j++)
        {
          RcCspSource *source;

          if (tokens[j][0] == '\0')
            continue;
          source = parse_source (tokens[j], warnings, directive->name);
          if (source != NULL)
            g_ptr_array_add (directive->sources, source);
        }
    }
  return directives;
}

RcCspPolicy *
rc_csp_policy_parse (const char *text)
{
  RcCspPolicy *self = g_new0 (RcCspPolicy, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->text = g_strdup (text);
  self->policies = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  if (text != NULL)
    {
      /* a header value is a comma-separated list of policies (CSP3 §2.2.2) */
      g_auto (GStrv) list = g_strsplit (text, ",", -1);

      for (guint i = 0; list[i] != NULL; i++)
        {
          GPtrArray *one = parse_one (list[i], self->warnings);

          if (one->len > 0)
            g_ptr_array_add (self->policies, one);
          else
            g_ptr_array_unref (one);
        }
    }
  return self;
}

RcCspPolicy *
rc_csp_policy_ref (RcCspPolicy *self)
{
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
rc_csp_policy_unref (RcCspPolicy *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_free (self->text);
  g_ptr_array_unref (self->policies);
  g_ptr_array_unref (self->warnings);
  g_free (self);
}

const char *
rc_csp_policy_get_text (RcCspPolicy *self)
{
  return self->text;
}

guint
rc_csp_policy_get_n_policies (RcCspPolicy *self)
{
  return self->policies->len;
}

guint
rc_csp_policy_get_n_directives (RcCspPolicy *self, guint index)
{
  return index < self->policies->len ? ((GPtrArray *) self->policies->pdata[index])->len : 0;
}

const RcCspDirective *
rc_csp_policy_get_nth_directive (RcCspPolicy *self, guint index, guint n)
{
  if (n >= rc_csp_policy_get_n_directives (self, index))
    return NULL;
  return ((GPtrArray *) self->policies->pdata[index])->pdata[n];
}

GPtrArray *
rc_csp_policy_get_warnings (RcCspPolicy *self)
{
  return self->warnings;
}

const RcCspDirective *
rc_csp_policy_get_directive (RcCspPolicy *self, guint index, const char *name)
{
  GPtrArray *directives;

  if (index >= self->policies->len)
    return NULL;
  directives = self->policies->pdata[index];
  for (guint i = 0; i < directives->len; i++)
    {
      RcCspDirective *directive = directives->pdata[i];

      if (g_ascii_strcasecmp (directive->name, name) == 0)
        return directive;
    }
  return NULL;
}

/* CSP3 §6.8.3 "get the effective directive's fallback list", for the directives a runtime
 * boot touches. */
static const char *const *
fallback_list (const char *name)
{
  static const char *const worker[] = { "worker-src", "child-src", "script-src", "default-src",
                                        NULL };
  static const char *const script_elem[] = { "script-src-elem", "script-src", "default-src", NULL };
  static const char *const script[] = { "script-src", "default-src", NULL };
  static const char *const connect[] = { "connect-src", "default-src", NULL };
  static const char *const child[] = { "child-src", "default-src", NULL };
  static const char *const frame[] = { "frame-src", "child-src", "default-src", NULL };

  if (g_str_equal (name, "worker-src"))
    return worker;
  if (g_str_equal (name, "script-src-elem"))
    return script_elem;
  if (g_str_equal (name, "script-src"))
    return script;
  if (g_str_equal (name, "connect-src"))
    return connect;
  if (g_str_equal (name, "child-src"))
    return child;
  if (g_str_equal (name, "frame-src"))
    return frame;
  return NULL;
}

const RcCspDirective *
rc_csp_policy_effective_directive (RcCspPolicy *self, guint index, const char *name)
{
  const char *const *list = fallback_list (name);
  const RcCspDirective *directive;

  if (list == NULL)
    {
      directive = rc_csp_policy_get_directive (self, index, name);
      return directive != NULL ? directive
                               : rc_csp_policy_get_directive (self, index, "default-src");
    }
  for (guint i = 0; list[i] != NULL; i++)
    if ((directive = rc_csp_policy_get_directive (self, index, list[i])) != NULL)
      return directive;
  return NULL;
}

static int
default_port (const char *scheme)
{
  if (scheme == NULL)
    return -1;
  if (g_str_equal (scheme, "http") || g_str_equal (scheme, "ws"))
    return 80;
  if (g_str_equal (scheme, "https") || g_str_equal (scheme, "wss"))
    return 443;
  if (g_str_equal (scheme, "ftp"))
    return 21;
  return -1;
}

typedef struct
{
  char *scheme;
  char *host;
  int port; /* -1 when default or absent (URL standard: the default port is null) */
  char *path;
} ParsedUrl;

static gboolean
parse_url (const char *text, ParsedUrl *out)
{
  g_autoptr (GUri) uri = text != NULL ? g_uri_parse (text, G_URI_FLAGS_ENCODED, NULL) : NULL;

  memset (out, 0, sizeof *out);
  if (uri == NULL)
    return FALSE;
  out->scheme = g_ascii_strdown (g_uri_get_scheme (uri), -1);
  out->host = g_uri_get_host (uri) != NULL && *g_uri_get_host (uri) != '\0'
                  ? g_ascii_strdown (g_uri_get_host (uri), -1)
                  : NULL;
  out->port = g_uri_get_port (uri);
  if (out->port == default_port (out->scheme))
    out->port = -1;
  out->path = g_strdup (g_uri_get_path (uri));
  return TRUE;
}

static void
parsed_url_clear (ParsedUrl *url)
{
  g_free (url->scheme);
  g_free (url->host);
  g_free (url->path);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ParsedUrl, parsed_url_clear)

/* CSP3 §6.7.2.8 */
static gboolean
scheme_part_match (const char *a, const char *b)
{
  if (a == NULL || b == NULL)
    return FALSE;
  return g_str_equal (a, b) || (g_str_equal (a, "http") && g_str_equal (b, "https"))
         || (g_str_equal (a, "ws")
             && (g_str_equal (b, "wss") || g_str_equal (b, "http") || g_str_equal (b, "https")))
         || (g_str_equal (a, "wss") && g_str_equal (b, "https"));
}

/* CSP3 §6.7.2.9: "*.nemar.org" matches "zarr.nemar.org", never "nemar.org". */
static gboolean
host_part_match (const char *pattern, const char *host)
{
  if (g_str_equal (pattern, "*"))
    return TRUE;
  if (pattern[0] == '*')
    return g_str_has_suffix (host, pattern + 1);
  return g_str_equal (pattern, host);
}

/* CSP3 §6.7.2.10 */
static gboolean
port_part_match (int port, const ParsedUrl *url)
{
  if (port == 0)
    return TRUE;
  if (port == url->port)
    return TRUE;
  return url->port == -1 && port == default_port (url->scheme);
}

/* CSP3 §6.7.2.11 */
static gboolean
path_part_match (const char *pattern, const char *path)
{
  g_auto (GStrv) a = NULL;
  g_auto (GStrv) b = NULL;
  gboolean exact;
  guint na, nb;

  if (pattern == NULL || *pattern == '\0')
    return TRUE;
  if (g_str_equal (pattern, "/") && (path == NULL || *path == '\0'))
    return TRUE;
  exact = !g_str_has_suffix (pattern, "/");
  a = g_strsplit (pattern, "/", -1);
  b = g_strsplit (path != NULL ? path : "", "/", -1);
  na = g_strv_length (a);
  nb = g_strv_length (b);
  if (na > nb || (exact && na != nb))
    return FALSE;
  if (!exact)
    na--; /* the empty segment after the trailing "/" */
  for (guint i = 0; i < na; i++)
    {
      g_autofree char *sb = g_uri_unescape_string (b[i], NULL);

      if (g_strcmp0 (a[i], sb != NULL ? sb : b[i]) != 0)
        return FALSE;
    }
  return TRUE;
}

static gboolean
self_matches (const ParsedUrl *origin, const ParsedUrl *url)
{
  if (origin->host == NULL || url->host == NULL || !g_str_equal (origin->host, url->host))
    return FALSE;
  if (g_str_equal (origin->scheme, url->scheme) && origin->port == url->port)
    return TRUE;
  /* same host, default ports (or equal ones), and a secure upgrade of the scheme */
  if (origin->port != url->port)
    return FALSE;
  return g_str_equal (url->scheme, "https") || g_str_equal (url->scheme, "wss")
         || (g_str_equal (origin->scheme, "http")
             && (g_str_equal (url->scheme, "http") || g_str_equal (url->scheme, "ws")));
}

static gboolean
source_matches_parsed (const RcCspSource *source, const ParsedUrl *url, const ParsedUrl *origin)
{
  switch (source->kind)
    {
    case RC_CSP_SOURCE_WILDCARD:
      /* never blob:, data: or filesystem: unless the page itself has that scheme */
      return g_str_equal (url->scheme, "http") || g_str_equal (url->scheme, "https")
             || g_str_equal (url->scheme, "ws") || g_str_equal (url->scheme, "wss")
             || g_strcmp0 (url->scheme, origin->scheme) == 0;
    case RC_CSP_SOURCE_SCHEME:
      return scheme_part_match (source->scheme, url->scheme);
    case RC_CSP_SOURCE_HOST:
      if (url->host == NULL)
        return FALSE;
      if (source->scheme == NULL && !scheme_part_match (origin->scheme, url->scheme))
        return FALSE;
      if (source->scheme != NULL && !scheme_part_match (source->scheme, url->scheme))
        return FALSE;
      return host_part_match (source->host, url->host) && port_part_match (source->port, url)
             && path_part_match (source->path, url->path);
    case RC_CSP_SOURCE_KEYWORD:
      return g_str_equal (source->keyword, "self") && self_matches (origin, url);
    case RC_CSP_SOURCE_NONE:
    case RC_CSP_SOURCE_NONCE:
    case RC_CSP_SOURCE_HASH:
    default:
      return FALSE;
    }
}

gboolean
rc_csp_source_matches (const RcCspSource *source, const char *url, const char *page_origin)
{
  g_auto (ParsedUrl) u = { 0 };
  g_auto (ParsedUrl) o = { 0 };

  if (!parse_url (url, &u))
    return FALSE;
  parse_url (page_origin, &o);
  if (o.scheme == NULL)
    o.scheme = g_strdup ("https");
  return source_matches_parsed (source, &u, &o);
}

static gboolean
directive_allows_url (const RcCspDirective *directive, const ParsedUrl *url,
                      const ParsedUrl *origin)
{
  for (guint i = 0; i < directive->sources->len; i++)
    if (source_matches_parsed (directive->sources->pdata[i], url, origin))
      return TRUE;
  return FALSE;
}

gboolean
rc_csp_policy_allows_url (RcCspPolicy *self, const char *name, const char *url,
                          const char *page_origin, const char **refused_by)
{
  g_auto (ParsedUrl) u = { 0 };
  g_auto (ParsedUrl) o = { 0 };

  if (refused_by != NULL)
    *refused_by = NULL;
  parse_url (page_origin, &o);
  if (o.scheme == NULL)
    o.scheme = g_strdup ("https");
  for (guint i = 0; i < self->policies->len; i++)
    {
      const RcCspDirective *directive = rc_csp_policy_effective_directive (self, i, name);

      if (directive == NULL)
        continue;
      if (u.scheme == NULL && !parse_url (url, &u))
        {
          if (refused_by != NULL)
            *refused_by = directive->name;
          return FALSE;
        }
      if (!directive_allows_url (directive, &u, &o))
        {
          if (refused_by != NULL)
            *refused_by = directive->name;
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
rc_csp_policy_allows_keyword (RcCspPolicy *self, const char *name, const char *keyword,
                              const char **refused_by)
{
  if (refused_by != NULL)
    *refused_by = NULL;
  for (guint i = 0; i < self->policies->len; i++)
    {
      const RcCspDirective *directive = rc_csp_policy_effective_directive (self, i, name);
      gboolean found = FALSE;

      if (directive == NULL)
        continue;
      for (guint j = 0; j < directive->sources->len && !found; j++)
        {
          const RcCspSource *source = directive->sources->pdata[j];

          found = source->kind == RC_CSP_SOURCE_KEYWORD
                  && g_ascii_strcasecmp (source->keyword, keyword) == 0;
        }
      if (!found)
        {
          if (refused_by != NULL)
            *refused_by = directive->name;
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
rc_csp_policy_allows_wasm (RcCspPolicy *self, const char **refused_by)
{
  if (refused_by != NULL)
    *refused_by = NULL;
  /* each policy must grant one of the two keywords on its own */
  for (guint i = 0; i < self->policies->len; i++)
    {
      const RcCspDirective *directive = rc_csp_policy_effective_directive (self, i, "script-src");
      gboolean found = FALSE;

      if (directive == NULL)
        continue;
      for (guint j = 0; j < directive->sources->len && !found; j++)
        {
          const RcCspSource *source = directive->sources->pdata[j];

          found = source->kind == RC_CSP_SOURCE_KEYWORD
                  && (g_str_equal (source->keyword, "wasm-unsafe-eval")
                      || g_str_equal (source->keyword, "unsafe-eval"));
        }
      if (!found)
        {
          if (refused_by != NULL)
            *refused_by = directive->name;
          return FALSE;
        }
    }
  return TRUE;
}

char *
rc_csp_policy_sha256 (const char *text)
{
  if (text == NULL || *text == '\0')
    return NULL;
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}
