/* test-yaml.c: PyYAML safe_load typing, positions and refused constructs. */
#include "config.h"

#include "core/base/rc-diagnostic.h"
#include "core/config/rc-yaml.h"

typedef struct
{
  const char *text;
  RcYamlKind kind;
} Typing;

/* Each row was checked against PyYAML 6 safe_load (YAML 1.1). */
static const Typing typing[] = {
  { "~", RC_YAML_NULL },
  { "null", RC_YAML_NULL },
  { "Null", RC_YAML_NULL },
  { "NULL", RC_YAML_NULL },
  { "", RC_YAML_NULL },
  { "nULL", RC_YAML_STR },
  { "yes", RC_YAML_BOOL },
  { "No", RC_YAML_BOOL },
  { "ON", RC_YAML_BOOL },
  { "off", RC_YAML_BOOL },
  { "True", RC_YAML_BOOL },
  { "FALSE", RC_YAML_BOOL },
  { "y", RC_YAML_STR },
  { "n", RC_YAML_STR },
  { "yEs", RC_YAML_STR },
  { "0", RC_YAML_INT },
  { "-17", RC_YAML_INT },
  { "1_000", RC_YAML_INT },
  { "0x1F", RC_YAML_INT },
  { "017", RC_YAML_INT },
  { "0b101", RC_YAML_INT },
  { "1:30", RC_YAML_INT },
  { "0o17", RC_YAML_STR },
  { "09", RC_YAML_STR },
  { "0.29", RC_YAML_FLOAT },
  { "60.0", RC_YAML_FLOAT },
  { "1.", RC_YAML_FLOAT },
  { ".5", RC_YAML_FLOAT },
  { "1.0e+3", RC_YAML_FLOAT },
  { "1e3", RC_YAML_STR },
  { "1.0e3", RC_YAML_STR },
  { ".inf", RC_YAML_FLOAT },
  { "-.Inf", RC_YAML_FLOAT },
  { ".NaN", RC_YAML_FLOAT },
  { "0.29.5", RC_YAML_STR },
  { "2024-01-01", RC_YAML_TIMESTAMP },
  { "2024-1-1 10:00:00", RC_YAML_TIMESTAMP },
  { "2001-12-14t21:59:43.10-05:00", RC_YAML_TIMESTAMP },
  { "2024-1-1", RC_YAML_STR },
  { "'0.29'", RC_YAML_STR },
  { "\"yes\"", RC_YAML_STR },
  { "!!str 12", RC_YAML_STR },
  { "!!int \"12\"", RC_YAML_INT },
  { "!!float 1", RC_YAML_FLOAT },
  { "python", RC_YAML_STR },
};

static RcYamlNode *
parse (const char *text, GPtrArray *diagnostics)
{
  return rc_yaml_parse (text, -1, "config.yaml", diagnostics);
}

static void
test_typing (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (typing); i++)
    {
      g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
      g_autofree char *text = g_strdup_printf ("v: %s\n", typing[i].text);
      g_autoptr (RcYamlNode) root = parse (text, diags);
      RcYamlNode *v = rc_yaml_map_get (root, "v");

      g_assert_nonnull (v);
      if (v->kind != typing[i].kind)
        g_error ("'%s' typed as %s, expected %s", typing[i].text, rc_yaml_kind_describe (v->kind),
                 rc_yaml_kind_describe (typing[i].kind));
      g_assert_cmpuint (diags->len, ==, 0);
    }
}

static void
test_values (void)
{
  g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
  g_autoptr (RcYamlNode) root =
      parse ("a: 0x1F\nb: 017\nc: 1:30\nd: -1_000\ne: 0.29\nf: yes\ng: 99999999999999999999\n"
             "h: |\n  x\n  y\n",
             diags);

  g_assert_cmpint (rc_yaml_map_get (root, "a")->integer, ==, 31);
  g_assert_cmpint (rc_yaml_map_get (root, "b")->integer, ==, 15);
  g_assert_cmpint (rc_yaml_map_get (root, "c")->integer, ==, 90);
  g_assert_cmpint (rc_yaml_map_get (root, "d")->integer, ==, -1000);
  g_assert_cmpfloat_with_epsilon (rc_yaml_map_get (root, "e")->number, 0.29, 1e-12);
  g_assert_true (rc_yaml_map_get (root, "f")->boolean);
  g_assert_true (rc_yaml_map_get (root, "g")->overflow);
  g_assert_cmpstr (rc_yaml_map_get (root, "h")->text, ==, "x\ny\n");
}

