/* rc-budget.c: "--budget boot_ms=9000 cold_bytes=40MB heap_mb=200", parsed and checked. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "core/measurement/rc-measurement.h"
#include "core/measurement/rc-budget.h"

/* Unformatted: clang-format would space the dashes of the quark's name. */
/* clang-format off */
G_DEFINE_QUARK (rc-budget-error-quark, rc_budget_error)
/* clang-format on */

typedef enum
{
  KIND_TIME,  /* base unit ms */
  KIND_BYTES, /* base unit bytes */
  KIND_MB,    /* base unit MB (10^6 bytes) */
} Kind;

static const struct
{
  const char *key;
  Kind kind;
} keys[] = {
  { "boot_ms", KIND_TIME },
  { "warm_ms", KIND_TIME },
  /* wire bytes (still encoded), what a reader's connection pays */
  { "cold_bytes", KIND_BYTES },
  { "warm_bytes", KIND_BYTES },
  /* the same once decoded */
  { "cold_decoded_bytes", KIND_BYTES },
  { "warm_decoded_bytes", KIND_BYTES },
  { "heap_mb", KIND_MB },
  { "rss_mb", KIND_MB },
};

static const struct
{
  const char *unit;
  Kind kind;
  double factor; /* to the kind's base unit */
} units[] = {
  { "ms", KIND_TIME, 1 },    { "s", KIND_TIME, 1000 },  { "B", KIND_BYTES, 1 },
  { "KB", KIND_BYTES, 1e3 }, { "kB", KIND_BYTES, 1e3 }, { "MB", KIND_BYTES, 1e6 },
  { "GB", KIND_BYTES, 1e9 },
};

static gboolean
find_key (const char *key, Kind *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_str_equal (key, keys[i].key))
      {
        *kind = keys[i].kind;
        return TRUE;
      }
  return FALSE;
}

/* The factor from @unit to @kind's base unit; MB-kind budgets take byte units too. */
static gboolean
unit_factor (const char *unit, Kind kind, double *factor)
{
  if (*unit == '\0')
    {
      *factor = 1;
      return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    {
      if (!g_str_equal (unit, units[i].unit))
        continue;
      if (units[i].kind == kind)
        {
          *factor = units[i].factor;
          return TRUE;
        }
      if (kind == KIND_MB && units[i].kind == KIND_BYTES)
        {
          *factor = units[i].factor / 1e6;
          return TRUE;
        }
    }
  return FALSE;
}

RcBudget *
rc_budget_parse (const char *text, GError **error)
{
  const char *eq = strchr (text, '=');
  g_autofree char *key = NULL;
  const char *value;
  char *end = NULL;
  double number, factor;
  Kind kind;
  RcBudget *budget;

  if (eq == NULL)
    {
      g_set_error (error, RC_BUDGET_ERROR, 0,
                   _ ("budget “%s”: expected KEY=VALUE, e.g. boot_ms=9000 or cold_bytes=40MB"),
                   text);
      return NULL;
    }
  key = g_strstrip (g_strndup (text, eq - text));
  if (!find_key (key, &kind))
    {
      g_set_error (error, RC_BUDGET_ERROR, 0,
                   _ ("budget “%s”: unknown key “%s”; known keys are boot_ms, warm_ms, "
                      "cold_bytes, warm_bytes, heap_mb, rss_mb"),
                   text, key);
      return NULL;
    }
  value = eq + 1;
  number = g_ascii_strtod (value, &end);
  if (end == value || number < 0 || !isfinite (number))
    {
      g_set_error (error, RC_BUDGET_ERROR, 0, _ ("budget “%s”: “%s” is not a non-negative number"),
                   text, value);
      return NULL;
    }
  while (*end == ' ')
    end++;
  if (!unit_factor (end, kind, &factor))
    {
      g_set_error (error, RC_BUDGET_ERROR, 0, _ ("budget “%s”: unit “%s” does not fit %s; use %s"),
                   text, end, key, kind == KIND_TIME ? "ms or s" : "B, KB or MB");
      return NULL;
    }
  budget = g_new0 (RcBudget, 1);
  budget->key = g_steal_pointer (&key);
  budget->limit = number * factor;
  budget->text = g_strdup (text);
  return budget;
}

GPtrArray *
rc_budgets_parse (const char *const *texts, GError **error)
{
  g_autoptr (GPtrArray) budgets = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_budget_free);

  for (guint i = 0; texts != NULL && texts[i] != NULL; i++)
    {
      g_auto (GStrv) parts = g_strsplit_set (texts[i], " ,\t", -1);

      for (guint j = 0; parts[j] != NULL; j++)
        {
          RcBudget *budget;

          if (*parts[j] == '\0')
            continue;
          if ((budget = rc_budget_parse (parts[j], error)) == NULL)
            return NULL;
          g_ptr_array_add (budgets, budget);
        }
    }
  return g_steal_pointer (&budgets);
}

