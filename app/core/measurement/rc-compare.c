/* rc-compare.c: step-aligned comparison of two run reports.
 *
 * Steps are matched by key (phase plus package or module), never by position or time, so a
 * community that gained a preload shows one new row instead of every later row shifting.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "core/measurement/rc-measurement.h"
#include "core/measurement/rc-compare.h"
#include "core/record/rc-engine-info.h"

static void
row_free (RcCompareRow *row)
{
  g_free (row->key);
  g_free (row);
}

void
rc_comparison_free (RcComparison *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->warnings);
  g_ptr_array_unref (self->rows);
  g_free (self);
}

static gboolean
has_scenario (const RcMeasurement *m, RcScenario scenario)
{
  for (guint i = 0; i < m->runs->len; i++)
    if (((RcRunRecord *) m->runs->pdata[i])->scenario == scenario)
      return TRUE;
  return FALSE;
}

static int
pick_scenario (const RcMeasurement *a, const RcMeasurement *b)
{
  if (has_scenario (a, RC_SCENARIO_COLD) && has_scenario (b, RC_SCENARIO_COLD))
    return RC_SCENARIO_COLD;
  for (guint i = 0; i < a->runs->len; i++)
    {
      RcScenario s = ((RcRunRecord *) a->runs->pdata[i])->scenario;

      if (has_scenario (b, s))
        return s;
    }
  return -1;
}

static void
warn_if_differs (GPtrArray *warnings, const char *what, const char *a, const char *b,
                 const char *consequence)
{
  if (g_strcmp0 (a, b) == 0)
    return;
  g_ptr_array_add (warnings,
                   g_strdup_printf (_ ("%s differs (%s vs %s): %s"), what, a != NULL ? a : "?",
                                    b != NULL ? b : "?", consequence));
}

/* Reports before other engines were WebKit's. */
static const char *
env_engine (const RcRunEnvironment *env)
{
  return rc_engine_id_or_default (env->engine);
}

/* A report whose runs booted in several engines: its medians would mix browsers. */
static void
warn_if_mixed (RcComparison *self, const char *which, const RcMeasurement *m)
{
  const char *first = NULL;

  for (guint i = 0; i < m->runs->len; i++)
    {
      const char *engine = env_engine (&((RcRunRecord *) m->runs->pdata[i])->env);

      if (first == NULL)
        first = engine;
      else if (!g_str_equal (first, engine))
        {
          g_ptr_array_add (
              self->warnings,
              /* TRANSLATORS: "A holds runs of webkit and chromium: …" */
              g_strdup_printf (_ ("%s holds runs of %s and %s: its figures mix engines; measure "
                                  "each engine into its own report to compare them"),
                               which, first, engine));
          return;
        }
    }
}

/* Boot times on two clocks (a version 1 report's include browser start) are no comparison. */
static void
warn_if_clocks_differ (RcComparison *self, const RcMeasurement *a, const RcMeasurement *b)
{
  g_autoptr (RcRunStats) sa = rc_measurement_stats (a, self->scenario);
  g_autoptr (RcRunStats) sb = rc_measurement_stats (b, self->scenario);
  gboolean console_a = sa->console_clock > 0, console_b = sb->console_clock > 0;

  if (console_a == console_b)
    return;
  g_ptr_array_add (
      self->warnings,
      /* TRANSLATORS: "A times its boots on the console's clock …" */
      g_strdup_printf (_ ("%s times its boots on the console's clock, browser start included "
                          "(a version 1 report), %s from the page's navigation start: the boot "
                          "times differ by the browser's start-up; compare the steps"),
                       console_a ? "A" : "B", console_a ? "B" : "A"));
}

/* A report whose control booted (in an engine) was not measured under its policy there. */
static void
warn_if_invalid (RcComparison *self, const char *which, const RcMeasurement *m)
{
  g_autofree char *why = rc_measurement_describe_invalid (m);

  if (why != NULL)
    /* TRANSLATORS: "A is invalid: the control booted in Firefox, so …" */
    g_ptr_array_add (self->warnings, g_strdup_printf (_ ("%s is invalid: %s"), which, why));
}

