/* rc-config-widget.c: the `widget` and `budget` sections of CommunityConfig (§1.3). Their
 * mapping shape and unknown keys are checked with the other sections in rc-config-rules.c. */
#include "config.h"

#include <glib/gi18n.h>

#include "core/config/rc-validator.h"

#define COLOR_PATTERN "^#[0-9a-fA-F]{6}$"

static const char *const color_fields[] = {
  "theme_color",  "user_bubble_color",      "theme_text_color",
  "accent_color", "user_bubble_text_color", NULL
};
static const char *const size_fields[] = { "launcher_size", "launcher_open_size", NULL };
static const char *const offset_fields[] = { "launcher_offset_x", "launcher_offset_y",
                                             "launcher_mobile_offset_x", "launcher_mobile_offset_y",
                                             NULL };
static const char *const color_schemes[] = { "light", "auto", NULL };
static const char *const positions[] = { "bottom-right", "bottom-left", NULL };

typedef struct
{
  const char *key;
  glong max_chars;
} TextField;

/* str | None with a max_length; title, initial_message and placeholder are stripped first. */
static const TextField text_fields[] = {
  { "title", 100 },    { "initial_message", 1000 }, { "placeholder", 200 },
  { "logo_url", 500 }, { "launcher_label", 40 },
};

static gboolean
strict_int_in (RcCheck *c, RcYamlNode *v, const char *path, gint64 min, gint64 max, gint64 *out)
{
  if (!rc_check_strict_int (c, v, path, out))
    return FALSE;
  if (*out < min || v->overflow)
    rc_check_error (c, v, path, "widget-launcher-geometry", _ ("Use a pixel size in range."),
                    "Input should be greater than or equal to %" G_GINT64_FORMAT, min);
  else if (*out > max)
    rc_check_error (c, v, path, "widget-launcher-geometry", _ ("Use a pixel size in range."),
                    "Input should be less than or equal to %" G_GINT64_FORMAT, max);
  else
    return TRUE;
  return FALSE;
}

static void
check_text_field (RcCheck *c, RcYamlNode *v, const char *path, const TextField *field)
{
  g_autofree char *stripped = NULL;

  if (!rc_check_optional_str (c, v, path) || v->kind == RC_YAML_NULL)
    return;
  stripped = g_strstrip (g_strdup (v->text));
  if (g_utf8_strlen (stripped, -1) > field->max_chars)
    rc_check_error (c, v, path, "widget-text-length", _ ("Shorten the text."),
                    "String should have at most %ld characters", field->max_chars);
  else if (g_str_equal (field->key, "logo_url") && stripped[0] != '\0'
           && !g_str_has_prefix (stripped, "http://") && !g_str_has_prefix (stripped, "https://")
           && stripped[0] != '/')
    rc_check_error (c, v, path, "widget-logo-url",
                    _ ("Use an http(s) URL or a path starting with '/'."),
                    "logo_url must use http://, https://, or be a path starting with '/'");
  else if (g_str_equal (field->key, "launcher_label")
           && (strchr (stripped, '<') != NULL || strchr (stripped, '>') != NULL))
    rc_check_error (c, v, path, "widget-launcher-label", _ ("Remove the markup."),
                    "launcher_label must be plain text (no '<' or '>')");
}

static void
check_question_lists (RcCheck *c, RcYamlNode *widget)
{
  RcYamlNode *v;
  guint n = 0;

  if ((v = rc_yaml_map_get (widget, "suggested_questions")) != NULL
      && rc_check_str_list (c, v, "widget.suggested_questions"))
    {
      for (guint i = 0; i < v->items->len; i++)
        {
          g_autofree char *q = g_strstrip (g_strdup (((RcYamlNode *) v->items->pdata[i])->text));

          n += q[0] != '\0';
        }
      if (n > 10)
        rc_check_error (c, v, "widget.suggested_questions", "widget-questions",
                        _ ("Keep at most 10 questions."),
                        "Too many suggested questions (%u). Maximum is 10.", n);
    }
  if ((v = rc_yaml_map_get (widget, "dataset_suggested_questions")) != NULL
      && rc_check_list (c, v, "widget.dataset_suggested_questions"))
    {
      for (guint i = 0; i < v->items->len; i++)
        {
          g_autofree char *path = rc_check_path_index ("widget.dataset_suggested_questions", i);

          rc_check_mapping (c, v->items->pdata[i], path, "DatasetSuggestedQuestion");
        }
      if (v->items->len > 10)
        rc_check_error (c, v, "widget.dataset_suggested_questions", "widget-questions",
                        _ ("Keep at most 10 questions."),
                        "Too many dataset suggested questions (%u). Maximum is 10.", v->items->len);
    }
}

