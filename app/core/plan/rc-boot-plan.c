/* rc-boot-plan.c: the host page's boot plan and the request sequence of a successful boot. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/plan/rc-boot-plan.h"
#include "core/model/rc-lock-overlay.h"
#include "core/base/rc-json-util.h"

/* Unformatted: clang-format would space the dashes of the quark's name. */
/* clang-format off */
G_DEFINE_QUARK (rc-boot-plan-error-quark, rc_boot_plan_error)
/* clang-format on */

static JsonObject *
plan_runtime (JsonObject *plan)
{
  return json_object_get_object_member (plan, "runtime");
}

static JsonObject *
payload_member_object (JsonObject *payload, const char *name)
{
  JsonNode *node = json_object_get_member (payload, name);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  return json_node_get_object (node);
}

/* runtime.python and runtime_lock.packages exactly as /config sends them; when /config would
 * send none (no client tools, overlay not verified), the configured values instead. */
static gboolean
plan_runtime_and_lock (RcCommunity *community, RcDeployment deployment, JsonObject **runtime,
                       JsonNode **packages, char **note)
{
  g_autoptr (JsonNode) payload = rc_community_build_config_payload (community, deployment);
  JsonObject *object =
      payload != NULL && JSON_NODE_HOLDS_OBJECT (payload) ? json_node_get_object (payload) : NULL;
  JsonObject *rt = object != NULL ? payload_member_object (object, "runtime") : NULL;
  JsonObject *python = rt != NULL ? payload_member_object (rt, "python") : NULL;
  JsonObject *lock = object != NULL ? payload_member_object (object, "runtime_lock") : NULL;

  if (python != NULL)
    {
      *runtime = json_object_ref (python);
      if (lock != NULL && json_object_has_member (lock, "packages"))
        *packages = json_node_copy (json_object_get_member (lock, "packages"));
      return TRUE;
    }

  *runtime = rc_community_get_runtime_python (community, deployment);
  if (*runtime == NULL)
    return FALSE;
  if (rc_community_get_overlay (community) != NULL)
    {
      g_autoptr (JsonNode) lock =
          rc_lock_overlay_get_packages_json (rc_community_get_overlay (community));

      if (lock != NULL && JSON_NODE_HOLDS_OBJECT (lock)
          && json_object_has_member (json_node_get_object (lock), "packages"))
        *packages =
            json_node_copy (json_object_get_member (json_node_get_object (lock), "packages"));
    }
  *note = g_strdup (_ ("/config would send no runtime for this community (no client tools, or "
                       "the lock overlay does not verify); the console boots the configured "
                       "runtime anyway to show what the browser does"));
  return TRUE;
}

JsonObject *
rc_boot_plan_build (RcCommunity *community, RcDeployment deployment, const char *api_origin,
                    const char *worker_kind, char **note, GError **error)
{
  g_autoptr (JsonObject) runtime = NULL;
  g_autoptr (JsonNode) packages = NULL;
  g_autoptr (JsonObject) plan = json_object_new ();
  const char *id = rc_community_get_id (community);

  if (!plan_runtime_and_lock (community, deployment, &runtime, &packages, note))
    {
      g_set_error (error, RC_BOOT_PLAN_ERROR, RC_BOOT_PLAN_ERROR_NO_RUNTIME,
                   _ ("%s/config.yaml has no runtime.python: there is nothing to boot"),
                   rc_community_get_dir (community));
      return NULL;
    }

  json_object_set_string_member (plan, "worker", worker_kind);
  json_object_set_object_member (plan, "runtime", g_steal_pointer (&runtime));
  if (packages != NULL && JSON_NODE_HOLDS_OBJECT (packages)
      && json_object_get_size (json_node_get_object (packages)) > 0)
    {
      JsonObject *lock = json_object_new ();
      g_autofree char *base = g_strdup_printf ("%s/%s/runtime/", api_origin, id ? id : "");

      json_object_set_member (lock, "packages", g_steal_pointer (&packages));
      json_object_set_string_member (lock, "baseUrl", base);
      json_object_set_object_member (plan, "lock", lock);
    }
  else
    json_object_set_null_member (plan, "lock");
  if (g_strcmp0 (worker_kind, "osa") == 0)
    json_object_set_string_member (plan, "bundle", "/osa-runtime.bundle.js");
  json_object_set_boolean_member (
      plan, "module",
      rc_boot_plan_version_is_module (json_object_get_string_member_with_default (
          plan_runtime (plan), "pyodide_version", NULL)));
  return g_steal_pointer (&plan);
}

gboolean
rc_boot_plan_version_is_module (const char *version)
{
  char *end = NULL;
  guint64 major;

  if (version == NULL)
    return FALSE;
  major = g_ascii_strtoull (version, &end, 10);
  return end != version && (*end == '.' || *end == '\0') && major >= RC_PYODIDE_FIRST_MODULE;
}

void
rc_boot_plan_set_pyodide (JsonObject *plan, const char *version)
{
  JsonObject *runtime = plan_runtime (plan);
  const char *pinned = json_object_get_string_member_with_default (runtime, "pyodide_version", "");

  if (!json_object_has_member (plan, "pinned_pyodide") && !g_str_equal (pinned, version))
    json_object_set_string_member (plan, "pinned_pyodide", pinned);
  json_object_set_string_member (runtime, "pyodide_version", version);
  json_object_set_boolean_member (plan, "module", rc_boot_plan_version_is_module (version));
}

