/* test-advice.c: the preload ledger and advise's arithmetic, headless: the ledger community
 * built by tools/build-demo-wheels.py --ledger, a recorded boot of it
 * (tests/fixtures/advise/ledger-report.json), and savings, bands and ranking from given
 * figures. */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "core/advice/rc-advice-sides.h"
#include "core/advice/rc-advice.h"
#include "core/model/rc-community.h"
#include "core/measurement/rc-measurement.h"
#include "rc-test-files.h"

static char *community_dir;
static char *tmp_dir;

static char *
dist_dir (void)
{
  return g_build_filename (g_getenv ("G_TEST_SRCDIR"), "fixtures", "lock", "dist", NULL);
}

static RcCommunity *
load_community (void)
{
  g_autofree char *dist = dist_dir ();
  g_autoptr (GError) error = NULL;
  RcCommunity *community =
      rc_community_load (community_dir, dist, RC_DEPLOYMENT_PRODUCTION, &error);

  g_assert_no_error (error);
  return community;
}

static RcPreloadLedger *
ledger_of (RcCommunity *community)
{
  const char *preload[] = { "ledger-archive", "ledger-core", "ledger-seal", NULL };
  const char *seal[] = { "ledger_seal", NULL };

  return rc_preload_ledger_new (rc_community_get_dist_lock (community),
                                rc_community_get_overlay (community), preload, seal,
                                "import ledger_core\n\nledger_core.configure(\"ledger\")\n");
}

static gint64
file_size (const char *name)
{
  g_autofree char *path = g_build_filename (community_dir, "runtime", "wheels", name, NULL);
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return st.st_size;
}

static void
test_python_imports (void)
{
  g_auto (GStrv) names = rc_python_text_imports ("import a.b, c as d\n"
                                                 "from e.f import g\n"
                                                 "  import a\n"
                                                 "x = 'import not_at_line_start'\n"
                                                 "from . import h\n");
  const char *expected[] = { "a", "c", "e", NULL };

  g_assert_cmpstrv (names, expected);
}

/* The closure arithmetic: what only each name brings, and the candidate it gets. */
static void
test_ledger_closure (void)
{
  g_autoptr (RcCommunity) community = load_community ();
  g_autoptr (RcPreloadLedger) ledger = ledger_of (community);
  const RcLedgerEntry *archive, *core, *seal;
  const char *archive_keys[] = { "ledger-archive", "ledger-blobs", NULL };
  const char *core_keys[] = { "ledger-core", NULL };

  g_assert_cmpuint (ledger->entries->len, ==, 3);
  archive = rc_preload_ledger_find (ledger, "ledger-archive");
  core = rc_preload_ledger_find (ledger, "ledger-core");
  seal = rc_preload_ledger_find (ledger, "ledger-seal");
  /* ledger-common is needed by archive and core alike: in neither's ledger */
  g_assert_cmpstrv (archive->exclusive, archive_keys);
  g_assert_cmpstrv (core->exclusive, core_keys);
  g_assert_cmpint (archive->lock_size, ==,
                   file_size ("ledger_archive-1.0.0-py3-none-any.whl")
                       + file_size ("ledger_blobs-1.0.0-py3-none-any.whl"));
  g_assert_cmpuint (archive->n_missing, ==, 0);
  g_assert_cmpint (archive->candidate, ==, RC_LEDGER_DROP);
  g_assert_cmpint (core->candidate, ==, RC_LEDGER_KEEP);
  g_assert_true (core->prelude);
  g_assert_cmpint (seal->candidate, ==, RC_LEDGER_DROP_SEAL);
  g_assert_true (seal->seal && !seal->prelude);
  /* not measured yet: unknown, never 0 */
  g_assert_cmpint (archive->wire_bytes, ==, -1);
  g_assert_cmpfloat (archive->load_ms, ==, -1);
}

