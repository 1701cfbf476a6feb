/* rc-control.c: the control boot's policy, deadline, report members and prose. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "core/measurement/rc-control.h"
#include "core/record/rc-boot-progress.h"
#include "core/policy/rc-csp-presets.h"
#include "core/base/rc-json-builder-private.h"
#include "core/record/rc-engine-info.h"

void
rc_control_free (RcControl *self)
{
  if (self == NULL)
    return;
  g_free (self->policy_name);
  g_free (self->policy);
  g_free (self->derived_from);
  g_free (self->deadline_rule);
  g_free (self->engine);
  g_clear_pointer (&self->run, rc_run_record_free);
  g_free (self);
}

RcControl *
rc_control_copy (const RcControl *self)
{
  RcControl *copy = g_new0 (RcControl, 1);

  copy->policy_name = g_strdup (self->policy_name);
  copy->policy = g_strdup (self->policy);
  copy->derived_from = g_strdup (self->derived_from);
  copy->deadline_ms = self->deadline_ms;
  copy->deadline_rule = g_strdup (self->deadline_rule);
  copy->run = self->run != NULL ? rc_run_record_copy (self->run) : NULL;
  copy->engine = g_strdup (self->engine);
  return copy;
}

/* ---- the policy -------------------------------------------------------------------------- */

static gboolean
grants_wasm (const RcCspSource *source)
{
  return source->kind == RC_CSP_SOURCE_KEYWORD
         && (g_strcmp0 (source->keyword, "wasm-unsafe-eval") == 0
             || g_strcmp0 (source->keyword, "unsafe-eval") == 0);
}

static char *
directive_without_wasm (const RcCspDirective *directive)
{
  GString *text = g_string_new (directive->name);
  guint kept = 0;

  for (guint i = 0; i < directive->sources->len; i++)
    {
      const RcCspSource *source = directive->sources->pdata[i];

      if (grants_wasm (source))
        continue;
      g_string_append_printf (text, " %s", source->text);
      kept++;
    }
  if (kept == 0)
    g_string_append (text, " 'none'");
  return g_string_free (text, FALSE);
}

char *
rc_csp_policy_without_wasm (RcCspPolicy *policy)
{
  GString *out;

  if (policy == NULL || rc_csp_policy_get_n_policies (policy) == 0)
    return NULL;
  out = g_string_new (NULL);
  for (guint p = 0; p < rc_csp_policy_get_n_policies (policy); p++)
    {
      /* WebAssembly compilation is governed by script-src, else default-src (CSP3 §4.2.5). */
      const RcCspDirective *governing = rc_csp_policy_effective_directive (policy, p, "script-src");

      if (p > 0)
        g_string_append (out, ", ");
      for (guint n = 0; n < rc_csp_policy_get_n_directives (policy, p); n++)
        {
          const RcCspDirective *d = rc_csp_policy_get_nth_directive (policy, p, n);
          g_autofree char *changed = d == governing ? directive_without_wasm (d) : NULL;

          g_string_append_printf (out, "%s%s", n > 0 ? "; " : "",
                                  changed != NULL ? changed : d->text);
        }
    }
  return g_string_free (out, FALSE);
}

RcControl *
rc_control_derive (const char *policy_name, const char *policy, GError **error)
{
  g_autoptr (RcControl) self = g_new0 (RcControl, 1);
  g_autoptr (RcCspPolicy) parsed = rc_csp_policy_parse (policy);

  if (policy == NULL || rc_csp_policy_get_n_policies (parsed) == 0)
    {
      g_autoptr (RcCspPreset) preset = rc_csp_presets_lookup ("control", error);

      if (preset == NULL)
        return NULL;
      self->policy_name = g_strdup (preset->name);
      self->policy = g_strdup (preset->policy);
      return g_steal_pointer (&self);
    }
  self->derived_from = g_strdup (policy_name != NULL ? policy_name : "custom");
  /* TRANSLATORS: the control policy's name, "nemarlike minus 'wasm-unsafe-eval'" */
  self->policy_name = g_strdup_printf (_ ("%s minus 'wasm-unsafe-eval'"), self->derived_from);
  self->policy = rc_csp_policy_without_wasm (parsed);
  return g_steal_pointer (&self);
}

