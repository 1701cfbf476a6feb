/* rc-run-record.c: the run record and the step accounting. JSON is in rc-run-record-json.c. */
#include "config.h"

#include <glib/gi18n.h>

#include <string.h>
#include <unistd.h>

#include "core/record/rc-run-record.h"
#include "core/record/rc-engine-info.h"

/* Unformatted: clang-format would space the dashes of the quark's name. */
/* clang-format off */
G_DEFINE_QUARK (rc-record-error-quark, rc_record_error)
/* clang-format on */
G_DEFINE_BOXED_TYPE (RcRunRecord, rc_run_record, rc_run_record_copy, rc_run_record_free)

static const char *const scenario_names[] = { "cold",          "warm",     "warm-restart",
                                              "changed-wheel", "snapshot", "snapshot-warm" };

const char *
rc_scenario_to_string (RcScenario scenario)
{
  g_return_val_if_fail ((guint) scenario < G_N_ELEMENTS (scenario_names), "cold");
  return scenario_names[scenario];
}

gboolean
rc_scenario_from_string (const char *text, RcScenario *out)
{
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (scenario_names); i++)
    if (g_str_equal (text, scenario_names[i]))
      {
        *out = (RcScenario) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
rc_scenario_is_warm (RcScenario scenario)
{
  return scenario != RC_SCENARIO_COLD && scenario != RC_SCENARIO_SNAPSHOT;
}

gboolean
rc_scenario_is_snapshot (RcScenario scenario)
{
  return scenario == RC_SCENARIO_SNAPSHOT || scenario == RC_SCENARIO_SNAPSHOT_WARM;
}

static void
add_scenario (GArray *scenarios, RcScenario scenario)
{
  for (guint j = 0; j < scenarios->len; j++)
    if (g_array_index (scenarios, RcScenario, j) == scenario)
      return;
  g_array_append_val (scenarios, scenario);
}

GArray *
rc_scenarios_parse (const char *list, GError **error)
{
  g_autoptr (GArray) scenarios = g_array_new (FALSE, FALSE, sizeof (RcScenario));
  g_auto (GStrv) names = g_strsplit (list != NULL ? list : "", ",", -1);

  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = g_strstrip (names[i]);
      RcScenario scenario;

      if (*name == '\0')
        continue;
      if (!rc_scenario_from_string (name, &scenario))
        {
          g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                       _ ("unknown scenario “%s”; use cold, warm, warm-restart, changed-wheel "
                          "or snapshot"),
                       name);
          return NULL;
        }
      add_scenario (scenarios, scenario);
      /* The snapshot scenario boots from it cold and warm. */
      if (scenario == RC_SCENARIO_SNAPSHOT)
        add_scenario (scenarios, RC_SCENARIO_SNAPSHOT_WARM);
    }
  if (scenarios->len == 0)
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("no scenario given; use cold, warm, warm-restart or changed-wheel"));
      return NULL;
    }
  return g_steal_pointer (&scenarios);
}

void
rc_run_environment_fill_machine (RcRunEnvironment *env)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  long pages = sysconf (_SC_PHYS_PAGES);
  long page_size = sysconf (_SC_PAGESIZE);

  env->machine_cores = g_get_num_processors ();
  env->machine_memory_bytes = pages > 0 && page_size > 0 ? (guint64) pages * page_size : 0;
  g_free (env->date);
  env->date = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
}

void
rc_run_environment_clear (RcRunEnvironment *env)
{
  g_clear_pointer (&env->webkit_version, g_free);
  g_clear_pointer (&env->jsc_version, g_free);
  g_clear_pointer (&env->engine_options, g_free);
  g_clear_pointer (&env->engine, g_free);
  g_clear_pointer (&env->engine_version, g_free);
  g_clear_pointer (&env->pyodide_version, g_free);
  g_clear_pointer (&env->pyodide_pinned, g_free);
  g_clear_pointer (&env->worker_type, g_free);
  g_clear_pointer (&env->worker_kind, g_free);
  g_clear_pointer (&env->community, g_free);
  g_clear_pointer (&env->config_sha256, g_free);
  g_clear_pointer (&env->policy_name, g_free);
  g_clear_pointer (&env->policy_sha256, g_free);
  g_clear_pointer (&env->throttle_profile, g_free);
  g_clear_pointer (&env->throttle_model, g_free);
  g_clear_pointer (&env->deployment, g_free);
  g_clear_pointer (&env->page_origin, g_free);
  g_clear_pointer (&env->distribution, g_free);
  g_clear_pointer (&env->distribution_lock_sha256, g_free);
  g_clear_pointer (&env->date, g_free);
  env->machine_cores = 0;
  env->machine_memory_bytes = 0;
}

