/* rc-measure-runner.c: the scenarios of `runtime-console measure`, boot after boot. */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-measure-runner.h"
#include "core/model/rc-closure.h"
#include "boot/rc-snapshot-maker.h"

/* Unformatted: clang-format would space the dashes of the quark's name. */
/* clang-format off */
G_DEFINE_QUARK (rc-measure-error-quark, rc_measure_error)
/* clang-format on */

#define PRIMING (-1)

typedef struct
{
  RcBootMode mode;
  int scenario; /* RcScenario, or PRIMING */
  guint rep;
} BootItem;

struct _RcMeasureRunner
{
  GObject parent_instance;

  RcEngine *engine;
  guint runs;
  gboolean chosen[RC_SCENARIO_LAST + 1];
  guint first_index[RC_SCENARIO_LAST + 1]; /* runs a continued report already has */
  gboolean primed; /* the engine's session is warm already: no priming cold boot first */

  /* while running */
  GTask *task;
  GArray *plan; /* BootItem */
  guint next;
  RcMeasurement *measurement;
  char *wheel;                /* the overlay wheel changed-wheel renames */
  char *wheel_current;        /* the name it is served under now (NULL: not renamed) */
  gboolean control;           /* boot the control after the runs (default TRUE) */
  RcControl *pending_control; /* the control boot in progress */
  RcEngine *control_engine;   /* boots the control instead of engine, or NULL */
  char *saved_csp_name, *saved_csp;
  double saved_deadline;
  RcSnapshot *snapshot; /* given, or made for the snapshot scenarios; NULL until then */
};

G_DEFINE_FINAL_TYPE (RcMeasureRunner, rc_measure_runner, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ENGINE,
  PROP_RUNS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_BOOT_STARTED,
  SIGNAL_RUN_FINISHED,
  SIGNAL_CONTROL_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- wheels ------------------------------------------------------------------------------ */

char *
rc_measure_runner_pick_wheel (RcCommunity *community)
{
  GPtrArray *closure = rc_community_get_closure (community);

  for (guint i = 0; closure != NULL && i < closure->len; i++)
    {
      const RcClosureEntry *entry = g_ptr_array_index (closure, i);

      if (entry->overlay && entry->file_name != NULL && g_str_has_suffix (entry->file_name, ".whl"))
        return g_strdup (entry->file_name);
    }
  return NULL;
}

/* A wheel name is name-version[-build]-python-abi-platform.whl; a rebuilt release differs
 * by its build tag, which must start with a digit. */
char *
rc_measure_wheel_new_name (const char *file_name, guint n)
{
  g_autofree char *stem = NULL;
  g_auto (GStrv) parts = NULL;
  g_autofree char *head = NULL;
  g_autofree char *tail = NULL;
  guint len;

  g_return_val_if_fail (g_str_has_suffix (file_name, ".whl"), NULL);
  stem = g_strndup (file_name, strlen (file_name) - strlen (".whl"));
  parts = g_strsplit (stem, "-", -1);
  len = g_strv_length (parts);
  if (len != 5 && len != 6)
    return g_strdup_printf ("%s-%u.whl", stem, n); /* not a standard name: still unique */
  head = g_strjoin ("-", parts[0], parts[1], NULL);
  tail = g_strjoinv ("-", parts + (len == 6 ? 3 : 2)); /* an existing build tag is replaced */
  return g_strdup_printf ("%s-%u-%s.whl", head, n, tail);
}

/* ---- records ----------------------------------------------------------------------------- */

/* The run's number within its scenario, after those of a continued report. */
static guint
item_index (RcMeasureRunner *self, const BootItem *item)
{
  return item->scenario == PRIMING ? item->rep : self->first_index[item->scenario] + item->rep;
}

/* ---- the boot sequence ------------------------------------------------------------------- */

static void
add_item (GArray *plan, RcBootMode mode, int scenario, guint rep)
{
  BootItem item = { mode, scenario, rep };

  g_array_append_val (plan, item);
}

static GArray *
build_plan (RcMeasureRunner *self)
{
  GArray *plan = g_array_new (FALSE, FALSE, sizeof (BootItem));
  /* The snapshot scenarios boot cold themselves: only the plain warm ones need priming. */
  gboolean plain_warm = self->chosen[RC_SCENARIO_WARM] || self->chosen[RC_SCENARIO_WARM_RESTART]
                        || self->chosen[RC_SCENARIO_CHANGED_WHEEL];

  for (guint rep = 1; rep <= self->runs; rep++)
    {
      /* A continued session needs no priming before its first warm boot. */
      if (self->chosen[RC_SCENARIO_COLD] || (plain_warm && (!self->primed || rep > 1)))
        add_item (plan, RC_BOOT_MODE_COLD,
                  self->chosen[RC_SCENARIO_COLD] ? RC_SCENARIO_COLD : PRIMING, rep);
      if (self->chosen[RC_SCENARIO_WARM])
        add_item (plan, RC_BOOT_MODE_WARM, RC_SCENARIO_WARM, rep);
      if (self->chosen[RC_SCENARIO_WARM_RESTART])
        add_item (plan, RC_BOOT_MODE_WARM_RESTART, RC_SCENARIO_WARM_RESTART, rep);
      if (self->chosen[RC_SCENARIO_CHANGED_WHEEL])
        add_item (plan, RC_BOOT_MODE_WARM, RC_SCENARIO_CHANGED_WHEEL, rep);
      /* From the snapshot last, so the plain boots before never saw its file. */
      if (self->chosen[RC_SCENARIO_SNAPSHOT])
        add_item (plan, RC_BOOT_MODE_COLD, RC_SCENARIO_SNAPSHOT, rep);
      if (self->chosen[RC_SCENARIO_SNAPSHOT_WARM])
        add_item (plan, RC_BOOT_MODE_WARM, RC_SCENARIO_SNAPSHOT_WARM, rep);
    }
  return plan;
}

static void boot_next (RcMeasureRunner *self);
static void boot_control (RcMeasureRunner *self);

static void
finish (RcMeasureRunner *self, GError *error)
{
  g_autoptr (GTask) task = g_steal_pointer (&self->task);

  g_clear_pointer (&self->plan, g_array_unref);
  if (error != NULL)
    {
      g_clear_pointer (&self->measurement, rc_measurement_free);
      g_task_return_error (task, error);
    }
  else
    g_task_return_pointer (task, g_steal_pointer (&self->measurement),
                           (GDestroyNotify) rc_measurement_free);
}

static void
on_booted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  RcMeasureRunner *self = user_data;
  const BootItem *item = &g_array_index (self->plan, BootItem, self->next);
  GError *error = NULL;
  RcRunRecord *record = rc_engine_boot_finish (RC_ENGINE (source), result, &error);

  if (record == NULL)
    {
      finish (self, error);
      g_object_unref (self);
      return;
    }
  if (item->scenario == PRIMING)
    rc_run_record_free (record);
  else
    {
      rc_measurement_add_run (self->measurement, record);
      g_signal_emit (self, signals[SIGNAL_RUN_FINISHED], 0, record);
    }
  self->next++;
  boot_next (self);
  g_object_unref (self);
}

