/* test-cli-advise.c: `runtime-console advise` for real (WebKit) on the ledger community that
 * tools/build-demo-wheels.py --ledger builds here: one invocation (two runs a side, a budget
 * on the advised result) whose JSON and stderr every case reads. Under xvfb-run.
 *
 * Timing under a shared machine is noise at two runs, so the cases assert structure (the
 * ledger's candidates, which changes are proposed and which are not, the bytes each saves,
 * the ranking's order, the schema) and never an absolute time. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/wait.h>

#include "core/measurement/rc-measurement.h"
#include "rc-json-schema.h"

/* the rehearsed upgrade (tools/setup.sh --pyodide 314.0.8; CI's README command fetches it) */
#define CANDIDATE "314.0.8"

static struct
{
  gboolean done;
  int status;
  char *tmp, *dir, *out, *err, *sha_before, *reports;
  JsonNode *root;
} shared;

static int
run (const char *const *argv, char **out, char **err)
{
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, out, err, &status, &error);
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static char *
config_sha (void)
{
  g_autofree char *path = g_build_filename (shared.dir, "config.yaml", NULL);
  g_autofree char *text = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text, len);
}

static void
build_community (void)
{
  g_autofree char *script = g_build_filename (RC_SOURCE_DIR, "tools", "build-demo-wheels.py", NULL);
  g_autofree char *python = g_find_program_in_path ("python3");
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (python); /* a missing tool is a red test */
  shared.tmp = g_dir_make_tmp ("rc-cli-advise-XXXXXX", &error);
  g_assert_no_error (error);
  shared.dir = g_build_filename (shared.tmp, "ledger", NULL);
  if (run ((const char *[]){ python, script, "--ledger", shared.dir, NULL }, &out, &err) != 0)
    g_error ("build-demo-wheels.py --ledger failed: %s", err);
}

static JsonObject *
advised (void)
{
  g_autoptr (GError) error = NULL;

  if (!shared.done)
    {
      const char *binary = g_getenv ("RC_CONSOLE_BINARY");

      shared.done = TRUE;
      g_assert_nonnull (binary);
      build_community ();
      shared.sha_before = config_sha ();
      shared.reports = g_build_filename (shared.tmp, "reports", NULL);
      shared.status =
          run ((const char *[]){ binary, "advise", shared.dir, "--json", "--runs", "2",
                                 "--deadline", "300", "--budget", "boot_ms=900000", "--reports",
                                 shared.reports, "--candidate", CANDIDATE, NULL },
               &shared.out, &shared.err);
      /* a failed advise is diagnosed from its stderr: print it with the failure */
      if (g_getenv ("RC_TEST_PRINT") != NULL || shared.status != 0)
        g_printerr ("exit %d\nstdout: %s\nstderr: %s\n", shared.status, shared.out, shared.err);
      shared.root = json_from_string (shared.out, &error);
      if (error != NULL)
        g_printerr ("stdout: %s\nstderr: %s\n", shared.out, shared.err);
      g_assert_no_error (error);
    }
  return json_node_get_object (shared.root);
}

static JsonObject *
change (const char *id)
{
  JsonArray *changes = json_object_get_array_member (advised (), "changes");

  for (guint i = 0; i < json_array_get_length (changes); i++)
    {
      JsonObject *c = json_array_get_object_element (changes, i);

      if (g_str_equal (json_object_get_string_member (c, "id"), id))
        return c;
    }
  return NULL;
}

static JsonObject *
ledger_entry (const char *name)
{
  JsonArray *entries = json_object_get_array_member (
      json_object_get_object_member (advised (), "ledger"), "entries");

  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      JsonObject *e = json_array_get_object_element (entries, i);

      if (g_str_equal (json_object_get_string_member (e, "name"), name))
        return e;
    }
  g_assert_not_reached ();
}

