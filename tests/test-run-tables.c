/* test-run-tables.c: the Boot page's Requests table built from a run record
 * (rc-run-tables.h), for a request record the window met live: a connection that closed
 * before its request line (a browser's preconnect left unused), with neither method nor URL.
 * Found by the ui repeats: Chromium's boot in the window once passed its NULL URL to
 * g_uri_parse(), a fatal critical in the tests. */
#include "config.h"

#include "core/record/rc-request-record.h"
#include "rc-test-records.h"
#include "ui/rc-run-tables.h"
#include "ui/rc-table-item.h"

static void
test_connection_without_request (void)
{
  g_autoptr (RcRunRecord) run = rc_test_demo_run (RC_SCENARIO_COLD, 1, 0);
  g_autoptr (RcRequestRecord) closed = rc_request_record_new ();
  g_autoptr (GListStore) store = g_list_store_new (RC_TYPE_TABLE_ITEM);
  g_autofree char *totals = NULL;
  gboolean seen = FALSE;

  closed->status = 0;
  closed->start_us = closed->end_us = ((RcRequestRecord *) run->requests->pdata[0])->start_us;
  rc_run_record_add_request (run, closed);
  g_assert_null (rc_url_file_name (NULL));
  totals = rc_run_tables_fill_requests (store, run, FALSE);
  g_assert_nonnull (totals);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (store)); i++)
    {
      g_autoptr (RcTableItem) row = g_list_model_get_item (G_LIST_MODEL (store), i);

      seen |= g_strcmp0 (rc_table_item_get_cell (row, 0), "(no request)") == 0;
    }
  g_assert_true (seen);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/run-tables/connection-without-request", test_connection_without_request);
  return g_test_run ();
}
