/* rc-csp-analyse.c: does a page policy let this community's runtime boot?
 *
 * Each requirement of runtime-worker.md §9.1 is checked with the real fallback chains, and a
 * refusal is explained by its effect, because a CSP refusal of wasm looks exactly like a slow
 * download from inside the worker (§4).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/policy/rc-csp.h"

G_DEFINE_BOXED_TYPE (RcCspFinding, rc_csp_finding, rc_csp_finding_copy, rc_csp_finding_free)

RcCspFinding *
rc_csp_finding_copy (const RcCspFinding *self)
{
  RcCspFinding *copy = g_new0 (RcCspFinding, 1);

  copy->requirement = g_strdup (self->requirement);
  copy->subject = g_strdup (self->subject);
  copy->directive = g_strdup (self->directive);
  copy->granted = self->granted;
  copy->message = g_strdup (self->message);
  copy->hint = g_strdup (self->hint);
  return copy;
}

void
rc_csp_finding_free (RcCspFinding *self)
{
  if (self == NULL)
    return;
  g_free (self->requirement);
  g_free (self->subject);
  g_free (self->directive);
  g_free (self->message);
  g_free (self->hint);
  g_free (self);
}

static RcCspFinding *
finding_add (GPtrArray *findings, const char *requirement, const char *subject,
             const char *directive, gboolean granted)
{
  RcCspFinding *finding = g_new0 (RcCspFinding, 1);

  finding->requirement = g_strdup (requirement);
  finding->subject = g_strdup (subject);
  finding->directive = g_strdup (directive);
  finding->granted = granted;
  g_ptr_array_add (findings, finding);
  return finding;
}

/* The directive that decided: the refusing one, else the first policy's effective one. */
static const char *
deciding_directive (RcCspPolicy *policy, const char *name, const char *refused_by)
{
  const RcCspDirective *directive;

  if (refused_by != NULL)
    return refused_by;
  if (policy == NULL)
    return NULL;
  directive = rc_csp_policy_effective_directive (policy, 0, name);
  return directive != NULL ? directive->name : NULL;
}

static gboolean
check_url (RcCspPolicy *policy, const char *name, const char *url, const char *page_origin,
           const char **directive)
{
  const char *refused_by = NULL;
  gboolean granted =
      policy == NULL || rc_csp_policy_allows_url (policy, name, url, page_origin, &refused_by);

  *directive = deciding_directive (policy, name, refused_by);
  return granted;
}

static void
granted_message (RcCspFinding *finding, const char *what)
{
  if (finding->directive == NULL)
    finding->message = g_strdup_printf (_ ("no directive restricts %s"), what);
  else
    finding->message = g_strdup_printf (_ ("%s allows %s"), finding->directive, what);
}

static gboolean
has_self (RcCspPolicy *policy, const char *directive_name)
{
  const RcCspDirective *directive;

  if (policy == NULL
      || (directive = rc_csp_policy_get_directive (policy, 0, directive_name)) == NULL)
    return FALSE;
  for (guint i = 0; i < directive->sources->len; i++)
    {
      const RcCspSource *source = directive->sources->pdata[i];

      if (source->kind == RC_CSP_SOURCE_KEYWORD && g_str_equal (source->keyword, "self"))
        return TRUE;
    }
  return FALSE;
}

/* The policy (any of a list) whose effective @name directive lists @keyword, or -1. */
static int
policy_with_keyword (RcCspPolicy *policy, const char *name, const char *keyword)
{
  for (guint i = 0; policy != NULL && i < rc_csp_policy_get_n_policies (policy); i++)
    {
      const RcCspDirective *directive = rc_csp_policy_effective_directive (policy, i, name);

      for (guint j = 0; directive != NULL && j < directive->sources->len; j++)
        {
          const RcCspSource *source = directive->sources->pdata[j];

          if (source->kind == RC_CSP_SOURCE_KEYWORD && g_str_equal (source->keyword, keyword))
            return (int) i;
        }
    }
  return -1;
}

