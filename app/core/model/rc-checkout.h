/* rc-checkout.h: community discovery in an OSA checkout (community-config.md §1.1).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <gio/gio.h>

#include "core/model/rc-community.h"

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

/* The OSA checkout @community_dir sits in (…/src/assistants/<dir>), or NULL. */
GFile *rc_checkout_find (const char *community_dir);

/* The notebook site's merged lock (spec §3.7a, merge_site_lock() in notebook_lock.py): the
 * notebook-enabled communities of @communities (RcCommunity*), in id order, must add
 * byte-identical entries (name, version, file_name, sha256, imports, depends) under a key
 * they share. Each mismatch is an error (rule site-lock-mismatch) naming both overlay files,
 * placed in @focus's overlay; with @focus set only the mismatches it takes part in are
 * reported. (A key that replaces a stock one is each community's own overlay-replaces-stock.) */
void rc_checkout_check_site_lock (GPtrArray *communities, RcCommunity *focus,
                                  GPtrArray *diagnostics);
/* The same for @focus inside its OSA checkout: loads the checkout's other communities (same
 * distribution and deployment) and returns the mismatches @focus takes part in, a new
 * array of RcDiagnostic, empty when @focus is in no checkout or has no notebook. */
GPtrArray *rc_checkout_check_site_lock_of (RcCommunity *focus);

G_END_DECLS