/* A name in neither lock brings nothing; its size is unknown, and the text says so. */
static void
test_ledger_unknown (void)
{
  g_autoptr (RcCommunity) community = load_community ();
  const char *preload[] = { "ledger-core", "no-such-package", NULL };
  g_autoptr (RcPreloadLedger) ledger =
      rc_preload_ledger_new (rc_community_get_dist_lock (community),
                             rc_community_get_overlay (community), preload, NULL, NULL);
  const RcLedgerEntry *e = rc_preload_ledger_find (ledger, "no-such-package");
  g_autofree char *text = rc_preload_ledger_format (ledger);

  g_assert_nonnull (e);
  g_assert_cmpint (e->candidate, ==, RC_LEDGER_UNKNOWN);
  g_assert_cmpint (e->lock_size, ==, -1);
  g_assert_nonnull (strstr (text, "no-such-package: brings —"));
  /* without the prelude, ledger-core is droppable */
  g_assert_cmpint (rc_preload_ledger_find (ledger, "ledger-core")->candidate, ==, RC_LEDGER_DROP);
}

/* From a recorded boot: bytes per request, the loading_package step, the later imports. */
static void
test_ledger_measure (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "fixtures", "advise",
                                            "ledger-report.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) report = rc_measurement_load (path, &error);
  g_autoptr (RcCommunity) community = load_community ();
  g_autoptr (RcPreloadLedger) ledger = ledger_of (community);
  const RcRunRecord *run;
  const RcLedgerEntry *archive, *core, *seal;
  gint64 expected_bytes = 0;
  double expected_load = -1, expected_core_import = 0;

  g_assert_no_error (error);
  run = report->runs->pdata[0];
  g_assert_true (run->interpreter.importtime);
  g_assert_cmpuint (run->interpreter.after->len, >, 0);
  rc_preload_ledger_measure (ledger, run);
  archive = rc_preload_ledger_find (ledger, "ledger-archive");
  core = rc_preload_ledger_find (ledger, "ledger-core");
  seal = rc_preload_ledger_find (ledger, "ledger-seal");
  /* the expected figures, derived from the record independently of the ledger's code */
  for (guint i = 0; i < run->requests->len; i++)
    {
      const RcRequestRecord *r = run->requests->pdata[i];

      if (r->url != NULL
          && (g_str_has_suffix (r->url, "/ledger_archive-1.0.0-py3-none-any.whl")
              || g_str_has_suffix (r->url, "/ledger_blobs-1.0.0-py3-none-any.whl")))
        expected_bytes += (gint64) r->bytes;
    }
  for (guint i = 0; i < run->steps->len; i++)
    {
      const RcRunStep *s = run->steps->pdata[i];

      if (g_strcmp0 (s->package, "ledger-archive") == 0)
        expected_load = s->end_ms - s->start_ms;
    }
  for (guint i = 0; i < run->interpreter.after->len; i++)
    {
      const RcImportTime *t = run->interpreter.after->pdata[i];

      if (g_str_equal (t->module, "ledger_core"))
        expected_core_import += t->cumulative_us / 1000.0;
    }
  g_assert_cmpint (expected_bytes, >, 20 * 1000 * 1000);
  g_assert_cmpint (archive->wire_bytes, ==, expected_bytes);
  g_assert_cmpfloat_with_epsilon (archive->load_ms, expected_load, 1e-6);
  g_assert_false (archive->imported_at_boot);
  g_assert_cmpfloat (archive->import_ms, ==, 0);
  g_assert_true (core->imported_at_boot);
  g_assert_cmpfloat (expected_core_import, >, 0);
  g_assert_cmpfloat_with_epsilon (core->import_ms, expected_core_import, 1e-6);
  g_assert_true (seal->imported_at_boot);
  g_assert_cmpfloat (seal->import_ms, >, 0);
}

static RcStat
stat_of (double median, double min, double max)
{
  return (RcStat){ 3, median, min, max };
}

/* Savings and bands: under first_run the reader saves the boot's saving; under
 * first_message only what the boot spends beyond the model's turn. */
