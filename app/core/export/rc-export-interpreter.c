/* rc-export-interpreter.c: the interpreter step explained, in Markdown and plain text. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/base/rc-format.h"
#include "core/export/rc-export-interpreter.h"
#include "core/analysis/rc-run-stats.h"
#include "core/record/rc-engine-info.h"

#define SHOWN_IMPORTS 10

typedef struct
{
  const char *engine;
  RcScenario scenario;
  GPtrArray *runs; /* borrowed RcRunRecord, ready only */
} Column;

static const char *
engine_of (const RcRunRecord *run)
{
  return rc_engine_id_or_default (run->env.engine);
}

static gboolean
has_facts (const RcRunRecord *run)
{
  return run->interpreter.importtime || run->interpreter.wasm_cache != NULL;
}

static void
column_clear (gpointer data)
{
  g_ptr_array_unref (((Column *) data)->runs);
}

/* One per engine and scenario with a ready run, in the order they booted. */
static GArray *
make_columns (const RcMeasurement *self, guint *engines)
{
  GArray *columns = g_array_new (FALSE, TRUE, sizeof (Column));
  g_autoptr (GPtrArray) seen = g_ptr_array_new ();

  g_array_set_clear_func (columns, column_clear);
  for (guint i = 0; i < self->runs->len; i++)
    {
      RcRunRecord *run = self->runs->pdata[i];
      Column *found = NULL;

      if (run->outcome.state != RC_OUTCOME_READY)
        continue;
      for (guint c = 0; c < columns->len && found == NULL; c++)
        {
          Column *col = &g_array_index (columns, Column, c);

          if (col->scenario == run->scenario && g_str_equal (col->engine, engine_of (run)))
            found = col;
        }
      if (found == NULL)
        {
          Column col = { engine_of (run), run->scenario, g_ptr_array_new () };

          g_array_append_val (columns, col);
          found = &g_array_index (columns, Column, columns->len - 1);
          if (!g_ptr_array_find_with_equal_func (seen, col.engine, g_str_equal, NULL))
            g_ptr_array_add (seen, (gpointer) col.engine);
        }
      g_ptr_array_add (found->runs, run);
    }
  *engines = seen->len;
  return columns;
}

/* Median of @get over the column's runs that have a value (>= 0); "—" when none. */
static char *
median_cell (const Column *c, double (*get) (const RcRunRecord *, gconstpointer),
             gconstpointer data)
{
  g_autofree double *values = g_new0 (double, c->runs->len + 1);
  guint n = 0;
  RcStat stat;

  for (guint i = 0; i < c->runs->len; i++)
    {
      double v = get (c->runs->pdata[i], data);

      if (v >= 0)
        values[n++] = v;
    }
  if (n == 0)
    return g_strdup ("—");
  rc_stat_compute (&stat, values, n);
  return rc_format_ms (stat.median);
}

/* From the start of step 1 to Python's first import. */
static double
get_first_import (const RcRunRecord *run, gconstpointer data)
{
  const RcRunStep *first = run->steps->len > 0 ? run->steps->pdata[0] : NULL;

  if (first == NULL || run->interpreter.first_import_ms < 0)
    return -1;
  return run->interpreter.first_import_ms - first->start_ms;
}

static double
get_imports (const RcRunRecord *run, gconstpointer data)
{
  return run->interpreter.imports_us < 0 ? -1 : run->interpreter.imports_us / 1000.0;
}

static double
get_module (const RcRunRecord *run, gconstpointer module)
{
  for (guint i = 0; i < run->interpreter.slowest->len; i++)
    {
      const RcImportTime *t = run->interpreter.slowest->pdata[i];

      if (g_str_equal (t->module, module))
        return t->cumulative_us / 1000.0;
    }
  return -1;
}

/* "hit" or "hit 2, compiled 1": each state the runs recorded, with counts when they differ. */
static char *
cache_cell (const Column *c)
{
  g_autoptr (GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  GString *cell = g_string_new (NULL);

  for (guint i = 0; i < c->runs->len; i++)
    {
      const char *state = ((RcRunRecord *) c->runs->pdata[i])->interpreter.wasm_cache;
      guint n;

      if (state == NULL)
        continue;
      n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, state));
      if (n == 0)
        g_ptr_array_add (order, (gpointer) state);
      g_hash_table_insert (counts, (gpointer) state, GUINT_TO_POINTER (n + 1));
    }
  for (guint i = 0; i < order->len; i++)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, order->pdata[i]));

      g_string_append_printf (cell, "%s%s", i > 0 ? ", " : "", (char *) order->pdata[i]);
      if (order->len > 1)
        g_string_append_printf (cell, " %u", n);
    }
  if (cell->len == 0)
    g_string_append (cell, "—");
  return g_string_free (cell, FALSE);
}