static void
test_schema (void)
{
  g_autofree char *path =
      g_build_filename (RC_SOURCE_DIR, "data", "schema", "advice-v1.schema.json", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;

  advised ();
  g_assert_cmpint (shared.status, ==, 0);
  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  problems = rc_json_schema_validate (json_parser_get_root (parser), shared.root);
  for (guint i = 0; i < problems->len; i++)
    g_printerr ("%s\n", (char *) problems->pdata[i]);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpstr (json_object_get_string_member (advised (), "engine"), ==, "webkit");
  g_assert_cmpint (json_object_get_int_member (advised (), "runs"), ==, 2);
}

/* The ledger's answer: the unused preload brings the most bytes, the prelude's is kept. */
static void
test_ledger (void)
{
  JsonObject *archive = ledger_entry ("ledger-archive");
  JsonObject *core = ledger_entry ("ledger-core");
  JsonObject *seal = ledger_entry ("ledger-seal");

  g_assert_cmpstr (json_object_get_string_member (archive, "candidate"), ==, "drop");
  g_assert_cmpstr (json_object_get_string_member (core, "candidate"), ==, "keep");
  g_assert_cmpstr (json_object_get_string_member (seal, "candidate"), ==, "drop-seal");
  g_assert_cmpint (json_object_get_int_member (archive, "wire_bytes"), >, 20 * 1000 * 1000);
  g_assert_false (json_object_get_boolean_member (archive, "imported_at_boot"));
  g_assert_true (json_object_get_boolean_member (core, "imported_at_boot"));
  g_assert_true (json_object_get_boolean_member (seal, "imported_at_boot"));
  /* ledger_core's import builds a table: the heaviest import of the three */
  g_assert_cmpfloat (json_object_get_double_member (core, "import_ms"), >,
                     json_object_get_double_member (seal, "import_ms"));
  g_assert_true (json_object_get_boolean_member (
      json_object_get_object_member (advised (), "ledger"), "importtime"));
}

/* What is proposed, what is not, and what each variant boot shows it saves in bytes. */
static void
test_changes (void)
{
  JsonObject *archive = change ("drop:ledger-archive");
  JsonObject *seal = change ("drop:ledger-seal");
  JsonObject *on = change ("preload-on");
  JsonArray *edits;

  g_assert_nonnull (archive);
  g_assert_nonnull (seal);
  g_assert_nonnull (on);
  g_assert_null (change ("drop:ledger-core"));
  g_assert_true (json_object_get_boolean_member (archive, "booted"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (archive, "variant_runs")),
                    ==, 2);
  /* the proof of the top byte saving: the variant boots fetched the archive's 24 MB less */
  g_assert_cmpfloat (json_object_get_double_member (archive, "bytes_saving"), >, 20e6);
  g_assert_cmpfloat (json_object_get_double_member (seal, "bytes_saving"), <, 1e5);
  g_assert_true (json_object_get_null_member (archive, "failure"));
  g_assert_true (json_object_get_null_member (seal, "failure"));
  edits = json_object_get_array_member (seal, "edits");
  g_assert_cmpuint (json_array_get_length (edits), ==, 2);
  g_assert_cmpstr (
      json_object_get_string_member (json_array_get_object_element (edits, 1), "replacement"), ==,
      "    import_before_seal: []\n");
  g_assert_cmpstr (json_object_get_string_member (archive, "scenario"), ==, "cold");
  g_assert_false (json_object_get_boolean_member (on, "booted"));
  g_assert_cmpstr (json_object_get_string_member (on, "preload_on"), ==, "first_message");
  g_assert_cmpfloat (json_object_get_double_member (
                         json_object_get_object_member (on, "reader_saving"), "median_ms"),
                     >, 0);
}

/* --reports: each side's boots as a run report; every cold boot of each fetched every wheel
 * it loaded over the network (a variant that read the baseline's wheels from a reused
 * session's cache once showed 24 MB saved by dropping a 1 kB preload). */
static void
test_reports (void)
{
  const char *names[] = { "baseline",
                          "variant-drop-ledger-archive",
                          "variant-drop-ledger-seal",
                          "variant-snapshot",
                          "variant-control",
                          "variant-pyodide-" CANDIDATE };
  const char *wheels[] = { "ledger_archive", "ledger_blobs", "ledger_common", "ledger_core",
                           "ledger_seal" };

  advised ();
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *file = g_strdup_printf ("%s.json", names[i]);
      g_autofree char *path = g_build_filename (shared.reports, file, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (RcMeasurement) m = rc_measurement_load (path, &error);

      g_assert_no_error (error);
      g_assert_nonnull (strstr (shared.err, path));
      g_assert_cmpuint (m->runs->len, ==, 2);
      for (guint r = 0; r < m->runs->len; r++)
        {
          const RcRunRecord *run = m->runs->pdata[r];

          g_assert_cmpint (run->outcome.state, ==, RC_OUTCOME_READY);
          for (guint w = 0; w < G_N_ELEMENTS (wheels); w++)
            {
              g_autofree char *suffix = g_strdup_printf ("/%s-1.0.0-py3-none-any.whl", wheels[w]);
              /* the variant that drops the archive loads neither it nor its blobs */
              gboolean loaded = !(i == 1 && w < 2) && !(i == 2 && w == 4);
              guint64 bytes = 0;

              for (guint q = 0; q < run->requests->len; q++)
                {
                  const RcRequestRecord *req = run->requests->pdata[q];

                  if (req->url != NULL && g_str_has_suffix (req->url, suffix) && req->status == 200)
                    bytes += req->bytes;
                }
              if (loaded && bytes == 0)
                g_error ("%s %s: %s came from a cache in a cold boot", names[i], run->run_id,
                         suffix + 1);
              if (!loaded)
                g_assert_cmpuint (bytes, ==, 0);
            }
        }
    }
}

/* The snapshot experiment: no edit, its variants boot from the memory snapshot (the
 * interpreter only, so the preloads still come over the network), and the snapshot's file
 * costs bytes; the control: the baseline's copy booted as a variant in every round. */
static void
test_snapshot_and_control (void)
{
  JsonObject *snapshot = change ("snapshot");
  JsonObject *control = json_object_get_object_member (advised (), "control");

  g_assert_nonnull (snapshot);
  g_assert_cmpstr (json_object_get_string_member (snapshot, "experiment"), ==, "snapshot");
  g_assert_cmpstr (json_object_get_string_member (snapshot, "scenario"), ==, "snapshot");
  g_assert_true (json_object_get_boolean_member (snapshot, "booted"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (snapshot, "edits")), ==,
                    0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (snapshot, "variant_runs")),
                    ==, 2);
  if (!json_object_get_null_member (snapshot, "failure"))
    g_error ("the snapshot variant failed: %s",
             json_object_get_string_member (snapshot, "failure"));
  /* the snapshot file is bigger than the interpreter files it replaces */
  g_assert_cmpfloat (json_object_get_double_member (snapshot, "bytes_saving"), <, 0);
  g_assert_nonnull (strstr (shared.err, "[snapshot 2/2] cold-2: booting"));

  g_assert_nonnull (control);
  g_assert_cmpstr (json_object_get_string_member (control, "experiment"), ==, "control");
  g_assert_true (json_object_get_boolean_member (control, "booted"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (control, "edits")), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (control, "variant_runs")),
                    ==, 2);
  /* the same community: the same bytes */
  g_assert_cmpfloat (ABS (json_object_get_double_member (control, "bytes_saving")), <, 1e5);
  g_assert_null (change ("control"));
}

