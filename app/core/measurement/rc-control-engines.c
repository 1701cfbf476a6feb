/* rc-control-engines.c: one control per engine, in the terminal summary, the Markdown report
 * and the verdict. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/measurement/rc-control-engines.h"
#include "core/record/rc-engine-info.h"

const char *
rc_control_engine_title (const char *engine)
{
  return rc_engine_short_name (engine);
}

static const char *
title_of (const RcControl *control)
{
  return rc_control_engine_title (rc_control_get_engine (control));
}

/* "did not boot (timeout after 10.02 s)" / "booted in 3.20 s" */
static char *
outcome_text (const RcControl *self)
{
  const RcRunRecord *run = self->run;

  if (run->outcome.state == RC_OUTCOME_READY)
    return g_strdup_printf (_ ("booted in %.2f s"), run->boot_ms / 1000);
  return g_strdup_printf (_ ("did not boot (%s after %.2f s)"),
                          run->outcome.kind != NULL ? run->outcome.kind : "?", run->boot_ms / 1000);
}

static void
append_text_line (const RcControl *c, GString *out)
{
  const char *engine = title_of (c);
  g_autofree char *outcome = NULL;

  if (c->run == NULL)
    {
      /* TRANSLATORS: "control in Firefox: not booted (nemarlike minus 'wasm-unsafe-eval')" */
      g_string_append_printf (out, _ ("control in %s: not booted (%s)\n"), engine, c->policy_name);
      return;
    }
  outcome = outcome_text (c);
  if (rc_control_booted (c))
    g_string_append_printf (out,
                            /* TRANSLATORS: the engine's name twice, "Firefox" */
                            _ ("control in %s: %s under “%s”: %s did not apply the policy under "
                               "test; its figures in this report are INVALID\n"),
                            engine, outcome, c->policy_name, engine);
  else
    g_string_append_printf (out,
                            _ ("control in %s: %s under “%s” (deadline %.0f s): the policy was "
                               "applied\n"),
                            engine, outcome, c->policy_name, c->deadline_ms / 1000);
}

void
rc_controls_append_text (GPtrArray *controls, GString *out)
{
  if (controls == NULL || controls->len == 0)
    return;
  if (controls->len == 1)
    {
      rc_control_append_text (controls->pdata[0], out);
      return;
    }
  for (guint i = 0; i < controls->len; i++)
    append_text_line (controls->pdata[i], out);
}

static void
append_markdown_item (const RcControl *c, GString *out)
{
  const char *engine = title_of (c);
  g_autofree char *outcome = NULL;

  if (c->run == NULL)
    {
      g_string_append_printf (out, _ ("- %s: not booted.\n"), engine);
      return;
    }
  outcome = outcome_text (c);
  if (rc_control_booted (c))
    g_string_append_printf (out,
                            /* TRANSLATORS: the engine's name three times, "Firefox" */
                            _ ("- %s: **the control page %s: %s did not apply the policy under "
                               "test, so none of %s's figures here was measured under it; this "
                               "report is invalid.**\n"),
                            engine, outcome, engine, engine);
  else
    g_string_append_printf (out,
                            _ ("- %s: the control page %s (deadline %.0f s: %s), so %s applied "
                               "the policy under test.\n"),
                            engine, outcome, c->deadline_ms / 1000,
                            c->deadline_rule != NULL ? c->deadline_rule : "?", engine);
}

void
rc_controls_append_markdown (GPtrArray *controls, GString *out)
{
  const RcControl *first;

  if (controls == NULL || controls->len == 0)
    return;
  if (controls->len == 1)
    {
      rc_control_append_markdown (controls->pdata[0], out);
      return;
    }
  first = controls->pdata[0];
  g_string_append_printf (out,
                          _ ("\nControls, one per engine: under the policy “%s”, which lets no "
                             "WebAssembly compile, the control page must not boot in any "
                             "engine.\n\n"),
                          first->policy_name);
  for (guint i = 0; i < controls->len; i++)
    append_markdown_item (controls->pdata[i], out);
}

/* "WebKit and Chromium", "WebKit, Chromium and Firefox" */
static char *
join_titles (GPtrArray *titles)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < titles->len; i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 == titles->len ? _ (" and ") : ", ");
      g_string_append (text, titles->pdata[i]);
    }
  return g_string_free (text, FALSE);
}

char *
rc_controls_describe_invalid (GPtrArray *controls)
{
  g_autoptr (GPtrArray) booted = g_ptr_array_new ();
  g_autoptr (GPtrArray) held = g_ptr_array_new ();
  g_autofree char *booted_text = NULL, *held_text = NULL;

  for (guint i = 0; controls != NULL && i < controls->len; i++)
    {
      const RcControl *c = controls->pdata[i];

      if (rc_control_booted (c))
        g_ptr_array_add (booted, (gpointer) title_of (c));
      else if (c->run != NULL)
        g_ptr_array_add (held, (gpointer) title_of (c));
    }
  if (booted->len == 0)
    return NULL;
  if (controls->len == 1)
    return g_strdup (_ ("the control booted, so the policy under test was not applied"));
  booted_text = join_titles (booted);
  if (held->len == 0)
    /* TRANSLATORS: %s is one engine or a list, "WebKit and Firefox", twice */
    return g_strdup_printf (_ ("the control booted in %s, so %s did not apply the policy under "
                               "test"),
                            booted_text, booted_text);
  held_text = join_titles (held);
  /* TRANSLATORS: "the control booted in Firefox, so Firefox did not apply the policy under
   * test (its figures are invalid); it held in WebKit and Chromium" */
  return g_strdup_printf (_ ("the control booted in %s, so %s did not apply the policy under "
                             "test (its figures are invalid); it held in %s"),
                          booted_text, booted_text, held_text);
}
