/* rc-export-markdown.c: a dated "What it costs" section for a community README.
 *
 * Modelled on the seed document's cost tables: say when, on what engine and machine, and
 * how each figure was counted, then one table with one column per scenario.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/base/rc-diagnostic.h"
#include "core/export/rc-export-interpreter.h"
#include "core/base/rc-format.h"
#include "core/measurement/rc-measurement.h"
#include "core/export/rc-export-markdown.h"
#include "core/export/rc-export-provenance.h"
#include "core/export/rc-export-preload.h"
#include "core/export/rc-export-connections.h"
#include "core/record/rc-engine-info.h"

/* "3.15 s (3.05–3.35 s)" with a band only when there are several runs. */
static char *
format_stat (const RcStat *stat, RcFormatFunc format)
{
  return rc_format_range (stat->n, stat->median, stat->min, stat->max, format);
}

typedef struct
{
  RcScenario scenario;
  const char *engine; /* with several engines, the column's ("chromium"); else NULL */
  RcRunStats *stats;
  GPtrArray *runs;     /* borrowed RcRunRecord of this scenario that reached ready */
  GPtrArray *analyses; /* RcRunAnalysis, parallel to runs, the report's (borrowed) */
  RcMeasurement *only; /* with several engines, the engine's runs (for its stats) */
} Column;

static void
column_clear (Column *c)
{
  g_clear_pointer (&c->only, rc_measurement_free);
  g_clear_pointer (&c->stats, rc_run_stats_free);
  g_clear_pointer (&c->runs, g_ptr_array_unref);
  g_clear_pointer (&c->analyses, g_ptr_array_unref);
}

typedef struct
{
  RcStat wire;
  RcStat decoded; /* n < wire.n when some run's decoded size is unknown */
} ByteStat;

/* The file name an overlay wheel (by its group) has in @run: changed-wheel serves it under a
 * new name, which the run's own expectations carry. */
static const char *
overlay_file_in (const RcRunRecord *run, const RcExpectedResource *wanted)
{
  for (guint i = 0; i < run->expected->len; i++)
    {
      const RcExpectedResource *e = run->expected->pdata[i];

      if (e->overlay && wanted->group != NULL && g_strcmp0 (e->group, wanted->group) == 0)
        return e->file_name;
    }
  return wanted->file_name;
}

/* Median over the column's runs of a per-run figure read from its analysis: a group's total
 * when @group is set, else the resource @overlay names in each run. */
static ByteStat
column_stat (const Column *c, const char *group, const RcExpectedResource *overlay)
{
  g_autofree double *wire = g_new0 (double, c->runs->len + 1);
  g_autofree double *decoded = g_new0 (double, c->runs->len + 1);
  guint n = 0, nd = 0;
  ByteStat stat;

  for (guint i = 0; i < c->analyses->len; i++)
    {
      const RcRunAnalysis *a = c->analyses->pdata[i];
      gint64 d = 0;

      if (group != NULL)
        {
          const RcByteTotal *t = rc_run_analysis_group (a, group);

          wire[n++] = t != NULL ? (double) t->bytes : 0;
          d = t != NULL ? t->decoded_bytes : 0;
        }
      else
        {
          const RcResourceVerdict *r =
              rc_run_analysis_find (a, overlay_file_in (c->runs->pdata[i], overlay));

          if (r == NULL)
            continue;
          wire[n++] = (double) r->bytes;
          d = r->decoded_bytes;
        }
      if (d >= 0)
        decoded[nd++] = (double) d;
    }
  rc_stat_compute (&stat.wire, wire, n);
  rc_stat_compute (&stat.decoded, decoded, nd);
  return stat;
}

static void
row (GString *out, const char *label, Column *columns, guint n, RcStat (*get) (Column *, gpointer),
     gpointer data, RcFormatFunc format)
{
  g_string_append_printf (out, "| %s |", label);
  for (guint i = 0; i < n; i++)
    {
      RcStat stat = get (&columns[i], data);
      g_autofree char *cell = format_stat (&stat, format);

      g_string_append_printf (out, " %s |", cell);
    }
  g_string_append_c (out, '\n');
}