/* --candidate: the version experiment boots the same community under the candidate's
 * distribution (no edit OSA accepts: its CI pins 0.29.5), each variant run recorded as that
 * version and fetching its interpreter from the candidate's CDN path. */
static void
test_candidate (void)
{
  JsonObject *version = change ("pyodide:" CANDIDATE);
  g_autofree char *path =
      g_build_filename (shared.reports, "variant-pyodide-" CANDIDATE ".json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (RcMeasurement) m = NULL;

  g_assert_nonnull (version);
  g_assert_cmpstr (json_object_get_string_member (version, "experiment"), ==, "version");
  g_assert_cmpstr (json_object_get_string_member (version, "pyodide"), ==, CANDIDATE);
  g_assert_cmpstr (json_object_get_string_member (version, "scenario"), ==, "cold");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (version, "edits")), ==, 0);
  if (!json_object_get_null_member (version, "failure"))
    g_error ("the candidate's variant failed: %s",
             json_object_get_string_member (version, "failure"));
  g_assert_nonnull (strstr (json_object_get_string_member (version, "caveat"), "module worker"));
  /* every other change boots the pinned version */
  g_assert_true (json_object_get_null_member (change ("drop:ledger-archive"), "pyodide"));
  m = rc_measurement_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (m->runs->len, ==, 2);
  for (guint r = 0; r < m->runs->len; r++)
    {
      const RcRunRecord *run = m->runs->pdata[r];
      gboolean interpreter = FALSE;

      g_assert_cmpstr (run->env.pyodide_version, ==, CANDIDATE);
      for (guint q = 0; q < run->requests->len; q++)
        {
          const RcRequestRecord *req = run->requests->pdata[q];

          interpreter |= req->url != NULL
                         && strstr (req->url, "/pyodide/v" CANDIDATE "/full/pyodide.asm.wasm")
                         && req->status == 200 && req->bytes > 0;
        }
      g_assert_true (interpreter);
    }
  g_assert_nonnull (strstr (shared.err, "[pyodide:" CANDIDATE " 2/2] cold-2: booting"));
}