/* ---- the deadline ------------------------------------------------------------------------ */

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
collect_loading (GPtrArray *runs, gboolean cold_only, GArray *out)
{
  for (guint i = 0; runs != NULL && i < runs->len; i++)
    {
      const RcRunRecord *run = runs->pdata[i];

      if (run->outcome.state != RC_OUTCOME_READY
          || (cold_only && run->scenario != RC_SCENARIO_COLD))
        continue;
      for (guint j = 0; j < run->steps->len; j++)
        {
          const RcRunStep *step = run->steps->pdata[j];
          double ms = rc_run_step_duration (step);

          if (rc_boot_phase_from_name (step->phase) == RC_BOOT_PHASE_LOADING_RUNTIME && ms >= 0)
            {
              g_array_append_val (out, ms);
              break;
            }
        }
    }
}

double
rc_control_deadline_ms (GPtrArray *runs, char **rule)
{
  g_autoptr (GArray) ms = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean cold = TRUE;
  double median, deadline;

  collect_loading (runs, TRUE, ms);
  if (ms->len == 0)
    {
      cold = FALSE;
      collect_loading (runs, FALSE, ms);
    }
  if (ms->len == 0)
    {
      if (rule != NULL)
        *rule = g_strdup_printf (_ ("no run measured the loading_runtime step, so the minimum "
                                    "of %.0f s"),
                                 RC_CONTROL_MIN_DEADLINE_MS / 1000);
      return RC_CONTROL_MIN_DEADLINE_MS;
    }
  g_array_sort (ms, compare_doubles);
  median =
      ms->len % 2 == 1
          ? g_array_index (ms, double, ms->len / 2)
          : (g_array_index (ms, double, ms->len / 2 - 1) + g_array_index (ms, double, ms->len / 2))
                / 2;
  deadline = MAX (2 * median, RC_CONTROL_MIN_DEADLINE_MS);
  if (rule != NULL)
    *rule = g_strdup_printf (
        /* TRANSLATORS: "twice the median loading_runtime step (3.20 s) of 2 cold runs, at
         * least 10 s" */
        _ ("twice the median loading_runtime step (%.2f s) of %u %s runs, at least %.0f s"),
        median / 1000, ms->len, cold ? "cold" : _ ("ready"), RC_CONTROL_MIN_DEADLINE_MS / 1000);
  return deadline;
}

void
rc_control_set_deadline (RcControl *self, GPtrArray *runs)
{
  g_free (self->deadline_rule);
  self->deadline_ms = rc_control_deadline_ms (runs, &self->deadline_rule);
}

const char *
rc_control_get_engine (const RcControl *self)
{
  if (self->engine != NULL)
    return self->engine;
  if (self->run != NULL && self->run->env.engine != NULL)
    return self->run->env.engine;
  return RC_ENGINE_DEFAULT_ID;
}

gboolean
rc_control_booted (const RcControl *self)
{
  return self != NULL && self->run != NULL && self->run->outcome.state == RC_OUTCOME_READY;
}

/* ---- JSON -------------------------------------------------------------------------------- */

JsonNode *
rc_control_to_json (const RcControl *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *sha = rc_csp_policy_sha256 (self->policy);

  json_builder_begin_object (b);
  rc_json_add_string (b, "policy_name", self->policy_name);
  rc_json_add_string (b, "policy", self->policy);
  rc_json_add_string (b, "policy_sha256", sha);
  rc_json_add_string (b, "derived_from", self->derived_from);
  json_builder_set_member_name (b, "deadline_ms");
  json_builder_add_double_value (b, self->deadline_ms);
  rc_json_add_string (b, "deadline_rule", self->deadline_rule);
  rc_json_add_string (b, "engine", rc_control_get_engine (self));
  json_builder_set_member_name (b, "booted");
  json_builder_add_boolean_value (b, rc_control_booted (self));
  json_builder_set_member_name (b, "run");
  if (self->run != NULL)
    json_builder_add_value (b, rc_run_record_to_json (self->run));
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static const char *
optional_string (JsonObject *o, const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node)
                 && json_node_get_value_type (node) == G_TYPE_STRING
             ? json_node_get_string (node)
             : NULL;
}

