/* rc-advice.c: advise's changes, their savings, their ranking and their output (rc-advice.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/advice/rc-advice.h"
#include "core/base/rc-json-builder-private.h"

static const char *const verdict_names[] = { "proven", "noise", "worse", "failed" };

const char *
rc_advice_verdict_to_string (RcAdviceVerdict verdict)
{
  g_return_val_if_fail ((guint) verdict < G_N_ELEMENTS (verdict_names), "failed");
  return verdict_names[verdict];
}

RcAdviceChange *
rc_advice_change_new (const char *experiment, const char *id, const char *title)
{
  RcAdviceChange *self = g_new0 (RcAdviceChange, 1);

  self->experiment = g_strdup (experiment);
  self->id = g_strdup (id);
  self->title = g_strdup (title);
  self->fixes = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_fix_free);
  self->variant_runs = g_new0 (char *, 1);
  self->variant_bytes = -1;
  self->verdict = RC_ADVICE_FAILED;
  self->scenario = RC_SCENARIO_COLD;
  return self;
}

void
rc_advice_change_free (RcAdviceChange *self)
{
  if (self == NULL)
    return;
  g_free (self->experiment);
  g_free (self->id);
  g_free (self->title);
  g_free (self->caveat);
  g_free (self->pyodide);
  g_ptr_array_unref (self->fixes);
  g_strfreev (self->variant_runs);
  g_free (self->failure);
  g_free (self);
}

void
rc_advice_change_add_fix (RcAdviceChange *self, RcFix *fix)
{
  g_return_if_fail (fix != NULL && fix->resolved);
  g_ptr_array_add (self->fixes, fix);
}

static int
by_start_descending (gconstpointer a, gconstpointer b)
{
  const RcFix *x = *(const RcFix *const *) a, *y = *(const RcFix *const *) b;

  return x->start < y->start ? 1 : x->start > y->start ? -1 : 0;
}

char *
rc_advice_change_apply (const RcAdviceChange *self, const char *text, gsize len)
{
  g_autoptr (GPtrArray) order = g_ptr_array_copy (self->fixes, NULL, NULL);
  g_autofree char *out = g_strndup (text, len);
  gsize out_len = len;

  /* the copy takes the free function too: it only borrows the fixes */
  g_ptr_array_set_free_func (order, NULL);
  g_ptr_array_sort (order, by_start_descending);
  for (guint i = 0; i < order->len; i++)
    {
      const RcFix *fix = order->pdata[i];
      char *next;

      if (fix->end > out_len || (i > 0 && fix->end > ((RcFix *) order->pdata[i - 1])->start))
        return NULL;
      next = rc_fix_apply (fix, out, out_len, &out_len);
      g_free (out);
      out = next;
    }
  return g_steal_pointer (&out);
}

RcFix *
rc_advice_change_to_fix (const RcAdviceChange *self, const char *text, gsize len)
{
  g_autofree char *edited = NULL;
  gsize lo = len, hi = 0, edited_len;
  RcFix *fix;

  if (self->fixes->len == 0 || (edited = rc_advice_change_apply (self, text, len)) == NULL)
    return NULL;
  for (guint i = 0; i < self->fixes->len; i++)
    {
      const RcFix *f = self->fixes->pdata[i];

      lo = MIN (lo, f->start);
      hi = MAX (hi, f->end);
    }
  edited_len = strlen (edited);
  /* the text after @hi is untouched, so it ends the edited text too */
  fix = rc_fix_new (RC_FIX_REPLACE, ((RcFix *) self->fixes->pdata[0])->line,
                    ((RcFix *) self->fixes->pdata[0])->column, 0, 0, NULL, self->title);
  g_free (fix->replacement);
  fix->replacement = g_strndup (edited + lo, edited_len - (len - hi) - lo);
  fix->start = lo;
  fix->end = hi;
  fix->resolved = TRUE;
  return fix;
}