/* "5.1 MB (12.3 MB once decoded)": wire bytes, and the median decoded size when it differs. */
static char *
format_byte_stat (const ByteStat *stat)
{
  g_autofree char *wire = format_stat (&stat->wire, rc_format_bytes);

  if (stat->wire.n == 0)
    return g_steal_pointer (&wire);
  return rc_format_wire_bytes_text (wire, stat->wire.median,
                                    stat->decoded.n < stat->wire.n ? -1 : stat->decoded.median);
}

static void
byte_row (GString *out, const char *label, Column *columns, guint n,
          ByteStat (*get) (Column *, gconstpointer), gconstpointer data)
{
  g_string_append_printf (out, "| %s |", label);
  for (guint i = 0; i < n; i++)
    {
      ByteStat stat = get (&columns[i], data);
      g_autofree char *cell = format_byte_stat (&stat);

      g_string_append_printf (out, " %s |", cell);
    }
  g_string_append_c (out, '\n');
}

static ByteStat
get_group (Column *c, gconstpointer group)
{
  return column_stat (c, group, NULL);
}

static ByteStat
get_overlay (Column *c, gconstpointer expected)
{
  return column_stat (c, NULL, expected);
}

static ByteStat
get_step_bytes (Column *c, gconstpointer key)
{
  const RcStepStat *s = rc_run_stats_find_step (c->stats, key);
  ByteStat none = { 0 };

  return s != NULL ? (ByteStat){ s->bytes, s->decoded_bytes } : none;
}

static ByteStat
get_total_bytes (Column *c, gconstpointer unused)
{
  return (ByteStat){ c->stats->total_bytes, c->stats->total_decoded_bytes };
}

static RcStat
get_step_ms (Column *c, gpointer key)
{
  const RcStepStat *s = rc_run_stats_find_step (c->stats, key);
  RcStat none = { 0 };

  return s != NULL ? s->duration_ms : none;
}

static RcStat
get_field (Column *c, gpointer field)
{
  return *(RcStat *) ((char *) c->stats + GPOINTER_TO_SIZE (field));
}

/* "WebKitGTK 2.50.6 (JavaScriptCore 2.50.6)", "Chromium 156.0.8078.114", … joined. */
static char *
describe_engines (const RcMeasurement *self)
{
  g_autoptr (GPtrArray) engines = rc_measurement_engines (self);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < engines->len; i++)
    {
      const RcRunRecord *run = NULL;

      for (guint j = 0; j < self->runs->len && run == NULL; j++)
        if (g_str_equal (rc_run_record_get_engine (self->runs->pdata[j]), engines->pdata[i]))
          run = self->runs->pdata[j];
      if (i > 0)
        g_string_append (text, i + 1 == engines->len ? " and " : ", ");
      if (rc_engine_id_is_webkit (engines->pdata[i]))
        {
          g_string_append_printf (text, "WebKitGTK %s (JavaScriptCore %s)",
                                  run->env.webkit_version ? run->env.webkit_version : "?",
                                  run->env.jsc_version ? run->env.jsc_version : "?");
          /* TRANSLATORS: after the engine's name: " with JSC_useOMGJIT=0, which a reader's
           * browser does not set" */
          if (run->env.engine_options != NULL)
            g_string_append_printf (text, _ (" with %s, which a reader's browser does not set"),
                                    run->env.engine_options);
        }
      else
        g_string_append_printf (text, "%s %s", rc_engine_display_name (engines->pdata[i]),
                                run->env.engine_version ? run->env.engine_version : "?");
    }
  return g_string_free (text, FALSE);
}