static void
test_saving_arithmetic (void)
{
  RcStat base = stat_of (10000, 9000, 11000), variant = stat_of (8000, 7500, 8500);
  g_autoptr (RcAdviceChange) a = rc_advice_change_new ("preload", "a", "A");
  g_autoptr (RcAdviceChange) b = rc_advice_change_new ("preload", "b", "B");
  RcStat noisy = stat_of (9500, 8000, 12000);

  rc_advice_change_measure (a, &base, &variant, RC_PRELOAD_FIRST_RUN, 8100);
  g_assert_cmpfloat (a->boot_saving.median, ==, 2000);
  g_assert_cmpfloat (a->boot_saving.lo, ==, 500);
  g_assert_cmpfloat (a->boot_saving.hi, ==, 3500);
  g_assert_cmpfloat (a->reader_saving.median, ==, 2000);
  g_assert_cmpint (a->verdict, ==, RC_ADVICE_PROVEN);

  rc_advice_change_measure (a, &base, &variant, RC_PRELOAD_FIRST_MESSAGE, 8100);
  /* max (M, B): 10000 - max (8100, 8000) */
  g_assert_cmpfloat (a->reader_saving.median, ==, 1900);
  g_assert_cmpfloat (a->reader_saving.lo, ==, 9000 - 8500);
  g_assert_cmpfloat (a->reader_saving.hi, ==, 11000 - 8100);

  rc_advice_change_measure (b, &base, &noisy, RC_PRELOAD_FIRST_RUN, 8100);
  g_assert_cmpfloat (b->boot_saving.median, ==, 500);
  g_assert_cmpfloat (b->boot_saving.lo, <, 0);
  g_assert_cmpint (b->verdict, ==, RC_ADVICE_NOISE);
}

/* Interleaved rounds: the load drifts up round by round (each round's boots slower), so the
 * unpaired ranges overlap while every round's variant beat its own baseline: proven. A change
 * that only rides the drift (it booted in a quieter round) is not. A failed round fails. */
static void
test_saving_paired (void)
{
  const double base[] = { 10000, 14000, 18000 };
  const double saves[] = { 9000, 13500, 16000 };   /* −1000, −500, −2000 */
  const double drifts[] = { 11000, 12000, 19000 }; /* +1000, −2000, +1000 */
  const double broke[] = { 9000, NAN, 16000 };
  g_autoptr (RcAdviceChange) a = rc_advice_change_new ("preload", "a", "A");
  g_autoptr (RcAdviceChange) b = rc_advice_change_new ("preload", "b", "B");
  g_autoptr (RcAdviceChange) c = rc_advice_change_new ("preload", "c", "C");
  RcStat sb, sv;

  rc_advice_change_measure_paired (a, base, saves, 3, RC_PRELOAD_FIRST_RUN, 8100);
  g_assert_cmpfloat (a->boot_saving.median, ==, 1000);
  g_assert_cmpfloat (a->boot_saving.lo, ==, 500);
  g_assert_cmpfloat (a->boot_saving.hi, ==, 2000);
  g_assert_cmpfloat (a->reader_saving.median, ==, 1000);
  g_assert_cmpint (a->variant_boot.n, ==, 3);
  g_assert_cmpfloat (a->variant_boot.median, ==, 13500);
  g_assert_cmpint (a->verdict, ==, RC_ADVICE_PROVEN);
  /* the unpaired band the same boots give spans 0: the drift hid the saving */
  rc_stat_compute (&sb, base, 3);
  rc_stat_compute (&sv, saves, 3);
  rc_advice_change_measure (b, &sb, &sv, RC_PRELOAD_FIRST_RUN, 8100);
  g_assert_cmpfloat (b->boot_saving.lo, <, 0);
  g_assert_cmpint (b->verdict, ==, RC_ADVICE_NOISE);

  rc_advice_change_measure_paired (b, base, drifts, 3, RC_PRELOAD_FIRST_RUN, 8100);
  g_assert_cmpfloat (b->boot_saving.median, ==, -1000);
  g_assert_cmpfloat (b->boot_saving.lo, ==, -1000);
  g_assert_cmpfloat (b->boot_saving.hi, ==, 2000);
  g_assert_cmpint (b->verdict, ==, RC_ADVICE_WORSE);

  rc_advice_change_measure_paired (c, base, broke, 3, RC_PRELOAD_FIRST_RUN, 8100);
  g_assert_cmpint (c->variant_boot.n, ==, 2);
  g_assert_cmpint (c->verdict, ==, RC_ADVICE_FAILED);
}

