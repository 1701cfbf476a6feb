/* rc-checkout.h: community discovery in an OSA checkout (community-config.md §1.1).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define RC_CHECKOUT_ERROR (rc_checkout_error_quark ())
GQuark rc_checkout_error_quark (void);

typedef enum
{
  RC_CHECKOUT_ERROR_NOT_A_COMMUNITY, /* neither config.yaml nor src/assistants/ */
  RC_CHECKOUT_ERROR_EMPTY,           /* a checkout without any community */
} RcCheckoutError;

typedef enum
{
  RC_FOLDER_UNKNOWN,
  RC_FOLDER_COMMUNITY, /* has config.yaml */
  RC_FOLDER_CHECKOUT,  /* has src/assistants/ (an OSA checkout) */
} RcFolderKind;

/* What @folder is, by looking only at its direct entries. */
RcFolderKind rc_folder_classify (GFile *folder);

/* The community folders of an OSA checkout, as OSA's discovery lists them: the
 * sub-directories of src/assistants in sorted order, skipping non-directories, names
 * starting with "_" and folders without config.yaml. Returns a GPtrArray of GFile. */
GPtrArray *rc_checkout_list_communities (GFile *checkout, GError **error);

G_END_DECLS
