/* rc-history.c: the measurement history of a community (rc-history.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "core/measurement/rc-history.h"

#define PREFIX "history:"

/* Unformatted: clang-format would space the dashes of the quark's name. */
/* clang-format off */
G_DEFINE_QUARK (rc-history-error-quark, rc_history_error)
/* clang-format on */

static void
mark_free (RcHistoryMark *self)
{
  g_free (self->scenario);
  g_free (self->step);
  g_free (self);
}

void
rc_history_entry_free (RcHistoryEntry *self)
{
  if (self == NULL)
    return;
  g_free (self->id);
  g_free (self->path);
  g_free (self->key);
  g_free (self->config_sha256);
  g_free (self->pyodide_version);
  g_free (self->engine);
  g_free (self->policy);
  g_clear_pointer (&self->report, rc_measurement_free);
  g_clear_pointer (&self->marks, g_ptr_array_unref);
  g_free (self);
}

char *
rc_history_root (void)
{
  const char *env = g_getenv ("RC_HISTORY_DIR");

  if (env != NULL && env[0] != '\0')
    return g_strdup (env);
  return g_build_filename (g_get_user_data_dir (), "runtime-console", "history", NULL);
}

char *
rc_history_folder (const char *community_dir)
{
  g_autofree char *absolute = g_canonicalize_filename (community_dir, NULL);
  g_autofree char *name = g_path_get_basename (absolute);
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, absolute, -1);
  g_autofree char *root = rc_history_root ();
  g_autofree char *leaf = g_strdup_printf ("%s-%.12s", name, hash);

  return g_build_filename (root, leaf, NULL);
}

static const RcRunEnvironment *
first_environment (const RcMeasurement *report)
{
  return report->runs->len > 0 ? &((RcRunRecord *) report->runs->pdata[0])->env : NULL;
}

#define OR_UNKNOWN(s) ((s) != NULL ? (s) : "unknown")

char *
rc_history_key (const RcMeasurement *report)
{
  const RcRunEnvironment *env = first_environment (report);
  g_autofree char *text = NULL;
  g_autofree char *sha = NULL;

  text = g_strdup_printf ("%s\n%s\n%s\n%s\n", OR_UNKNOWN (env ? env->config_sha256 : NULL),
                          OR_UNKNOWN (env ? env->pyodide_version : NULL),
                          OR_UNKNOWN (env ? env->webkit_version : NULL),
                          env && env->policy_sha256 ? env->policy_sha256 : "none");
  sha = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
  return g_strndup (sha, 12);
}

/* "2026-12-01T11:20:05Z" → "20261201T112005Z" (the report's own time, else now). */
static char *
stamp (const RcMeasurement *report)
{
  g_autoptr (GDateTime) created =
      report->created ? g_date_time_new_from_iso8601 (report->created, NULL) : NULL;
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr (GDateTime) utc = g_date_time_to_utc (created ? created : now);

  return g_date_time_format (utc, "%Y%m%dT%H%M%SZ");
}

char *
rc_history_record (const char *community_dir, const RcMeasurement *report, GError **error)
{
  g_autofree char *folder = rc_history_folder (community_dir);
  g_autofree char *key = rc_history_key (report);
  g_autofree char *when = stamp (report);
  g_autofree char *json = rc_measurement_to_json_string (report);
  char *path = NULL;

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      g_set_error (error, RC_HISTORY_ERROR, RC_HISTORY_ERROR_UNREADABLE,
                   _ ("cannot make the history folder %s: %s"), folder, g_strerror (errno));
      return NULL;
    }
  /* Two measurements within a second get "-2", "-3": names stay in time order. The name is
   * taken with O_EXCL, so two consoles measuring the same community in the same second
   * (the window and `measure`, or two CI jobs) cannot both pick it and lose one report. */
  for (guint n = 1; path == NULL; n++)
    {
      g_autofree char *leaf = n == 1 ? g_strdup_printf ("%s-%s.json", when, key)
                                     : g_strdup_printf ("%s-%s-%u.json", when, key, n);
      g_autofree char *candidate = g_build_filename (folder, leaf, NULL);
      int fd = g_open (candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

      if (fd >= 0)
        {
          close (fd);
          path = g_steal_pointer (&candidate);
        }
      else if (errno != EEXIST)
        {
          g_set_error (error, RC_HISTORY_ERROR, RC_HISTORY_ERROR_UNREADABLE,
                       _ ("cannot write into the history folder %s: %s"), folder,
                       g_strerror (errno));
          return NULL;
        }
    }
  /* the reserved name is replaced whole (g_file_set_contents renames a full copy onto it) */
  if (!g_file_set_contents (path, json, -1, error))
    {
      g_unlink (path);
      g_clear_pointer (&path, g_free);
      return NULL;
    }
  return path;
}