void
rc_budget_free (RcBudget *self)
{
  if (self == NULL)
    return;
  g_free (self->key);
  g_free (self->text);
  g_free (self);
}

void
rc_budget_result_free (RcBudgetResult *self)
{
  if (self == NULL)
    return;
  g_free (self->key);
  g_free (self->message);
  g_free (self);
}

static gboolean
has_scenario (const RcMeasurement *self, RcScenario scenario)
{
  for (guint i = 0; i < self->runs->len; i++)
    if (((RcRunRecord *) self->runs->pdata[i])->scenario == scenario)
      return TRUE;
  return FALSE;
}

/* cold figures come from cold runs (the first scenario when there are none), warm figures
 * from warm runs (else warm-restart). */
static gboolean
figure_scenario (const RcMeasurement *self, gboolean warm, RcScenario *out)
{
  if (!warm)
    {
      if (has_scenario (self, RC_SCENARIO_COLD))
        *out = RC_SCENARIO_COLD;
      else if (self->runs->len > 0)
        *out = ((RcRunRecord *) self->runs->pdata[0])->scenario;
      else
        return FALSE;
      return TRUE;
    }
  if (has_scenario (self, RC_SCENARIO_WARM))
    *out = RC_SCENARIO_WARM;
  else if (has_scenario (self, RC_SCENARIO_WARM_RESTART))
    *out = RC_SCENARIO_WARM_RESTART;
  else
    return FALSE;
  return TRUE;
}

gboolean
rc_measurement_figure (const RcMeasurement *self, const char *key, double *out)
{
  gboolean warm = g_str_has_prefix (key, "warm_");
  g_autoptr (RcRunStats) stats = NULL;
  const RcStat *stat;
  double scale = 1;
  RcScenario scenario;

  if (!figure_scenario (self, warm, &scenario))
    return FALSE;
  stats = rc_measurement_stats (self, scenario);
  if (g_str_has_suffix (key, "_ms"))
    stat = &stats->boot_ms;
  else if (g_str_has_suffix (key, "_decoded_bytes"))
    stat = &stats->total_decoded_bytes; /* n counts runs whose decoded size is known */
  else if (g_str_has_suffix (key, "_bytes"))
    stat = &stats->total_bytes;
  else if (g_str_equal (key, "heap_mb"))
    stat = &stats->heap_bytes, scale = 1e-6;
  else if (g_str_equal (key, "rss_mb"))
    stat = &stats->rss_bytes, scale = 1e-6;
  else
    return FALSE;
  /* a failed run's boot time is not a boot time */
  if (stat->n == 0 || stats->runs == stats->failed)
    return FALSE;
  /* a median over the runs whose decoded size is known would be a different figure */
  if (stat == &stats->total_decoded_bytes && stat->n < stats->total_bytes.n)
    return FALSE;
  *out = stat->median * scale;
  return TRUE;
}

/* @figure: the measured value, which names what was measured (wire or decoded bytes). */
static char *
format_value (const char *key, double value, gboolean figure)
{
  if (g_str_has_suffix (key, "_ms"))
    return g_strdup_printf ("%.0f ms", value);
  if (g_str_has_suffix (key, "_mb"))
    return g_strdup_printf ("%.1f MB", value);
  if (!figure)
    return g_strdup_printf ("%.0f bytes", value);
  /* TRANSLATORS: a budget figure: "%.0f" is a number of bytes */
  if (g_str_has_suffix (key, "_decoded_bytes"))
    return g_strdup_printf (_ ("%.0f bytes once decoded"), value);
  return g_strdup_printf (_ ("%.0f bytes over the network"), value);
}

GPtrArray *
rc_measurement_check_budgets (const RcMeasurement *self, GPtrArray *budgets)
{
  GPtrArray *results = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_budget_result_free);

  for (guint i = 0; i < budgets->len; i++)
    {
      const RcBudget *budget = budgets->pdata[i];
      g_autofree char *limit = format_value (budget->key, budget->limit, FALSE);
      g_autofree char *figure_text = NULL;
      RcBudgetResult *result;
      double figure = 0;
      gboolean measured = rc_measurement_figure (self, budget->key, &figure);

      if (measured && figure <= budget->limit)
        continue;
      result = g_new0 (RcBudgetResult, 1);
      result->key = g_strdup (budget->key);
      result->figure = figure;
      result->limit = budget->limit;
      result->measured = measured;
      figure_text = format_value (budget->key, figure, TRUE);
      result->message =
          measured ? g_strdup_printf (_ ("%s: %s exceeds the budget of %s"), budget->key,
                                      figure_text, limit)
                   : g_strdup_printf (_ ("%s: no run measured it (budget %s)"), budget->key, limit);
      g_ptr_array_add (results, result);
    }
  return results;
}