char *
rc_run_environment_describe_distribution (const RcRunEnvironment *env)
{
  if (env->distribution == NULL)
    return NULL;
  if (g_str_equal (env->distribution, "live"))
    return g_strdup (_ ("live (the real CDN)"));
  if (env->distribution_lock_sha256 == NULL)
    return g_strdup (env->distribution);
  /* TRANSLATORS: "/home/me/pyodide-0.29.5 (pyodide-lock.json sha256 0123abcd…)" */
  return g_strdup_printf (_ ("%s (pyodide-lock.json sha256 %.12s…)"), env->distribution,
                          env->distribution_lock_sha256);
}

void
rc_run_environment_copy_into (const RcRunEnvironment *src, RcRunEnvironment *dest)
{
  rc_run_environment_clear (dest);
  dest->webkit_version = g_strdup (src->webkit_version);
  dest->jsc_version = g_strdup (src->jsc_version);
  dest->engine_options = g_strdup (src->engine_options);
  dest->engine = g_strdup (src->engine);
  dest->engine_version = g_strdup (src->engine_version);
  dest->pyodide_version = g_strdup (src->pyodide_version);
  dest->pyodide_pinned = g_strdup (src->pyodide_pinned);
  dest->worker_type = g_strdup (src->worker_type);
  dest->worker_kind = g_strdup (src->worker_kind);
  dest->community = g_strdup (src->community);
  dest->config_sha256 = g_strdup (src->config_sha256);
  dest->policy_name = g_strdup (src->policy_name);
  dest->policy_sha256 = g_strdup (src->policy_sha256);
  dest->throttle_profile = g_strdup (src->throttle_profile);
  dest->throttle_model = g_strdup (src->throttle_model);
  dest->deployment = g_strdup (src->deployment);
  dest->page_origin = g_strdup (src->page_origin);
  dest->distribution = g_strdup (src->distribution);
  dest->distribution_lock_sha256 = g_strdup (src->distribution_lock_sha256);
  dest->date = g_strdup (src->date);
  dest->memory_mb = src->memory_mb;
  dest->machine_cores = src->machine_cores;
  dest->machine_memory_bytes = src->machine_memory_bytes;
}

static void
step_free (RcRunStep *step)
{
  g_free (step->phase);
  g_free (step->package);
  g_free (step->module);
  g_free (step);
}

static void
sub_phase_free (RcSubPhase *sub)
{
  g_free (sub->name);
  g_free (sub->source);
  g_free (sub);
}

static void
timing_free (RcResourceTiming *timing)
{
  g_free (timing->name);
  g_free (timing->initiator_type);
  g_free (timing->context);
  g_free (timing);
}

static void
violation_free (RcViolation *violation)
{
  g_free (violation->directive);
  g_free (violation->blocked_uri);
  g_free (violation->source);
  g_free (violation->sample);
  g_free (violation);
}

static void
engine_connection_free (RcEngineConnection *c)
{
  g_free (c->url);
  g_free (c->connection);
  g_free (c);
}

RcEngineConnection *
rc_run_record_add_engine_connection (RcRunRecord *self, const char *url, const char *connection,
                                     gboolean reused)
{
  RcEngineConnection *c = g_new0 (RcEngineConnection, 1);

  c->url = g_strdup (url);
  c->connection = g_strdup (connection);
  c->reused = reused;
  g_ptr_array_add (self->engine_connections, c);
  return c;
}

static void
expected_free (RcExpectedResource *expected)
{
  g_free (expected->file_name);
  g_free (expected->group);
  g_free (expected);
}