static void
header (GString *out, const char *first, GArray *columns, guint engines)
{
  g_string_append_printf (out, "| %s |", first);
  for (guint i = 0; i < columns->len; i++)
    {
      const Column *c = &g_array_index (columns, Column, i);

      if (engines > 1)
        g_string_append_printf (out, " %s %s |", c->engine, rc_scenario_to_string (c->scenario));
      else
        g_string_append_printf (out, " %s |", rc_scenario_to_string (c->scenario));
    }
  g_string_append (out, "\n|---|");
  for (guint i = 0; i < columns->len; i++)
    g_string_append (out, "---|");
  g_string_append_c (out, '\n');
}

static void
row (GString *out, const char *label, GArray *columns,
     double (*get) (const RcRunRecord *, gconstpointer), gconstpointer data)
{
  g_string_append_printf (out, "| %s |", label);
  for (guint i = 0; i < columns->len; i++)
    {
      g_autofree char *cell = median_cell (&g_array_index (columns, Column, i), get, data);

      g_string_append_printf (out, " %s |", cell);
    }
  g_string_append_c (out, '\n');
}

/* The modules that are among the slowest anywhere, slowest (in any run) first. */
static GPtrArray *
slow_modules (GArray *columns)
{
  GPtrArray *modules = g_ptr_array_new ();
  g_autoptr (GHashTable) worst = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint c = 0; c < columns->len; c++)
    {
      const Column *col = &g_array_index (columns, Column, c);

      for (guint r = 0; r < col->runs->len; r++)
        {
          const GPtrArray *slowest = ((RcRunRecord *) col->runs->pdata[r])->interpreter.slowest;

          for (guint i = 0; i < slowest->len; i++)
            {
              const RcImportTime *t = slowest->pdata[i];
              gint64 before = GPOINTER_TO_SIZE (g_hash_table_lookup (worst, t->module));

              if (!g_hash_table_contains (worst, t->module))
                g_ptr_array_add (modules, t->module);
              if (t->cumulative_us + 1 > before)
                g_hash_table_insert (worst, t->module, GSIZE_TO_POINTER (t->cumulative_us + 1));
            }
        }
    }
  /* stable insertion sort by the worst time: the lists are short */
  for (guint i = 1; i < modules->len; i++)
    for (guint j = i; j > 0; j--)
      {
        gsize a = GPOINTER_TO_SIZE (g_hash_table_lookup (worst, modules->pdata[j - 1]));
        gsize b = GPOINTER_TO_SIZE (g_hash_table_lookup (worst, modules->pdata[j]));
        gpointer swap;

        if (a >= b)
          break;
        swap = modules->pdata[j - 1];
        modules->pdata[j - 1] = modules->pdata[j];
        modules->pdata[j] = swap;
      }
  if (modules->len > SHOWN_IMPORTS)
    g_ptr_array_set_size (modules, SHOWN_IMPORTS);
  return modules;
}

/* Each engine's source for its wasm cache fact, once. */
static void
cache_sources (GString *out, GArray *columns)
{
  g_autoptr (GPtrArray) said = g_ptr_array_new ();

  for (guint c = 0; c < columns->len; c++)
    {
      const Column *col = &g_array_index (columns, Column, c);

      for (guint r = 0; r < col->runs->len; r++)
        {
          const char *source = ((RcRunRecord *) col->runs->pdata[r])->interpreter.wasm_cache_source;

          if (source == NULL || g_ptr_array_find_with_equal_func (said, source, g_str_equal, NULL))
            continue;
          g_ptr_array_add (said, (gpointer) source);
          g_string_append_printf (out, "- %s\n", source);
        }
    }
}

