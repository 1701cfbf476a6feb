/* rc-boot-diagnosis.c: the deadline diagnosis. */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-boot-diagnosis.h"

static gboolean
same_url (const char *request_url, const char *expected)
{
  const char *query = strchr (request_url, '?');
  gsize len = query != NULL ? (gsize) (query - request_url) : strlen (request_url);

  return strlen (expected) == len && strncmp (request_url, expected, len) == 0;
}

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

          seen = request->url != NULL && same_url (request->url, url);
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
                                "the worker (WebAssembly refusals are silent).\n"));
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
append_requests (GString *text, const RcRunRecord *record, GPtrArray *expected_urls)
{
  const RcRequestRecord *last = NULL;
  const char *next = rc_boot_next_expected (expected_urls, record->requests);

  for (guint i = 0; i < record->requests->len; i++)
    {
      const RcRequestRecord *request = g_ptr_array_index (record->requests, i);

      if (g_strcmp0 (request->method, "CONNECT") != 0)
        last = request;
    }
  if (last == NULL)
    g_string_append (text, _ ("The proxy saw no request at all: the page never loaded.\n"));
  else
    g_string_append_printf (
        text, _ ("The last request the proxy saw: %s %s (HTTP %u, %" G_GUINT64_FORMAT " bytes).\n"),
        last->method, last->url, last->status, last->bytes);
  if (next != NULL)
    g_string_append_printf (text, _ ("A successful boot would next request %s; it never came.\n"),
                            next);
  else
    g_string_append (text, _ ("Every request a successful boot makes was seen: the boot stalled "
                              "after its downloads (compiling WebAssembly or running Python).\n"));
}

char *
rc_boot_diagnose (const char *policy, const RcCspNeeds *needs, const RcRunRecord *record,
                  GPtrArray *expected_urls)
{
  g_autoptr (GPtrArray) findings = rc_csp_analyse_text (policy, needs);
  g_autofree char *csp = rc_csp_findings_format (findings);
  GString *text = g_string_new (NULL);

  if (policy == NULL)
    g_string_append (text, _ ("The page sends no Content-Security-Policy.\n"));
  g_string_append_printf (text, "%s%s", csp, g_str_has_suffix (csp, "\n") ? "" : "\n");
  append_violations (text, record);
  append_requests (text, record, expected_urls);
  if (text->len > 0 && text->str[text->len - 1] == '\n')
    g_string_truncate (text, text->len - 1);
  return g_string_free (text, FALSE);
}
