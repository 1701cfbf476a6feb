/* rc-advise-experiments.c: the preload ledger, the seal fix, the preload_on choice, the
 * memory snapshot and a rehearsed Pyodide upgrade as advise's experiments
 * (rc-advise-experiments.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "boot/rc-advise-experiments.h"
#include "boot/rc-seal-probe.h"
#include "core/base/rc-diagnostic.h"
#include "core/base/rc-paths.h"

gboolean
rc_preload_on_from_string (const char *text, RcPreloadOn *out)
{
  for (guint i = 0; text != NULL && i < RC_PRELOAD_N_VALUES; i++)
    if (g_str_equal (text, rc_preload_on_to_string ((RcPreloadOn) i)))
      {
        *out = (RcPreloadOn) i;
        return TRUE;
      }
  return FALSE;
}

static GStrv
python_strv (RcCommunity *community, const char *member)
{
  g_autoptr (JsonObject) python =
      rc_community_get_runtime_python (community, rc_community_get_deployment (community));
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  JsonNode *node = python != NULL ? json_object_get_member (python, member) : NULL;

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
      {
        JsonNode *item = json_array_get_element (json_node_get_array (node), i);

        if (JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_STRING)
          g_strv_builder_add (b, json_node_get_string (item));
      }
  return g_strv_builder_end (b);
}

RcPreloadOn
rc_advise_preload_on (RcCommunity *community)
{
  g_autoptr (JsonObject) python =
      rc_community_get_runtime_python (community, rc_community_get_deployment (community));
  RcPreloadOn on = RC_PRELOAD_FIRST_RUN;

  if (python != NULL)
    rc_preload_on_from_string (
        json_object_get_string_member_with_default (python, "preload_on", NULL), &on);
  return on;
}

RcPreloadLedger *
rc_advise_ledger (RcCommunity *community)
{
  g_autoptr (JsonObject) python =
      rc_community_get_runtime_python (community, rc_community_get_deployment (community));
  g_auto (GStrv) preload = NULL, seal = NULL;

  if (python == NULL || rc_community_get_dist_lock (community) == NULL)
    return NULL;
  preload = python_strv (community, "preload");
  seal = python_strv (community, "import_before_seal");
  return rc_preload_ledger_new (
      rc_community_get_dist_lock (community), rc_community_get_overlay (community),
      (const char *const *) preload, (const char *const *) seal,
      json_object_get_string_member_with_default (python, "prelude", NULL));
}

/* Answers @changes at once: for the experiments that need no boot to propose. */
static void
return_now (RcAdviseContext *ctx, GCancellable *cancellable, GAsyncReadyCallback callback,
            gpointer user_data, GPtrArray *changes, gpointer tag)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, tag);
  g_task_return_pointer (task, changes, (GDestroyNotify) g_ptr_array_unref);
  g_object_unref (task);
}

static GPtrArray *
propose_finish (RcAdviseContext *ctx, GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static GPtrArray *
new_changes (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) rc_advice_change_free);
}

/* "[a, b]" */
static char *
flow_list (const char *const *items)
{
  g_autofree char *list = g_strjoinv (", ", (char **) items);

  return g_strdup_printf ("[%s]", list);
}

static GStrv
strv_without (const char *const *items, const char *const *drop)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();

  for (guint i = 0; items[i] != NULL; i++)
    {
      g_autofree char *root = g_strdup (items[i]);
      char *dot = strchr (root, '.');

      if (dot != NULL)
        *dot = '\0';
      if (!g_strv_contains (drop, items[i]) && !g_strv_contains (drop, root))
        g_strv_builder_add (b, items[i]);
    }
  return g_strv_builder_end (b);
}

/* ---- preload: the ledger's drops ----------------------------------------------------------- */

static gboolean
preload_applies (RcAdviseContext *ctx, char **why_not)
{
  RcPreloadLedger *ledger = ctx->advice->ledger;

  if (ledger == NULL || ledger->entries->len == 0)
    {
      *why_not = g_strdup (_ ("the community preloads nothing"));
      return FALSE;
    }
  return TRUE;
}

