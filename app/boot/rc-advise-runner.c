/* rc-advise-runner.c: the baseline and each experiment's variants booted interleaved, round
 * by round in alternating order (B V1 V2, V2 V1 B, B V1 V2, …), then the advised result
 * (rc-advise-runner.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>

#include "boot/rc-advise-copy.h"
#include "boot/rc-advise-runner.h"
#include "boot/rc-measure-runner.h"
#include "core/advice/rc-advice-sides.h"
#include "core/base/rc-paths.h"

struct _RcAdviseRunner
{
  GObject parent_instance;

  RcCommunity *community;
  RcAdviseEngineFunc engine_func;
  gpointer engine_data;
  GDestroyNotify engine_destroy;
  guint runs;
  double model_delay_ms;
  gboolean advised;
  char *candidate; /* the version experiment's Pyodide, or NULL */
  RcMeasurement *baseline_measurement;
  RcMeasurement *advised_measurement;
  GHashTable *variants; /* change id → RcMeasurement: each variant's boots */
};

G_DEFINE_FINAL_TYPE (RcAdviseRunner, rc_advise_runner, G_TYPE_OBJECT)

enum
{
  SIGNAL_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
rc_advise_runner_finalize (GObject *object)
{
  RcAdviseRunner *self = RC_ADVISE_RUNNER (object);

  g_clear_object (&self->community);
  if (self->engine_destroy != NULL)
    self->engine_destroy (self->engine_data);
  g_clear_pointer (&self->baseline_measurement, rc_measurement_free);
  g_clear_pointer (&self->advised_measurement, rc_measurement_free);
  g_clear_pointer (&self->variants, g_hash_table_unref);
  g_free (self->candidate);
  G_OBJECT_CLASS (rc_advise_runner_parent_class)->finalize (object);
}

static void
rc_advise_runner_class_init (RcAdviseRunnerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rc_advise_runner_finalize;
  signals[SIGNAL_MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
rc_advise_runner_init (RcAdviseRunner *self)
{
  self->runs = 3;
  self->variants =
      g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) rc_measurement_free);
  self->model_delay_ms = RC_PRELOAD_SIM_DEFAULT_MODEL_DELAY_MS;
}

RcAdviseRunner *
rc_advise_runner_new (RcCommunity *community, RcAdviseEngineFunc engine_func, gpointer engine_data,
                      GDestroyNotify engine_destroy)
{
  RcAdviseRunner *self = g_object_new (RC_TYPE_ADVISE_RUNNER, NULL);

  self->community = g_object_ref (community);
  self->engine_func = engine_func;
  self->engine_data = engine_data;
  self->engine_destroy = engine_destroy;
  return self;
}

void
rc_advise_runner_set_runs (RcAdviseRunner *self, guint runs)
{
  self->runs = MAX (runs, 1);
}

void
rc_advise_runner_set_model_delay (RcAdviseRunner *self, double model_delay_ms)
{
  self->model_delay_ms = model_delay_ms;
}

void
rc_advise_runner_set_advised (RcAdviseRunner *self, gboolean advised)
{
  self->advised = advised;
}

void
rc_advise_runner_set_candidate (RcAdviseRunner *self, const char *version)
{
  g_return_if_fail (RC_IS_ADVISE_RUNNER (self));
  g_free (self->candidate);
  self->candidate = g_strdup (version);
}

RcMeasurement *
rc_advise_runner_get_baseline (RcAdviseRunner *self)
{
  return self->baseline_measurement;
}

RcMeasurement *
rc_advise_runner_get_advised (RcAdviseRunner *self)
{
  return self->advised_measurement;
}

RcMeasurement *
rc_advise_runner_get_variant (RcAdviseRunner *self, const char *change_id)
{
  return g_hash_table_lookup (self->variants, change_id);
}

/* ---- one run ------------------------------------------------------------------------------- */

typedef struct
{
  RcAdviseContext ctx;
  guint experiment;
  GPtrArray *pending; /* Variant: the changes to boot, each once a round */
  guint round;        /* 1-based: the round booting */
  guint next;         /* the variant of the round to boot next */
  char *tmp;          /* its temporary copy's folder (the parent of the community) */
  RcCommunity *side;  /* the community booting */
  RcEngine *engine;
  char *label;
  RcSnapshot *snapshot; /* the snapshot experiment's, made by its first variant boot */
  const char *pyodide;  /* the version the side boots (borrowed), NULL the baseline's */
} Run;

/* A change booted once a round, its boots gathered in @m. */
typedef struct
{
  RcAdviceChange *change;
  RcMeasurement *m;
} Variant;

static void
variant_free (Variant *v)
{
  rc_advice_change_free (v->change);
  g_clear_pointer (&v->m, rc_measurement_free);
  g_free (v);
}

static void
clear_side (Run *run)
{
  if (run->engine != NULL)
    rc_engine_stop (run->engine);
  g_clear_object (&run->engine);
  g_clear_object (&run->side);
  if (run->tmp != NULL)
    {
      g_autofree char *parent = g_path_get_dirname (run->tmp);

      rc_advise_remove_tree (parent, NULL);
      g_clear_pointer (&run->tmp, g_free);
    }
}

static void
run_free (Run *run)
{
  clear_side (run);
  rc_advice_free (run->ctx.advice);
  g_clear_pointer (&run->snapshot, rc_snapshot_free);
  g_clear_object (&run->ctx.community);
  g_ptr_array_unref (run->pending);
  g_free (run->label);
  g_free (run);
}

static void say (GTask *task, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
say (GTask *task, const char *format, ...)
{
  g_autofree char *line = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  g_signal_emit (g_task_get_source_object (task), signals[SIGNAL_MESSAGE], 0, line);
}

static void
ctx_say (const char *line, gpointer data)
{
  say (data, "%s", line);
}

static gboolean
fail_if_cancelled (GTask *task)
{
  GError *error = NULL;

  if (!g_cancellable_set_error_if_cancelled (g_task_get_cancellable (task), &error))
    return FALSE;
  g_task_return_error (task, error);
  g_object_unref (task);
  return TRUE;
}

static void
on_boot_started (RcMeasureRunner *runner, const char *run_id, guint number, guint total,
                 GTask *task)
{
  RcAdviseRunner *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  g_autofree char *id = g_strdup_printf ("cold-%u", run->round);

  /* in the rounds each side boots once a round: the round numbers its boot */
  if (run->round > 0)
    number = run->round, total = self->runs, run_id = id;
  /* TRANSLATORS: "[baseline 1/3] cold-1: booting" */
  say (task, _ ("[%s %u/%u] %s: booting"), run->label, number, total, run_id);
}

static void
on_run_finished (RcMeasureRunner *runner, RcRunRecord *record, GTask *task)
{
  Run *run = g_task_get_task_data (task);
  g_autofree char *id =
      run->round > 0 ? g_strdup_printf ("cold-%u", run->round) : g_strdup (record->run_id);

  if (record->outcome.state == RC_OUTCOME_READY)
    say (task, _ ("[%s] %s: ready in %.2f s"), run->label, id, record->boot_ms / 1000);
  else
    say (task, _ ("[%s] %s: FAILED (%s): %s"), run->label, id, record->outcome.kind,
         record->outcome.message);
}

/* Boots @community (taken) @runs times cold, or cold from the snapshot (@scenario
 * RC_SCENARIO_SNAPSHOT); @done gets the measurement. */
static void
boot_side (GTask *task, RcCommunity *community, const char *label, RcScenario scenario, guint runs,
           GAsyncReadyCallback done)
{
  RcAdviseRunner *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  g_autoptr (RcMeasureRunner) runner = NULL;
  g_autoptr (GArray) scenarios = g_array_new (FALSE, FALSE, sizeof (RcScenario));
  GError *error = NULL;

  run->side = community;
  g_free (run->label);
  run->label = g_strdup (label);
  if ((run->engine = self->engine_func (community, self->engine_data, &error)) == NULL)
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  rc_engine_set_importtime (run->engine, TRUE);
  if (run->pyodide != NULL)
    rc_engine_set_pyodide_version (run->engine, run->pyodide);
  if (run->ctx.advice->engine == NULL)
    run->ctx.advice->engine =
        g_strdup (rc_engine_kind_to_string (rc_engine_get_engine_kind (run->engine)));
  runner = rc_measure_runner_new (run->engine);
  rc_measure_runner_set_runs (runner, runs);
  g_array_append_val (scenarios, scenario);
  rc_measure_runner_set_scenarios (runner, scenarios);
  /* one snapshot for every round of one Pyodide: made (or refused) once; the advised
   * result on a candidate Pyodide makes its own */
  if (scenario == RC_SCENARIO_SNAPSHOT && run->snapshot != NULL
      && g_strcmp0 (run->snapshot->pyodide_version,
                    run->pyodide != NULL ? run->pyodide : PYODIDE_VERSION)
             == 0)
    rc_measure_runner_set_snapshot (runner, run->snapshot);
  rc_measure_runner_set_control (runner, FALSE);
  g_signal_connect (runner, "boot-started", G_CALLBACK (on_boot_started), task);
  g_signal_connect (runner, "run-finished", G_CALLBACK (on_run_finished), task);
  rc_measure_runner_run_async (runner, g_task_get_cancellable (task), done, task);
}

static RcMeasurement *
side_finish (GTask *task, GObject *source, GAsyncResult *result)
{
  Run *run = g_task_get_task_data (task);
  GError *error = NULL;
  RcMeasurement *m = rc_measure_runner_run_finish (RC_MEASURE_RUNNER (source), result, &error);
  const RcSnapshot *snapshot = rc_measure_runner_get_snapshot (RC_MEASURE_RUNNER (source));

  g_signal_handlers_disconnect_by_data (source, task);
  if (run->snapshot == NULL && snapshot != NULL)
    run->snapshot = rc_snapshot_copy (snapshot);
  clear_side (run);
  if (m == NULL)
    {
      g_task_return_error (task, error);
      g_object_unref (task);
    }
  return m;
}

static void next_experiment (GTask *task);
static void next_variant (GTask *task);
static void finish (GTask *task);

/* ---- the advised result -------------------------------------------------------------------- */

static void
on_advised_booted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  RcAdviseRunner *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  RcMeasurement *m = side_finish (task, source, result);

  if (m == NULL)
    return;
  run->ctx.advice->advised_boot = rc_advice_side_stat (m, &run->ctx.advice->advised_runs, NULL);
  g_clear_pointer (&self->advised_measurement, rc_measurement_free);
  self->advised_measurement = m;
  finish (task);
}

/* Every proven change at once, when their edits do not overlap. */
static void
boot_advised (GTask *task)
{
  RcAdviseRunner *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  g_autoptr (GPtrArray) proven = rc_advice_proven (run->ctx.advice);
  g_autoptr (RcAdviceChange) all = rc_advice_change_new ("advised", "advised", "advised");
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *distribution = NULL;
  const char *config = rc_community_get_config_text (self->community);
  RcCommunity *community;

  for (guint i = 0; i < proven->len; i++)
    {
      const RcAdviceChange *c = proven->pdata[i];

      for (guint j = 0; j < c->fixes->len; j++)
        rc_advice_change_add_fix (all, rc_fix_copy (c->fixes->pdata[j]));
      if (c->scenario == RC_SCENARIO_SNAPSHOT)
        all->scenario = RC_SCENARIO_SNAPSHOT;
      if (c->pyodide != NULL)
        all->pyodide = g_strdup (c->pyodide);
    }
  if (proven->len == 0 || (text = rc_advice_change_apply (all, config, strlen (config))) == NULL)
    {
      rc_advice_add_note (run->ctx.advice,
                          proven->len == 0
                              ? _ ("no change is proven: the budgets are checked on the "
                                   "baseline")
                              : _ ("the proven changes edit the same lines: the budgets are "
                                   "checked on the baseline"));
      finish (task);
      return;
    }
  distribution = all->pyodide != NULL
                     ? rc_paths_distribution_for (all->pyodide)
                     : g_strdup (rc_community_get_distribution_dir (self->community));
  if ((run->tmp = rc_advise_copy_community (rc_community_get_dir (self->community), text, &error))
          == NULL
      || (community = rc_community_load (run->tmp, distribution,
                                         rc_community_get_deployment (self->community), &error))
             == NULL)
    {
      rc_advice_add_note (run->ctx.advice, _ ("the advised result could not be booted: %s"),
                          error->message);
      finish (task);
      return;
    }
  say (task, _ ("advised result: every proven change at once"));
  run->pyodide = all->pyodide;
  boot_side (task, community, "advised", all->scenario, self->runs, on_advised_booted);
  run->pyodide = NULL;
}

/* ---- the rounds: the baseline and every variant, once a round -------------------------- */

static void next_round (GTask *task);
static void boot_round_baseline (GTask *task);

/* Rounds alternate their order (round 1 the baseline first, round 2 the variants first in
 * reverse, …: ABBA), so a load that rises or falls over the rounds, or a boot that leaves
 * the machine busy for the next, favours no side. Round 1 starts with the baseline: the
 * experiments propose their changes from its boot. */
static gboolean
round_is_reversed (guint round)
{
  return round % 2 == 0;
}

/* The index in @run->pending of the round's @run->next-th variant. */
static guint
variant_index (const Run *run)
{
  return round_is_reversed (run->round) ? run->pending->len - 1 - run->next : run->next;
}

static void
on_variant_booted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  Run *run = g_task_get_task_data (task);
  Variant *v = run->pending->pdata[variant_index (run)];
  RcMeasurement *m = side_finish (task, source, result);