/* A candidate that was never fetched is an option error naming the command that fetches
 * it, before anything boots. */
static void
test_candidate_missing (void)
{
  const char *binary = g_getenv ("RC_CONSOLE_BINARY");
  g_autofree char *demo = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (
      run ((const char *[]){ binary, "advise", demo, "--candidate", "9.9.9", NULL }, &out, &err),
      ==, 2);
  g_assert_nonnull (strstr (err, "--candidate 9.9.9: there is no Pyodide 9.9.9 distribution"));
  g_assert_nonnull (strstr (err, "tools/setup.sh --pyodide 9.9.9"));
  g_assert_null (strstr (err, "booting"));
  g_assert_cmpint (
      run ((const char *[]){ binary, "advise", demo, "--candidate", "../x", NULL }, &out, &err), ==,
      2);
  g_assert_nonnull (strstr (err, "--candidate must be a Pyodide version"));
}

/* Ranked by the reader's saving: never increasing down the list. */
static void
test_ranking (void)
{
  JsonArray *changes = json_object_get_array_member (advised (), "changes");
  double last = G_MAXDOUBLE;

  g_assert_cmpuint (json_array_get_length (changes), >=, 3);
  for (guint i = 0; i < json_array_get_length (changes); i++)
    {
      JsonObject *c = json_array_get_object_element (changes, i);
      double s = json_object_get_double_member (json_object_get_object_member (c, "reader_saving"),
                                                "median_ms");

      g_assert_cmpstr (json_object_get_string_member (c, "verdict"), !=, "failed");
      g_assert_cmpfloat (s, <=, last);
      last = s;
    }
}

/* Several engines (the bundled demo, one round): an array of advice objects in the order
 * given, each engine's own boots (its reports in a subfolder of its name), the snapshot
 * and the control booted in each. The demo preloads only what its prelude imports and
 * starts on the first message already, so the snapshot is the one change. */
