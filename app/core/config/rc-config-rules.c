/* rc-config-rules.c: CommunityConfig's own fields (§1.3) and its model validators. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/config/rc-validator.h"

static const char *const top_keys[] = { "id",
                                        "name",
                                        "description",
                                        "status",
                                        "system_prompt",
                                        "documentation",
                                        "github",
                                        "citations",
                                        "discourse",
                                        "mailman",
                                        "docstrings",
                                        "faq_generation",
                                        "public_feeds",
                                        "sync",
                                        "extensions",
                                        "runtime",
                                        "notebook",
                                        "enable_page_context",
                                        "cors_origins",
                                        "anthropic_api_key_env_var",
                                        "openrouter_api_key_env_var",
                                        "default_model",
                                        "reasoning_effort",
                                        "model_instructions",
                                        "default_model_provider",
                                        "maintainers",
                                        "budget",
                                        "widget",
                                        "links",
                                        NULL };
static const char *const status_choices[] = { "available", "beta", "coming_soon", NULL };
static const char *const effort_choices[] = {
  "none", "low", "medium", "high", "xhigh", "max", NULL
};

typedef struct
{
  const char *key;
  const char *model; /* pydantic model name for a mapping section */
  const char *const *keys;
  const char *const *required; /* list sections: fields with no default */
} Section;

static const char *const github_keys[] = { "repos", NULL };
static const char *const citations_keys[] = { "queries",      "dois",    "live_search",
                                              "paper_labels", "aliases", NULL };
static const char *const docstrings_keys[] = { "repos", NULL };
static const char *const faq_keys[] = { "evaluation_agent", "summary_agent", "quality_threshold",
                                        "sources", NULL };
static const char *const feeds_keys[] = { "faq", "citations", NULL };
static const char *const sync_keys[] = { "github", "papers", "docstrings", "mailman",
                                         "faq",    "beps",   "discourse",  NULL };
static const char *const budget_keys[] = { "daily_limit_usd", "monthly_limit_usd",
                                           "alert_threshold_pct", NULL };
static const char *const links_keys[] = { "homepage", "documentation", "repository", "demo", NULL };
static const char *const widget_keys[] = { "title",
                                           "initial_message",
                                           "placeholder",
                                           "suggested_questions",
                                           "dataset_suggested_questions",
                                           "theme_color",
                                           "user_bubble_color",
                                           "theme_text_color",
                                           "accent_color",
                                           "user_bubble_text_color",
                                           "logo_url",
                                           "launcher",
                                           "color_scheme",
                                           "launcher_label",
                                           "launcher_position",
                                           "launcher_size",
                                           "launcher_open_size",
                                           "launcher_offset_x",
                                           "launcher_offset_y",
                                           "launcher_mobile_offset_x",
                                           "launcher_mobile_offset_y",
                                           NULL };
static const char *const launcher_choices[] = { "bubble", "capsule", NULL };

/* Optional sections that are a model (mapping | null) and checked at the shape level. */
static const Section sections[] = {
  { "github", "GitHubConfig", github_keys },
  { "citations", "CitationConfig", citations_keys },
  { "docstrings", "DocstringsConfig", docstrings_keys },
  { "faq_generation", "FAQGenerationConfig", faq_keys },
  { "public_feeds", "PublicFeedsConfig", feeds_keys },
  { "sync", "SyncConfig", sync_keys },
  { "budget", "BudgetConfig", budget_keys },
  { "widget", "WidgetConfig", widget_keys },
  { "links", "LinksConfig", links_keys },
};

/* Lists of models, checked to be lists of mappings. */
static const char *const doc_keys[] = { "title",       "url",         "source_url",
                                        "preload",     "category",    "type",
                                        "source_repo", "description", NULL };
static const char *const doc_required[] = { "title", "url", NULL };
static const char *const discourse_keys[] = { "url", "tags", "categories", NULL };
static const char *const discourse_required[] = { "url", NULL };
static const char *const mailman_keys[] = { "list_name", "base_url", "display_name", "start_year",
                                            NULL };
static const char *const mailman_required[] = { "list_name", "base_url", NULL };

static const Section list_sections[] = {
  { "documentation", "DocSource", doc_keys, doc_required },
  { "discourse", "DiscourseConfig", discourse_keys, discourse_required },
  { "mailman", "MailmanConfig", mailman_keys, mailman_required },
};

static gboolean
regex_matches (const char *pattern, const char *text)
{
  return g_regex_match_simple (pattern, text, G_REGEX_DOLLAR_ENDONLY, 0);
}

