/* rc-run-tables.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/base/rc-format.h"
#include "core/record/rc-boot-progress.h"
#include "core/measurement/rc-measurement.h"
#include "core/analysis/rc-run-analysis.h"
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
  switch (rc_boot_phase_from_name (phase))
    {
    case RC_BOOT_PHASE_LOADING_RUNTIME:
      return g_strdup (_ ("Loading the interpreter"));
    case RC_BOOT_PHASE_RUNTIME_LOADED:
      return g_strdup (_ ("Interpreter loaded"));
    case RC_BOOT_PHASE_LOADING_PACKAGE:
      return g_strdup_printf (_ ("Loading package %s"), package != NULL ? package : "?");
    case RC_BOOT_PHASE_INSTALLING:
      return g_strdup_printf (_ ("Installing %s"), package != NULL ? package : "?");
    case RC_BOOT_PHASE_IMPORTING:
      return g_strdup_printf (_ ("Importing %s"), module != NULL ? module : "?");
    case RC_BOOT_PHASE_PRELUDE:
      return g_strdup (_ ("Running the prelude"));
    case RC_BOOT_PHASE_READY:
    case RC_BOOT_PHASE_OTHER:
    default:
      return g_strdup (phase != NULL ? phase : "");
    }
}

static const RcRunStep *
find_step (const RcRunRecord *record, const char *key)
{
  for (guint i = 0; record != NULL && i < record->steps->len; i++)
    {
      const RcRunStep *step = g_ptr_array_index (record->steps, i);
      g_autofree char *k = rc_run_step_key (step);

      if (g_str_equal (k, key))
        return step;
    }
  return NULL;
}

/* An open step after the outcome is the one the boot died in. */
static char *
step_duration (const RcRunRecord *record, const RcRunStep *step)
{
  double duration;

  if (step == NULL)
    return g_strdup ("–");
  duration = rc_run_step_duration (step);
  if (duration >= 0)
    return rc_format_duration_ms (duration);
  return g_strdup (record->outcome.state != RC_OUTCOME_UNKNOWN ? _ ("did not finish")
                                                               : _ ("running…"));
}

static RcTableItem *
step_row (const RcRunRecord *cold, const RcRunRecord *warm, const RcRunStep *step)
{
  g_autofree char *key = rc_run_step_key (step);
  const RcRunStep *c = find_step (cold, key);
  const RcRunStep *w = find_step (warm, key);
  const RcRunStep *shown = c != NULL ? c : w;
  g_autofree char *number = g_strdup_printf ("%u/%u", step->step, step->steps);
  g_autofree char *what = rc_run_phase_describe (step->phase, step->package, step->module);
  g_autofree char *cold_ms = step_duration (cold, c);
  g_autofree char *warm_ms = step_duration (warm, w);
  g_autofree char *heap = format_bytes (shown->heap_bytes);
  g_autofree char *growth_bytes = format_bytes (shown->heap_growth);
  g_autofree char *growth =
      shown->heap_growth >= 0 ? g_strdup_printf ("+%s", growth_bytes) : g_strdup ("–");

  /* The hidden last cell is the step key, for selecting a row from a chart mark. */
  return rc_table_item_new_va (number, what, cold_ms, warm_ms, heap, growth, key, NULL);
}

void
rc_run_tables_fill_steps (GListStore *store, const RcRunRecord *cold, const RcRunRecord *warm)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; cold != NULL && i < cold->steps->len; i++)
    g_ptr_array_add (items, step_row (cold, warm, g_ptr_array_index (cold->steps, i)));
  for (guint i = 0; warm != NULL && i < warm->steps->len; i++)
    {
      const RcRunStep *step = g_ptr_array_index (warm->steps, i);
      g_autofree char *key = rc_run_step_key (step);

      if (find_step (cold, key) == NULL)
        g_ptr_array_add (items, step_row (cold, warm, step));
    }
  replace_all (store, items);
}

