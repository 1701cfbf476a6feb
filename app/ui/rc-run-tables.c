/* rc-run-tables.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/rc-run-analysis.h"
#include "rc-run-tables.h"
#include "rc-table-item.h"

static void
replace_all (GListStore *store, GPtrArray *items)
{
  g_list_store_splice (store, 0, g_list_model_get_n_items (G_LIST_MODEL (store)), items->pdata,
                       items->len);
}

static char *
format_bytes (gint64 bytes)
{
  return bytes >= 0 ? g_format_size ((guint64) bytes) : g_strdup ("–");
}

char *
rc_run_phase_describe (const char *phase, const char *package, const char *module)
{
  if (g_strcmp0 (phase, "loading_runtime") == 0)
    return g_strdup (_ ("Loading the interpreter"));
  if (g_strcmp0 (phase, "runtime_loaded") == 0)
    return g_strdup (_ ("Interpreter loaded"));
  if (g_strcmp0 (phase, "loading_package") == 0)
    return g_strdup_printf (_ ("Loading package %s"), package != NULL ? package : "?");
  if (g_strcmp0 (phase, "installing") == 0)
    return g_strdup_printf (_ ("Installing %s"), package != NULL ? package : "?");
  if (g_strcmp0 (phase, "importing") == 0)
    return g_strdup_printf (_ ("Importing %s"), module != NULL ? module : "?");
  if (g_strcmp0 (phase, "prelude") == 0)
    return g_strdup (_ ("Running the prelude"));
  return g_strdup (phase != NULL ? phase : "");
}

void
rc_run_tables_fill_steps (GListStore *store, const RcRunRecord *record)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; record != NULL && i < record->steps->len; i++)
    {
      const RcRunStep *step = g_ptr_array_index (record->steps, i);
      double duration = rc_run_step_duration (step);
      g_autofree char *number = g_strdup_printf ("%u/%u", step->step, step->steps);
      gboolean over = record->outcome.state != RC_OUTCOME_UNKNOWN;
      g_autofree char *what = rc_run_phase_describe (step->phase, step->package, step->module);
      g_autofree char *ms =
          duration >= 0 ? g_strdup_printf (_ ("%.0f ms"), duration) : g_strdup (_ ("running…"));
      g_autofree char *heap = format_bytes (step->heap_bytes);
      g_autofree char *growth = step->heap_growth >= 0
                                    ? g_strdup_printf ("+%s", format_bytes (step->heap_growth))
                                    : g_strdup ("–");

      if (duration >= 0)
        ms = g_strdup_printf (_ ("%.0f ms"), duration);
      else
        /* An open step after the outcome is the one the boot died in. */
        ms = g_strdup (over ? _ ("did not finish") : _ ("running…"));
      g_ptr_array_add (items, rc_table_item_new_va (number, what, ms, heap, growth, NULL));
    }
  replace_all (store, items);
}

void
rc_run_tables_fill_requests (GListStore *store, const RcRunRecord *record)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (RcRunAnalysis) analysis = NULL;

  if (record == NULL)
    {
      replace_all (store, items);
      return;
    }
  analysis = rc_run_analyse (record);
  for (guint i = 0; i < record->requests->len; i++)
    {
      const RcRequestRecord *request = g_ptr_array_index (record->requests, i);
      const char *verdict = "";
      g_autofree char *file = rc_url_file_name (request->url);
      g_autofree char *status = g_strdup_printf ("%u", request->status);
      g_autofree char *bytes = g_format_size (request->bytes);
      RcTableItem *item;

      for (guint j = 0; j < analysis->resources->len; j++)
        {
          const RcResourceVerdict *v = g_ptr_array_index (analysis->resources, j);

          if (v->request_index == (int) i)
            verdict = rc_verdict_to_string (v->verdict);
        }
      item = rc_table_item_new_va (request->url, request->origin != NULL ? request->origin : "",
                                   status, bytes, verdict, NULL);
      if (request->status >= 400 || request->status == 0)
        rc_table_item_set_css_class (item, "error");
      g_ptr_array_add (items, item);
    }
  replace_all (store, items);
}

void
rc_run_tables_fill_violations (GListStore *store, const RcRunRecord *record)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; record != NULL && i < record->violations->len; i++)
    {
      const RcViolation *v = g_ptr_array_index (record->violations, i);
      g_autofree char *at = g_strdup_printf (_ ("%.0f ms"), v->time_ms);

      g_ptr_array_add (items, rc_table_item_new_va (v->directive != NULL ? v->directive : "",
                                                    v->blocked_uri != NULL ? v->blocked_uri : "",
                                                    v->source != NULL ? v->source : "", at, NULL));
    }
  replace_all (store, items);
}