/* The control (the baseline's copy as a variant) beat the baseline by 400–900 ms: a change
 * that beat it by 500–2000 ms is within what no change shows, so noise; one by 1000–2000 ms
 * stays proven; a model change (not booted) is not the control's to judge. */
static void
test_control (void)
{
  const double base[] = { 10000, 14000, 18000 };
  const double same[] = { 9600, 13100, 17400 };  /* +400, +900, +600 */
  const double small[] = { 9000, 13500, 16000 }; /* +1000, +500, +2000 */
  const double large[] = { 9000, 13000, 16000 }; /* +1000, +1000, +2000 */
  g_autoptr (RcAdvice) advice = rc_advice_new ("x", "webkit");
  RcAdviceChange *control = rc_advice_change_new ("control", "control", "Control");
  RcAdviceChange *a = rc_advice_change_new ("preload", "a", "A");
  RcAdviceChange *b = rc_advice_change_new ("preload", "b", "B");
  RcAdviceChange *m = rc_advice_change_new ("preload-on", "m", "M");
  RcStat sb = stat_of (14000, 10000, 18000);
  g_autofree char *text = NULL;

  rc_advice_change_measure_paired (control, base, same, 3, RC_PRELOAD_FIRST_RUN, 8100);
  rc_advice_change_measure_paired (a, base, small, 3, RC_PRELOAD_FIRST_RUN, 8100);
  rc_advice_change_measure_paired (b, base, large, 3, RC_PRELOAD_FIRST_RUN, 8100);
  rc_advice_change_model (m, &sb, RC_PRELOAD_FIRST_RUN, RC_PRELOAD_FIRST_MESSAGE, 8100);
  g_assert_cmpint (control->verdict, ==, RC_ADVICE_PROVEN);
  g_assert_cmpint (a->verdict, ==, RC_ADVICE_PROVEN);
  g_ptr_array_add (advice->changes, a);
  g_ptr_array_add (advice->changes, b);
  g_ptr_array_add (advice->changes, m);
  rc_advice_set_control (advice, control);
  g_assert_cmpint (a->verdict, ==, RC_ADVICE_NOISE);
  g_assert_cmpint (b->verdict, ==, RC_ADVICE_PROVEN);
  g_assert_cmpint (m->verdict, ==, RC_ADVICE_PROVEN);
  text = rc_advice_format (advice);
  g_assert_nonnull (strstr (text, "Control: the baseline's copy, booted as a variant, \"saves\" "
                                  "+0.60 s (band +0.40 s … +0.90 s): a change is proven only "
                                  "above +0.90 s"));
}

/* One boot a side gives one figure, not a band: the text says so rather than drawing a band
 * whose ends are equal ("band +19.11 s … +19.11 s"). */
