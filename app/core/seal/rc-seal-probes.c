/* rc-seal-probes.c
 *
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "core/seal/rc-seal-probes.h"

const char *const rc_sealed_import_roots[] = { "micropip",     "js",     "pyodide", "pyodide_js",
                                               "pyodide_http", "ctypes", NULL };

/* A host that cannot be in any fetch_allow: .invalid never resolves (RFC 6761). */
#define RC_SEAL_OUTSIDE_URL "https://outside-fetch-allow.invalid/probe.txt"

static RcSealProbe *
probe_new (RcSealProbeKind kind, const char *subject, char *title, char *code)
{
  RcSealProbe *probe = g_new0 (RcSealProbe, 1);

  probe->kind = kind;
  probe->subject = g_strdup (subject);
  probe->title = title;
  probe->code = code;
  return probe;
}

static char *
python_string (const char *text)
{
  /* JSON string syntax is valid Python for the ASCII URLs and names used here. */
  g_autoptr (JsonNode) node = json_node_init_string (json_node_alloc (), text);

  return json_to_string (node, FALSE);
}

GPtrArray *
rc_seal_probes_new (const char *const *fetch_allow)
{
  GPtrArray *probes = g_ptr_array_new_with_free_func ((GDestroyNotify) rc_seal_probe_free);
  g_autofree char *outside = python_string (RC_SEAL_OUTSIDE_URL);

  for (guint i = 0; rc_sealed_import_roots[i] != NULL; i++)
    {
      const char *root = rc_sealed_import_roots[i];
      g_autofree char *quoted = python_string (root);

      /* import_module goes past the static import gate to the finder, which gives the reason. */
      g_ptr_array_add (
          probes,
          probe_new (RC_SEAL_PROBE_IMPORT_DENIED, root,
                     g_strdup_printf (_ ("import %s is denied"), root),
                     g_strdup_printf ("import importlib\nimportlib.import_module(%s)\n", quoted)));
    }
  g_ptr_array_add (
      probes, probe_new (RC_SEAL_PROBE_EGRESS_REFUSED, RC_SEAL_OUTSIDE_URL,
                         g_strdup (_ ("egress outside fetch_allow is refused")),
                         g_strdup_printf ("r = await osa.fetch(%s)\nprint(r.status)\n", outside)));
  if (fetch_allow != NULL && fetch_allow[0] != NULL)
    {
      g_autofree char *allowed = python_string (fetch_allow[0]);

      g_ptr_array_add (probes, probe_new (RC_SEAL_PROBE_ALLOWED_READABLE, fetch_allow[0],
                                          g_strdup_printf (_ ("%s is readable"), fetch_allow[0]),
                                          g_strdup_printf ("r = await osa.fetch(%s)\n"
                                                           "print('HTTP', r.status)\n",
                                                           allowed)));
    }
  return probes;
}

void
rc_seal_probe_free (RcSealProbe *probe)
{
  if (probe == NULL)
    return;
  g_free (probe->subject);
  g_free (probe->title);
  g_free (probe->code);
  g_free (probe);
}

static RcSealVerdict *
verdict_new (gboolean passed, char *detail)
{
  RcSealVerdict *verdict = g_new0 (RcSealVerdict, 1);

  verdict->passed = passed;
  verdict->detail = detail;
  return verdict;
}

RcSealVerdict *
rc_seal_verdict_new_not_run (char *detail)
{
  RcSealVerdict *verdict = verdict_new (FALSE, detail);

  verdict->not_run = TRUE;
  return verdict;
}

/* The last non-empty line of @text: the exception line of a traceback. */
static char *
last_line (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);

  for (int i = (int) g_strv_length (lines) - 1; i >= 0; i--)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '\0')
        return g_strdup (lines[i]);
    }
  return g_strdup ("");
}

/* The stripped line of @text that contains @needle, or NULL: the worker's stderr may end with
 * a summary or source lines, and the verdict should quote the refusal itself. */
static char *
line_containing (const char *text, const char *needle)
{
  g_auto (GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], needle) != NULL)
      return g_strstrip (g_strdup (lines[i]));
  return NULL;
}

RcSealVerdict *
rc_seal_probe_judge (const RcSealProbe *probe, JsonObject *result)
{
  const char *status, *out, *err;
  g_autofree char *denial = NULL;
  g_autofree char *line = NULL;

  g_return_val_if_fail (probe != NULL && result != NULL, NULL);

  status = json_object_get_string_member_with_default (result, "status", "");
  out = json_object_get_string_member_with_default (result, "stdout", "");
  err = json_object_get_string_member_with_default (result, "stderr", "");
  line = last_line (err[0] != '\0' ? err : out);
  if (g_str_equal (status, "timeout") || g_str_equal (status, "cancelled"))
    return rc_seal_verdict_new_not_run (g_strdup_printf (_ ("not run (%s): %s"), status, line));

  switch (probe->kind)
    {
    case RC_SEAL_PROBE_IMPORT_DENIED:
      denial = g_strdup_printf ("'%s' is not available to executed code.", probe->subject);
      if (strstr (err, denial) != NULL)
        return verdict_new (TRUE, line_containing (err, denial));
      if (g_str_equal (status, "ok"))
        return verdict_new (FALSE,
                            g_strdup_printf (_ ("%s imported: the seal is open"), probe->subject));
      return verdict_new (
          FALSE, g_strdup_printf (_ ("refused without the seal's reason (%s): %s"), status, line));
    case RC_SEAL_PROBE_EGRESS_REFUSED:
      if (g_str_equal (status, "ok"))
        {
          g_autofree char *answer = last_line (out);

          return verdict_new (FALSE, g_strdup_printf (_ ("the fetch got a response: %s"), answer));
        }
      if (strstr (err, "not_in_fetch_allow") != NULL)
        return verdict_new (TRUE, line_containing (err, "not_in_fetch_allow"));
      if (strstr (err, "egress policy") != NULL)
        return verdict_new (TRUE, line_containing (err, "egress policy"));
      return verdict_new (FALSE,
                          g_strdup_printf (_ ("failed, but not by the egress guard: %s"), line));
    case RC_SEAL_PROBE_ALLOWED_READABLE:
    default:
      if (g_str_equal (status, "ok") && g_str_has_prefix (out, "HTTP "))
        return verdict_new (TRUE, last_line (out));
      return verdict_new (FALSE, g_strdup_printf (_ ("no response (%s): %s"), status, line));
    }
}

void
rc_seal_verdict_free (RcSealVerdict *verdict)
{
  if (verdict == NULL)
    return;
  g_free (verdict->detail);
  g_free (verdict);
}
