/* test-history.c: the measurement history (rc-history.h): where it is kept, the key, the
 * order of entries, the noise band that marks a planted regression, and history:DIR@N. */
#include "config.h"

#include "core/measurement/rc-history.h"
#include "rc-test-files.h"
#include "rc-test-records.h"

typedef struct
{
  char *root;      /* RC_HISTORY_DIR */
  char *community; /* a community folder (never written) */
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->root = rc_test_make_tmp ("rc-history");
  f->community = rc_test_make_tmp ("rc-history-community");
  g_setenv ("RC_HISTORY_DIR", f->root, TRUE);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  rc_test_remove_tree (f->root);
  rc_test_remove_tree (f->community);
  g_free (f->root);
  g_free (f->community);
}

/* A report of two cold runs whose interpreter step is @slowdown_ms slower than the fixture's
 * (the second run 20 ms more), measured at @created. */
static RcMeasurement *
report_at (const char *created, double slowdown_ms, const char *config_sha)
{
  RcMeasurement *report = rc_measurement_new ("demo");

  for (guint i = 1; i <= 2; i++)
    {
      RcRunRecord *run = rc_test_demo_run (RC_SCENARIO_COLD, i, slowdown_ms + 20.0 * (i - 1));

      if (config_sha != NULL)
        {
          g_free (run->env.config_sha256);
          run->env.config_sha256 = g_strdup (config_sha);
        }
      rc_measurement_add_run (report, run);
    }
  g_free (report->created);
  report->created = g_strdup (created);
  return report;
}

static char *
record (Fixture *f, const char *created, double slowdown_ms, const char *config_sha)
{
  g_autoptr (GError) error = NULL;
  RcMeasurement *report = report_at (created, slowdown_ms, config_sha);
  char *path = rc_history_record (f->community, report, &error);

  g_assert_no_error (error);
  g_assert_nonnull (path);
  rc_measurement_free (report);
  return path;
}

static const RcHistoryMark *
find_mark (const RcHistoryEntry *entry, const char *step)
{
  for (guint i = 0; i < entry->marks->len; i++)
    {
      const RcHistoryMark *mark = entry->marks->pdata[i];

      if (g_str_equal (mark->step, step))
        return mark;
    }
  return NULL;
}

static void
test_keeps_and_orders (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = rc_history_folder (f->community);
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (GDir) community = NULL;

  g_assert_true (g_str_has_prefix (folder, f->root));
  /* Recorded out of order: listed by when they were measured. */
  c = record (f, "2026-11-29T11:00:00Z", 10, NULL);
  a = record (f, "2026-11-29T09:00:00Z", 0, NULL);
  b = record (f, "2026-11-29T10:00:00Z", 5, NULL);
  d = record (f, "2026-11-29T10:00:00Z", 5, NULL); /* same second: "-2", after b */
  g_assert_true (g_str_has_prefix (a, folder));
  g_assert_true (g_str_has_suffix (d, "-2.json"));
  entries = rc_history_list (f->community, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 4);
  g_assert_cmpstr (((RcHistoryEntry *) entries->pdata[0])->path, ==, a);
  g_assert_cmpstr (((RcHistoryEntry *) entries->pdata[1])->path, ==, b);
  g_assert_cmpstr (((RcHistoryEntry *) entries->pdata[2])->path, ==, d);
  g_assert_cmpstr (((RcHistoryEntry *) entries->pdata[3])->path, ==, c);
  for (guint i = 0; i < entries->len; i++)
    {
      const RcHistoryEntry *entry = entries->pdata[i];

      g_assert_cmpuint (entry->number, ==, i + 1);
      g_assert_cmpuint (strlen (entry->key), ==, 12);
      g_assert_cmpstr (entry->key, ==, ((RcHistoryEntry *) entries->pdata[0])->key);
      g_assert_cmpstr (entry->engine, ==, "2.50.6");
      g_assert_cmpstr (entry->policy, ==, "nemarlike");
      g_assert_cmpuint (entry->report->runs->len, ==, 2);
      g_assert_cmpuint (entry->marks->len, ==, 0); /* all within the band */
    }
  /* Nothing goes into the community folder. */
  community = g_dir_open (f->community, 0, NULL);
  g_assert_null (g_dir_read_name (community));
}