static void
boot_next (RcMeasureRunner *self)
{
  const BootItem *item;
  g_autofree char *run_id = NULL;
  RcBootRun run = { 0 };
  GError *error = NULL;

  if (g_cancellable_set_error_if_cancelled (g_task_get_cancellable (self->task), &error))
    {
      finish (self, error);
      return;
    }
  if (self->next >= self->plan->len)
    {
      if (self->control && self->pending_control == NULL && self->measurement->control == NULL)
        boot_control (self);
      else
        finish (self, NULL);
      return;
    }
  item = &g_array_index (self->plan, BootItem, self->next);
  if (item->scenario == RC_SCENARIO_CHANGED_WHEEL)
    {
      g_free (self->wheel_current);
      self->wheel_current = rc_measure_wheel_new_name (self->wheel, item_index (self, item));
      rc_engine_rename_wheel (self->engine, self->wheel, self->wheel_current);
    }
  else if (self->wheel_current != NULL)
    {
      /* Every other boot is of the community as configured: the rebuilt release of the last
       * changed-wheel run must not leak into the next repetition. */
      rc_engine_clear_wheel_renames (self->engine);
      g_clear_pointer (&self->wheel_current, g_free);
    }
  run_id = item->scenario == PRIMING
               ? g_strdup_printf ("prime-%u", item->rep)
               : g_strdup_printf ("%s-%u", rc_scenario_to_string (item->scenario),
                                  item_index (self, item));
  /* The record is created as this run: nothing relabels it afterwards. */
  run.scenario = item->scenario == PRIMING ? RC_SCENARIO_COLD : item->scenario;
  run.index = item_index (self, item);
  run.run_id = run_id;
  g_signal_emit (self, signals[SIGNAL_BOOT_STARTED], 0, run_id, self->next + 1,
                 self->plan->len + (self->control ? 1 : 0));
  rc_engine_boot_run_async (self->engine, item->mode, &run, g_task_get_cancellable (self->task),
                            on_booted, g_object_ref (self));
}

