/* rc-boot-diagnosis.c: the deadline diagnosis, and the missing-wheel one. */
#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "core/analysis/rc-boot-blame.h"
#include "core/analysis/rc-boot-diagnosis.h"

const char *
rc_boot_next_expected (GPtrArray *expected_urls, GPtrArray *requests)
{
  for (guint i = 0; i < expected_urls->len; i++)
    {
      const char *url = g_ptr_array_index (expected_urls, i);
      gboolean seen = FALSE;

      for (guint j = 0; !seen && requests != NULL && j < requests->len; j++)
        {
          const RcRequestRecord *request = g_ptr_array_index (requests, j);

          seen = request->url != NULL && rc_boot_url_matches (request->url, url);
        }
      if (!seen)
        return url;
    }
  return NULL;
}

static void
append_violations (GString *text, const RcRunRecord *record)
{
  if (record->violations->len == 0)
    {
      g_string_append (text, _ ("No securitypolicyviolation event was reported by the page or "
                                "the worker (WebKit refuses WebAssembly without one).\n"));
      return;
    }
  g_string_append_printf (text,
                          g_dngettext (GETTEXT_PACKAGE, "%u Content-Security-Policy violation:\n",
                                       "%u Content-Security-Policy violations:\n",
                                       record->violations->len),
                          record->violations->len);
  for (guint i = 0; i < record->violations->len && i < 10; i++)
    {
      const RcViolation *v = g_ptr_array_index (record->violations, i);

      g_string_append_printf (text, "  %s refused %s (in the %s at %.0f ms)\n", v->directive,
                              v->blocked_uri != NULL && *v->blocked_uri ? v->blocked_uri : "?",
                              v->source, v->time_ms);
    }
}

static void
append_requests (GString *text, const RcRunRecord *record, GPtrArray *expected_urls,
                 gboolean cause_named)
{
  const RcRequestRecord *last = NULL;
  const char *next = rc_boot_next_expected (expected_urls, record->requests);
  const RcRequestRecord *refused = rc_boot_find_refused (record->requests, expected_urls);

  if (refused != NULL)
    g_string_append_printf (text,
                            _ ("The server refused a request the boot needs: %s %s answered "
                               "HTTP %u%s%s.\n"),
                            refused->method, refused->url, refused->status,
                            refused->note != NULL ? ": " : "",
                            refused->note != NULL ? refused->note : "");

  guint no_request = 0;

  for (guint i = 0; i < record->requests->len; i++)
    {
      const RcRequestRecord *request = g_ptr_array_index (record->requests, i);

      /* a connection that ended before its request line (a refused certificate ends the
       * tunnel's TLS so) is no request */
      if (request->method == NULL)
        no_request++;
      else if (g_strcmp0 (request->method, "CONNECT") != 0)
        last = request;
    }
  if (no_request > 0)
    g_string_append_printf (
        text,
        g_dngettext (GETTEXT_PACKAGE,
                     "%u connection to the proxy ended before its request "
                     "(the engine refusing the TLS certificate ends one so).\n",
                     "%u connections to the proxy ended before their request "
                     "(the engine refusing the TLS certificate ends them so).\n",
                     no_request),
        no_request);
  if (last == NULL)
    g_string_append (text, _ ("The proxy saw no request at all: the page never loaded.\n"));
  else
    g_string_append_printf (
        text, _ ("The last request the proxy saw: %s %s (HTTP %u, %" G_GUINT64_FORMAT " bytes).\n"),
        last->method, last->url, last->status, last->bytes);
  /* With the cause known, the request a successful boot would make next is no clue. */
  if (cause_named)
    return;
  if (next != NULL)
    g_string_append_printf (text, _ ("A successful boot would next request %s; it never came.\n"),
                            next);
  else
    g_string_append (text, _ ("Every request a successful boot makes was seen: the boot stalled "
                              "after its downloads (compiling WebAssembly or running Python).\n"));
}