/* validate_launcher_sizes: the open size is no larger than the closed one. */
static void
check_launcher_sizes (RcCheck *c, RcYamlNode *widget, const gint64 sizes[2], const gboolean set[2])
{
  RcYamlNode *launcher = rc_yaml_map_get (widget, "launcher");
  const char *shape = launcher && launcher->kind == RC_YAML_STR ? launcher->text : "bubble";
  gint64 closed = set[0] ? sizes[0] : g_str_equal (shape, "capsule") ? 58 : 56;
  g_autofree char *source =
      set[0] ? g_strdup ("launcher_size") : g_strdup_printf ("the %s default", shape);

  if (!set[1] || sizes[1] <= closed)
    return;
  rc_check_error (c, rc_yaml_map_get (widget, "launcher_open_size"), "widget.launcher_open_size",
                  "widget-launcher-geometry", _ ("Make the open size at most the closed size."),
                  "launcher_open_size (%" G_GINT64_FORMAT ") cannot be larger than the closed size "
                  "(%" G_GINT64_FORMAT ", from %s)",
                  sizes[1], closed, source);
}

static void
check_geometry (RcCheck *c, RcYamlNode *widget)
{
  gint64 sizes[2] = { 0 };
  gboolean set[2] = { FALSE };
  gboolean invalid = FALSE;

  for (guint i = 0; size_fields[i] != NULL; i++)
    {
      RcYamlNode *v = rc_yaml_map_get (widget, size_fields[i]);
      g_autofree char *path = rc_check_path ("widget", size_fields[i]);

      if (v != NULL && v->kind != RC_YAML_NULL && !strict_int_in (c, v, path, 44, 96, &sizes[i]))
        invalid = TRUE;
      else
        set[i] = v != NULL && v->kind != RC_YAML_NULL;
    }
  for (guint i = 0; offset_fields[i] != NULL; i++)
    {
      RcYamlNode *v = rc_yaml_map_get (widget, offset_fields[i]);
      g_autofree char *path = rc_check_path ("widget", offset_fields[i]);
      gint64 value;

      if (v != NULL && v->kind != RC_YAML_NULL)
        strict_int_in (c, v, path, 0, 200, &value);
    }
  /* A model validator: only when both fields are valid. */
  if (!invalid)
    check_launcher_sizes (c, widget, sizes, set);
}

void
rc_config_check_widget (RcCheck *c, RcYamlNode *widget)
{
  RcYamlNode *v;

  if (widget->kind != RC_YAML_MAP)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (text_fields); i++)
    if ((v = rc_yaml_map_get (widget, text_fields[i].key)) != NULL)
      {
        g_autofree char *path = rc_check_path ("widget", text_fields[i].key);

        check_text_field (c, v, path, &text_fields[i]);
      }
  for (guint i = 0; color_fields[i] != NULL; i++)
    if ((v = rc_yaml_map_get (widget, color_fields[i])) != NULL && v->kind != RC_YAML_NULL)
      {
        g_autofree char *path = rc_check_path ("widget", color_fields[i]);

        if (rc_check_str (c, v, path))
          rc_check_pattern (c, v, path, COLOR_PATTERN, "widget-color",
                            _ ("Write a hex colour, such as \"#008a79\" (quoted: # starts a "
                               "YAML comment)."));
      }
  if ((v = rc_yaml_map_get (widget, "color_scheme")) != NULL)
    rc_check_literal (c, v, "widget.color_scheme", color_schemes);
  if ((v = rc_yaml_map_get (widget, "launcher_position")) != NULL)
    rc_check_literal (c, v, "widget.launcher_position", positions);
  check_question_lists (c, widget);
  check_geometry (c, widget);
}

static gboolean
positive (RcCheck *c, RcYamlNode *budget, const char *key, double *out)
{
  g_autofree char *path = rc_check_path ("budget", key);
  RcYamlNode *v = rc_check_required (c, budget, "budget", key);

  if (v == NULL || !rc_check_number (c, v, path, out))
    return FALSE;
  if (*out > 0)
    return TRUE;
  rc_check_error (c, v, path, "budget", _ ("Use an amount above 0."),
                  "Input should be greater than 0");
  return FALSE;
}

void
rc_config_check_budget (RcCheck *c, RcYamlNode *budget)
{
  RcYamlNode *v;
  double daily, monthly, pct;
  gboolean ok;

  if (budget->kind != RC_YAML_MAP)
    return;
  ok = positive (c, budget, "daily_limit_usd", &daily);
  ok &= positive (c, budget, "monthly_limit_usd", &monthly);
  if ((v = rc_yaml_map_get (budget, "alert_threshold_pct")) != NULL
      && rc_check_number (c, v, "budget.alert_threshold_pct", &pct) && (pct < 0 || pct > 100))
    {
      rc_check_error (c, v, "budget.alert_threshold_pct", "budget", _ ("Use a percentage."),
                      pct < 0 ? "Input should be greater than or equal to 0"
                              : "Input should be less than or equal to 100");
      ok = FALSE;
    }
  if (ok && daily > monthly)
    {
      g_autofree char *d = rc_py_float_repr (daily), *m = rc_py_float_repr (monthly);

      rc_check_error (c, budget, "budget", "budget",
                      _ ("Make the daily limit at most the monthly one."),
                      "daily_limit_usd (%s) cannot exceed monthly_limit_usd (%s)", d, m);
    }
}