static void
test_one_boot_a_side (void)
{
  const double base[] = { 14000 }, variant[] = { 9000 }, copy[] = { 13800 };
  g_autoptr (RcAdvice) advice = rc_advice_new ("x", "webkit");
  RcAdviceChange *control = rc_advice_change_new ("control", "control", "Control");
  RcAdviceChange *a = rc_advice_change_new ("preload", "a", "A");
  g_autofree char *text = NULL;

  rc_advice_change_measure_paired (control, base, copy, 1, RC_PRELOAD_FIRST_RUN, 8100);
  rc_advice_change_measure_paired (a, base, variant, 1, RC_PRELOAD_FIRST_RUN, 8100);
  g_assert_false (rc_advice_change_has_band (a));
  g_ptr_array_add (advice->changes, a);
  rc_advice_set_control (advice, control);
  g_assert_cmpint (a->verdict, ==, RC_ADVICE_PROVEN);
  text = rc_advice_format (advice);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "reader saves +5.00 s (one boot a side: no band) under"));
  g_assert_nonnull (strstr (text, "boot saves +5.00 s (one boot a side: no band): variant "
                                  "median 9.00 s over 1 run ("));
  g_assert_nonnull (strstr (text, "\"saves\" +0.20 s (one boot a side: no band): a change is "
                                  "proven only above +0.20 s"));
  g_assert_null (strstr (text, "band +"));
}

static void
test_preload_on_model (void)
{
  RcStat base = stat_of (5000, 4000, 6000);
  g_autoptr (RcAdviceChange) c = rc_advice_change_new ("preload-on", "p", "P");

  rc_advice_change_model (c, &base, RC_PRELOAD_FIRST_RUN, RC_PRELOAD_FIRST_MESSAGE, 8100);
  /* M + B - max (M, B) = min (M, B) = B when the boot is shorter than the model's turn */
  g_assert_cmpfloat (c->reader_saving.median, ==, 5000);
  g_assert_cmpfloat (c->reader_saving.lo, ==, 4000);
  g_assert_cmpfloat (c->reader_saving.hi, ==, 6000);
  g_assert_false (c->booted);
  g_assert_cmpint (c->verdict, ==, RC_ADVICE_PROVEN);
}

/* Ranked by reader saving, then boot saving; a failed change is last whatever it claims. */
static void
test_rank (void)
{
  g_autoptr (RcAdvice) advice = rc_advice_new ("x", "webkit");
  RcStat base = stat_of (10000, 9500, 10500);
  RcStat small = stat_of (9800, 9700, 9900), big = stat_of (7000, 6900, 7100);
  RcStat none = { 0 };
  RcAdviceChange *c;

  c = rc_advice_change_new ("preload", "small", "small");
  rc_advice_change_measure (c, &base, &small, RC_PRELOAD_FIRST_RUN, 8100);
  g_ptr_array_add (advice->changes, c);
  c = rc_advice_change_new ("preload", "failed", "failed");
  c->failure = g_strdup ("cold-1: boom");
  rc_advice_change_measure (c, &base, &none, RC_PRELOAD_FIRST_RUN, 8100);
  g_ptr_array_add (advice->changes, c);
  c = rc_advice_change_new ("preload", "big", "big");
  rc_advice_change_measure (c, &base, &big, RC_PRELOAD_FIRST_RUN, 8100);
  g_ptr_array_add (advice->changes, c);
  rc_advice_rank (advice);
  g_assert_cmpstr (((RcAdviceChange *) advice->changes->pdata[0])->id, ==, "big");
  g_assert_cmpstr (((RcAdviceChange *) advice->changes->pdata[1])->id, ==, "small");
  g_assert_cmpstr (((RcAdviceChange *) advice->changes->pdata[2])->id, ==, "failed");
  g_assert_cmpint (((RcAdviceChange *) advice->changes->pdata[2])->verdict, ==, RC_ADVICE_FAILED);
}

