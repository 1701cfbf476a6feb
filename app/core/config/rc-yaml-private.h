/* rc-yaml-private.h: shared between rc-yaml.c and rc-yaml-scalar.c. */
#pragma once

#include "core/config/rc-yaml.h"

G_BEGIN_DECLS

#define RC_YAML_TAG "tag:yaml.org,2002:"

const char *rc_yaml_resolve_plain (const char *text);
gboolean rc_yaml_construct_scalar (RcYamlNode *node, const char *tag, gboolean *known);

G_END_DECLS