static void
test_marks_planted_regression (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  const RcHistoryEntry *last, *other;
  const RcHistoryMark *mark;
  g_autofree char *p1 = record (f, "2026-11-29T09:00:00Z", 0, NULL);
  g_autofree char *p2 = record (f, "2026-11-29T10:00:00Z", 100, NULL);
  /* Another config: another key, so its slow boot is no regression of the first. */
  g_autofree char *p3 = record (f, "2026-11-29T10:30:00Z", 3000,
                                "00000000000000000000000000000000000000000000000000000000000000ff");
  g_autofree char *p4 = record (f, "2026-11-29T11:00:00Z", 3000, NULL);
  g_autofree char *p5 = record (f, "2026-11-29T12:00:00Z", 60, NULL);
  double hi;

  entries = rc_history_list (f->community, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 5);
  other = entries->pdata[2];
  g_assert_cmpstr (other->key, !=, ((RcHistoryEntry *) entries->pdata[0])->key);
  g_assert_cmpuint (other->marks->len, ==, 0);
  last = entries->pdata[3];
  mark = find_mark (last, "loading_runtime");
  g_assert_nonnull (mark);
  g_assert_true (mark->slower);
  g_assert_cmpstr (mark->scenario, ==, "cold");
  g_assert_cmpuint (mark->earlier, ==, 2);
  /* The band: the earlier medians (interpreter step + 10 and + 110 ms), widened by 10 % of the
   * highest, at least 50 ms. */
  hi = mark->band_max_ms - mark->tolerance_ms;
  g_assert_cmpfloat_with_epsilon (mark->tolerance_ms, MAX (0.10 * hi, 50.0), 1e-6);
  g_assert_cmpfloat (mark->median_ms, >, mark->band_max_ms);
  g_assert_cmpfloat_with_epsilon (mark->median_ms - hi, 2900.0, 1e-6);
  g_assert_nonnull (find_mark (last, "boot"));
  /* Steps that did not move are not marked. */
  g_assert_null (find_mark (last, "prelude"));
  /* Entry 5 is back within the band of 1, 2 and 4 (the regression widened it). */
  g_assert_null (find_mark (entries->pdata[4], "loading_runtime"));
  /* Only two earlier entries make a band: the second entry has one and no marks. */
  g_assert_cmpuint (((RcHistoryEntry *) entries->pdata[1])->marks->len, ==, 0);
}

/* Version 1 reports timed the boot on the console's clock, browser start included: a band
 * made of them says nothing of a navigation-timed boot, which would otherwise look 3 s faster. */
static void
test_clocks_apart (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = NULL;

  for (guint k = 0; k < 3; k++)
    {
      g_autofree char *created = g_strdup_printf ("2026-11-29T0%u:00:00Z", k + 1);
      g_autoptr (RcMeasurement) report = report_at (created, 0, NULL);
      g_autofree char *path = NULL;

      for (guint i = 0; i < report->runs->len; i++)
        {
          RcRunRecord *run = report->runs->pdata[i];

          g_free (run->boot_clock);
          run->boot_clock = g_strdup ("console");
          run->boot_ms += 3000; /* the browser's start-up */
        }
      path = rc_history_record (f->community, report, &error);
      g_assert_no_error (error);
    }
  g_free (record (f, "2026-11-29T05:00:00Z", 0, NULL));
  entries = rc_history_list (f->community, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 4);
  g_assert_null (find_mark (entries->pdata[3], "boot"));
  g_assert_cmpuint (((RcHistoryEntry *) entries->pdata[3])->marks->len, ==, 0);
}