/* The text and the JSON of an advice with a booted change and a modelled one. */
static void
test_format (void)
{
  g_autoptr (RcCommunity) community = load_community ();
  g_autoptr (RcAdvice) advice = rc_advice_new ("Ledger", "webkit");
  RcStat base = stat_of (10000, 9500, 10500), variant = stat_of (7000, 6900, 7100);
  RcAdviceChange *c;
  g_autofree char *text = NULL;
  g_autoptr (JsonNode) json = NULL;
  JsonObject *o;

  advice->base_boot = base;
  advice->ledger = ledger_of (community);
  c = rc_advice_change_new ("preload", "drop:ledger-archive", "Drop ledger-archive from preload");
  rc_advice_change_add_fix (
      c, rc_community_fix_python_key (community, "preload", "[ledger-core, ledger-seal]", "Drop"));
  rc_advice_change_measure (c, &base, &variant, RC_PRELOAD_FIRST_RUN, 8100);
  rc_advice_change_set_bytes (c, 25e6, 1e6);
  g_ptr_array_add (advice->changes, c);
  c = rc_advice_change_new ("preload-on", "preload-on", "Set preload_on to first_message");
  rc_advice_change_add_fix (
      c, rc_community_fix_python_key (community, "preload_on", "first_message", "Set"));
  rc_advice_change_model (c, &base, RC_PRELOAD_FIRST_RUN, RC_PRELOAD_FIRST_MESSAGE, 8100);
  g_ptr_array_add (advice->changes, c);
  rc_advice_rank (advice);
  text = rc_advice_format (advice);
  g_assert_nonnull (strstr (text, "1. Set preload_on to first_message [proven]"));
  g_assert_nonnull (strstr (text, "2. Drop ledger-archive from preload [proven]"));
  if (g_test_verbose ())
    g_printerr ("%s", text);
  g_assert_nonnull (strstr (text, "wire bytes: 24.0 MB fewer"));
  g_assert_nonnull (strstr (text, "edit config.yaml:24: preload: [ledger-core, ledger-seal]"));
  json = rc_advice_to_json (advice);
  o = json_node_get_object (json);
  g_assert_cmpstr (json_object_get_string_member (o, "schema"), ==, RC_ADVICE_SCHEMA);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "changes")), ==, 2);
}

/* The edits, as the window applies them: a shorter preload and import_before_seal, in one
 * change, applied from the last to the first; the result parses to what was meant. */
static void
test_edits (void)
{
  g_autoptr (RcCommunity) community = load_community ();
  g_autoptr (RcAdviceChange) change = rc_advice_change_new ("preload", "drop", "Drop");
  const char *text = rc_community_get_config_text (community);
  g_autofree char *edited = NULL, *dist = dist_dir ();
  g_autoptr (RcCommunity) after = NULL;
  g_autoptr (JsonObject) python = NULL;
  g_autoptr (GError) error = NULL;
  RcFix *fix;

  fix = rc_community_fix_python_key (community, "preload", "[ledger-archive, ledger-core]",
                                     "Drop ledger-seal from preload");
  g_assert_nonnull (fix);
  rc_advice_change_add_fix (change, fix);
  fix = rc_community_fix_python_key (community, "import_before_seal", "[]", "Empty it");
  g_assert_nonnull (fix);
  rc_advice_change_add_fix (change, fix);
  edited = rc_advice_change_apply (change, text, strlen (text));
  g_assert_nonnull (edited);
  /* as one fix (the window's one undoable action): the same text */
  {
    g_autoptr (RcFix) one = rc_advice_change_to_fix (change, text, strlen (text));
    g_autofree char *once = rc_fix_apply (one, text, strlen (text), NULL);

    g_assert_cmpstr (once, ==, edited);
  }
  g_assert_nonnull (
      strstr (edited, "\n    preload: [ledger-archive, ledger-core]\n    preload_on:"));
  g_assert_nonnull (strstr (edited, "\n    import_before_seal: []\n    prelude: |"));
  after =
      rc_community_load_text (community_dir, dist, RC_DEPLOYMENT_PRODUCTION, edited, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rc_community_get_closure (after)->len, ==, 4);
  /* the user's file was not written */
  g_clear_object (&after);
  after = load_community ();
  g_assert_cmpstr (rc_community_get_config_text (after), ==, text);
}

