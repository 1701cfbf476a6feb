/* test-snapshot.c: the experimental snapshot scenario for real, in WebKitGTK, Chromium and
 * Firefox.
 *
 * One `measure --scenario snapshot` over the three engines (real Node.js makes the one shared
 * snapshot, real Pyodide boots from it; under xvfb-run) produces the report each engine's test
 * reads: the snapshot was made, its request came from the emulated CDN as a file, the cold
 * and warm boots from it reached ready, the community's preload still loaded after it, and the
 * runs are labelled as the snapshot scenario. No timing is asserted: the saving is `measure`'s
 * to report (docs/measure.md), not a test's to guess under load.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "core/measurement/rc-measurement.h"

typedef struct
{
  gboolean done;
  int status;
  char *out;
  char *err;
  char *dir;
  char *json_path;
  RcMeasurement *measurement;
} Shared;

static Shared shared;

static const Shared *
measured (void)
{
  const char *binary = g_getenv ("RC_CONSOLE_BINARY");
  g_autofree char *demo = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;

  if (shared.done)
    return &shared;
  shared.done = TRUE;
  g_assert_nonnull (binary);
  demo = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  shared.dir = g_dir_make_tmp ("rc-snapshot-XXXXXX", &error);
  g_assert_no_error (error);
  shared.json_path = g_build_filename (shared.dir, "report.json", NULL);
  g_spawn_sync (NULL,
                (char *[]){ (char *) binary, "measure", demo, "--scenario", "snapshot", "--engine",
                            "webkit,chromium,firefox", "--no-control", "--no-history", "--deadline",
                            "240", "--json", shared.json_path, NULL },
                NULL, 0, NULL, NULL, &shared.out, &shared.err, &status, &error);
  g_assert_no_error (error);
  shared.status = WIFEXITED (status) ? WEXITSTATUS (status) : -1;
  if (g_getenv ("RC_TEST_PRINT") != NULL || shared.status != 0)
    g_printerr ("%s\n%s\n", shared.out, shared.err);
  shared.measurement = rc_measurement_load (shared.json_path, &error);
  g_assert_no_error (error);
  return &shared;
}

static void
test_made (void)
{
  const Shared *s = measured ();
  const RcSnapshot *snapshot = s->measurement->snapshot;
  g_autofree char *base =
      g_strdup_printf ("https://cdn.jsdelivr.net/pyodide/v%s/full/rc-snapshot-", PYODIDE_VERSION);

  g_assert_cmpint (s->status, ==, 0);
  g_assert_nonnull (snapshot);
  g_assert_null (snapshot->refused);
  g_assert_cmpint (snapshot->size_bytes, >, 0);
  g_assert_cmpfloat (snapshot->make_ms, >, 0);
  g_assert_true (g_str_has_prefix (snapshot->url, base));
  g_assert_true (g_str_has_prefix (snapshot->made_with, "node v"));
  /* the terminal summary labels it and puts it beside nothing it did not measure */
  g_assert_nonnull (strstr (s->out, "Snapshot (experimental): "));
}

static const RcRequestRecord *
snapshot_request (const RcRunRecord *run, const char *url)
{
  for (guint i = 0; i < run->requests->len; i++)
    {
      const RcRequestRecord *r = run->requests->pdata[i];

      if (g_strcmp0 (r->url, url) == 0)
        return r;
    }
  return NULL;
}

static const RcRunRecord *
run_of (const char *engine, RcScenario scenario)
{
  const RcMeasurement *m = measured ()->measurement;

  for (guint i = 0; i < m->runs->len; i++)
    {
      const RcRunRecord *run = m->runs->pdata[i];

      if (g_strcmp0 (rc_run_record_get_engine (run), engine) == 0 && run->scenario == scenario)
        return run;
    }
  return NULL;
}

static gboolean
has_note (const RcRunRecord *run, const char *part)
{
  for (guint i = 0; i < run->notes->len; i++)
    if (strstr (run->notes->pdata[i], part) != NULL)
      return TRUE;
  return FALSE;
}

static gboolean
loaded_package (const RcRunRecord *run, const char *package)
{
  for (guint i = 0; i < run->steps->len; i++)
    {
      const RcRunStep *step = run->steps->pdata[i];

      if (g_strcmp0 (step->phase, "loading_package") == 0
          && g_strcmp0 (step->package, package) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
check_engine (gconstpointer data)
{
  const char *engine = data;
  const RcSnapshot *snapshot = measured ()->measurement->snapshot;
  const RcRunRecord *cold = run_of (engine, RC_SCENARIO_SNAPSHOT);
  const RcRunRecord *warm = run_of (engine, RC_SCENARIO_SNAPSHOT_WARM);
  const RcRequestRecord *fetched;

  g_assert_nonnull (snapshot);
  g_assert_nonnull (cold);
  g_assert_nonnull (warm);
  g_assert_true (g_str_has_prefix (cold->run_id, engine));
  g_assert_true (g_str_has_suffix (cold->run_id, "/snapshot-1"));
  if (cold->outcome.state != RC_OUTCOME_READY)
    g_printerr ("%s: %s: %s\n", cold->run_id, cold->outcome.kind, cold->outcome.message);
  g_assert_cmpint (cold->outcome.state, ==, RC_OUTCOME_READY);
  g_assert_cmpint (warm->outcome.state, ==, RC_OUTCOME_READY);
  /* the cold boot fetched the snapshot from the emulated CDN, whole, as a file */
  fetched = snapshot_request (cold, snapshot->url);
  g_assert_nonnull (fetched);
  g_assert_cmpstr (fetched->origin, ==, "cdn");
  g_assert_cmpuint (fetched->status, ==, 200);
  g_assert_cmpint (fetched->decoded_bytes, ==, snapshot->size_bytes);
  /* the snapshot holds the interpreter only: the community's preload loaded after it */
  g_assert_true (loaded_package (cold, "demo-helpers"));
  g_assert_true (has_note (cold, "booted from the memory snapshot"));
  g_assert_true (has_note (warm, "it holds the interpreter only"));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/snapshot/made", test_made);
  g_test_add_data_func ("/snapshot/webkit", "webkit", check_engine);
  g_test_add_data_func ("/snapshot/chromium", "chromium", check_engine);
  g_test_add_data_func ("/snapshot/firefox", "firefox", check_engine);
  status = g_test_run ();
  rc_measurement_free (shared.measurement);
  if (shared.dir != NULL)
    {
      g_unlink (shared.json_path);
      g_rmdir (shared.dir);
    }
  g_free (shared.dir);
  g_free (shared.json_path);
  g_free (shared.out);
  g_free (shared.err);
  return status;
}
