/* rc-community-picker.h: the communities of an OSA checkout, to pick one.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define RC_TYPE_COMMUNITY_PICKER (rc_community_picker_get_type ())
G_DECLARE_FINAL_TYPE (RcCommunityPicker, rc_community_picker, RC, COMMUNITY_PICKER, GtkWidget)

/* @communities: GFile folders, as rc_checkout_list_communities() returns them. */
void rc_community_picker_set_checkout (RcCommunityPicker *self, GFile *checkout,
                                       GPtrArray *communities);

G_END_DECLS