static void
test_positions (void)
{
  g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
  g_autoptr (RcYamlNode) root =
      parse ("id: demo\nruntime:\n  python:\n    preload: [numpy,  scipy]\n"
             "    limits:\n      images: 4\n",
             diags);
  RcYamlPair *pair = rc_yaml_map_get_pair (rc_yaml_lookup (root, "runtime.python"), "limits");
  RcYamlNode *scipy = rc_yaml_lookup (root, "runtime.python.preload[1]");
  RcYamlNode *images = rc_yaml_lookup (root, "runtime.python.limits.images");

  g_assert_cmpuint (pair->key->line, ==, 5);
  g_assert_cmpuint (pair->key->column, ==, 5);
  g_assert_cmpuint (scipy->line, ==, 4);
  g_assert_cmpuint (scipy->column, ==, 23);
  g_assert_cmpuint (images->line, ==, 6);
  g_assert_cmpuint (images->column, ==, 15);
  g_assert_null (rc_yaml_lookup (root, "runtime.python.preload[2]"));
}

static const RcDiagnostic *
only_error (GPtrArray *diags, const char *rule)
{
  const RcDiagnostic *d = rc_diagnostics_find_rule (diags, rule);

  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, RC_SEVERITY_ERROR);
  g_assert_cmpstr (d->file, ==, "config.yaml");
  return d;
}

static void
test_duplicate_key (void)
{
  g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
  g_autoptr (RcYamlNode) root =
      parse ("id: a\nname: x\n  # c\nid: b\nr:\n  p:\n    - {k: 1, k: 2}\n", diags);
  const RcDiagnostic *d = rc_diagnostics_find_rule (diags, "yaml-duplicate-key");
  RcYamlNode *item = rc_yaml_lookup (root, "r.p[0]");

  /* PyYAML accepts it (OSA too), so a warning, with the key path and where the first was. */
  g_assert_nonnull (d);
  g_assert_cmpint (d->severity, ==, RC_SEVERITY_WARNING);
  g_assert_cmpstr (d->path, ==, "id");
  g_assert_cmpuint (d->line, ==, 4);
  g_assert_cmpuint (d->column, ==, 1);
  g_assert_nonnull (strstr (d->message, "first at line 1, column 1"));
  g_assert_cmpuint (rc_diagnostics_count (diags, RC_SEVERITY_ERROR), ==, 0);
  /* PyYAML keeps the last value, in the first key's place, and only one pair. */
  g_assert_cmpstr (rc_yaml_map_get (root, "id")->text, ==, "b");
  g_assert_cmpuint (root->items->len, ==, 3);
  g_assert_cmpstr (rc_yaml_key_text (((RcYamlPair *) root->items->pdata[0])->key), ==, "id");
  g_assert_cmpuint (item->items->len, ==, 1);
  g_assert_cmpint (rc_yaml_map_get (item, "k")->integer, ==, 2);
  d = diags->pdata[1];
  g_assert_cmpstr (d->path, ==, "r.p[0].k");
  g_assert_cmpuint (d->line, ==, 7);
  g_assert_cmpuint (d->column, ==, 14);
}

static void
test_alias (void)
{
  g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
  g_autoptr (RcYamlNode) root = parse ("a: &x [1, 2]\nb: *x\n", diags);
  const RcDiagnostic *d = only_error (diags, "yaml-alias");

  g_assert_cmpuint (d->line, ==, 2);
  g_assert_cmpuint (d->column, ==, 4);
  g_assert_nonnull (strstr (d->message, "not supported"));
  g_assert_cmpint (rc_yaml_map_get (root, "b")->kind, ==, RC_YAML_SEQ);
}

static void
test_multi_document (void)
{
  g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
  g_autoptr (RcYamlNode) root = parse ("id: a\n---\nid: b\n", diags);
  const RcDiagnostic *d = only_error (diags, "yaml-multi-document");

  g_assert_null (root);
  g_assert_cmpuint (d->line, ==, 2);
  g_assert_cmpuint (d->column, ==, 1);
}

static void
test_syntax_error (void)
{
  g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
  g_autoptr (RcYamlNode) root = parse ("id: a\nname: [x, y\ndescription: z\n", diags);
  const RcDiagnostic *d = only_error (diags, "yaml-syntax");

  g_assert_null (root);
  g_assert_cmpuint (d->line, ==, 3);
  g_assert_cmpuint (d->column, ==, 12);
  g_assert_true (g_str_has_prefix (d->message, "Failed to parse YAML: "));
}

