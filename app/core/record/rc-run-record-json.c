/* rc-run-record-json.c: run records to and from JSON (the "runs[]" items of the run report).
 *
 * Unknown numbers (-1 in the structs) are written as null, so a reader never mistakes "not
 * measured" for a measured zero.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/base/rc-json-builder-private.h"
#include "core/base/rc-json-util.h"
#include "core/record/rc-run-connections.h"
#include "core/record/rc-run-record.h"

/* writing */

static void
add_environment (JsonBuilder *b, const RcRunEnvironment *env)
{
  json_builder_set_member_name (b, "environment");
  json_builder_begin_object (b);
  rc_json_add_string (b, "webkit_version", env->webkit_version);
  rc_json_add_string (b, "jsc_version", env->jsc_version);
  rc_json_add_string (b, "engine_options", env->engine_options);
  rc_json_add_string (b, "engine", env->engine);
  rc_json_add_string (b, "engine_version", env->engine_version);
  rc_json_add_string (b, "pyodide_version", env->pyodide_version);
  rc_json_add_string (b, "pyodide_pinned", env->pyodide_pinned);
  rc_json_add_string (b, "worker_type", env->worker_type);
  rc_json_add_string (b, "worker_kind", env->worker_kind);
  rc_json_add_string (b, "community", env->community);
  rc_json_add_string (b, "config_sha256", env->config_sha256);
  rc_json_add_string (b, "policy_name", env->policy_name);
  rc_json_add_string (b, "policy_sha256", env->policy_sha256);
  rc_json_add_string (b, "throttle_profile", env->throttle_profile);
  rc_json_add_string (b, "throttle_model", env->throttle_model);
  rc_json_add_string (b, "deployment", env->deployment);
  rc_json_add_string (b, "page_origin", env->page_origin);
  rc_json_add_string (b, "distribution", env->distribution);
  rc_json_add_string (b, "distribution_lock_sha256", env->distribution_lock_sha256);
  rc_json_add_int_or_null (b, "memory_mb", env->memory_mb, env->memory_mb <= 0);
  rc_json_add_int (b, "machine_cores", env->machine_cores);
  rc_json_add_int (b, "machine_memory_bytes", (gint64) env->machine_memory_bytes);
  rc_json_add_string (b, "date", env->date);
  json_builder_end_object (b);
}

static void
add_request (JsonBuilder *b, gconstpointer item)
{
  const RcRequestRecord *r = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "method", r->method);
  rc_json_add_string (b, "url", r->url);
  rc_json_add_string (b, "origin", r->origin);
  rc_json_add_int (b, "status", r->status);
  rc_json_add_int (b, "bytes", (gint64) r->bytes);
  rc_json_add_measured_int (b, "decoded_bytes", r->decoded_bytes);
  rc_json_add_string (b, "content_encoding", r->content_encoding);
  rc_json_add_string (b, "content_type", r->content_type);
  rc_json_add_int (b, "start_us", r->start_us);
  rc_json_add_int (b, "first_byte_us", r->first_byte_us);
  rc_json_add_int (b, "end_us", r->end_us);
  rc_json_add_bool (b, "conditional", r->conditional);
  rc_json_add_bool (b, "not_modified", r->not_modified);
  rc_json_add_int_or_null (b, "connection", r->connection, r->connection == 0);
  rc_json_add_bool (b, "reused", r->reused);
  rc_json_add_bool (b, "preconnected", r->preconnected);
  rc_json_add_measured_int (b, "connect_us", r->connect_us);
  rc_json_add_measured_int (b, "ssl_us", r->ssl_us);
  rc_json_add_string (b, "note", r->note);
  json_builder_end_object (b);
}

JsonNode *
rc_request_record_to_json (const RcRequestRecord *request)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  add_request (b, request);
  return json_builder_get_root (b);
}