RcAdvice *
rc_advice_new (const char *community, const char *engine)
{
  RcAdvice *self = g_new0 (RcAdvice, 1);

  self->community = g_strdup (community);
  self->engine = g_strdup (engine);
  self->model_delay_ms = RC_PRELOAD_SIM_DEFAULT_MODEL_DELAY_MS;
  self->base_runs = g_new0 (char *, 1);
  self->base_bytes = -1;
  self->changes = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_advice_change_free);
  self->notes = g_ptr_array_new_with_free_func (g_free);
  return self;
}

void
rc_advice_free (RcAdvice *self)
{
  if (self == NULL)
    return;
  g_free (self->community);
  g_free (self->engine);
  g_free (self->config_sha256);
  g_strfreev (self->base_runs);
  g_strfreev (self->advised_runs);
  rc_preload_ledger_free (self->ledger);
  g_clear_pointer (&self->control, rc_advice_change_free);
  g_ptr_array_unref (self->changes);
  g_ptr_array_unref (self->notes);
  g_free (self);
}

void
rc_advice_add_note (RcAdvice *self, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (self->notes, g_strdup_vprintf (format, args));
  va_end (args);
}

/* ---- the arithmetic ------------------------------------------------------------------------ */

static double
wait (RcPreloadOn on, double model_ms, double boot_ms)
{
  return rc_preload_sim_wait (on, model_ms, boot_ms, FALSE);
}