static void
check_id (RcCheck *c, RcYamlNode *root, const char *folder_name, RcConfigFacts *facts)
{
  RcYamlNode *v = rc_check_required (c, root, "", "id");
  g_autofree char *id = NULL;

  if (v == NULL || !rc_check_str (c, v, "id"))
    return;
  id = g_strstrip (g_strdup (v->text));
  facts->id = g_strdup (id);
  if (id[0] == '\0')
    rc_check_error (c, v, "id", "id-empty", _ ("Set id to the community's folder name."),
                    "Community ID cannot be empty");
  else if (!regex_matches ("^[a-z0-9]+(-[a-z0-9]+)*$", id))
    rc_check_error (c, v, "id", "id-kebab-case",
                    _ ("Use lower-case letters, digits and single hyphens, such as my-community."),
                    "Community ID must be kebab-case (lowercase, hyphens): %s", id);
  else if (folder_name != NULL && !g_str_equal (folder_name, id))
    {
      g_autofree char *hint =
          g_strdup_printf (_ ("Rename the folder to '%s', or set id: %s."), id, folder_name);

      rc_check_report (c, RC_SEVERITY_WARNING, v, "id", "folder-id-mismatch", hint,
                       "the folder is named '%s' but id is '%s'; OSA resolves runtime.python."
                       "lockfile and notebook.starter against src/assistants/%s/, not this folder",
                       folder_name, id, id);
    }
}

static void
check_sections (RcCheck *c, RcYamlNode *root)
{
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      RcYamlNode *v = rc_yaml_map_get (root, sections[i].key);

      if (v != NULL && v->kind != RC_YAML_NULL
          && rc_check_mapping (c, v, sections[i].key, sections[i].model))
        rc_check_extra_keys (c, v, sections[i].key, sections[i].keys);
    }
  for (guint i = 0; i < G_N_ELEMENTS (list_sections); i++)
    {
      RcYamlNode *v = rc_yaml_map_get (root, list_sections[i].key);

      if (v == NULL || !rc_check_list (c, v, list_sections[i].key))
        continue;
      for (guint j = 0; j < v->items->len; j++)
        {
          g_autofree char *path = rc_check_path_index (list_sections[i].key, j);
          RcYamlNode *item = v->items->pdata[j];

          if (!rc_check_mapping (c, item, path, list_sections[i].model))
            continue;
          rc_check_extra_keys (c, item, path, list_sections[i].keys);
          for (guint k = 0; list_sections[i].required[k] != NULL; k++)
            rc_check_required (c, item, path, list_sections[i].required[k]);
        }
    }
}

static gboolean
is_blank (const char *text)
{
  for (; *text; text++)
    if (!g_ascii_isspace (*text))
      return FALSE;
  return TRUE;
}

static const char *const doc_types[] = { "sphinx", "mkdocs", "html", "markdown", "json", NULL };

/* DocSource: its type, and validate_preload_has_source_url. */
static void
check_documentation (RcCheck *c, RcYamlNode *root)
{
  RcYamlNode *list = rc_yaml_map_get (root, "documentation");

  for (guint i = 0; list != NULL && list->kind == RC_YAML_SEQ && i < list->items->len; i++)
    {
      RcYamlNode *doc = list->items->pdata[i], *v, *title, *source;
      g_autofree char *path = rc_check_path_index ("documentation", i);
      g_autofree char *type_path = rc_check_path (path, "type");
      g_autofree char *preload_path = rc_check_path (path, "preload");
      gboolean preload = FALSE;

      if (doc->kind != RC_YAML_MAP)
        continue;
      if ((v = rc_yaml_map_get (doc, "type")) != NULL)
        rc_check_literal (c, v, type_path, doc_types);
      if ((v = rc_yaml_map_get (doc, "preload")) == NULL
          || !rc_check_bool (c, v, preload_path, &preload) || !preload)
        continue;
      source = rc_yaml_map_get (doc, "source_url");
      title = rc_yaml_map_get (doc, "title");
      if (source == NULL || source->kind == RC_YAML_NULL
          || (source->kind == RC_YAML_STR && is_blank (source->text)))
        rc_check_error (c, v, preload_path, "documentation-preload",
                        _ ("Add a source_url to fetch the content from, or set preload: false."),
                        "DocSource '%s' has preload=True but no source_url. Preloaded documents "
                        "require a source_url to fetch content.",
                        title && title->kind == RC_YAML_STR ? title->text : "");
    }
}

static void
check_github_repos (RcCheck *c, RcYamlNode *root)
{
  RcYamlNode *repos = rc_yaml_lookup (root, "github.repos");

  if (repos == NULL || !rc_check_str_list (c, repos, "github.repos"))
    return;
  for (guint i = 0; i < repos->items->len; i++)
    {
      RcYamlNode *repo = repos->items->pdata[i];
      g_autofree char *path = rc_check_path_index ("github.repos", i);
      g_autofree char *text = g_strstrip (g_strdup (repo->text));

      if (text[0] == '\0')
        rc_check_error (c, repo, path, "github-repo", _ ("Remove the empty entry."),
                        "Repository name cannot be empty");
      else if (!regex_matches ("^[a-zA-Z0-9_.-]+/[a-zA-Z0-9_.-]+$", text))
        rc_check_error (c, repo, path, "github-repo", _ ("Write it as org/repo."),
                        "Repository must be in 'org/repo' format, got: %s", text);
    }
}