static RcHistoryEntry *
entry_load (const char *folder, const char *file, GError **error)
{
  g_autoptr (RcHistoryEntry) entry = g_new0 (RcHistoryEntry, 1);
  g_autoptr (GError) local = NULL;
  const RcRunEnvironment *env;

  entry->path = g_build_filename (folder, file, NULL);
  entry->id = g_strndup (file, strlen (file) - strlen (".json"));
  entry->marks = g_ptr_array_new_with_free_func ((GDestroyNotify) mark_free);
  if ((entry->report = rc_measurement_load (entry->path, &local)) == NULL)
    {
      g_set_error (error, RC_HISTORY_ERROR, RC_HISTORY_ERROR_UNREADABLE,
                   _ ("history entry %s cannot be read (%s); remove it"), entry->path,
                   local->message);
      return NULL;
    }
  env = first_environment (entry->report);
  entry->key = rc_history_key (entry->report);
  entry->config_sha256 = g_strdup (OR_UNKNOWN (env ? env->config_sha256 : NULL));
  entry->pyodide_version = g_strdup (OR_UNKNOWN (env ? env->pyodide_version : NULL));
  entry->engine = g_strdup (OR_UNKNOWN (env ? env->webkit_version : NULL));
  entry->policy = g_strdup (env && env->policy_name ? env->policy_name : "none");
  return g_steal_pointer (&entry);
}

/* By stem, so "…-KEY.json" comes before "…-KEY-2.json". */
static int
compare_names (gconstpointer a, gconstpointer b)
{
  g_autofree char *x = g_strndup (*(const char **) a, strlen (*(const char **) a) - 5);
  g_autofree char *y = g_strndup (*(const char **) b, strlen (*(const char **) b) - 5);

  return strcmp (x, y);
}

GPtrArray *
rc_history_list (const char *community_dir, GError **error)
{
  g_autofree char *folder = rc_history_folder (community_dir);
  g_autoptr (GPtrArray) entries =
      g_ptr_array_new_with_free_func ((GDestroyNotify) rc_history_entry_free);
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json") && name[0] != '.')
      g_ptr_array_add (files, g_strdup (name));
  g_ptr_array_sort (files, compare_names);
  for (guint i = 0; i < files->len; i++)
    {
      RcHistoryEntry *entry = entry_load (folder, files->pdata[i], error);

      if (entry == NULL)
        return NULL;
      entry->number = i + 1;
      g_ptr_array_add (entries, entry);
    }
  rc_history_mark (entries);
  return g_steal_pointer (&entries);
}

/* The median of @step ("boot" or a step key) in @stats, or FALSE. */
static gboolean
metric (const RcRunStats *stats, const char *step, double *out)
{
  const RcStepStat *s;

  if (stats == NULL || stats->boot_ms.n == 0)
    return FALSE;
  if (g_str_equal (step, "boot"))
    {
      *out = stats->boot_ms.median;
      return TRUE;
    }
  if ((s = rc_run_stats_find_step (stats, step)) == NULL || s->duration_ms.n == 0)
    return FALSE;
  *out = s->duration_ms.median;
  return TRUE;
}

static void
mark_metric (GPtrArray *entries, guint i, RcScenario scenario, const char *step, double median)
{
  RcHistoryEntry *entry = entries->pdata[i];
  double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE, tolerance;
  guint earlier = 0;
  RcHistoryMark *mark;
  g_autoptr (RcRunStats) own = rc_measurement_stats (entry->report, scenario);

  for (guint j = 0; j < i; j++)
    {
      RcHistoryEntry *other = entries->pdata[j];
      g_autoptr (RcRunStats) stats = NULL;
      double value;

      if (!g_str_equal (other->key, entry->key))
        continue;
      stats = rc_measurement_stats (other->report, scenario);
      /* a version 1 report's boot includes browser start: no band for today's boots */
      if (g_str_equal (step, "boot") && (stats->console_clock > 0) != (own->console_clock > 0))
        continue;
      if (!metric (stats, step, &value))
        continue;
      lo = MIN (lo, value);
      hi = MAX (hi, value);
      earlier++;
    }
  if (earlier < RC_HISTORY_MIN_EARLIER)
    return;
  tolerance = MAX (RC_HISTORY_TOLERANCE_FRACTION * hi, RC_HISTORY_TOLERANCE_MIN_MS);
  if (median >= lo - tolerance && median <= hi + tolerance)
    return;
  mark = g_new0 (RcHistoryMark, 1);
  mark->scenario = g_strdup (rc_scenario_to_string (scenario));
  mark->step = g_strdup (step);
  mark->median_ms = median;
  mark->band_min_ms = lo - tolerance;
  mark->band_max_ms = hi + tolerance;
  mark->tolerance_ms = tolerance;
  mark->earlier = earlier;
  mark->slower = median > hi + tolerance;
  g_ptr_array_add (entry->marks, mark);
}