static RcAdviceChange *
drop_change (RcAdviseContext *ctx, const RcLedgerEntry *e, const char *const *preload,
             const char *const *seal)
{
  g_autofree char *id = g_strconcat ("drop:", e->name, NULL);
  /* TRANSLATORS: %s is a preload name */
  g_autofree char *title = g_strdup_printf (_ ("Drop %s from preload"), e->name);
  g_autoptr (RcAdviceChange) change = rc_advice_change_new ("preload", id, title);
  const char *drop[] = { e->name, NULL };
  g_auto (GStrv) rest = strv_without (preload, drop);
  g_autofree char *value = flow_list ((const char *const *) rest);
  RcFix *fix = rc_community_fix_python_key (ctx->community, "preload", value, title);

  if (fix == NULL)
    return NULL;
  rc_advice_change_add_fix (change, fix);
  change->booted = TRUE;
  if (e->candidate == RC_LEDGER_DROP_SEAL)
    {
      g_auto (GStrv) kept = strv_without (seal, (const char *const *) e->modules);
      g_autofree char *list = flow_list ((const char *const *) kept);
      g_autofree char *label = g_strdup_printf (_ ("Set import_before_seal to %s"), list);

      if ((fix = rc_community_fix_python_key (ctx->community, "import_before_seal", list, label))
          == NULL)
        return NULL;
      rc_advice_change_add_fix (change, fix);
      change->caveat = g_strdup (_ ("only import_before_seal imports it: a program that "
                                    "imports it after the seal can no longer"));
    }
  else
    change->caveat = g_strdup (_ ("nothing at boot imports it: a program that imports it "
                                  "(see the tool description) can no longer"));
  return g_steal_pointer (&change);
}

static void
preload_propose_async (RcAdviseContext *ctx, GCancellable *cancellable,
                       GAsyncReadyCallback callback, gpointer user_data)
{
  GPtrArray *changes = new_changes ();
  RcPreloadLedger *ledger = ctx->advice->ledger;
  g_auto (GStrv) preload = python_strv (ctx->community, "preload");
  g_auto (GStrv) seal = python_strv (ctx->community, "import_before_seal");

  for (guint i = 0; i < ledger->entries->len; i++)
    {
      const RcLedgerEntry *e = ledger->entries->pdata[i];
      RcAdviceChange *change;

      if (e->candidate == RC_LEDGER_KEEP)
        {
          rc_advice_add_note (ctx->advice,
                              _ ("%s stays in preload: the prelude imports it (%.0f ms of "
                                 "imports at boot)"),
                              e->name, e->import_ms);
          continue;
        }
      if (e->candidate == RC_LEDGER_UNKNOWN)
        continue;
      if ((change = drop_change (ctx, e, (const char *const *) preload, (const char *const *) seal))
          != NULL)
        g_ptr_array_add (changes, change);
    }
  return_now (ctx, cancellable, callback, user_data, changes, preload_propose_async);
}

/* ---- seal: the probe's import_before_seal -------------------------------------------------- */

static gboolean
seal_applies (RcAdviseContext *ctx, char **why_not)
{
  g_auto (GStrv) preload = python_strv (ctx->community, "preload");

  if (preload[0] == NULL)
    {
      *why_not = g_strdup (_ ("the seal probe has nothing to walk: nothing is preloaded"));
      return FALSE;
    }
  return TRUE;
}

typedef struct
{
  RcAdviseContext *ctx;
  RcEngine *engine;
} SealRun;

static void
seal_run_free (SealRun *run)
{
  if (run->engine != NULL)
    rc_engine_stop (run->engine);
  g_clear_object (&run->engine);
  g_free (run);
}

static void
on_seal_message (RcSealProbe *probe, const char *line, RcAdviseContext *ctx)
{
  g_autofree char *text = g_strconcat ("seal probe: ", line, NULL);

  ctx->say (text, ctx->say_data);
}

static void
on_probed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  SealRun *run = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcSealReport) report =
      rc_seal_probe_run_finish (RC_SEAL_PROBE (source), result, &error);
  GPtrArray *changes = new_changes ();
  g_autofree char *list = NULL;
  RcAdviceChange *change;
  RcFix *fix;

  g_signal_handlers_disconnect_by_data (source, run->ctx);
  if (report == NULL)
    {
      g_ptr_array_unref (changes);
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }
  if (report->recommended == NULL || report->recommended[0] == NULL
      || (report->configured != NULL
          && g_strv_equal ((const char *const *) report->recommended,
                           (const char *const *) report->configured)))
    {
      rc_advice_add_note (run->ctx->advice, "%s",
                          report->problem != NULL
                              ? report->problem
                              : _ ("the seal probe found nothing to fix: every module imports "
                                   "with the configured import_before_seal"));
    }
  else if ((fix = rc_community_fix_import_before_seal (run->ctx->community,
                                                       (const char *const *) report->recommended))
           != NULL)
    {
      list = g_strjoinv (", ", report->recommended);
      change = rc_advice_change_new ("seal", "seal", fix->label);
      rc_advice_change_add_fix (change, fix);
      change->booted = TRUE;
      change->caveat = g_strdup (_ ("the seal probe's fix: modules that failed under the seal "
                                    "import with it, whatever it costs the boot"));
      g_ptr_array_add (changes, change);
    }
  g_task_return_pointer (task, changes, (GDestroyNotify) g_ptr_array_unref);
  g_object_unref (task);
}