/* ---- the snapshot scenarios -------------------------------------------------------------- */

/* A snapshot that cannot be made or taken is the report's named result, and its runs are
 * left out; the plain scenarios still run. */
static void
use_snapshot (RcMeasureRunner *self)
{
  RcSnapshot *snapshot = self->snapshot;

  if (snapshot->refused == NULL
      && rc_engine_get_worker_kind (self->engine) != RC_WORKER_KIND_BUILTIN)
    snapshot->refused = g_strdup (_ ("the snapshot scenario needs the built-in worker: OSA's "
                                     "bundle makes its own loadPyodide call, which takes no "
                                     "snapshot"));
  if (snapshot->refused != NULL)
    for (guint i = self->plan->len; i > 0; i--)
      if (rc_scenario_is_snapshot (g_array_index (self->plan, BootItem, i - 1).scenario))
        g_array_remove_index (self->plan, i - 1);
  rc_engine_set_snapshot (self->engine, snapshot);
  self->measurement->snapshot = rc_snapshot_copy (snapshot);
  boot_next (self);
}

static void
on_snapshot_made (GObject *source, GAsyncResult *result, gpointer user_data)
{
  RcMeasureRunner *self = user_data;
  GError *error = NULL;

  self->snapshot = rc_snapshot_make_finish (result, &error);
  if (self->snapshot == NULL)
    finish (self, error);
  else
    use_snapshot (self);
  g_object_unref (self);
}

static void
prepare_snapshot (RcMeasureRunner *self)
{
  if (self->snapshot != NULL)
    use_snapshot (self);
  else
    {
      /* made from the distribution the boots serve (a candidate's, with --pyodide) */
      rc_engine_point_cdn (self->engine);
      rc_snapshot_make_async (rc_engine_get_server (self->engine),
                              g_task_get_cancellable (self->task), on_snapshot_made,
                              g_object_ref (self));
    }
}

void
rc_measure_runner_set_snapshot (RcMeasureRunner *self, const RcSnapshot *snapshot)
{
  g_return_if_fail (RC_IS_MEASURE_RUNNER (self));
  g_return_if_fail (self->task == NULL);
  g_clear_pointer (&self->snapshot, rc_snapshot_free);
  self->snapshot = rc_snapshot_copy (snapshot);
}

const RcSnapshot *
rc_measure_runner_get_snapshot (RcMeasureRunner *self)
{
  g_return_val_if_fail (RC_IS_MEASURE_RUNNER (self), NULL);
  return self->snapshot;
}

void
rc_measure_runner_run_async (RcMeasureRunner *self, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  RcCommunity *community = rc_engine_get_community (self->engine);
  const char *name = rc_community_get_name (community);
  gboolean any = FALSE;

  g_return_if_fail (RC_IS_MEASURE_RUNNER (self));
  g_return_if_fail (self->task == NULL);
  g_task_set_source_tag (task, rc_measure_runner_run_async);
  for (guint i = 0; i < G_N_ELEMENTS (self->chosen); i++)
    any |= self->chosen[i];
  if (!any || self->runs == 0)
    {
      g_task_return_new_error (task, RC_MEASURE_ERROR, RC_MEASURE_ERROR_NO_SCENARIO,
                               _ ("Nothing to measure: choose at least one scenario and one run"));
      return;
    }
  g_clear_pointer (&self->wheel, g_free);
  g_clear_pointer (&self->wheel_current, g_free);
  self->wheel = rc_measure_runner_pick_wheel (community);
  if (self->chosen[RC_SCENARIO_CHANGED_WHEEL] && self->wheel == NULL)
    {
      g_task_return_new_error (
          task, RC_MEASURE_ERROR, RC_MEASURE_ERROR_NO_OVERLAY_WHEEL,
          _ ("%s: the changed-wheel scenario needs an overlay wheel in the community's lock "
             "overlay, and its preload closure has none; leave changed-wheel out"),
          rc_community_get_dir (community));
      return;
    }
  self->task = g_steal_pointer (&task);
  self->plan = build_plan (self);
  self->next = 0;
  self->measurement = rc_measurement_new (name != NULL ? name : rc_community_get_id (community));
  if (self->chosen[RC_SCENARIO_SNAPSHOT] || self->chosen[RC_SCENARIO_SNAPSHOT_WARM])
    prepare_snapshot (self);
  else
    boot_next (self);
}

