/* rc-seal-report.c: the seal probe's report, as JSON and text (rc-seal-report.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "core/base/rc-json-builder-private.h"
#include "core/seal/rc-seal-report.h"

RcSealReport *
rc_seal_report_new (const char *community)
{
  RcSealReport *self = g_new0 (RcSealReport, 1);

  self->community = g_strdup (community);
  self->base = self->with = (RcSealBootCost){ -1, -1, 0 };
  return self;
}

void
rc_seal_report_free (RcSealReport *self)
{
  if (self == NULL)
    return;
  g_free (self->community);
  g_strfreev (self->packages);
  g_strfreev (self->configured);
  rc_seal_walk_free (self->first);
  g_strfreev (self->recommended);
  rc_seal_walk_free (self->checked);
  g_strfreev (self->tried);
  g_free (self->problem);
  g_free (self);
}

gboolean
rc_seal_report_ok (const RcSealReport *self)
{
  const RcSealWalk *last = self->checked != NULL ? self->checked : self->first;

  return self->problem == NULL && last != NULL && rc_seal_walk_count_failed (last, FALSE) == 0;
}

static void
add_cost (JsonBuilder *b, const char *name, const RcSealBootCost *c)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  rc_json_add_measured_double (b, "boot_ms", c->boot_ms);
  rc_json_add_measured_int (b, "heap_bytes", c->heap_bytes);
  rc_json_add_double (b, "import_ms", c->import_ms);
  json_builder_end_object (b);
}

static void
add_walk (JsonBuilder *b, const char *name, const RcSealWalk *walk)
{
  json_builder_set_member_name (b, name);
  if (walk != NULL)
    json_builder_add_value (b, rc_seal_walk_to_json (walk));
  else
    json_builder_add_null_value (b);
}

static void
add_list (JsonBuilder *b, const char *name, GStrv list)
{
  if (list != NULL)
    rc_json_add_strv (b, name, (const char *const *) list);
  else
    {
      json_builder_set_member_name (b, name);
      json_builder_add_null_value (b);
    }
}

JsonNode *
rc_seal_report_to_json (const RcSealReport *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  rc_json_add_string (b, "schema", RC_SEAL_REPORT_SCHEMA);
  rc_json_add_int (b, "version", 1);
  rc_json_add_string (b, "community", self->community);
  rc_json_add_strv (b, "packages", (const char *const *) self->packages);
  rc_json_add_strv (b, "configured", (const char *const *) self->configured);
  add_walk (b, "first", self->first);
  add_list (b, "recommended", self->recommended);
  add_list (b, "tried", self->tried);
  add_walk (b, "checked", self->checked);
  rc_json_add_int (b, "boots", self->boots);
  json_builder_set_member_name (b, "cost");
  json_builder_begin_object (b);
  add_cost (b, "configured", &self->base);
  add_cost (b, "recommended", &self->with);
  json_builder_end_object (b);
  rc_json_add_string (b, "problem", self->problem);
  rc_json_add_bool (b, "ok", rc_seal_report_ok (self));
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
format_failures (GString *out, const RcSealWalk *walk)
{
  for (guint i = 0; i < walk->packages->len; i++)
    {
      const RcSealPackage *p = walk->packages->pdata[i];

      if (!p->found)
        g_string_append_printf (out, _ ("  %s: not installed in the runtime%s%s\n"), p->name,
                                p->error != NULL ? ": " : "", p->error != NULL ? p->error : "");
    }
  for (guint i = 0; i < walk->imports->len; i++)
    {
      const RcSealImport *imp = walk->imports->pdata[i];
      g_autofree char *via = NULL;

      if (imp->ok)
        continue;
      if (imp->reached == NULL)
        {
          /* TRANSLATORS: a module that fails to import for a reason other than the seal */
          g_string_append_printf (out, _ ("  FAIL %s (not the seal): %s\n"), imp->module,
                                  imp->error);
          continue;
        }
      via = g_strjoinv (" → ", imp->stack);
      /* TRANSLATORS: "FAIL seal_fixture.uses_ffi reached ctypes (via seal_fixture.uses_ffi →
       * seal_fixture.ffi)" */
      g_string_append_printf (out, _ ("  FAIL %s reached %s (via %s)\n"), imp->module, imp->reached,
                              *via != '\0' ? via : imp->module);
    }
}

static guint
count_modules (const RcSealWalk *walk)
{
  return walk != NULL ? walk->imports->len : 0;
}

static char *
yaml_list (GStrv list)
{
  g_autofree char *inner = g_strjoinv (", ", list);

  return g_strdup_printf ("import_before_seal: [%s]", inner);
}

static void
format_cost (GString *out, const RcSealReport *self)
{
  /* TRANSLATORS: what the recommended import_before_seal costs at boot */
  g_string_append_printf (out, _ ("  cost: the import_before_seal steps take %.2f s"),
                          self->with.import_ms / 1000);
  if (self->base.heap_bytes >= 0 && self->with.heap_bytes >= 0)
    g_string_append_printf (out, _ ("; heap after boot %+.1f MB (%.1f MB → %.1f MB)"),
                            (self->with.heap_bytes - self->base.heap_bytes) / 1e6,
                            self->base.heap_bytes / 1e6, self->with.heap_bytes / 1e6);
  if (self->base.boot_ms >= 0 && self->with.boot_ms >= 0)
    /* TRANSLATORS: one cold boot each, so the difference includes the machine's noise */
    g_string_append_printf (out, _ ("; whole boot %.2f s → %.2f s (one cold boot each)"),
                            self->base.boot_ms / 1000, self->with.boot_ms / 1000);
  g_string_append_c (out, '\n');
}

char *
rc_seal_report_format (const RcSealReport *self)
{
  GString *out = g_string_new (NULL);
  g_autofree char *configured = yaml_list (self->configured);
  guint failed = self->first != NULL ? rc_seal_walk_count_failed (self->first, FALSE) : 0;

  if (self->first != NULL)
    {
      g_string_append_printf (out, _ ("%u modules imported under the seal with %s: %u failed\n"),
                              count_modules (self->first), configured, failed);
      format_failures (out, self->first);
    }
  if (self->recommended != NULL && self->tried != NULL)
    {
      g_autofree char *line = yaml_list (self->recommended);

      g_string_append_printf (
          out, _ ("recommended (every module imported after a re-boot with it, %u boots):\n  %s\n"),
          self->boots, line);
      format_cost (out, self);
    }
  else if (self->recommended != NULL && failed == 0)
    g_string_append (out, _ ("nothing to add: every module imports under the seal\n"));
  else if (self->tried != NULL && self->checked != NULL)
    {
      g_autofree char *line = yaml_list (self->tried);

      g_string_append_printf (out, _ ("still failing after a re-boot with %s:\n"), line);
      format_failures (out, self->checked);
    }
  if (self->problem != NULL)
    g_string_append_printf (out, _ ("problem: %s\n"), self->problem);
  return g_string_free (out, FALSE);
}