static void
seal_propose_async (RcAdviseContext *ctx, GCancellable *cancellable, GAsyncReadyCallback callback,
                    gpointer user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  SealRun *run = g_new0 (SealRun, 1);
  g_autoptr (RcSealProbe) probe = NULL;
  GError *error = NULL;

  g_task_set_source_tag (task, seal_propose_async);
  run->ctx = ctx;
  g_task_set_task_data (task, run, (GDestroyNotify) seal_run_free);
  if ((run->engine = ctx->engine_func (ctx->community, ctx->engine_data, &error)) == NULL)
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  probe = rc_seal_probe_new (run->engine);
  g_signal_connect (probe, "message", G_CALLBACK (on_seal_message), ctx);
  rc_seal_probe_run_async (probe, cancellable, on_probed, task);
}

/* ---- preload-on: the model over the baseline boots ----------------------------------------- */

static gboolean
preload_on_applies (RcAdviseContext *ctx, char **why_not)
{
  if (ctx->advice->base_boot.n == 0)
    {
      *why_not = g_strdup (_ ("no baseline boot got ready: the preload_on model needs one"));
      return FALSE;
    }
  return TRUE;
}

static void
preload_on_propose_async (RcAdviseContext *ctx, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data)
{
  GPtrArray *changes = new_changes ();
  RcAdvice *advice = ctx->advice;
  RcPreloadSim sim;

  rc_preload_sim_compute (&sim, advice->model_delay_ms, advice->base_boot.median, -1, -1);
  if (sim.recommended != advice->preload_on)
    {
      const char *to = rc_preload_on_to_string (sim.recommended);
      /* TRANSLATORS: %s is a preload_on value, "first_message" */
      g_autofree char *title = g_strdup_printf (_ ("Set preload_on to %s"), to);
      RcFix *fix = rc_community_fix_python_key (ctx->community, "preload_on", to, title);
      RcAdviceChange *change = rc_advice_change_new ("preload-on", "preload-on", title);

      if (fix != NULL)
        rc_advice_change_add_fix (change, fix);
      rc_advice_change_model (change, &advice->base_boot, advice->preload_on, sim.recommended,
                              advice->model_delay_ms);
      change->caveat = g_strdup_printf (
          _ ("the boot starts with the reader's first message and overlaps the model's "
             "%.1f s turn; a reader who never writes pays nothing"),
          advice->model_delay_ms / 1000);
      g_ptr_array_add (changes, change);
    }
  else
    rc_advice_add_note (advice, _ ("preload_on: %s is already the model's choice"),
                        rc_preload_on_to_string (advice->preload_on));
  return_now (ctx, cancellable, callback, user_data, changes, preload_on_propose_async);
}

/* ---- snapshot: the interpreter from a memory snapshot (experimental) ---------------------- */

static gboolean
snapshot_applies (RcAdviseContext *ctx, char **why_not)
{
  g_autofree char *pinned = rc_paths_default_distribution ();
  const char *dir = rc_community_get_distribution_dir (ctx->community);

  if (ctx->advice->base_boot.n == 0)
    *why_not = g_strdup (_ ("no baseline boot got ready: the snapshot is proven against one"));
  /* the snapshot maker boots the pinned Pyodide (0.29's private API) */
  else if (dir != NULL && g_strcmp0 (dir, pinned) != 0 && !g_str_has_prefix (dir, pinned))
    *why_not = g_strdup_printf (_ ("snapshot: it is made of the pinned Pyodide %s only, and "
                                   "this boot serves %s"),
                                PYODIDE_VERSION, dir);
  return *why_not == NULL;
}