void
rc_advice_change_measure (RcAdviceChange *self, const RcStat *base, const RcStat *variant,
                          RcPreloadOn on, double model_delay_ms)
{
  self->booted = TRUE;
  self->variant_boot = *variant;
  self->preload_on = on;
  if (variant->n == 0 || base->n == 0)
    {
      self->verdict = RC_ADVICE_FAILED;
      self->boot_saving = self->reader_saving = (RcSaving){ 0, 0, 0 };
      return;
    }
  self->boot_saving.median = base->median - variant->median;
  self->boot_saving.lo = base->min - variant->max;
  self->boot_saving.hi = base->max - variant->min;
  self->reader_saving.median =
      wait (on, model_delay_ms, base->median) - wait (on, model_delay_ms, variant->median);
  self->reader_saving.lo =
      wait (on, model_delay_ms, base->min) - wait (on, model_delay_ms, variant->max);
  self->reader_saving.hi =
      wait (on, model_delay_ms, base->max) - wait (on, model_delay_ms, variant->min);
  if (self->failure != NULL)
    self->verdict = RC_ADVICE_FAILED;
  else if (self->boot_saving.lo > 0)
    self->verdict = RC_ADVICE_PROVEN;
  else if (self->boot_saving.median > 0)
    self->verdict = RC_ADVICE_NOISE;
  else
    self->verdict = RC_ADVICE_WORSE;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The median and the ends of @d (sorted in place). */
static RcSaving
saving_of (double *d, guint n)
{
  qsort (d, n, sizeof (double), compare_doubles);
  return (RcSaving){ n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2, d[0], d[n - 1] };
}

void
rc_advice_change_measure_paired (RcAdviceChange *self, const double *base, const double *variant,
                                 guint rounds, RcPreloadOn on, double model_delay_ms)
{
  g_autofree double *boot = g_new (double, MAX (rounds, 1));
  g_autofree double *reader = g_new (double, MAX (rounds, 1));
  g_autoptr (GArray) ready = g_array_new (FALSE, FALSE, sizeof (double));
  guint n = 0;

  for (guint i = 0; i < rounds; i++)
    {
      if (!isnan (variant[i]))
        g_array_append_val (ready, variant[i]);
      /* a round pairs only when both of its boots got ready */
      if (isnan (base[i]) || isnan (variant[i]))
        continue;
      boot[n] = base[i] - variant[i];
      reader[n++] = wait (on, model_delay_ms, base[i]) - wait (on, model_delay_ms, variant[i]);
    }
  self->booted = TRUE;
  self->preload_on = on;
  rc_stat_compute (&self->variant_boot, (const double *) ready->data, ready->len);
  if (n == 0 || ready->len < rounds)
    {
      self->verdict = RC_ADVICE_FAILED;
      self->boot_saving = self->reader_saving = (RcSaving){ 0, 0, 0 };
      if (n == 0)
        return;
    }
  self->boot_saving = saving_of (boot, n);
  self->reader_saving = saving_of (reader, n);
  if (self->failure != NULL || ready->len < rounds)
    self->verdict = RC_ADVICE_FAILED;
  else if (self->boot_saving.lo > 0)
    self->verdict = RC_ADVICE_PROVEN;
  else if (self->boot_saving.median > 0)
    self->verdict = RC_ADVICE_NOISE;
  else
    self->verdict = RC_ADVICE_WORSE;
}

void
rc_advice_change_set_bytes (RcAdviceChange *self, double base_bytes, double variant_bytes)
{
  self->variant_bytes = variant_bytes;
  self->bytes_saving = base_bytes >= 0 && variant_bytes >= 0 ? base_bytes - variant_bytes : 0;
}

void
rc_advice_change_model (RcAdviceChange *self, const RcStat *base, RcPreloadOn from, RcPreloadOn to,
                        double model_delay_ms)
{
  const double boots[] = { base->min, base->median, base->max };

  self->booted = FALSE;
  self->preload_on = to;
  self->variant_boot = *base;
  self->boot_saving = (RcSaving){ 0, 0, 0 };
  if (base->n == 0)
    {
      self->verdict = RC_ADVICE_FAILED;
      return;
    }
  self->reader_saving.lo = G_MAXDOUBLE;
  self->reader_saving.hi = -G_MAXDOUBLE;
  for (guint i = 0; i < G_N_ELEMENTS (boots); i++)
    {
      double s = wait (from, model_delay_ms, boots[i]) - wait (to, model_delay_ms, boots[i]);

      self->reader_saving.lo = MIN (self->reader_saving.lo, s);
      self->reader_saving.hi = MAX (self->reader_saving.hi, s);
      if (i == 1)
        self->reader_saving.median = s;
    }
  self->verdict = self->reader_saving.lo > 0       ? RC_ADVICE_PROVEN
                  : self->reader_saving.median > 0 ? RC_ADVICE_NOISE
                                                   : RC_ADVICE_WORSE;
}

static int
compare_changes (gconstpointer a, gconstpointer b)
{
  const RcAdviceChange *x = *(const RcAdviceChange *const *) a;
  const RcAdviceChange *y = *(const RcAdviceChange *const *) b;
  gboolean xf = x->verdict == RC_ADVICE_FAILED, yf = y->verdict == RC_ADVICE_FAILED;

  if (xf != yf)
    return xf ? 1 : -1;
  if (x->reader_saving.median != y->reader_saving.median)
    return x->reader_saving.median > y->reader_saving.median ? -1 : 1;
  if (x->boot_saving.median != y->boot_saving.median)
    return x->boot_saving.median > y->boot_saving.median ? -1 : 1;
  return 0;
}

void
rc_advice_set_control (RcAdvice *self, RcAdviceChange *control)
{
  g_clear_pointer (&self->control, rc_advice_change_free);
  self->control = control;
  if (control == NULL || control->verdict == RC_ADVICE_FAILED)
    return;
  for (guint i = 0; i < self->changes->len; i++)
    {
      RcAdviceChange *c = self->changes->pdata[i];

      if (c->booted && c->verdict == RC_ADVICE_PROVEN
          && c->boot_saving.lo <= control->boot_saving.hi)
        c->verdict = RC_ADVICE_NOISE;
    }
}

void
rc_advice_rank (RcAdvice *self)
{
  /* g_ptr_array_sort is a merge sort: stable, so ties keep the experiments' order */
  g_ptr_array_sort (self->changes, compare_changes);
}

GPtrArray *
rc_advice_proven (const RcAdvice *self)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < self->changes->len; i++)
    if (((RcAdviceChange *) self->changes->pdata[i])->verdict == RC_ADVICE_PROVEN)
      g_ptr_array_add (out, self->changes->pdata[i]);
  return out;
}

