/* rc-boot-pane-probes.c: what the boot pane does with a booted runtime or several boots:
 * Runs… (N), the seal audit and the Web Inspector.
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>
#include <webkit/webkit.h>

#include "core/seal/rc-seal-probes.h"
#include "rc-boot-pane-private.h"

/* Seal audit */

static void run_next_probe (RcBootPane *self);

static void
add_verdict (RcBootPane *self, const RcSealProbe *probe, RcSealVerdict *verdict)
{
  rc_seal_audit_add (self->seal_audit, probe, verdict);
  g_ptr_array_add (self->verdicts, verdict);
}

static void
probe_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (RcBootPane) self = RC_BOOT_PANE (user_data);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) answer = rc_engine_execute_finish (RC_ENGINE (source), result, &error);
  RcSealVerdict *verdict;
  const RcSealProbe *probe;

  if (self->probes == NULL)
    return; /* stopped */
  probe = g_ptr_array_index (self->probes, self->probe_index);
  if (answer == NULL)
    verdict = rc_seal_verdict_new_not_run (g_strdup_printf (_ ("not run: %s"), error->message));
  else
    verdict = rc_seal_probe_judge (probe, answer);
  add_verdict (self, probe, verdict);
  self->probe_index++;
  /* A runtime the engine had to recycle (timeout, stop) cannot take more probes: the rest
   * did not run. */
  if (answer == NULL || verdict->not_run)
    for (; self->probe_index < self->probes->len; self->probe_index++)
      {
        const RcSealProbe *rest = g_ptr_array_index (self->probes, self->probe_index);
        RcSealVerdict *skipped =
            rc_seal_verdict_new_not_run (g_strdup (_ ("not run: the runtime was recycled")));

        add_verdict (self, rest, skipped);
      }
  run_next_probe (self);
}

/* A fetch_allow URL that the booted page's connect-src refuses cannot be read, and under
 * WebKit the refused fetch may never settle (runtime-worker.md §3.3): say so from the
 * policy analysis instead of waiting for the execution limit. */
static RcSealVerdict *
refused_by_policy (RcBootPane *self, const RcSealProbe *probe)
{
  const RcCspFinding *finding;
  RcSealVerdict *verdict;

  if (probe->kind != RC_SEAL_PROBE_ALLOWED_READABLE || self->audit_findings == NULL)
    return NULL;
  finding = rc_csp_findings_find (self->audit_findings, "connect-fetch-allow", probe->subject);
  if (finding == NULL || finding->granted)
    return NULL;
  verdict = g_new0 (RcSealVerdict, 1);
  verdict->detail = g_strdup_printf (_ ("not run: %s"), finding->message);
  return verdict;
}

static void
run_next_probe (RcBootPane *self)
{
  const RcSealProbe *probe;
  RcSealVerdict *refused;

  if (self->probe_index >= self->probes->len)
    {
      g_autofree char *text =
          g_strdup_printf (ngettext ("Seal audit: %u of %u probe passed",
                                     "Seal audit: %u of %u probes passed", self->probes->len),
                           rc_seal_audit_get_n_passed (self->seal_audit), self->probes->len);

      g_clear_pointer (&self->probes, g_ptr_array_unref);
      g_clear_pointer (&self->audit_findings, g_ptr_array_unref);
      _rc_boot_pane_toast (self, text);
      g_signal_emit_by_name (self, "audit-finished");
      _rc_boot_pane_update_actions (self);
      return;
    }
  probe = g_ptr_array_index (self->probes, self->probe_index);
  refused = refused_by_policy (self, probe);
  if (refused != NULL)
    refused->not_run = TRUE;
  if (refused != NULL)
    {
      add_verdict (self, probe, refused);
      self->probe_index++;
      run_next_probe (self);
      return;
    }
  rc_engine_execute_async (self->engine, probe->code, NULL, probe_cb, g_object_ref (self));
}

void
rc_boot_pane_seal_audit (RcBootPane *self)
{
  g_auto (GStrv) fetch_allow = NULL;

  g_return_if_fail (RC_IS_BOOT_PANE (self));

  /* Probes queued behind running code would hit the execution limit and read as failures. */
  if (rc_python_console_is_running (self->python_console))
    {
      _rc_boot_pane_toast (self, _ ("Code is running in the console: stop it or let it finish "
                                    "before auditing the seal"));
      return;
    }
  if (self->engine == NULL || rc_engine_get_state (self->engine) != RC_ENGINE_STATE_READY
      || self->probes != NULL || _rc_boot_pane_is_busy (self))
    {
      _rc_boot_pane_toast (self, _ ("Boot the runtime before auditing its seal"));
      return;
    }
  rc_seal_audit_clear (self->seal_audit);
  rc_boot_results_set_page (self->results, "audit");
  fetch_allow = _rc_boot_pane_dup_fetch_allow (self);
  self->probes = rc_seal_probes_new ((const char *const *) fetch_allow);
  g_clear_pointer (&self->verdicts, g_ptr_array_unref);
  self->verdicts = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_seal_verdict_free);
  g_clear_pointer (&self->audit_findings, g_ptr_array_unref);
  self->audit_findings = _rc_boot_pane_analyse_policy (self, rc_engine_get_csp (self->engine));
  self->probe_index = 0;
  _rc_boot_pane_update_actions (self);
  run_next_probe (self);
}

GPtrArray *
rc_boot_pane_get_audit_verdicts (RcBootPane *self)
{
  g_return_val_if_fail (RC_IS_BOOT_PANE (self), NULL);

  return self->verdicts;
}

/* Web Inspector */

static WebKitWebView *
find_web_view (GtkWidget *widget)
{
  if (WEBKIT_IS_WEB_VIEW (widget))
    return WEBKIT_WEB_VIEW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      WebKitWebView *view = find_web_view (child);

      if (view != NULL)
        return view;
    }
  return NULL;
}

void
rc_boot_pane_show_inspector (RcBootPane *self)
{
  WebKitWebView *view;

  g_return_if_fail (RC_IS_BOOT_PANE (self));

  view = self->engine != NULL ? find_web_view (rc_engine_get_view (self->engine)) : NULL;
  if (view == NULL)
    {
      _rc_boot_pane_toast (self, _ ("Boot once to have a page to inspect"));
      return;
    }
  /* Developer extras are off by default; the inspector needs them on the view's settings. */
  webkit_settings_set_enable_developer_extras (webkit_web_view_get_settings (view), TRUE);
  webkit_web_inspector_show (webkit_web_view_get_inspector (view));
}