static void
intro (GString *out, const RcMeasurement *self, Column *columns, guint n)
{
  const RcRunRecord *run = self->runs->pdata[0];
  const RcRunEnvironment *env = &run->env;
  g_autofree char *date = g_strndup (env->date != NULL ? env->date : self->created, 10);
  g_autofree char *memory = rc_format_plain_spaces (g_format_size (env->machine_memory_bytes));
  g_autoptr (GString) counts = g_string_new (NULL);
  const char *worker = g_strcmp0 (env->worker_kind, "osa") == 0       ? _ ("OSA's own worker")
                       : g_strcmp0 (env->worker_kind, "builtin") == 0 ? _ ("the built-in worker")
                                                                      : env->worker_kind;

  g_autofree char *engines = describe_engines (self);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (
        counts, "%s%u %s%s%s",
        i == 0       ? ""
        : i + 1 == n ? " and "
                     : ", ",
        columns[i].stats->runs, columns[i].engine != NULL ? columns[i].engine : "",
        columns[i].engine != NULL ? " " : "", rc_scenario_to_string (columns[i].scenario));
  g_string_append_printf (out, "### What it costs\n\n");
  g_string_append_printf (
      out,
      _ ("Measured on %s with runtime-console %s: %s, Pyodide "
         "%s, %s, under the %s policy, throttle %s, deployment %s, page origin %s, "
         "on a machine with %u cores and %s of memory. Runs: %s; each figure is the median, "
         "with the range when there were several runs. Bytes are bytes over the network as the "
         "loopback proxy counted them (still brotli- or gzip-encoded, as jsDelivr sends them), "
         "with the size once decoded in parentheses, so a cache hit is 0 B; the heap is the "
         "WebAssembly memory after boot. The boot time runs from the page's navigation start "
         "to ready on the page's own clock, as a reader whose browser is already running "
         "waits; starting the browser is the row of its own below it.\n\n"),
      date, self->tool_version, engines, env->pyodide_version ? env->pyodide_version : "?",
      worker != NULL ? worker : "?", env->policy_name ? env->policy_name : "?",
      env->throttle_profile ? env->throttle_profile : "none",
      env->deployment ? env->deployment : "production", env->page_origin ? env->page_origin : "?",
      env->machine_cores, memory, counts->str);
  if (self->read_version == 1)
    g_string_append (out, _ ("> Read from a version 1 report: its boot times run from the "
                             "console's load call and include starting the browser, so they "
                             "are not comparable with a reader's.\n\n"));
}

static void
header (GString *out, const char *first, Column *columns, guint n)
{
  g_string_append_printf (out, "| %s |", first);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, " %s%s%s |", columns[i].engine != NULL ? columns[i].engine : "",
                            columns[i].engine != NULL ? " " : "",
                            rc_scenario_to_string (columns[i].scenario));
  g_string_append (out, "\n|---|");
  for (guint i = 0; i < n; i++)
    g_string_append (out, "---|");
  g_string_append_c (out, '\n');
}