static void
test_engines (void)
{
  const char *binary = g_getenv ("RC_CONSOLE_BINARY");
  const char *engines[] = { "chromium", "firefox" };
  g_autofree char *demo = g_build_filename (RC_SOURCE_DIR, "data", "examples", "demo", NULL);
  g_autofree char *reports = NULL, *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonArray *all;
  int status;

  advised (); /* its temporary folder */
  reports = g_build_filename (shared.tmp, "engine-reports", NULL);
  status = run ((const char *[]){ binary, "advise", demo, "--engine", "chromium,firefox", "--runs",
                                  "1", "--deadline", "300", "--json", "--reports", reports, NULL },
                &out, &err);
  if (g_getenv ("RC_TEST_PRINT") != NULL)
    g_printerr ("%s\n%s\n", out, err);
  g_assert_cmpint (status, ==, 0);
  root = json_from_string (out, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (root));
  all = json_node_get_array (root);
  g_assert_cmpuint (json_array_get_length (all), ==, G_N_ELEMENTS (engines));
  for (guint i = 0; i < G_N_ELEMENTS (engines); i++)
    {
      JsonObject *advice = json_array_get_object_element (all, i);
      JsonArray *changes = json_object_get_array_member (advice, "changes");
      JsonObject *snapshot = NULL;
      g_autofree char *baseline = g_build_filename (reports, engines[i], "baseline.json", NULL);
      g_autoptr (RcMeasurement) m = NULL;

      g_assert_cmpstr (json_object_get_string_member (advice, "engine"), ==, engines[i]);
      for (guint c = 0; c < json_array_get_length (changes); c++)
        if (g_str_equal (
                json_object_get_string_member (json_array_get_object_element (changes, c), "id"),
                "snapshot"))
          snapshot = json_array_get_object_element (changes, c);
      g_assert_nonnull (snapshot);
      if (!json_object_get_null_member (snapshot, "failure"))
        g_error ("%s: the snapshot variant failed: %s", engines[i],
                 json_object_get_string_member (snapshot, "failure"));
      g_assert_cmpuint (
          json_array_get_length (json_object_get_array_member (snapshot, "variant_runs")), ==, 1);
      g_assert_true (json_object_has_member (advice, "control"));
      m = rc_measurement_load (baseline, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (m->runs->len, ==, 1);
      g_assert_cmpstr (((RcRunRecord *) m->runs->pdata[0])->env.engine, ==, engines[i]);
    }
}

/* A progress line for every boot on stderr; the folder was never written; the budget was
 * checked and said so. */
static void
test_progress (void)
{
  g_autofree char *sha = NULL;
  guint boots = 0;

  advised ();
  /* tests/meson.build runs this test with WebKit's OMG tier off: advise says so first */
  g_assert_nonnull (g_getenv ("JSC_useOMGJIT"));
  g_assert_nonnull (strstr (shared.err, "  engine options JSC_useOMGJIT="));
  for (const char *p = shared.err; (p = strstr (p, ": booting")) != NULL; p++)
    boots++;
  /* the baseline and two variants, two runs each; the advised result, when a change was
   * proven, two more */
  g_assert_cmpuint (boots, >=, 6);
  /* interleaved, ABBA: round 1 boots the baseline and then the variants, round 2 the
   * variants in the reverse order and then the baseline */
  {
    const char *a1 = strstr (shared.err, "[drop:ledger-archive 1/2] cold-1: booting");
    const char *s1 = strstr (shared.err, "[drop:ledger-seal 1/2] cold-1: booting");
    const char *b2 = strstr (shared.err, "[baseline 2/2] cold-2: booting");
    const char *a2 = strstr (shared.err, "[drop:ledger-archive 2/2] cold-2: booting");
    const char *s2 = strstr (shared.err, "[drop:ledger-seal 2/2] cold-2: booting");
    const char *first_1 = MIN (a1, s1), *last_1 = MAX (a1, s1);

    g_assert_nonnull (a1);
    g_assert_nonnull (s1);
    g_assert_nonnull (b2);
    g_assert_nonnull (a2);
    g_assert_nonnull (s2);
    g_assert_true (last_1 < MIN (a2, s2));
    g_assert_true (MAX (a2, s2) < b2);
    /* the variant round 1 booted last, round 2 boots first */
    g_assert_true (last_1 == a1 ? a2 < s2 : s2 < a2);
    g_assert_true (first_1 == a1 ? s2 < a2 : a2 < s2);
    g_assert_nonnull (strstr (shared.err, "rounds alternate their order"));
  }
  g_assert_nonnull (strstr (shared.err, "seal probe: boot 1: cold"));
  g_assert_nonnull (strstr (shared.err, "budget met      boot_ms"));
  sha = config_sha ();
  g_assert_cmpstr (sha, ==, shared.sha_before);
}

/* A closure that cannot be served offline (numpy: the npm distribution has no wheels): the
 * ledger for what the locks know, the missing wheel counted, nothing proposed, exit 1. */
static void
test_missing_wheels (void)
{
  const char *binary = g_getenv ("RC_CONSOLE_BINARY");
  g_autofree char *dir = NULL, *config = NULL, *text = NULL, *out = NULL, *err = NULL;
  g_autofree char *cp = g_find_program_in_path ("cp");
  g_autoptr (GString) edited = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonArray *entries;
  gboolean found = FALSE;
  int status;

  advised (); /* the community is built */
  dir = g_build_filename (shared.tmp, "missing", NULL);
  g_assert_cmpint (run ((const char *[]){ cp, "-r", shared.dir, dir, NULL }, NULL, NULL), ==, 0);
  config = g_build_filename (dir, "config.yaml", NULL);
  g_assert_true (g_file_get_contents (config, &text, NULL, NULL));
  edited = g_string_new (text);
  g_assert_cmpuint (
      g_string_replace (edited, "      - ledger-seal\n", "      - ledger-seal\n      - numpy\n", 1),
      ==, 1);
  g_assert_true (g_file_set_contents (config, edited->str, -1, NULL));
  status = run (
      (const char *[]){ binary, "advise", dir, "--json", "--runs", "1", "--deadline", "300", NULL },
      &out, &err);
  root = json_from_string (out, &error);
  if (error != NULL)
    g_printerr ("stdout: %s\nstderr: %s\n", out, err);
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpuint (
      json_array_get_length (json_object_get_array_member (json_node_get_object (root), "changes")),
      ==, 0);
  entries = json_object_get_array_member (
      json_object_get_object_member (json_node_get_object (root), "ledger"), "entries");
  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      JsonObject *e = json_array_get_object_element (entries, i);

      if (g_str_equal (json_object_get_string_member (e, "name"), "numpy"))
        {
          found = TRUE;
          g_assert_cmpint (json_object_get_int_member (e, "missing"), >=, 1);
          g_assert_true (json_object_get_null_member (e, "wire_bytes"));
        }
    }
  g_assert_true (found);
  g_assert_nonnull (strstr (out, "no baseline boot got ready"));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/advise/schema", test_schema);
  g_test_add_func ("/advise/ledger", test_ledger);
  g_test_add_func ("/advise/changes", test_changes);
  g_test_add_func ("/advise/ranking", test_ranking);
  g_test_add_func ("/advise/reports", test_reports);
  g_test_add_func ("/advise/snapshot-and-control", test_snapshot_and_control);
  g_test_add_func ("/advise/candidate", test_candidate);
  g_test_add_func ("/advise/candidate-missing", test_candidate_missing);
  g_test_add_func ("/advise/progress", test_progress);
  g_test_add_func ("/advise/missing-wheels", test_missing_wheels);
  g_test_add_func ("/advise/engines", test_engines);
  status = g_test_run ();
  if (shared.tmp != NULL)
    {
      g_autofree char *rm = g_find_program_in_path ("rm");
      const char *argv_rm[] = { rm, "-rf", shared.tmp, NULL };

      g_spawn_sync (NULL, (char **) argv_rm, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL);
    }
  return status;
}