static RcTableItem *
resource_row (const RcRunRecord *record, const RcResourceVerdict *v)
{
  const RcRequestRecord *request =
      v->request_index >= 0 ? g_ptr_array_index (record->requests, v->request_index) : NULL;
  g_autofree char *start = rc_format_duration_ms (v->start_ms);
  g_autofree char *took = rc_format_duration_ms (v->end_ms - v->start_ms);
  g_autofree char *wire = g_format_size (v->bytes);
  g_autofree char *decoded = format_bytes (v->decoded_bytes);
  g_autofree char *status = v->status > 0 ? g_strdup_printf ("%u", v->status) : g_strdup ("–");
  RcTableItem *item;

  item = rc_table_item_new_va (v->file_name != NULL ? v->file_name : "",
                               rc_verdict_to_string (v->verdict),
                               v->step_key != NULL ? v->step_key : "", start, took, wire, decoded,
                               status, v->url != NULL ? v->url : "", NULL);
  if (v->verdict == RC_VERDICT_FAILED || (request != NULL && request->status >= 400))
    rc_table_item_set_css_class (item, "error");
  else if (v->verdict == RC_VERDICT_CACHE)
    rc_table_item_set_css_class (item, "success");
  return item;
}

static RcTableItem *
request_row (const RcRequestRecord *r)
{
  g_autofree char *file = rc_url_file_name (r->url);
  g_autofree char *status = g_strdup_printf ("%u", r->status);
  g_autofree char *wire = g_format_size (r->bytes);
  g_autofree char *decoded = format_bytes (r->decoded_bytes);
  g_autofree char *took = rc_format_duration_ms ((r->end_us - r->start_us) / 1000.0);
  /* a connection that closed before its request line has neither method nor URL (a browser's
   * preconnect left unused): its row says so rather than ending the cells early */
  RcTableItem *item = rc_table_item_new_va (file != NULL ? file : _ ("(no request)"),
                                            r->method != NULL ? r->method : "", "", "–", took, wire,
                                            decoded, status, r->url != NULL ? r->url : "", NULL);

  rc_table_item_set_css_class (item, r->status >= 400 || r->status == 0 ? "error" : "dim-label");
  return item;
}

char *
rc_run_tables_fill_requests (GListStore *store, const RcRunRecord *record, gboolean show_tunnels)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (RcRunAnalysis) analysis = NULL;
  g_autofree gboolean *explained = NULL;
  g_autofree char *bytes = NULL;

  if (record == NULL)
    {
      replace_all (store, items);
      return NULL;
    }
  analysis = rc_run_analyse (record);
  explained = g_new0 (gboolean, record->requests->len + 1);
  for (guint i = 0; i < analysis->resources->len; i++)
    {
      const RcResourceVerdict *v = g_ptr_array_index (analysis->resources, i);

      g_ptr_array_add (items, resource_row (record, v));
      if (v->request_index >= 0)
        explained[v->request_index] = TRUE;
    }
  for (guint i = 0; i < record->requests->len; i++)
    {
      const RcRequestRecord *r = g_ptr_array_index (record->requests, i);

      if (!explained[i] && (show_tunnels || g_strcmp0 (r->method, "CONNECT") != 0))
        g_ptr_array_add (items, request_row (r));
    }
  replace_all (store, items);
  bytes = rc_format_wire_bytes ((gint64) analysis->total_bytes, analysis->total_decoded_bytes);
  /* Translators: the Requests table's totals: resources, bytes, then the verdict counts. */
  return g_strdup_printf (_ ("%u resources · %s until ready · %u network, %u cache, %u failed"),
                          analysis->resources->len, bytes, analysis->counts[RC_VERDICT_NETWORK],
                          analysis->counts[RC_VERDICT_CACHE], analysis->counts[RC_VERDICT_FAILED]);
}

void
rc_run_tables_fill_violations (GListStore *store, const RcRunRecord *record)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; record != NULL && i < record->violations->len; i++)
    {
      const RcViolation *v = g_ptr_array_index (record->violations, i);
      g_autofree char *at = rc_format_duration_ms (v->time_ms);

      g_ptr_array_add (items, rc_table_item_new_va (v->directive != NULL ? v->directive : "",
                                                    v->blocked_uri != NULL ? v->blocked_uri : "",
                                                    v->source != NULL ? v->source : "", at, NULL));
    }
  replace_all (store, items);
}
