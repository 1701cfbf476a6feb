/* rc-advise-copy.h: the temporary copy of a community folder that one of advise's variants
 * boots from (rc-advise-runner.h): the user's folder is never written. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A copy of @dir in a new temporary folder, with config.yaml replaced by @config_text: the
 * new folder's path (remove it with rc_advise_remove_tree()), or NULL with an error. A .git
 * folder is not copied. */
char *rc_advise_copy_community (const char *dir, const char *config_text, GError **error);
gboolean rc_advise_remove_tree (const char *path, GError **error);

G_END_DECLS
