/* rc-preload-ledger.c: each preload name's packages, bytes, load and import time
 * (rc-preload-ledger.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "core/model/rc-closure.h"
#include "core/base/rc-json-builder-private.h"
#include "core/advice/rc-preload-ledger.h"

static const char *const candidate_names[] = { "drop", "drop-seal", "keep", "unknown" };

const char *
rc_ledger_candidate_to_string (RcLedgerCandidate candidate)
{
  g_return_val_if_fail ((guint) candidate < G_N_ELEMENTS (candidate_names), "unknown");
  return candidate_names[candidate];
}

static void
entry_free (RcLedgerEntry *e)
{
  g_free (e->name);
  g_strfreev (e->exclusive);
  g_strfreev (e->files);
  g_strfreev (e->modules);
  g_free (e);
}

void
rc_preload_ledger_free (RcPreloadLedger *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->entries);
  g_free (self->run_id);
  g_free (self);
}

/* ---- Python imports ------------------------------------------------------------------------ */

GStrv
rc_python_text_imports (const char *text)
{
  g_autoptr (GRegex) re = g_regex_new ("^[ \\t]*(?:from[ \\t]+([A-Za-z_][\\w.]*)[ \\t]+import"
                                       "|import[ \\t]+([A-Za-z_][\\w., \\t]*))",
                                       G_REGEX_MULTILINE, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  if (text == NULL)
    return g_new0 (char *, 1);
  g_regex_match (re, text, 0, &match);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *from = g_match_info_fetch (match, 1);
      g_autofree char *list = g_match_info_fetch (match, 2);
      g_auto (GStrv) parts = g_strsplit (from != NULL && *from != '\0' ? from : list, ",", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        {
          g_auto (GStrv) words = g_strsplit_set (g_strstrip (parts[i]), ". \t", 2);

          /* `import a as b`: the root is a */
          if (words[0] != NULL && *words[0] != '\0'
              && !g_ptr_array_find_with_equal_func (names, words[0], g_str_equal, NULL))
            g_ptr_array_add (names, g_strdup (words[0]));
        }
    }
  g_ptr_array_add (names, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

static char *
root_of (const char *module)
{
  const char *dot = strchr (module, '.');

  return dot != NULL ? g_strndup (module, (gsize) (dot - module)) : g_strdup (module);
}

static gboolean
any_root_in (const char *const *modules, const char *const *roots)
{
  for (guint i = 0; modules != NULL && modules[i] != NULL; i++)
    {
      g_autofree char *root = root_of (modules[i]);

      if (roots != NULL && g_strv_contains (roots, root))
        return TRUE;
    }
  return FALSE;
}

/* ---- the closure arithmetic ---------------------------------------------------------------- */

static gboolean
closure_has (GPtrArray *closure, const char *key)
{
  for (guint i = 0; i < closure->len; i++)
    if (g_str_equal (((RcClosureEntry *) closure->pdata[i])->key, key))
      return TRUE;
  return FALSE;
}

static GStrv
without (const char *const *preload, guint skip)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();

  for (guint i = 0; preload[i] != NULL; i++)
    if (i != skip)
      g_strv_builder_add (b, preload[i]);
  return g_strv_builder_end (b);
}

/* What only preload[@index] brings: in the whole closure, not in the one without it. */
static RcLedgerEntry *
entry_for (RcDistLock *dist, RcLockOverlay *overlay, const char *const *preload, guint index,
           GPtrArray *all)
{
  g_auto (GStrv) rest = without (preload, index);
  g_autoptr (GPtrArray) others = rc_preload_closure (dist, overlay, (const char *const *) rest);
  g_autoptr (GStrvBuilder) keys = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) files = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) modules = g_strv_builder_new ();
  RcLedgerEntry *e = g_new0 (RcLedgerEntry, 1);
  guint n = 0;

  e->name = g_strdup (preload[index]);
  e->lock_size = -1;
  for (guint i = 0; i < all->len; i++)
    {
      const RcClosureEntry *c = all->pdata[i];

      if (closure_has (others, c->key))
        continue;
      n++;
      g_strv_builder_add (keys, c->key);
      if (c->file_name != NULL)
        g_strv_builder_add (files, c->file_name);
      g_strv_builder_addv (modules, (const char **) c->imports);
      if (c->size >= 0)
        e->lock_size = MAX (e->lock_size, 0) + c->size;
      else
        e->n_missing++;
    }
  e->exclusive = g_strv_builder_end (keys);
  e->files = g_strv_builder_end (files);
  e->modules = g_strv_builder_end (modules);
  /* a name that brings nothing of its own is either unknown or already pulled in by another
   * preload: dropping it changes nothing */
  e->candidate = n == 0 ? RC_LEDGER_UNKNOWN : RC_LEDGER_DROP;
  e->wire_bytes = e->decoded_bytes = -1;
  e->load_ms = e->import_ms = -1;
  return e;
}