/* ---- JSON ---------------------------------------------------------------------------------- */

static void
add_stat (JsonBuilder *b, const char *name, const RcStat *s)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  rc_json_add_int (b, "n", s->n);
  rc_json_add_double_or_null (b, "median_ms", s->median, s->n == 0);
  rc_json_add_double_or_null (b, "min_ms", s->min, s->n == 0);
  rc_json_add_double_or_null (b, "max_ms", s->max, s->n == 0);
  json_builder_end_object (b);
}

static void
add_saving (JsonBuilder *b, const char *name, const RcSaving *s)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  rc_json_add_double (b, "median_ms", s->median);
  rc_json_add_double (b, "lo_ms", s->lo);
  rc_json_add_double (b, "hi_ms", s->hi);
  json_builder_end_object (b);
}

static void
add_fix (JsonBuilder *b, gconstpointer item)
{
  const RcFix *fix = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "label", fix->label);
  rc_json_add_int (b, "line", fix->line);
  rc_json_add_int (b, "column", fix->column);
  rc_json_add_int (b, "start", (gint64) fix->start);
  rc_json_add_int (b, "end", (gint64) fix->end);
  rc_json_add_string (b, "replacement", fix->replacement);
  json_builder_end_object (b);
}

static void
add_change (JsonBuilder *b, gconstpointer item)
{
  const RcAdviceChange *c = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "experiment", c->experiment);
  rc_json_add_string (b, "id", c->id);
  rc_json_add_string (b, "title", c->title);
  rc_json_add_string (b, "caveat", c->caveat);
  rc_json_add_string (b, "verdict", rc_advice_verdict_to_string (c->verdict));
  rc_json_add_bool (b, "booted", c->booted);
  rc_json_add_string (b, "scenario", rc_scenario_to_string (c->scenario));
  rc_json_add_string (b, "pyodide", c->pyodide);
  rc_json_add_string (b, "preload_on", rc_preload_on_to_string (c->preload_on));
  add_stat (b, "variant_boot", &c->variant_boot);
  rc_json_add_double_or_null (b, "variant_bytes", c->variant_bytes, c->variant_bytes < 0);
  rc_json_add_double (b, "bytes_saving", c->bytes_saving);
  rc_json_add_strv (b, "variant_runs", (const char *const *) c->variant_runs);
  add_saving (b, "boot_saving", &c->boot_saving);
  add_saving (b, "reader_saving", &c->reader_saving);
  rc_json_add_string (b, "failure", c->failure);
  rc_json_add_array (b, "edits", c->fixes, add_fix);
  json_builder_end_object (b);
}

static void
add_note (JsonBuilder *b, gconstpointer item)
{
  json_builder_add_string_value (b, item);
}