static void
cost_table (GString *out, const RcMeasurement *self, Column *columns, guint n)
{
  const RcRunRecord *first =
      columns[0].runs->len > 0 ? columns[0].runs->pdata[0] : self->runs->pdata[0];

  header (out, _ ("What"), columns, n);
  byte_row (out, _ ("Interpreter (pyodide.js, lock, wasm, standard library)"), columns, n,
            get_group, "interpreter");
  for (guint i = 0; i < columns[0].stats->steps->len; i++)
    {
      const RcStepStat *s = columns[0].stats->steps->pdata[i];
      g_autofree char *label = NULL;

      if (!g_str_has_prefix (s->key, "loading_package "))
        continue;
      label = g_strdup_printf (_ ("Preload %s with its dependencies"), s->key + 16);
      byte_row (out, label, columns, n, get_step_bytes, s->key);
    }
  for (guint i = 0; i < first->expected->len; i++)
    {
      const RcExpectedResource *e = first->expected->pdata[i];
      g_autofree char *label = NULL;

      if (!e->overlay)
        continue;
      label = g_strdup_printf (_ ("Overlay wheel %s"), e->file_name);
      byte_row (out, label, columns, n, get_overlay, e);
    }
  byte_row (out, _ ("**Total over the network**"), columns, n, get_total_bytes, NULL);
  row (out, _ ("**Boot time**"), columns, n, get_field,
       GSIZE_TO_POINTER (G_STRUCT_OFFSET (RcRunStats, boot_ms)), rc_format_ms);
  row (out, _ ("Browser start before navigation (not in the boot time)"), columns, n, get_field,
       GSIZE_TO_POINTER (G_STRUCT_OFFSET (RcRunStats, start_ms)), rc_format_ms);
  row (out, _ ("WebAssembly heap after boot"), columns, n, get_field,
       GSIZE_TO_POINTER (G_STRUCT_OFFSET (RcRunStats, heap_bytes)), rc_format_bytes);
  row (out, _ ("Web process memory (RSS) after boot"), columns, n, get_field,
       GSIZE_TO_POINTER (G_STRUCT_OFFSET (RcRunStats, rss_bytes)), rc_format_bytes);
}

static void
step_table (GString *out, Column *columns, guint n)
{
  g_string_append_printf (out, "\n%s\n\n", _ ("Time per boot step (worker clock):"));
  header (out, _ ("Step"), columns, n);
  for (guint i = 0; i < columns[0].stats->steps->len; i++)
    {
      const RcStepStat *s = columns[0].stats->steps->pdata[i];
      g_autofree char *label = g_strdup_printf ("%u. `%s`", s->step, s->key);

      row (out, label, columns, n, get_step_ms, s->key, rc_format_ms);
    }
}

/* The median duration of sub-phase @name over the column's runs (n = 0 when none had it). */
static RcStat
sub_phase_stat (const Column *c, const char *name)
{
  g_autofree double *values = g_new0 (double, c->runs->len + 1);
  guint n = 0;
  RcStat stat;

  for (guint i = 0; i < c->runs->len; i++)
    {
      const RcRunRecord *run = c->runs->pdata[i];

      for (guint j = 0; j < run->sub_phases->len; j++)
        {
          const RcSubPhase *p = run->sub_phases->pdata[j];

          if (g_strcmp0 (p->name, name) == 0 && p->end_ms >= p->start_ms && p->start_ms >= 0)
            {
              values[n++] = p->end_ms - p->start_ms;
              break;
            }
        }
    }
  rc_stat_compute (&stat, values, n);
  return stat;
}

static RcStat
get_sub_phase (Column *c, gpointer name)
{
  return sub_phase_stat (c, name);
}

/* Inside step 1, side by side: downloads, WebAssembly compilation and Python's own start
 * ("python-init"), which is where the engines differ most. */
static void
sub_phase_table (GString *out, Column *columns, guint n)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    for (guint r = 0; r < columns[i].runs->len; r++)
      {
        const RcRunRecord *run = columns[i].runs->pdata[r];

        for (guint j = 0; j < run->sub_phases->len; j++)
          {
            const char *name = ((RcSubPhase *) run->sub_phases->pdata[j])->name;
            gboolean seen = FALSE;

            for (guint k = 0; k < names->len; k++)
              seen |= g_str_equal (names->pdata[k], name);
            if (!seen)
              g_ptr_array_add (names, (gpointer) name);
          }
      }
  if (names->len == 0)
    return;
  g_string_append_printf (out, "\n%s\n\n", _ ("Inside step 1, the interpreter (worker clock):"));
  header (out, _ ("Sub-phase"), columns, n);
  for (guint k = 0; k < names->len; k++)
    {
      g_autofree char *label = g_strdup_printf ("`%s`", (char *) names->pdata[k]);

      row (out, label, columns, n, get_sub_phase, names->pdata[k], rc_format_ms);
    }
}