  if (m == NULL)
    return;
  rc_advice_side_merge_round (&v->m, m, run->round);
  run->next++;
  next_variant (task);
}

/* Boots the round's next variant; after the last, the next round. */
static void
next_variant (GTask *task)
{
  RcAdviseRunner *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *distribution = NULL;
  const char *config = rc_community_get_config_text (self->community);
  RcCommunity *community;
  Variant *v;

  if (fail_if_cancelled (task))
    return;
  if (run->next >= run->pending->len)
    {
      /* a reversed round ends with its baseline */
      if (round_is_reversed (run->round))
        boot_round_baseline (task);
      else
        {
          run->round++;
          next_round (task);
        }
      return;
    }
  v = run->pending->pdata[variant_index (run)];
  distribution = v->change->pyodide != NULL
                     ? rc_paths_distribution_for (v->change->pyodide)
                     : g_strdup (rc_community_get_distribution_dir (self->community));
  if ((text = rc_advice_change_apply (v->change, config, strlen (config))) == NULL
      || (run->tmp =
              rc_advise_copy_community (rc_community_get_dir (self->community), text, &error))
             == NULL
      || (community = rc_community_load (run->tmp, distribution,
                                         rc_community_get_deployment (self->community), &error))
             == NULL)
    {
      /* a change that cannot be booted leaves the rounds */
      v->change->failure =
          g_strdup (error != NULL ? error->message : _ ("the edit does not fit config.yaml"));
      g_ptr_array_add (run->ctx.advice->changes, g_steal_pointer (&v->change));
      g_ptr_array_remove_index (run->pending, variant_index (run));
      clear_side (run);
      next_variant (task);
      return;
    }
  /* TRANSLATORS: "variant: Drop ledger-archive from preload (a copy in /tmp/…)" */
  say (task, _ ("variant: %s (a copy in %s)"), v->change->title, run->tmp);
  run->pyodide = v->change->pyodide;
  boot_side (task, community, v->change->id, v->change->scenario, 1, on_variant_booted);
  run->pyodide = NULL;
}

