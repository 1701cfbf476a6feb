/* rc-engine-record.c: a new run record per boot: scenario, environment, expected resources. */
#include "config.h"

#include "boot/rc-engine-private.h"
#include "core/model/rc-closure.h"
#include "core/policy/rc-csp.h"
#include "core/plan/rc-boot-plan.h"

static RcScenario
mode_scenario (RcBootMode mode)
{
  switch (mode)
    {
    case RC_BOOT_MODE_WARM:
      return RC_SCENARIO_WARM;
    case RC_BOOT_MODE_WARM_RESTART:
      return RC_SCENARIO_WARM_RESTART;
    case RC_BOOT_MODE_COLD:
    default:
      return RC_SCENARIO_COLD;
    }
}

/* The boot plan carries the community's limits with their defaults filled in; a plan without
 * them boots with the worker's default, community-config.md §3.6. */
#define RC_DEFAULT_MEMORY_MB 1536

static gint64
plan_memory_mb (JsonObject *runtime)
{
  JsonObject *limits = runtime != NULL && json_object_has_member (runtime, "limits")
                           ? json_object_get_object_member (runtime, "limits")
                           : NULL;
  gint64 mb = limits != NULL ? json_object_get_int_member_with_default (limits, "memory_mb",
                                                                        RC_DEFAULT_MEMORY_MB)
                             : RC_DEFAULT_MEMORY_MB;

  return mb > 0 ? mb : RC_DEFAULT_MEMORY_MB;
}

static void
fill_environment (RcEngine *self, RcRunEnvironment *env)
{
  const char *name = rc_community_get_name (self->community);
  JsonObject *runtime = json_object_get_object_member (self->plan, "runtime");

  rc_run_environment_fill_machine (env);
  env->engine = g_strdup (rc_engine_kind_to_string (self->kind));
  env->engine_version = g_strdup (self->engine_version);
  rc_browser_describe (self->browser, env);
  env->pyodide_version =
      g_strdup (json_object_get_string_member_with_default (runtime, "pyodide_version", NULL));
  env->pyodide_pinned =
      g_strdup (json_object_get_string_member_with_default (self->plan, "pinned_pyodide", NULL));
  env->worker_type = g_strdup (rc_boot_plan_is_module (self->plan) ? "module" : "classic");
  env->worker_kind = g_strdup (rc_worker_kind_to_string (self->worker_kind));
  env->community = g_strdup (name != NULL ? name : rc_community_get_id (self->community));
  env->config_sha256 = rc_community_get_config_sha256 (self->community);
  env->policy_name = g_strdup (self->csp_name != NULL ? self->csp_name
                               : self->csp == NULL    ? "none"
                                                      : "custom");
  env->policy_sha256 = rc_csp_policy_sha256 (self->csp);
  env->throttle_profile =
      g_strdup (rc_throttle_profile_to_string (rc_server_get_throttle (self->server)));
  env->throttle_model =
      g_strdup (rc_throttle_model_to_string (rc_server_get_throttle_model (self->server)));
  env->deployment = g_strdup (rc_deployment_to_string (self->deployment));
  env->page_origin = g_strdup (rc_server_get_page_origin (self->server));
  env->memory_mb = plan_memory_mb (runtime);
  if (rc_server_get_live_cdn (self->server))
    env->distribution = g_strdup ("live");
  else
    {
      env->distribution = g_strdup (rc_community_get_distribution_dir (self->community));
      env->distribution_lock_sha256 =
          rc_dist_lock_file_sha256 (rc_community_get_dist_lock (self->community));
    }
}

/* The name a wheel is served under in this boot (a changed-wheel rename), or its own. */
static const char *
served_name (RcEngine *self, const char *file_name)
{
  const char *renamed =
      self->wheel_renames != NULL ? g_hash_table_lookup (self->wheel_renames, file_name) : NULL;

  return renamed != NULL ? renamed : file_name;
}