static void
analyse_page_and_worker (RcCspPolicy *policy, const RcCspNeeds *needs, GPtrArray *findings)
{
  g_autofree char *host_js = g_strconcat (needs->page_origin, "/host.js", NULL);
  g_autofree char *blob =
      g_strconcat ("blob:", needs->page_origin, "/2f1c8e8a-0000-4000-8000-000000000000", NULL);
  const char *directive;
  RcCspFinding *f;
  gboolean ok;

  ok = check_url (policy, "script-src-elem", host_js, needs->page_origin, &directive);
  /* 'strict-dynamic' ignores 'self' and host sources for the page's own <script> elements,
   * and the host page carries no nonce */
  if (ok && policy_with_keyword (policy, "script-src-elem", "strict-dynamic") >= 0)
    {
      f = finding_add (findings, "page-script", needs->page_origin, directive, FALSE);
      f->message = g_strdup_printf (_ ("%s uses 'strict-dynamic', which ignores 'self' and host "
                                       "sources for the page's own scripts: the host page "
                                       "(which carries no nonce) cannot run"),
                                    directive);
      f->hint = g_strdup_printf (_ ("Remove 'strict-dynamic' from %s, or test with a policy "
                                    "that allows the host page's scripts."),
                                 directive);
    }
  else if ((f = finding_add (findings, "page-script", needs->page_origin, directive, ok))->granted)
    granted_message (f, _ ("the host page's scripts from the page origin"));
  else
    {
      f->message = g_strdup_printf (_ ("%s does not allow scripts from the page origin %s: the "
                                       "host page itself cannot run"),
                                    directive, needs->page_origin);
      f->hint = g_strdup_printf (_ ("Add 'self' to %s."), directive);
    }

  ok = check_url (policy, "worker-src", blob, needs->page_origin, &directive);
  f = finding_add (findings, "worker-blob", "blob:", directive, ok);
  if (ok)
    granted_message (f, _ ("blob: workers"));
  else
    {
      gboolean fell_back = g_strcmp0 (directive, "worker-src") != 0;

      f->message = g_strdup_printf (
          _ ("%s lacks blob:: the worker cannot even be constructed (a "
             "securitypolicyviolation fires in the page)%s"),
          directive,
          fell_back && has_self (policy, directive)
              ? _ ("; worker-src falls back to it, and 'self' there does not cover blob:")
              : "");
      f->hint = g_strdup (_ ("Add blob: to worker-src, e.g. worker-src 'self' blob:."));
    }
}

static void
analyse_script (RcCspPolicy *policy, const RcCspNeeds *needs, const char *cdn_base,
                GPtrArray *findings)
{
  g_autofree char *pyodide_js = g_strconcat (cdn_base, "pyodide.js", NULL);
  const char *directive;
  const char *refused_by = NULL;
  RcCspFinding *f;
  gboolean ok;

  ok = check_url (policy, "script-src-elem", pyodide_js, needs->page_origin, &directive);
  f = finding_add (findings, "script-cdn", needs->cdn_origin, directive, ok);
  if (ok)
    granted_message (f, needs->cdn_origin);
  else
    {
      f->message = g_strdup_printf (_ ("%s does not allow %s: importScripts(pyodide.js) is "
                                       "refused in the worker"),
                                    directive, needs->cdn_origin);
      f->hint = g_strdup_printf (_ ("Add %s to script-src."), needs->cdn_origin);
    }

  ok = policy == NULL || rc_csp_policy_allows_wasm (policy, &refused_by);
  directive = deciding_directive (policy, "script-src", refused_by);
  f = finding_add (findings, "wasm", "'wasm-unsafe-eval'", directive, ok);
  if (!ok)
    {
      f->message = g_strdup_printf (_ ("%s lacks 'wasm-unsafe-eval': loadPyodide hangs silently "
                                       "(no error, no event)"),
                                    directive);
      f->hint = g_strdup (_ ("Add 'wasm-unsafe-eval' to script-src."));
    }
  else if (policy != NULL && directive != NULL
           && !rc_csp_policy_allows_keyword (policy, "script-src", "wasm-unsafe-eval", NULL))
    f->message = g_strdup_printf (_ ("%s allows WebAssembly through 'unsafe-eval', which also "
                                     "allows eval(); 'wasm-unsafe-eval' is enough"),
                                  directive);
  else
    granted_message (f, _ ("WebAssembly compilation"));
}