static void
check_cors_origins (RcCheck *c, RcYamlNode *root, RcConfigFacts *facts)
{
  RcYamlNode *list = rc_yaml_map_get (root, "cors_origins");
  const char *pattern = "^https?://(\\*\\.)?[a-zA-Z0-9]([a-zA-Z0-9\\-]*[a-zA-Z0-9])?"
                        "(\\.[a-zA-Z0-9]([a-zA-Z0-9\\-]*[a-zA-Z0-9])?)*(:\\d{1,5})?$";

  if (list == NULL || !rc_check_str_list (c, list, "cors_origins"))
    return;
  for (guint i = 0; i < list->items->len; i++)
    {
      RcYamlNode *item = list->items->pdata[i];
      g_autofree char *path = rc_check_path_index ("cors_origins", i);
      g_autofree char *origin = g_strstrip (g_strdup (item->text));

      if (origin[0] == '\0')
        continue;
      if (g_utf8_strlen (origin, -1) > 255)
        rc_check_error (c, item, path, "cors-origin", _ ("An origin is scheme, host and port."),
                        "CORS origin too long (max 255 chars): %.50s...", origin);
      else if (!regex_matches (pattern, origin))
        rc_check_error (c, item, path, "cors-origin",
                        _ ("Write scheme, host and optional port, with no path or trailing '/'."),
                        "Invalid CORS origin '%s'. Must be a valid origin (e.g., "
                        "'https://example.org' or 'https://*.pages.dev')",
                        origin);
      else if (!g_ptr_array_find_with_equal_func (facts->cors_origins, origin, g_str_equal, NULL))
        g_ptr_array_add (facts->cors_origins, g_steal_pointer (&origin));
    }
}

static void
check_env_var (RcCheck *c, RcYamlNode *root, const char *key, const char *prefix)
{
  RcYamlNode *v = rc_yaml_map_get (root, key);
  g_autofree char *text = NULL, *pattern = NULL;

  if (v == NULL || !rc_check_optional_str (c, v, key) || v->kind == RC_YAML_NULL)
    return;
  text = g_strstrip (g_strdup (v->text));
  if (text[0] == '\0')
    {
      rc_check_report (c, RC_SEVERITY_WARNING, v, key, "api-key-env-var-blank",
                       _ ("Remove the key, or fix the template that should have filled it."),
                       "%s was set but blank/whitespace-only; treating it as not configured", key);
      return;
    }
  pattern = g_strdup_printf ("^%s[A-Z0-9_]+$", prefix);
  if (!regex_matches (pattern, text))
    rc_check_error (c, v, key, "api-key-env-var", _ ("Name a variable such as <PREFIX>HED."),
                    "Invalid environment variable name: '%s'. Must match pattern: %s[A-Z0-9_]+ "
                    "(e.g., '%sHED')",
                    text, prefix, prefix);
}

static void
check_default_model (RcCheck *c, RcYamlNode *root)
{
  RcYamlNode *v = rc_yaml_map_get (root, "default_model");
  g_autofree char *text = NULL;

  if (v == NULL || !rc_check_optional_str (c, v, "default_model") || v->kind == RC_YAML_NULL)
    return;
  text = g_strstrip (g_strdup (v->text));
  if (text[0] == '\0')
    return;
  if (!regex_matches ("^[a-zA-Z0-9_.-]+(/[a-zA-Z0-9._-]+)?(:[a-zA-Z0-9._-]+)*$", text))
    rc_check_error (c, v, "default_model", "default-model",
                    _ ("Use an offered model id, such as claude-haiku-4-5."),
                    "Invalid model name: '%s'. Must match pattern: provider/model-name (e.g., "
                    "'anthropic/claude-3.5-sonnet') or a bare first-party id (e.g., "
                    "'claude-haiku-4-5')",
                    text);
  else if (g_utf8_strlen (text, -1) > 100)
    rc_check_error (c, v, "default_model", "default-model", _ ("Use an offered model id."),
                    "Model name too long (max 100 chars): %.50s...", text);
}