/* The policy's findings, what the boot needs apart from what only the community's Python code
 * fetches once running: a refusal of the latter never makes a boot fail, so it is said to be
 * no cause rather than listed as one. */
static void
append_policy (GString *text, const char *policy, GPtrArray *findings)
{
  guint boot_refused = rc_boot_count_boot_refusals (findings);
  gboolean other_refused = FALSE;

  if (policy == NULL)
    g_string_append (text, _ ("The page sends no Content-Security-Policy.\n"));
  for (guint i = 0; i < findings->len; i++)
    {
      const RcCspFinding *f = g_ptr_array_index (findings, i);

      if (f->granted)
        continue;
      if (!rc_boot_requirement_is_boot_need (f->requirement))
        {
          other_refused = TRUE;
          continue;
        }
      g_string_append_printf (text, "%s\n", f->message);
      if (f->hint != NULL)
        g_string_append_printf (text, "  %s\n", f->hint);
    }
  if (boot_refused == 0 && policy != NULL)
    g_string_append (text, _ ("The policy grants everything the boot needs.\n"));
  if (!other_refused)
    return;
  g_string_append (text, _ ("Not the cause of this failure: the policy refuses what the "
                            "community's Python code fetches once it runs (fetch_allow):\n"));
  for (guint i = 0; i < findings->len; i++)
    {
      const RcCspFinding *f = g_ptr_array_index (findings, i);

      if (f->granted || rc_boot_requirement_is_boot_need (f->requirement))
        continue;
      g_string_append_printf (text, "  %s\n", f->message);
      if (f->hint != NULL)
        g_string_append_printf (text, "    %s\n", f->hint);
    }
}

char *
rc_boot_diagnose (const char *policy, const RcCspNeeds *needs, const RcRunRecord *record,
                  GPtrArray *expected_urls)
{
  g_autoptr (GPtrArray) findings = rc_csp_analyse_text (policy, needs);
  g_autofree char *cause =
      rc_boot_named_cause (record->outcome.kind, record->outcome.message, NULL);
  GString *text = g_string_new (NULL);

  /* One cause first, when the failure names it; the evidence after. */
  if (cause != NULL)
    g_string_append_printf (text, "%s\n", cause);
  append_policy (text, policy, findings);
  append_violations (text, record);
  append_requests (text, record, expected_urls, cause != NULL);
  if (text->len > 0 && text->str[text->len - 1] == '\n')
    g_string_truncate (text, text->len - 1);
  return g_string_free (text, FALSE);
}

/* ---- a wheel the distribution lacks ------------------------------------------------------ */

#define MISSING_MARK " is not in this distribution mirror (package "

char *
rc_boot_missing_wheel_package (const RcRequestRecord *request)
{
  const char *mark;
  const char *end;

  if (request == NULL || request->status != 404 || g_strcmp0 (request->origin, "cdn") != 0
      || request->note == NULL || (mark = strstr (request->note, MISSING_MARK)) == NULL)
    return NULL;
  mark += strlen (MISSING_MARK);
  end = strchr (mark, ')');
  return end != NULL && end > mark ? g_strndup (mark, end - mark) : NULL;
}

const RcRequestRecord *
rc_boot_find_missing_wheel (GPtrArray *requests)
{
  for (guint i = 0; requests != NULL && i < requests->len; i++)
    {
      const RcRequestRecord *request = g_ptr_array_index (requests, i);
      g_autofree char *package = rc_boot_missing_wheel_package (request);

      if (package != NULL)
        return request;
    }
  return NULL;
}

char *
rc_boot_missing_wheel_message (const RcRequestRecord *request)
{
  g_autofree char *package = rc_boot_missing_wheel_package (request);

  return g_strdup_printf (_ ("the distribution has no wheel for %s: %s answered 404 Not Found"),
                          package, request->url);
}