RcRunRecord *
rc_run_record_new (RcScenario scenario, guint index)
{
  RcRunRecord *self = g_new0 (RcRunRecord, 1);

  self->scenario = scenario;
  self->index = index;
  self->run_id = g_strdup_printf ("%s-%u", rc_scenario_to_string (scenario), index);
  self->boot_ms = -1;
  self->start_ms = -1;
  self->wall_ms = -1;
  self->worker_start_ms = -1;
  self->ready_ms = -1;
  self->web_process_rss_bytes = -1;
  self->attempts = 1;
  self->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) step_free);
  self->sub_phases = g_ptr_array_new_with_free_func ((GDestroyNotify) sub_phase_free);
  self->requests = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_request_record_free);
  self->timings = g_ptr_array_new_with_free_func ((GDestroyNotify) timing_free);
  self->violations = g_ptr_array_new_with_free_func ((GDestroyNotify) violation_free);
  self->expected = g_ptr_array_new_with_free_func ((GDestroyNotify) expected_free);
  self->notes = g_ptr_array_new_with_free_func (g_free);
  self->engine_connections =
      g_ptr_array_new_with_free_func ((GDestroyNotify) engine_connection_free);
  self->interpreter.first_import_ms = -1;
  self->interpreter.imports_us = -1;
  self->interpreter.slowest = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_import_time_free);
  self->interpreter.after = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_import_time_free);
  return self;
}

void
rc_run_record_free (RcRunRecord *self)
{
  if (self == NULL)
    return;
  g_free (self->run_id);
  g_free (self->boot_clock);
  rc_run_environment_clear (&self->env);
  g_ptr_array_unref (self->steps);
  g_ptr_array_unref (self->sub_phases);
  g_ptr_array_unref (self->requests);
  g_ptr_array_unref (self->timings);
  g_ptr_array_unref (self->violations);
  g_ptr_array_unref (self->expected);
  g_ptr_array_unref (self->notes);
  g_ptr_array_unref (self->engine_connections);
  g_ptr_array_unref (self->interpreter.slowest);
  g_ptr_array_unref (self->interpreter.after);
  g_free (self->interpreter.wasm_cache);
  g_free (self->interpreter.wasm_cache_source);
  g_free (self->outcome.version);
  g_free (self->outcome.kind);
  g_free (self->outcome.message);
  g_free (self->outcome.diagnosis);
  g_free (self->outcome.party);
  g_free (self);
}

/* A deep copy through JSON keeps one definition of what a record holds; the constructors
 * never store NULL where the reader requires a value, so the round trip cannot fail. */
RcRunRecord *
rc_run_record_copy (const RcRunRecord *self)
{
  g_autoptr (JsonNode) node = rc_run_record_to_json (self);
  g_autoptr (GError) error = NULL;
  RcRunRecord *copy = rc_run_record_from_json (node, "run", &error);

  g_assert_no_error (error);
  return copy;
}

static RcRunStep *
open_step (RcRunRecord *self)
{
  RcRunStep *last;

  if (self->steps->len == 0)
    return NULL;
  last = self->steps->pdata[self->steps->len - 1];
  return last->end_ms < 0 ? last : NULL;
}

static gint64
previous_heap (RcRunRecord *self, RcRunStep *before)
{
  for (guint i = self->steps->len; i > 0; i--)
    {
      RcRunStep *step = self->steps->pdata[i - 1];

      if (step != before && step->heap_bytes >= 0)
        return step->heap_bytes;
    }
  return 0;
}

static void
close_step (RcRunRecord *self, RcRunStep *step, double t_ms, gint64 heap_bytes)
{
  step->end_ms = t_ms;
  if (heap_bytes >= 0)
    step->heap_bytes = heap_bytes;
  if (step->heap_bytes >= 0)
    step->heap_growth = step->heap_bytes - previous_heap (self, step);
}