static void
add_step (JsonBuilder *b, gconstpointer item)
{
  const RcRunStep *s = item;

  json_builder_begin_object (b);
  rc_json_add_int (b, "step", s->step);
  rc_json_add_int (b, "steps", s->steps);
  rc_json_add_string (b, "phase", s->phase);
  rc_json_add_string (b, "package", s->package);
  rc_json_add_string (b, "module", s->module);
  rc_json_add_double (b, "start_ms", s->start_ms);
  rc_json_add_measured_double (b, "end_ms", s->end_ms);
  rc_json_add_measured_int (b, "heap_bytes", s->heap_bytes);
  /* growth may be negative; it is unknown only when the heap size is */
  rc_json_add_int_or_null (b, "heap_growth", s->heap_growth,
                           s->heap_bytes < 0 && s->heap_growth < 0);
  json_builder_end_object (b);
}

static void
add_sub_phase (JsonBuilder *b, gconstpointer item)
{
  const RcSubPhase *s = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "name", s->name);
  rc_json_add_string (b, "source", s->source);
  rc_json_add_double (b, "start_ms", s->start_ms);
  rc_json_add_double (b, "end_ms", s->end_ms);
  json_builder_end_object (b);
}

static void
add_timing (JsonBuilder *b, gconstpointer item)
{
  const RcResourceTiming *t = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "name", t->name);
  rc_json_add_string (b, "initiator_type", t->initiator_type);
  rc_json_add_string (b, "context", t->context);
  rc_json_add_double (b, "start_time", t->start_time);
  rc_json_add_double (b, "response_end", t->response_end);
  rc_json_add_measured_int (b, "transfer_size", t->transfer_size);
  rc_json_add_measured_int (b, "encoded_body_size", t->encoded_body_size);
  rc_json_add_measured_int (b, "decoded_body_size", t->decoded_body_size);
  json_builder_end_object (b);
}

static void
add_violation (JsonBuilder *b, gconstpointer item)
{
  const RcViolation *v = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "directive", v->directive);
  rc_json_add_string (b, "blocked_uri", v->blocked_uri);
  rc_json_add_string (b, "source", v->source);
  rc_json_add_double (b, "time_ms", v->time_ms);
  rc_json_add_string (b, "sample", v->sample);
  json_builder_end_object (b);
}

static void
add_expected (JsonBuilder *b, gconstpointer item)
{
  const RcExpectedResource *e = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "file_name", e->file_name);
  rc_json_add_string (b, "group", e->group);
  rc_json_add_bool (b, "immutable", e->immutable);
  rc_json_add_bool (b, "overlay", e->overlay);
  rc_json_add_bool (b, "fresh", e->fresh);
  json_builder_end_object (b);
}

static void
add_note (JsonBuilder *b, gconstpointer item)
{
  json_builder_add_string_value (b, item);
}

static void
add_import (JsonBuilder *b, gconstpointer item)
{
  const RcImportTime *t = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "module", t->module);
  rc_json_add_int (b, "self_us", t->self_us);
  rc_json_add_int (b, "cumulative_us", t->cumulative_us);
  rc_json_add_int (b, "depth", t->depth);
  rc_json_add_measured_double (b, "t_ms", t->t_ms);
  json_builder_end_object (b);
}

/* "interpreter": what splits the interpreter step further; left out when nothing is known,
 * so a record without it reads as before. */
static void
add_interpreter (JsonBuilder *b, const RcInterpreterFacts *f)
{
  if (!f->importtime && f->wasm_cache == NULL)
    return;
  json_builder_set_member_name (b, "interpreter");
  json_builder_begin_object (b);
  rc_json_add_bool (b, "importtime", f->importtime);
  rc_json_add_measured_double (b, "first_import_ms", f->first_import_ms);
  rc_json_add_measured_int (b, "imports_us", f->imports_us);
  rc_json_add_int (b, "import_count", f->import_count);
  rc_json_add_array (b, "slowest_imports", f->slowest, add_import);
  if (f->after->len > 0)
    rc_json_add_array (b, "after_imports", f->after, add_import);
  rc_json_add_string (b, "wasm_cache", f->wasm_cache);
  rc_json_add_string (b, "wasm_cache_source", f->wasm_cache_source);
  json_builder_end_object (b);
}