gboolean
rc_boot_plan_is_module (JsonObject *plan)
{
  return json_object_get_boolean_member_with_default (plan, "module", FALSE);
}

char *
rc_boot_plan_index_url (JsonObject *plan)
{
  const char *version =
      json_object_get_string_member_with_default (plan_runtime (plan), "pyodide_version", "");

  return g_strdup_printf ("%s/pyodide/v%s/full/", RC_PYODIDE_CDN_ORIGIN, version);
}

GStrv
rc_boot_plan_fetch_allow (JsonObject *plan)
{
  return rc_json_object_dup_strv (plan_runtime (plan), "fetch_allow");
}

static JsonObject *
plan_lock_packages (JsonObject *plan)
{
  JsonNode *lock = json_object_get_member (plan, "lock");

  if (lock == NULL || !JSON_NODE_HOLDS_OBJECT (lock))
    return NULL;
  return json_object_get_object_member (json_node_get_object (lock), "packages");
}

GPtrArray *
rc_boot_plan_expected_urls (JsonObject *plan, const char *page_base)
{
  static const char *const page_files[] = { "/index.html", "/host.css", "/host.js",
                                            "/boot-plan.json", NULL };
  GPtrArray *urls = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *index_url = rc_boot_plan_index_url (plan);
  JsonObject *packages = plan_lock_packages (plan);
  JsonNode *lock = json_object_get_member (plan, "lock");
  gboolean osa =
      g_strcmp0 (json_object_get_string_member_with_default (plan, "worker", ""), "osa") == 0;
  gboolean module = rc_boot_plan_is_module (plan);

  for (guint i = 0; page_files[i] != NULL; i++)
    g_ptr_array_add (urls, g_strconcat (page_base, page_files[i], NULL));
  if (osa)
    {
      g_ptr_array_add (urls, g_strconcat (page_base, "/osa-runtime.bundle.js", NULL));
      g_ptr_array_add (urls, g_strconcat (page_base, "/heap-probe.js", NULL));
    }
  else
    g_ptr_array_add (urls, g_strconcat (page_base, "/worker.js", NULL));

  /* With an overlay the worker reads the stock lock itself, before pyodide.js (.mjs). */
  if (packages != NULL)
    g_ptr_array_add (urls, g_strconcat (index_url, "pyodide-lock.json", NULL));
  g_ptr_array_add (urls, g_strconcat (index_url, module ? "pyodide.mjs" : "pyodide.js", NULL));
  g_ptr_array_add (urls,
                   g_strconcat (index_url, module ? "pyodide.asm.mjs" : "pyodide.asm.js", NULL));
  /* The snapshot scenario's memory snapshot (rc-snapshot.h), fetched as loadPyodide starts. */
  if (json_object_has_member (plan, "snapshot"))
    g_ptr_array_add (urls, g_strdup (json_object_get_string_member (plan, "snapshot")));
  g_ptr_array_add (urls, g_strconcat (index_url, "pyodide.asm.wasm", NULL));
  g_ptr_array_add (urls, g_strconcat (index_url, "python_stdlib.zip", NULL));
  if (packages == NULL)
    g_ptr_array_add (urls, g_strconcat (index_url, "pyodide-lock.json", NULL));

  if (packages != NULL)
    {
      const char *base =
          json_object_get_string_member_with_default (json_node_get_object (lock), "baseUrl", "");
      g_autoptr (GList) keys = json_object_get_members (packages);

      for (GList *l = keys; l != NULL; l = l->next)
        {
          JsonNode *entry = json_object_get_member (packages, l->data);
          const char *file = JSON_NODE_HOLDS_OBJECT (entry)
                                 ? json_object_get_string_member_with_default (
                                     json_node_get_object (entry), "file_name", NULL)
                                 : NULL;

          if (file != NULL)
            g_ptr_array_add (urls, g_strconcat (base, file, NULL));
        }
    }
  return urls;
}

guint
rc_boot_plan_rename_wheel (JsonObject *plan, const char *file_name, const char *new_file_name)
{
  JsonNode *lock = json_object_get_member (plan, "lock");
  JsonObject *packages;
  g_autoptr (GList) entries = NULL;
  guint renamed = 0;

  if (lock == NULL || !JSON_NODE_HOLDS_OBJECT (lock)
      || !json_object_has_member (json_node_get_object (lock), "packages"))
    return 0;
  packages = json_object_get_object_member (json_node_get_object (lock), "packages");
  entries = packages != NULL ? json_object_get_values (packages) : NULL;
  for (GList *l = entries; l != NULL; l = l->next)
    {
      JsonObject *entry = JSON_NODE_HOLDS_OBJECT (l->data) ? json_node_get_object (l->data) : NULL;

      if (entry != NULL
          && g_strcmp0 (json_object_get_string_member_with_default (entry, "file_name", ""),
                        file_name)
                 == 0)
        {
          json_object_set_string_member (entry, "file_name", new_file_name);
          renamed++;
        }
    }
  return renamed;
}