/* Each change's paired savings, once every round ran. */
static void
measure_changes (GTask *task)
{
  RcAdviseRunner *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  RcAdvice *advice = run->ctx.advice;
  g_autoptr (GArray) base = rc_advice_side_rounds (self->baseline_measurement);
  RcAdviceChange *control = NULL;

  for (guint i = 0; i < run->pending->len; i++)
    {
      Variant *v = run->pending->pdata[i];
      RcAdviceChange *change = v->change;
      g_autoptr (GArray) variant = rc_advice_side_rounds (v->m);

      (void) rc_advice_side_stat (v->m, &change->variant_runs, &change->failure);
      if (change->failure == NULL && change->scenario == RC_SCENARIO_SNAPSHOT
          && run->snapshot != NULL && run->snapshot->refused != NULL)
        change->failure = g_strdup_printf (_ ("no snapshot: %s"), run->snapshot->refused);
      rc_advice_change_set_bytes (change, advice->base_bytes, rc_advice_side_bytes (v->m));
      rc_advice_change_measure_paired (
          change, (const double *) base->data, (const double *) variant->data,
          MIN (base->len, variant->len), advice->preload_on, self->model_delay_ms);
      say (task, _ ("%s: boot saves %+.2f s (band %+.2f … %+.2f s): %s"), change->title,
           change->boot_saving.median / 1000, change->boot_saving.lo / 1000,
           change->boot_saving.hi / 1000, rc_advice_verdict_to_string (change->verdict));
      if (v->m != NULL)
        g_hash_table_replace (self->variants, g_strdup (change->id), g_steal_pointer (&v->m));
      if (g_str_equal (change->experiment, "control"))
        control = g_steal_pointer (&v->change);
      else
        g_ptr_array_add (advice->changes, g_steal_pointer (&v->change));
    }
  g_ptr_array_set_size (run->pending, 0);
  if (control != NULL)
    rc_advice_set_control (advice, control);
}