static const char *const outcome_names[] = { "unknown", "ready", "failed" };

JsonNode *
rc_run_record_to_json (const RcRunRecord *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  rc_json_add_string (b, "run_id", self->run_id);
  rc_json_add_string (b, "scenario", rc_scenario_to_string (self->scenario));
  rc_json_add_int (b, "index", self->index);
  add_environment (b, &self->env);
  rc_json_add_measured_double (b, "boot_ms", self->boot_ms);
  rc_json_add_string (b, "boot_clock", self->boot_clock);
  rc_json_add_measured_double (b, "start_ms", self->start_ms);
  rc_json_add_measured_double (b, "wall_ms", self->wall_ms);
  rc_json_add_measured_double (b, "worker_start_ms", self->worker_start_ms);
  rc_json_add_measured_double (b, "ready_ms", self->ready_ms);
  rc_json_add_int (b, "worker_time_origin_us", self->worker_time_origin_us);
  rc_json_add_int (b, "page_time_origin_us", self->page_time_origin_us);
  rc_json_add_measured_int (b, "web_process_rss_bytes", self->web_process_rss_bytes);
  rc_json_add_int (b, "attempts", self->attempts);
  rc_json_add_array (b, "steps", self->steps, add_step);
  rc_json_add_array (b, "sub_phases", self->sub_phases, add_sub_phase);
  rc_json_add_array (b, "requests", self->requests, add_request);
  rc_json_add_array (b, "resource_timing", self->timings, add_timing);
  rc_json_add_array (b, "violations", self->violations, add_violation);
  rc_json_add_array (b, "expected", self->expected, add_expected);
  rc_json_add_array (b, "notes", self->notes, add_note);
  rc_run_connections_add_json (b, self);
  add_interpreter (b, &self->interpreter);
  json_builder_set_member_name (b, "outcome");
  json_builder_begin_object (b);
  rc_json_add_string (b, "state", outcome_names[self->outcome.state]);
  rc_json_add_string (b, "version", self->outcome.version);
  rc_json_add_string (b, "kind", self->outcome.kind);
  rc_json_add_string (b, "message", self->outcome.message);
  rc_json_add_string (b, "diagnosis", self->outcome.diagnosis);
  rc_json_add_string (b, "party", self->outcome.party);
  json_builder_end_object (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* reading: every accessor names the JSON path of what is wrong */

static JsonNode *
member (JsonObject *o, const char *name, const char *path, gboolean required, GError **error)
{
  JsonNode *node = json_object_get_member (o, name);

  if ((node == NULL || JSON_NODE_HOLDS_NULL (node)) && required)
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID, _ ("%s.%s: missing"), path,
                   name);
      return NULL;
    }
  return node != NULL && !JSON_NODE_HOLDS_NULL (node) ? node : NULL;
}

static gboolean
wrong_type (const char *path, const char *name, const char *want, GError **error)
{
  g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID, _ ("%s.%s: expected %s"), path,
               name, want);
  return FALSE;
}

static gboolean
read_string (JsonObject *o, const char *name, const char *path, gboolean required, char **out,
             GError **error)
{
  JsonNode *node = member (o, name, path, required, error);

  if (node == NULL)
    return !required;
  if (json_node_get_value_type (node) != G_TYPE_STRING)
    return wrong_type (path, name, _ ("a string"), error);
  g_free (*out);
  *out = json_node_dup_string (node);
  return TRUE;
}

static gboolean
is_number (JsonNode *node)
{
  GType type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_INVALID;

  return type == G_TYPE_INT64 || type == G_TYPE_DOUBLE;
}

static gboolean
read_double (JsonObject *o, const char *name, const char *path, gboolean required, double *out,
             GError **error)
{
  JsonNode *node = member (o, name, path, required, error);

  if (node == NULL)
    return !required;
  if (!is_number (node))
    return wrong_type (path, name, _ ("a number"), error);
  *out = json_node_get_double (node);
  return TRUE;
}