RcPreloadLedger *
rc_preload_ledger_new (RcDistLock *dist, RcLockOverlay *overlay, const char *const *preload,
                       const char *const *import_before_seal, const char *prelude)
{
  RcPreloadLedger *self = g_new0 (RcPreloadLedger, 1);
  g_autoptr (GPtrArray) all = NULL;
  g_auto (GStrv) prelude_imports = rc_python_text_imports (prelude);
  g_auto (GStrv) seal_roots = NULL;
  g_autoptr (GStrvBuilder) roots = g_strv_builder_new ();

  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  if (preload == NULL)
    return self;
  for (guint i = 0; import_before_seal != NULL && import_before_seal[i] != NULL; i++)
    {
      g_autofree char *root = root_of (import_before_seal[i]);

      g_strv_builder_add (roots, root);
    }
  seal_roots = g_strv_builder_end (roots);
  all = rc_preload_closure (dist, overlay, preload);
  for (guint i = 0; preload[i] != NULL; i++)
    {
      RcLedgerEntry *e = entry_for (dist, overlay, preload, i, all);

      e->seal = any_root_in ((const char *const *) e->modules, (const char *const *) seal_roots);
      e->prelude =
          any_root_in ((const char *const *) e->modules, (const char *const *) prelude_imports);
      if (e->candidate != RC_LEDGER_UNKNOWN)
        e->candidate = e->prelude ? RC_LEDGER_KEEP : e->seal ? RC_LEDGER_DROP_SEAL : RC_LEDGER_DROP;
      g_ptr_array_add (self->entries, e);
    }
  return self;
}

const RcLedgerEntry *
rc_preload_ledger_find (const RcPreloadLedger *self, const char *name)
{
  for (guint i = 0; i < self->entries->len; i++)
    if (g_str_equal (((RcLedgerEntry *) self->entries->pdata[i])->name, name))
      return self->entries->pdata[i];
  return NULL;
}

/* ---- from a boot --------------------------------------------------------------------------- */

static void
measure_bytes (RcLedgerEntry *e, const RcRunRecord *record)
{
  gboolean decoded_known = TRUE;

  for (guint i = 0; i < record->requests->len; i++)
    {
      const RcRequestRecord *r = record->requests->pdata[i];
      g_autofree char *file = r->url != NULL ? rc_url_file_name (r->url) : NULL;

      if (file == NULL || !g_strv_contains ((const char *const *) e->files, file)
          || g_strcmp0 (r->method, "CONNECT") == 0)
        continue;
      e->wire_bytes = MAX (e->wire_bytes, 0) + (gint64) r->bytes;
      if (r->decoded_bytes < 0)
        decoded_known = FALSE;
      else
        e->decoded_bytes = MAX (e->decoded_bytes, 0) + r->decoded_bytes;
    }
  if (!decoded_known)
    e->decoded_bytes = -1;
}

static void
measure_steps (RcLedgerEntry *e, const RcRunRecord *record, gboolean importtime)
{
  for (guint i = 0; i < record->steps->len; i++)
    {
      const RcRunStep *s = record->steps->pdata[i];
      g_autofree char *root = s->module != NULL ? root_of (s->module) : NULL;

      if (s->end_ms < 0)
        continue;
      if (g_strcmp0 (s->phase, "loading_package") == 0 && g_strcmp0 (s->package, e->name) == 0)
        e->load_ms = MAX (e->load_ms, 0) + rc_run_step_duration (s);
      /* without -X importtime, an import_before_seal step is the next best figure */
      if (!importtime && g_strcmp0 (s->phase, "importing") == 0 && root != NULL
          && g_strv_contains ((const char *const *) e->modules, root))
        {
          e->import_ms = MAX (e->import_ms, 0) + rc_run_step_duration (s);
          e->imported_at_boot = TRUE;
        }
    }
}

static void
measure_imports (RcLedgerEntry *e, const RcRunRecord *record)
{
  const GPtrArray *after = record->interpreter.after;

  e->import_ms = 0;
  for (guint i = 0; i < after->len; i++)
    {
      const RcImportTime *t = after->pdata[i];
      g_autofree char *root = root_of (t->module);

      if (t->depth == 0 && g_strv_contains ((const char *const *) e->modules, root))
        {
          e->import_ms += t->cumulative_us / 1000.0;
          e->imported_at_boot = TRUE;
        }
    }
}