static void
build_community (void)
{
  g_autofree char *script =
      g_build_filename (g_getenv ("RC_SOURCE_DIR"), "tools", "build-demo-wheels.py", NULL);
  g_autofree char *python = g_find_program_in_path ("python3");
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_assert_nonnull (python); /* a missing tool is a red test */
  tmp_dir = rc_test_make_tmp ("rc-advice");
  community_dir = g_build_filename (tmp_dir, "ledger", NULL);
  {
    const char *argv[] = { python, script, "--ledger", community_dir, NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                  &error);
  }
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("build-demo-wheels.py --ledger failed: %s", err);
}

/* A side's rounds: one run each, renamed by round; a failed round is NAN in the pairs, left
 * out of the stat, and named first in the failure. */
static RcMeasurement *
one_round (double boot_ms, gboolean ready)
{
  RcMeasurement *m = rc_measurement_new ("sides");
  RcRunRecord *run = rc_run_record_new (RC_SCENARIO_COLD, 1);

  if (ready)
    rc_run_record_ready (run, "0.29.5", boot_ms, -1);
  else
    rc_run_record_failed (run, "timeout", "the deadline passed", NULL, boot_ms);
  run->boot_ms = boot_ms;
  rc_measurement_add_run (m, run);
  return m;
}

static void
test_sides (void)
{
  g_autoptr (RcMeasurement) side = NULL;
  g_autoptr (GArray) rounds = NULL;
  g_autoptr (GArray) none = rc_advice_side_rounds (NULL);
  g_auto (GStrv) ids = NULL;
  g_autofree char *failure = NULL;
  const char *const expected[] = { "cold-1", "cold-2", "cold-3", NULL };
  RcStat stat;

  rc_advice_side_merge_round (&side, one_round (4000, TRUE), 1);
  rc_advice_side_merge_round (&side, one_round (9000, FALSE), 2);
  rc_advice_side_merge_round (&side, one_round (5000, TRUE), 3);
  g_assert_cmpuint (side->runs->len, ==, 3);
  rounds = rc_advice_side_rounds (side);
  g_assert_cmpuint (rounds->len, ==, 3);
  g_assert_cmpfloat (g_array_index (rounds, double, 0), ==, 4000);
  g_assert_true (isnan (g_array_index (rounds, double, 1)));
  g_assert_cmpuint (none->len, ==, 0);
  stat = rc_advice_side_stat (side, &ids, &failure);
  g_assert_cmpuint (stat.n, ==, 2);
  g_assert_cmpfloat (stat.median, ==, 4500);
  g_assert_cmpstrv (ids, expected);
  g_assert_cmpstr (failure, ==, "cold-2: the deadline passed (timeout)");
  /* the ready runs logged no request: nothing crossed the wire */
  g_assert_cmpfloat (rc_advice_side_bytes (side), ==, 0);
  /* a side that never got ready: its bytes are unknown, not 0 */
  {
    g_autoptr (RcMeasurement) failed = one_round (9000, FALSE);

    g_assert_cmpfloat (rc_advice_side_bytes (failed), ==, -1);
  }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  build_community ();
  g_test_add_func ("/advice/python-imports", test_python_imports);
  g_test_add_func ("/advice/ledger/closure", test_ledger_closure);
  g_test_add_func ("/advice/ledger/unknown", test_ledger_unknown);
  g_test_add_func ("/advice/ledger/measure", test_ledger_measure);
  g_test_add_func ("/advice/saving", test_saving_arithmetic);
  g_test_add_func ("/advice/saving/paired", test_saving_paired);
  g_test_add_func ("/advice/saving/control", test_control);
  g_test_add_func ("/advice/saving/one-boot-a-side", test_one_boot_a_side);
  g_test_add_func ("/advice/preload-on", test_preload_on_model);
  g_test_add_func ("/advice/rank", test_rank);
  g_test_add_func ("/advice/edits", test_edits);
  g_test_add_func ("/advice/format", test_format);
  g_test_add_func ("/advice/sides", test_sides);
  status = g_test_run ();
  rc_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  g_free (community_dir);
  return status;
}