void
rc_measurement_append_interpreter_markdown (const RcMeasurement *self, GString *out)
{
  guint engines = 0;
  g_autoptr (GArray) columns = make_columns (self, &engines);
  g_autoptr (GPtrArray) modules = NULL;
  gboolean any = FALSE, importtime = FALSE;

  for (guint i = 0; i < self->runs->len; i++)
    {
      any |= has_facts (self->runs->pdata[i]);
      importtime |= ((RcRunRecord *) self->runs->pdata[i])->interpreter.importtime;
    }
  if (!any || columns->len == 0)
    return;
  g_string_append (out, _ ("\n### Why the interpreter step costs what it does\n\n"));
  header (out, _ ("Interpreter"), columns, engines);
  if (importtime)
    {
      row (out, _ ("Python's first import, after step 1 began"), columns, get_first_import, NULL);
      row (out, _ ("Imports in step 1 (top level, cumulative)"), columns, get_imports, NULL);
    }
  g_string_append_printf (out, "| %s |", _ ("Compiled wasm reused (wasm code cache)"));
  for (guint i = 0; i < columns->len; i++)
    {
      g_autofree char *cell = cache_cell (&g_array_index (columns, Column, i));

      g_string_append_printf (out, " %s |", cell);
    }
  g_string_append (out, "\n\n");
  cache_sources (out, columns);
  if (!importtime)
    {
      g_string_append (out, _ ("\nRun with --importtime for Python's first import and the "
                               "slowest imports.\n"));
      return;
    }
  modules = slow_modules (columns);
  if (modules->len == 0)
    return;
  g_string_append (out, _ ("\nThe slowest imports in step 1 (cumulative, with what they import; "
                           "Python's -X importtime):\n\n"));
  header (out, _ ("Module"), columns, engines);
  for (guint i = 0; i < modules->len; i++)
    {
      g_autofree char *label = g_strdup_printf ("`%s`", (char *) modules->pdata[i]);

      row (out, label, columns, get_module, modules->pdata[i]);
    }
  g_string_append (out, _ ("\n— : not among that column's ten slowest (it may still have been "
                           "imported).\n"));
}

static double
sub_phase_ms (const RcRunRecord *run, const char *name)
{
  const RcSubPhase *p = rc_run_record_find_sub_phase (run, name);

  return p != NULL && p->end_ms >= p->start_ms ? p->end_ms - p->start_ms : -1;
}

/* "wasm-compile 0.39 s, python-init 1.20 s (python-startup 0.30 s + python-imports 0.90 s)" */
static void
append_split (GString *text, const RcRunRecord *run)
{
  static const char *const names[] = { "wasm-compile", "python-init" };
  double startup = sub_phase_ms (run, "python-startup");
  double imports = sub_phase_ms (run, "python-imports");

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      double ms = sub_phase_ms (run, names[i]);
      g_autofree char *cell = ms >= 0 ? rc_format_ms (ms) : NULL;

      if (cell != NULL)
        g_string_append_printf (text, "%s%s %s", text->len > 0 ? ", " : "", names[i], cell);
    }
  if (startup >= 0 && imports >= 0)
    {
      g_autofree char *s = rc_format_ms (startup), *m = rc_format_ms (imports);

      g_string_append_printf (text, " (python-startup %s + python-imports %s)", s, m);
    }
}

char *
rc_run_record_interpreter_text (const RcRunRecord *run, const char *indent)
{
  g_autoptr (GString) split = g_string_new (NULL);
  GString *out = g_string_new (NULL);
  const RcInterpreterFacts *f = &run->interpreter;

  append_split (split, run);
  if (split->len > 0)
    g_string_append_printf (out, _ ("%sinterpreter: %s\n"), indent, split->str);
  if (f->importtime && f->imports_us >= 0)
    {
      g_autofree char *total = rc_format_ms (f->imports_us / 1000.0);
      GString *slow = g_string_new (NULL);

      for (guint i = 0; i < f->slowest->len && i < 5; i++)
        {
          const RcImportTime *t = f->slowest->pdata[i];
          g_autofree char *ms = rc_format_ms (t->cumulative_us / 1000.0);

          g_string_append_printf (slow, "%s%s %s", i > 0 ? ", " : "", t->module, ms);
        }
      /* TRANSLATORS: "41 imports took 850 ms; slowest: encodings 1.04 s, zipfile 300 ms" */
      g_string_append_printf (out, _ ("%s  %u imports took %s; slowest: %s\n"), indent,
                              f->import_count, total, slow->str);
      g_string_free (slow, TRUE);
    }
  if (f->wasm_cache != NULL)
    g_string_append_printf (out, _ ("%s  wasm code cache: %s (%s)\n"), indent, f->wasm_cache,
                            f->wasm_cache_source != NULL ? f->wasm_cache_source : "?");
  return g_string_free (out, FALSE);
}