void
rc_history_mark (GPtrArray *entries)
{
  for (guint i = 0; i < entries->len; i++)
    {
      RcHistoryEntry *entry = entries->pdata[i];
      g_autoptr (GArray) scenarios = rc_measurement_scenarios (entry->report);

      g_ptr_array_set_size (entry->marks, 0);
      for (guint s = 0; s < scenarios->len; s++)
        {
          RcScenario scenario = g_array_index (scenarios, RcScenario, s);
          g_autoptr (RcRunStats) stats = rc_measurement_stats (entry->report, scenario);
          double value;

          if (metric (stats, "boot", &value))
            mark_metric (entries, i, scenario, "boot", value);
          for (guint k = 0; stats != NULL && k < stats->steps->len; k++)
            {
              const RcStepStat *step = stats->steps->pdata[k];

              if (step->duration_ms.n > 0)
                mark_metric (entries, i, scenario, step->key, step->duration_ms.median);
            }
        }
    }
}

char *
rc_history_latest (const char *community_dir, GError **error)
{
  g_autoptr (GPtrArray) entries = rc_history_list (community_dir, error);
  g_autofree char *folder = NULL;

  if (entries == NULL)
    return NULL;
  if (entries->len == 0)
    {
      folder = rc_history_folder (community_dir);
      g_set_error (error, RC_HISTORY_ERROR, RC_HISTORY_ERROR_EMPTY,
                   _ ("%s has no measurement in its history (%s): run measure first"),
                   community_dir, folder);
      return NULL;
    }
  return g_strdup (((RcHistoryEntry *) entries->pdata[entries->len - 1])->path);
}

/* The entry @which ("3", "-1" or an id) of @entries, or NULL. */
static RcHistoryEntry *
pick (GPtrArray *entries, const char *which)
{
  char *end = NULL;
  gint64 n = g_ascii_strtoll (which, &end, 10);

  if (end != which && *end == '\0')
    {
      if (n < 0)
        n += (gint64) entries->len + 1;
      return n >= 1 && n <= (gint64) entries->len ? entries->pdata[n - 1] : NULL;
    }
  for (guint i = 0; i < entries->len; i++)
    if (g_str_equal (((RcHistoryEntry *) entries->pdata[i])->id, which))
      return entries->pdata[i];
  return NULL;
}

char *
rc_history_resolve (const char *spec, GError **error)
{
  g_autofree char *dir = NULL;
  const char *at;
  g_autoptr (GPtrArray) entries = NULL;
  RcHistoryEntry *entry;

  if (!g_str_has_prefix (spec, PREFIX))
    return g_strdup (spec);
  at = strrchr (spec, '@');
  dir = at ? g_strndup (spec + strlen (PREFIX), (gsize) (at - spec) - strlen (PREFIX))
           : g_strdup (spec + strlen (PREFIX));
  if (dir[0] == '\0' || (at != NULL && at[1] == '\0'))
    {
      g_set_error (error, RC_HISTORY_ERROR, RC_HISTORY_ERROR_BAD_SPEC,
                   _ ("“%s” names no history entry: write history:DIR@N (N from "
                      "runtime-console history DIR, -1 the latest) or history:DIR@ID"),
                   spec);
      return NULL;
    }
  if (at == NULL)
    return rc_history_latest (dir, error);
  if ((entries = rc_history_list (dir, error)) == NULL)
    return NULL;
  if ((entry = pick (entries, at + 1)) == NULL)
    {
      g_set_error (error, RC_HISTORY_ERROR, RC_HISTORY_ERROR_EMPTY,
                   _ ("%s's history has no entry %s (it has %u; runtime-console history %s lists "
                      "them)"),
                   dir, at + 1, entries->len, dir);
      return NULL;
    }
  return g_strdup (entry->path);
}