static void
expect_resources (RcEngine *self)
{
  static const char *const classic[] = { "pyodide.js",        "pyodide.asm.js",
                                         "pyodide.asm.wasm",  "python_stdlib.zip",
                                         "pyodide-lock.json", NULL };
  static const char *const module[] = { "pyodide.mjs",       "pyodide.asm.mjs",
                                        "pyodide.asm.wasm",  "python_stdlib.zip",
                                        "pyodide-lock.json", NULL };
  const char *const *interpreter = rc_boot_plan_is_module (self->plan) ? module : classic;
  GPtrArray *closure = rc_community_get_closure (self->community);
  gboolean changed = self->record->scenario == RC_SCENARIO_CHANGED_WHEEL;

  for (guint i = 0; interpreter[i] != NULL; i++)
    rc_run_record_expect (self->record, interpreter[i], "interpreter", TRUE, FALSE, FALSE);
  for (guint i = 0; closure != NULL && i < closure->len; i++)
    {
      const RcClosureEntry *entry = g_ptr_array_index (closure, i);
      g_autofree char *group =
          g_strdup_printf ("%s:%s", entry->overlay ? "overlay" : "preload", entry->key);
      const char *served = entry->file_name != NULL ? served_name (self, entry->file_name) : NULL;

      /* A renamed wheel is new to the cache in the changed-wheel run: it must be fetched. */
      if (served != NULL)
        rc_run_record_expect (self->record, served, group, TRUE, entry->overlay,
                              changed && served != entry->file_name);
      if (changed && served != NULL && served != entry->file_name)
        rc_run_record_add_note (self->record, "%s was served as %s (a rebuilt release)",
                                entry->file_name, served);
    }
}

/* The run this boot is: as given by the caller, else the next of the mode's scenario. A
 * retried boot (attempt 2) is the same run. */
static RcRunRecord *
new_record (RcEngine *self, RcBootMode mode)
{
  RcRunRecord *record;
  guint index;

  if (self->run_given)
    record = rc_run_record_new (self->run_scenario, self->run_index);
  else
    {
      index = self->attempt > 1 ? self->run_counts[mode] : ++self->run_counts[mode];
      record = rc_run_record_new (mode_scenario (mode), index);
    }
  if (self->run_given && self->run_id != NULL)
    {
      g_free (record->run_id);
      record->run_id = g_strdup (self->run_id);
    }
  return record;
}

void
rc_engine_start_record (RcEngine *self, RcBootMode mode, const char *plan_note)
{
  g_clear_pointer (&self->record, rc_run_record_free);
  self->record = new_record (self, mode);
  fill_environment (self, &self->record->env);
  expect_resources (self);
  if (plan_note != NULL)
    rc_run_record_add_note (self->record, "%s", plan_note);
  if (self->run_note != NULL)
    rc_run_record_add_note (self->record, "%s", self->run_note);
  if (self->worker_kind == RC_WORKER_KIND_OSA)
    rc_run_record_add_note (self->record,
                            "OSA's worker source was instrumented for heap and load "
                            "measurement: heap-probe.js, which intercepts loadPyodide, wraps "
                            "fetch and importScripts, observes Resource Timing and stamps "
                            "messages, was prepended to the source buildWorkerSource returned");
  self->runtime_loaded_ms = -1;
}

/* Kept as a Resource Timing entry of context "engine": the analysis cross-checks it with the
 * proxy's log (rc-run-analysis.c), it pairs with no request of its own. */
void
rc_engine_note_engine_connection (RcEngine *self, const char *url, const char *connection,
                                  gboolean reused)
{
  if (self->record == NULL || self->boot_task == NULL || self->retry_pending)
    return;
  rc_run_record_add_engine_connection (self->record, url, connection, reused);
}

void
rc_engine_note_engine_response (RcEngine *self, const char *url, gboolean from_cache,
                                gint64 encoded_bytes, guint status)
{
  if (self->record == NULL || self->boot_task == NULL || self->retry_pending)
    return;
  rc_run_record_add_timing (self->record, url, from_cache ? "engine-cache" : "engine-network",
                            "engine", -1, -1, from_cache ? 0 : MAX (encoded_bytes, 0),
                            encoded_bytes, status);
}