static void
compare_environments (RcComparison *self, const RcMeasurement *a, const RcMeasurement *b)
{
  const RcRunEnvironment *ea = &((RcRunRecord *) a->runs->pdata[0])->env;
  const RcRunEnvironment *eb = &((RcRunRecord *) b->runs->pdata[0])->env;

  warn_if_differs (self->warnings, _ ("config sha256"), ea->config_sha256, eb->config_sha256,
                   _ ("the two reports measured different community configurations"));
  warn_if_differs (self->warnings, _ ("policy"), ea->policy_sha256, eb->policy_sha256,
                   _ ("the pages sent different Content-Security-Policies"));
  if (g_strcmp0 (ea->policy_sha256, eb->policy_sha256) == 0)
    warn_if_differs (self->warnings, _ ("policy name"), ea->policy_name, eb->policy_name,
                     _ ("the same policy text was measured under two names"));
  warn_if_differs (self->warnings, _ ("throttle"), ea->throttle_profile, eb->throttle_profile,
                   _ ("the link was shaped differently, so download times differ"));
  warn_if_differs (self->warnings, _ ("worker"), ea->worker_kind, eb->worker_kind,
                   _ ("different workers booted the runtime"));
  warn_if_differs (self->warnings, _ ("deployment"), ea->deployment, eb->deployment,
                   _ ("the community was served with different values"));
  warn_if_differs (self->warnings, _ ("distribution"), ea->distribution, eb->distribution,
                   _ ("the CDN served different Pyodide distributions"));
  if (g_strcmp0 (ea->distribution, eb->distribution) == 0)
    warn_if_differs (self->warnings, _ ("distribution lock sha256"), ea->distribution_lock_sha256,
                     eb->distribution_lock_sha256,
                     _ ("the distribution's pyodide-lock.json changed between the reports"));
  /* a rehearsed upgrade (--pyodide): said as plainly as two engines are */
  warn_if_differs (self->warnings, _ ("Pyodide version"), ea->pyodide_version, eb->pyodide_version,
                   _ ("the runs booted different interpreters: the difference is the Pyodide "
                      "versions', not a change to the community"));
  if (ea->worker_type != NULL && eb->worker_type != NULL)
    warn_if_differs (self->warnings, _ ("worker type"), ea->worker_type, eb->worker_type,
                     _ ("one booted in a classic worker, the other in a module worker"));
  warn_if_differs (self->warnings, _ ("engine"), env_engine (ea), env_engine (eb),
                   _ ("the runs booted in different browsers: the difference is the engines', "
                      "not a change to the community"));
  if (g_str_equal (env_engine (ea), env_engine (eb)) && ea->engine_version != NULL
      && eb->engine_version != NULL)
    warn_if_differs (self->warnings, _ ("engine version"), ea->engine_version, eb->engine_version,
                     _ ("the engines differ"));
  warn_if_differs (self->warnings, _ ("engine (WebKitGTK)"), ea->webkit_version, eb->webkit_version,
                   _ ("the engines differ"));
  warn_if_differs (self->warnings, _ ("engine (JavaScriptCore)"), ea->jsc_version, eb->jsc_version,
                   _ ("the engines differ"));
  /* JSC_useOMGJIT=0 alone halves a WebKit boot's CPU: not a change to the community */
  if (ea->engine_options != NULL || eb->engine_options != NULL)
    warn_if_differs (self->warnings, _ ("engine options"),
                     ea->engine_options != NULL ? ea->engine_options : _ ("none"),
                     eb->engine_options != NULL ? eb->engine_options : _ ("none"),
                     _ ("the engines were tuned differently"));
}

/* A --scenario that one report never ran would otherwise show as a table of "only in"
 * rows with no word on why. */
static void
warn_if_missing (RcComparison *self, const char *which, const RcMeasurement *m)
{
  if (!has_scenario (m, self->scenario))
    g_ptr_array_add (
        self->warnings,
        /* TRANSLATORS: "B has no warm runs", A and B name the two reports */
        g_strdup_printf (_ ("%s has no %s runs"), which, rc_scenario_to_string (self->scenario)));
}

static RcCompareRow *
find_row (RcComparison *self, const char *key, guint *index)
{
  for (guint i = 0; i < self->rows->len; i++)
    if (g_str_equal (((RcCompareRow *) self->rows->pdata[i])->key, key))
      {
        *index = i;
        return self->rows->pdata[i];
      }
  return NULL;
}

/* A's steps in order; each B-only step goes right after the B step before it. */
static void
collect_rows (RcComparison *self, const RcRunStats *sa, const RcRunStats *sb)
{
  guint after = 0;
  gboolean have_after = FALSE;

  for (guint i = 0; i < sa->steps->len; i++)
    {
      const RcStepStat *s = sa->steps->pdata[i];
      RcCompareRow *row = g_new0 (RcCompareRow, 1);

      row->key = g_strdup (s->key);
      row->in_a = TRUE;
      row->a = s->duration_ms;
      g_ptr_array_add (self->rows, row);
    }
  for (guint i = 0; i < sb->steps->len; i++)
    {
      const RcStepStat *s = sb->steps->pdata[i];
      guint index = 0;
      RcCompareRow *row = find_row (self, s->key, &index);

      if (row == NULL)
        {
          row = g_new0 (RcCompareRow, 1);
          row->key = g_strdup (s->key);
          index = have_after ? after + 1 : 0;
          g_ptr_array_insert (self->rows, (int) index, row);
        }
      row->in_b = TRUE;
      row->b = s->duration_ms;
      after = index;
      have_after = TRUE;
    }
}

static gboolean
bands_overlap (const RcStat *a, const RcStat *b)
{
  return a->n >= 2 && b->n >= 2 && a->min <= b->max && b->min <= a->max;
}