void
rc_preload_ledger_measure (RcPreloadLedger *self, const RcRunRecord *record)
{
  g_return_if_fail (record != NULL);
  g_free (self->run_id);
  self->run_id = g_strdup (record->run_id);
  self->importtime = record->interpreter.importtime;
  for (guint i = 0; i < self->entries->len; i++)
    {
      RcLedgerEntry *e = self->entries->pdata[i];

      e->wire_bytes = e->decoded_bytes = -1;
      e->load_ms = e->import_ms = -1;
      e->imported_at_boot = FALSE;
      measure_bytes (e, record);
      measure_steps (e, record, self->importtime);
      if (self->importtime)
        measure_imports (e, record);
    }
}

/* ---- output -------------------------------------------------------------------------------- */

static void
add_entry (JsonBuilder *b, gconstpointer item)
{
  const RcLedgerEntry *e = item;

  json_builder_begin_object (b);
  rc_json_add_string (b, "name", e->name);
  rc_json_add_strv (b, "exclusive", (const char *const *) e->exclusive);
  rc_json_add_strv (b, "files", (const char *const *) e->files);
  rc_json_add_strv (b, "modules", (const char *const *) e->modules);
  rc_json_add_measured_int (b, "lock_size", e->lock_size);
  rc_json_add_int (b, "missing", e->n_missing);
  rc_json_add_bool (b, "seal", e->seal);
  rc_json_add_bool (b, "prelude", e->prelude);
  rc_json_add_string (b, "candidate", rc_ledger_candidate_to_string (e->candidate));
  rc_json_add_measured_int (b, "wire_bytes", e->wire_bytes);
  rc_json_add_measured_int (b, "decoded_bytes", e->decoded_bytes);
  rc_json_add_measured_double (b, "load_ms", e->load_ms);
  rc_json_add_measured_double (b, "import_ms", e->import_ms);
  rc_json_add_bool (b, "imported_at_boot", e->imported_at_boot);
  json_builder_end_object (b);
}

JsonNode *
rc_preload_ledger_to_json (const RcPreloadLedger *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  rc_json_add_string (b, "run_id", self->run_id);
  rc_json_add_bool (b, "importtime", self->importtime);
  rc_json_add_array (b, "entries", self->entries, add_entry);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
rc_ledger_format_bytes (double bytes)
{
  if (bytes < 0)
    return g_strdup ("?");
  /* decimal units, as the closure's sizes and the budgets have them */
  if (bytes >= 1e6)
    return g_strdup_printf ("%.1f MB", bytes / 1e6);
  if (bytes >= 1e3)
    return g_strdup_printf ("%.1f kB", bytes / 1e3);
  return g_strdup_printf ("%.0f B", bytes);
}

static char *
bytes_text (gint64 bytes)
{
  return rc_ledger_format_bytes ((double) bytes);
}

static char *
ms_text (double ms)
{
  return ms < 0 ? g_strdup ("?") : g_strdup_printf ("%.0f ms", ms);
}

static const char *
use_text (const RcLedgerEntry *e)
{
  if (e->prelude)
    return _ ("the prelude imports it");
  if (e->seal)
    return _ ("only import_before_seal imports it");
  if (e->candidate == RC_LEDGER_UNKNOWN)
    return _ ("brings no package of its own");
  return _ ("nothing at boot imports it");
}

char *
rc_preload_ledger_format (const RcPreloadLedger *self)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < self->entries->len; i++)
    {
      const RcLedgerEntry *e = self->entries->pdata[i];
      g_autofree char *keys = g_strjoinv (", ", e->exclusive);
      g_autofree char *lock = bytes_text (e->lock_size), *wire = bytes_text (e->wire_bytes);
      g_autofree char *decoded = bytes_text (e->decoded_bytes);
      g_autofree char *load = ms_text (e->load_ms), *import = ms_text (e->import_ms);

      /* TRANSLATORS: one preload in the ledger: name, its own packages, then figures */
      g_string_append_printf (out, _ ("  %s: brings %s\n"), e->name, *keys != '\0' ? keys : "—");
      g_string_append_printf (out,
                              _ ("    %s in the locks, %s over the network (%s decoded), "
                                 "loads in %s, imports in %s; %s\n"),
                              lock, wire, decoded, load, import, use_text (e));
      if (e->n_missing > 0)
        g_string_append_printf (out,
                                g_dngettext (GETTEXT_PACKAGE,
                                             "    %u wheel is in neither the overlay nor the "
                                             "distribution: its bytes and times are unknown\n",
                                             "    %u wheels are in neither the overlay nor the "
                                             "distribution: their bytes and times are unknown\n",
                                             e->n_missing),
                                e->n_missing);
    }
  if (self->run_id != NULL && !self->importtime)
    g_string_append (out, _ ("  (import times from the import_before_seal steps: Python ran "
                             "without -X importtime)\n"));
  return g_string_free (out, FALSE);
}