static gboolean
read_int (JsonObject *o, const char *name, const char *path, gboolean required, gint64 *out,
          GError **error)
{
  JsonNode *node = member (o, name, path, required, error);

  if (node == NULL)
    return !required;
  if (!is_number (node))
    return wrong_type (path, name, _ ("a number"), error);
  if (!rc_json_node_to_int64 (node, out))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("%s.%s: %g is out of range (an integer between -2^63 and 2^63 is expected)"),
                   path, name, json_node_get_double (node));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_bool (JsonObject *o, const char *name, const char *path, gboolean *out, GError **error)
{
  JsonNode *node = member (o, name, path, FALSE, error);

  if (node == NULL)
    return TRUE;
  if (json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return wrong_type (path, name, _ ("true or false"), error);
  *out = json_node_get_boolean (node);
  return TRUE;
}

/* The array member @name (an empty one when absent), each element an object. */
static JsonArray *
read_array (JsonObject *o, const char *name, const char *path, GError **error)
{
  JsonNode *node = member (o, name, path, FALSE, error);
  JsonArray *array;

  if (node == NULL)
    return json_array_new ();
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      wrong_type (path, name, _ ("an array"), error);
      return NULL;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (!JSON_NODE_HOLDS_OBJECT (json_array_get_element (array, i)) && !g_str_equal (name, "notes"))
      {
        g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                     _ ("%s.%s[%u]: expected an object"), path, name, i);
        return NULL;
      }
  return json_array_ref (array);
}

RcRequestRecord *
rc_request_record_from_json (JsonNode *node, const char *path, GError **error)
{
  g_autoptr (RcRequestRecord) r = rc_request_record_new ();
  JsonObject *o;
  gint64 status = 0, bytes = 0, decoded = -1, connection = 0;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID, _ ("%s: expected an object"),
                   path);
      return NULL;
    }
  o = json_node_get_object (node);
  if (!read_string (o, "url", path, FALSE, &r->url, error)
      || !read_string (o, "method", path, FALSE, &r->method, error)
      || !read_string (o, "origin", path, FALSE, &r->origin, error)
      || !read_string (o, "content_type", path, FALSE, &r->content_type, error)
      || !read_string (o, "note", path, FALSE, &r->note, error)
      || !read_int (o, "status", path, TRUE, &status, error)
      || !read_int (o, "bytes", path, TRUE, &bytes, error)
      /* reports before decoded sizes existed lack both: unknown, never 0 */
      || !read_int (o, "decoded_bytes", path, FALSE, &decoded, error)
      || !read_string (o, "content_encoding", path, FALSE, &r->content_encoding, error)
      || !read_int (o, "start_us", path, FALSE, &r->start_us, error)
      || !read_int (o, "first_byte_us", path, FALSE, &r->first_byte_us, error)
      || !read_int (o, "end_us", path, FALSE, &r->end_us, error)
      || !read_bool (o, "conditional", path, &r->conditional, error)
      || !read_bool (o, "not_modified", path, &r->not_modified, error)
      /* reports before kept-alive connections lack these: unknown */
      || !read_int (o, "connection", path, FALSE, &connection, error)
      || !read_bool (o, "reused", path, &r->reused, error)
      || !read_bool (o, "preconnected", path, &r->preconnected, error)
      || !read_int (o, "connect_us", path, FALSE, &r->connect_us, error)
      || !read_int (o, "ssl_us", path, FALSE, &r->ssl_us, error))
    return NULL;
  r->connection = (guint) CLAMP (connection, 0, G_MAXUINT);
  r->status = (guint) status;
  r->bytes = (guint64) MAX (bytes, 0);
  r->decoded_bytes = decoded >= 0 ? decoded : -1;
  return g_steal_pointer (&r);
}