/* ---- experiments --------------------------------------------------------------------------- */

static void
on_proposed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  Run *run = g_task_get_task_data (task);
  guint n;
  const RcAdviseExperiment *e = &rc_advise_experiments (&n)[run->experiment - 1];
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) changes = e->propose_finish (&run->ctx, result, &error);

  if (changes == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          g_object_unref (task);
          return;
        }
      rc_advice_add_note (run->ctx.advice, _ ("%s: %s"), e->id, error->message);
      next_experiment (task);
      return;
    }
  for (guint i = 0; i < changes->len; i++)
    {
      RcAdviceChange *c = changes->pdata[i];
      Variant *v;

      /* not booted: the model's figures, or a failure known before any boot */
      if (!c->booted || c->failure != NULL)
        {
          g_ptr_array_add (run->ctx.advice->changes, c);
          continue;
        }
      v = g_new0 (Variant, 1);
      v->change = c;
      g_ptr_array_add (run->pending, v);
    }
  g_ptr_array_set_free_func (changes, NULL);
  next_experiment (task);
}

static void
next_experiment (GTask *task)
{
  RcAdviseRunner *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  guint n;
  const RcAdviseExperiment *table = rc_advise_experiments (&n);

  if (fail_if_cancelled (task))
    return;
  while (run->experiment < n)
    {
      const RcAdviseExperiment *e = &table[run->experiment++];
      g_autofree char *why = NULL;

      if (!e->applies (&run->ctx, &why))
        {
          rc_advice_add_note (run->ctx.advice, _ ("%s: does not apply: %s"), e->id, why);
          continue;
        }
      say (task, _ ("experiment: %s"), e->id);
      e->propose_async (&run->ctx, g_task_get_cancellable (task), on_proposed, task);
      return;
    }
  /* every change is known; the control joins them when there is one to prove */
  if (run->pending->len > 0)
    {
      Variant *control = g_new0 (Variant, 1);

      control->change = rc_advice_change_new ("control", "control",
                                              _ ("The baseline again (a copy with no edit)"));
      control->change->booted = TRUE;
      g_ptr_array_add (run->pending, control);
    }
  /* round 1's variants follow its baseline */
  say (task,
       _ ("%u rounds, each booting the baseline and every variant once; rounds alternate "
          "their order (B V1 V2, then V2 V1 B)"),
       self->runs);
  run->next = 0;
  next_variant (task);
}

