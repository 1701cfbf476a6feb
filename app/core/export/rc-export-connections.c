/* rc-export-connections.c: connections per run and origin in the text and Markdown exports
 * (rc-run-connections.h), and the engine's disagreements with the proxy about them. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/measurement/rc-measurement.h"
#include "core/record/rc-run-connections.h"
#include "core/export/rc-export-connections.h"

char *
rc_run_connections_describe (const RcRunRecord *run)
{
  g_autoptr (RcRunConnections) c = rc_run_connections_summarise (run);
  g_autofree char *ratio = NULL;
  GString *out;

  if (!c->known)
    return NULL;
  ratio = rc_run_connections_ratio (c->requests, c->opened);
  out = g_string_new (NULL);
  /* TRANSLATORS: "connections 4, TLS handshakes 3, requests 21 (5.2 per connection)" */
  g_string_append_printf (out,
                          _ ("connections %u, TLS handshakes %u, requests %u (%s per connection)"),
                          c->opened, c->tls_handshakes, c->requests, ratio);
  for (guint i = 0; i < c->origins->len; i++)
    {
      const RcOriginConnections *o = c->origins->pdata[i];
      g_autofree char *per = rc_run_connections_ratio (o->requests, o->opened);

      /* TRANSLATORS: "https://cdn.jsdelivr.net 1 / 1 TLS / 8 (8.0)" */
      g_string_append_printf (out, _ ("%s%s %u / %u TLS / %u (%s)"), i == 0 ? ": " : ", ",
                              o->origin, o->opened, o->tls_handshakes, o->requests, per);
    }
  if (c->engine_disagree > 0)
    g_string_append_printf (out, _ ("; the engine disagrees about %u of %u: %s"),
                            c->engine_disagree, c->engine_checked,
                            (char *) c->disagreements->pdata[0]);
  else if (c->engine_checked > 0)
    g_string_append_printf (out, _ ("; the engine agrees about all %u"), c->engine_checked);
  return g_string_free (out, FALSE);
}

void
rc_measurement_append_connections_text (const RcMeasurement *self, GString *out)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->runs->len; i++)
    {
      const RcRunRecord *run = self->runs->pdata[i];
      g_autofree char *line = rc_run_connections_describe (run);

      if (line == NULL)
        continue;
      if (!any)
        g_string_append (out, _ ("connections (opened / TLS handshakes / requests per origin):\n"));
      any = TRUE;
      g_string_append_printf (out, "  %s: %s\n", run->run_id, line);
    }
}

void
rc_measurement_append_connections_markdown (const RcMeasurement *self, GString *out)
{
  guint disagree = 0, checked = 0;
  gboolean any = FALSE;

  for (guint i = 0; i < self->runs->len; i++)
    {
      const RcRunRecord *run = self->runs->pdata[i];
      g_autoptr (RcRunConnections) c = rc_run_connections_summarise (run);
      g_autofree char *ratio = NULL;

      if (!c->known)
        continue;
      if (!any)
        {
          g_string_append (out, _ ("\n### Connections\n\n"
                                   "The proxy keeps connections alive as browsers use them; a new "
                                   "one pays its TCP and TLS set-up.\n\n"));
          g_string_append (out, _ ("| run | connections | TLS handshakes | requests | per "
                                   "connection | per origin (opened / TLS / requests) |\n"));
          g_string_append (out, "|---|---:|---:|---:|---:|---|\n");
        }
      any = TRUE;
      ratio = rc_run_connections_ratio (c->requests, c->opened);
      g_string_append_printf (out, "| %s | %u | %u | %u | %s | ", run->run_id, c->opened,
                              c->tls_handshakes, c->requests, ratio);
      for (guint j = 0; j < c->origins->len; j++)
        {
          const RcOriginConnections *o = c->origins->pdata[j];

          g_string_append_printf (out, "%s%s %u / %u / %u", j == 0 ? "" : "; ", o->origin,
                                  o->opened, o->tls_handshakes, o->requests);
        }
      g_string_append (out, " |\n");
      disagree += c->engine_disagree;
      checked += c->engine_checked;
      for (guint j = 0; j < c->disagreements->len; j++)
        g_string_append_printf (out, _ ("\n- **connection verdicts disagree** (%s): %s\n"),
                                run->run_id, (char *) c->disagreements->pdata[j]);
    }
  if (any && checked > 0 && disagree == 0)
    g_string_append_printf (out,
                            _ ("\nThe engines' own view of connection reuse agreed with the "
                               "proxy's for all %u responses they named.\n"),
                            checked);
}