char *
rc_boot_diagnose_missing_wheel (const RcRequestRecord *request, const char *distribution_dir)
{
  g_autofree char *package = rc_boot_missing_wheel_package (request);
  GString *text = g_string_new (NULL);

  g_string_append_printf (text,
                          _ ("The preload needs package %s, and the emulated CDN answered %s %s "
                             "with 404 Not Found: %s.\n"),
                          package, request->method != NULL ? request->method : "GET", request->url,
                          request->note);
  g_string_append_printf (text,
                          _ ("The Pyodide distribution served as the CDN (%s) has no wheel for "
                             "it; the npm distribution ships the interpreter only, no package "
                             "wheels.\n"),
                          distribution_dir != NULL ? distribution_dir : "?");
  g_string_append (text, _ ("Boot with --distribution DIR (a full Pyodide 0.29.5 release folder "
                            "with its wheels), or with --live on a machine that is online to "
                            "reach the real CDN."));
  return g_string_free (text, FALSE);
}

/* ---- the whole text ----------------------------------------------------------------------- */

static void
append_failed_loads (GString *text, JsonArray *failed_loads)
{
  guint n = failed_loads != NULL ? json_array_get_length (failed_loads) : 0;

  if (n == 0)
    return;
  g_string_append (text, _ ("\nThe worker saw these loads fail:"));
  for (guint i = 0; i < n && i < 10; i++)
    {
      JsonNode *node = json_array_get_element (failed_loads, i);
      JsonObject *load = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *url =
          load != NULL ? json_object_get_string_member_with_default (load, "url", "?") : "?";
      const char *error =
          load != NULL ? json_object_get_string_member_with_default (load, "error", "") : "";
      gint64 status =
          load != NULL ? json_object_get_int_member_with_default (load, "status", 0) : 0;
      const char *phase =
          load != NULL ? json_object_get_string_member_with_default (load, "phase", "") : "";

      if (status > 0)
        g_string_append_printf (text, "\n  %s: HTTP %" G_GINT64_FORMAT " (%s)", url, status, phase);
      else
        g_string_append_printf (text, "\n  %s: %s (%s)", url, error, phase);
    }
}

char *
rc_boot_wasm_refused_message (const char *via, const char *error, double t_ms, double deadline_s)
{
  /* WebKit appends "(evaluating '…')" on a line of its own: the engine's words end before */
  g_autofree char *line = g_strchomp (
      g_strndup (error != NULL ? error : "?", strcspn (error != NULL ? error : "?", "\n")));
  g_autofree char *when =
      t_ms >= 0 ? g_strdup_printf (_ (", %.2f s into the worker"), t_ms / 1000) : g_strdup ("");

  /* OSA's host text (runtime-worker.md §4) is what the reader sees, at its deadline. */
  return g_strdup_printf (
      _ ("the page's policy refused to compile WebAssembly (WebAssembly.%s: %s%s), so Pyodide "
         "cannot start. A reader's page hangs without an error until its deadline, then says: "
         "“the Python runtime did not finish starting within %.0fs. A blocked runtime looks "
         "exactly like a slow one: if this page sets a Content-Security-Policy, check that "
         "script-src includes 'wasm-unsafe-eval' and worker-src includes blob:.”"),
      via != NULL ? via : "?", line, when, deadline_s);
}

char *
rc_boot_diagnosis_compose (RcParty party, const char *kind, gboolean page_reported,
                           const char *body, JsonArray *failed_loads)
{
  g_autofree char *sentence = rc_boot_party_sentence (party);
  GString *text = g_string_new (sentence);

  if (!page_reported && g_strcmp0 (kind, "engine") != 0)
    g_string_append (text, _ ("\nThe host page never reported: host.js did not run, or could not "
                              "post to the console."));
  g_string_append_printf (text, "\n%s", body != NULL ? body : "");
  append_failed_loads (text, failed_loads);
  return g_string_free (text, FALSE);
}