RcComparison *
rc_measurement_compare (const RcMeasurement *a, const RcMeasurement *b, int scenario)
{
  RcComparison *self = g_new0 (RcComparison, 1);
  g_autoptr (RcRunStats) sa = NULL;
  g_autoptr (RcRunStats) sb = NULL;

  self->warnings = g_ptr_array_new_with_free_func (g_free);
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  if (scenario < 0)
    scenario = pick_scenario (a, b);
  if (scenario < 0 || a->runs->len == 0 || b->runs->len == 0)
    {
      g_ptr_array_add (self->warnings, g_strdup (_ ("the two reports have no scenario in "
                                                    "common; nothing to compare")));
      self->scenario = RC_SCENARIO_COLD;
      return self;
    }
  self->scenario = (RcScenario) scenario;
  compare_environments (self, a, b);
  warn_if_missing (self, "A", a);
  warn_if_missing (self, "B", b);
  warn_if_mixed (self, "A", a);
  warn_if_mixed (self, "B", b);
  warn_if_invalid (self, "A", a);
  warn_if_invalid (self, "B", b);
  warn_if_clocks_differ (self, a, b);
  sa = rc_measurement_stats (a, self->scenario);
  sb = rc_measurement_stats (b, self->scenario);
  collect_rows (self, sa, sb);
  for (guint i = 0; i < self->rows->len; i++)
    {
      RcCompareRow *row = self->rows->pdata[i];

      row->delta_ms = row->in_a && row->in_b ? row->b.median - row->a.median : 0;
      row->in_noise = row->in_a && row->in_b && bands_overlap (&row->a, &row->b);
    }
  self->boot_a = sa->boot_ms;
  self->boot_b = sb->boot_ms;
  self->bytes_a = sa->total_bytes;
  self->bytes_b = sb->total_bytes;
  self->heap_a = sa->heap_bytes;
  self->heap_b = sb->heap_bytes;
  return self;
}

static char *
cell (const RcStat *stat, gboolean present, double scale)
{
  int digits = scale < 1e-4 ? 1 : 0; /* MB get a decimal */

  if (!present || stat->n == 0)
    return g_strdup ("—");
  if (stat->n < 2 || stat->min == stat->max)
    return g_strdup_printf ("%.*f", digits, stat->median * scale);
  return g_strdup_printf ("%.*f (%.*f–%.*f)", digits, stat->median * scale, digits,
                          stat->min * scale, digits, stat->max * scale);
}

/* printf pads by bytes; the cells hold "–" and "—". */
static void
append_padded (GString *out, const char *text, guint width)
{
  glong n = g_utf8_strlen (text, -1);

  g_string_append (out, text);
  for (glong i = n; i < (glong) width; i++)
    g_string_append_c (out, ' ');
  g_string_append_c (out, ' ');
}

static void
format_line (GString *out, const char *key, const RcStat *a, gboolean in_a, const RcStat *b,
             gboolean in_b, double scale, const char *unit)
{
  g_autofree char *ca = cell (a, in_a, scale);
  g_autofree char *cb = cell (b, in_b, scale);
  g_autofree char *delta = NULL;

  /* a figure no run of the scenario gave is as absent as a step one report lacks */
  in_a = in_a && a->n > 0;
  in_b = in_b && b->n > 0;
  if (in_a && in_b)
    delta = g_strdup_printf ("%+.*f %s%s", scale < 1e-4 ? 1 : 0, (b->median - a->median) * scale,
                             unit, bands_overlap (a, b) ? _ ("  (within noise)") : "");
  else
    delta = g_strdup (in_b ? _ ("only in B") : in_a ? _ ("only in A") : "—");
  append_padded (out, key, 34);
  append_padded (out, ca, 24);
  append_padded (out, cb, 24);
  g_string_append_printf (out, "%s\n", delta);
}

char *
rc_comparison_format (const RcComparison *self)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < self->warnings->len; i++)
    g_string_append_printf (out, "WARNING: %s\n", (char *) self->warnings->pdata[i]);
  /* with no run on either side the table would be all dashes; the warnings say why */
  if (self->boot_a.n == 0 && self->boot_b.n == 0 && self->rows->len == 0)
    return g_string_free (out, FALSE);
  g_string_append_printf (out, _ ("Scenario %s; each cell is the median (min–max) over runs.\n"),
                          rc_scenario_to_string (self->scenario));
  append_padded (out, _ ("step (ms)"), 34);
  append_padded (out, "A", 24);
  append_padded (out, "B", 24);
  g_string_append_printf (out, "%s\n", "B − A");
  for (guint i = 0; i < self->rows->len; i++)
    {
      const RcCompareRow *row = self->rows->pdata[i];

      format_line (out, row->key, &row->a, row->in_a, &row->b, row->in_b, 1, "ms");
    }
  format_line (out, _ ("boot (ms)"), &self->boot_a, TRUE, &self->boot_b, TRUE, 1, "ms");
  format_line (out, _ ("bytes over the network (kB)"), &self->bytes_a, TRUE, &self->bytes_b, TRUE,
               1e-3, "kB");
  format_line (out, _ ("heap after boot (MB)"), &self->heap_a, TRUE, &self->heap_b, TRUE, 1e-6,
               "MB");
  return g_string_free (out, FALSE);
}