static void
analyse_connect (RcCspPolicy *policy, const char *requirement, const char *subject, const char *url,
                 const char *page_origin, const char *effect, GPtrArray *findings)
{
  const char *directive;
  gboolean ok = check_url (policy, "connect-src", url, page_origin, &directive);
  RcCspFinding *f = finding_add (findings, requirement, subject, directive, ok);

  if (ok)
    {
      granted_message (f, subject);
      return;
    }
  f->message = g_strdup_printf (_ ("%s does not allow %s: %s"), directive, subject, effect);
  f->hint = g_strdup_printf (_ ("Add %s to connect-src."), subject);
}

GPtrArray *
rc_csp_analyse (RcCspPolicy *policy, const RcCspNeeds *needs)
{
  GPtrArray *findings = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_csp_finding_free);
  const char *cdn_path = needs->cdn_path != NULL ? needs->cdn_path : "/";
  g_autofree char *cdn_base = NULL;
  g_autofree char *wasm = NULL;
  g_autofree char *api = NULL;

  g_return_val_if_fail (needs->page_origin != NULL && needs->cdn_origin != NULL, findings);
  cdn_base =
      g_strconcat (needs->cdn_origin, cdn_path, g_str_has_suffix (cdn_path, "/") ? "" : "/", NULL);
  wasm = g_strconcat (cdn_base, "pyodide.asm.wasm", NULL);

  analyse_page_and_worker (policy, needs, findings);
  analyse_script (policy, needs, cdn_base, findings);
  analyse_connect (policy, "connect-cdn", needs->cdn_origin, wasm, needs->page_origin,
                   _ ("the interpreter's wasm, standard library and stock wheels cannot be "
                      "fetched"),
                   findings);
  if (needs->api_origin != NULL)
    {
      api = g_strconcat (needs->api_origin, "/", NULL);
      analyse_connect (policy, "connect-api", needs->api_origin, api, needs->page_origin,
                       _ ("/config, /chat and the overlay wheels cannot be fetched"), findings);
    }
  for (guint i = 0; needs->fetch_allow != NULL && needs->fetch_allow[i] != NULL; i++)
    analyse_connect (policy, "connect-fetch-allow", needs->fetch_allow[i], needs->fetch_allow[i],
                     needs->page_origin,
                     _ ("fetch_allow names it, but the policy refuses osa.fetch to it (the CSP "
                        "is the outer limit; fetch_allow only narrows it)"),
                     findings);
  return findings;
}

GPtrArray *
rc_csp_analyse_text (const char *text, const RcCspNeeds *needs)
{
  g_autoptr (RcCspPolicy) policy = NULL;

  if (text != NULL && *text != '\0')
    policy = rc_csp_policy_parse (text);
  return rc_csp_analyse (policy, needs);
}

guint
rc_csp_findings_count_refused (GPtrArray *findings)
{
  guint n = 0;

  for (guint i = 0; i < findings->len; i++)
    n += !((RcCspFinding *) findings->pdata[i])->granted;
  return n;
}

const RcCspFinding *
rc_csp_findings_find (GPtrArray *findings, const char *requirement, const char *subject)
{
  for (guint i = 0; i < findings->len; i++)
    {
      const RcCspFinding *f = findings->pdata[i];

      if (g_str_equal (f->requirement, requirement)
          && (subject == NULL || g_strcmp0 (f->subject, subject) == 0))
        return f;
    }
  return NULL;
}

char *
rc_csp_findings_format (GPtrArray *findings)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < findings->len; i++)
    {
      const RcCspFinding *f = findings->pdata[i];

      if (f->granted)
        continue;
      g_string_append_printf (out, "%s%s", out->len > 0 ? "\n" : "", f->message);
      if (f->hint != NULL)
        g_string_append_printf (out, "\n  %s", f->hint);
    }
  if (out->len == 0)
    g_string_append (out, _ ("the policy grants everything this runtime needs"));
  return g_string_free (out, FALSE);
}