static gboolean
read_environment (JsonObject *o, const char *path, RcRunEnvironment *env, GError **error)
{
  JsonNode *node = member (o, "environment", path, TRUE, error);
  g_autofree char *p = g_strconcat (path, ".environment", NULL);
  gint64 cores = 0, memory = 0, memory_mb = 0;
  JsonObject *e;

  if (node == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return wrong_type (path, "environment", _ ("an object"), error);
  e = json_node_get_object (node);
  if (!read_string (e, "webkit_version", p, FALSE, &env->webkit_version, error)
      || !read_string (e, "jsc_version", p, FALSE, &env->jsc_version, error)
      || !read_string (e, "engine_options", p, FALSE, &env->engine_options, error)
      || !read_string (e, "engine", p, FALSE, &env->engine, error)
      || !read_string (e, "engine_version", p, FALSE, &env->engine_version, error)
      || !read_string (e, "pyodide_version", p, FALSE, &env->pyodide_version, error)
      || !read_string (e, "pyodide_pinned", p, FALSE, &env->pyodide_pinned, error)
      || !read_string (e, "worker_type", p, FALSE, &env->worker_type, error)
      || !read_string (e, "worker_kind", p, FALSE, &env->worker_kind, error)
      || !read_string (e, "community", p, FALSE, &env->community, error)
      || !read_string (e, "config_sha256", p, FALSE, &env->config_sha256, error)
      || !read_string (e, "policy_name", p, FALSE, &env->policy_name, error)
      || !read_string (e, "policy_sha256", p, FALSE, &env->policy_sha256, error)
      || !read_string (e, "throttle_profile", p, FALSE, &env->throttle_profile, error)
      || !read_string (e, "throttle_model", p, FALSE, &env->throttle_model, error)
      || !read_string (e, "deployment", p, FALSE, &env->deployment, error)
      || !read_string (e, "page_origin", p, FALSE, &env->page_origin, error)
      || !read_string (e, "distribution", p, FALSE, &env->distribution, error)
      || !read_string (e, "distribution_lock_sha256", p, FALSE, &env->distribution_lock_sha256,
                       error)
      || !read_string (e, "date", p, FALSE, &env->date, error)
      || !read_int (e, "machine_cores", p, FALSE, &cores, error)
      || !read_int (e, "machine_memory_bytes", p, FALSE, &memory, error)
      /* Optional: reports written before it was recorded do not have it. */
      || !read_int (e, "memory_mb", p, FALSE, &memory_mb, error))
    return FALSE;
  if (memory_mb < 0)
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("%s.memory_mb: expected a positive number of MB"), p);
      return FALSE;
    }
  env->memory_mb = memory_mb;
  env->machine_cores = (guint) cores;
  env->machine_memory_bytes = (guint64) memory;
  return TRUE;
}

