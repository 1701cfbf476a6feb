/* rc-community-private.h: RcCommunity's instance, shared by its three source files. */
#pragma once

#include "core/model/rc-closure.h"
#include "core/model/rc-community.h"
#include "core/model/rc-dist-lock.h"
#include "core/model/rc-lock-overlay.h"
#include "core/config/rc-validator.h"
#include "core/config/rc-yaml.h"

G_BEGIN_DECLS

struct _RcCommunity
{
  GObject parent_instance;

  char *dir;
  char *distribution_dir;
  RcDeployment deployment;
  char *config_text;
  gsize config_length;
  RcYamlNode *root; /* NULL when config.yaml does not parse into a mapping */
  RcConfigFacts facts;
  GPtrArray *diagnostics;
  RcDistLock *dist;
  RcLockOverlay *overlay;
  GPtrArray *closure;
};

/* rc-community-lock.c: the checks that need the distribution lock and the overlay. */
void rc_community_check_locks (RcCommunity *self, RcCheck *c);
/* rc-community-notebook.c: the starter notebook's contents (spec §3.7a). */
void rc_community_check_starter (RcCommunity *self, RcCheck *c);

G_END_DECLS