static void
test_tab_indent (void)
{
  g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
  g_autoptr (RcYamlNode) root = parse ("runtime:\n\tpython: {}\n", diags);
  const RcDiagnostic *d = only_error (diags, "yaml-syntax");

  g_assert_null (root);
  g_assert_cmpuint (d->line, ==, 2);
  g_assert_nonnull (strstr (d->hint, "tab"));
}

static void
test_top_level (void)
{
  g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
  g_autoptr (RcYamlNode) list = parse ("- a\n- b\n", diags);
  g_autoptr (RcYamlNode) empty = parse ("# only a comment\n", diags);
  g_autoptr (RcYamlNode) null = parse ("---\n...\n", diags);

  g_assert_null (list);
  g_assert_cmpuint (only_error (diags, "yaml-not-mapping")->line, ==, 1);
  g_assert_cmpint (empty->kind, ==, RC_YAML_MAP);
  g_assert_cmpuint (empty->items->len, ==, 0);
  g_assert_cmpint (null->kind, ==, RC_YAML_MAP);
  g_assert_cmpuint (diags->len, ==, 1);
}

static void
test_tags (void)
{
  g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
  g_autoptr (RcYamlNode) root =
      parse ("a: !!python/object x\nb: !!int abc\nc: 2024-02-30\n", diags);

  g_assert_nonnull (root);
  g_assert_cmpuint (only_error (diags, "yaml-tag")->line, ==, 1);
  g_assert_cmpuint (rc_diagnostics_count (diags, RC_SEVERITY_ERROR), ==, 3);
  g_assert_cmpuint (((RcDiagnostic *) diags->pdata[1])->line, ==, 2);
  g_assert_cmpstr (((RcDiagnostic *) diags->pdata[2])->rule, ==, "yaml-scalar");
}

/* Hostile inputs: each must give diagnostics or a tree, never a crash or a hang. */
static void
test_hostile (void)
{
  g_autoptr (GString) deep = g_string_new ("a: ");
  g_autoptr (GString) huge = g_string_new ("a: \"");
  static const char junk[] = "\x7f\x45\x4c\x46\x02\x01\x01\x00\xff\xfe\x00\x00:\x01\n\t- [";
  static const char bomb[] =
      "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
      "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
      "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
      "g: [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n";
  g_autoptr (GPtrArray) diags = rc_diagnostics_new ();
  RcYamlNode *root;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  root = parse (deep->str, diags);
  g_assert_null (root);
  g_assert_nonnull (rc_diagnostics_find_rule (diags, "yaml-too-deep"));

  for (guint i = 0; i < 4 * 1024 * 1024; i++)
    g_string_append_c (huge, 'x');
  g_string_append (huge, "\"\n");
  root = parse (huge->str, diags);
  g_assert_cmpuint (strlen (rc_yaml_map_get (root, "a")->text), ==, 4 * 1024 * 1024);
  g_clear_pointer (&root, rc_yaml_node_unref);

  root = rc_yaml_parse (junk, sizeof junk - 1, "config.yaml", diags);
  g_assert_null (root);

  root = parse ("a: &x [1, *x]\nb: &y {k: *y}\n", diags);
  g_assert_nonnull (root);
  g_assert_cmpint (((RcYamlNode *) rc_yaml_map_get (root, "a")->items->pdata[1])->kind, ==,
                   RC_YAML_NULL);
  json_node_unref (rc_yaml_node_to_json (root));
  g_clear_pointer (&root, rc_yaml_node_unref);

  root = parse (bomb, diags);
  g_assert_nonnull (root);
  /* Expanded, the bomb would be 9^7 leaves under g; what aliases add stays bounded. */
  g_assert_cmpuint (root->weight, <=, 100000 + 200);
  json_node_unref (rc_yaml_node_to_json (root));
  g_assert_nonnull (rc_diagnostics_find_rule (diags, "yaml-alias"));
  g_clear_pointer (&root, rc_yaml_node_unref);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/yaml/typing", test_typing);
  g_test_add_func ("/yaml/values", test_values);
  g_test_add_func ("/yaml/positions", test_positions);
  g_test_add_func ("/yaml/duplicate-key", test_duplicate_key);
  g_test_add_func ("/yaml/alias", test_alias);
  g_test_add_func ("/yaml/multi-document", test_multi_document);
  g_test_add_func ("/yaml/syntax-error", test_syntax_error);
  g_test_add_func ("/yaml/tab-indent", test_tab_indent);
  g_test_add_func ("/yaml/top-level", test_top_level);
  g_test_add_func ("/yaml/tags", test_tags);
  g_test_add_func ("/yaml/hostile", test_hostile);
  return g_test_run ();
}
