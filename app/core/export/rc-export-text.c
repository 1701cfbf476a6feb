/* rc-export-text.c: the terminal summary of a measurement, and writing any export to a file. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "core/base/rc-diagnostic.h"
#include "core/base/rc-format.h"
#include "core/measurement/rc-measurement.h"
#include "core/export/rc-export-har.h"
#include "core/export/rc-export-markdown.h"
#include "core/export/rc-export-provenance.h"
#include "core/export/rc-export-preload.h"
#include "core/export/rc-export-connections.h"
#include "core/export/rc-export-text.h"

static char *
range (const RcStat *stat, double scale, int digits, const char *unit)
{
  if (stat->n == 0)
    return g_strdup ("—");
  if (stat->n < 2 || stat->min == stat->max)
    return g_strdup_printf ("%.*f %s", digits, stat->median * scale, unit);
  return g_strdup_printf ("%.*f %s (%.*f–%.*f)", digits, stat->median * scale, unit, digits,
                          stat->min * scale, digits, stat->max * scale);
}

static char *
range_bytes (const RcStat *stat)
{
  return rc_format_range (stat->n, stat->median, stat->min, stat->max, rc_format_bytes);
}

/* "  boot 2.24 s (2.10–2.41) from navigation, browser start 3.01 s": the reader's figure first,
 * the console's own start-up apart (rc-boot-clock.h). */
static void
append_boot (GString *out, const RcRunStats *stats)
{
  g_autofree char *boot = range (&stats->boot_ms, 1e-3, 2, "s");
  g_autofree char *start = range (&stats->start_ms, 1e-3, 2, "s");

  if (stats->console_clock > 0)
    /* TRANSLATORS: %s is "4.76 s (2.64–5.37)"; the console's clock includes browser start */
    g_string_append_printf (out, _ ("  boot %s on the console's clock (browser start included)"),
                            boot);
  else
    /* TRANSLATORS: %s is "2.24 s (2.10–2.41)": from the page's navigation start to ready */
    g_string_append_printf (out, _ ("  boot %s from navigation"), boot);
  if (stats->start_ms.n > 0 && stats->start_ms.max > 0) /* a warm boot in an open tab has none */
    /* TRANSLATORS: %s is "3.01 s": starting the browser before the page's navigation */
    g_string_append_printf (out, _ (", browser start %s apart"), start);
}

static void
summarise_scenario (GString *out, const RcMeasurement *self, const char *engine,
                    RcScenario scenario)
{
  g_autoptr (RcRunStats) stats = rc_measurement_stats (self, scenario);
  g_autofree char *wire = range_bytes (&stats->total_bytes);
  g_autofree char *bytes =
      stats->total_bytes.n == 0
          ? g_strdup (wire)
          : rc_format_wire_bytes_text (wire, stats->total_bytes.median,
                                       stats->total_decoded_bytes.n < stats->total_bytes.n
                                           ? -1
                                           : stats->total_decoded_bytes.median);
  g_autofree char *heap = range_bytes (&stats->heap_bytes);
  guint counts[RC_VERDICT_DISAGREE + 1] = { 0 };
  guint total = 0;

  for (guint i = 0; i < self->runs->len; i++)
    {
      const RcRunRecord *run = self->runs->pdata[i];
      const RcRunAnalysis *a;

      if (run->scenario != scenario)
        continue;
      total++;
      a = rc_measurement_get_analysis (self, i);
      for (guint v = 0; v <= RC_VERDICT_DISAGREE; v++)
        counts[v] += a->counts[v];
    }
  if (engine != NULL)
    g_string_append_printf (out, "%s ", engine);
  /* TRANSLATORS: "cold: 3 runs, 0 failed" */
  g_string_append_printf (out, ngettext ("%s: %u run, %u failed", "%s: %u runs, %u failed", total),
                          rc_scenario_to_string (scenario), total, stats->failed);
  if (stats->median_run >= 0)
    g_string_append_printf (out, _ (", median run %s"),
                            ((RcRunRecord *) self->runs->pdata[stats->median_run])->run_id);
  g_string_append_c (out, '\n');
  append_boot (out, stats);
  g_string_append_printf (out, _ ("\n  network %s, heap after boot %s\n"), bytes, heap);
  g_string_append (out, _ ("  verdicts:"));
  for (guint v = 0; v <= RC_VERDICT_DISAGREE; v++)
    g_string_append_printf (out, " %s %u", rc_verdict_to_string (v), counts[v]);
  g_string_append_c (out, '\n');
}

/* One block per scenario; with several engines, per engine and scenario, never pooled. */
static void
summarise_runs (GString *out, const RcMeasurement *self)
{
  g_autoptr (GPtrArray) engines = rc_measurement_engines (self);

  for (guint e = 0; e < MAX (engines->len, 1); e++)
    {
      g_autoptr (RcMeasurement) only =
          engines->len > 1 ? rc_measurement_copy_engine (self, engines->pdata[e]) : NULL;
      const RcMeasurement *source = only != NULL ? only : self;
      g_autoptr (GArray) scenarios = rc_measurement_scenarios (source);

      for (guint i = 0; i < scenarios->len; i++)
        summarise_scenario (out, source, only != NULL ? engines->pdata[e] : NULL,
                            g_array_index (scenarios, RcScenario, i));
    }
  if (self->read_version == 1)
    g_string_append (out, _ ("note: a version 1 report: its boot times run from the console's "
                             "load call and include starting the browser; version 2 times a "
                             "boot from the page's navigation start\n"));
}

char *
rc_measurement_format_summary (const RcMeasurement *self)
{
  g_autoptr (GPtrArray) flags = rc_measurement_flags (self);
  GString *out = g_string_new (NULL);

  summarise_runs (out, self);
  if (self->snapshot != NULL)
    rc_snapshot_append_text (self->snapshot, self->runs, out);
  rc_measurement_append_preload_text (self, out);
  rc_measurement_append_connections_text (self, out);
  rc_measurement_append_provenance_text (self, out);
  for (guint i = 0; i < flags->len; i++)
    {
      const RcDiagnostic *d = flags->pdata[i];

      if (d->severity != RC_SEVERITY_NOTE)
        g_string_append_printf (out, "%s: %s: %s [%s]\n", rc_severity_to_string (d->severity),
                                d->path, d->message, d->rule);
    }
  return g_string_free (out, FALSE);
}

static char *
export_text (const RcMeasurement *self, RcExportFormat format)
{
  g_autoptr (JsonNode) har = NULL;
  g_autoptr (JsonGenerator) gen = NULL;

  switch (format)
    {
    case RC_EXPORT_JSON:
      return rc_measurement_to_json_string (self);
    case RC_EXPORT_MARKDOWN:
      return rc_measurement_to_markdown (self);
    case RC_EXPORT_HAR:
    default:
      har = rc_measurement_to_har (self);
      gen = json_generator_new ();
      json_generator_set_root (gen, har);
      json_generator_set_pretty (gen, TRUE);
      json_generator_set_indent (gen, 2);
      return json_generator_to_data (gen, NULL);
    }
}

gboolean
rc_measurement_write (const RcMeasurement *self, RcExportFormat format, const char *path,
                      GError **error)
{
  g_autofree char *text = export_text (self, format);
  g_autoptr (GString) with_newline = g_string_new (text);

  if (!g_str_has_suffix (with_newline->str, "\n"))
    g_string_append_c (with_newline, '\n');
  if (g_strcmp0 (path, "-") == 0)
    {
      fputs (with_newline->str, stdout);
      return TRUE;
    }
  return g_file_set_contents (path, with_newline->str, with_newline->len, error);
}