static void
checks (GString *out, const RcMeasurement *self)
{
  g_autoptr (GPtrArray) flags = rc_measurement_flags (self);
  guint shown = 0;

  g_string_append_c (out, '\n');
  for (guint i = 0; i < flags->len; i++)
    {
      const RcDiagnostic *d = flags->pdata[i];

      if (d->severity == RC_SEVERITY_NOTE)
        continue;
      g_string_append_printf (out, "- **%s** (%s, %s): %s\n", rc_severity_to_string (d->severity),
                              d->path, d->rule, d->message);
      shown++;
    }
  for (guint i = 0; i < self->runs->len; i++)
    {
      const RcRunRecord *run = self->runs->pdata[i];

      if (run->outcome.state == RC_OUTCOME_READY)
        continue;
      g_string_append_printf (out, _ ("- **did not boot** (%s, left out of the figures): %s: %s\n"),
                              run->run_id, run->outcome.kind ? run->outcome.kind : "?",
                              run->outcome.message ? run->outcome.message : "");
      shown++;
    }
  if (shown == 0)
    g_string_append (out, _ ("Every cache verdict agreed between the proxy and the engine, and "
                             "no warm run fetched an immutable resource.\n"));
}

static void
column_fill (Column *c, const RcMeasurement *source)
{
  c->stats = rc_measurement_stats (source, c->scenario);
  c->runs = g_ptr_array_new ();
  c->analyses = g_ptr_array_new ();
  for (guint j = 0; j < source->runs->len; j++)
    {
      RcRunRecord *run = source->runs->pdata[j];

      if (run->scenario != c->scenario || run->outcome.state != RC_OUTCOME_READY)
        continue;
      g_ptr_array_add (c->runs, run);
      g_ptr_array_add (c->analyses, (gpointer) rc_measurement_get_analysis (source, j));
    }
}

/* A column per scenario; with several engines, per engine and scenario. */
static GArray *
make_columns (const RcMeasurement *self)
{
  g_autoptr (GPtrArray) engines = rc_measurement_engines (self);
  GArray *columns = g_array_new (FALSE, TRUE, sizeof (Column));

  for (guint e = 0; e < engines->len; e++)
    {
      RcMeasurement *only =
          engines->len > 1 ? rc_measurement_copy_engine (self, engines->pdata[e]) : NULL;
      const RcMeasurement *source = only != NULL ? only : self;
      g_autoptr (GArray) scenarios = rc_measurement_scenarios (source);

      for (guint i = 0; i < scenarios->len; i++)
        {
          Column c = { .scenario = g_array_index (scenarios, RcScenario, i) };

          c.engine = only != NULL ? engines->pdata[e] : NULL;
          column_fill (&c, source);
          c.only = i == 0 ? only : NULL; /* the first column of the engine owns it */
          g_array_append_val (columns, c);
        }
      if (scenarios->len == 0 && only != NULL)
        rc_measurement_free (only);
    }
  return columns;
}

char *
rc_measurement_to_markdown (const RcMeasurement *self)
{
  GString *out = g_string_new (NULL);
  g_autoptr (GArray) columns = NULL;
  Column *c;

  if (self->runs->len == 0)
    return g_string_free (out, FALSE);
  columns = make_columns (self);
  c = (Column *) columns->data;
  intro (out, self, c, columns->len);
  rc_measurement_append_provenance_markdown (self, out);
  cost_table (out, self, c, columns->len);
  step_table (out, c, columns->len);
  sub_phase_table (out, c, columns->len);
  rc_measurement_append_interpreter_markdown (self, out);
  if (self->snapshot != NULL)
    rc_snapshot_append_markdown (self->snapshot, self->runs, out);
  rc_measurement_append_preload_markdown (self, out);
  rc_measurement_append_connections_markdown (self, out);
  checks (out, self);
  /* Freed last to first: an engine's first column owns the runs its others borrow. */
  for (guint i = columns->len; i > 0; i--)
    column_clear (&c[i - 1]);
  return g_string_free (out, FALSE);
}