RcMeasurement *
rc_measure_runner_run_finish (RcMeasureRunner *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- the control ------------------------------------------------------------------------ */

static void
restore_policy (RcMeasureRunner *self)
{
  rc_engine_set_csp (self->engine, self->saved_csp_name, self->saved_csp);
  rc_engine_set_deadline_seconds (self->engine, self->saved_deadline);
  g_clear_pointer (&self->saved_csp_name, g_free);
  g_clear_pointer (&self->saved_csp, g_free);
}

static void
on_control_booted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  RcMeasureRunner *self = user_data;
  GError *error = NULL;
  RcRunRecord *record = rc_engine_boot_finish (RC_ENGINE (source), result, &error);
  RcControl *control = g_steal_pointer (&self->pending_control);

  if (RC_ENGINE (source) == self->engine)
    restore_policy (self);
  if (record == NULL)
    {
      rc_control_free (control);
      finish (self, error);
      g_object_unref (self);
      return;
    }
  control->run = record;
  rc_measurement_set_control (self->measurement, control);
  g_signal_emit (self, signals[SIGNAL_CONTROL_FINISHED], 0, control);
  finish (self, NULL);
  g_object_unref (self);
}

/* Cold, so nothing of the measured runs (cache, compiled code) helps it boot. */
static void
boot_control (RcMeasureRunner *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *note = NULL;
  RcBootRun run = { RC_SCENARIO_COLD, 1, "control-1", NULL };
  RcEngine *engine = self->control_engine != NULL ? self->control_engine : self->engine;
  RcControl *control = rc_control_derive (rc_engine_get_csp_name (self->engine),
                                          rc_engine_get_csp (self->engine), &error);

  if (control == NULL)
    {
      finish (self, g_steal_pointer (&error));
      return;
    }
  rc_control_set_deadline (control, self->measurement->runs);
  /* Each engine's control is its own finding (rc-control-engines.h). */
  control->engine = g_strdup (rc_engine_kind_to_string (rc_engine_get_engine_kind (engine)));
  self->pending_control = control;
  if (self->wheel_current != NULL)
    {
      rc_engine_clear_wheel_renames (self->engine);
      g_clear_pointer (&self->wheel_current, g_free);
    }
  if (engine == self->engine)
    {
      self->saved_csp_name = g_strdup (rc_engine_get_csp_name (self->engine));
      self->saved_csp = g_strdup (rc_engine_get_csp (self->engine));
      self->saved_deadline = rc_engine_get_deadline_seconds (self->engine);
    }
  else
    {
      /* The same runtime as the runs boot, only the policy and deadline differ. */
      rc_engine_set_deployment (engine, rc_engine_get_deployment (self->engine));
      rc_engine_set_worker_kind (engine, rc_engine_get_worker_kind (self->engine));
      rc_engine_set_pyodide_version (engine, rc_engine_get_pyodide_version (self->engine));
    }
  rc_engine_set_csp (engine, control->policy_name, control->policy);
  rc_engine_set_deadline_seconds (engine, control->deadline_ms / 1000);
  note = g_strdup_printf ("control boot: %s, deadline %.0f s (%s)", control->policy_name,
                          control->deadline_ms / 1000, control->deadline_rule);
  run.note = note;
  g_signal_emit (self, signals[SIGNAL_BOOT_STARTED], 0, "control-1", self->plan->len + 1,
                 self->plan->len + 1);
  rc_engine_boot_run_async (engine, RC_BOOT_MODE_COLD, &run, g_task_get_cancellable (self->task),
                            on_control_booted, g_object_ref (self));
}

void
rc_measure_runner_set_control (RcMeasureRunner *self, gboolean control)
{
  g_return_if_fail (RC_IS_MEASURE_RUNNER (self));
  self->control = control;
}

gboolean
rc_measure_runner_get_control (RcMeasureRunner *self)
{
  g_return_val_if_fail (RC_IS_MEASURE_RUNNER (self), FALSE);
  return self->control;
}

void
rc_measure_runner_set_control_engine (RcMeasureRunner *self, RcEngine *engine)
{
  g_return_if_fail (RC_IS_MEASURE_RUNNER (self));
  g_return_if_fail (engine == NULL || RC_IS_ENGINE (engine));
  g_return_if_fail (self->task == NULL);
  g_set_object (&self->control_engine, engine);
}