JsonNode *
rc_advice_to_json (const RcAdvice *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  rc_json_add_string (b, "schema", RC_ADVICE_SCHEMA);
  rc_json_add_int (b, "version", RC_ADVICE_VERSION);
  rc_json_add_string (b, "community", self->community);
  rc_json_add_string (b, "engine", self->engine);
  rc_json_add_string (b, "config_sha256", self->config_sha256);
  rc_json_add_string (b, "preload_on", rc_preload_on_to_string (self->preload_on));
  rc_json_add_double (b, "model_delay_ms", self->model_delay_ms);
  rc_json_add_int (b, "runs", self->runs);
  rc_json_add_string (b, "pairing", "interleaved");
  add_stat (b, "baseline_boot", &self->base_boot);
  rc_json_add_double_or_null (b, "baseline_bytes", self->base_bytes, self->base_bytes < 0);
  rc_json_add_strv (b, "baseline_runs", (const char *const *) self->base_runs);
  if (self->ledger != NULL)
    {
      json_builder_set_member_name (b, "ledger");
      json_builder_add_value (b, rc_preload_ledger_to_json (self->ledger));
    }
  rc_json_add_array (b, "changes", self->changes, add_change);
  if (self->control != NULL)
    {
      json_builder_set_member_name (b, "control");
      add_change (b, self->control);
    }
  rc_json_add_array (b, "notes", self->notes, add_note);
  if (self->advised_runs != NULL)
    {
      add_stat (b, "advised_boot", &self->advised_boot);
      rc_json_add_strv (b, "advised_runs", (const char *const *) self->advised_runs);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* ---- text ---------------------------------------------------------------------------------- */

static char *
seconds (double ms)
{
  return g_strdup_printf ("%+.2f s", ms / 1000);
}

gboolean
rc_advice_change_has_band (const RcAdviceChange *self)
{
  return self->variant_boot.n > 1;
}

/* "band +0.40 s … +0.90 s", or that one boot a side gives none */
static char *
band (const RcAdviceChange *c, const RcSaving *saving)
{
  g_autofree char *lo = seconds (saving->lo), *hi = seconds (saving->hi);

  if (!rc_advice_change_has_band (c))
    return g_strdup (_ ("one boot a side: no band"));
  /* TRANSLATORS: a saving's noise band, "band −1.50 s … −0.90 s" */
  return g_strdup_printf (_ ("band %s … %s"), lo, hi);
}

static void
append_change (GString *out, guint rank, const RcAdviceChange *c)
{
  g_autofree char *reader = seconds (c->reader_saving.median);
  g_autofree char *rband = band (c, &c->reader_saving);
  g_autofree char *boot = seconds (c->boot_saving.median);
  g_autofree char *bband = band (c, &c->boot_saving);

  /* TRANSLATORS: "1. Drop ledger-archive from preload [proven]" */
  g_string_append_printf (out, _ ("%u. %s [%s]\n"), rank, c->title,
                          rc_advice_verdict_to_string (c->verdict));
  /* TRANSLATORS: the saving, "reader saves −1.20 s (band −1.50 s … −0.90 s) under …" */
  g_string_append_printf (out, _ ("   reader saves %s (%s) under preload_on: %s\n"), reader, rband,
                          rc_preload_on_to_string (c->preload_on));
  if (c->booted && c->variant_boot.n > 0)
    {
      g_autofree char *runs = g_strjoinv (", ", c->variant_runs);

      g_autofree char *bytes = rc_ledger_format_bytes (ABS (c->bytes_saving));

      g_string_append_printf (
          out,
          g_dngettext (GETTEXT_PACKAGE,
                       "   boot saves %s (%s): variant median %.2f s over %u run (%s)\n",
                       "   boot saves %s (%s): variant median %.2f s over %u runs (%s)\n",
                       c->variant_boot.n),
          boot, bband, c->variant_boot.median / 1000, c->variant_boot.n, runs);
      /* TRANSLATORS: "   wire bytes: 24.0 MB fewer" */
      g_string_append_printf (out,
                              c->bytes_saving >= 0 ? _ ("   wire bytes: %s fewer\n")
                                                   : _ ("   wire bytes: %s more\n"),
                              bytes);
    }
  else if (!c->booted)
    g_string_append (out, _ ("   from the baseline boots and the preload_on model (no "
                             "variant boot: the boot itself does not change)\n"));
  if (c->failure != NULL)
    g_string_append_printf (out, _ ("   the variant failed: %s\n"), c->failure);
  if (c->caveat != NULL)
    g_string_append_printf (out, _ ("   caveat: %s\n"), c->caveat);
  if (c->scenario == RC_SCENARIO_SNAPSHOT)
    g_string_append (out, _ ("   no config edit: the variant boots from a memory snapshot "
                             "(measure --scenario snapshot)\n"));
  if (c->pyodide != NULL)
    /* TRANSLATORS: %s is a Pyodide version, "314.0.8" */
    g_string_append_printf (out,
                            _ ("   no config edit OSA accepts today: the variant boots "
                               "Pyodide %s (boot --pyodide %s)\n"),
                            c->pyodide, c->pyodide);
  for (guint i = 0; i < c->fixes->len; i++)
    {
      const RcFix *fix = c->fixes->pdata[i];
      g_autofree char *text = g_strchomp (g_strdup (fix->replacement));

      /* TRANSLATORS: the config edit: "config.yaml:24: preload: [ledger-core]" */
      g_string_append_printf (out, _ ("   edit config.yaml:%u: %s\n"), fix->line,
                              *text != '\0' ? g_strchug (text) : _ ("(remove the line)"));
    }
}

char *
rc_advice_format (const RcAdvice *self)
{
  GString *out = g_string_new (NULL);
  g_autofree char *runs = g_strjoinv (", ", self->base_runs);

  /* TRANSLATORS: "Advice for Ledger in webkit (3 runs a side)" */
  g_string_append_printf (out, _ ("Advice for %s in %s (%u runs a side)\n"), self->community,
                          self->engine, self->runs);
  if (self->base_boot.n > 0)
    g_string_append_printf (
        out,
        _ ("Baseline: cold boot median %.2f s (%.2f … %.2f s; %s), "
           "preload_on: %s, model turn %.1f s\n"),
        self->base_boot.median / 1000, self->base_boot.min / 1000, self->base_boot.max / 1000, runs,
        rc_preload_on_to_string (self->preload_on), self->model_delay_ms / 1000);
  if (self->ledger != NULL && self->ledger->entries->len > 0)
    {
      g_autofree char *ledger = rc_preload_ledger_format (self->ledger);

      g_string_append_printf (out, _ ("\nPreload ledger (from %s):\n%s"),
                              self->ledger->run_id != NULL ? self->ledger->run_id : "—", ledger);
    }
  if (self->control != NULL && self->control->verdict != RC_ADVICE_FAILED)
    {
      g_autofree char *m = seconds (self->control->boot_saving.median);
      g_autofree char *cband = band (self->control, &self->control->boot_saving);
      g_autofree char *hi = seconds (self->control->boot_saving.hi);

      /* TRANSLATORS: the control's figure: what a change with no effect shows */
      g_string_append_printf (out,
                              _ ("Control: the baseline's copy, booted as a variant, \"saves\" "
                                 "%s (%s): a change is proven only above %s\n"),
                              m, cband, hi);
    }
  else if (self->control != NULL)
    g_string_append_printf (out, _ ("Control: it failed (%s): the verdicts have no control\n"),
                            self->control->failure != NULL ? self->control->failure : "—");
  g_string_append (out, _ ("\nChanges, ranked by the reader's wait they save:\n"));
  if (self->changes->len == 0)
    g_string_append (out, _ ("  none: no experiment found a change to make\n"));
  for (guint i = 0; i < self->changes->len; i++)
    append_change (out, i + 1, self->changes->pdata[i]);
  for (guint i = 0; i < self->notes->len; i++)
    g_string_append_printf (out, _ ("note: %s\n"), (const char *) self->notes->pdata[i]);
  if (self->advised_runs != NULL && self->advised_boot.n > 0)
    g_string_append_printf (out,
                            _ ("\nEvery proven change at once: cold boot median %.2f s "
                               "(%.2f … %.2f s)\n"),
                            self->advised_boot.median / 1000, self->advised_boot.min / 1000,
                            self->advised_boot.max / 1000);
  return g_string_free (out, FALSE);
}