static void
test_resolve (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *p1 = record (f, "2026-11-29T09:00:00Z", 0, NULL);
  g_autofree char *p2 = record (f, "2026-11-29T10:00:00Z", 0, NULL);
  g_autofree char *spec1 = g_strdup_printf ("history:%s@1", f->community);
  g_autofree char *spec_last = g_strdup_printf ("history:%s@-1", f->community);
  g_autofree char *spec_plain = g_strdup_printf ("history:%s", f->community);
  g_autofree char *id = g_path_get_basename (p2);
  g_autofree char *spec_id = NULL;
  g_autofree char *spec_none = g_strdup_printf ("history:%s@7", f->community);
  g_autofree char *got = NULL;

  id[strlen (id) - 5] = '\0';
  spec_id = g_strdup_printf ("history:%s@%s", f->community, id);
  got = rc_history_resolve (spec1, &error);
  g_assert_cmpstr (got, ==, p1);
  g_free (got);
  got = rc_history_resolve (spec_last, &error);
  g_assert_cmpstr (got, ==, p2);
  g_free (got);
  got = rc_history_resolve (spec_plain, &error);
  g_assert_cmpstr (got, ==, p2);
  g_free (got);
  got = rc_history_resolve (spec_id, &error);
  g_assert_cmpstr (got, ==, p2);
  g_free (got);
  got = rc_history_resolve ("some/report.json", &error);
  g_assert_cmpstr (got, ==, "some/report.json");
  g_clear_pointer (&got, g_free);
  g_assert_no_error (error);
  g_assert_null (rc_history_resolve (spec_none, &error));
  g_assert_error (error, RC_HISTORY_ERROR, RC_HISTORY_ERROR_EMPTY);
  g_assert_nonnull (strstr (error->message, "it has 2"));
  g_clear_error (&error);
  g_assert_null (rc_history_resolve ("history:@1", &error));
  g_assert_error (error, RC_HISTORY_ERROR, RC_HISTORY_ERROR_BAD_SPEC);
}

static void
test_empty_and_damaged (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) none = rc_history_list (f->community, &error);
  g_autofree char *folder = rc_history_folder (f->community);
  g_autoptr (GPtrArray) damaged = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_null (rc_history_latest (f->community, &error));
  g_assert_error (error, RC_HISTORY_ERROR, RC_HISTORY_ERROR_EMPTY);
  g_clear_error (&error);
  rc_test_write_file (folder, "20261129T090000Z-000000000000.json", "{\"schema\": 1", -1);
  damaged = rc_history_list (f->community, &error);
  g_assert_null (damaged);
  g_assert_error (error, RC_HISTORY_ERROR, RC_HISTORY_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "20261129T090000Z-000000000000.json"));
}

typedef struct
{
  Fixture *f;
  RcMeasurement *report; /* one each: a report caches its analysis on first use */
  char *path;
} Recorder;

static gpointer
record_thread (gpointer data)
{
  Recorder *r = data;
  g_autoptr (GError) error = NULL;

  r->path = rc_history_record (r->f->community, r->report, &error);
  g_assert_no_error (error);
  return NULL;
}

/* Reports recorded at the same moment (consoles measuring one community in the same second)
 * each get a name of their own: none overwrites another. */
static void
test_same_second (Fixture *f, gconstpointer data)
{
  g_autoptr (GHashTable) paths = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (GError) error = NULL;
  Recorder recorders[8];
  GThread *threads[G_N_ELEMENTS (recorders)];

  for (guint i = 0; i < G_N_ELEMENTS (recorders); i++)
    {
      recorders[i] = (Recorder){ f, report_at ("2026-11-29T01:00:00Z", 0, NULL), NULL };
      threads[i] = g_thread_new ("record", record_thread, &recorders[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (recorders); i++)
    {
      g_thread_join (threads[i]);
      g_assert_nonnull (recorders[i].path);
      g_assert_true (g_hash_table_add (paths, recorders[i].path));
    }
  entries = rc_history_list (f->community, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, G_N_ELEMENTS (recorders));
  for (guint i = 0; i < G_N_ELEMENTS (recorders); i++)
    {
      g_free (recorders[i].path);
      rc_measurement_free (recorders[i].report);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/history/keeps-and-orders", test_keeps_and_orders);
  ADD ("/history/marks-planted-regression", test_marks_planted_regression);
  ADD ("/history/clocks-apart", test_clocks_apart);
  ADD ("/history/resolve", test_resolve);
  ADD ("/history/empty-and-damaged", test_empty_and_damaged);
  ADD ("/history/same-second", test_same_second);
  return g_test_run ();
}