void
rc_measure_runner_set_continuation (RcMeasureRunner *self, const RcMeasurement *report)
{
  g_return_if_fail (RC_IS_MEASURE_RUNNER (self));
  memset (self->first_index, 0, sizeof self->first_index);
  self->primed = report != NULL;
  for (guint i = 0; report != NULL && i < report->runs->len; i++)
    {
      const RcRunRecord *run = g_ptr_array_index (report->runs, i);

      if (run->scenario <= RC_SCENARIO_LAST)
        self->first_index[run->scenario] = MAX (self->first_index[run->scenario], run->index);
    }
}

/* ---- GObject ----------------------------------------------------------------------------- */

RcMeasureRunner *
rc_measure_runner_new (RcEngine *engine)
{
  g_return_val_if_fail (RC_IS_ENGINE (engine), NULL);
  return g_object_new (RC_TYPE_MEASURE_RUNNER, "engine", engine, NULL);
}

RcEngine *
rc_measure_runner_get_engine (RcMeasureRunner *self)
{
  g_return_val_if_fail (RC_IS_MEASURE_RUNNER (self), NULL);
  return self->engine;
}

void
rc_measure_runner_set_runs (RcMeasureRunner *self, guint runs)
{
  g_return_if_fail (RC_IS_MEASURE_RUNNER (self));
  if (self->runs == runs)
    return;
  self->runs = runs;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNS]);
}

guint
rc_measure_runner_get_runs (RcMeasureRunner *self)
{
  g_return_val_if_fail (RC_IS_MEASURE_RUNNER (self), 0);
  return self->runs;
}

void
rc_measure_runner_set_scenarios (RcMeasureRunner *self, GArray *scenarios)
{
  g_return_if_fail (RC_IS_MEASURE_RUNNER (self));
  memset (self->chosen, 0, sizeof self->chosen);
  for (guint i = 0; scenarios != NULL && i < scenarios->len; i++)
    {
      RcScenario s = g_array_index (scenarios, RcScenario, i);

      if (s <= RC_SCENARIO_LAST)
        self->chosen[s] = TRUE;
    }
}

static void
rc_measure_runner_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  RcMeasureRunner *self = RC_MEASURE_RUNNER (object);

  switch (prop_id)
    {
    case PROP_ENGINE:
      g_value_set_object (value, self->engine);
      break;
    case PROP_RUNS:
      g_value_set_uint (value, self->runs);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_measure_runner_set_property (GObject *object, guint prop_id, const GValue *value,
                                GParamSpec *pspec)
{
  RcMeasureRunner *self = RC_MEASURE_RUNNER (object);

  switch (prop_id)
    {
    case PROP_ENGINE:
      self->engine = g_value_dup_object (value);
      break;
    case PROP_RUNS:
      rc_measure_runner_set_runs (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rc_measure_runner_dispose (GObject *object)
{
  RcMeasureRunner *self = RC_MEASURE_RUNNER (object);

  g_clear_object (&self->engine);
  g_clear_object (&self->control_engine);
  G_OBJECT_CLASS (rc_measure_runner_parent_class)->dispose (object);
}

static void
rc_measure_runner_finalize (GObject *object)
{
  RcMeasureRunner *self = RC_MEASURE_RUNNER (object);

  g_free (self->wheel);
  g_free (self->wheel_current);
  rc_control_free (self->pending_control);
  g_free (self->saved_csp_name);
  g_free (self->saved_csp);
  rc_snapshot_free (self->snapshot);
  G_OBJECT_CLASS (rc_measure_runner_parent_class)->finalize (object);
}

static void
rc_measure_runner_class_init (RcMeasureRunnerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = rc_measure_runner_get_property;
  object_class->set_property = rc_measure_runner_set_property;
  object_class->dispose = rc_measure_runner_dispose;
  object_class->finalize = rc_measure_runner_finalize;

  properties[PROP_ENGINE] =
      g_param_spec_object ("engine", NULL, NULL, RC_TYPE_ENGINE,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNS] =
      g_param_spec_uint ("runs", NULL, NULL, 1, 1000, 1,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_BOOT_STARTED] =
      g_signal_new ("boot-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT);
  signals[SIGNAL_RUN_FINISHED] =
      g_signal_new ("run-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 1, RC_TYPE_RUN_RECORD | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[SIGNAL_CONTROL_FINISHED] =
      g_signal_new ("control-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
rc_measure_runner_init (RcMeasureRunner *self)
{
  self->runs = 1;
  self->control = TRUE;
  self->chosen[RC_SCENARIO_COLD] = TRUE;
  self->chosen[RC_SCENARIO_WARM] = TRUE;
}