static void
check_maintainers (RcCheck *c, RcYamlNode *list)
{
  if (!rc_check_str_list (c, list, "maintainers"))
    return;
  for (guint i = 0; i < list->items->len; i++)
    {
      RcYamlNode *item = list->items->pdata[i];
      g_autofree char *path = rc_check_path_index ("maintainers", i);
      g_autofree char *name = g_strstrip (g_strdup (item->text));

      if (name[0] != '\0' && !regex_matches ("^[a-zA-Z0-9]([a-zA-Z0-9-]{0,37}[a-zA-Z0-9])?$", name))
        rc_check_error (c, item, path, "maintainer",
                        _ ("Write the GitHub username alone, without @."),
                        "Invalid GitHub username: '%s'. Must be 1-39 alphanumeric characters or "
                        "hyphens, cannot start/end with hyphen.",
                        name);
    }
}

static void
check_scalars (RcCheck *c, RcYamlNode *root, RcConfigFacts *facts)
{
  RcYamlNode *v;

  if ((v = rc_check_required (c, root, "", "name")) != NULL && rc_check_str (c, v, "name"))
    facts->name = g_strdup (v->text);
  if ((v = rc_check_required (c, root, "", "description")) != NULL
      && rc_check_str (c, v, "description"))
    facts->description = g_strdup (v->text);
  if ((v = rc_yaml_map_get (root, "status")) != NULL)
    rc_check_literal (c, v, "status", status_choices);
  if ((v = rc_yaml_map_get (root, "system_prompt")) != NULL)
    rc_check_optional_str (c, v, "system_prompt");
  if ((v = rc_yaml_map_get (root, "enable_page_context")) != NULL)
    rc_check_bool (c, v, "enable_page_context", NULL);
  if ((v = rc_yaml_map_get (root, "reasoning_effort")) != NULL && v->kind != RC_YAML_NULL)
    rc_check_literal (c, v, "reasoning_effort", effort_choices);
  if ((v = rc_yaml_map_get (root, "default_model_provider")) != NULL)
    rc_check_optional_str (c, v, "default_model_provider");
  if ((v = rc_yaml_map_get (root, "maintainers")) != NULL)
    check_maintainers (c, v);
  if ((v = rc_yaml_map_get (root, "model_instructions")) != NULL
      && rc_check_mapping (c, v, "model_instructions", NULL))
    for (guint i = 0; i < v->items->len; i++)
      {
        RcYamlPair *pair = v->items->pdata[i];
        g_autofree char *path = rc_check_path ("model_instructions", rc_yaml_key_text (pair->key));

        rc_check_str (c, pair->value, path);
      }
}

static void
check_widget_launcher (RcCheck *c, RcYamlNode *root)
{
  RcYamlNode *v = rc_yaml_lookup (root, "widget.launcher");

  if (v != NULL && rc_yaml_map_get (root, "widget")->kind == RC_YAML_MAP)
    rc_check_literal (c, v, "widget.launcher", launcher_choices);
}

void
rc_config_validate (RcYamlNode *root, const char *folder_name, RcCheck *c, RcConfigFacts *facts)
{
  RcYamlNode *v;

  for (guint i = 0; i < RC_N_LIMITS; i++)
    facts->limits[i] = rc_limit_spec ((RcLimit) i)->default_value;
  if (facts->cors_origins == NULL)
    facts->cors_origins = g_ptr_array_new_with_free_func (g_free);
  rc_check_extra_keys (c, root, "", top_keys);
  check_id (c, root, folder_name, facts);
  check_scalars (c, root, facts);
  check_sections (c, root);
  check_documentation (c, root);
  check_github_repos (c, root);
  check_cors_origins (c, root, facts);
  check_env_var (c, root, "anthropic_api_key_env_var", "ANTHROPIC_API_KEY_");
  check_env_var (c, root, "openrouter_api_key_env_var", "OPENROUTER_API_KEY_");
  check_default_model (c, root);
  check_widget_launcher (c, root);
  if ((v = rc_yaml_map_get (root, "widget")) != NULL)
    rc_config_check_widget (c, v);
  if ((v = rc_yaml_map_get (root, "budget")) != NULL)
    rc_config_check_budget (c, v);
  if ((v = rc_yaml_map_get (root, "extensions")) != NULL)
    rc_config_check_extensions (c, v, facts);
  if ((v = rc_yaml_map_get (root, "runtime")) != NULL)
    rc_config_check_runtime (c, v, facts);
  if ((v = rc_yaml_map_get (root, "notebook")) != NULL)
    rc_config_check_notebook (c, v);
  rc_config_check_cross (c, root, facts);
}

void
rc_config_facts_clear (RcConfigFacts *facts)
{
  g_clear_pointer (&facts->id, g_free);
  g_clear_pointer (&facts->name, g_free);
  g_clear_pointer (&facts->description, g_free);
  g_clear_pointer (&facts->lockfile, g_free);
  g_clear_pointer (&facts->cors_origins, g_ptr_array_unref);
}
