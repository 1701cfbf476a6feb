/* fuzz-config.c: config.yaml as the validator reads it (YAML loader, every rule, the
 * diagnostics' formatting and the config's JSON form). */
#include "config.h"

#include "core/config/rc-config-check.h"
#include "core/base/rc-diagnostic.h"
#include "core/config/rc-validator.h"
#include "core/config/rc-yaml.h"
#include "fuzz-common.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  rc_fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GPtrArray) diagnostics = rc_diagnostics_new ();
  RcYamlNode *root = rc_yaml_parse ((const char *) data, (gssize) size, "config.yaml", diagnostics);

  if (root != NULL)
    {
      RcCheck check = { 0 };
      RcConfigFacts facts = { 0 };
      JsonNode *json;

      check.diagnostics = diagnostics;
      check.file = "config.yaml";
      rc_config_validate (root, "fuzz", &check, &facts);
      json = rc_yaml_node_to_json (root);
      if (json != NULL)
        json_node_unref (json);
      rc_config_facts_clear (&facts);
      rc_yaml_node_unref (root);
    }
  rc_diagnostics_sort (diagnostics);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      g_autofree char *line = rc_diagnostic_format (diagnostics->pdata[i]);
      JsonNode *json = rc_diagnostic_to_json (diagnostics->pdata[i]);

      json_node_unref (json);
    }
  return 0;
}