static gboolean
read_steps (JsonObject *o, const char *path, RcRunRecord *self, GError **error)
{
  g_autoptr (JsonArray) steps = read_array (o, "steps", path, error);
  g_autoptr (JsonArray) subs = NULL;

  if (steps == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (steps); i++)
    {
      JsonObject *s = json_array_get_object_element (steps, i);
      g_autofree char *p = g_strdup_printf ("%s.steps[%u]", path, i);
      g_autofree char *phase = NULL, *package = NULL, *module = NULL;
      gint64 step = 0, n = 0, heap = -1, growth = -1;
      double start = 0, end = -1;
      RcRunStep *added;

      if (!read_int (s, "step", p, TRUE, &step, error) || !read_int (s, "steps", p, TRUE, &n, error)
          || !read_string (s, "phase", p, TRUE, &phase, error)
          || !read_string (s, "package", p, FALSE, &package, error)
          || !read_string (s, "module", p, FALSE, &module, error)
          || !read_double (s, "start_ms", p, TRUE, &start, error)
          || !read_double (s, "end_ms", p, FALSE, &end, error)
          || !read_int (s, "heap_bytes", p, FALSE, &heap, error)
          || !read_int (s, "heap_growth", p, FALSE, &growth, error))
        return FALSE;
      added = g_new0 (RcRunStep, 1);
      added->step = (guint) step;
      added->steps = (guint) n;
      added->phase = g_steal_pointer (&phase);
      added->package = g_steal_pointer (&package);
      added->module = g_steal_pointer (&module);
      added->start_ms = start;
      added->end_ms = end;
      added->heap_bytes = heap;
      added->heap_growth = growth;
      g_ptr_array_add (self->steps, added);
    }
  if ((subs = read_array (o, "sub_phases", path, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (subs); i++)
    {
      JsonObject *s = json_array_get_object_element (subs, i);
      g_autofree char *p = g_strdup_printf ("%s.sub_phases[%u]", path, i);
      g_autofree char *name = NULL, *source = NULL;
      double start = 0, end = 0;

      if (!read_string (s, "name", p, TRUE, &name, error)
          || !read_string (s, "source", p, FALSE, &source, error)
          || !read_double (s, "start_ms", p, TRUE, &start, error)
          || !read_double (s, "end_ms", p, TRUE, &end, error))
        return FALSE;
      rc_run_record_add_sub_phase (self, name, source, start, end);
    }
  return TRUE;
}

static gboolean
read_network (JsonObject *o, const char *path, RcRunRecord *self, GError **error)
{
  g_autoptr (JsonArray) requests = read_array (o, "requests", path, error);
  g_autoptr (JsonArray) timings = NULL;

  if (requests == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (requests); i++)
    {
      g_autofree char *p = g_strdup_printf ("%s.requests[%u]", path, i);
      RcRequestRecord *r =
          rc_request_record_from_json (json_array_get_element (requests, i), p, error);

      if (r == NULL)
        return FALSE;
      r->run_id = g_strdup (self->run_id);
      g_ptr_array_add (self->requests, r);
    }
  if ((timings = read_array (o, "resource_timing", path, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (timings); i++)
    {
      JsonObject *t = json_array_get_object_element (timings, i);
      g_autofree char *p = g_strdup_printf ("%s.resource_timing[%u]", path, i);
      g_autofree char *name = NULL, *initiator = NULL, *context = NULL;
      double start = 0, end = 0;
      gint64 transfer = -1, encoded = -1, decoded = -1;

      if (!read_string (t, "name", p, TRUE, &name, error)
          || !read_string (t, "initiator_type", p, FALSE, &initiator, error)
          || !read_string (t, "context", p, FALSE, &context, error)
          || !read_double (t, "start_time", p, TRUE, &start, error)
          || !read_double (t, "response_end", p, TRUE, &end, error)
          || !read_int (t, "transfer_size", p, FALSE, &transfer, error)
          || !read_int (t, "encoded_body_size", p, FALSE, &encoded, error)
          || !read_int (t, "decoded_body_size", p, FALSE, &decoded, error))
        return FALSE;
      rc_run_record_add_timing (self, name, initiator, context, start, end, transfer, encoded,
                                decoded);
    }
  return TRUE;
}

static gboolean
read_misc (JsonObject *o, const char *path, RcRunRecord *self, GError **error)
{
  g_autoptr (JsonArray) violations = read_array (o, "violations", path, error);
  g_autoptr (JsonArray) expected = NULL;
  g_autoptr (JsonArray) notes = NULL;

  if (violations == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (violations); i++)
    {
      JsonObject *v = json_array_get_object_element (violations, i);
      g_autofree char *p = g_strdup_printf ("%s.violations[%u]", path, i);
      g_autofree char *directive = NULL, *blocked = NULL, *source = NULL, *sample = NULL;
      double t = 0;

      if (!read_string (v, "directive", p, TRUE, &directive, error)
          || !read_string (v, "blocked_uri", p, FALSE, &blocked, error)
          || !read_string (v, "source", p, FALSE, &source, error)
          || !read_string (v, "sample", p, FALSE, &sample, error)
          || !read_double (v, "time_ms", p, FALSE, &t, error))
        return FALSE;
      rc_run_record_add_violation (self, directive, blocked, source, t, sample);
    }
  if ((expected = read_array (o, "expected", path, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (expected); i++)
    {
      JsonObject *e = json_array_get_object_element (expected, i);
      g_autofree char *p = g_strdup_printf ("%s.expected[%u]", path, i);
      g_autofree char *file = NULL, *group = NULL;
      gboolean immutable = FALSE, overlay = FALSE, fresh = FALSE;

      if (!read_string (e, "file_name", p, TRUE, &file, error)
          || !read_string (e, "group", p, FALSE, &group, error)
          || !read_bool (e, "immutable", p, &immutable, error)
          || !read_bool (e, "overlay", p, &overlay, error)
          || !read_bool (e, "fresh", p, &fresh, error))
        return FALSE;
      rc_run_record_expect (self, file, group, immutable, overlay, fresh);
    }
  if ((notes = read_array (o, "notes", path, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (notes); i++)
    {
      JsonNode *n = json_array_get_element (notes, i);

      if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
        {
          g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                       _ ("%s.notes[%u]: expected a string"), path, i);
          return FALSE;
        }
      g_ptr_array_add (self->notes, json_node_dup_string (n));
    }
  return TRUE;
}

static gboolean
read_outcome (JsonObject *o, const char *path, RcOutcome *outcome, GError **error)
{
  JsonNode *node = member (o, "outcome", path, TRUE, error);
  g_autofree char *p = g_strconcat (path, ".outcome", NULL);
  g_autofree char *state = NULL;
  JsonObject *oo;

  if (node == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return wrong_type (path, "outcome", _ ("an object"), error);
  oo = json_node_get_object (node);
  if (!read_string (oo, "state", p, TRUE, &state, error)
      || !read_string (oo, "version", p, FALSE, &outcome->version, error)
      || !read_string (oo, "kind", p, FALSE, &outcome->kind, error)
      || !read_string (oo, "message", p, FALSE, &outcome->message, error)
      || !read_string (oo, "diagnosis", p, FALSE, &outcome->diagnosis, error)
      || !read_string (oo, "party", p, FALSE, &outcome->party, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (outcome_names); i++)
    if (g_str_equal (state, outcome_names[i]))
      {
        outcome->state = (RcOutcomeState) i;
        return TRUE;
      }
  g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
               _ ("%s.state: “%s” is not one of unknown, ready, failed"), p, state);
  return FALSE;
}

static gboolean
read_imports (JsonObject *o, const char *path, const char *name, GPtrArray *out, GError **error)
{
  g_autoptr (JsonArray) imports = read_array (o, name, path, error);

  if (imports == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (imports); i++)
    {
      JsonObject *t = json_array_get_object_element (imports, i);
      g_autofree char *p = g_strdup_printf ("%s.%s[%u]", path, name, i);
      g_autofree char *module = NULL;
      gint64 self_us = 0, cumulative_us = 0, depth = 0;
      double t_ms = -1;

      if (!read_string (t, "module", p, TRUE, &module, error)
          || !read_int (t, "self_us", p, TRUE, &self_us, error)
          || !read_int (t, "cumulative_us", p, TRUE, &cumulative_us, error)
          || !read_int (t, "depth", p, FALSE, &depth, error)
          || !read_double (t, "t_ms", p, FALSE, &t_ms, error))
        return FALSE;
      if (self_us < 0 || cumulative_us < self_us || depth < 0 || depth > G_MAXUINT16)
        {
          g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                       _ ("%s: times must be 0 or more, cumulative at least self, depth 0 or "
                          "more"),
                       p);
          return FALSE;
        }
      g_ptr_array_add (out,
                       rc_import_time_new (module, self_us, cumulative_us, (guint) depth, t_ms));
    }
  return TRUE;
}

/* Optional: reports written before it have no "interpreter" member. */
static gboolean
read_interpreter (JsonObject *o, const char *path, RcInterpreterFacts *f, GError **error)
{
  JsonNode *node = member (o, "interpreter", path, FALSE, error);
  g_autofree char *p = g_strconcat (path, ".interpreter", NULL);
  JsonObject *io;
  gint64 count = 0;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return wrong_type (path, "interpreter", _ ("an object"), error);
  io = json_node_get_object (node);
  if (!read_bool (io, "importtime", p, &f->importtime, error)
      || !read_double (io, "first_import_ms", p, FALSE, &f->first_import_ms, error)
      || !read_int (io, "imports_us", p, FALSE, &f->imports_us, error)
      || !read_int (io, "import_count", p, FALSE, &count, error)
      || !read_string (io, "wasm_cache", p, FALSE, &f->wasm_cache, error)
      || !read_string (io, "wasm_cache_source", p, FALSE, &f->wasm_cache_source, error)
      || !read_imports (io, p, "slowest_imports", f->slowest, error)
      || !read_imports (io, p, "after_imports", f->after, error))
    return FALSE;
  if (count < 0 || count > G_MAXUINT)
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("%s.import_count: must be 0 or more"), p);
      return FALSE;
    }
  f->import_count = (guint) count;
  return TRUE;
}

/* 1 or 2 (one retry after an engine failure); reports from before it have none: 1. */
static gboolean
read_attempts (JsonObject *o, const char *path, RcRunRecord *self, GError **error)
{
  gint64 attempts = 1;

  if (!read_int (o, "attempts", path, FALSE, &attempts, error))
    return FALSE;
  if (attempts < 1 || attempts > 2)
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("%s.attempts: must be 1 or 2"), path);
      return FALSE;
    }
  self->attempts = (guint) attempts;
  return TRUE;
}

/* "navigation" or "console" (rc-run-record.h); absent in version 1 reports. */
static gboolean
read_boot_clock (JsonObject *o, const char *path, char **out, GError **error)
{
  if (!read_string (o, "boot_clock", path, FALSE, out, error))
    return FALSE;
  if (*out != NULL && !g_str_equal (*out, "navigation") && !g_str_equal (*out, "console"))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("%s.boot_clock: “%s” is not one of navigation, console"), path, *out);
      return FALSE;
    }
  return TRUE;
}

RcRunRecord *
rc_run_record_from_json (JsonNode *node, const char *path, GError **error)
{
  g_autoptr (RcRunRecord) self = NULL;
  g_autofree char *scenario_text = NULL;
  RcScenario scenario;
  gint64 index = 0;
  JsonObject *o;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID, _ ("%s: expected an object"),
                   path);
      return NULL;
    }
  o = json_node_get_object (node);
  if (!read_string (o, "scenario", path, TRUE, &scenario_text, error)
      || !read_int (o, "index", path, TRUE, &index, error))
    return NULL;
  if (!rc_scenario_from_string (scenario_text, &scenario))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("%s.scenario: “%s” is not one of cold, warm, warm-restart, changed-wheel"),
                   path, scenario_text);
      return NULL;
    }
  self = rc_run_record_new (scenario, (guint) index);
  if (!read_string (o, "run_id", path, TRUE, &self->run_id, error)
      || !read_environment (o, path, &self->env, error)
      || !read_double (o, "boot_ms", path, FALSE, &self->boot_ms, error)
      || !read_boot_clock (o, path, &self->boot_clock, error)
      || !read_double (o, "start_ms", path, FALSE, &self->start_ms, error)
      || !read_double (o, "wall_ms", path, FALSE, &self->wall_ms, error)
      || !read_double (o, "worker_start_ms", path, FALSE, &self->worker_start_ms, error)
      || !read_double (o, "ready_ms", path, FALSE, &self->ready_ms, error)
      || !read_int (o, "worker_time_origin_us", path, FALSE, &self->worker_time_origin_us, error)
      || !read_int (o, "page_time_origin_us", path, FALSE, &self->page_time_origin_us, error)
      || !read_int (o, "web_process_rss_bytes", path, FALSE, &self->web_process_rss_bytes, error)
      || !read_attempts (o, path, self, error) || !read_steps (o, path, self, error)
      || !read_network (o, path, self, error) || !read_misc (o, path, self, error)
      || !rc_run_connections_read_json (o, path, self, error)
      || !read_outcome (o, path, &self->outcome, error)
      || !read_interpreter (o, path, &self->interpreter, error))
    return NULL;
  return g_steal_pointer (&self);
}