RcRunStep *
rc_run_record_progress (RcRunRecord *self, guint step, guint steps, const char *phase,
                        const char *package, const char *module, double t_ms, gint64 heap_bytes)
{
  RcRunStep *open = open_step (self);
  RcRunStep *added;

  if (open != NULL && open->step == step)
    {
      /* runtime_loaded: the same step finishing; its heap is the interpreter's */
      if (heap_bytes >= 0)
        open->heap_bytes = heap_bytes;
      return open;
    }
  if (open != NULL)
    close_step (self, open, t_ms, heap_bytes);
  added = g_new0 (RcRunStep, 1);
  added->step = step;
  added->steps = steps;
  added->phase = g_strdup (phase != NULL ? phase : "unknown");
  added->package = g_strdup (package);
  added->module = g_strdup (module);
  added->start_ms = t_ms;
  added->end_ms = -1;
  added->heap_bytes = -1;
  added->heap_growth = -1;
  g_ptr_array_add (self->steps, added);
  return added;
}

void
rc_run_record_ready (RcRunRecord *self, const char *version, double t_ms, gint64 heap_bytes)
{
  RcRunStep *open = open_step (self);

  if (open != NULL)
    close_step (self, open, t_ms, heap_bytes);
  self->ready_ms = t_ms;
  self->outcome.state = RC_OUTCOME_READY;
  g_free (self->outcome.version);
  self->outcome.version = g_strdup (version);
}

void
rc_run_record_failed (RcRunRecord *self, const char *kind, const char *message,
                      const char *diagnosis, double t_ms)
{
  RcRunStep *open = open_step (self);

  if (open != NULL && t_ms >= 0)
    close_step (self, open, t_ms, -1);
  self->ready_ms = t_ms;
  self->outcome.state = RC_OUTCOME_FAILED;
  g_free (self->outcome.kind);
  g_free (self->outcome.message);
  g_free (self->outcome.diagnosis);
  self->outcome.kind = g_strdup (kind);
  self->outcome.message = g_strdup (message);
  self->outcome.diagnosis = g_strdup (diagnosis);
}

void
rc_run_record_note_clock (RcRunRecord *self, gint64 host_monotonic_us, double worker_ms)
{
  gint64 origin = host_monotonic_us - (gint64) (worker_ms * 1000.0);

  if (self->worker_time_origin_us == 0 || origin < self->worker_time_origin_us)
    self->worker_time_origin_us = origin;
}

RcSubPhase *
rc_run_record_add_sub_phase (RcRunRecord *self, const char *name, const char *source,
                             double start_ms, double end_ms)
{
  RcSubPhase *sub = g_new0 (RcSubPhase, 1);

  sub->name = g_strdup (name != NULL ? name : "unknown");
  sub->source = g_strdup (source);
  sub->start_ms = start_ms;
  sub->end_ms = end_ms;
  g_ptr_array_add (self->sub_phases, sub);
  return sub;
}

RcResourceTiming *
rc_run_record_add_timing (RcRunRecord *self, const char *name, const char *initiator_type,
                          const char *context, double start_time, double response_end,
                          gint64 transfer_size, gint64 encoded_body_size, gint64 decoded_body_size)
{
  RcResourceTiming *timing = g_new0 (RcResourceTiming, 1);

  timing->name = g_strdup (name != NULL ? name : "");
  timing->initiator_type = g_strdup (initiator_type);
  timing->context = g_strdup (context != NULL ? context : "worker");
  timing->start_time = start_time;
  timing->response_end = response_end;
  timing->transfer_size = transfer_size;
  timing->encoded_body_size = encoded_body_size;
  timing->decoded_body_size = decoded_body_size;
  g_ptr_array_add (self->timings, timing);
  return timing;
}

void
rc_run_record_add_request (RcRunRecord *self, const RcRequestRecord *request)
{
  g_ptr_array_add (self->requests, rc_request_record_copy (request));
}

RcViolation *
rc_run_record_add_violation (RcRunRecord *self, const char *directive, const char *blocked_uri,
                             const char *source, double time_ms, const char *sample)
{
  RcViolation *violation = g_new0 (RcViolation, 1);

  violation->directive = g_strdup (directive != NULL ? directive : "unknown");
  violation->blocked_uri = g_strdup (blocked_uri);
  violation->source = g_strdup (source);
  violation->time_ms = time_ms;
  violation->sample = g_strdup (sample);
  g_ptr_array_add (self->violations, violation);
  return violation;
}