static void
finish (GTask *task)
{
  Run *run = g_task_get_task_data (task);

  rc_advice_rank (run->ctx.advice);
  g_task_return_pointer (task, g_steal_pointer (&run->ctx.advice), (GDestroyNotify) rc_advice_free);
  g_object_unref (task);
}

/* ---- the baseline -------------------------------------------------------------------------- */

/* The baseline's figures over the boots so far, the ledger from its median run. */
static void
measure_baseline (GTask *task)
{
  RcAdviseRunner *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  RcAdvice *advice = run->ctx.advice;
  RcMeasurement *m = self->baseline_measurement;
  g_autofree char *failure = NULL;
  int median;

  advice->base_boot = rc_advice_side_stat (m, &advice->base_runs, &failure);
  advice->base_bytes = rc_advice_side_bytes (m);
  median = rc_run_stats_median_run (m->runs, RC_SCENARIO_COLD);
  if (advice->ledger != NULL && median >= 0)
    rc_preload_ledger_measure (advice->ledger, m->runs->pdata[median]);
}

/* After the last round: the preload_on model over every baseline boot, the paired savings. */
static void
finish_rounds (GTask *task)
{
  RcAdviseRunner *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  RcAdvice *advice = run->ctx.advice;

  measure_baseline (task);
  for (guint i = 0; i < advice->changes->len; i++)
    {
      RcAdviceChange *c = advice->changes->pdata[i];

      if (!c->booted && g_str_equal (c->experiment, "preload-on") && c->verdict != RC_ADVICE_FAILED)
        rc_advice_change_model (c, &advice->base_boot, advice->preload_on, c->preload_on,
                                self->model_delay_ms);
    }
  measure_changes (task);
  if (self->advised)
    boot_advised (task);
  else
    finish (task);
}