RcControl *
rc_control_from_json (JsonNode *node, const char *path, GError **error)
{
  g_autoptr (RcControl) self = NULL;
  g_autofree char *run_path = g_strdup_printf ("%s.run", path);
  JsonObject *o;
  JsonNode *deadline, *run;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID, _ ("%s: expected an object"),
                   path);
      return NULL;
    }
  o = json_node_get_object (node);
  deadline = json_object_get_member (o, "deadline_ms");
  if (optional_string (o, "policy_name") == NULL || deadline == NULL
      || !JSON_NODE_HOLDS_VALUE (deadline))
    {
      g_set_error (error, RC_RECORD_ERROR, RC_RECORD_ERROR_INVALID,
                   _ ("%s: needs policy_name (a string) and deadline_ms (a number)"), path);
      return NULL;
    }
  self = g_new0 (RcControl, 1);
  self->policy_name = g_strdup (optional_string (o, "policy_name"));
  self->policy = g_strdup (optional_string (o, "policy"));
  self->derived_from = g_strdup (optional_string (o, "derived_from"));
  self->deadline_rule = g_strdup (optional_string (o, "deadline_rule"));
  self->engine = g_strdup (optional_string (o, "engine"));
  self->deadline_ms = json_node_get_double (deadline);
  run = json_object_get_member (o, "run");
  if (run != NULL && !JSON_NODE_HOLDS_NULL (run)
      && (self->run = rc_run_record_from_json (run, run_path, error)) == NULL)
    return NULL;
  return g_steal_pointer (&self);
}

/* ---- prose ------------------------------------------------------------------------------- */

static char *
outcome_text (const RcControl *self)
{
  const RcRunRecord *run = self->run;

  if (run->outcome.state == RC_OUTCOME_READY)
    return g_strdup_printf (_ ("booted in %.2f s"), run->boot_ms / 1000);
  return g_strdup_printf (_ ("did not boot (%s after %.2f s)"),
                          run->outcome.kind != NULL ? run->outcome.kind : "?", run->boot_ms / 1000);
}

void
rc_control_append_markdown (const RcControl *self, GString *out)
{
  g_autofree char *outcome = NULL;

  if (self == NULL)
    return;
  if (self->run == NULL)
    {
      g_string_append_printf (out, _ ("\nControl (%s): not booted.\n"), self->policy_name);
      return;
    }
  outcome = outcome_text (self);
  if (rc_control_booted (self))
    g_string_append_printf (
        out,
        _ ("\n**This report is invalid.** The control page, under the policy “%s” that lets no "
           "WebAssembly compile, %s: the policy under test was not applied, so no figure here was "
           "measured under it.\n"),
        self->policy_name, outcome);
  else
    g_string_append_printf (out,
                            _ ("\nControl: under the policy “%s”, which lets no WebAssembly "
                               "compile, the control page %s (deadline %.0f s: %s), so the "
                               "policy under test was applied.\n"),
                            self->policy_name, outcome, self->deadline_ms / 1000,
                            self->deadline_rule != NULL ? self->deadline_rule : "?");
}

void
rc_control_append_text (const RcControl *self, GString *out)
{
  g_autofree char *outcome = NULL;

  if (self == NULL)
    return;
  if (self->run == NULL)
    {
      g_string_append_printf (out, _ ("control: not booted (%s)\n"), self->policy_name);
      return;
    }
  outcome = outcome_text (self);
  if (rc_control_booted (self))
    g_string_append_printf (out,
                            _ ("control: %s under “%s”: the policy under test was not applied; "
                               "this report is INVALID\n"),
                            outcome, self->policy_name);
  else
    g_string_append_printf (out,
                            _ ("control: %s under “%s” (deadline %.0f s): the policy was "
                               "applied\n"),
                            outcome, self->policy_name, self->deadline_ms / 1000);
}