static void
snapshot_propose_async (RcAdviseContext *ctx, GCancellable *cancellable,
                        GAsyncReadyCallback callback, gpointer user_data)
{
  GPtrArray *changes = new_changes ();
  RcAdviceChange *change = rc_advice_change_new (
      "snapshot", "snapshot", _ ("Boot the interpreter from a memory snapshot (experimental)"));

  /* no config edit: how the runtime is served changes, so every variant boot is the
   * snapshot scenario of `measure`, made once by the first of them */
  change->scenario = RC_SCENARIO_SNAPSHOT;
  change->booted = TRUE;
  change->caveat = g_strdup (
      _ ("Pyodide's private snapshot API (loadPyodide's _loadSnapshot, 0.29): OSA's worker "
         "would have to fetch the snapshot file beside the interpreter; it holds the "
         "interpreter only (preloads, import_before_seal and the prelude still run after it), "
         "and the snapshot's size and cost to make are in the variant's report"));
  g_ptr_array_add (changes, change);
  return_now (ctx, cancellable, callback, user_data, changes, snapshot_propose_async);
}

/* ---- version: a rehearsed Pyodide upgrade (advise --candidate) --------------------------- */

static gboolean
version_applies (RcAdviseContext *ctx, char **why_not)
{
  if (ctx->candidate == NULL)
    *why_not = g_strdup (_ ("no candidate: advise --candidate VERSION rehearses an upgrade to "
                            "a Pyodide that “tools/setup.sh --pyodide VERSION” fetched"));
  else if (ctx->advice->base_boot.n == 0)
    *why_not = g_strdup (_ ("no baseline boot got ready: the upgrade is proven against one"));
  return *why_not == NULL;
}

/* The overlay's wheels checked against the candidate's ABI before anything boots: the
 * validator's overlay-wheel-abi error, with both tags, or NULL. */
static char *
candidate_abi_error (RcAdviseContext *ctx, const char *version)
{
  g_autofree char *dir = rc_paths_distribution_for (version);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcCommunity) community =
      rc_community_load (rc_community_get_dir (ctx->community), dir,
                         rc_community_get_deployment (ctx->community), &error);
  GPtrArray *diagnostics;

  if (community == NULL)
    return g_strdup (error->message);
  diagnostics = rc_community_get_diagnostics (community);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RcDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (g_strcmp0 (d->rule, "overlay-wheel-abi") == 0)
        {
          g_autofree char *where = rc_diagnostic_format (d);

          return g_strdup_printf ("%s (%s)", where, d->hint);
        }
    }
  return NULL;
}

static void
version_propose_async (RcAdviseContext *ctx, GCancellable *cancellable,
                       GAsyncReadyCallback callback, gpointer user_data)
{
  GPtrArray *changes = new_changes ();
  /* TRANSLATORS: %s is a Pyodide version, "314.0.8" */
  g_autofree char *title =
      g_strdup_printf (_ ("Upgrade Pyodide to %s (a rehearsal)"), ctx->candidate);
  g_autofree char *id = g_strdup_printf ("pyodide:%s", ctx->candidate);
  RcAdviceChange *change = rc_advice_change_new ("version", id, title);

  /* no config edit: OSA's CI pins pyodide_version, so the variants boot the candidate's
   * distribution through the built-in worker (a module worker from 314 on) */
  change->pyodide = g_strdup (ctx->candidate);
  change->booted = TRUE;
  change->failure = candidate_abi_error (ctx, ctx->candidate);
  change->caveat = g_strdup_printf (
      _ ("OSA's CI pins pyodide_version to %s and its worker is a classic worker "
         "(importScripts), which Pyodide 314 and later refuse: the upgrade needs OSA's worker "
         "to become a module worker first; the variant boots the console's own worker"),
      PYODIDE_VERSION);
  g_ptr_array_add (changes, change);
  return_now (ctx, cancellable, callback, user_data, changes, version_propose_async);
}

/* ---- the table ----------------------------------------------------------------------------- */

static const RcAdviseExperiment experiments[] = {
  { "preload", preload_applies, preload_propose_async, propose_finish },
  { "seal", seal_applies, seal_propose_async, propose_finish },
  { "preload-on", preload_on_applies, preload_on_propose_async, propose_finish },
  { "snapshot", snapshot_applies, snapshot_propose_async, propose_finish },
  { "version", version_applies, version_propose_async, propose_finish },
};

const RcAdviseExperiment *
rc_advise_experiments (guint *n_experiments)
{
  *n_experiments = G_N_ELEMENTS (experiments);
  return experiments;
}