static void
on_baseline_booted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  RcAdviseRunner *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);
  RcAdvice *advice = run->ctx.advice;
  RcMeasurement *m = side_finish (task, source, result);
  g_autofree char *failure = NULL;

  if (m == NULL)
    return;
  rc_advice_side_merge_round (&self->baseline_measurement, m, run->round);
  run->ctx.baseline = self->baseline_measurement;
  if (run->round > 1 && round_is_reversed (run->round))
    {
      run->round++;
      next_round (task);
      return;
    }
  if (run->round > 1)
    {
      run->next = 0;
      next_variant (task);
      return;
    }
  /* round 1: the experiments propose from its boot, then its variants follow */
  measure_baseline (task);
  if (advice->base_boot.n == 0)
    {
      /* a closure that cannot be served (missing wheels) still gets the ledger the locks
       * give; nothing can be proven against no boot */
      (void) rc_advice_side_stat (self->baseline_measurement, &advice->base_runs, &failure);
      rc_advice_add_note (advice,
                          _ ("no baseline boot got ready (%s): the ledger shows what the "
                             "locks know, and no change could be proven"),
                          failure);
      finish (task);
      return;
    }
  next_experiment (task);
}

/* Round @run->round's baseline boot, or the end of the rounds. */
static void
next_round (GTask *task)
{
  RcAdviseRunner *self = g_task_get_source_object (task);
  Run *run = g_task_get_task_data (task);

  if (fail_if_cancelled (task))
    return;
  if (run->round > self->runs)
    {
      finish_rounds (task);
      return;
    }
  if (round_is_reversed (run->round))
    {
      run->next = 0;
      next_variant (task);
      return;
    }
  boot_round_baseline (task);
}

static void
boot_round_baseline (GTask *task)
{
  RcAdviseRunner *self = g_task_get_source_object (task);

  boot_side (task, g_object_ref (self->community), "baseline", RC_SCENARIO_COLD, 1,
             on_baseline_booted);
}

void
rc_advise_runner_run_async (RcAdviseRunner *self, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  Run *run = g_new0 (Run, 1);
  RcAdvice *advice;

  g_task_set_source_tag (task, rc_advise_runner_run_async);
  g_task_set_task_data (task, run, (GDestroyNotify) run_free);
  run->pending = g_ptr_array_new_with_free_func ((GDestroyNotify) variant_free);
  advice = run->ctx.advice = rc_advice_new (rc_community_get_name (self->community), NULL);
  advice->runs = self->runs;
  advice->model_delay_ms = self->model_delay_ms;
  advice->preload_on = rc_advise_preload_on (self->community);
  advice->config_sha256 = rc_community_get_config_sha256 (self->community);
  advice->ledger = rc_advise_ledger (self->community);
  run->ctx.community = g_object_ref (self->community);
  run->ctx.engine_func = self->engine_func;
  run->ctx.engine_data = self->engine_data;
  run->ctx.say = ctx_say;
  run->ctx.say_data = task;
  run->ctx.candidate = self->candidate;
  say (task, _ ("baseline: %u cold boots of %s"), self->runs,
       rc_community_get_dir (self->community));
  g_clear_pointer (&self->baseline_measurement, rc_measurement_free);
  g_hash_table_remove_all (self->variants);
  run->round = 1;
  next_round (task);
}

RcAdvice *
rc_advise_runner_run_finish (RcAdviseRunner *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
