/* rc-csp-fix.c: adding the missing source to a policy (rc-csp-fix.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/policy/rc-csp-fix.h"

typedef struct
{
  gsize start, end; /* the directive's text, blanks trimmed */
  char *name;       /* lower case */
} Segment;

static void
segment_clear (Segment *s)
{
  g_free (s->name);
}

static gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* The directives of @text (one policy): a GArray of Segment. */
static GArray *
segments (const char *text)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (Segment));
  gsize len = strlen (text), at = 0;

  g_array_set_clear_func (out, (GDestroyNotify) segment_clear);
  while (at <= len)
    {
      const char *semi = memchr (text + at, ';', len - at);
      gsize stop = semi != NULL ? (gsize) (semi - text) : len;
      Segment s = { at, stop, NULL };
      gsize name_end;

      while (s.start < s.end && is_blank (text[s.start]))
        s.start++;
      while (s.end > s.start && is_blank (text[s.end - 1]))
        s.end--;
      if (s.end > s.start)
        {
          for (name_end = s.start; name_end < s.end && !is_blank (text[name_end]); name_end++)
            ;
          s.name = g_ascii_strdown (text + s.start, (gssize) (name_end - s.start));
          g_array_append_val (out, s);
        }
      at = stop + 1;
    }
  return out;
}

static const Segment *
find (GArray *segs, const char *name)
{
  for (guint i = 0; i < segs->len; i++)
    if (g_str_equal (g_array_index (segs, Segment, i).name, name))
      return &g_array_index (segs, Segment, i);
  return NULL;
}

/* The sources of a directive (after its name), or "" */
static char *
sources_of (const char *text, const Segment *s)
{
  gsize at = s->start + strlen (s->name);

  while (at < s->end && is_blank (text[at]))
    at++;
  return g_strndup (text + at, s->end - at);
}

/* scheme://host[:port] of @url, or NULL */
static char *
origin_of (const char *url)
{
  g_autoptr (GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);

  if (uri == NULL || g_uri_get_host (uri) == NULL)
    return NULL;
  if (g_uri_get_port (uri) > 0)
    return g_strdup_printf ("%s://%s:%d", g_uri_get_scheme (uri), g_uri_get_host (uri),
                            g_uri_get_port (uri));
  return g_strdup_printf ("%s://%s", g_uri_get_scheme (uri), g_uri_get_host (uri));
}

static gboolean
pick (const RcCspFinding *f, const char **directive, char **source)
{
  if (g_str_equal (f->requirement, "wasm"))
    *directive = "script-src", *source = g_strdup ("'wasm-unsafe-eval'");
  else if (g_str_equal (f->requirement, "worker-blob"))
    *directive = "worker-src", *source = g_strdup ("blob:");
  else if (g_str_equal (f->requirement, "page-script")
           || g_str_equal (f->requirement, "script-cdn"))
    *directive = "script-src", *source = origin_of (f->subject);
  else if (g_str_has_prefix (f->requirement, "connect-"))
    *directive = "connect-src", *source = origin_of (f->subject);
  else
    return FALSE;
  return *source != NULL;
}

RcFix *
rc_csp_fix_finding (const char *text, const RcCspFinding *finding)
{
  g_autoptr (GArray) segs = NULL;
  g_autofree char *source = NULL, *label = NULL, *replacement = NULL, *existing = NULL;
  const char *directive = NULL;
  const Segment *target, *fallback;
  RcFix *fix;
  gsize start, end;

  if (finding->granted || text == NULL || strchr (text, ',') != NULL
      || !pick (finding, &directive, &source))
    return NULL;
  segs = segments (text);
  /* TRANSLATORS: "Add 'wasm-unsafe-eval' to script-src" */
  label = g_strdup_printf (_ ("Add %s to %s"), source, directive);
  if ((target = find (segs, directive)) != NULL)
    {
      existing = sources_of (text, target);
      if (g_ascii_strcasecmp (existing, "'none'") == 0)
        {
          /* 'none' with another source is ignored by the browser: replace it */
          start = target->end - strlen (existing);
          end = target->end;
          replacement = g_strdup (source);
        }
      else
        {
          start = end = target->end;
          replacement = g_strconcat (" ", source, NULL);
        }
    }
  else
    {
      fallback = g_str_equal (directive, "worker-src") ? NULL : find (segs, "default-src");
      existing = fallback != NULL ? sources_of (text, fallback) : g_strdup ("");
      if (*existing == '\0' || g_ascii_strcasecmp (existing, "'none'") == 0)
        g_clear_pointer (&existing, g_free);
      start = end = segs->len > 0 ? g_array_index (segs, Segment, segs->len - 1).end : 0;
      replacement =
          g_strdup_printf ("%s%s %s%s%s", segs->len > 0 ? "; " : "", directive,
                           existing != NULL ? existing : "", existing != NULL ? " " : "", source);
    }
  fix = rc_fix_new (RC_FIX_REPLACE, 0, 0, 0, 0, replacement, label);
  fix->start = start;
  fix->end = end;
  fix->resolved = TRUE;
  return fix;
}

static void
add_origin (GPtrArray *sources, const char *url)
{
  g_autofree char *origin = url != NULL ? origin_of (url) : NULL;

  if (origin == NULL)
    return;
  for (guint i = 0; i < sources->len; i++)
    if (g_str_equal (g_ptr_array_index (sources, i), origin))
      return;
  g_ptr_array_add (sources, g_steal_pointer (&origin));
}

char *
rc_csp_policy_for_needs (const RcCspNeeds *needs)
{
  g_autoptr (GPtrArray) script = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) connect = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *script_text = NULL, *connect_text = NULL;

  g_return_val_if_fail (needs != NULL, NULL);

  add_origin (script, needs->cdn_origin);
  add_origin (connect, needs->cdn_origin);
  add_origin (connect, needs->api_origin);
  for (guint i = 0; needs->fetch_allow != NULL && needs->fetch_allow[i] != NULL; i++)
    add_origin (connect, needs->fetch_allow[i]);
  g_ptr_array_add (script, NULL);
  g_ptr_array_add (connect, NULL);
  script_text = g_strjoinv (" ", (char **) script->pdata);
  connect_text = g_strjoinv (" ", (char **) connect->pdata);
  return g_strdup_printf ("script-src 'self' 'wasm-unsafe-eval'%s%s; connect-src 'self'%s%s; "
                          "worker-src 'self' blob:; child-src 'self' blob:; default-src 'self'",
                          *script_text != '\0' ? " " : "", script_text,
                          *connect_text != '\0' ? " " : "", connect_text);
}