RcExpectedResource *
rc_run_record_expect (RcRunRecord *self, const char *file_name, const char *group,
                      gboolean immutable, gboolean overlay, gboolean fresh)
{
  RcExpectedResource *expected = g_new0 (RcExpectedResource, 1);

  expected->file_name = g_strdup (file_name != NULL ? file_name : "");
  expected->group = g_strdup (group);
  expected->immutable = immutable;
  expected->overlay = overlay;
  expected->fresh = fresh;
  g_ptr_array_add (self->expected, expected);
  return expected;
}

void
rc_run_record_add_note (RcRunRecord *self, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (self->notes, g_strdup_vprintf (format, args));
  va_end (args);
}

char *
rc_run_record_dup_retry_reason (const RcRunRecord *self)
{
  for (guint i = 0; self->attempts > 1 && i < self->notes->len; i++)
    {
      const char *note = g_ptr_array_index (self->notes, i);

      if (g_str_has_prefix (note, RC_RUN_RECORD_RETRY_NOTE))
        {
          gsize line;

          note += strlen (RC_RUN_RECORD_RETRY_NOTE);
          line = strcspn (note, "\n");
          /* the worker's words go on for lines (a traceback): say that the rest is kept */
          return note[line] != '\0' ? g_strdup_printf ("%.*s …", (int) line, note)
                                    : g_strdup (note);
        }
    }
  return NULL;
}

char *
rc_run_step_key (const RcRunStep *step)
{
  const char *what = step->package != NULL ? step->package : step->module;

  if (what != NULL && *what != '\0')
    return g_strdup_printf ("%s %s", step->phase, what);
  return g_strdup (step->phase);
}

double
rc_run_step_duration (const RcRunStep *step)
{
  return step->end_ms < 0 ? -1 : step->end_ms - step->start_ms;
}

guint
rc_run_record_step_at (const RcRunRecord *self, double t_ms)
{
  guint found = 0;

  for (guint i = 0; i < self->steps->len; i++)
    {
      const RcRunStep *step = self->steps->pdata[i];

      if (step->start_ms <= t_ms)
        found = step->step;
    }
  return found;
}

gint64
rc_run_record_final_heap (const RcRunRecord *self)
{
  for (guint i = self->steps->len; i > 0; i--)
    {
      const RcRunStep *step = self->steps->pdata[i - 1];

      if (step->heap_bytes >= 0)
        return step->heap_bytes;
    }
  return -1;
}

char *
rc_url_file_name (const char *url)
{
  g_autoptr (GUri) uri = url != NULL ? g_uri_parse (url, G_URI_FLAGS_ENCODED, NULL) : NULL;
  g_autofree char *path = NULL;
  const char *slash;
  char *name;

  if (url == NULL)
    return NULL;
  if (uri != NULL)
    path = g_strdup (g_uri_get_path (uri));
  else
    path = g_strndup (url, strcspn (url, "?#"));
  slash = strrchr (path, '/');
  name = g_uri_unescape_string (slash != NULL ? slash + 1 : path, NULL);
  return name != NULL ? name : g_strdup (slash != NULL ? slash + 1 : path);
}

void
rc_run_record_set_wasm_cache (RcRunRecord *self, const char *state, const char *source)
{
  g_free (self->interpreter.wasm_cache);
  g_free (self->interpreter.wasm_cache_source);
  self->interpreter.wasm_cache = g_strdup (state);
  self->interpreter.wasm_cache_source = g_strdup (source);
}

const RcSubPhase *
rc_run_record_find_sub_phase (const RcRunRecord *self, const char *name)
{
  for (guint i = 0; i < self->sub_phases->len; i++)
    {
      const RcSubPhase *p = self->sub_phases->pdata[i];

      if (g_strcmp0 (p->name, name) == 0)
        return p;
    }
  return NULL;
}

const char *
rc_run_record_get_engine (const RcRunRecord *self)
{
  return rc_engine_id_or_default (self->env.engine);
}
